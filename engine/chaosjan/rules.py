"""CHAOS;JAN full rules (seed 000) as pure transitions: `apply(state, table, move) -> (state, table, events)`.

`table` (points, points on the table, the dealer) is the part of the channel's `/table` the cards read and
change; `engine.table` hands it in and writes it back in the same move, so a card's payment and the card itself
change together or not at all. Rule numbers in comments and messages are the seed's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from engine.base import Event
from engine.chaosjan.catalogue import (
    INSTEAD,
    LASTING,
    Card,
    CardType,
    Catalogue,
    Effect,
    EffectKind,
    HyperTiming,
    Lasts,
    Timing,
    card_type,
)
from engine.chaosjan.moves import AutoPass, Choose, Drew, EndEffect, Move, Next, Pass, Play, UseCatalogue
from engine.chaosjan.options import CHOICES_EACH, STARTING_HAND, ChaosOptions
from engine.chaosjan.state import (
    AutoMode,
    ChaosState,
    Choice,
    InPlay,
    Phase,
    Played,
    Priority,
    SubPriority,
    Table,
    Window,
)
from engine.errors import GameError, IllegalMove, NotAllowed, NotYourTurn
from engine.text import N_, command, player

PLAYERS = (3, 4)
RIICHI_STICK = 1000


class OutOfTiming(IllegalMove):
    """A card played when its timing rule forbids it; the message names the rule."""

    code = "out_of_timing"


Result = tuple[ChaosState, Table, list[Event]]


# -- setting up -----------------------------------------------------------------------------------------------


def new_game(catalogue: Catalogue, options: ChaosOptions, players: list[int] | tuple[int, ...], host: int,
             seed: int, dealer: int = 0) -> ChaosState:
    """Choices open: each player picks a Character (1.2a), three Actions and three Stocks (5.1d.2) and three
    Modifiers (5.2d.1)."""
    if len(players) not in PLAYERS:
        raise IllegalMove(N_("CHAOS;JAN is played at a table of three or four players."))
    needed = CHOICES_EACH * len(players)
    have = len(catalogue.of_type(CardType.MODIFIER))
    if have < needed:
        raise IllegalMove(N_("{catalogue} has {have} Modifiers; {players} players choosing three each need "
                             "{needed} different ones (5.2d.2)."), N_("Import a catalogue with more Modifiers."),
                          code="too_few_modifiers", catalogue=catalogue.name, have=have, players=len(players),
                          needed=needed)
    return ChaosState(catalogue=catalogue, options=options, seed=seed, players=tuple(players), host=host,
                      choices=(Choice(),) * len(players), active=dealer)


def _choose(state: ChaosState, table: Table, move: Choose) -> Result:
    if state.phase is not Phase.SETUP:
        raise IllegalMove(N_("Characters and deck cards are chosen before the first round (1.2a, 5.1d, 5.2d)."),
                          code="game_started")
    seat = state.seat_of(move.player)
    kind = move.kind
    names = {c.id: c.name for c in state.catalogue.of_type(kind)}
    if kind not in (CardType.CHARACTER, CardType.ACTION, CardType.STOCK, CardType.MODIFIER):
        raise IllegalMove(N_("{kind} cards are not chosen."), code="wrong_type", kind=card_type(kind, "title"))
    for card_id in move.cards:
        if card_id not in names:
            raise IllegalMove(N_("{card} is not a {kind} card of {catalogue}."),
                              N_("Pick from the menu."), code="wrong_type", card=repr(card_id),
                              catalogue=state.catalogue.name, kind=card_type(kind))
    choice = state.choices[seat]
    taken: tuple[str, ...] = ()
    if kind is CardType.CHARACTER:
        if len(move.cards) != 1:
            raise IllegalMove(N_("Choose one Character (1.2)."), code="choose_one")
        choice = replace(choice, character=move.cards[0])
    else:
        rule = "5.2d.2" if kind is CardType.MODIFIER else "5.1d.3"
        doubled = next((c for c in move.cards if move.cards.count(c) > 1), None)
        if doubled is not None:
            raise IllegalMove(N_("You chose {card} twice: one player can't bring two copies of the same {kind} "
                                 "({rule})."), N_("Choose three different {kinds}."),
                              code="duplicate_choice", card=names[doubled], rule=rule, kind=card_type(kind),
                              kinds=card_type(kind, "many"))
        if len(move.cards) != CHOICES_EACH:
            raise IllegalMove(N_("Choose three different {kinds} (5.1d.2, 5.2d.1), not {count}."),
                              code="choose_three", kinds=card_type(kind, "many"), count=len(move.cards))
        cards = tuple(move.cards)
        if kind is CardType.MODIFIER:  # 5.2d.2: a Modifier another player chose is refused alone
            taken = tuple(c for c in cards if c in _taken_modifiers(state, seat))
            cards = tuple(c for c in cards if c not in taken)
        if kind is CardType.ACTION:
            choice = replace(choice, actions=cards)
        elif kind is CardType.STOCK:
            choice = replace(choice, stocks=cards)
        else:
            choice = replace(choice, modifiers=cards)
    state = replace(state, choices=tuple(choice if i == seat else c for i, c in enumerate(state.choices)))
    events: list[Event] = [{"type": "chose", "player": move.player, "kind": kind.value,
                            "ready": choice.complete}]
    if taken:
        events[0]["taken"] = list(taken)
    if all(c.complete for c in state.choices):
        return _begin(state, table, events)
    return state, table, events


def _taken_modifiers(state: ChaosState, seat: int) -> set[str]:
    return {m for i, c in enumerate(state.choices) if i != seat for m in c.modifiers}


def choosable(state: ChaosState, player: int, kind: CardType) -> tuple[Card, ...]:
    """The cards of `kind` that `player` may choose now: a Modifier another player chose is not (5.2d.2)."""
    taken = _taken_modifiers(state, state.seat_of(player)) if kind is CardType.MODIFIER else set()
    return tuple(c for c in state.catalogue.of_type(kind) if c.id not in taken)


def _use_catalogue(state: ChaosState, table: Table, move: UseCatalogue) -> Result:
    if state.phase is not Phase.SETUP:
        raise IllegalMove(N_("The decks are already built from this catalogue (5.1d, 5.2d)."),
                          N_("Import a catalogue before the last player finishes choosing."), code="game_started")
    fresh = replace(new_game(move.catalogue, state.options, state.players, state.host, state.seed, state.active),
                    seed_chosen=state.seed_chosen)
    return fresh, table, [{"type": "catalogue", "name": move.catalogue.name, "cards": len(move.catalogue.cards)}]


def _begin(state: ChaosState, table: Table, events: list[Event]) -> Result:
    """Build both decks (5.1d, 5.2d), deal five cards each (4.1), put the first Modifier into play (1.4b.1) and
    give the dealer priority for the first turn (2.1)."""
    catalogue, options = state.catalogue, state.options
    cards: list[str] = [c for choice in state.choices for c in (*choice.actions, *choice.stocks)]
    cards += [catalogue.only(CardType.HYPER).id] * (options.hypers_per_player * state.n)
    cards += [catalogue.only(CardType.NEGATE).id] * options.negates
    deck = list(range(len(cards)))
    random.Random(f"{state.seed}:action:0").shuffle(deck)
    modifiers = [m for choice in state.choices for m in choice.modifiers]
    random.Random(f"{state.seed}:modifier:0").shuffle(modifiers)
    state = replace(state, phase=Phase.PLAYING, cards=tuple(cards), deck=tuple(deck), hands=((),) * state.n,
                    modifier_deck=tuple(modifiers), shuffles=1)
    events.append({"type": "decks_built", "action_deck": len(cards), "modifier_deck": len(modifiers),
                   "hypers": options.hypers_per_player * state.n, "negates": options.negates})
    for _ in range(STARTING_HAND):  # 4.1, one card at a time in turn order from the dealer
        for seat in _turn_order(state, table.dealer):
            state, _ = _draw(state, seat, 1, events)
    events.append({"type": "dealt", "each": STARTING_HAND})
    state = _next_modifier(state, events)
    if options.first_hand_draw:
        state = _hand_draws(state, table.dealer, (), events)
    state = replace(state, hands_begun=1)
    return _begin_turn(state, table, table.dealer, events)


# -- drawing ------------------------------------------------------------------------------------------------------


def _turn_order(state: ChaosState, first: int) -> list[int]:
    return [(first + i) % state.n for i in range(state.n)]


def _draw(state: ChaosState, seat: int, count: int, events: list[Event]) -> tuple[ChaosState, int]:
    """Draw from the Action Deck (4.4). An empty deck is refilled by shuffling its discard pile (rulings)."""
    drawn: list[int] = []
    deck, discard, shuffles = list(state.deck), list(state.discard), state.shuffles
    for _ in range(count):
        if not deck:
            if not discard:
                events.append({"type": "deck_empty", "player": state.players[seat]})
                break
            deck, discard = discard, []
            random.Random(f"{state.seed}:action:{shuffles}").shuffle(deck)
            shuffles += 1
            events.append({"type": "deck_reshuffled", "deck": "action", "cards": len(deck)})
        drawn.append(deck.pop(0))
    state = replace(state, deck=tuple(deck), discard=tuple(discard), shuffles=shuffles)
    return state.with_hand(seat, state.hands[seat] + tuple(drawn)), len(drawn)


def _hand_draws(state: ChaosState, dealer: int, payers: tuple[int, ...], events: list[Event]) -> ChaosState:
    """4.2: one card each at the start of a hand; 4.3: one more for each player who paid a point exchange."""
    for seat in _turn_order(state, dealer):
        state, _ = _draw(state, seat, 1, events)
    extra = [seat for seat in _turn_order(state, dealer) if seat in payers]
    for seat in extra:
        state, _ = _draw(state, seat, 1, events)
    events.append({"type": "hand_draws", "each": 1, "extra": [state.players[s] for s in extra]})
    return state


def _next_modifier(state: ChaosState, events: list[Event]) -> ChaosState:
    """1.4b.1, 1.4c.2: the Modifier in play is discarded and the top of the Modifier Deck goes into play. An empty
    Modifier Deck is refilled from the discarded Modifiers; with none, the one in play stays (rulings)."""
    deck, discard, shuffles = list(state.modifier_deck), list(state.modifier_discard), state.shuffles
    if not deck:
        if not discard:
            return state
        deck, discard = discard, []
        random.Random(f"{state.seed}:modifier:{shuffles}").shuffle(deck)
        shuffles += 1
        events.append({"type": "deck_reshuffled", "deck": "modifier", "cards": len(deck)})
    old = state.modifier
    if old is not None:
        discard.append(old)
    new = deck.pop(0)
    events.append({"type": "modifier", "card": new, "replaced": old})
    return replace(state, modifier=new, modifier_deck=tuple(deck), modifier_discard=tuple(discard),
                   shuffles=shuffles)


# -- turns and hands ---------------------------------------------------------------------------------------------


def _begin_turn(state: ChaosState, table: Table, seat: int, events: list[Event]) -> Result:
    """2.1: at the start of the active player's turn, before they draw, they receive priority."""
    ending = [s for s in state.stocks if s.seat == seat and s.lasts is Lasts.YOUR_NEXT_TURN]
    state = _end_stocks(state, ending, "next_turn", events)
    if state.mode(seat) is AutoMode.UNTIL_MY_TURN:
        state = state.with_mode(seat, AutoMode.AUTO)
    state = replace(state, active=seat, drawn=False, draw_waits=False, priority=Priority(seat, Window.BEFORE_DRAW))
    events.append({"type": "turn", "player": state.players[seat]})
    events.append({"type": "priority", "player": state.players[seat], "window": Window.BEFORE_DRAW.value})
    return _autopass(state, table, events)


def _require_playing(state: ChaosState) -> None:
    if state.phase is not Phase.PLAYING:
        waiting = [str(player(p)) for p, c in zip(state.players, state.choices, strict=True) if not c.complete]
        raise IllegalMove(N_("The game hasn't started: the players are still choosing their cards (1.2a, 5.1d)."),
                          N_("Waiting for {players}: press **Choose my cards**."), code="setup",
                          players=", ".join(waiting))


_STILL_HOLDS = {  # (sub-priority?, what waits) -> the refusal
    (False, "turn"): N_("{player} still holds priority: the turn passes once priority passing has stopped (2.6)."),
    (True, "turn"): N_("{player} still holds sub-priority: the turn passes once priority passing has stopped (2.6)."),
    (False, "draw"): N_("{player} still holds priority: draw once priority passing has stopped (2.6)."),
    (True, "draw"): N_("{player} still holds sub-priority: draw once priority passing has stopped (2.6)."),
    (False, "riichi"): N_("{player} still holds priority: a riichi is declared with your discard, once priority "
                          "passing has stopped (2.6)."),
    (True, "riichi"): N_("{player} still holds sub-priority: a riichi is declared with your discard, once priority "
                         "passing has stopped (2.6)."),
}


def _require_stopped(state: ChaosState, what: str) -> None:
    holder = state.holder
    if holder is not None:
        kind, seat = holder
        raise IllegalMove(_STILL_HOLDS[kind == "sub", what],
                          N_("Play or pass with the panel's buttons, or {command}."),
                          code="priority_open", player=player(state.players[seat]), command=command("chaosjan pass"))


def _drew(state: ChaosState, table: Table, move: Drew) -> Result:
    _require_playing(state)
    seat = state.seat_of(move.player)
    events: list[Event] = []
    if seat == state.next_seat(state.active) and state.drawn and not move.again:  # rulings: the draw passes the turn
        _require_stopped(state, "turn")
        state, table, events = _begin_turn(state, table, seat, events)
        if state.holder is not None:  # someone may play before the draw (2.1): it counts once they have passed
            events.append({"type": "draw_waits", "player": move.player})
            return replace(state, draw_waits=True), table, events
    if seat != state.active and state.drawn and not move.again:
        following = state.players[state.next_seat(state.active)]
        raise NotYourTurn(N_("{player} draws next: their draw begins their turn (2.1)."),
                          N_("After a call (pon, kan), say whose turn it is with {command}."),
                          player=player(following), command=command("chaosjan next", "player:"))
    if seat != state.active:
        raise NotYourTurn(N_("It is {player}'s turn: only they draw now."),
                          N_("Use {command} when the turn passes."), player=player(state.players[state.active]),
                          command=command("chaosjan next"))
    if state.drawn and not move.again:
        raise IllegalMove(N_("You have already drawn this turn."),
                          N_("After a kan, report the replacement tile with {again}; otherwise use "
                             "{next} when the turn passes."), code="already_drawn",
                          again=command("chaosjan drew", "again:True"), next=command("chaosjan next"))
    if move.again and not state.drawn:
        raise IllegalMove(N_("You haven't drawn this turn yet: `again` is for a second tile in one turn, such as a "
                             "kan's replacement tile."), N_("Use {command} without `again`."), code="not_drawn",
                          command=command("chaosjan drew"))
    _require_stopped(state, "draw")
    return _autopass(_draw_tile(state, move.again, events), table, events)


def _draw_tile(state: ChaosState, again: bool, events: list[Event]) -> ChaosState:
    """The active player has drawn a tile: they receive priority (2.1)."""
    player = state.players[state.active]
    events += [{"type": "drew_tile", "player": player, "again": again},
               {"type": "priority", "player": player, "window": Window.AFTER_DRAW.value}]
    return replace(state, drawn=True, draw_waits=False, priority=Priority(state.active, Window.AFTER_DRAW))


def _next(state: ChaosState, table: Table, move: Next) -> Result:
    _require_playing(state)
    state.seat_of(move.player)
    _require_stopped(state, "turn")
    seat = state.next_seat(state.active) if move.to is None else state.seat_of(move.to)
    if seat == state.active:
        raise IllegalMove(N_("It is already {player}'s turn: passing the turn to them would start it "
                             "again and end their \"until your next turn\" Stocks (2.1, 1.6c.1)."),
                          N_("After a kan, report the replacement tile with {command}."),
                          code="same_turn", player=player(state.players[seat]),
                          command=command("chaosjan drew", "again:True"))
    return _begin_turn(state, table, seat, [])


@dataclass(frozen=True)
class HandEnd:
    """What `/table` reports when a hand ends (ron, tsumo or draw)."""

    winners: tuple[int, ...] = ()
    loser: int | None = None
    payers: tuple[int, ...] = ()  # players who paid a point exchange (4.3, 3.2c.1)
    exchange: bool = False  # a ron or tsumo was paid: it used up any doubling (3.2c.2)
    dealer_changed: bool = False  # the seat winds rotated
    round_changed: bool = False  # the round wind changed
    over: bool = False


def end_hand(state: ChaosState, table: Table, end: HandEnd) -> Result:
    """The hand is over: cards still waiting to occur go back to their players (1.1b), "this hand" Stocks end
    (1.6c), a wind rotation brings the next Modifier (1.4b.1), and everyone draws for the new hand (4.2, 4.3);
    the new dealer's turn begins with priority (2.1)."""
    if state.phase is not Phase.PLAYING:
        waiting = [str(player(p)) for p, c in zip(state.players, state.choices, strict=True) if not c.complete]
        raise IllegalMove(N_("A hand can't end while the players are still choosing their CHAOS;JAN cards: the "
                             "choices come before the first round (1.2a, 5.1d)."),
                          N_("Waiting for {players}: press **Choose my cards**, then play the hand."),
                          code="setup", players=", ".join(waiting))
    events: list[Event] = []
    if state.priority is not None and state.priority.sub is not None:
        for played in state.priority.sub.chain:
            state = state.with_hand(played.seat, (*state.hands[played.seat], played.card))
            events.append({"type": "returned", "player": state.players[played.seat],
                           "card": state.cards[played.card]})
    state = replace(state, priority=None, draw_waits=False, doubles=0 if end.exchange else state.doubles)
    loser = None if end.loser is None else state.seat_of(end.loser)
    winners = {state.seat_of(w) for w in end.winners}

    def ends(stock: InPlay) -> bool:
        if stock.lasts in (None, Lasts.HAND):
            return True  # 1.6c.1, 1.6c.3
        if stock.lasts is Lasts.APPLIES:
            return state.options.applies_ends_with_hand
        return (stock.lasts is Lasts.DEAL_IN and stock.seat == loser) or (
            stock.lasts is Lasts.WIN and stock.seat in winners)

    if loser is not None:
        table = _repay(state, table, loser, events)
    state = _end_stocks(state, [s for s in state.stocks if ends(s)], "hand_ended", events)
    if end.over:
        events.append({"type": "chaos_over"})
        return state, table, events
    rotated = end.round_changed if state.options.modifier_on == "round" else end.dealer_changed
    if rotated:
        state = _next_modifier(state, events)
    payers = tuple(state.seat_of(p) for p in end.payers)
    state = _hand_draws(state, table.dealer, payers, events)
    state = replace(state, hands_begun=state.hands_begun + 1)
    return _begin_turn(state, table, table.dealer, events)


def _repay(state: ChaosState, table: Table, loser: int, events: list[Event]) -> Table:
    """The player who dealt in pays what their cards in play promise the player they named (Loan Shark)."""
    for stock in state.stocks:
        if stock.seat != loser or stock.target is None:
            continue
        for effect in in_play_effects(state, stock):
            if effect.kind is EffectKind.REPAY_ON_DEAL_IN:
                table = _transfer(state, table, loser, stock.target, effect.amount, state.cards[stock.card], events)
    return table


def _end_stocks(state: ChaosState, ending: list[InPlay], why: str, events: list[Event]) -> ChaosState:
    """1.6b.1: once a Stock's effect is no longer active, its card is discarded."""
    if not ending:
        return state
    for stock in ending:
        events.append({"type": "stock_ended", "player": state.players[stock.seat], "card": state.cards[stock.card],
                       "why": why})
    return replace(state, stocks=tuple(s for s in state.stocks if s not in ending),
                   discard=state.discard + tuple(s.card for s in ending))


def _end_effect(state: ChaosState, table: Table, move: EndEffect) -> Result:
    _require_playing(state)
    seat = state.seat_of(move.player)
    stock = next((s for s in state.stocks if s.card == move.card), None)
    if stock is None:
        raise IllegalMove(N_("That card is not in play."), N_("See the cards in play with {command}."),
                          code="not_in_play", command=command("chaosjan status"))
    if stock.seat != seat and move.player != state.host:
        raise NotAllowed(N_("That is {player}'s card: they (or the host) end its effect."),
                         code="not_yours", player=player(state.players[stock.seat]))
    events: list[Event] = []
    state = _end_stocks(state, [stock], "ended", events)
    return state, table, events


# -- timing ------------------------------------------------------------------------------------------------------


def hyper_effect(state: ChaosState, seat: int) -> Card:
    """1.3a: a Hyper's effect is on the Character card of the player who plays it."""
    character = state.character(seat)
    assert character is not None  # every player has a Character once the game is playing
    return character


def _acts_like_action(state: ChaosState, seat: int, card: Card) -> bool:
    if card.type is CardType.ACTION:
        return True
    return card.type is CardType.HYPER and hyper_effect(state, seat).hyper_timing is HyperTiming.ANY_TIME  # 1.3d.1


def timing_error(state: ChaosState, seat: int, card: Card) -> GameError | None:
    """Why `card` can't be played by `seat` right now (the rule that forbids it), or None if its timing allows it."""
    if state.phase is not Phase.PLAYING:
        return OutOfTiming(N_("The game hasn't started yet (1.2a, 5.1d)."))
    holder = state.holder
    name = card.name
    if card.type is CardType.NEGATE:
        if holder is None or holder[0] != "sub":
            return OutOfTiming(N_("A Negate can only be played with sub-priority (1.5a.1), which opens when a card is "
                                  "played (2.7b)."), N_("Wait until someone plays a card."))
        if holder[1] != seat:
            return NotYourTurn(N_("{player} holds sub-priority (2.7a): a Negate waits until "
                                  "sub-priority comes to you (1.5a.1)."), player=player(state.players[holder[1]]))
        return None
    if card.type in (CardType.CHARACTER, CardType.MODIFIER):
        return OutOfTiming(N_("{kind} cards are not played (1.2a, 1.4b)."), kind=card_type(card.type, "title"))
    if card.type is CardType.ACTION and card.timing is Timing.RIICHI:
        if state.priority is not None:
            return OutOfTiming(N_("{card} is played only as you declare riichi (1.1e.2), after priority passing has "
                                  "stopped (2.6)."), card=name)
        if seat != state.active or not state.drawn:
            return OutOfTiming(N_("{card} is played only as you declare riichi (1.1e.2): on your own turn, with the "
                                  "discard after your draw."), card=name)
        return None
    if not _acts_like_action(state, seat, card):  # a Stock (1.6a) or a Hyper (1.3c): your turn, before the draw
        rule = "1.3c" if card.type is CardType.HYPER else "1.6a"
        hyper = card.type is CardType.HYPER
        if seat != state.active:
            return OutOfTiming(N_("A Hyper can only be played by the active player ({rule}).") if hyper else
                               N_("A Stock can only be played by the active player ({rule})."),
                               N_("Play it on your own turn."), rule=rule)
        if state.drawn:
            return OutOfTiming(N_("A Hyper can only be played before you draw a tile ({rule}).") if hyper else
                               N_("A Stock can only be played before you draw a tile ({rule})."),
                               N_("Play it at the start of your next turn."), rule=rule)
    if holder is None:
        return OutOfTiming(N_("No one has priority now (2.6): it comes at the start of the active player's turn and "
                              "after they draw a tile (2.1)."), N_("Wait for {next} or {drew}."),
                           next=command("chaosjan next"), drew=command("chaosjan drew"))
    if holder[0] == "sub":
        return OutOfTiming(N_("Sub-priority is running (2.7): only Negates can be played until it ends, then main "
                              "priority passes (2.7c, 2.7d)."))
    if holder[1] != seat:
        return NotYourTurn(N_("{player} holds priority (2.2, 2.3): wait until it comes to you."),
                           player=player(state.players[holder[1]]))
    if _acts_like_action(state, seat, card):
        rule = "1.3d.1, 1.1f" if card.type is CardType.HYPER else "1.1f"
        if card.timing is Timing.YOUR_TURN and seat != state.active:
            return OutOfTiming(N_("{card} can only be played on your own turn ({rule})."), card=name, rule=rule)
        if card.timing is Timing.OTHERS_TURN and seat == state.active:
            return OutOfTiming(N_("{card} can only be played on another player's turn ({rule})."), card=name,
                               rule=rule)
        if card.timing is Timing.AFTER_DRAW and not state.drawn:
            return OutOfTiming(N_("{card} can only be played after the active player has drawn ({rule})."), card=name,
                               rule=rule)
    return None


def effects_of(state: ChaosState, seat: int, card: Card) -> tuple[tuple[Effect, ...], bool]:
    """The effects a played card carries out for `seat`, and whether its colour bonus applies (1.2d.2)."""
    if card.type is CardType.HYPER:
        return hyper_effect(state, seat).hyper_effects, False
    bonus = state.bonus_applies(card, seat)
    if not bonus:
        return card.effects, False
    replaced = {e.kind for e in card.bonus_effects if e.kind in INSTEAD}  # "... instead"
    return tuple(e for e in card.effects if e.kind not in replaced) + card.bonus_effects, True


def in_play_effects(state: ChaosState, stock: InPlay) -> tuple[Effect, ...]:
    """The lasting effects of a card in play (1.6b)."""
    effects, _ = effects_of(state, stock.seat, state.card(stock.card))
    return tuple(e for e in effects if e.kind in LASTING)


def _holding(state: ChaosState, seat: int) -> list[Effect]:
    """The lasting effects that hold for `seat`: the Modifier's, as a Stock of their own (1.4e, with its colour bonus,
    1.4d), and their own cards in play (1.6b)."""
    if state.phase is not Phase.PLAYING:
        return []
    modifier = state.modifier_card()
    held = list(effects_of(state, seat, modifier)[0]) if modifier is not None else []
    for stock in state.stocks:
        if stock.seat == seat:
            held += in_play_effects(state, stock)
    return held


def riichi_cost(state: ChaosState, seat: int) -> int:
    """What `seat`'s riichi stick costs now: 1,000, or the least a `riichi_cost` effect holding for them says."""
    return min((e.amount for e in _holding(state, seat) if e.kind is EffectKind.RIICHI_COST), default=RIICHI_STICK)


def honba_value(state: ChaosState | None) -> int | None:
    """What each honba is worth to the winner under the Modifier in play (Heavy Honba), or None: the usual value."""
    modifier = None if state is None or state.phase is not Phase.PLAYING else state.modifier_card()
    if modifier is None:
        return None
    return next((e.amount for e in modifier.effects if e.kind is EffectKind.HONBA_VALUE), None)


def deal_in_payment(state: ChaosState | None, loser: int, amount: int) -> tuple[int, list[Event]]:
    """What the player who dealt in pays of a ron's `amount`: half, rounded up to 100, while a `half_deal_in`
    effect of theirs is in play (Insurance Policy); it ends as they deal in (its `lasts`)."""
    if state is None or state.phase is not Phase.PLAYING:
        return amount, []
    for stock in state.stocks:
        if stock.seat == loser and any(e.kind is EffectKind.HALF_DEAL_IN for e in in_play_effects(state, stock)):
            half = -(-amount // 200) * 100
            return half, [{"type": "half_deal_in", "player": state.players[loser], "card": state.cards[stock.card],
                           "full": amount, "paid": half}]
    return amount, []


def riichi_error(state: ChaosState, seat: int) -> GameError | None:
    """Why a riichi can't be declared now: the players are still choosing (1.2a), or someone holds priority (2.6):
    a riichi comes with the discard, once priority passing has stopped."""
    if state.phase is not Phase.PLAYING:
        return IllegalMove(N_("The players are still choosing their CHAOS;JAN cards: the hand starts once they have "
                              "chosen (1.2a, 5.1d)."), N_("Press **Choose my cards** first."), code="setup")
    holder = state.holder
    if holder is not None:
        return IllegalMove(_STILL_HOLDS[holder[0] == "sub", "riichi"],
                           N_("Pass or play with the panel's buttons first, then declare riichi."),
                           code="priority_open", player=player(state.players[holder[1]]))
    return None


def needs(state: ChaosState, seat: int, card: Card) -> tuple[bool, bool]:
    """What playing `card` asks for: (a player to name, an amount to take from the table, 3.1f.4)."""
    effects, _ = effects_of(state, seat, card)
    return (any(e.needs_target for e in effects),
            any(e.kind is EffectKind.TAKE_FROM_TABLE and e.any_number for e in effects))


def _details(state: ChaosState, table: Table, seat: int, card: Card, move: Play) -> tuple[int | None, int | None]:
    """The target seat and amount a card needs, checked (3.1f.4, 3.1f.5, 3.1g)."""
    effects, _ = effects_of(state, seat, card)
    needs_target, needs_amount = needs(state, seat, card)
    target = None
    if needs_target:
        if move.target is None:
            raise IllegalMove(N_("{card} needs a player to name."), N_("Give the `target` option."),
                              code="needs_target", card=card.name)
        target = state.seat_of(move.target)
        if target == seat:
            raise IllegalMove(N_("Name another player, not yourself."), code="needs_target")
    amount = None
    if needs_amount:
        if move.amount is None or move.amount <= 0 or move.amount % 100:
            raise IllegalMove(N_("{card} takes any number of points you choose, in sticks (3.1f.4, 3.1f.5)."),
                              N_("Give `amount` as a positive multiple of 100."), code="bad_amount", card=card.name)
        if not table.on_table:
            raise IllegalMove(N_("{card} takes points from the table, and there are none on it (3.1f.2)."),
                              code="bad_amount", card=card.name)
        if move.amount > table.on_table:
            raise IllegalMove(N_("There are {on_table:,} points on the table, not {amount:,} (3.1f.2)."),
                              N_("Choose at most {on_table:,}."), code="bad_amount", on_table=table.on_table,
                              amount=move.amount)
        amount = move.amount
    owed = sum(e.amount for e in effects if e.kind is EffectKind.PAY)
    if owed > table.points[seat]:
        raise IllegalMove(N_("{card} costs {owed:,} points and you have {points:,}: a player can't pay "
                             "more than they have (3.1g)."), code="cannot_pay", card=card.name, owed=owed,
                          points=table.points[seat])
    return target, amount


def can_play_now(state: ChaosState, table: Table, seat: int) -> bool:
    """Whether the player could play any card right now (timing, a player to name, an amount, the cost)."""
    return any(isinstance(m, Play) for m in legal_moves(state, table, state.players[seat]))


# -- playing and passing ------------------------------------------------------------------------------------------


def _find(state: ChaosState, move: Play) -> tuple[int, Card, int]:
    """The seat, the card and the number of the copy a play names."""
    _require_playing(state)
    seat = state.seat_of(move.player)
    card = state.catalogue.find(move.card)
    if card is None:
        raise IllegalMove(N_("There is no card called {card}."), N_("Pick a card from your hand."),
                          code="no_such_card", card=repr(move.card))
    number = next((c for c in state.hands[seat] if state.cards[c] == card.id), None)
    if number is None:
        raise IllegalMove(N_("You don't hold {card}."), N_("See your cards with {command}."), code="not_in_hand",
                          card=card.name, command=command("chaosjan hand"))
    return seat, card, number


def play_error(state: ChaosState, move: Play) -> GameError | None:
    """Why this play is refused before anything else happens (the riichi of 1.1e is declared only after)."""
    try:
        seat, card, _ = _find(state, move)
    except GameError as error:
        return error
    return timing_error(state, seat, card)


def _play(state: ChaosState, table: Table, move: Play) -> Result:
    seat, card, number = _find(state, move)
    error = timing_error(state, seat, card)
    if error is not None:
        raise error
    target, amount = _details(state, table, seat, card, move)
    hand = list(state.hands[seat])
    hand.remove(number)
    state = _card_played(state.with_hand(seat, tuple(hand)))
    played = Played(number, seat, target, amount)
    event: Event = {"type": "played", "player": move.player, "card": card.id}
    if target is not None:
        event["target"] = state.players[target]
    if amount is not None:
        event["amount"] = amount
    events: list[Event] = [event]
    priority = state.priority
    if card.type is CardType.NEGATE:  # 1.5b, 1.5e: it negates the card before it, and knows whose that is
        assert priority is not None and priority.sub is not None
        before = priority.sub.chain[-1]
        event |= {"negates": state.cards[before.card], "owner": state.players[before.seat]}
        sub = SubPriority(state.next_seat(seat), (*priority.sub.chain, played))  # 1.5a.2
        state = replace(state, priority=replace(priority, sub=sub))
        events.append({"type": "sub_priority", "player": state.players[sub.holder]})
    elif card.type is CardType.ACTION and card.timing is Timing.RIICHI:  # 1.1e.1: a round of priority opens
        event["riichi"] = True
        state = replace(state, priority=Priority(seat, Window.RIICHI, sub=SubPriority(seat, (played,))))
        events.append({"type": "sub_priority", "player": move.player})
    elif card.negatable:  # 2.7b: the player who played it receives sub-priority; main priority waits (2.7d)
        assert priority is not None
        state = replace(state, priority=replace(priority, sub=SubPriority(seat, (played,))))
        events.append({"type": "sub_priority", "player": move.player})
    else:  # a Hyper can't be negated (1.3e): priority passes and it occurs (1.1d, 2.4)
        state, table = _pass_after(state, table, played, events)
    state, table, events = _autopass(state, table, events)
    return state, table, events


def _pass(state: ChaosState, table: Table, move: Pass) -> Result:
    _require_playing(state)
    seat = state.seat_of(move.player)
    holder = state.holder
    if holder is None:
        raise IllegalMove(N_("No one has priority now (2.6), so there is nothing to pass."), code="priority_closed")
    if holder[1] != seat:
        return _pass_ahead(state, table, seat, holder[0] == "sub")
    events: list[Event] = []
    state, table = _pass_once(state, table, events)
    return _autopass(state, table, events)


def _pass_ahead(state: ChaosState, table: Table, seat: int, sub: bool) -> Result:
    """A pass before priority reaches the player: it counts when it does, in turn order (2.3), unless a card is
    played first (rulings: passing ahead)."""
    priority = state.priority
    assert priority is not None
    ahead = _ahead(state)
    if seat in ahead:
        raise IllegalMove(N_("You have already passed: the bot passes sub-priority for you when it comes to you (2.3).")
                          if sub else
                          N_("You have already passed: the bot passes priority for you when it comes to you (2.3)."),
                          N_("Nothing to do until a card is played."), code="already_passed")
    ahead = tuple(sorted((*ahead, seat)))
    priority = replace(priority, sub=replace(priority.sub, ahead=ahead)) if priority.sub else replace(
        priority, ahead=ahead)
    return replace(state, priority=priority), table, [{"type": "passed_ahead", "player": state.players[seat],
                                                       "sub": sub}]


def _pass_once(state: ChaosState, table: Table, events: list[Event]) -> tuple[ChaosState, Table]:
    priority = state.priority
    assert priority is not None
    if priority.sub is not None:
        sub = priority.sub
        events.append({"type": "passed", "player": state.players[sub.holder], "sub": True})
        if sub.passes + 1 >= state.n:  # 2.7a with 2.5: everyone received it and nothing was played since
            return _end_sub(state, table, events)
        sub = replace(sub, holder=state.next_seat(sub.holder), passes=sub.passes + 1)
        state = replace(state, priority=replace(priority, sub=sub))
        events.append({"type": "sub_priority", "player": state.players[sub.holder]})
        return state, table
    events.append({"type": "passed", "player": state.players[priority.holder], "sub": False})
    if priority.passes + 1 >= state.n:  # 2.5, 2.6
        events.append({"type": "priority_over", "window": priority.window.value})
        state = replace(state, priority=None)
        return (_draw_tile(state, False, events) if state.draw_waits else state), table
    holder = state.next_seat(priority.holder)
    state = replace(state, priority=replace(priority, holder=holder, passes=priority.passes + 1))
    events.append({"type": "priority", "player": state.players[holder], "window": priority.window.value})
    return state, table


def _end_sub(state: ChaosState, table: Table, events: list[Event]) -> tuple[ChaosState, Table]:
    """2.7c: sub-priority has stopped. The Negates resolve newest first (1.5d): each one not itself negated
    discards the card before it (1.5c). Then main priority passes and a surviving card occurs (2.4)."""
    priority = state.priority
    assert priority is not None and priority.sub is not None
    chain = priority.sub.chain
    events.append({"type": "sub_over", "negates": len(chain) - 1})
    negated: set[int] = set()
    for i in range(len(chain) - 1, 0, -1):
        if i in negated:
            continue
        negated.add(i - 1)
        victim, negator = chain[i - 1], chain[i]
        events.append({"type": "negated", "card": state.cards[victim.card], "player": state.players[victim.seat],
                       "by": state.players[negator.seat]})
        table = _bribes(state, table, victim.seat, negator.seat, events)
    state = replace(state, priority=replace(priority, sub=None),
                    discard=state.discard + tuple(p.card for i, p in enumerate(chain) if i > 0 or 0 in negated))
    opener = chain[0]
    if 0 in negated:
        return _pass_main(state, opener.seat, events), table
    return _pass_after(state, table, opener, events)


def _bribes(state: ChaosState, table: Table, victim: int, negator: int, events: list[Event]) -> Table:
    """1.5e: a Negate knows whose card it negates, so effects like Bribery make the negating player pay."""
    if victim == negator:
        return table
    for stock in state.stocks:
        if stock.seat != victim:
            continue
        effects, _ = effects_of(state, victim, state.card(stock.card))
        for effect in effects:
            if effect.kind is EffectKind.NEGATED_PAYS:
                table = _transfer(state, table, negator, victim, effect.amount, state.cards[stock.card], events)
    return table


def _pass_main(state: ChaosState, seat: int, events: list[Event]) -> ChaosState:
    """The player who played a card passes main priority (1.1d): the next player receives it, and the count of
    passes starts again, since a card was played (2.5)."""
    priority = state.priority
    assert priority is not None
    holder = state.next_seat(seat)
    state = replace(state, priority=replace(priority, holder=holder, passes=0))
    events.append({"type": "priority", "player": state.players[holder], "window": priority.window.value})
    return state


def _pass_after(state: ChaosState, table: Table, played: Played, events: list[Event]) -> tuple[ChaosState, Table]:
    state = _pass_main(state, played.seat, events)
    return _occur(state, table, played, events)


def _autopass(state: ChaosState, table: Table, events: list[Event]) -> Result:
    """Pass for whoever holds priority while their switch says so or they passed ahead. Nothing in the events tells
    this pass from one they made themselves."""
    while state.holder is not None and _passes_for(state, table):
        state, table = _pass_once(state, table, events)
    return state, table, events


def _passes_for(state: ChaosState, table: Table) -> bool:
    assert state.holder is not None
    seat = state.holder[1]
    if seat in _ahead(state):
        return True
    mode = state.mode(seat)
    if mode in (AutoMode.UNTIL_MY_TURN, AutoMode.UNTIL_PLAYED):  # a card played since ends UNTIL_PLAYED
        return True
    return mode is AutoMode.AUTO and not can_play_now(state, table, seat)


def _auto_pass_setting(state: ChaosState, table: Table, move: AutoPass) -> Result:
    seat = state.seat_of(move.player)
    if not isinstance(move.mode, AutoMode):
        raise IllegalMove(N_("{mode} is not an auto-pass setting."), N_("Pick one of {modes}."), code="bad_option",
                          mode=repr(move.mode), modes=", ".join(m.value for m in AutoMode))
    return _autopass(state.with_mode(seat, move.mode), table, [])


def _card_played(state: ChaosState) -> ChaosState:
    """A card is played: passes made ahead no longer count, since everyone receives priority again (2.5), and
    "pass until a card is played" has done its job."""
    modes = tuple(AutoMode.AUTO if m is AutoMode.UNTIL_PLAYED else m for m in state.autopass)
    priority = None if state.priority is None else replace(state.priority, ahead=())
    return replace(state, autopass=modes, priority=priority)


# -- effects --------------------------------------------------------------------------------------------------


def _occur(state: ChaosState, table: Table, played: Played, events: list[Event]) -> tuple[ChaosState, Table]:
    """A played card's effect occurs (1.1a, 2.4); an Action is then discarded, a Stock stays in play (1.6b)."""
    seat = played.seat
    card = state.card(played.card)
    effects, bonus = effects_of(state, seat, card)
    player = state.players[seat]
    events.append({"type": "occurs", "player": player, "card": card.id, "bonus": bonus})
    for effect in effects:
        state, table = _effect(state, table, played, effect, events)
    lasts: Lasts | None = card.lasts
    stays = card.type is CardType.STOCK
    if card.type is CardType.HYPER:
        lasts = hyper_effect(state, seat).hyper_lasts
        stays = lasts is not None  # 1.3b
    if stays:
        state = replace(state, stocks=(*state.stocks, InPlay(played.card, seat, lasts, played.target)))
        events.append({"type": "in_play", "player": player, "card": card.id,
                       "lasts": lasts.value if lasts else None})
    else:
        state = replace(state, discard=(*state.discard, played.card))
    return state, table


def _effect(state: ChaosState, table: Table, played: Played, effect: Effect,
            events: list[Event]) -> tuple[ChaosState, Table]:
    seat, name = played.seat, state.cards[played.card]
    player = state.players[seat]
    if effect.kind is EffectKind.DRAW:
        state, count = _draw(state, seat, effect.count, events)
        events.append({"type": "card_draw", "player": player, "count": count, "card": name})
    elif effect.kind is EffectKind.TAKE_FROM_TABLE:
        wanted = played.amount if effect.any_number else effect.amount
        assert wanted is not None
        if table.on_table < wanted and not (effect.up_to and not effect.any_number):
            events.append({"type": "card_take_ignored", "player": player, "amount": wanted, "card": name})  # 3.1f.2
        else:
            taken = min(wanted, table.on_table)  # 3.1f.3
            table = _add(replace(table, on_table=table.on_table - taken), seat, taken)
            events.append({"type": "card_take", "player": player, "amount": taken, "on_table": table.on_table,
                           "card": name})
    elif effect.kind is EffectKind.PAY and effect.to == "table":
        table = _pay_table(state, table, seat, effect.amount, name, events)
    elif effect.kind is EffectKind.RICHER_PAY:
        mine = table.points[seat]
        for other in _turn_order(state, seat)[1:]:
            if table.points[other] > mine:
                table = _pay_table(state, table, other, effect.amount, name, events)
    elif effect.kind is EffectKind.PAY:
        assert played.target is not None
        table = _transfer(state, table, seat, played.target, effect.amount, name, events)
    elif effect.kind is EffectKind.COLLECT:
        assert played.target is not None
        table = _transfer(state, table, played.target, seat, effect.amount, name, events)
    elif effect.kind is EffectKind.DOUBLE_EXCHANGE:
        state = replace(state, doubles=state.doubles + 1)
        events.append({"type": "doubled", "player": player, "doubles": state.doubles, "card": name})
    return state, table


def _pay_table(state: ChaosState, table: Table, payer: int, amount: int, card: str, events: list[Event]) -> Table:
    """A general payment (3.1); a player can't pay more than they have (3.1g), so then nothing is paid."""
    if table.points[payer] < amount:
        events.append({"type": "card_pay_ignored", "player": state.players[payer], "amount": amount, "card": card})
        return table
    table = replace(_add(table, payer, -amount), on_table=table.on_table + amount)
    events.append({"type": "card_pay", "from": state.players[payer], "to": None, "amount": amount,
                   "on_table": table.on_table, "card": card})
    return table


def riichi_tolls(state: ChaosState, table: Table, seat: int) -> Result:
    """`seat` has declared riichi: they pay each other player whose card in play takes a `riichi_toll` (3.2)."""
    events: list[Event] = []
    for stock in state.stocks:
        if stock.seat != seat:
            for effect in in_play_effects(state, stock):
                if effect.kind is EffectKind.RIICHI_TOLL:
                    table = _transfer(state, table, seat, stock.seat, effect.amount, state.cards[stock.card], events)
    return state, table, events


def _add(table: Table, seat: int, amount: int) -> Table:
    return replace(table, points=tuple(p + amount if i == seat else p for i, p in enumerate(table.points)))


def _transfer(state: ChaosState, table: Table, payer: int, payee: int, amount: int, card: str,
              events: list[Event]) -> Table:
    """A specified payment (3.2); a player can't pay more than they have (3.1g), so then nothing is paid."""
    if table.points[payer] < amount:
        events.append({"type": "card_pay_ignored", "player": state.players[payer], "amount": amount, "card": card})
        return table
    table = _add(_add(table, payer, -amount), payee, amount)
    events.append({"type": "card_pay", "from": state.players[payer], "to": state.players[payee], "amount": amount,
                   "card": card})
    return table


# -- the entry point -------------------------------------------------------------------------------------------

_HANDLERS = {Choose: _choose, UseCatalogue: _use_catalogue, Play: _play, Pass: _pass, Drew: _drew, Next: _next,
             EndEffect: _end_effect, AutoPass: _auto_pass_setting}


def apply(state: ChaosState, table: Table, move: Move) -> Result:
    handler = _HANDLERS.get(type(move))
    if handler is None:
        raise IllegalMove(N_("Unknown move {move}."), move=type(move).__name__)
    return handler(state, table, move)  # type: ignore[operator]


# -- what a player may do and see ------------------------------------------------------------------------------


def hand_cards(state: ChaosState, table: Table, seat: int) -> list[tuple[Card, int, GameError | None]]:
    """A player's cards, one row per kind (card, copies held, why it can't be played now or None: `card_error`)."""
    rows: list[tuple[Card, int, GameError | None]] = []
    seen: dict[str, int] = {}
    if state.phase is not Phase.PLAYING:
        return rows  # no cards are dealt while players choose
    for number in state.hands[seat]:
        card_id = state.cards[number]
        if card_id in seen:
            card, count, error = rows[seen[card_id]]
            rows[seen[card_id]] = (card, count + 1, error)
            continue
        card = state.catalogue.card(card_id)
        seen[card_id] = len(rows)
        rows.append((card, 1, card_error(state, table, seat, card)))
    return rows


def _riichi_paid(state: ChaosState, table: Table, seat: int, card: Card) -> Table:
    """The table after the riichi a riichi Action is played with (1.1e.1): the stick and its tolls, paid first."""
    if card.type is not CardType.ACTION or card.timing is not Timing.RIICHI:
        return table
    if table.riichi[seat]:
        raise IllegalMove(N_("{card} is played as you declare riichi (1.1e.1), and you have already declared riichi "
                             "this hand."), code="riichi_declared", card=card.name)
    cost = riichi_cost(state, seat)
    if table.points[seat] < cost:
        raise IllegalMove(N_("{card} is played as you declare riichi (1.1e.1): you have {points:,} "
                             "points, not enough for the {cost:,}-point stick (3.1g)."), code="cannot_pay",
                          card=card.name, points=table.points[seat], cost=cost)
    _, after, _ = riichi_tolls(state, replace(_add(table, seat, -cost), on_table=table.on_table + cost), seat)
    return after


def _sample_play(state: ChaosState, seat: int, card: Card, target: int | None = None) -> Play:
    """A play of `card` with the given target (or the next player, if it names one) and the smallest "any number"."""
    needs_target, needs_amount = needs(state, seat, card)
    if needs_target and target is None:
        target = state.players[state.next_seat(seat)]
    return Play(state.players[seat], card.id, target if needs_target else None, 100 if needs_amount else None)


def card_error(state: ChaosState, table: Table, seat: int, card: Card) -> GameError | None:
    """Why `seat` can't play `card` now (a code and the rule), or None: its timing, the riichi it is declared with
    (1.1e.1), a player to name, an amount on the table (3.1f.2) and its cost (3.1g)."""
    error = timing_error(state, seat, card)
    if error is not None:
        return error
    try:
        _details(state, _riichi_paid(state, table, seat, card), seat, card, _sample_play(state, seat, card))
    except GameError as refused:
        return refused
    return None


def legal_moves(state: ChaosState, table: Table, player: int) -> list[Move]:
    """Every pass and play `player` may make now, with each possible target and the smallest "any number"."""
    if state.phase is not Phase.PLAYING:
        return []
    seat = state.seat_of(player)
    moves: list[Move] = []
    holder = state.holder
    if holder is not None and (holder[1] == seat or seat not in _ahead(state)):
        moves.append(Pass(player))  # or a pass ahead (rulings)
    for card, _, error in hand_cards(state, table, seat):
        if error is not None:
            continue
        targets = [p for p in state.players if p != player] if needs(state, seat, card)[0] else [None]
        moves += [_sample_play(state, seat, card, target) for target in targets]
    return moves


def _ahead(state: ChaosState) -> tuple[int, ...]:
    """Who has passed ahead at the level of priority that runs now (sub-priority while it runs)."""
    return () if state.priority is None else (state.priority.sub or state.priority).ahead


def view_for(state: ChaosState, player: int | None) -> dict[str, object]:
    """What one player (or, with None, a watcher) may know: their own hand and choices, everyone's counts."""
    seat = None if player is None or player not in state.players else state.seat_of(player)
    chain = state.priority.sub.chain if state.priority and state.priority.sub else ()
    return {
        "phase": state.phase.value, "players": list(state.players), "seat": seat,
        "hand": [] if seat is None or not state.hands else [state.cards[c] for c in state.hands[seat]],
        "hand_sizes": [len(h) for h in state.hands],
        "choice": None if seat is None else state.choices[seat],
        "ready": [c.complete for c in state.choices],
        "characters": [c.character for c in state.choices] if state.phase is Phase.PLAYING else None,
        "deck_size": len(state.deck), "discard": [state.cards[c] for c in state.discard],
        "in_play": [(state.players[s.seat], state.cards[s.card]) for s in state.stocks],
        "chain": [(state.players[p.seat], state.cards[p.card]) for p in chain],
        "modifier": state.modifier, "modifier_deck_size": len(state.modifier_deck),
        "modifier_discard": list(state.modifier_discard), "active": state.players[state.active],
        "drawn": state.drawn, "holder": None if state.holder is None else (state.holder[0],
                                                                          state.players[state.holder[1]]),
        "doubles": state.doubles, "autopass": None if seat is None else state.mode(seat).value,
    }
