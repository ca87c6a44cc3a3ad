"""What a player may do now, as typed values: the one answer `rules.options(state, player)` gives and every
caller asks (`legal_moves`, `view_for`, the hand's marks and menus, autocomplete).

`PlayKind` is what a card on a pile would be (`rules.play_kind`): one of the allowed kinds of play, or the
reason it is refused (each refusal has its own wording and stable error code in `rules.refusal`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from itertools import product

from engine.uno.cards import CARDS, COLOURS, Colour
from engine.uno.moves import Move, Play


class PlayKind(Enum):
    TURN = "turn"  # a normal play on your turn
    JUMP = "jump"  # jumping in
    STACK = "stack"  # a plus card added to a live stack
    STACKS = "stacks"  # deflecting the stacks aimed at you
    TRADES = "trades"  # deflecting the trades aimed at you
    SHIFT = "shift"  # changing a pending 0 shift
    EIGHTS = "eights"  # cancelling your own Crazy 8's stack
    # refused:
    PROMPT = "prompt"  # the game waits for someone's choice
    FACING = "facing"  # a stack or trade is aimed at you and this card answers neither
    SHIFT_PENDING = "shift_pending"  # your turn waits for a 0's shift
    LIVE = "live"  # the pile carries a live stack
    DRAWN = "drawn"  # you must play the card you drew
    NO_MATCH = "no_match"
    NOT_TURN = "not_turn"
    NO_JUMP = "no_jump"  # forced to pick up: no jumping in until someone else plays
    CLOSING = "closing"  # someone is out of cards: only jump-ins

    @property
    def allowed(self) -> bool:
        return self in ALLOWED

    @property
    def now(self) -> bool:
        """Allowed, and not a jump-in (the hand marks these "play now")."""
        return self in ALLOWED and self is not PlayKind.JUMP


ALLOWED = frozenset({PlayKind.TURN, PlayKind.JUMP, PlayKind.STACK, PlayKind.STACKS, PlayKind.TRADES, PlayKind.SHIFT,
                     PlayKind.EIGHTS})


@dataclass(frozen=True, slots=True)
class PlayOption:
    """Playing a card of this face (`card`: one copy's id) on pile `pile`, and the choices it still needs:
    each tuple lists the allowed answers, empty when that choice is not asked."""

    card: int
    pile: int
    kind: PlayKind
    colours: tuple[Colour, ...] = ()  # a Wild's colour
    targets: tuple[int, ...] = ()  # a 7's partner (or where it puts a stack)
    ontos: tuple[int, ...] = ()  # the pile a 1 moves its pile onto
    splits: tuple[str, ...] = ()  # which stacks a 2 passes on ("plus" or "eights")

    @property
    def face(self) -> tuple[Colour | None, str]:
        c = CARDS[self.card]
        return c.colour, c.rank

    def moves(self, player: int) -> list[Play]:
        """Every complete `Play` of this option (one per combination of answers)."""
        if not (self.targets or self.ontos or self.splits):
            if not self.colours:
                return [bare_play(player, self.card, self.pile)]
            if self.colours == COLOURS:
                return list(colour_plays(player, self.card, self.pile))
        return [Play(player, self.card, self.pile, colour, target, onto, split)
                for colour, target, onto, split in product(self.colours or (None,), self.targets or (None,),
                                                          self.ontos or (None,), self.splits or (None,))]


# Moves and options are values: the common ones are made once and shared (a frozen dataclass costs ~1 µs to make).
SHARED = 1 << 16
bare_play = lru_cache(maxsize=SHARED)(Play)  # Play(player, card, pile), nothing to choose


@lru_cache(maxsize=SHARED)
def turn_option(card: int, pile: int) -> PlayOption:
    return PlayOption(card, pile, PlayKind.TURN)


@lru_cache(maxsize=SHARED)
def jump_option(card: int, pile: int) -> PlayOption:
    return PlayOption(card, pile, PlayKind.JUMP)


@lru_cache(maxsize=SHARED)
def wild_option(card: int, pile: int, jump: bool) -> PlayOption:
    """A Wild's turn play or jump-in: only its colour to choose."""
    return PlayOption(card, pile, PlayKind.JUMP if jump else PlayKind.TURN, COLOURS)


@lru_cache(maxsize=SHARED)
def colour_plays(player: int, card: int, pile: int) -> tuple[Play, ...]:
    """The plays of a card whose only choice is a colour, one per colour."""
    return tuple(Play(player, card, pile, colour) for colour in COLOURS)


@dataclass(frozen=True, slots=True)
class Options:
    """Everything `player` may do now: card plays (one per face and pile) and the other moves."""

    player: int
    plays: tuple[PlayOption, ...] = ()
    actions: tuple[Move, ...] = ()  # Draw, Pass, Accept, SayUno, Callout, Challenge, EndRound, Choose, Start
    only: int | None = None  # the card just drawn: on this turn no other card, not even a copy of it, may be played

    def moves(self) -> list[Move]:
        moves: list[Move] = []
        player = self.player
        for o in self.plays:
            if o.colours or o.targets or o.ontos or o.splits:
                moves += o.moves(player)
            else:
                moves.append(bare_play(player, o.card, o.pile))
        moves += self.actions
        return moves

    def for_card(self, card_id: int) -> list[PlayOption]:
        """The options for a card of the hand (copies of a face share them, unless one was just drawn)."""
        if self.only is not None and card_id != self.only:
            return [o for o in self.plays if o.card == card_id]
        c = CARDS[card_id]
        return [o for o in self.plays if o.face == (c.colour, c.rank)]

    def piles_for(self, card_id: int) -> list[int]:
        return [o.pile for o in self.for_card(card_id)]

    def option(self, card_id: int, pile: int) -> PlayOption | None:
        return next((o for o in self.for_card(card_id) if o.pile == pile), None)

    def marked(self, hand: tuple[int, ...]) -> tuple[list[int], list[int]]:
        """The cards of `hand` playable now, and those that may jump in somewhere."""
        kinds = {i: {o.kind for o in self.for_card(i)} for i in hand}
        return ([i for i in hand if any(k.now for k in kinds[i])],
                [i for i in hand if PlayKind.JUMP in kinds[i]])

    def allows(self, move_type: type) -> bool:
        return any(type(m) is move_type for m in self.actions)
