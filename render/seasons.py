"""Seasons and statistics in words (issue 21, item 4): a season opened or ended, the list of seasons, a season's
final table, the leaderboard's scope, a player's statistics. Every text through `render.i18n`."""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction

import discord

from engine.seasons import FinalRow
from engine.text import command, shorten
from render.common import COLOUR_INFO, COLOUR_OK, mention
from render.i18n import N_, _, n_, word
from storage.results import PlayerTotals
from storage.seasons import COMMAND, Season, Settlement

GAME = {"table": N_("mahjong"), "uno": N_("Uno"), "ginjontan": N_("Gin-jon-tan")}
LIST_TITLE = {"table": N_("Mahjong seasons"), "uno": N_("Uno seasons"), "ginjontan": N_("Gin-jon-tan seasons")}
DESCRIPTION_LIMIT = 4096


def game(kind: str) -> str:
    return _(GAME[kind])


def when(iso: str | None, style: str = "d") -> str:
    """A stored time as a Discord timestamp: every reader sees it in their own time zone and language."""
    return "" if iso is None else f"<t:{int(datetime.fromisoformat(iso).timestamp())}:{style}>"


def season_title(season: Season) -> str:
    return shorten(season.name, 60)


def scope(season: Season | None) -> str:
    """Which games count: a season's, or every game."""
    if season is None:
        return _("all time")
    if season.open:
        return _("season {season} (open)", season=season_title(season))
    return _("season {season}", season=season_title(season))


def started(season: Season) -> str:
    return _("Season **{season}** is open: every {game} game that finishes from now on counts in it, until "
             "{command} ends it.", season=season_title(season), game=game(season.kind),
             command=_command(season.kind, "end"))


def _command(kind: str, sub: str) -> str:
    """`/table season end` (say), with the names of the reader's language."""
    return str(word(command(f"{COMMAND[kind]} {sub}")))


def settlement_words(settlement: Settlement | None) -> str:
    if settlement is None:
        return _("each table settled with the uma and return points it was ended with")
    if settlement.return_points is None:
        return _("every table settled with uma {uma}, return points as each table's starting points",
                 uma=settlement.uma)
    return _("every table settled with uma {uma}, return points {points}", uma=settlement.uma,
             points=f"{settlement.return_points:,}")


def final_line(kind: str, rank: int, row: FinalRow) -> str:
    games = n_("{count} game", "{count} games", row.games)
    average = f"{float(row.average_place):.2f}"
    if kind == "table":
        return _("**{rank}.** {player}: **{score}** ({games}, average place {average}, first {wins}, last {lasts}, "
                 "{points} points)", rank=rank, player=mention(row.user_id), score=f"{float(row.score or 0):+.1f}",
                 games=games, average=average, wins=row.wins, lasts=row.lasts, points=f"{row.points:,}")
    if kind == "ginjontan":
        return _("**{rank}.** {player}: **{tier}** rating points, {points} game points ({games}, {wins} won)",
                 rank=rank, player=mention(row.user_id), tier=row.tier, points=f"{row.points:,}", games=games,
                 wins=row.wins)
    return _("**{rank}.** {player}: {games}, first {wins}, last {lasts}, average place {average}, average {points} "
             "points", rank=rank, player=mention(row.user_id), games=games, wins=row.wins, lasts=row.lasts,
             average=average, points=f"{round(Fraction(row.points, row.games)):,}")


def final_table_embed(season: Season, rows: list[FinalRow], *, min_games: int = 1) -> discord.Embed:
    """An ended season's final table (or an open one's as it stands), players with fewer than `min_games` left out."""
    shown = [row for row in rows if row.games >= min_games]
    title = _("Season {season}: final table", season=season_title(season)) if not season.open else \
        _("Season {season}: the table so far", season=season_title(season))
    embed = discord.Embed(title=title, colour=COLOUR_OK if not season.open else COLOUR_INFO)
    lines = [final_line(season.kind, rank, row) for rank, row in enumerate(shown, start=1)]
    embed.description = _bounded(lines) or _empty(season, min_games)
    footer = [n_("{count} game", "{count} games", season.games)]
    if season.kind == "table":
        footer.append(settlement_words(season.settlement))
    if min_games > 1:
        footer.append(_("at least {count} games to appear", count=min_games))
    embed.set_footer(text=" · ".join(footer))
    return embed


def _bounded(lines: list[str]) -> str:
    """Whole lines, as many as fit in an embed's description."""
    text = ""
    for line in lines:
        if len(text) + len(line) + 1 > DESCRIPTION_LIMIT:
            break
        text = f"{text}\n{line}" if text else line
    return text


def _empty(season: Season | None, min_games: int) -> str:
    if min_games > 1:
        return _("Nobody has played {count} games in {scope} yet.", count=min_games, scope=scope(season))
    return _("No game has finished in {scope} yet.", scope=scope(season))


def scoped(embed: discord.Embed, season: Season | None, min_games: int, *, empty: bool) -> discord.Embed:
    """A leaderboard (its lines made by the game's own renderer) headed with the games it counts."""
    embed.title = f"{embed.title} · {scope(season)}"
    if empty:
        embed.description = _empty(season, min_games)
    if min_games > 1:
        shown = _("at least {count} games to appear", count=min_games)
        embed.set_footer(text=f"{embed.footer.text} · {shown}" if embed.footer and embed.footer.text else shown)
    return embed


def season_list_embed(kind: str, seasons: list[Season]) -> discord.Embed:
    embed = discord.Embed(title=_(LIST_TITLE[kind]), colour=COLOUR_INFO)
    lines = []
    for season in reversed(seasons):  # newest first
        games = n_("{count} game", "{count} games", season.games)
        if season.open:
            lines.append(_("**{season}** (open): {games}, since {start}", season=season_title(season), games=games,
                           start=when(season.started_at)))
        else:
            lines.append(_("**{season}**: {games}, {start} to {end}", season=season_title(season), games=games,
                           start=when(season.started_at), end=when(season.ended_at)))
    embed.description = _bounded(lines) or _("No season yet: start one with {command}.",
                                             command=_command(kind, "start"))
    return embed


def _rate(count: int, out_of: int) -> str:
    return f"{count / out_of:.1%}" if out_of else "—"


def stats_embed(kind: str, player: int, totals: PlayerTotals | None, season: Season | None) -> discord.Embed:
    """A player's statistics over the games that count (`scope`)."""
    embed = discord.Embed(title=_("Statistics · {scope}", scope=scope(season)), colour=COLOUR_INFO)
    if totals is None:
        embed.description = _("{player} has no finished {game} game in {scope}.", player=mention(player),
                               game=game(kind), scope=scope(season))
        return embed
    lines = [mention(player),
             _("Games: **{games}** · average place **{average}**", games=totals.games,
               average=f"{totals.place_sum / totals.games:.2f}"),
             _("First: **{rate}** ({count}) · last: **{last}** ({lasts})", rate=_rate(totals.wins, totals.games),
               count=totals.wins, last=_rate(totals.lasts, totals.games), lasts=totals.lasts)]
    if kind == "table":
        if totals.hands:
            lines += [
                _("Hands: **{hands}** · win rate **{wins}** ({won}) · deal-in rate **{deal_ins}** ({dealt})",
                  hands=totals.hands, wins=_rate(totals.hand_wins, totals.hands), won=totals.hand_wins,
                  deal_ins=_rate(totals.deal_ins, totals.hands), dealt=totals.deal_ins),
                _("Riichi rate **{rate}** ({count}) · average win **{points}** points",
                  rate=_rate(totals.riichi, totals.hands), count=totals.riichi,
                  points=f"{round(Fraction(totals.win_points, totals.hand_wins)):,}" if totals.hand_wins else "—")]
        else:
            lines.append(_("No hands counted: these games finished before hands were counted."))
    else:
        lines.append(_("Average points: **{points}**", points=f"{round(Fraction(totals.points, totals.games)):,}"))
        if kind == "ginjontan":
            lines.append(_("Rating points: **{tier}**", tier=totals.tier_sum))
    embed.description = "\n".join(lines)
    return embed

