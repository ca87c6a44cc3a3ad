"""Chroma-jong tiles and their one-line notation (seed 002, "Special Tiles").

A tile has a face (0-33, the `mahjong` package's 34-index: 0-8 = 1-9m, 9-17 = 1-9p, 18-26 = 1-9s,
27-33 = 1-7z) and maybe a chroma. Fifteen chroma tiles exist, one of each:

    silver 3*m 3*p 3*s   gold 5*m 5*p 5*s   red 0m 0p 0s   blue 7*m 7*p 7*s
    prismatic 5*z   fern-green 6*z   light-siam 7*z

`!` instead of `*` marks a chroma tile drawn during riichi (it may then be interpreted, seed 002 gist 6);
`0!m` is a red five drawn during riichi. Groups work as usual: `123*m` is 1m, 2m and a silver 3m.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.chroma.words import chroma as chroma_named
from engine.chroma.words import part, words
from engine.errors import IllegalMove
from engine.text import N_, Ref, caret

SUITS = "mpsz"
HONOURS = 27
TERMINALS_AND_HONOURS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


class Chroma(StrEnum):
    SILVER = "silver"
    GOLD = "gold"
    RED = "red"
    BLUE = "blue"
    PRISMATIC = "prismatic"
    FERN = "fern-green"
    SIAM = "light-siam"


def face_of(number: int, suit: str) -> int:
    return SUITS.index(suit) * 9 + number - 1


# The one chroma tile of each (face, chroma); red fives share the 5's face with the gold ones.
CHROMA_FACES: dict[Chroma, tuple[int, ...]] = {
    Chroma.SILVER: (face_of(3, "m"), face_of(3, "p"), face_of(3, "s")),
    Chroma.GOLD: (face_of(5, "m"), face_of(5, "p"), face_of(5, "s")),
    Chroma.RED: (face_of(5, "m"), face_of(5, "p"), face_of(5, "s")),
    Chroma.BLUE: (face_of(7, "m"), face_of(7, "p"), face_of(7, "s")),
    Chroma.PRISMATIC: (face_of(5, "z"),),
    Chroma.FERN: (face_of(6, "z"),),
    Chroma.SIAM: (face_of(7, "z"),),
}
CHROMA_TILE_COUNT = sum(len(faces) for faces in CHROMA_FACES.values())  # 15
_STAR_CHROMA: dict[int, Chroma] = {face: chroma for chroma, faces in CHROMA_FACES.items() if chroma is not Chroma.RED
                                   for face in faces}


def face_name(face: int) -> str:
    return f"{face % 9 + 1}{SUITS[face // 9]}"


def is_number(face: int) -> bool:
    return face < HONOURS


@dataclass(frozen=True, order=True)
class Tile:
    face: int
    chroma: Chroma | None = None
    live: bool = False  # drawn during riichi (written with `!`)

    def __str__(self) -> str:
        number, suit = self.face % 9 + 1, SUITS[self.face // 9]
        if self.chroma is Chroma.RED:
            return f"0{'!' if self.live else ''}{suit}"
        if self.chroma is None:
            return f"{number}{suit}"
        return f"{number}{'!' if self.live else '*'}{suit}"

    @property
    def copies(self) -> int:
        """How many tiles like this one the set holds."""
        if self.chroma is not None:
            return 1
        return 4 - sum(self.face in faces for faces in CHROMA_FACES.values())

    @property
    def identity(self) -> tuple[int, Chroma | None]:
        """The physical tile, whatever its `live` mark."""
        return self.face, self.chroma


class NotationError(IllegalMove):
    """Bad tile notation; the message quotes the text with a caret under the wrong character."""

    code = "bad_tiles"

    def __init__(self, text: str, position: int, problem: Ref, hint: str | None = None) -> None:
        super().__init__(N_("{problem} (character {position}):\n{quote}"), hint or _HINT, problem=problem,
                         position=position + 1, quote=caret(text, position))
        self.position = position


DIGITS = "0123456789"
LONGEST = 200  # characters of notation in one option

_HINT = N_("Write tiles like `123m456p789s1122z`: digits, then the suit letter; `0m` is the red five, `3*m` a chroma "
           "tile, `5!z` one drawn during riichi.")


def parse_tiles(text: str, *, what: str = "hand", offset: int = 0, whole: str | None = None) -> list[Tile]:
    """Tiles from one-line notation. Spaces are ignored. Errors point at the offending character of `whole`."""
    whole = text if whole is None else whole
    if len(whole) > LONGEST:
        raise NotationError(whole, LONGEST, words(N_("the {part} is longer than {count} characters"), part=part(what),
                                                  count=LONGEST),
                            N_("A hand is at most 14 tiles, and four melds at most 16."))
    tiles: list[Tile] = []
    pending: list[tuple[int, str, int]] = []  # (digit, mark, position)
    for i, char in enumerate(text):
        at = offset + i
        if char.isspace():
            continue
        if char in DIGITS:
            pending.append((int(char), "", at))
        elif char in "*!":
            if not pending or pending[-1][1]:
                raise NotationError(whole, at, words(N_("`{char}` must follow a tile's digit in the {part}"), char=char,
                                                     part=part(what)),
                                    N_("Put `*` (or `!`) right after the digit of a chroma tile, like `3*m`."))
            digit, _, position = pending[-1]
            pending[-1] = (digit, char, position)
        elif char.lower() in SUITS:
            if not pending:
                raise NotationError(whole, at, words(N_("`{char}` has no digits before it in the {part}"), char=char,
                                                     part=part(what)),
                                    N_("A suit letter closes a group of digits, like `123m`."))
            tiles.extend(_tile(digit, mark, char.lower(), position, whole) for digit, mark, position in pending)
            pending = []
        else:
            raise NotationError(whole, at, words(N_("`{char}` is not tile notation; expected a digit, `*`, `!` or a "
                                                    "suit letter (m, p, s, z)"), char=char))
    if pending:
        raise NotationError(whole, offset + len(text.rstrip()) - 1 if text.strip() else offset,
                            words(N_("the {part} ends without a suit letter"), part=part(what)),
                            N_("End each group with m, p, s or z."))
    return tiles


def _tile(digit: int, mark: str, suit: str, position: int, whole: str) -> Tile:
    if suit == "z" and not 1 <= digit <= 7:
        raise NotationError(whole, position, words(N_("honours run from 1z to 7z, not {digit}z"), digit=digit),
                            N_("1-4z are the winds East South West North, 5-7z the dragons white, green, red."))
    if digit == 0:
        if suit == "z":
            raise NotationError(whole, position, words(N_("there is no red honour tile")),
                                N_("`0` is for red fives: 0m 0p 0s."))
        if mark == "*":
            raise NotationError(whole, position, words(N_("a red five is written `0m`, without `*`")),
                                N_("Write `0m` (or `0!m` if it was drawn during riichi)."))
        return Tile(face_of(5, suit), Chroma.RED, live=mark == "!")
    face = face_of(digit, suit)
    if not mark:
        return Tile(face)
    chroma = _STAR_CHROMA.get(face)
    if chroma is None:
        raise NotationError(whole, position, words(N_("{tile} has no chroma tile"), tile=f"{digit}{suit}"),
                            N_("Chroma tiles are 3* 5* 7* in m, p and s; 5* 6* 7* in z; and the red fives 0m 0p 0s."))
    return Tile(face, chroma, live=mark == "!")


@dataclass(frozen=True)
class Meld:
    """A called meld: three tiles (chii or pon) or four (kan). `concealed` marks a closed kan, written `[5555p]`."""

    tiles: tuple[Tile, ...]
    concealed: bool = False

    @property
    def is_kan(self) -> bool:
        return len(self.tiles) == 4

    def __str__(self) -> str:
        text = "".join(f"{t}" for t in self.tiles)
        return f"[{text}]" if self.concealed else text


def parse_melds(text: str | None) -> list[Meld]:
    """Melds separated by spaces or commas: `123m 777*s [5555z]` (brackets: a closed kan)."""
    if not text:
        return []
    melds: list[Meld] = []
    i = 0
    while i < len(text):
        if text[i] in " ,":
            i += 1
            continue
        end = i
        while end < len(text) and text[end] not in " ,":
            end += 1
        chunk = text[i:end]
        concealed = chunk.startswith("[")
        if concealed and not chunk.endswith("]"):
            raise NotationError(text, end - 1, words(N_("a closed kan opened with `[` must close with `]`")),
                                N_("Write a closed kan like `[5555p]`."))
        inner_start = i + 1 if concealed else i
        inner = chunk[1:-1] if concealed else chunk
        tiles = parse_tiles(inner, what="melds", offset=inner_start, whole=text)
        if len(tiles) not in (3, 4) or (concealed and len(tiles) != 4):
            raise NotationError(text, i, words(N_("a meld has 4 tiles, this one has {count}") if concealed else
                                               N_("a meld has 3 or 4 tiles, this one has {count}"), count=len(tiles)),
                                N_("Separate melds with spaces: `123m 777p [5555z]`."))
        if any(t.live for t in tiles):
            raise NotationError(text, i, words(N_("a tile drawn during riichi can't be in a called meld")),
                                N_("Write melded chroma tiles with `*`."))
        melds.append(Meld(tuple(tiles), concealed))
        i = end
    if len(melds) > 4:
        raise IllegalMove(N_("A hand has at most four melds."), N_("Check the `melds` option."))
    return melds


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Compact notation: `123*m45p`, grouping runs of one suit."""
    out: list[str] = []
    suit = ""
    for tile in tiles:
        text = str(tile)
        if out and text[-1] == suit:
            out[-1] = out[-1][:-1] + text
        else:
            out.append(text)
        suit = text[-1]
    return "".join(out)


def check_counts(*groups: Sequence[Tile]) -> None:
    """Refuse more copies of a tile than the set holds (one of each chroma tile; the rest of the four plain)."""
    counts = Counter(t.identity for group in groups for t in group)
    for (face, chroma), count in sorted(counts.items(), key=lambda kv: (kv[0][0], str(kv[0][1]))):
        limit = Tile(face, chroma).copies
        if count > limit:
            tile = (words(N_("{chroma} {face}"), chroma=chroma_named(chroma), face=face_name(face)) if chroma else
                    words(N_("plain {face}"), face=face_name(face)))
            raise IllegalMove(N_("That's {count} × {tile}, but the set has only {limit}."),
                              N_("Check the tiles: with chroma tiles in the set, 3s, 5s and 7s have fewer plain "
                                 "copies (mark chroma tiles with `*`, red fives with `0`)."), count=count, tile=tile,
                              limit=limit)
