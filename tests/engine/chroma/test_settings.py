"""Seed 002 "Modifications": abilities belong to chromas and can be dealt at random each hanchan (`Shuffle`, from a
seed kept in the state so it replays); the channel's options (`SetRules`); the state's JSON round trip."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.chroma.rules import DEFAULT_ABILITIES, Ability, ChromaRules, GoldReading
from engine.chroma.state import CHROMA, ChromaState, SetRules, Shuffle, apply, move_to_dict, new_state
from engine.chroma.tiles import Chroma
from engine.errors import IllegalMove


def shuffled(seed: int, times: int = 1) -> list[ChromaState]:
    state = new_state(host=1, seed=seed)
    out = []
    for _ in range(times):
        state, events = apply(state, Shuffle())
        assert events == [{"type": "shuffle", "abilities": {c.value: a.value for c, a in state.rules.abilities}}]
        out.append(state)
    return out


@pytest.mark.parametrize("seed", range(20))
def test_modifications_shuffle_is_a_permutation_of_the_abilities(seed):
    """"randomize which chroma gets which ability": every chroma keeps exactly one ability, the same seven."""
    for state in shuffled(seed, times=3):
        assert sorted(c for c, _ in state.rules.abilities) == sorted(Chroma)
        assert Counter(a for _, a in state.rules.abilities) == Counter(DEFAULT_ABILITIES.values())


def test_modifications_shuffle_replays_from_the_seed():
    assert [s.rules for s in shuffled(42, times=4)] == [s.rules for s in shuffled(42, times=4)]
    assert [s.shuffles for s in shuffled(42, times=4)] == [1, 2, 3, 4]


def test_modifications_shuffles_differ_between_seeds_and_hanchan():
    firsts = {shuffled(seed)[0].rules.abilities for seed in range(30)}
    assert len(firsts) > 20
    runs = shuffled(7, times=5)
    assert len({s.rules.abilities for s in runs}) > 1


def test_modifications_shuffle_keeps_the_other_options():
    state = new_state(1, seed=3, rules=ChromaRules(siam_limited=True, rainbow_from=4, open_tanyao=False, chip_value=3))
    after, _ = apply(state, Shuffle())
    assert (after.rules.siam_limited, after.rules.rainbow_from, after.rules.open_tanyao, after.rules.chip_value) == (
        True, 4, False, 3)


def test_modifications_set_rules_and_no_op_refused():
    state = new_state(1, seed=0)
    with pytest.raises(IllegalMove, match="already"):
        apply(state, SetRules(ChromaRules()))
    rules = ChromaRules().with_ability(Chroma.RED, Ability.TRADE_OFF)
    after, events = apply(state, SetRules(rules))
    assert after.rules == rules and events == [{"type": "rules", "rules": rules.to_dict()}]
    assert move_to_dict(SetRules(rules)) == {"type": "rules", "rules": rules.to_dict()}
    assert move_to_dict(Shuffle()) == {"type": "shuffle"}


def test_ability_2_rules_stored_before_the_gold_reading_option_read_strictly():
    """Channels whose rules were stored before `gold_reading` existed get the strict reading (the default)."""
    stored = ChromaRules().to_dict()
    del stored["gold_reading"]
    assert ChromaRules.from_dict(stored).gold_reading is GoldReading.STRICT
    loose = ChromaRules(gold_reading=GoldReading.LOOSE)
    assert ChromaRules.from_dict(json.loads(json.dumps(loose.to_dict()))) == loose


def test_modifications_every_chroma_needs_one_ability():
    with pytest.raises(IllegalMove):
        ChromaRules(abilities=((Chroma.RED, Ability.HAN),))


abilities = st.fixed_dictionaries({c: st.sampled_from(list(Ability)) for c in Chroma})
rules_strategy = st.builds(
    lambda table, siam, start, tanyao, chip, gold: ChromaRules(abilities=tuple(table.items()), siam_limited=siam,
                                                               rainbow_from=start, open_tanyao=tanyao, chip_value=chip,
                                                               gold_reading=gold),
    abilities, st.booleans(), st.integers(1, 15), st.booleans(), st.integers(0, 10_000), st.sampled_from(GoldReading))
states = st.builds(ChromaState, host=st.integers(1, 2**63), rules=rules_strategy, seed=st.integers(0, 2**63),
                   shuffles=st.integers(0, 1000))


@settings(max_examples=60, deadline=None)
@given(states)
def test_state_json_round_trip(state):
    text = json.dumps(CHROMA.state_to_dict(state))
    assert CHROMA.state_from_dict(json.loads(text)) == state
    assert ChromaRules.from_dict(json.loads(json.dumps(state.rules.to_dict()))) == state.rules


@settings(max_examples=30, deadline=None)
@given(states)
def test_state_shuffle_then_round_trip_replays(state):
    after, _ = apply(state, Shuffle())
    again, _ = apply(ChromaState.from_dict(json.loads(json.dumps(state.to_dict()))), Shuffle())
    assert again == after
