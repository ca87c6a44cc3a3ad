"""Embeds for the /table score sheet."""

from __future__ import annotations

from typing import Any

import discord

from engine.table import TableState, standings
from render.common import COLOUR_INFO, COLOUR_OK, mention
from storage.games import EventRecord
from storage.results import LeaderboardRow


def points(value: int) -> str:
    return f"{value:,}"


def table_embed(state: TableState, *, started: bool = False) -> discord.Embed:
    kind = "Sanma" if state.sanma else "Yonma"
    status = "Game over: record it with `/table end`" if state.over else f"{state.round_name}, {state.honba} honba"
    title = f"{kind} table started" if started else f"{kind}: {status}"
    embed = discord.Embed(title=title, colour=COLOUR_INFO)
    lines = []
    for index, seat in enumerate(state.seats):
        marks = []
        if index == state.dealer:
            marks.append("dealer")
        if seat.riichi:
            marks.append("riichi")
        if seat.yakitori:
            marks.append("yakitori")
        extra = f" ({', '.join(marks)})" if marks else ""
        lines.append(f"**{state.seat_wind(index)}** {mention(seat.player)}: **{points(seat.points)}**{extra}")
    embed.description = "\n".join(lines)
    embed.add_field(name="On the table", value=points(state.on_table))
    embed.add_field(name="Honba", value=str(state.honba))
    options = state.options
    rules = [options.length.value, f"kazoe {options.kazoe.value}"]
    rules += [name for name, on in (("kiriage", options.kiriage), ("aotenjou", options.aotenjou),
                                    ("bust", options.bust)) if on]
    embed.set_footer(text=f"Rules: {', '.join(rules)} · hands played: {state.hands_played}")
    return embed


def describe_event(event: dict[str, Any]) -> str:
    kind = event.get("type")
    if kind == "riichi":
        return f"{mention(event['player'])} declared riichi ({event.get('cost', 1000):,} onto the table)"
    if kind == "pay":
        where = "onto the table" if event["to"] is None else f"to {mention(event['to'])}"
        return f"{mention(event['from'])} paid {points(event['amount'])} {where}"
    if kind == "take":
        return f"{mention(event['player'])} took {points(event['amount'])} from the table"
    if kind == "set":
        return f"{mention(event['player'])}'s points set from {points(event['from'])} to {points(event['to'])}"
    if kind == "ron":
        return (f"{mention(event['winner'])} ron off {mention(event['loser'])}: {event['value']}, "
                f"{points(event['paid'])} paid")
    if kind == "tsumo":
        return f"{mention(event['winner'])} tsumo: {event['value']}, {points(event['paid'])} in all"
    if kind == "table_points":
        return f"{mention(event['player'])} takes the {points(event['amount'])} on the table" if event["amount"] else ""
    if kind == "draw":
        tenpai = ", ".join(mention(p) for p in event["tenpai"]) or "nobody"
        return f"Draw. Tenpai: {tenpai}"
    if kind == "rolls_reset":
        return "Roll counts reset" + (f"; expired: {', '.join(event['expired'])}" if event["expired"] else "")
    if kind == "roll":
        return f"{mention(event['player'])} paid {points(event['cost'])} and rolled {event['die']}"
    if kind == "revealed":
        return f"{mention(event['revealer'])} revealed {event['card']}"
    if kind in ("cosmic_started", "deck_imported"):
        return f"Cosmic Deck: {event['deck']} shuffled ({event['cards']} cards)"
    if kind in ("reshuffled", "refilled"):
        return f"The Library was shuffled ({event['cards']} cards)"
    if kind == "dismissed":
        return f"{event['card']} dismissed"
    if kind == "chombo":
        return f"{mention(event['player'])}: dead hand and chombo ({points(event['paid'])} paid)"
    if kind == "take_ignored":
        return f"{event['card']}: too little on the table, nothing taken"
    if kind == "hand_end":
        return "The game is over." if event["over"] else f"Next: {event['next']}, {event['honba']} honba"
    return ""


def seat_options(state: TableState, *, leave_out: int | None = None) -> list[discord.SelectOption]:
    """One select option per seated player (name, wind, points), for menus that ask who."""
    return [discord.SelectOption(label=(s.name or f"Seat {i + 1}")[:100], value=str(s.player),
                                 description=f"{state.seat_wind(i)}, {s.points:,} points")
            for i, s in enumerate(state.seats) if s.player != leave_out]


def describe_events(events: list[dict[str, Any]]) -> str:
    return "\n".join(line for line in map(describe_event, events) if line)


def history_embed(entries: list[EventRecord]) -> discord.Embed:
    lines = []
    for entry in entries:
        if entry.type == "start":
            text = "Table started"
        elif entry.type == "undo":
            text = f"Undo of entry {entry.move['undoes']}"
        elif entry.move and entry.move.get("chaosjan"):  # never the cards of a private choice
            move = entry.move
            card = f" {move['card']}" if move["type"] == "play" else ""
            text = f"CHAOS;JAN: {move['type']}{card}"
        else:
            text = describe_events(entry.events).replace("\n", "; ") or entry.type
        text = f"~~{text}~~ (undone)" if entry.undone else text
        actor = f" by {mention(entry.actor_id)}" if entry.actor_id and entry.type != "start" else ""
        lines.append(f"`{entry.seq:>3}` {text}{actor}")
    return discord.Embed(title="Table history", colour=COLOUR_INFO, description="\n".join(lines)[-4096:])


def standings_embed(state: TableState) -> discord.Embed:
    medal = {1: "🥇", 2: "🥈", 3: "🥉"}
    lines = [f"{medal.get(place, f'{place}.')} {mention(seat.player)}: **{points(seat.points)}**"
             for place, seat in standings(state)]
    embed = discord.Embed(title="Final standings", colour=COLOUR_OK, description="\n".join(lines))
    embed.set_footer(text=f"{state.hands_played} hands played · stored for /table leaderboard")
    return embed


def leaderboard_embed(rows: list[LeaderboardRow]) -> discord.Embed:
    embed = discord.Embed(title="Mahjong leaderboard", colour=COLOUR_INFO)
    if not rows:
        embed.description = "No finished games yet: finish one with `/table end`."
        return embed
    embed.description = "\n".join(
        f"**{i}.** {mention(r.user_id)}: average place {r.average_place:.2f}, {r.wins} first of {r.games} games, "
        f"average {points(round(r.average_points))} points"
        for i, r in enumerate(rows, start=1))[:4096]
    return embed
