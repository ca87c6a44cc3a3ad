"""The mahjong score sheet (`/table`): seats, points, riichi sticks, honba, points on the table, payments.

Payments follow CHAOS;JAN rules section 3 (seed 000): payments without a recipient go onto the table (3.1),
with one they go to that player (3.2); only in stick denominations (3.1f.5); nobody pays more than they have
(3.1g) except in a point exchange (3.2c.3). Hand values come from the `mahjong` package's scoring.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields, replace
from enum import StrEnum
from typing import Any

from mahjong.constants import EAST, SOUTH
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.scores import Aotenjou, ScoresCalculator

from engine import cosmic, text
from engine.base import Event, GameKind
from engine.chaosjan import rules as chaosjan
from engine.chaosjan.catalogue import CardType, Catalogue, Timing
from engine.chaosjan.moves import MOVES as CHAOS_MOVES
from engine.chaosjan.moves import Move as ChaosMove
from engine.chaosjan.moves import Play as ChaosPlay
from engine.chaosjan.moves import move_from_dict as chaos_move_from_dict
from engine.chaosjan.moves import move_to_dict as chaos_move_to_dict
from engine.chaosjan.options import ChaosOptions
from engine.chaosjan.state import ChaosState
from engine.chaosjan.state import Table as ChaosTable
from engine.cosmic import ChomboPenalty, CosmicState
from engine.deck import Deck, deck_from_dict
from engine.errors import GameError, IllegalMove, NotSeated
from engine.text import N_, command

KIND = "table"
STICK = 100  # every stick denomination (100, 500, 1000, 5000, 10000) is a multiple of 100
RIICHI_COST = 1000
WINDS = ("East", "South", "West", "North")
DEFAULT_POINTS = {3: 35000, 4: 25000}
NOTEN_TOTAL = {3: 2000, 4: 3000}
HONBA_RON = 300  # a honba on a ron (sanma: the table's `sanma_honba`)
HONBA_TSUMO = 100  # a honba on a tsumo, from each payer


class GameOver(GameError):
    code = "table_over"


class Length(StrEnum):
    HANCHAN = "hanchan"  # East and South rounds
    EAST = "east"  # tonpuusen: the East round only


class Kazoe(StrEnum):
    YAKUMAN = "yakuman"  # 13+ han counts as a yakuman
    SANBAIMAN = "sanbaiman"  # 13+ han stops at sanbaiman
    COUNTED = "counted"  # a yakuman for every 13 han: 26 han is a double (the mahjong package's KAZOE_NO_LIMIT)


KAZOE_LIMIT = {Kazoe.YAKUMAN: HandConfig.KAZOE_LIMITED, Kazoe.SANBAIMAN: HandConfig.KAZOE_SANBAIMAN,
               Kazoe.COUNTED: HandConfig.KAZOE_NO_LIMIT}
_OLD_KAZOE = {"none": Kazoe.COUNTED}  # the name `counted` had before


class Limit(StrEnum):
    """A limit hand named instead of counted: its han (fu don't matter from 5 han up)."""

    MANGAN = "mangan"
    HANEMAN = "haneman"
    BAIMAN = "baiman"
    SANBAIMAN = "sanbaiman"
    YAKUMAN = "yakuman"


LIMIT_HAN = {Limit.MANGAN: 5, Limit.HANEMAN: 6, Limit.BAIMAN: 8, Limit.SANBAIMAN: 11, Limit.YAKUMAN: 13}
SANMA_RON_HONBA = (200, 300)


@dataclass(frozen=True)
class TableOptions:
    starting_points: int = 25000
    length: Length = Length.HANCHAN
    kiriage: bool = False  # 4 han 30 fu and 3 han 60 fu round up to mangan
    kazoe: Kazoe = Kazoe.YAKUMAN
    aotenjou: bool = False  # no limits: fu x 2^(2+han), each yakuman 13 han (seed 001 glossary)
    bust: bool = True  # the game ends when someone's points fall below zero
    sanma_honba: int = 200  # a honba on a sanma ron (yonma: 300; a tsumo: 100 from each payer)
    honba_value: int | None = None  # points each honba is worth to the winner; None: the usual 300 (set by scoring)
    uma: str = "none"  # the uma `/table end` applies unless given one (a key of UMA_PRESETS; house rules, issue 21)
    return_points: int | None = None  # the return points `/table end` applies unless given; None: starting points

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableOptions:
        kazoe = _OLD_KAZOE.get(data["kazoe"]) or Kazoe(data["kazoe"])
        return cls(**{**data, "length": Length(data["length"]), "kazoe": kazoe})


@dataclass(frozen=True)
class Seat:
    player: int
    points: int
    yakitori: bool = True  # until they win a hand by ron or tsumo (seed 001 glossary)
    riichi: bool = False  # declared riichi this hand
    name: str = ""  # display name at the start, for menus (mentions render everywhere else)


@dataclass(frozen=True)
class TableState:
    host: int
    seats: tuple[Seat, ...]  # in seating order: index 0 was East at the start
    options: TableOptions
    round_wind: int = 0  # 0 East, 1 South, ...
    dealer: int = 0  # seat index of the dealer
    honba: int = 0
    on_table: int = 0  # points on the table (rule 3.1c)
    hands_played: int = 0
    over: bool = False
    cosmic: CosmicState | None = None  # the Cosmic Deck, once `/cosmic start` has run
    chaosjan: ChaosState | None = None  # CHAOS;JAN full rules, once `/chaosjan new` has run

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(s.player for s in self.seats)

    @property
    def sanma(self) -> bool:
        return len(self.seats) == 3

    @property
    def hand_number(self) -> int:
        """East 1 is the first hand of the East round; the number follows the dealer's seat."""
        return self.dealer + 1

    @property
    def round_name(self) -> str:
        return f"{WINDS[self.round_wind]} {self.hand_number}"

    def seat_wind(self, index: int) -> str:
        return WINDS[(index - self.dealer) % len(self.seats)]

    def index_of(self, player: int) -> int:
        for i, seat in enumerate(self.seats):
            if seat.player == player:
                return i
        raise NotSeated(N_("{player} is not seated at this table."), N_("Pick one of the players at the table."),
                        player=text.player(player))

    def seat(self, player: int) -> Seat:
        return self.seats[self.index_of(player)]

    @property
    def plays_yakitori(self) -> bool:
        """Yakitori (seed 001 glossary) matters here: the table's Cosmic Deck has a card about it."""
        return self.cosmic is not None and self.cosmic.deck.about_yakitori

    @property
    def scoring(self) -> TableOptions:
        """The options hands are scored with now: an active Aotenjou Modifier switches Aotenjou on; a CHAOS;JAN
        Modifier may change what each honba is worth."""
        options = self.options
        if self.cosmic is not None and self.cosmic.aotenjou and not options.aotenjou:
            options = replace(options, aotenjou=True)
        honba_value = chaosjan.honba_value(self.chaosjan)
        if honba_value is not None:
            options = replace(options, honba_value=honba_value)
        return options

    def to_dict(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["seats"] = [{name: getattr(s, name) for name in _SEAT_FIELDS} for s in self.seats]  # flat: no asdict
        data["options"] = {**{name: getattr(self.options, name) for name in _OPTION_FIELDS},
                           "length": self.options.length.value, "kazoe": self.options.kazoe.value}
        data["cosmic"] = None if self.cosmic is None else self.cosmic.to_dict()
        data["chaosjan"] = None if self.chaosjan is None else self.chaosjan.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableState:
        return cls(**{**data, "seats": tuple(Seat(**s) for s in data["seats"]),
                      "options": TableOptions.from_dict(data["options"]),
                      "cosmic": None if data.get("cosmic") is None else CosmicState.from_dict(data["cosmic"]),
                      "chaosjan": None if data.get("chaosjan") is None else ChaosState.from_dict(data["chaosjan"])})


_SEAT_FIELDS = tuple(f.name for f in fields(Seat))  # a table stores its state at every move (issue 19)
_OPTION_FIELDS = tuple(f.name for f in fields(TableOptions))


# -- moves -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HandValue:
    """What a win is worth: han and fu (scored by the mahjong package), a yakuman count, or points the
    players computed themselves (the hand's value before honba and the table's points)."""

    han: int | None = None
    fu: int | None = None
    yakuman: int | None = None
    points: int | None = None
    limit: Limit | str | None = None  # a limit hand by name; anything else is refused
    # Chroma-jong (seed 002, "Non-positive Han Count"): 0 han is worth 0, negative han negative base points.
    nonpositive_han: bool = False


@dataclass(frozen=True)
class Riichi:
    player: int


@dataclass(frozen=True)
class Pay:
    player: int
    amount: int
    to: int | None = None  # None: onto the table (rule 3.1)


@dataclass(frozen=True)
class Take:
    player: int
    amount: int
    up_to: bool = False


@dataclass(frozen=True)
class Win:
    winner: int
    value: HandValue


@dataclass(frozen=True)
class Ron:
    loser: int
    wins: tuple[Win, ...]  # two for a double ron, in any order


@dataclass(frozen=True)
class Tsumo:
    win: Win


@dataclass(frozen=True)
class Draw:
    tenpai: tuple[int, ...]


@dataclass(frozen=True)
class AbortiveDraw:
    """A hand ended without a winner before the wall ran out: no payments, the dealer keeps the deal."""


@dataclass(frozen=True)
class SetPoints:
    player: int
    points: int


@dataclass(frozen=True)
class CosmicStart:
    deck: Deck
    seed: int
    chombo: ChomboPenalty = ChomboPenalty.MANGAN
    salt: str | None = None  # hides the seed in the commitment the start posts (engine/commitment.py)


@dataclass(frozen=True)
class NewDeck:
    deck: Deck


@dataclass(frozen=True)
class Roll:
    player: int


@dataclass(frozen=True)
class Dismiss:
    card: str


@dataclass(frozen=True)
class Chombo:
    player: int


@dataclass(frozen=True)
class Reshuffle:
    pass


@dataclass(frozen=True)
class CardPayment:
    """Make the payment of the card revealed by roll number `reveal` (a Cosmic Deck card that moves points)."""

    reveal: int


@dataclass(frozen=True)
class ChaosStart:
    """`/chaosjan new`: the card layer of seed 000 on this table; players then choose their cards."""

    catalogue: Catalogue
    seed: int
    options: ChaosOptions = field(default_factory=ChaosOptions)
    seed_chosen: bool = False
    salt: str | None = None  # hides the seed in the commitment the panel posts (engine/commitment.py)


@dataclass(frozen=True)
class Correct:
    """Entry `entry` of the log (a ron or a tsumo) should have been `move` (issue 21). Not applied to a state: the
    log is replayed with `move` in the entry's place (`TABLE.corrects`, storage/corrections.py)."""

    entry: int
    move: Ron | Tsumo


Move = (Riichi | Pay | Take | Ron | Tsumo | Draw | AbortiveDraw | SetPoints
        | CosmicStart | NewDeck | Roll | Dismiss | Chombo | Reshuffle | CardPayment | ChaosStart | Correct | ChaosMove)


def move_to_dict(move: Move) -> dict[str, Any]:
    """The move as JSON. A deck or catalogue goes in whole (`cards`), so that the log replays; `deck` and
    `catalogue` name it for the history."""
    if isinstance(move, CHAOS_MOVES):
        return {"chaosjan": True, **chaos_move_to_dict(move)}
    if isinstance(move, ChaosStart):
        return {"type": "chaosstart", "catalogue": move.catalogue.name, "seed": move.seed,
                "options": move.options.to_dict(), "seed_chosen": move.seed_chosen,
                "cards": move.catalogue.to_dict()} | ({} if move.salt is None else {"salt": move.salt})
    if isinstance(move, Correct):
        return {"type": "correct", "entry": move.entry, "move": move_to_dict(move.move)}
    if isinstance(move, CosmicStart | NewDeck):
        data = {f.name: getattr(move, f.name) for f in fields(move) if f.name != "salt"} | {
            "deck": move.deck.name, "cards": move.deck.to_dict()}
        if isinstance(move, CosmicStart) and move.salt is not None:
            data["salt"] = move.salt
    else:
        data = asdict(move)
    return {"type": type(move).__name__.lower(), **data}


def _win(data: dict[str, Any]) -> Win:
    return Win(data["winner"], HandValue(**data["value"]))


_MOVE_TYPES: dict[str, type] = {cls.__name__.lower(): cls for cls in (
    Riichi, Pay, Take, Ron, Tsumo, Draw, AbortiveDraw, SetPoints, CosmicStart, NewDeck, Roll, Dismiss, Chombo,
    Reshuffle, CardPayment, ChaosStart, Correct)}


def move_from_dict(data: dict[str, Any]) -> Move:
    """The move `move_to_dict` gave `data`, for replaying the log."""
    if data.get("chaosjan"):
        return chaos_move_from_dict(data)
    fields_ = {k: v for k, v in data.items() if k != "type"}
    cls = _MOVE_TYPES[data["type"]]
    if cls is Ron:
        return Ron(fields_["loser"], tuple(_win(w) for w in fields_["wins"]))
    if cls is Tsumo:
        return Tsumo(_win(fields_["win"]))
    if cls is Draw:
        return Draw(tuple(fields_["tenpai"]))
    if cls is CosmicStart:
        return CosmicStart(deck_from_dict(fields_["cards"]), fields_["seed"], ChomboPenalty(fields_["chombo"]),
                           fields_.get("salt"))
    if cls is NewDeck:
        return NewDeck(deck_from_dict(fields_["cards"]))
    if cls is ChaosStart:
        return ChaosStart(Catalogue.from_dict(fields_["cards"]), fields_["seed"],
                          ChaosOptions.from_dict(fields_["options"]), fields_["seed_chosen"], fields_.get("salt"))
    if cls is Correct:
        replacement = move_from_dict(fields_["move"])
        if not isinstance(replacement, Ron | Tsumo):
            raise ValueError(f"a correction replaces a ron or a tsumo, not {fields_['move']!r}")
        return Correct(fields_["entry"], replacement)
    return cls(**fields_)  # type: ignore[no-any-return]


# -- the game --------------------------------------------------------------------------------------------


def check_options(options: TableOptions) -> TableOptions:
    """A table's options as the rules allow them (a start's, or a server's preset of them)."""
    if options.starting_points <= 0 or options.starting_points % STICK:
        raise IllegalMove(N_("Starting points must be a positive multiple of 100."), N_("Try `points: 25000`."))
    if options.sanma_honba not in SANMA_RON_HONBA:
        raise IllegalMove(N_("A honba on a sanma ron is 200 or 300, not {honba}."),
                          N_("Try `sanma_honba: 300`."), honba=options.sanma_honba)
    if options.uma not in UMA_PRESETS:
        raise IllegalMove(N_("The uma is none, 5-10, 10-20 or 10-30."), N_("Pick one of the choices."),
                          code="bad_option")
    check_return_points(options.return_points)
    return options


MAX_RETURN = 1_000_000


def check_return_points(back: int | None) -> int | None:
    """Return points (None: the starting points): a positive multiple of 100, at most MAX_RETURN."""
    if back is not None and (back <= 0 or back % STICK or back > MAX_RETURN):
        raise IllegalMove(N_("{back:,} can't be the return points."),
                          N_("Give a positive multiple of 100 (often 30,000), or leave it out for no oka."),
                          code="bad_return_points", back=back)
    return back


def new_game(host: int, players: list[int], options: TableOptions | None = None,
             names: list[str] | None = None) -> TableState:
    if len(players) not in (3, 4):
        raise IllegalMove(N_("A table needs three players (sanma) or four (yonma)."))
    if len(set(players)) != len(players):
        raise IllegalMove(N_("The same person is in two seats."), N_("Give each seat a different player."))
    options = check_options(options or TableOptions(starting_points=DEFAULT_POINTS[len(players)]))
    names = names or [""] * len(players)
    seats = tuple(Seat(p, options.starting_points, name=n[:80]) for p, n in zip(players, names, strict=True))
    return TableState(host=host, seats=seats, options=options)


def apply(state: TableState, move: Move) -> tuple[TableState, list[Event]]:
    if state.over and not isinstance(move, SetPoints):
        raise GameOver(N_("This game is over."), N_("Record the final standings with {end}, or {undo}."),
                       end=text.command("table end"), undo=text.command("table undo"))
    if isinstance(move, CHAOS_MOVES):
        return _chaos_move(state, move)
    if isinstance(move, Correct):
        raise IllegalMove(N_("A correction is made by replaying the score sheet with the corrected hand."),
                          N_("Use {command}."), code="correction_by_replay", command=command("table correct"))
    handler = _HANDLERS.get(type(move))
    if handler is None:
        raise IllegalMove(N_("Unknown move {move}."), move=type(move).__name__)
    return handler(state, move)


def _stick_amount(amount: int) -> None:
    if amount <= 0 or amount % STICK:
        raise IllegalMove(N_("{amount} can't be paid in point sticks."),
                          N_("Use a positive multiple of 100 (sticks are 100, 500, 1000, 5000 and 10000; "
                             "rule 3.1f.5)."),
                          amount=amount)


def _with_points(state: TableState, deltas: dict[int, int]) -> TableState:
    seats = tuple(replace(s, points=s.points + deltas.get(s.player, 0)) for s in state.seats)
    return replace(state, seats=seats)


def riichi_cost(state: TableState, player: int) -> int:
    """The riichi stick: 1,000, or what a CHAOS;JAN Modifier or card in play makes it for this player."""
    chaos = state.chaosjan
    return RIICHI_COST if chaos is None else chaosjan.riichi_cost(chaos, chaos.seat_of(player))


def _riichi(state: TableState, move: Riichi) -> tuple[TableState, list[Event]]:
    seat = state.seat(move.player)
    if seat.riichi:
        raise IllegalMove(N_("{player} has already declared riichi this hand."), player=text.player(move.player))
    if state.chaosjan is not None:
        error = chaosjan.riichi_error(state.chaosjan, state.chaosjan.seat_of(move.player))
        if error is not None:
            raise error
    cost = riichi_cost(state, move.player)
    if seat.points < cost:
        raise IllegalMove(N_("{player} has {points:,} points: not enough for the {cost:,}-point riichi "
                             "stick."), N_("A player cannot pay more than they have (rule 3.1g)."),
                          player=text.player(move.player), points=seat.points, cost=cost)
    state = _with_points(state, {move.player: -cost})
    seats = tuple(replace(s, riichi=True) if s.player == move.player else s for s in state.seats)
    state = replace(state, seats=seats, on_table=state.on_table + cost)
    events: list[Event] = [{"type": "riichi", "player": move.player, "on_table": state.on_table, "cost": cost}]
    if state.chaosjan is not None:
        index = state.index_of(move.player)
        state, tolls = _with_chaos(state, lambda chaos, table: chaosjan.riichi_tolls(chaos, table, index))
        events += tolls
    return state, events


def _pay(state: TableState, move: Pay) -> tuple[TableState, list[Event]]:
    _stick_amount(move.amount)
    payer = state.seat(move.player)
    if move.to is not None:
        state.index_of(move.to)
        if move.to == move.player:
            raise IllegalMove(N_("You can't pay yourself."), N_("Leave out `to` to pay onto the table."))
    if payer.points < move.amount:
        raise IllegalMove(N_("{player} has {points} points and can't pay {amount}."),
                          N_("A player cannot pay more points than they have (rule 3.1g)."),
                          player=text.player(move.player), points=payer.points, amount=move.amount)
    if move.to is None:
        state = replace(_with_points(state, {move.player: -move.amount}), on_table=state.on_table + move.amount)
    else:
        state = _with_points(state, {move.player: -move.amount, move.to: move.amount})
    return state, [{"type": "pay", "from": move.player, "to": move.to, "amount": move.amount,
                    "on_table": state.on_table}]


def _take(state: TableState, move: Take) -> tuple[TableState, list[Event]]:
    _stick_amount(move.amount)
    state.index_of(move.player)
    if state.on_table < move.amount and not move.up_to:
        raise IllegalMove(N_("There are only {on_table} points on the table, not {amount}."),
                          N_("Without `up_to` the instruction is ignored (rule 3.1f.2); with `up_to: True` you take "
                             "what is there (rule 3.1f.3)."), on_table=state.on_table, amount=move.amount)
    taken = min(move.amount, state.on_table)
    state = replace(_with_points(state, {move.player: taken}), on_table=state.on_table - taken)
    return state, [{"type": "take", "player": move.player, "amount": taken, "on_table": state.on_table}]


def _set_points(state: TableState, move: SetPoints) -> tuple[TableState, list[Event]]:
    if move.points % STICK:
        raise IllegalMove(N_("{points} is not a multiple of 100."), N_("Point totals are counted in sticks."),
                          points=move.points)
    old = state.seat(move.player).points
    state = _with_points(state, {move.player: move.points - old})
    return state, [{"type": "set", "player": move.player, "from": old, "to": move.points}]


# -- scoring ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Payment:
    """What each payer owes for one win, before honba: `dealer_pays` and `others_pay` for a tsumo,
    `ron` for a ron; plus the honba bonus per payer."""

    ron: int = 0
    dealer_pays: int = 0
    others_pay: int = 0
    honba_each: int = 0
    label: str = ""


def score(value: HandValue, *, dealer: bool, tsumo: bool, honba: int, options: TableOptions,
          sanma: bool) -> Payment:
    """The payment for one win, from the mahjong package's scoring (or the players' own figure)."""
    rules = OptionalRules(kiriage=options.kiriage, kazoe_limit=KAZOE_LIMIT[options.kazoe], is_three_player=sanma)
    given = sum(x is not None for x in (value.points, value.yakuman, value.han, value.limit))
    if given != 1:
        raise IllegalMove(N_("Give the hand's value one way: `han` and `fu`, or `limit`, or `points`, or `yakuman`."),
                          N_("For example han: 3 fu: 30, or limit: mangan, or points: 3900."))
    honba_each = honba * (HONBA_TSUMO if tsumo else options.sanma_honba if sanma else HONBA_RON)
    if options.honba_value is not None:  # shared by the payers of a tsumo, each rounded up to 100
        honba_each = _round_up(honba * options.honba_value / (1 if not tsumo else 2 if sanma else 3))
    if value.points is not None:
        return _split_points(value.points, dealer=dealer, tsumo=tsumo, sanma=sanma, honba_each=honba_each)
    han, fu, yakuman = _han_fu(value, options)
    config = HandConfig(is_tsumo=tsumo, player_wind=EAST if dealer else SOUTH, options=rules)
    calculator = Aotenjou if options.aotenjou else ScoresCalculator
    if han > 0:
        result = calculator.calculate_scores(han=han, fu=fu, config=config, is_yakuman=yakuman)
        main, additional, level = result["main"], result["additional"], result["yaku_level"]
    elif han:  # the same hand with the sign turned: -2 han 30 fu pays -500/-1000 (seed 002)
        mirror = calculator.calculate_scores(han=-han, fu=fu, config=config)
        main, additional, level = -mirror["main"], -mirror["additional"], ""
    else:
        main, additional, level = 0, 0, ""
    label = level or f"{han} han {fu} fu"
    if not tsumo:
        return Payment(ron=main, honba_each=honba_each, label=label)
    if dealer:
        return Payment(others_pay=main, honba_each=honba_each, label=label)
    return Payment(dealer_pays=main, others_pay=additional, honba_each=honba_each, label=label)


def _han_fu(value: HandValue, options: TableOptions) -> tuple[int, int, bool]:
    if value.fu is not None and (value.fu < 20 or value.fu > 130 or (value.fu % 10 and value.fu != 25)):
        raise IllegalMove(N_("{fu} fu is not a hand's fu."), N_("Fu are 20, 25 (seven pairs), 30, 40, ... 130."),
                          fu=value.fu)
    if value.limit is not None:
        if value.limit not in LIMIT_HAN:
            raise IllegalMove(N_("{limit} is not a limit hand."),
                              N_("Name one of mangan, haneman, baiman, sanbaiman and yakuman."), limit=value.limit)
        limit = Limit(value.limit)
        if limit is not Limit.YAKUMAN and options.aotenjou:
            raise IllegalMove(N_("Aotenjou has no {limit}: every hand is counted by its han and fu."),
                              N_("Give `han` and `fu` instead (a yakuman is 13 han: `yakuman: 1`)."), limit=limit.value)
        return LIMIT_HAN[limit], value.fu or 30, limit is Limit.YAKUMAN and not options.aotenjou
    if value.yakuman is not None:
        if value.yakuman < 1 or value.yakuman > 6:
            raise IllegalMove(N_("A hand is worth 1 to 6 yakuman."), N_("Use `yakuman: 1` for a single yakuman."))
        # Aotenjou counts each yakuman as 13 han (seed 001 glossary); fu default 30 unless given.
        return 13 * value.yakuman, value.fu or 30, not options.aotenjou
    if value.han is None:
        raise IllegalMove(N_("Give the hand's `han` and `fu`, or `limit`, or `points`, or `yakuman`."),
                          N_("For example han: 3 fu: 30."))
    lowest = -78 if value.nonpositive_han else 1
    if value.han < lowest or value.han > 78:
        raise IllegalMove(N_("{han} han is not a hand."), N_("Han runs from 1 upward (13 or more is kazoe)."),
                          han=value.han)
    if value.fu is None:
        if options.aotenjou:
            raise IllegalMove(N_("Under aotenjou the fu count at every han: give the hand's `fu` too."),
                              N_("For example han: {han} fu: 30."), han=value.han)
        if abs(value.han) < 5:
            raise IllegalMove(N_("A {han} han hand needs its `fu` too."),
                              N_("For example han: {han} fu: 30; from 5 han up the fu don't matter."), han=value.han)
        return value.han, 30, False  # a limit hand: the fu change nothing
    return value.han, value.fu, False


def _round_up(points: float) -> int:
    return int(-(-points // STICK) * STICK)


def _split_points(total: int, *, dealer: bool, tsumo: bool, sanma: bool, honba_each: int) -> Payment:
    if total <= 0 or total % STICK:
        raise IllegalMove(N_("{total} is not a hand's value."), N_("Give the value in points, a multiple of 100."),
                          total=total)
    if not tsumo:
        return Payment(ron=total, honba_each=honba_each, label=f"{total} points")
    if dealer:  # each other player pays a third (as in yonma; sanma keeps tsumo loss)
        return Payment(others_pay=_round_up(total / 3), honba_each=honba_each, label=f"{total} points")
    return Payment(dealer_pays=_round_up(total / 2), others_pay=_round_up(total / 4), honba_each=honba_each,
                   label=f"{total} points")


# -- the end of a hand -----------------------------------------------------------------------------------


def _ron(state: TableState, move: Ron) -> tuple[TableState, list[Event]]:
    loser = state.index_of(move.loser)
    winners = [state.index_of(w.winner) for w in move.wins]
    if not 1 <= len(move.wins) <= 2:
        raise IllegalMove(N_("A ron has one or two winners."), N_("A triple ron is an abortive draw: use {command}."),
                          command=text.command("table draw"))
    if len(set(winners)) != len(winners) or loser in winners:
        raise IllegalMove(N_("A winner can't also be the one who dealt in, or win twice."),
                          N_("Check the winner and loser options."))
    # Honba and the table's points go to the winner first in turn order from the loser (atamahane).
    order = sorted(zip(winners, move.wins, strict=True), key=lambda pair: (pair[0] - loser) % len(state.seats))
    deltas: dict[int, int] = {}
    events: list[Event] = []
    factor = _exchange_factor(state, events)
    for rank, (index, win) in enumerate(order):
        payment = score(win.value, dealer=index == state.dealer, tsumo=False,
                        honba=state.honba if rank == 0 else 0, options=state.scoring, sanma=state.sanma)
        amount, insured = chaosjan.deal_in_payment(state.chaosjan, loser, (payment.ron + payment.honba_each) * factor)
        events += insured
        deltas[win.winner] = deltas.get(win.winner, 0) + amount
        deltas[move.loser] = deltas.get(move.loser, 0) - amount  # may go negative (rule 3.2c.3)
        events.append({"type": "ron", "winner": win.winner, "loser": move.loser, "value": payment.label,
                       "paid": amount})
    first = order[0][1].winner
    deltas[first] += state.on_table  # rule 3.1e
    events.append({"type": "table_points", "player": first, "amount": state.on_table})
    state = replace(_with_points(state, deltas), on_table=0)
    state = _mark_winners(state, [w.winner for w in move.wins])
    end = chaosjan.HandEnd(winners=tuple(w.winner for w in move.wins), loser=move.loser, payers=(move.loser,),
                           exchange=True)
    return _next_hand(state, dealer_kept=state.dealer in winners, draw=False, events=events, end=end)


def _tsumo(state: TableState, move: Tsumo) -> tuple[TableState, list[Event]]:
    index = state.index_of(move.win.winner)
    payment = score(move.win.value, dealer=index == state.dealer, tsumo=True, honba=state.honba,
                    options=state.scoring, sanma=state.sanma)
    deltas = {move.win.winner: 0}
    doubling: list[Event] = []
    factor = _exchange_factor(state, doubling)
    for i, seat in enumerate(state.seats):
        if i == index:
            continue
        owed = ((payment.dealer_pays if i == state.dealer else payment.others_pay) + payment.honba_each) * factor
        deltas[seat.player] = -owed  # may go negative (rule 3.2c.3)
        deltas[move.win.winner] += owed
    total = deltas[move.win.winner]
    deltas[move.win.winner] += state.on_table  # rule 3.1e
    events: list[Event] = [*doubling,
                           {"type": "tsumo", "winner": move.win.winner, "value": payment.label, "paid": total,
                            "payments": [{"player": p, "amount": -d} for p, d in deltas.items()
                                         if p != move.win.winner]},
                           {"type": "table_points", "player": move.win.winner, "amount": state.on_table}]
    state = replace(_with_points(state, deltas), on_table=0)
    state = _mark_winners(state, [move.win.winner])
    end = chaosjan.HandEnd(winners=(move.win.winner,), payers=tuple(p for p in deltas if p != move.win.winner),
                           exchange=True)
    return _next_hand(state, dealer_kept=index == state.dealer, draw=False, events=events, end=end)


def _draw(state: TableState, move: Draw) -> tuple[TableState, list[Event]]:
    tenpai = {state.index_of(p) for p in move.tenpai}
    noten = set(range(len(state.seats))) - tenpai
    deltas: dict[int, int] = {}
    if tenpai and noten:  # noten payments: a fixed total from the noten players to the tenpai ones
        deltas = _noten_payments(state, tenpai, noten)
    events: list[Event] = [{"type": "draw", "tenpai": sorted(move.tenpai),
                            "payments": [{"player": p, "amount": a} for p, a in deltas.items()]}]
    state = _with_points(state, deltas)
    return _next_hand(state, dealer_kept=state.dealer in tenpai, draw=True, events=events,
                      end=chaosjan.HandEnd())  # noten payments are not a point exchange (3.2c.1)


def _abortive_draw(state: TableState, move: AbortiveDraw) -> tuple[TableState, list[Event]]:
    return _next_hand(state, dealer_kept=True, draw=True, events=[{"type": "abortive_draw"}], end=chaosjan.HandEnd())


def _noten_payments(state: TableState, tenpai: set[int], noten: set[int]) -> dict[int, int]:
    """Each noten player owes their share of the total, but pays no more than they have (3.1g: not a point
    exchange, 3.2c). The tenpai players share what was paid; odd sticks of 100 go one each in turn order from the
    dealer."""
    owed = NOTEN_TOTAL[len(state.seats)] // len(noten)
    deltas = {state.seats[i].player: -min(owed, max(state.seats[i].points, 0)) for i in sorted(noten)}
    paid = -sum(deltas.values())
    receivers = sorted(tenpai, key=lambda i: (i - state.dealer) % len(state.seats))
    share, odd = divmod(paid // STICK, len(receivers))
    for rank, i in enumerate(receivers):
        deltas[state.seats[i].player] = (share + (rank < odd)) * STICK
    return deltas


def _mark_winners(state: TableState, winners: list[int]) -> TableState:
    return replace(state, seats=tuple(replace(s, yakitori=False) if s.player in winners else s for s in state.seats))


def _exchange_factor(state: TableState, events: list[Event]) -> int:
    """Each "double the point exchange" waiting on the CHAOS;JAN side doubles it once more (3.2c.2)."""
    doubles = state.chaosjan.doubles if state.chaosjan is not None else 0
    if doubles:
        events.append({"type": "exchange_doubled", "factor": 2**doubles})
    return 2**doubles


def _next_hand(state: TableState, *, dealer_kept: bool, draw: bool, events: list[Event],
               end: chaosjan.HandEnd) -> tuple[TableState, list[Event]]:
    """Dealer repeat or rotation, honba, round wind, and the end of the game."""
    seats = tuple(replace(s, riichi=False) for s in state.seats)
    honba = state.honba + 1 if dealer_kept or draw else 0
    dealer, round_wind = state.dealer, state.round_wind
    if not dealer_kept:
        dealer = (dealer + 1) % len(seats)
        if dealer == 0:
            round_wind += 1
    last_round = 0 if state.options.length is Length.EAST else 1
    over = round_wind > last_round or (state.options.bust and any(s.points < 0 for s in seats))
    deck = state.cosmic
    if deck is not None:
        deck, expired = cosmic.end_hand(deck)
        events.append({"type": "rolls_reset", "expired": expired})
    rotated = dealer != state.dealer
    round_changed = round_wind != state.round_wind
    state = replace(state, seats=seats, honba=honba, dealer=dealer, round_wind=min(round_wind, 3),
                    hands_played=state.hands_played + 1, over=over, cosmic=deck)
    events.append({"type": "hand_end", "next": None if over else state.round_name, "honba": honba, "over": over})
    if state.chaosjan is not None:
        end = replace(end, dealer_changed=rotated, round_changed=round_changed, over=over)
        state, chaos_events = _with_chaos(state, lambda chaos, table: chaosjan.end_hand(chaos, table, end))
        events += chaos_events
    return state, events


# -- the Cosmic Deck -------------------------------------------------------------------------------------


def require_cosmic(state: TableState) -> CosmicState:
    if state.cosmic is None:
        raise IllegalMove(N_("This table has no Cosmic Deck yet."), N_("Start one with {command}."),
                          command=text.command("cosmic start"))
    return state.cosmic


def _cosmic_start(state: TableState, move: CosmicStart) -> tuple[TableState, list[Event]]:
    if state.cosmic is not None:
        raise IllegalMove(N_("This table already has a Cosmic Deck."),
                          N_("Use {reshuffle} to shuffle it, or {import_} to play another deck."),
                          reshuffle=text.command("cosmic reshuffle"), import_=text.command("cosmic import"))
    deck = cosmic.start(move.deck, len(state.seats), move.seed, move.chombo, move.salt)
    return replace(state, cosmic=deck), [{"type": "cosmic_started", "deck": move.deck.name,
                                          "cards": len(deck.library)}]


def _new_deck(state: TableState, move: NewDeck) -> tuple[TableState, list[Event]]:
    deck = cosmic.with_deck(require_cosmic(state), move.deck)
    return replace(state, cosmic=deck), [{"type": "deck_imported", "deck": move.deck.name,
                                          "cards": len(deck.library)}]


def _roll(state: TableState, move: Roll) -> tuple[TableState, list[Event]]:
    deck = require_cosmic(state)
    index = state.index_of(move.player)
    seat = state.seats[index]
    cost = cosmic.roll_cost(deck.rolls[index])
    if seat.points < cost:
        raise IllegalMove(N_("Your next roll costs {cost:,} and you have {points:,} points."),
                          N_("A player without enough points for a roll may not roll (seed 001)."), cost=cost,
                          points=seat.points)
    state = replace(_with_points(state, {move.player: -cost}), on_table=state.on_table + cost)  # rule 3.1
    deck, die = cosmic.roll_die(cosmic.count_roll(deck, index))
    events: list[Event] = [{"type": "roll", "player": move.player, "cost": cost, "die": die,
                            "rolls": deck.rolls[index], "next_cost": cosmic.roll_cost(deck.rolls[index])}]
    if die % 2 == 1:  # an odd number draws a card
        deck, card, drawn = cosmic.draw_top(deck)
        events += drawn
        if card is not None:
            deck, revealed = cosmic.reveal(deck, card, move.player)
            events += revealed
            for action in card.actions:
                if action.kind == "take_from_table":
                    state, taken = _card_take(state, move.player, action.amount, action.up_to, card.name)
                    events.append(taken)
    return replace(state, cosmic=deck), events


def _card_take(state: TableState, player: int, amount: int, up_to: bool, card: str) -> tuple[TableState, Event]:
    """A card lets you take points from the table (rule 3.1f): all of `amount`, or with "up to" what is there;
    without "up to" and with too little on the table, nothing happens (rule 3.1f.2)."""
    if state.on_table < amount and not up_to:
        return state, {"type": "take_ignored", "player": player, "amount": amount, "card": card}
    taken = min(amount, state.on_table)
    state = replace(_with_points(state, {player: taken}), on_table=state.on_table - taken)
    return state, {"type": "take", "player": player, "amount": taken, "on_table": state.on_table}


def _dismiss(state: TableState, move: Dismiss) -> tuple[TableState, list[Event]]:
    deck = require_cosmic(state)
    if move.card not in {e.card for e in deck.in_effect}:
        raise IllegalMove(N_("That Event is not in effect."), N_("See the Events in effect with {command}."),
                          command=text.command("cosmic status"))
    return replace(state, cosmic=cosmic.dismiss(deck, move.card)), [{"type": "dismissed", "card": move.card}]


def _chombo(state: TableState, move: Chombo) -> tuple[TableState, list[Event]]:
    """A failed Event: a dead hand and chombo for that player; the hand goes on and roll counts stay (seed 001)."""
    deck = require_cosmic(state)
    index = state.index_of(move.player)
    if move.player in deck.dead:
        raise IllegalMove(N_("{player} already has a dead hand this hand."), player=text.player(move.player))
    deltas: dict[int, int] = {}
    if deck.chombo is ChomboPenalty.MANGAN:  # under aotenjou, 5 han 30 fu by the formula (docs/rulings.md)
        penalty = score(HandValue(han=5, fu=30), dealer=index == state.dealer, tsumo=True, honba=0,
                        options=state.scoring, sanma=state.sanma)
        for i, seat in enumerate(state.seats):
            if i != index:
                owed = penalty.dealer_pays if i == state.dealer else penalty.others_pay
                deltas[seat.player] = owed
                deltas[move.player] = deltas.get(move.player, 0) - owed
    state = replace(_with_points(state, deltas), cosmic=replace(deck, dead=(*deck.dead, move.player)))
    return state, [{"type": "chombo", "player": move.player, "paid": -deltas.get(move.player, 0)}]


def _card_payment(state: TableState, move: CardPayment) -> tuple[TableState, list[Event]]:
    """A revealed card's payment, as its text says (seed 001: "you" is the revealer): each other player pays the
    revealer (rule 3.2), or each player still yakitori pays onto the table (rule 3.1). A payer without the points
    pays nothing (rule 3.1g: not a point exchange), and the event says so."""
    deck = require_cosmic(state)
    owed = next((o for o in deck.owed if o.reveal == move.reveal), None)
    if owed is None:
        raise IllegalMove(N_("That card's payment has already been made, or its hand is over."),
                          N_("{undo} takes a payment back; see the points with {show}."),
                          code="nothing_owed", undo=text.command("table undo"), show=text.command("table show"))
    card = deck.deck.card(owed.card)
    held = {s.player: s.points for s in state.seats}
    on_table = state.on_table
    payments: list[dict[str, Any]] = []
    skipped: list[dict[str, Any]] = []
    for action in card.payments:
        amount = action.amount_for(state.sanma)
        to = owed.revealer if action.kind == "each_other_pays_you" else None
        payers = [s.player for s in state.seats if (s.player != owed.revealer if to is not None else s.yakitori)]
        for payer in payers:
            if held[payer] < amount:
                skipped.append({"player": payer, "amount": amount})
                continue
            held[payer] -= amount
            if to is None:
                on_table += amount
            else:
                held[to] += amount
            payments.append({"from": payer, "to": to, "amount": amount})
    seats = tuple(replace(s, points=held[s.player]) for s in state.seats)
    deck = replace(deck, owed=tuple(o for o in deck.owed if o != owed))
    return replace(state, seats=seats, on_table=on_table, cosmic=deck), [
        {"type": "card_payment", "card": card.name, "revealer": owed.revealer, "payments": payments,
         "skipped": skipped, "on_table": on_table}]


def _reshuffle(state: TableState, move: Reshuffle) -> tuple[TableState, list[Event]]:
    deck = cosmic.reshuffle(require_cosmic(state))
    return replace(state, cosmic=deck), [{"type": "reshuffled", "cards": len(deck.library)}]


# -- CHAOS;JAN full rules ----------------------------------------------------------------------------------


def require_chaosjan(state: TableState) -> ChaosState:
    if state.chaosjan is None:
        raise IllegalMove(N_("This table isn't playing CHAOS;JAN yet."), N_("Start it with {command}."),
                          command=text.command("chaosjan new"))
    return state.chaosjan


def chaos_table(state: TableState) -> ChaosTable:
    """What CHAOS;JAN reads of the table: points by seat, points on the table, the dealer and who is in riichi."""
    return ChaosTable(tuple(s.points for s in state.seats), state.on_table, state.dealer,
                      tuple(s.riichi for s in state.seats))


def _with_chaos(state: TableState, step: Any) -> tuple[TableState, list[Event]]:
    """Run a CHAOS;JAN step on the table's points and write its payments back (one move, one transaction)."""
    chaos, table, events = step(require_chaosjan(state), chaos_table(state))
    seats = tuple(replace(s, points=p) for s, p in zip(state.seats, table.points, strict=True))
    return replace(state, seats=seats, on_table=table.on_table, chaosjan=chaos), events


def _chaos_start(state: TableState, move: ChaosStart) -> tuple[TableState, list[Event]]:
    if state.chaosjan is not None:
        raise IllegalMove(N_("This table is already playing CHAOS;JAN."), N_("See it with {command}."),
                          code="chaosjan_running", command=text.command("chaosjan status"))
    if state.hands_played or any(s.riichi for s in state.seats):
        raise IllegalMove(N_("This table's game has begun: CHAOS;JAN's cards are chosen and its decks built before "
                             "the first round (1.2a, 5.1d, 5.2d)."), N_("End this table with {end}, start another with "
                          "{start}, then {new} before its first hand."), code="table_started",
                          end=text.command("table end"), start=text.command("table start"),
                          new=text.command("chaosjan new"))
    chaos = replace(chaosjan.new_game(move.catalogue, move.options, state.players, state.host, move.seed, state.dealer),
                    seed_chosen=move.seed_chosen, salt=move.salt)
    return replace(state, chaosjan=chaos), [{"type": "chaosjan_started", "catalogue": move.catalogue.name}]


def _chaos_move(state: TableState, move: ChaosMove) -> tuple[TableState, list[Event]]:
    events: list[Event] = []
    if isinstance(move, ChaosPlay):  # 1.1e: the Action is played as part of declaring riichi, which must be valid
        card = require_chaosjan(state).catalogue.find(move.card)
        if card is not None and card.type is CardType.ACTION and card.timing is Timing.RIICHI:
            error = chaosjan.play_error(require_chaosjan(state), move)
            if error is not None:
                raise error
            state, events = _riichi(state, Riichi(move.player))
    state, chaos_events = _with_chaos(state, lambda chaos, table: chaosjan.apply(chaos, table, move))
    return state, events + chaos_events


_HANDLERS: dict[type, Callable[[TableState, Any], tuple[TableState, list[Event]]]] = {
    Riichi: _riichi, Pay: _pay, Take: _take, SetPoints: _set_points, Ron: _ron, Tsumo: _tsumo, Draw: _draw,
    AbortiveDraw: _abortive_draw, CosmicStart: _cosmic_start, NewDeck: _new_deck, Roll: _roll, Dismiss: _dismiss,
    Chombo: _chombo, Reshuffle: _reshuffle, CardPayment: _card_payment, ChaosStart: _chaos_start}


def standings(state: TableState) -> list[tuple[int, Seat]]:
    """(place, seat), best first; ties share a place, and then the seat nearer the first East comes first."""
    ordered = sorted(enumerate(state.seats), key=lambda pair: (-pair[1].points, pair[0]))
    places = 0
    result: list[tuple[int, Seat]] = []
    for rank, (_, seat) in enumerate(ordered):
        if rank == 0 or seat.points != result[-1][1].points:
            places = rank + 1
        result.append((places, seat))
    return result


UMA_PRESETS: dict[str, tuple[int, int]] = {"none": (0, 0), "5-10": (5, 10), "10-20": (10, 20), "10-30": (10, 30)}


def final_scores(points: list[int], *, uma: tuple[int, int], starting_points: int, return_points: int) -> list[float]:
    """Each seat's final score in thousands: points less the return points, plus uma by place, and the oka
    ((return - starting points) x players) to first place. Tied seats share their places' uma and oka equally."""
    n = len(points)
    small, big = uma
    by_place = [big + (return_points - starting_points) * n / 1000, *([small, -small] if n == 4 else [0]), -big]
    order = sorted(range(n), key=lambda i: -points[i])
    scores = [0.0] * n
    first = 0
    while first < n:
        last = first
        while last + 1 < n and points[order[last + 1]] == points[order[first]]:
            last += 1
        share = sum(by_place[first:last + 1]) / (last - first + 1)
        for i in order[first:last + 1]:
            scores[i] = (points[i] - return_points) / 1000 + share
        first = last + 1
    return scores


def corrects(move: Move) -> tuple[int, Move] | None:
    """(the entry, its replacement) of a correction; None for every other move."""
    return (move.entry, move.move) if isinstance(move, Correct) else None


TABLE = GameKind(name=KIND, state_to_dict=TableState.to_dict, state_from_dict=TableState.from_dict,
                 move_to_dict=move_to_dict, move_from_dict=move_from_dict, apply=apply,
                 results=lambda state: [(seat.player, place, seat.points) for place, seat in standings(state)],
                 corrects=corrects)

__all__ = [
    "MAX_RETURN",
    "TABLE",
    "UMA_PRESETS",
    "AbortiveDraw",
    "CardPayment",
    "ChaosStart",
    "Chombo",
    "Correct",
    "CosmicStart",
    "Dismiss",
    "Draw",
    "HandValue",
    "Limit",
    "NewDeck",
    "Pay",
    "Reshuffle",
    "Riichi",
    "Roll",
    "Ron",
    "SetPoints",
    "TableOptions",
    "TableState",
    "Take",
    "Tsumo",
    "Win",
    "chaos_table",
    "check_options",
    "check_return_points",
    "final_scores",
    "move_from_dict",
    "new_game",
    "require_chaosjan",
    "require_cosmic",
    "score",
    "standings",
]
