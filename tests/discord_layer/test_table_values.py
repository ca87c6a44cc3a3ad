"""Every way `/table ron` and `/table tsumo` take a hand's value, the `/table start` options that change what a
hand pays, and the abortive draw, through the real discord.py code. Amounts come from the payment table written
in the tests (`tests/engine/table_reference.py`), never from `engine.table.score`."""

from __future__ import annotations

import pytest

from engine.table import TABLE
from tests.engine import table_reference as ref
from tests.fake_discord.harness import components


@pytest.fixture
def players(harness):
    return [harness.user(name) for name in ("east", "south", "west", "north")]


async def state(harness):
    return (await harness.bot.games.get(harness.fake.default_channel, TABLE)).state


def points(s):
    return [seat.points for seat in s.seats]


async def start(harness, players, **options):
    east, south, west, north = players
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north, **options)


def base_of(read: dict) -> int:
    if "limit" in read:
        return ref.base_points(ref.LIMIT_NAMES[read["limit"]], yakuman=read["limit"] == "yakuman")
    if "yakuman" in read:
        return ref.base_points(0, yakuman=read["yakuman"])
    return ref.base_points(read["han"], read.get("fu", 30))


def ron_value(read: dict, *, dealer: bool = False) -> int:
    return read["points"] if "points" in read else ref.ron_payment(base_of(read), dealer=dealer)


# -- /table ron: one winner ----------------------------------------------------------------------------------

ONE_WAY = [
    pytest.param({"han": 3, "fu": 30}, id="han-fu"),
    pytest.param({"han": 6}, id="han-alone"),
    pytest.param({"points": 3900}, id="points"),
    pytest.param({"points": 2000}, id="points-small"),
    pytest.param({"yakuman": 1}, id="yakuman"),
    pytest.param({"yakuman": 2}, id="double-yakuman"),
    pytest.param({"limit": "mangan"}, id="mangan"),
    pytest.param({"limit": "haneman"}, id="haneman"),
    pytest.param({"limit": "baiman"}, id="baiman"),
    pytest.param({"limit": "sanbaiman"}, id="sanbaiman"),
    pytest.param({"limit": "yakuman"}, id="yakuman-limit"),
]


@pytest.mark.option_effect("table ron", "winner", "loser", "han", "fu", "points", "yakuman", "limit")
@pytest.mark.parametrize("read", ONE_WAY)
async def test_ron_pays_the_value_given_each_way(harness, players, read):
    _east, south, west, north = players
    await start(harness, players)
    await harness.slash("table riichi", user=north)
    reply = await harness.slash("table ron", user=south, winner=south, loser=west, **read)
    assert not reply.ephemeral and "ron off" in reply.text
    expected = ref.ron_deltas(4, 2, [(1, ron_value(read))], honba=0, on_table=1000)
    assert points(await state(harness)) == [25000 + d - (1000 if seat == 3 else 0) for seat, d in enumerate(expected)]


@pytest.mark.option_effect("table ron", "winner", "loser", "han", "fu")
async def test_a_dealer_ron_pays_six_times_base(harness, players):
    east, south, *_ = players
    await start(harness, players)
    await harness.slash("table ron", user=east, winner=east, loser=south, han=2, fu=40)
    paid = ref.ron_payment(ref.base_points(2, 40), dealer=True)
    assert points(await state(harness))[:2] == [25000 + paid, 25000 - paid]


# -- /table ron: the second winner ---------------------------------------------------------------------------

SECOND = [
    pytest.param({"han2": 2, "fu2": 30}, id="han-fu"),
    pytest.param({"han2": 7}, id="han-alone"),
    pytest.param({"points2": 5200}, id="points"),
    pytest.param({"yakuman2": 1}, id="yakuman"),
    pytest.param({"limit2": "haneman"}, id="limit"),
]


@pytest.mark.option_effect("table ron", "winner2", "han2", "fu2", "points2", "yakuman2", "limit2")
@pytest.mark.parametrize("second", SECOND)
async def test_double_ron_pays_the_second_winners_value_given_each_way(harness, players, second):
    east, south, west, north = players  # east puts a riichi stick on the table
    await start(harness, players)
    await harness.slash("table riichi", user=east)
    reply = await harness.slash("table ron", user=west, winner=south, loser=west, han=1, fu=30, winner2=north,
                                **second)
    assert reply.text.count("ron off") == 2
    read = {key.rstrip("2"): value for key, value in second.items()}
    # north sits right after west, the loser: north takes the honba and the riichi stick (atamahane)
    expected = ref.ron_deltas(4, 2, [(1, ron_value({"han": 1, "fu": 30})), (3, ron_value(read))], honba=0,
                              on_table=1000)
    assert points(await state(harness)) == [25000 + d - (1000 if seat == 0 else 0) for seat, d in enumerate(expected)]


@pytest.mark.option_effect("table ron", "han2", "limit2")
async def test_a_second_value_without_winner2_is_refused(harness, players):
    east, south, west, _ = players
    await start(harness, players)
    for extra in ({"han2": 3}, {"limit2": "mangan"}):
        reply = await harness.slash("table ron", user=east, winner=south, loser=west, han=1, fu=30, **extra)
        assert reply.ephemeral and "winner2" in reply.text
    assert points(await state(harness)) == [25000] * 4


# -- /table tsumo -----------------------------------------------------------------------------------------------

TSUMO = [
    pytest.param({"han": 1, "fu": 30}, id="han-fu"),
    pytest.param({"han": 5}, id="han-alone"),
    pytest.param({"points": 8000}, id="points"),
    pytest.param({"points": 3900}, id="points-odd"),
    pytest.param({"yakuman": 1}, id="yakuman"),
    pytest.param({"limit": "baiman"}, id="limit"),
]


@pytest.mark.option_effect("table tsumo", "winner", "han", "fu", "points", "yakuman", "limit")
@pytest.mark.parametrize("read", TSUMO)
@pytest.mark.parametrize("dealer_wins", [False, True])
async def test_tsumo_pays_the_value_given_each_way(harness, players, read, dealer_wins):
    await start(harness, players)
    winner = 0 if dealer_wins else 2
    reply = await harness.slash("table tsumo", user=players[winner], winner=players[winner], **read)
    assert not reply.ephemeral and "tsumo" in reply.text
    if "points" in read:
        payments = ref.split_points(read["points"], dealer=dealer_wins, tsumo=True)
    else:
        payments = ref.tsumo_payments(base_of(read), dealer=dealer_wins)
    expected = ref.tsumo_deltas(4, winner, 0, payments, honba=0, on_table=0)
    assert points(await state(harness)) == [25000 + d for d in expected]


@pytest.mark.option_effect("table tsumo", "han", "fu", "limit")
async def test_han_alone_and_limits_are_refused_under_aotenjou_and_below_5_han(harness, players):
    east = players[0]
    await start(harness, players, aotenjou=True)
    for given, word in (({"han": 6}, "fu count"), ({"limit": "mangan"}, "no mangan")):
        reply = await harness.slash("table tsumo", user=east, winner=east, **given)
        assert reply.ephemeral and word in reply.text
    assert points(await state(harness)) == [25000] * 4
    reply = await harness.slash("table tsumo", user=east, winner=east, han=6, fu=30)  # aotenjou: no haneman
    each = ref.tsumo_payments(ref.base_points(6, 30, aotenjou=True), dealer=True)[0]
    assert not reply.ephemeral and points(await state(harness)) == [25000 + 3 * each] + [25000 - each] * 3


@pytest.mark.option_effect("table ron", "han", "points")
async def test_han_below_5_without_fu_and_values_not_in_sticks_are_refused(harness, players):
    _east, south, west, _ = players
    await start(harness, players)
    for given, word in (({"han": 3}, "fu"), ({"points": 2}, "not a hand's value")):
        reply = await harness.slash("table ron", user=south, winner=south, loser=west, **given)
        assert reply.ephemeral and word in reply.text
    assert points(await state(harness)) == [25000] * 4 and (await state(harness)).hands_played == 0


# -- /table start options that change what a hand pays ---------------------------------------------------------

@pytest.mark.option_effect("table start", "kazoe")
@pytest.mark.parametrize("kazoe", ["yakuman", "sanbaiman", "counted"])
async def test_kazoe_option(harness, players, kazoe):
    _east, south, west, _ = players
    await start(harness, players, kazoe=kazoe)
    await harness.slash("table ron", user=south, winner=south, loser=west, han=26, fu=30)
    paid = ref.ron_payment(ref.base_points(26, kazoe=kazoe), dealer=False)
    assert points(await state(harness))[1:3] == [25000 + paid, 25000 - paid]


@pytest.mark.option_effect("table start", "sanma_honba")
@pytest.mark.parametrize("sanma_honba", [200, 300])
async def test_sanma_honba_option(harness, players, sanma_honba):
    east, south, west, _ = players
    await harness.slash("table start", user=east, east=east, south=south, west=west, sanma_honba=sanma_honba)
    draw = await harness.slash("table draw", user=east)
    await harness.click(draw.message, user=east, label="Abortive draw")
    await harness.slash("table ron", user=south, winner=south, loser=west, han=2, fu=30)
    paid = ref.ron_payment(ref.base_points(2, 30), dealer=False) + ref.ron_honba(1, players=3,
                                                                                 sanma_honba=sanma_honba)
    assert points(await state(harness)) == [35000, 35000 + paid, 35000 - paid]
    await harness.slash("table undo", user=south)
    await harness.slash("table tsumo", user=south, winner=south, han=2, fu=30)  # 100 a honba from each, either way
    payments = ref.tsumo_payments(ref.base_points(2, 30), dealer=False)
    assert points(await state(harness)) == [35000 + d for d in ref.tsumo_deltas(3, 1, 0, payments, honba=1,
                                                                                   on_table=0)]
    show = await harness.slash("table show", user=east)
    assert f"ron honba {sanma_honba}" in show.text


# -- the abortive draw -----------------------------------------------------------------------------------------

async def test_abortive_draw_button_keeps_the_dealer_and_adds_a_honba(harness, players):
    east, south, *_ = players
    await start(harness, players)
    await harness.slash("table riichi", user=south)
    draw = await harness.slash("table draw", user=east)
    assert "Abortive draw" in [c.get("label") for c in components(draw.message)]
    pressed = await harness.click(draw.message, user=south, label="Abortive draw")
    assert pressed.response_type == 7 and "Abortive draw" in pressed.text and components(pressed.message) == []
    s = await state(harness)
    assert (s.dealer, s.honba, s.on_table, s.hands_played) == (0, 1, 1000, 1)
    assert points(s) == [25000, 24000, 25000, 25000] and not s.seat(south.id).riichi


async def test_a_stale_abortive_draw_button_is_refused(harness, players):
    east = players[0]
    await start(harness, players)
    draw = await harness.slash("table draw", user=east)
    await harness.slash("table riichi", user=east)
    pressed = await harness.click(draw.message, user=east, label="Abortive draw")
    assert pressed.ephemeral and "earlier moment" in pressed.text and (await state(harness)).hands_played == 0


# -- the Cosmic Deck's chombo on the table's options -----------------------------------------------------------

@pytest.mark.option_effect("cosmic start", "chombo")
@pytest.mark.option_effect("cosmic chombo", "player")
@pytest.mark.option_effect("table start", "aotenjou")
@pytest.mark.parametrize("aotenjou", [False, True])
async def test_a_chombo_mangan_is_scored_with_the_tables_options(harness, players, aotenjou):
    # seed 001, Events: failing an Event is chombo; docs/rulings.md: under aotenjou a mangan is 5 han 30 fu
    east, south, *_ = players
    await start(harness, players, aotenjou=aotenjou)
    await harness.slash("cosmic start", user=east, chombo="mangan")
    await harness.slash("cosmic chombo", user=east, player=south)
    from_dealer, from_other = ref.tsumo_payments(ref.base_points(5, 30, aotenjou=aotenjou), dealer=False)
    assert points(await state(harness)) == [25000 + from_dealer, 25000 - from_dealer - 2 * from_other,
                                            25000 + from_other, 25000 + from_other]
