"""Properties of random legal CHAOS;JAN games on the table, 3 and 4 players, catalogues from a small pool.

After every step: (a) no Action-Deck card created or lost, and the Modifiers are exactly the chosen ones, one in
play; (b) priority is held by at most one seat, and main priority waits while sub-priority runs (2.7d); (c) the
ChaosState and the whole TableState survive a JSON round trip; (d) points are conserved (seat points plus points
on the table); (e) a player's view shows no other player's hand beyond its size; (f) every move `legal_moves` lists
is accepted by the table (a riichi Action with its riichi stick, 1.1e.2), each tried on the state of that step;
(h) the bot never passes for a player set to be asked (`ask`) unless they passed ahead.
At the end (g) replaying the same moves from the same seed gives the same state.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import table as tb
from engine.chaosjan import rules
from engine.chaosjan.catalogue import CardType, Catalogue, Lasts
from engine.chaosjan.moves import AutoPass, Choose, Drew, EndEffect, Next, Pass, Play
from engine.chaosjan.options import ChaosOptions
from engine.chaosjan.state import AutoMode, ChaosState, Phase, Table
from engine.table import ChaosStart, Draw, HandValue, Ron, TableState, Tsumo, Win
from tests.engine.chaosjan.notation import CAT, catalogue

POOL = [
    CAT,
    catalogue(actions=["act-a", "act-b", "act-double"], stocks=["stk-hand", "stk-turn", "stk-bribe"],
              characters=["anytime", "lasting"]),
    catalogue(actions=["act-pay", "act-give", "act-collect", "act-any", "act-take", "act-upto"],
              stocks=["stk-applies", "stk-none", "stk-deal", "stk-win"], characters=["red", "green"]),
    catalogue(actions=["act-riichi", "act-mine", "act-theirs", "act-late", "act-red"],
              stocks=["stk-red", "stk-hand", "stk-turn"]),
    catalogue(actions=["act-allin", "act-riichi", "act-tax", "act-any"], stocks=["stk-loan", "stk-insure", "stk-toll",
              "stk-cheap"], characters=["red", "green"], payment_modifiers=True),
]
STEPS = 90


def setup_moves(cat: Catalogue, n: int, seed: int, rng: random.Random) -> list:
    options = ChaosOptions(hypers_per_player=rng.choice([0, 1, 2]), negates=rng.choice([0, 3, 10]),
                           modifier_on=rng.choice(["dealer", "round"]), first_hand_draw=rng.random() < 0.5,
                           applies_ends_with_hand=rng.random() < 0.5)
    ids = {kind: [c.id for c in cat.of_type(kind)] for kind in (CardType.CHARACTER, CardType.ACTION,
                                                                 CardType.STOCK, CardType.MODIFIER)}
    modifiers = rng.sample(ids[CardType.MODIFIER], 3 * n)
    choices = []
    for p in range(1, n + 1):
        choices += [Choose(p, CardType.CHARACTER, (rng.choice(ids[CardType.CHARACTER]),)),
                    Choose(p, CardType.ACTION, tuple(rng.sample(ids[CardType.ACTION], 3))),
                    Choose(p, CardType.STOCK, tuple(rng.sample(ids[CardType.STOCK], 3))),
                    Choose(p, CardType.MODIFIER, tuple(modifiers[3 * p - 3:3 * p]))]
    rng.shuffle(choices)
    return [ChaosStart(cat, seed, options), *choices]


def chaos_table(ts: TableState) -> Table:
    return Table(tuple(s.points for s in ts.seats), ts.on_table, ts.dealer, tuple(s.riichi for s in ts.seats))


def candidates(ts: TableState, rng: random.Random) -> list:
    chaos = ts.chaosjan
    moves: list = []
    for player in chaos.players:
        moves += rules.legal_moves(chaos, chaos_table(ts), player)
    plays = [m for m in moves if isinstance(m, Play)]
    if plays and rng.random() < 0.6:
        return plays
    if chaos.holder is None:
        active = chaos.players[chaos.active]
        others = [p for p in chaos.players if p != active]
        moves.append(Next(active, to=rng.choice([None, None, *others])) if chaos.drawn else Drew(active))
        if chaos.drawn and rng.random() < 0.2:
            moves.append(Drew(active, again=True))  # a kan's replacement tile (2.1)
        moves += [tb.Riichi(s.player) for s in ts.seats
                  if not s.riichi and s.points >= tb.riichi_cost(ts, s.player) and rng.random() < 0.3]
    moves += [EndEffect(chaos.players[s.seat], s.card) for s in chaos.stocks if s.lasts is Lasts.APPLIES]
    if rng.random() < 0.1:
        moves.append(AutoPass(rng.choice(chaos.players), rng.choice(list(AutoMode))))
    if rng.random() < 0.06:
        moves.append(hand_end(ts, rng))
    return moves


def hand_end(ts: TableState, rng: random.Random):
    players = list(ts.players)
    value = HandValue(points=rng.choice([1000, 2000, 8000]))
    kind = rng.randrange(3)
    if kind == 0:
        winner, loser = rng.sample(players, 2)
        return Ron(loser, (Win(winner, value),))
    if kind == 1:
        return Tsumo(Win(rng.choice(players), value))
    return Draw(tuple(p for p in players if rng.random() < 0.5))


def total(ts: TableState) -> int:
    return sum(s.points for s in ts.seats) + ts.on_table


def masked(chaos: ChaosState, seat: int | None) -> ChaosState:
    """Every hand but `seat`'s replaced by as many copies of card 0: a view must not tell the difference."""
    return replace(chaos, hands=tuple(h if i == seat else (0,) * len(h) for i, h in enumerate(chaos.hands)))


def check(ts: TableState, before: TableState, move, points: int) -> None:
    chaos = ts.chaosjan
    assert ChaosState.from_dict(json.loads(json.dumps(chaos.to_dict()))) == chaos  # (c)
    assert TableState.from_dict(json.loads(json.dumps(ts.to_dict()))) == ts
    assert total(ts) == points  # (d)
    if chaos.phase is not Phase.PLAYING:
        return
    assert sorted(chaos.all_cards()) == list(range(len(chaos.cards)))  # (a)
    assert sorted(chaos.all_modifiers()) == sorted(m for c in chaos.choices for m in c.modifiers)
    assert chaos.modifier is not None and chaos.modifier not in (*chaos.modifier_deck, *chaos.modifier_discard)
    priority = chaos.priority  # (b)
    if priority is not None:
        assert 0 <= priority.holder < chaos.n
        if priority.sub is not None:
            assert chaos.holder == ("sub", priority.sub.holder) and priority.sub.chain
            assert all(chaos.card(p.card).type is CardType.NEGATE for p in priority.sub.chain[1:])
            old = before.chaosjan.priority
            if isinstance(move, Pass | Play) and old is not None and old.sub is not None:
                assert (priority.holder, priority.window) == (old.holder, old.window)  # 2.7d
    for seat in (*range(chaos.n), None):  # (e)
        player = None if seat is None else chaos.players[seat]
        view = rules.view_for(chaos, player)
        assert view == rules.view_for(masked(chaos, seat), player)
        assert view["hand"] == ([] if seat is None else [chaos.cards[c] for c in chaos.hands[seat]])
    table = chaos_table(ts)
    for player in chaos.players:  # (f)
        for legal in rules.legal_moves(chaos, table, player):
            tb.apply(ts, legal)


def check_asked(before: TableState, after: TableState, move, events: list) -> None:
    """(h): every pass in `events` was the mover's own, one they made ahead, or one their setting allows."""
    chaos, priority = before.chaosjan, before.chaosjan.priority
    if chaos.phase is not Phase.PLAYING or priority is None:
        return
    ahead = {True: priority.sub.ahead if priority.sub else (), False: priority.ahead}
    own = isinstance(move, Pass) and chaos.holder is not None and chaos.players[chaos.holder[1]] == move.player
    for event in events:
        if event["type"] != "passed":
            continue
        if own and event["player"] == move.player:
            own = False
            continue
        seat = chaos.seat_of(event["player"])
        if chaos.mode(seat) is AutoMode.ASK and after.chaosjan.mode(seat) is AutoMode.ASK:
            assert seat in ahead[event["sub"]], (move, event)


def new_table(n: int, seed: int) -> TableState:
    """Low starting points too, so riichi sticks and card costs meet 3.1g."""
    points = random.Random(f"points:{seed}").choice([1500, 2500, 4000, 25000])
    return tb.new_game(1, list(range(1, n + 1)), tb.TableOptions(starting_points=points, bust=False))


def play_game(cat: Catalogue, n: int, seed: int) -> tuple[TableState, list]:
    rng = random.Random(seed)
    ts = new_table(n, seed)
    points = total(ts)
    moves = setup_moves(cat, n, seed, rng)
    for move in moves:
        before, (ts, _) = ts, tb.apply(ts, move)
        check(ts, before, move, points)
    for _ in range(STEPS):
        if ts.over:
            break
        move = rng.choice(candidates(ts, rng))
        before, (ts, events) = ts, tb.apply(ts, move)
        moves.append(move)
        check(ts, before, move, points)
        check_asked(before, ts, move, events)
    return ts, moves


@settings(max_examples=25, deadline=None)
@given(cat=st.sampled_from(POOL), n=st.sampled_from([3, 4]), seed=st.integers(0, 2**32))
def test_random_legal_games_keep_the_invariants(cat, n, seed):
    ts, moves = play_game(cat, n, seed)
    replayed = new_table(n, seed)  # (g)
    for move in moves:
        replayed, _ = tb.apply(replayed, move)
    assert replayed == ts


@settings(max_examples=12, deadline=None)
@given(n=st.sampled_from([3, 4]), seed=st.integers(0, 2**32))
def test_random_games_reach_play_and_hands(n, seed):
    """The pool's games get going: decks built, five (or six) cards each, cards played, hands ended."""
    ts, moves = play_game(CAT, n, seed)
    assert ts.chaosjan.phase is Phase.PLAYING
    assert any(isinstance(m, Play) for m in moves) or ts.over
