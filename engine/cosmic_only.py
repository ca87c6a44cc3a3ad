"""The Cosmic Deck without a score sheet (issue 21): a game of its own, for a group playing mahjong with real sticks.

The deck is the same `CosmicState` a `/table` keeps, moved by the same functions of `engine/cosmic.py`; what differs
is that nothing here holds points. A roll says what to pay (1,000 x 2^n, onto the table) and the players pay it with
their own sticks; a card that moves points says who pays what. The hand's end is told by the players (`NextHand`):
roll counts go back to zero, "this hand" Events expire, the Active Modifier and Events lasting until dismissed stay
(seed 001, Drawing Cards and Events). A `/table` started later in the channel takes the deck over (`to_table`).

Players join and leave; a roll counts for the player who made it, by their place in `players` (the deck's `rolls`
run alongside).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from typing import Any

from engine import cosmic
from engine.base import Event, GameKind
from engine.cosmic import ChomboPenalty, CosmicState
from engine.deck import MAX_AMOUNT, Card, Deck, deck_from_dict
from engine.errors import IllegalMove, NotSeated
from engine.table import HandValue, TableOptions, TableState, score
from engine.text import N_, command, player

KIND = "cosmic"
SEATS = (3, 4)  # sanma or yonma: which of a card's Sanma and Suuma texts applies (seed 001)
CHOMBO_VALUE = HandValue(han=5, fu=30)  # a mangan, as the table scores a chombo (docs/rulings.md)




@dataclass(frozen=True)
class DeckOnlyState:
    host: int
    seats: int  # the mahjong game's player count (3 sanma, 4 yonma), whoever has joined
    players: tuple[int, ...]  # who has joined, in order; `cosmic.rolls` by the same index
    cosmic: CosmicState
    hands: int = 0  # hands ended with Next hand

    @property
    def sanma(self) -> bool:
        return self.seats == 3

    def to_dict(self) -> dict[str, Any]:
        return {"host": self.host, "seats": self.seats, "players": list(self.players), "cosmic": self.cosmic.to_dict(),
                "hands": self.hands}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DeckOnlyState:
        return cls(host=data["host"], seats=data["seats"], players=tuple(data["players"]),
                   cosmic=CosmicState.from_dict(data["cosmic"]), hands=data["hands"])

    def index_of(self, user: int) -> int:
        if user not in self.players:
            raise NotSeated(N_("{player} hasn't joined this channel's Cosmic Deck."),
                            N_("Press **Join** on the deck's message (see {status}), then try again."),
                            code="not_joined", player=player(user), status=command("cosmic status"))
        return self.players.index(user)


# -- moves ----------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Join:
    player: int


@dataclass(frozen=True)
class Leave:
    player: int


@dataclass(frozen=True)
class Roll:
    player: int


@dataclass(frozen=True)
class NextHand:
    """The hand is over (a win, a draw, or a chombo that restarts it): the players say so."""


@dataclass(frozen=True)
class Dismiss:
    card: str


@dataclass(frozen=True)
class Chombo:
    player: int  # who failed an Event: anyone at the physical table, joined or not


@dataclass(frozen=True)
class Reshuffle:
    pass


@dataclass(frozen=True)
class NewDeck:
    deck: Deck


Move = Join | Leave | Roll | NextHand | Dismiss | Chombo | Reshuffle | NewDeck
_MOVE_TYPES: dict[str, type] = {cls.__name__.lower(): cls for cls in (
    Join, Leave, Roll, NextHand, Dismiss, Chombo, Reshuffle, NewDeck)}


def move_to_dict(move: Move) -> dict[str, Any]:
    """A new deck goes into the log whole (`cards`), so that the log replays."""
    if isinstance(move, NewDeck):
        return {"type": "newdeck", "deck": move.deck.name, "cards": move.deck.to_dict()}
    return {"type": type(move).__name__.lower(), **asdict(move)}


def move_from_dict(data: dict[str, Any]) -> Move:
    if data["type"] == "newdeck":
        return NewDeck(deck_from_dict(data["cards"]))
    fields = {k: v for k, v in data.items() if k != "type"}
    return _MOVE_TYPES[data["type"]](**fields)  # type: ignore[no-any-return]


# -- the game -------------------------------------------------------------------------------------------------------

def new_game(host: int, deck: Deck, seed: int, *, seats: int = 4,
             chombo: ChomboPenalty = ChomboPenalty.MANGAN) -> DeckOnlyState:
    """The deck shuffled, with whoever opened it as its first player (a roll works at once)."""
    if seats not in SEATS:
        raise IllegalMove(N_("A mahjong game has 3 players (sanma) or 4 (yonma), not {seats}."),
                          N_("Pick 3 or 4."), code="bad_seats", seats=seats)
    return DeckOnlyState(host=host, seats=seats, players=(host,), cosmic=cosmic.start(deck, 1, seed, chombo))


def apply(state: DeckOnlyState, move: Move) -> tuple[DeckOnlyState, list[Event]]:
    handler = _HANDLERS.get(type(move))
    if handler is None:
        raise IllegalMove(N_("The deck knows no move {move}."), code="unknown_move", move=type(move).__name__)
    return handler(state, move)


def _join(state: DeckOnlyState, move: Join) -> tuple[DeckOnlyState, list[Event]]:
    if move.player in state.players:
        raise IllegalMove(N_("You have already joined this channel's Cosmic Deck."),
                          N_("Roll with {roll}."), code="already_joined", roll=command("cosmic roll"))
    if len(state.players) >= state.seats:
        raise IllegalMove(N_("The deck already has its {seats} players."),
                          N_("One of them can press **Leave** between hands to make room."), code="deck_full",
                          seats=state.seats)
    deck = replace(state.cosmic, rolls=(*state.cosmic.rolls, 0))
    return replace(state, players=(*state.players, move.player), cosmic=deck), [
        {"type": "joined", "player": move.player, "players": len(state.players) + 1}]


def _leave(state: DeckOnlyState, move: Leave) -> tuple[DeckOnlyState, list[Event]]:
    index = state.index_of(move.player)
    rolled = state.cosmic.rolls[index]
    if rolled:
        raise IllegalMove(N_("Your roll count this hand is {count}: it stays with you until the hand ends."),
                          N_("Leave after **Next hand** (or {next})."), code="rolled_this_hand", count=rolled,
                          next=command("cosmic next"))
    players = tuple(p for p in state.players if p != move.player)
    rolls = tuple(n for i, n in enumerate(state.cosmic.rolls) if i != index)
    dead = tuple(p for p in state.cosmic.dead if p != move.player)
    return replace(state, players=players, cosmic=replace(state.cosmic, rolls=rolls, dead=dead)), [
        {"type": "left", "player": move.player, "players": len(players)}]


def _roll(state: DeckOnlyState, move: Roll) -> tuple[DeckOnlyState, list[Event]]:
    """Seed 001, Drawing Cards: the roll costs 1000 x 2^n (n: the player's rolls this hand), paid onto the table with
    the player's own sticks; an odd die draws the Library's top card."""
    index = state.index_of(move.player)
    deck = state.cosmic
    cost = cosmic.roll_cost(deck.rolls[index])
    if cost > MAX_AMOUNT:
        raise IllegalMove(N_("Your next roll would cost {cost:,}: more than any table holds in sticks."),
                          N_("Wait for the next hand: {next} resets the counts."), code="roll_too_dear", cost=cost,
                          next=command("cosmic next"))
    deck, die = cosmic.roll_die(cosmic.count_roll(deck, index))
    events: list[Event] = [{"type": "roll", "player": move.player, "cost": cost, "die": die,
                            "rolls": deck.rolls[index], "next_cost": cosmic.roll_cost(deck.rolls[index])}]
    if die % 2 == 1:
        deck, card, drawn = cosmic.draw_top(deck)
        events += drawn
        if card is not None:
            deck, revealed = cosmic.reveal(deck, card, move.player)
            events += revealed
            deck = replace(deck, owed=())  # paid by hand: nothing waits for a Pay button
            events += _by_hand(card, move.player, state.sanma)
    return replace(state, cosmic=deck), events


def _by_hand(card: Card, revealer: int, sanma: bool) -> list[Event]:
    """What a revealed card asks the players to do with their sticks (seed 000 3.1: no recipient, onto the table;
    3.2: to the recipient). The bot moves nothing."""
    events: list[Event] = []
    for action in card.actions:
        amount = action.amount_for(sanma)
        if action.kind == "take_from_table":
            events.append({"type": "take_by_hand", "player": revealer, "amount": amount, "up_to": action.up_to})
        elif action.kind == "each_other_pays_you":
            events.append({"type": "tribute_by_hand", "to": revealer, "amount": amount})
        elif action.kind == "yakitori_pay_table":
            events.append({"type": "yakitori_by_hand", "amount": amount})
    return events


def _next_hand(state: DeckOnlyState, move: NextHand) -> tuple[DeckOnlyState, list[Event]]:
    """Seed 001: "At the end of each hand, all players should reset their counts back to zero"; Events "for this
    hand" expire with it. The Active Modifier stays until another replaces it, and Events lasting until dismissed
    stay."""
    deck, expired = cosmic.end_hand(state.cosmic)
    return replace(state, cosmic=deck, hands=state.hands + 1), [
        {"type": "next_hand", "hands": state.hands + 1, "expired": expired}]


def _dismiss(state: DeckOnlyState, move: Dismiss) -> tuple[DeckOnlyState, list[Event]]:
    if move.card not in {e.card for e in state.cosmic.in_effect}:
        raise IllegalMove(N_("That Event is not in effect on this deck."), N_("{status} lists the Events in effect."),
                          code="not_in_effect", status=command("cosmic status"))
    return replace(state, cosmic=cosmic.dismiss(state.cosmic, move.card)), [{"type": "dismissed", "card": move.card}]


def chombo_penalty(state: DeckOnlyState) -> dict[str, int] | None:
    """What a chombo costs with mangan penalties: a mangan paid as if the others had won it by tsumo, scored as the
    table scores it (aotenjou when the Active Modifier says so). `dealer_each`: from a dealer to each other player;
    `to_dealer` and `to_others`: from anyone else. None when the penalty is `none`."""
    if state.cosmic.chombo is not ChomboPenalty.MANGAN:
        return None
    options = TableOptions(aotenjou=state.cosmic.aotenjou)
    as_dealer = score(CHOMBO_VALUE, dealer=True, tsumo=True, honba=0, options=options, sanma=state.sanma)
    as_other = score(CHOMBO_VALUE, dealer=False, tsumo=True, honba=0, options=options, sanma=state.sanma)
    return {"dealer_each": as_dealer.others_pay, "to_dealer": as_other.dealer_pays, "to_others": as_other.others_pay}


def _chombo(state: DeckOnlyState, move: Chombo) -> tuple[DeckOnlyState, list[Event]]:
    """Seed 001, Events: a failed Event is a dead hand and chombo for whoever failed it; the hand does not restart and
    the roll counts stay."""
    deck = state.cosmic
    if move.player in deck.dead:
        raise IllegalMove(N_("{player}'s hand is already dead this hand."), code="already_dead",
                          player=player(move.player))
    return replace(state, cosmic=replace(deck, dead=(*deck.dead, move.player))), [
        {"type": "chombo", "player": move.player, "penalty": chombo_penalty(state)}]


def _reshuffle(state: DeckOnlyState, move: Reshuffle) -> tuple[DeckOnlyState, list[Event]]:
    deck = cosmic.reshuffle(state.cosmic)
    return replace(state, cosmic=deck), [{"type": "reshuffled", "cards": len(deck.library)}]


def _new_deck(state: DeckOnlyState, move: NewDeck) -> tuple[DeckOnlyState, list[Event]]:
    deck = cosmic.with_deck(state.cosmic, move.deck)
    return replace(state, cosmic=deck), [{"type": "deck_imported", "deck": move.deck.name,
                                          "cards": len(deck.library)}]


_HANDLERS: dict[type, Callable[[DeckOnlyState, Any], tuple[DeckOnlyState, list[Event]]]] = {
    Join: _join, Leave: _leave, Roll: _roll, NextHand: _next_hand, Dismiss: _dismiss, Chombo: _chombo,
    Reshuffle: _reshuffle, NewDeck: _new_deck}


# -- a table takes the deck over ------------------------------------------------------------------------------------

def to_table(table: TableState, deck_only: DeckOnlyState) -> TableState:
    """The table with this deck, as it stands: Library, Discards, Active Modifier, Events in effect, the seed and its
    counters, the chombo penalty. Each seat keeps the roll count of the same player (0 for one who hadn't joined), and
    the dead hands of players seated there. Card payments were made by hand, so none is owed."""
    if table.cosmic is not None:
        raise IllegalMove(N_("This table has a Cosmic Deck of its own already."), code="table_has_deck")
    deck = deck_only.cosmic
    counts = dict(zip(deck_only.players, deck.rolls, strict=True))
    seated = set(table.players)
    taken = replace(deck, rolls=tuple(counts.get(p, 0) for p in table.players),
                    dead=tuple(p for p in deck.dead if p in seated), owed=())
    return replace(table, cosmic=taken)


COSMIC = GameKind(name=KIND, state_to_dict=DeckOnlyState.to_dict, state_from_dict=DeckOnlyState.from_dict,
                  move_to_dict=move_to_dict, move_from_dict=move_from_dict, apply=apply)

__all__ = ["COSMIC", "KIND", "SEATS", "Chombo", "DeckOnlyState", "Dismiss", "Join", "Leave", "NewDeck", "NextHand",
           "Reshuffle", "Roll", "apply", "chombo_penalty", "move_from_dict", "move_to_dict", "new_game", "to_table"]
