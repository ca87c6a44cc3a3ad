"""The effect of each /table option, through the real discord.py code and the fake Discord (issue 15)."""

from __future__ import annotations

import pytest

from engine.table import TABLE
from tests.support.table import end_table

STARTING = 25000


@pytest.fixture
def players(harness):
    return [harness.user(name) for name in ("east", "south", "west", "north")]


async def state(harness):
    record = await harness.bot.games.get(harness.fake.default_channel, TABLE)
    return record.state if record else None


async def start(harness, players, **options):
    east, south, west, north = players
    reply = await harness.slash("table start", user=east, east=east, south=south, west=west, north=north, **options)
    assert not reply.ephemeral, reply.text
    return reply


def points(s):
    return [seat.points for seat in s.seats]


@pytest.mark.option_effect("table start", "points", "north")
async def test_starting_points_and_the_north_seat(harness, players):
    east, south, west, _ = players
    await start(harness, players, points=30000)
    assert points(await state(harness)) == [30000] * 4
    await end_table(harness, east)
    sanma = await harness.slash("table start", user=east, east=east, south=south, west=west, points=40000)
    assert "Sanma" in sanma.text
    s = await state(harness)
    assert s.players == (east.id, south.id, west.id) and points(s) == [40000] * 3


async def nobody_tenpai(harness, user):
    draw = await harness.slash("table draw", user=user)
    return await harness.click(draw.message, user=user, label="Nobody was tenpai")


@pytest.mark.option_effect("table start", "length")
async def test_length_ends_the_game_after_its_last_round(harness, players):
    for length, over_after in (("east", 4), ("hanchan", 8)):
        await start(harness, players, length=length)
        for hand in range(1, over_after + 1):  # a draw with nobody tenpai passes the deal on
            reply = await nobody_tenpai(harness, players[0])
            assert (await state(harness)).over == (hand == over_after), (length, hand)
        assert "The game is over." in reply.text
        await end_table(harness, players[0])


def non_dealer_ron(han, fu):
    """A non-dealer's ron without limits: fu x 2^(2+han) x 4, rounded up to 100."""
    base = fu * 2 ** (2 + han) * 4
    return -(-base // 100) * 100


@pytest.mark.option_effect("table start", "kiriage", "aotenjou", "bust")
async def test_kiriage_aotenjou_and_bust_change_what_a_hand_does(harness, players):
    east, south, west, _north = players
    for options, han, fu, paid in (
        ({}, 4, 30, non_dealer_ron(4, 30)),  # 7,680 -> 7,700
        ({"kiriage": True}, 4, 30, 8000),  # rounded up to mangan
        ({"kiriage": True}, 3, 60, 8000),
        ({}, 6, 30, 12000),  # haneman
        ({"aotenjou": True}, 6, 30, non_dealer_ron(6, 30)),  # no limit: 30,720 -> 30,800
    ):
        await start(harness, players, **options)
        await harness.slash("table ron", user=south, winner=south, loser=west, han=han, fu=fu)
        assert points(await state(harness)) == [STARTING, STARTING + paid, STARTING - paid, STARTING], options
        await end_table(harness, east)
    for bust in (True, False):
        await start(harness, players, bust=bust)
        await harness.slash("table set", user=east, player=west, points=1000)
        await harness.slash("table ron", user=south, winner=south, loser=west, han=3, fu=30)
        s = await state(harness)
        assert s.seat(west.id).points < 0 and s.over == bust
        await end_table(harness, east)


@pytest.mark.option_effect("table riichi", "player")
@pytest.mark.option_effect("table pay", "player")
@pytest.mark.option_effect("table take", "player", "up_to")
async def test_riichi_pay_and_take_for_another_player(harness, players):
    east, south, west, north = players
    await start(harness, players)
    reply = await harness.slash("table riichi", user=east, player=south)
    assert f"<@{south.id}>" in reply.text
    s = await state(harness)
    assert points(s) == [STARTING, STARTING - 1000, STARTING, STARTING] and s.on_table == 1000
    assert [seat.riichi for seat in s.seats] == [False, True, False, False]
    await harness.slash("table pay", user=east, amount=2000, player=south)
    await harness.slash("table pay", user=east, amount=500, player=west, to=north)
    s = await state(harness)
    assert points(s) == [STARTING, STARTING - 3000, STARTING - 500, STARTING + 500] and s.on_table == 3000
    await harness.slash("table take", user=east, amount=2000, player=west)
    s = await state(harness)
    assert points(s) == [STARTING, STARTING - 3000, STARTING + 1500, STARTING + 500] and s.on_table == 1000
    refused = await harness.slash("table take", user=east, amount=2000)  # rule 3.1f.2: not all there, no up_to
    assert refused.ephemeral and await state(harness) == s
    await harness.slash("table take", user=east, amount=2000, up_to=True)  # rule 3.1f.3
    s = await state(harness)
    assert s.on_table == 0 and s.seat(east.id).points == STARTING + 1000
