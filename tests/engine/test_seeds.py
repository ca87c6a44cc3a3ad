"""Seeds (issue 16, item 10): 128 bits from `secrets`, typed back for replays, a chosen seed kept on the state,
and stored states from before (32-bit seeds, no `seed_chosen`) still readable."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.chaosjan.catalogue import load_shipped
from engine.chaosjan.moves import UseCatalogue
from engine.chaosjan.options import ChaosOptions
from engine.chaosjan.rules import apply as chaos_apply
from engine.chaosjan.rules import new_game as chaos_game
from engine.chaosjan.state import Table
from engine.errors import GameError
from engine.ginjontan import moves as gmoves
from engine.ginjontan.options import GinjontanOptions
from engine.ginjontan.rules import GINJONTAN
from engine.ginjontan.rules import new_lobby as ginjontan_lobby
from engine.seeds import new_seed, parse_seed
from engine.table import TABLE, ChaosStart
from engine.table import new_game as new_table
from engine.uno import moves as umoves
from engine.uno.options import PRESETS
from engine.uno.rules import UNO
from engine.uno.rules import new_lobby as uno_lobby

OLD_SEED = 2**32 - 5  # what `secrets.randbits(32)` used to give


def test_new_seeds_are_128_bits():
    seeds = [new_seed() for _ in range(32)]
    assert all(0 <= s < 2**128 for s in seeds)
    assert max(s.bit_length() for s in seeds) > 120  # 32 draws all under 2^120: chance 2^-256
    assert len(set(seeds)) == len(seeds)


@pytest.mark.parametrize(("text", "seed"), [("0", 0), (" 42 ", 42), ("1_000", 1000), ("1,000", 1000),
                                            (str(2**128 - 1), 2**128 - 1), (str(OLD_SEED), OLD_SEED)])
def test_a_typed_seed_is_read_back(text, seed):
    assert parse_seed(text) == seed


@pytest.mark.parametrize("text", ["", "  ", "-1", "abc", "1e9", "0x10", "١٢", str(2**128), "9" * 5000])
def test_a_bad_seed_is_refused_with_a_hint(text):
    with pytest.raises(GameError) as refused:
        parse_seed(text)
    assert refused.value.code == "bad_seed" and refused.value.hint


def _uno(chosen: bool):
    lobby = uno_lobby(1, PRESETS["chaos"], OLD_SEED, seed_chosen=chosen)
    lobby, _ = UNO.apply(lobby, umoves.Join(2))
    return UNO.apply(lobby, umoves.Start(1))[0]


def _ginjontan(chosen: bool):
    lobby = ginjontan_lobby(1, GinjontanOptions(), OLD_SEED, seed_chosen=chosen)
    lobby, _ = GINJONTAN.apply(lobby, gmoves.Join(2))
    return GINJONTAN.apply(lobby, gmoves.Start(1))[0]


def _chaosjan(chosen: bool):
    table = new_table(1, [1, 2, 3, 4])
    table, _ = TABLE.apply(table, ChaosStart(load_shipped(), OLD_SEED, ChaosOptions(), seed_chosen=chosen))
    return table


@pytest.mark.parametrize(("game", "kind", "chosen_of"), [
    (_uno, UNO, lambda s: s.seed_chosen), (_ginjontan, GINJONTAN, lambda s: s.seed_chosen),
    (_chaosjan, TABLE, lambda s: s.chaosjan.seed_chosen)])
@pytest.mark.parametrize("chosen", [True, False])
def test_a_chosen_seed_is_kept_through_the_deal_and_the_stored_state(game, kind, chosen_of, chosen):
    state = game(chosen)
    assert chosen_of(state) is chosen
    assert chosen_of(kind.state_from_dict(kind.state_to_dict(state))) is chosen


@pytest.mark.parametrize(("game", "kind", "chosen_of"), [
    (_uno, UNO, lambda s: s.seed_chosen), (_ginjontan, GINJONTAN, lambda s: s.seed_chosen),
    (_chaosjan, TABLE, lambda s: s.chaosjan.seed_chosen)])
def test_states_stored_before_seeds_were_hidden_stay_readable(game, kind, chosen_of):
    """A row written by the old code: a 32-bit seed and no `seed_chosen` key."""
    state = game(False)
    data = kind.state_to_dict(state)
    inner = data.get("chaosjan", data)
    del inner["seed_chosen"]
    assert inner["seed"] == OLD_SEED
    read = kind.state_from_dict(data)
    assert chosen_of(read) is False and read == state


def test_chaosjan_keeps_a_chosen_seed_when_the_catalogue_changes():
    state = replace(chaos_game(load_shipped(), ChaosOptions(), [1, 2, 3, 4], 1, OLD_SEED), seed_chosen=True)
    after, _, _ = chaos_apply(state, Table((25000,) * 4), UseCatalogue(load_shipped()))
    assert after.seed_chosen and after.seed == OLD_SEED
