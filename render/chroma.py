"""Embeds for /chroma: waits, a scored win, the odds table and the channel's abilities."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import discord

from engine.chroma.odds import OddsRow
from engine.chroma.rules import ABILITY_TEXT, ChromaRules, GoldReading
from engine.chroma.scoring import WIND_NAMES, ScoreReport, Situation
from engine.chroma.tiles import Chroma, Meld, Tile, face_name, format_tiles
from engine.chroma.waits import WaitsReport
from engine.table import Payment
from render.chroma_pictures import hand_png
from render.common import COLOUR_INFO, COLOUR_OK
from render.events import Wording, shown_elsewhere
from render.offload import Drawing

COLOUR_CHROMA = discord.Colour.from_rgb(212, 175, 55)
HAND_PICTURE = "hand.png"

WORDING = Wording("chroma", {
    "rules": lambda s, e: "Chroma rules changed",
    "shuffle": lambda s, e: "Chroma abilities dealt for the next hanchan",
    "reseeded": shown_elsewhere,  # /verify's reveal says it, with the new commitment
})


def event_title(state: Any, events: list[dict[str, Any]]) -> str:
    return "; ".join(line for line in (WORDING.line(state, e) for e in events) if line)[:256]


def faces_text(faces: Iterable[int]) -> str:
    return " ".join(face_name(f) for f in sorted(faces)) or "none"


def hand_text(tiles: Sequence[Tile], melds: Sequence[Meld]) -> str:
    text = f"`{format_tiles(tiles)}`"
    if melds:
        text += " + " + " ".join(f"`{m}`" for m in melds)
    return text


def left_text(face: int, left: int) -> str:
    return f"{face_name(face)} **0 left**" if not left else f"{face_name(face)} ×{left}"


def waits_embed(report: WaitsReport, tiles: Sequence[Tile], melds: Sequence[Meld]) -> discord.Embed:
    """One line of waits in reading order (m, p, s, z), one of the tiles left of each; no value per wait: that
    depends on how the hand wins (`/chroma score`)."""
    embed = discord.Embed(colour=COLOUR_CHROMA if report.tenpai else COLOUR_INFO)
    embed.title = "Tenpai" if report.tenpai else ("1 tile from tenpai" if report.shanten == 1
                                                  else f"{report.shanten} tiles from tenpai")
    lines = [hand_text(tiles, melds)]
    if report.tenpai:
        lines.append(f"**Waits ({len(report.waits)}):** {faces_text(report.waits)}")
        lines.append(f"**Tiles left ({report.total_left}):** "
                     + " · ".join(left_text(face, left) for face, left in report.left.items()))
        if report.furiten is not None:
            if report.furiten:
                why = "; ".join(f"`{f.tile}` completes {faces_text(f.faces)}" for f in report.furiten)
                embed.add_field(name="Furiten", value=f"**Yes**: {why}."[:1024], inline=False)
            else:
                embed.add_field(name="Furiten", value="No: none of those discards completes any reading.",
                                inline=False)
        embed.set_footer(text="Tiles left: those not in your hand, melds, discards or seen tiles; a tile counts for "
                              "every wait it can be read as (a suitless tile for each of its suits).")
    else:
        embed.add_field(name="Shanten", value=str(report.shanten))
    embed.description = "\n".join(lines)[:4096]
    embed.set_image(url=f"attachment://{HAND_PICTURE}")
    return embed


def waits_picture(report: WaitsReport, tiles: Sequence[Tile], melds: Sequence[Meld]) -> Drawing:
    """The hand, and beside it each wait with the number left under it."""
    return Drawing(HAND_PICTURE, hand_png, (tuple(tiles),),
                   {"melds": tuple(tuple(m.tiles) for m in melds),
                    "waits": tuple((Tile(face), f"{left} left") for face, left in report.left.items())})


def hand_picture(tiles: Sequence[Tile], melds: Sequence[Meld], win_index: int | None = None,
                 report: ScoreReport | None = None) -> Drawing:
    """The hand as the score shows it: the winning tile apart, and under each tile a reading interpreted, the face
    it was read as."""
    captions = None
    if report is not None and report.readings:
        captions = tuple(face_name(face) if face != tile.face else None
                         for tile, face in zip(tiles, report.final_faces, strict=True))
    return Drawing(HAND_PICTURE, hand_png, (tuple(tiles),), {"melds": tuple(tuple(m.tiles) for m in melds),
                                                              "win_index": win_index, "captions": captions})


def payment_text(payment: Payment, tsumo: bool, dealer: bool) -> str:
    honba = payment.honba_each
    if not tsumo:
        total = payment.ron + honba
        return f"Ron: **{total:,}** from the discarder" + (f" ({payment.ron:,} + {honba:,} honba)" if honba else "")
    if dealer:
        each = payment.others_pay + honba
        return f"Tsumo: **{each:,}** from each player" + (f" ({payment.others_pay:,} + {honba:,} honba)"
                                                          if honba else "")
    return (f"Tsumo: **{payment.others_pay + honba:,}** from each non-dealer, **{payment.dealer_pays + honba:,}** "
            f"from the dealer" + (f" (honba {honba:,} each included)" if honba else ""))


SCORE_FOOTER = "The best of every complete reading."  # rulings: the search proves the rest can't win, unlisted


def score_embed(report: ScoreReport, tiles: Sequence[Tile], melds: Sequence[Meld], situation: Situation,
                win: Tile) -> discord.Embed:
    embed = discord.Embed(colour=COLOUR_OK)
    if report.yakuman:
        embed.title = f"{report.yakuman}× yakuman" if report.yakuman > 1 else "Yakuman"
    else:
        embed.title = f"{report.han} han {report.fu} fu"
    how = "tsumo" if situation.tsumo else "ron"
    seat = WIND_NAMES[situation.seat]
    embed.description = (f"{hand_text(tiles, melds)}, {how} on `{win}`\n{seat} seat, {WIND_NAMES[situation.round]} "
                         f"round" + (", riichi" if situation.riichi else "") + (", ippatsu" if situation.ippatsu
                                                                                 else ""))
    readings = [f"`{r.tile}` as **{face_name(r.face)}**" + (" (gold, after the win)" if r.by_gold else "")
                for r in report.readings]
    embed.add_field(name="Reading",
                    value="\n".join(readings)[:1024] if readings else "Every tile as itself.", inline=False)
    yaku = [f"{line.name}: {line.han} han" if line.han is not None else line.name for line in report.yaku]
    embed.add_field(name="Yaku", value="\n".join(yaku)[:1024] or "none", inline=True)
    embed.add_field(name="Fu", value=str(report.fu) if not report.yakuman else "—", inline=True)
    embed.add_field(name="Chips", value=str(report.chips), inline=True)
    embed.add_field(name="Payment", value=payment_text(report.payment, situation.tsumo, situation.seat == 0),
                    inline=False)
    embed.set_footer(text=SCORE_FOOTER)
    embed.set_image(url=f"attachment://{HAND_PICTURE}")
    return embed


def odds_embed(rows: Sequence[OddsRow], tiles: int, wall: int, draws: int) -> discord.Embed:
    lines = ["```", " k   P(X >= k)   Rainbow at k"]
    for row in rows:
        lines.append(f"{row.at_least:>2}   {float(row.chance):>9.4%}   {row.rainbow}")
    lines.append("```")
    embed = discord.Embed(title="Chance of drawing at least k chroma tiles", colour=COLOUR_INFO,
                          description="\n".join(lines))
    embed.set_footer(text=f"{tiles} chroma tiles in a {wall}-tile wall, {draws} draws (exact hypergeometric).")
    return embed


CHROMA_TILES = {Chroma.SILVER: "3\\*m 3\\*p 3\\*s", Chroma.GOLD: "5\\*m 5\\*p 5\\*s", Chroma.RED: "0m 0p 0s",
                Chroma.BLUE: "7\\*m 7\\*p 7\\*s", Chroma.PRISMATIC: "5\\*z", Chroma.FERN: "6\\*z",
                Chroma.SIAM: "7\\*z"}


GOLD_READING_TEXT = {GoldReading.STRICT: "strict (each gold changes one tile; the rest keep their reading)",
                     GoldReading.LOOSE: "loose (the other tiles may be read afresh after a gold)"}


def abilities_embed(rules: ChromaRules, *, title: str = "This channel's chroma abilities") -> discord.Embed:
    lines = [f"**{chroma.value}** ({CHROMA_TILES[chroma]}): {ABILITY_TEXT[ability]}"
             for chroma, ability in rules.abilities]
    embed = discord.Embed(title=title, colour=COLOUR_CHROMA, description="\n".join(lines))
    rainbow = rules.rainbow_from
    embed.add_field(name="Rainbow", value=f"{rainbow} chroma tiles 1 han, {rainbow + 1}: 2, {rainbow + 2}: 3, "
                                          f"{rainbow + 3}+: yakuman")
    embed.add_field(name="Options", value=f"light-siam limited to 1-9m 7z: {'yes' if rules.siam_limited else 'no'}\n"
                                          f"open tanyao: {'yes' if rules.open_tanyao else 'no'}\n"
                                          f"a chip is worth: {rules.chip_value:,} points\n"
                                          f"gold reading: {GOLD_READING_TEXT[rules.gold_reading]}")
    embed.set_footer(text="Every chroma tile is +1 chip. Change with /chroma rules; deal at random with /chroma "
                          "shuffle.")
    return embed
