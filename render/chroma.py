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
from engine.chroma.words import CHROMA, PART, WORDS, YAKU
from engine.table import Payment
from render.chroma_pictures import hand_png
from render.common import COLOUR_INFO, COLOUR_OK
from render.events import Wording, shown_elsewhere
from render.i18n import N_, _, command_words, n_, p_, register_word, said, word
from render.offload import Drawing

COLOUR_CHROMA = discord.Colour.from_rgb(212, 175, 55)
HAND_PICTURE = "hand.png"

WORDING = Wording("chroma", {
    "rules": lambda s, e: _("Chroma rules changed"),
    "shuffle": lambda s, e: _("Chroma abilities dealt for the next hanchan"),
    "reseeded": shown_elsewhere,  # /verify's reveal says it, with the new commitment
})


# -- what the engine says in no language (engine/chroma/words.py), in the player's ---------------------------------

def _words(value: tuple[str, tuple[tuple[str, Any], ...]]) -> str:
    template, params = value
    return said(template, dict(params)) or ""


def chroma_text(value: str) -> str:
    """A chroma's name ("silver" ...)."""
    names = {"silver": p_("chroma", "silver"), "gold": p_("chroma", "gold"), "red": p_("chroma", "red"),
             "blue": p_("chroma", "blue"), "prismatic": p_("chroma", "prismatic"),
             "fern-green": p_("chroma", "fern-green"), "light-siam": p_("chroma", "light-siam")}
    return names.get(str(value), str(value))


def part_text(name: str) -> str:
    """Which option's tiles a notation mistake is in."""
    names = {"hand": p_("chroma tiles", "hand"), "melds": p_("chroma tiles", "melds"),
             "discards": p_("chroma tiles", "discards"), "seen tiles": p_("chroma tiles", "seen tiles"),
             "winning tile": p_("chroma tiles", "winning tile"), "dora": p_("chroma tiles", "dora"),
             "ura-dora": p_("chroma tiles", "ura-dora")}
    return names.get(name, name)


def yaku_text(name: str) -> str:
    """A yaku of the `mahjong` package by its standard Japanese name (its English, romaji, name otherwise)."""
    names = {
        "Menzen Tsumo": p_("yaku", "Menzen Tsumo"), "Riichi": p_("yaku", "Riichi"),
        "Open Riichi": p_("yaku", "Open Riichi"), "Ippatsu": p_("yaku", "Ippatsu"),
        "Chankan": p_("yaku", "Chankan"), "Rinshan Kaihou": p_("yaku", "Rinshan Kaihou"),
        "Haitei Raoyue": p_("yaku", "Haitei Raoyue"), "Houtei Raoyui": p_("yaku", "Houtei Raoyui"),
        "Double Riichi": p_("yaku", "Double Riichi"), "Double Open Riichi": p_("yaku", "Double Open Riichi"),
        "Nagashi Mangan": p_("yaku", "Nagashi Mangan"), "Renhou": p_("yaku", "Renhou"),
        "Pinfu": p_("yaku", "Pinfu"), "Tanyao": p_("yaku", "Tanyao"), "Iipeiko": p_("yaku", "Iipeiko"),
        "Yakuhai (haku)": p_("yaku", "Yakuhai (haku)"), "Yakuhai (hatsu)": p_("yaku", "Yakuhai (hatsu)"),
        "Yakuhai (chun)": p_("yaku", "Yakuhai (chun)"),
        "Yakuhai (seat wind east)": p_("yaku", "Yakuhai (seat wind east)"),
        "Yakuhai (seat wind south)": p_("yaku", "Yakuhai (seat wind south)"),
        "Yakuhai (seat wind west)": p_("yaku", "Yakuhai (seat wind west)"),
        "Yakuhai (seat wind north)": p_("yaku", "Yakuhai (seat wind north)"),
        "Yakuhai (round wind east)": p_("yaku", "Yakuhai (round wind east)"),
        "Yakuhai (round wind south)": p_("yaku", "Yakuhai (round wind south)"),
        "Yakuhai (round wind west)": p_("yaku", "Yakuhai (round wind west)"),
        "Yakuhai (round wind north)": p_("yaku", "Yakuhai (round wind north)"),
        "Sanshoku Doujun": p_("yaku", "Sanshoku Doujun"), "Ittsu": p_("yaku", "Ittsu"),
        "Chantai": p_("yaku", "Chantai"), "Honroutou": p_("yaku", "Honroutou"), "Toitoi": p_("yaku", "Toitoi"),
        "San Ankou": p_("yaku", "San Ankou"), "San Kantsu": p_("yaku", "San Kantsu"),
        "Sanshoku Doukou": p_("yaku", "Sanshoku Doukou"), "Chiitoitsu": p_("yaku", "Chiitoitsu"),
        "Shou Sangen": p_("yaku", "Shou Sangen"), "Honitsu": p_("yaku", "Honitsu"),
        "Junchan": p_("yaku", "Junchan"), "Ryanpeikou": p_("yaku", "Ryanpeikou"),
        "Chinitsu": p_("yaku", "Chinitsu"), "Kokushi Musou": p_("yaku", "Kokushi Musou"),
        "Chuuren Poutou": p_("yaku", "Chuuren Poutou"), "Suu Ankou": p_("yaku", "Suu Ankou"),
        "Daisangen": p_("yaku", "Daisangen"), "Shousuushii": p_("yaku", "Shousuushii"),
        "Ryuuiisou": p_("yaku", "Ryuuiisou"), "Suu Kantsu": p_("yaku", "Suu Kantsu"),
        "Tsuu Iisou": p_("yaku", "Tsuu Iisou"), "Chinroutou": p_("yaku", "Chinroutou"),
        "Daisharin": p_("yaku", "Daisharin"), "Daichisei": p_("yaku", "Daichisei"),
        "Dai Suushii": p_("yaku", "Dai Suushii"),
        "Kokushi Musou Juusanmen Matchi": p_("yaku", "Kokushi Musou Juusanmen Matchi"),
        "Suu Ankou Tanki": p_("yaku", "Suu Ankou Tanki"), "Daburu Chuuren Poutou": p_("yaku", "Daburu Chuuren Poutou"),
        "Tenhou": p_("yaku", "Tenhou"), "Chiihou": p_("yaku", "Chiihou"),
        "Renhou (yakuman)": p_("yaku", "Renhou (yakuman)"), "Sashikomi": p_("yaku", "Sashikomi"),
        "Paarenchan": p_("yaku", "Paarenchan"), "Dora": p_("yaku", "Dora"), "Aka Dora": p_("yaku", "Aka Dora"),
        "Ura Dora": p_("yaku", "Ura Dora"),
    }
    return names.get(name, name)


register_word(WORDS, _words)
register_word(CHROMA, chroma_text)
register_word(PART, part_text)
register_word(YAKU, yaku_text)


def wind_text(index: int) -> str:
    return (p_("wind", "East"), p_("wind", "South"), p_("wind", "West"), p_("wind", "North"))[index] \
        if 0 <= index < len(WIND_NAMES) else str(index)


def event_title(state: Any, events: list[dict[str, Any]]) -> str:
    return "; ".join(line for line in (WORDING.line(state, e) for e in events) if line)[:256]


def faces_text(faces: Iterable[int]) -> str:
    return " ".join(face_name(f) for f in sorted(faces)) or p_("chroma", "none")


def hand_text(tiles: Sequence[Tile], melds: Sequence[Meld]) -> str:
    text = f"`{format_tiles(tiles)}`"
    if melds:
        text += " + " + " ".join(f"`{m}`" for m in melds)
    return text


def left_text(face: int, left: int) -> str:
    return _("{face} **0 left**", face=face_name(face)) if not left else f"{face_name(face)} ×{left}"


def waits_embed(report: WaitsReport, tiles: Sequence[Tile], melds: Sequence[Meld]) -> discord.Embed:
    """One line of waits in reading order (m, p, s, z), one of the tiles left of each; no value per wait: that
    depends on how the hand wins (`/chroma score`)."""
    embed = discord.Embed(colour=COLOUR_CHROMA if report.tenpai else COLOUR_INFO)
    embed.title = p_("chroma", "Tenpai") if report.tenpai else n_(
        "{count} tile from tenpai", "{count} tiles from tenpai", report.shanten)
    lines = [hand_text(tiles, melds)]
    if report.tenpai:
        lines.append(_("**Waits ({count}):** {faces}", count=len(report.waits), faces=faces_text(report.waits)))
        lines.append(_("**Tiles left ({count}):** {tiles}", count=report.total_left,
                       tiles=" · ".join(left_text(face, left) for face, left in report.left.items())))
        if report.furiten is not None:
            if report.furiten:
                why = "; ".join(_("`{tile}` completes {faces}", tile=f.tile, faces=faces_text(f.faces))
                                for f in report.furiten)
                embed.add_field(name=p_("chroma", "Furiten"), value=_("**Yes**: {why}.", why=why)[:1024],
                                inline=False)
            else:
                embed.add_field(name=p_("chroma", "Furiten"),
                                value=_("No: none of those discards completes any reading."), inline=False)
        embed.set_footer(text=_("Tiles left: those not in your hand, melds, discards or seen tiles; a tile counts for "
                                "every wait it can be read as (a suitless tile for each of its suits)."))
    else:
        embed.add_field(name=p_("chroma", "Shanten"), value=str(report.shanten))
    embed.description = "\n".join(lines)[:4096]
    embed.set_image(url=f"attachment://{HAND_PICTURE}")
    return embed


def waits_picture(report: WaitsReport, tiles: Sequence[Tile], melds: Sequence[Meld]) -> Drawing:
    """The hand, and beside it each wait with the number left under it."""
    return Drawing(HAND_PICTURE, hand_png, (tuple(tiles),),
                   {"melds": tuple(tuple(m.tiles) for m in melds),
                    "waits": tuple((Tile(face), _("{count} left", count=left)) for face, left in report.left.items())})


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
        if honba:
            return _("Ron: **{total}** from the discarder ({ron} + {honba} honba)", total=format(total, ","),
                     ron=format(payment.ron, ","), honba=format(honba, ","))
        return _("Ron: **{total}** from the discarder", total=format(total, ","))
    if dealer:
        each = payment.others_pay + honba
        if honba:
            return _("Tsumo: **{each}** from each player ({points} + {honba} honba)", each=format(each, ","),
                     points=format(payment.others_pay, ","), honba=format(honba, ","))
        return _("Tsumo: **{each}** from each player", each=format(each, ","))
    others, dealer_pays = format(payment.others_pay + honba, ","), format(payment.dealer_pays + honba, ",")
    if honba:
        return _("Tsumo: **{others}** from each non-dealer, **{dealer}** from the dealer (honba {honba} each "
                 "included)", others=others, dealer=dealer_pays, honba=format(honba, ","))
    return _("Tsumo: **{others}** from each non-dealer, **{dealer}** from the dealer", others=others,
             dealer=dealer_pays)


SCORE_FOOTER = N_("The best of every complete reading.")  # rulings: the search proves the rest can't win, unlisted


def score_embed(report: ScoreReport, tiles: Sequence[Tile], melds: Sequence[Meld], situation: Situation,
                win: Tile) -> discord.Embed:
    embed = discord.Embed(colour=COLOUR_OK)
    if report.yakuman:
        embed.title = _("{count}× yakuman", count=report.yakuman) if report.yakuman > 1 else p_("chroma", "Yakuman")
    else:
        embed.title = _("{han} han {fu} fu", han=report.han, fu=report.fu)
    how = p_("chroma", "tsumo") if situation.tsumo else p_("chroma", "ron")
    extras = (_(", riichi") if situation.riichi else "") + (_(", ippatsu") if situation.ippatsu else "")
    embed.description = (_("{hand}, {how} on `{win}`", hand=hand_text(tiles, melds), how=how, win=win) + "\n"
                         + _("{seat} seat, {round} round", seat=wind_text(situation.seat),
                             round=wind_text(situation.round)) + extras)
    readings = [(_("`{tile}` as **{face}** (gold, after the win)", tile=r.tile, face=face_name(r.face)) if r.by_gold
                 else _("`{tile}` as **{face}**", tile=r.tile, face=face_name(r.face))) for r in report.readings]
    embed.add_field(name=p_("chroma", "Reading"),
                    value="\n".join(readings)[:1024] if readings else _("Every tile as itself."), inline=False)
    yaku = [_("{yaku}: {han} han", yaku=word_of(line.said), han=line.han) if line.han is not None
            else word_of(line.said) for line in report.yaku]
    embed.add_field(name=p_("chroma", "Yaku"), value="\n".join(yaku)[:1024] or p_("chroma", "none"), inline=True)
    embed.add_field(name=p_("chroma", "Fu"), value=str(report.fu) if not report.yakuman else "—", inline=True)
    embed.add_field(name=p_("chroma", "Chips"), value=str(report.chips), inline=True)
    embed.add_field(name=p_("chroma", "Payment"), value=payment_text(report.payment, situation.tsumo,
                                                                      situation.seat == 0), inline=False)
    embed.set_footer(text=_(SCORE_FOOTER))
    embed.set_image(url=f"attachment://{HAND_PICTURE}")
    return embed


def word_of(value: Any) -> str:
    return str(word(value))


def odds_embed(rows: Sequence[OddsRow], tiles: int, wall: int, draws: int) -> discord.Embed:
    lines = ["```", _(" k   P(X >= k)   Rainbow at k")]
    for row in rows:
        lines.append(f"{row.at_least:>2}   {float(row.chance):>9.4%}   {rainbow_text(row.rainbow)}")
    lines.append("```")
    embed = discord.Embed(title=_("Chance of drawing at least k chroma tiles"), colour=COLOUR_INFO,
                          description="\n".join(lines))
    embed.set_footer(text=_("{tiles} chroma tiles in a {wall}-tile wall, {draws} draws (exact hypergeometric).",
                            tiles=tiles, wall=wall, draws=draws))
    return embed


def rainbow_text(value: str) -> str:
    """The odds table's Rainbow column ("—", "2 han", "yakuman"), in the player's language."""
    if value == "yakuman":
        return p_("chroma", "yakuman")
    if value.endswith(" han"):
        return p_("chroma", "{count} han", count=value.removesuffix(" han"))
    return value


CHROMA_TILES = {Chroma.SILVER: "3\\*m 3\\*p 3\\*s", Chroma.GOLD: "5\\*m 5\\*p 5\\*s", Chroma.RED: "0m 0p 0s",
                Chroma.BLUE: "7\\*m 7\\*p 7\\*s", Chroma.PRISMATIC: "5\\*z", Chroma.FERN: "6\\*z",
                Chroma.SIAM: "7\\*z"}


GOLD_READING_TEXT = {GoldReading.STRICT: N_("strict (each gold changes one tile; the rest keep their reading)"),
                     GoldReading.LOOSE: N_("loose (the other tiles may be read afresh after a gold)")}
ABILITIES_TITLE = N_("This channel's chroma abilities")


def abilities_embed(rules: ChromaRules, *, title: str | None = None) -> discord.Embed:
    lines = [f"**{chroma_text(chroma.value)}** ({CHROMA_TILES[chroma]}): {_(ABILITY_TEXT[ability])}"
             for chroma, ability in rules.abilities]
    embed = discord.Embed(title=title or _(ABILITIES_TITLE), colour=COLOUR_CHROMA, description="\n".join(lines))
    rainbow = rules.rainbow_from
    embed.add_field(name=p_("chroma", "Rainbow"), value=_(
        "{first} chroma tiles 1 han, {second}: 2, {third}: 3, {fourth}+: yakuman", first=rainbow,
        second=rainbow + 1, third=rainbow + 2, fourth=rainbow + 3))
    yes, no = p_("chroma", "yes"), p_("chroma", "no")
    embed.add_field(name=p_("chroma", "Options"), value=_(
        "light-siam limited to 1-9m 7z: {siam}\nopen tanyao: {tanyao}\na chip is worth: {chip} points\n"
        "gold reading: {gold}", siam=yes if rules.siam_limited else no, tanyao=yes if rules.open_tanyao else no,
        chip=format(rules.chip_value, ","), gold=_(GOLD_READING_TEXT[rules.gold_reading])))
    embed.set_footer(text=_("Every chroma tile is +1 chip. Change with {rules}; deal at random with {shuffle}.",
                            rules=command_words(("chroma rules", "")).strip("`"),
                            shuffle=command_words(("chroma shuffle", "")).strip("`")))
    return embed
