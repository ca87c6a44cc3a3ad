"""Alt text for every picture the bot sends (issue 21): the attachment's `description`, which Discord gives to
screen readers, saying in the player's language what the picture shows.

A picture is a `render.offload.Drawing`: a picture function and the arguments it draws from. `describe` words the
same arguments, by the picture function (one describer each, `DESCRIBERS`); ui/pictures.py sets the description
on every file it attaches. At most DESCRIPTION_LIMIT characters (Discord's limit), cut with "…".

The words of cards and tiles here are in msgctxt "alt text", so they never clash with a game's own wording of them.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence

from engine.chroma.tiles import Chroma, Tile
from engine.ginjontan.cards import card as ginjontan_card
from engine.text import shorten
from engine.uno.cards import CARDS as UNO_CARDS
from engine.uno.cards import DRAW2, REVERSE, SKIP, WILD, WILD4, Colour
from render import chroma_pictures, ginjontan_pictures, uno_pictures
from render.i18n import n_, p_, speaking
from render.offload import Drawing

DESCRIPTION_LIMIT = 1024  # characters of an attachment's description


def describe(drawing: Drawing) -> str:
    """What `drawing` shows, in the language in force, within Discord's limit."""
    describer = DESCRIBERS.get(drawing.fn)
    kwargs = dict(drawing.kwargs)
    language = kwargs.pop("language", None)  # a picture drawn in a language is described in it
    with speaking(language) if isinstance(language, str) else contextlib.nullcontext():
        text = describer(*drawing.args, **kwargs) if describer is not None else p_("alt text", "A picture.")
    return shorten(" ".join(text.split()), DESCRIPTION_LIMIT)


def listed(items: Iterable[str]) -> str:
    """Items one after another ("; " in English: an item may hold a comma)."""
    return p_("alt text", "; ").join(items)


def counted(words: Iterable[str]) -> list[str]:
    """Each word once, in order, with "×2" after one that comes twice."""
    return [word if count == 1 else p_("alt text", "{item} ×{count}", item=word, count=count)
            for word, count in Counter(words).items()]


# -- Uno --------------------------------------------------------------------------------------------------------------

def uno_colour(colour: Colour | str | None) -> str:
    words = {Colour.RED: p_("alt text", "red"), Colour.YELLOW: p_("alt text", "yellow"),
             Colour.GREEN: p_("alt text", "green"), Colour.BLUE: p_("alt text", "blue")}
    return words[Colour(colour)] if colour else p_("alt text", "any colour")


def uno_card(card_id: int) -> str:
    """"red 5", "blue Skip", "Wild +4", and its notation (what a player types): "red 5 (r5)"."""
    card = UNO_CARDS[card_id]
    ranks = {SKIP: p_("alt text", "Skip"), REVERSE: p_("alt text", "Reverse"), DRAW2: p_("alt text", "Draw Two"),
             WILD: p_("alt text", "Wild"), WILD4: p_("alt text", "Wild Draw Four")}
    rank = ranks.get(card.rank, card.rank)
    name = rank if card.colour is None else p_("alt text", "{colour} {rank}", colour=uno_colour(card.colour), rank=rank)
    return p_("alt text", "{card} ({notation})", card=name, notation=card.notation)


def uno_board(piles: Sequence[uno_pictures.PileDrawing], *, draw_pile: int) -> str:
    parts = [n_("Uno table: the draw pile, face down, with {count} card.",
                "Uno table: the draw pile, face down, with {count} cards.", draw_pile)]
    for pile in piles:
        top = uno_card(pile.top)
        if UNO_CARDS[pile.top].colour is None and pile.colour is not None:
            parts.append(n_("Pile {number}: {top} on top, colour chosen: {colour}, {count} card.",
                            "Pile {number}: {top} on top, colour chosen: {colour}, {count} cards.", pile.size,
                            number=pile.number, top=top, colour=uno_colour(pile.colour)))
        else:
            parts.append(n_("Pile {number}: {top} on top, {count} card.",
                            "Pile {number}: {top} on top, {count} cards.", pile.size, number=pile.number, top=top))
        if pile.stack:
            parts.append(p_("alt text", "+{stack} stacked on it {note}.", stack=pile.stack,
                            note=pile.stack_note or "").strip())
    return " ".join(parts)


def uno_hand(cards: Sequence[int], *, playable: Collection[int] = (), jump: Collection[int] = ()) -> str:
    if not cards:
        return p_("alt text", "A hand of Uno cards: no cards.")
    words = []
    for card_id in cards:
        word = uno_card(card_id)
        if card_id in playable:
            word = p_("alt text", "{card}, playable now", card=word)
        elif card_id in jump:
            word = p_("alt text", "{card}, can jump in", card=word)
        words.append(word)
    return n_("A hand of {count} Uno card: {cards}.", "A hand of {count} Uno cards: {cards}.", len(cards),
              cards=listed(counted(words)))


# -- Gin-jon-tan ------------------------------------------------------------------------------------------------------

def ginjontan_words(card_id: int, mark: str | None = None) -> str:
    """"Red 3 Fire (r3fire)", and its mark ("playable", "winning", ...)."""
    card = ginjontan_card(card_id)
    colours = {"w": p_("alt text", "White"), "r": p_("alt text", "Red"), "o": p_("alt text", "Orange"),
               "y": p_("alt text", "Yellow"), "g": p_("alt text", "Green"), "b": p_("alt text", "Blue"),
               "v": p_("alt text", "Violet")}
    word = p_("alt text", "{colour} {copy} {symbol} ({notation})",
              colour=colours.get(card.colour.letter, card.colour.title), copy=card.copy,
              symbol=ginjontan_symbol(card.symbol.name), notation=card.notation)
    marks = {"play": p_("alt text", "{card}, playable"), "win": p_("alt text", "{card}, winning"),
             "combo": p_("alt text", "{card}, in a combination"), "lose": p_("alt text", "{card}, losing")}
    return marks[mark].format(card=word) if mark in marks else word


def ginjontan_symbol(name: str) -> str:
    words = {
        "Righteous": p_("alt text", "Righteous"), "Fire": p_("alt text", "Fire"), "Love": p_("alt text", "Love"),
        "Sin": p_("alt text", "Sin"), "Water": p_("alt text", "Water"), "Air": p_("alt text", "Air"),
        "Night": p_("alt text", "Night"), "Path": p_("alt text", "Path"),
        "Black hole": p_("alt text", "Black hole"), "Hope": p_("alt text", "Hope"),
        "Earth": p_("alt text", "Earth"), "Sun": p_("alt text", "Sun"), "Abyss": p_("alt text", "Abyss"),
        "Moon": p_("alt text", "Moon"), "Space ship": p_("alt text", "Space ship"), "Life": p_("alt text", "Life"),
        "Supernova": p_("alt text", "Supernova"), "Executioner": p_("alt text", "Executioner"),
        "Prisoner": p_("alt text", "Prisoner"), "Boat": p_("alt text", "Boat"), "Death": p_("alt text", "Death"),
        "Coldness": p_("alt text", "Coldness"), "Vacuum": p_("alt text", "Vacuum"),
        "Weapon": p_("alt text", "Weapon"), "Bonus": p_("alt text", "Bonus"),
        "Universal": p_("alt text", "Universal"), "Defeat": p_("alt text", "Defeat"),
    }
    return words.get(name, name)


def ginjontan_cards(cards: Sequence[int], marks: Mapping[int, str]) -> str:
    if not cards:
        return p_("alt text", "(empty)")
    return listed(counted(ginjontan_words(c, marks.get(c)) for c in cards))


def ginjontan_rows(rows: Sequence[tuple[str, Sequence[int]]], *, marks: Mapping[int, str] | None = None,
                   per_line: int = 0, empty: str = "") -> str:
    """`cards_picture`: each row's label (as drawn) and its cards."""
    marks = marks or {}
    parts = [p_("alt text", "Gin-jon-tan cards.")]
    for label, cards in rows:
        parts.append(n_("{label} ({count} card): {cards}.", "{label} ({count} cards): {cards}.", len(cards),
                        label=label, cards=ginjontan_cards(cards, marks)))
    return " ".join(parts)


def ginjontan_duel(left_name: str, left_cards: Sequence[int], right_name: str, right_cards: Sequence[int],
                   marks: Mapping[int, str] | None = None, *, empty: str = "", versus: str = "") -> str:
    marks = marks or {}
    return p_("alt text", "Gin-jon-tan duel, {left} against {right}. {left}: {left_cards}. {right}: {right_cards}.",
             left=left_name, right=right_name, left_cards=ginjontan_cards(left_cards, marks),
             right_cards=ginjontan_cards(right_cards, marks))


# -- Chroma-jong ------------------------------------------------------------------------------------------------------

def chroma_name(chroma: Chroma) -> str:
    words = {Chroma.SILVER: p_("alt text", "silver"), Chroma.GOLD: p_("alt text", "gold"),
             Chroma.RED: p_("alt text", "red"), Chroma.BLUE: p_("alt text", "blue"),
             Chroma.PRISMATIC: p_("alt text", "prismatic"), Chroma.FERN: p_("alt text", "fern-green"),
             Chroma.SIAM: p_("alt text", "light-siam")}
    return words[chroma]


def tile_face(face: int) -> str:
    """"5 Dots", "East", "Red Dragon" (a face of the 34: 0-8 characters, 9-17 dots, 18-26 bamboo, 27-33 honours)."""
    number, suit = face % 9 + 1, face // 9
    if suit == 0:
        return p_("alt text", "{number} Characters", number=number)
    if suit == 1:
        return p_("alt text", "{number} Dots", number=number)
    if suit == 2:
        return p_("alt text", "{number} Bamboo", number=number)
    honours = (p_("alt text", "East"), p_("alt text", "South"), p_("alt text", "West"), p_("alt text", "North"),
               p_("alt text", "White Dragon"), p_("alt text", "Green Dragon"), p_("alt text", "Red Dragon"))
    return honours[face - 27]


def tile_words(tile: Tile, caption: str | None = None) -> str:
    """"gold 5 Dots (5*p)", "… drawn in riichi", and a caption drawn under it."""
    word = tile_face(tile.face)
    if tile.chroma is not None:
        word = p_("alt text", "{chroma} {tile}", chroma=chroma_name(tile.chroma), tile=word)
    word = p_("alt text", "{tile} ({notation})", tile=word, notation=str(tile))
    if tile.live:
        word = p_("alt text", "{tile}, drawn in riichi", tile=word)
    if caption:
        word = p_("alt text", "{tile}, marked {caption}", tile=word, caption=caption)
    return word


def chroma_hand(tiles: Sequence[Tile], *, melds: Sequence[Sequence[Tile]] = (),
                captions: Sequence[str | None] | None = None, win_index: int | None = None,
                meld_captions: Sequence[Sequence[str | None]] | None = None,
                waits: Sequence[tuple[Tile, str]] = ()) -> str:
    captions = captions or [None] * len(tiles)
    concealed = [tile_words(t, c) for i, (t, c) in enumerate(zip(tiles, captions, strict=False)) if i != win_index]
    parts = [n_("A Chroma-jong hand of {count} tile: {tiles}.", "A Chroma-jong hand of {count} tiles: {tiles}.",
                len(concealed), tiles=listed(concealed) or p_("alt text", "(empty)"))]
    if win_index is not None and 0 <= win_index < len(tiles):
        parts.append(p_("alt text", "Winning tile: {tile}.", tile=tile_words(tiles[win_index], captions[win_index])))
    for number, meld in enumerate(melds):
        under = (meld_captions[number] if meld_captions and number < len(meld_captions) else None) or [None] * len(meld)
        parts.append(p_("alt text", "Called meld: {tiles}.", tiles=listed(tile_words(t, c)
                                                              for t, c in zip(meld, under, strict=False))))
    if waits:
        waiting = (p_("alt text", "{tile}, {caption}", tile=tile_words(t), caption=c) for t, c in waits)
        parts.append(p_("alt text", "Waits: {tiles}.", tiles=listed(waiting)))
    return " ".join(parts)


def chroma_legend(names: tuple[str, ...] | None = None) -> str:
    """`legend_png`: the tiles, worded here (the names drawn under them are the same chromas')."""
    return p_("alt text", "The seven chromas, one example tile each: {tiles}.",
             tiles=listed(tile_words(t) for t in chroma_pictures.LEGEND))


DESCRIBERS: dict[Callable[..., bytes], Callable[..., str]] = {
    uno_pictures.board_png: uno_board,
    uno_pictures.hand_png: uno_hand,
    ginjontan_pictures.cards_picture: ginjontan_rows,
    ginjontan_pictures.duel_picture: ginjontan_duel,
    chroma_pictures.hand_png: chroma_hand,
    chroma_pictures.legend_png: chroma_legend,
}
