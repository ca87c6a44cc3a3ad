"""Seed 003: "what may this player do now?" has one answer, `rules.options`; `play_kind`, `apply`, `legal_moves`,
`view_for` and the refusals agree with it. Placings (Winning the game) come from the engine."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import groupby

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import GameError, IllegalMove
from engine.uno.cards import CARDS
from engine.uno.legal import PlayKind
from engine.uno.moves import Play
from engine.uno.options import PRESETS
from engine.uno.rules import (
    NeedChoice,
    apply,
    legal_moves,
    new_game,
    options,
    play_kind,
    refusal,
    standings,
    view_for,
)
from engine.uno.state import Drawn, Phase
from tests.engine.uno.notation import card_id, play, scenario, stack

CHOICES = ("colour", "target", "onto", "split")


def walk(preset: str, players: int, seed: int, steps: int):
    """States of a random legal game (mostly plays)."""
    state = new_game(PRESETS[preset], range(1, players + 1), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        yield state
        if state.finished:
            return
        moves = [m for p in state.players for m in legal_moves(state, p)]
        plays = [m for m in moves if isinstance(m, Play)]
        state, _ = apply(state, rng.choice(plays if plays and rng.random() < 0.7 else moves))


def faces(state, player):
    """One card id per face of the hand (the drawn copy for its face), as the options list them."""
    drawn = state.drawn.card if state.drawn is not None and state.drawn.player == player else None
    by_face = {}
    for i in sorted(state.hand(player), key=lambda i: i != drawn):
        by_face.setdefault((CARDS[i].colour, CARDS[i].rank), i)
    return by_face.values()


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), preset=st.sampled_from(["chaos", "classic"]), players=st.integers(2, 5))
def test_options_are_exactly_what_play_kind_allows_and_apply_asks_exactly_their_choices(seed, preset, players):
    for state in walk(preset, players, seed, 60):
        if state.phase is not Phase.PLAY:
            continue
        for player in state.players:
            legal = options(state, player)
            for card in faces(state, player):
                for pile in state.piles:
                    kind = play_kind(state, player, CARDS[card], pile)
                    option = legal.option(card, pile.id)
                    assert kind.allowed == (option is not None), (card, pile, kind)
                    if option is None:
                        continue
                    assert option.kind is kind
                    asked = [what for what, answers in zip(CHOICES, (option.colours, option.targets, option.ontos,
                                                                      option.splits), strict=True) if answers]
                    try:
                        apply(state, Play(player, card, pile.id))
                        assert asked == []
                    except NeedChoice as need:
                        assert need.what == asked[0]


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), preset=st.sampled_from(["chaos", "classic"]), players=st.integers(2, 5))
def test_the_hand_marks_are_the_cards_play_kind_allows(seed, preset, players):
    """view_for's "playable" (now) and "jump" marks, computed here straight from play_kind."""
    for state in walk(preset, players, seed, 60):
        if state.phase is not Phase.PLAY:
            continue
        for player in state.players:
            kinds = {i: {play_kind(state, player, CARDS[i], p) for p in state.piles} for i in state.hand(player)}
            view = view_for(state, player)
            assert set(view["playable"]) == {i for i, ks in kinds.items() if any(k.now for k in ks)}
            assert set(view["jump"]) == {i for i, ks in kinds.items() if PlayKind.JUMP in ks}


def test_the_drawn_copy_is_offered_when_the_hand_holds_another_copy_of_its_face():
    """Basic rules: the card you drew is the one you play; an identical card already held can't stand in for it
    (play_kind refuses it as "drawn"), so the options must list the drawn copy."""
    state = scenario({1: "r5 r5 g7", 2: "b1 b2"}, piles=["r3"], turn=1)
    held, drawn = state.hand(1)[:2]
    assert CARDS[held].notation == CARDS[drawn].notation == "r5"
    state = replace(state, drawn=Drawn(1, drawn, True))
    assert Play(1, drawn, state.piles[0].id) in legal_moves(state, 1)
    assert Play(1, held, state.piles[0].id) not in legal_moves(state, 1)
    apply(state, Play(1, drawn, state.piles[0].id))


def test_a_seven_on_a_stack_lists_every_other_player_as_where_the_stack_goes():
    """Deflection, Plus cards: 7 puts the stack on the player of your choice."""
    state = scenario({1: "y1", 2: "r7 b3", 3: "g2", 4: "b9"}, piles=["r+2"], stacks=[stack(1, 2, 2)], turn=2)
    option = options(state, 2).option(card_id(state, 2, "r7"), state.piles[0].id)
    assert option.kind is PlayKind.STACKS
    assert set(option.targets) == set(state.players) - {2}
    with pytest.raises(NeedChoice) as need:
        apply(state, play(state, 2, "r7"))
    assert need.value.what == "target"


@pytest.mark.parametrize("kind", [k for k in PlayKind if not k.allowed])
def test_every_refused_kind_has_a_worded_refusal_with_its_own_code(kind):
    state = scenario({1: "r5", 2: "b1"}, piles=["r3"], turn=1)
    err = refusal(state, 1, CARDS[state.hand(1)[0]], state.piles[0], kind)
    assert isinstance(err, GameError) and err.message and err.hint and err.code
    assert not err.code.startswith("!")


def test_refusal_codes_are_distinct():
    state = scenario({1: "r5", 2: "b1"}, piles=["r3"], turn=1)
    codes = [refusal(state, 1, CARDS[state.hand(1)[0]], state.piles[0], k).code for k in PlayKind if not k.allowed]
    assert len(set(codes)) == len(codes)


def test_a_refused_play_raises_the_refusal_play_kind_names():
    """Seed 003 Basic rules: a card matching neither colour nor symbol is refused (code from PlayKind.NO_MATCH)."""
    state = scenario({1: "b5 y7", 2: "b1"}, piles=["r3"], turn=1)
    assert play_kind(state, 1, CARDS[card_id(state, 1, "b5")], state.piles[0]) is PlayKind.NO_MATCH
    with pytest.raises(IllegalMove) as err:
        apply(state, play(state, 1, "b5"))
    assert err.value.code == refusal(state, 1, CARDS[card_id(state, 1, "b5")], state.piles[0],
                                     PlayKind.NO_MATCH).code


# -- placings (seed 003, Winning the game) -------------------------------------------------------------------

def expected_places(state):
    """Competition ranking over (not a winner, points, cards), computed by grouping equal keys."""
    ordered = sorted(state.seats, key=lambda s: (s.player not in state.winners, s.points, len(s.hand)))
    places, done = {}, 0
    for _, group in groupby(ordered, key=lambda s: (s.player not in state.winners, s.points, len(s.hand))):
        group = list(group)
        for s in group:
            places[s.player] = done + 1
        done += len(group)
    return places


@pytest.mark.parametrize(("hands", "points", "winners"), [
    ({1: "r1 r2", 2: "", 3: "b1 b2", 4: "g1"}, {1: 3, 2: 0, 3: 3, 4: 5}, (2,)),
    ({1: "r1", 2: "b1", 3: "g1 g2"}, {1: 2, 2: 2, 3: 1}, ()),
    ({1: "", 2: "", 3: "y5"}, {1: 0, 2: 0, 3: 4}, (1, 2)),
])
def test_standings_winners_first_then_fewest_points_then_fewest_cards_ties_share(hands, points, winners):
    state = scenario(hands, piles=["r3"], points=points, winners=winners)
    rows = standings(state)
    assert sorted(p for p, _, _ in rows) == sorted(state.players)
    assert {p: place for p, place, _ in rows} == expected_places(state)
    assert {p: pts for p, _, pts in rows} == points
    assert [place for _, place, _ in rows] == sorted(place for _, place, _ in rows)
