"""Write a sample of each picture the bot draws to docs/pictures/ (linked from the README), with names in Latin,
Japanese and Chinese. tests/render/test_samples.py checks each renderer still draws a picture of the committed
sample's size; run this again when a picture changes on purpose.

    python -m tools.make_samples   # from the project's folder
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable

from engine.chroma.rules import ChromaRules
from engine.chroma.tiles import parse_tiles
from engine.chroma.waits import analyse
from engine.ginjontan.cards import SYMBOL_BY_NAME, Colour, card_id, sort_key
from engine.ginjontan.options import GinjontanOptions
from engine.ginjontan.scoring import score_hand
from engine.uno.cards import CARDS, sorted_hand
from engine.uno.cards import Colour as UnoColour
from render import chroma, chroma_pictures, ginjontan_pictures, uno_pictures

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "pictures"
OPTIONS = GinjontanOptions()


def chroma_hand() -> bytes:
    tiles = parse_tiles("123*m0p5*p7*s33z66!z77*z")
    melds = [parse_tiles("444z")]
    captions = ["東風", "Zoë", "Łukasz", *[None] * (len(tiles) - 3)]
    return chroma_pictures.hand_png(tiles, melds=melds, win_index=len(tiles) - 1, captions=captions)


def chroma_waits() -> bytes:
    tiles = parse_tiles("11123*40678999m")  # nine gates with a silver and a red five; the last 9m was discarded
    return chroma.waits_picture(analyse(tiles, [], ChromaRules(), parse_tiles("9m")), tiles, []).draw()


def ginjontan_cards() -> bytes:
    hand = [card_id(SYMBOL_BY_NAME[name], colour, copy) for name, colour, copy in (
        ("Sun", Colour.RED, 3), ("Space ship", Colour.BLUE, 12), ("Black hole", Colour.YELLOW, 7),
        ("Executioner", Colour.GREEN, 21), ("Universal", Colour.WHITE, 33))]
    return ginjontan_pictures.cards_picture([("東風's hand", hand[:3]), ("Zoë: set aside", hand[3:])],
                                            marks={hand[0]: "play"})


def ginjontan_duel() -> bytes:
    left = [card_id(SYMBOL_BY_NAME["Sun"], Colour.RED, 30), card_id(SYMBOL_BY_NAME["Bonus"], Colour.BLUE, 2)]
    right = [card_id(SYMBOL_BY_NAME["Space ship"], Colour.GREEN, 9)]
    return ginjontan_pictures.duel_picture("Łukasz", left, "東風", right, marks={left[0]: "win", right[0]: "lose"})


def ginjontan_round() -> bytes:
    """A round's summary: the revealed hands by place, sorted, the cards that score outlined."""
    def hand(*cards: tuple[str, Colour, int]) -> list[int]:
        return sorted((card_id(SYMBOL_BY_NAME[name], colour, copy) for name, colour, copy in cards), key=sort_key)

    first = hand(("Sun", Colour.RED, 3), ("Sun", Colour.BLUE, 12), ("Sun", Colour.GREEN, 7), ("Moon", Colour.WHITE, 2),
                 ("Fire", Colour.WHITE, 21), ("Boat", Colour.WHITE, 5), ("Hope", Colour.RED, 9),
                 ("Earth", Colour.WHITE, 30), ("Night", Colour.WHITE, 14))
    second = hand(("Life", Colour.WHITE, 4), ("Water", Colour.WHITE, 5), ("Air", Colour.WHITE, 6),
                  ("Path", Colour.WHITE, 7), ("Sin", Colour.RED, 19), ("Weapon", Colour.WHITE, 25),
                  ("Abyss", Colour.RED, 1), ("Coldness", Colour.WHITE, 33), ("Vacuum", Colour.WHITE, 12))
    hands = sorted([("東風", first), ("Zoë", second)], key=lambda named: -score_hand(named[1], OPTIONS).points)
    rows, marks = [], {}
    for place, (name, cards) in enumerate(hands, start=1):
        score = score_hand(cards, OPTIONS)
        rows.append((f"{place}. {name}: {score.title}, {score.points:,}", cards))
        marks.update({c: "combo" for combination in score.combinations for c in combination.cards})
    return ginjontan_pictures.cards_picture(rows, marks=marks, per_line=9)


def uno_hand() -> bytes:
    cards = [c.id for c in sorted_hand(tuple(range(0, 108, 9)))]
    return uno_pictures.hand_png(cards, playable=cards[:2], jump=cards[2:3])


def uno_board() -> bytes:
    wild4 = next(c.id for c in CARDS if c.rank == "+4")
    piles = [uno_pictures.PileDrawing(1, 14, None, 12),
             uno_pictures.PileDrawing(2, wild4, UnoColour.BLUE, 5, stack=4, stack_note="→ 東風"),
             uno_pictures.PileDrawing(3, 60, None, 3)]
    return uno_pictures.board_png(piles, draw_pile=52)


SAMPLES: dict[str, Callable[[], bytes]] = {
    "chroma-hand.png": chroma_hand,
    "chroma-legend.png": chroma_pictures.legend_png,
    "chroma-waits.png": chroma_waits,
    "ginjontan-cards.png": ginjontan_cards,
    "ginjontan-duel.png": ginjontan_duel,
    "ginjontan-round.png": ginjontan_round,
    "uno-hand.png": uno_hand,
    "uno-board.png": uno_board,
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in SAMPLES.items():
        (OUT / name).write_bytes(make())
        print(f"{(OUT / name).relative_to(ROOT)}: {(OUT / name).stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
