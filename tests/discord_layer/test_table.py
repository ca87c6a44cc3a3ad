"""/table through the real discord.py code, as a group of players uses it."""

from __future__ import annotations

import pytest

from engine.table import TABLE
from tests.fake_discord.harness import components
from tests.support.table import end_table


@pytest.fixture
def players(harness):
    return [harness.user(name) for name in ("east", "south", "west", "north")]


async def state(harness):
    record = await harness.bot.games.get(harness.fake.default_channel, TABLE)
    return record.state if record else None


async def start(harness, players, **options):
    east, south, west, north = players
    return await harness.slash("table start", user=east, east=east, south=south, west=west, north=north, **options)


def points(s):
    return [seat.points for seat in s.seats]


@pytest.mark.option_effect("table start", "east", "south", "west", "north")
async def test_a_whole_game_with_a_restart_in_the_middle(harness, players):
    east, south, west, north = players
    started = await start(harness, players)
    assert not started.ephemeral and "Yonma table started" in started.text and "25,000" in started.text

    await harness.slash("table riichi", user=south)
    ron = await harness.slash("table ron", user=south, winner=south, loser=west, han=3, fu=30)
    assert "ron off" in ron.text and "3 han 30 fu, 3,900 paid" in ron.text and "East 2" in ron.text
    assert points(await state(harness)) == [25000, 28900, 21100, 25000]

    await harness.restart()  # nothing is lost
    assert points(await state(harness)) == [25000, 28900, 21100, 25000]

    draw = await harness.slash("table draw", user=north)
    menu = components(draw.message)
    assert menu[0]["type"] == 3 and [o["label"] for o in menu[0]["options"]] == ["east", "south", "west", "north"]
    chosen = await harness.choose(draw.message, [str(east.id)], user=west)
    assert chosen.response_type == 7 and "Tenpai: <@" in chosen.text
    assert components(chosen.message) == []  # the menu is gone once used
    assert points(await state(harness)) == [28000, 27900, 20100, 24000]

    # East was the only one tenpai, so the deal passed to West (East 3, 1 honba). West, the dealer, wins by tsumo:
    # 3900 all, plus 100 each for the honba.
    tsumo = await harness.slash("table tsumo", user=west, winner=west, han=4, fu=30)
    assert "tsumo" in tsumo.text
    s = await state(harness)
    assert points(s) == [28000 - 4000, 27900 - 4000, 20100 + 12000, 24000 - 4000] and s.honba == 2

    undone = await harness.slash("table undo", user=west)
    assert "Undone" in undone.text and "tsumo" in undone.text
    assert points(await state(harness)) == [28000, 27900, 20100, 24000]

    show = await harness.slash("table show", user=west)
    assert "East 3, 1 honba" in show.text and "(dealer" in show.text

    history = await harness.slash("table history", user=west)
    assert history.ephemeral and "~~" in history.text and "declared riichi" in history.text

    ended = await end_table(harness, east)
    assert "Final standings" in ended.text and ended.text.index(f"<@{east.id}>") < ended.text.index(f"<@{west.id}>")
    assert await state(harness) is None

    board = await harness.slash("table leaderboard", user=west)
    assert f"<@{east.id}>" in board.text and "1 game, first in 1," in board.text


async def test_stale_tenpai_menu_is_refused(harness, players):
    await start(harness, players)
    draw = await harness.slash("table draw", user=players[0])
    await harness.slash("table riichi", user=players[1])  # the table moved on
    chosen = await harness.choose(draw.message, [str(players[0].id)], user=players[0])
    assert chosen.ephemeral and "earlier moment" in chosen.text
    assert (await state(harness)).hands_played == 0


async def test_nobody_tenpai_button(harness, players):
    await start(harness, players)
    draw = await harness.slash("table draw", user=players[0])
    pressed = await harness.click(draw.message, user=players[2], label="Nobody was tenpai")
    assert pressed.response_type == 7 and "Tenpai: nobody" in pressed.text
    assert (await state(harness)).dealer == 1


async def test_sanma_with_default_points(harness, players):
    east, south, west, _ = players
    reply = await harness.slash("table start", user=east, east=east, south=south, west=west)
    assert "Sanma" in reply.text and "35,000" in reply.text


@pytest.mark.parametrize(
    ("options", "complaint"),
    [
        ({"west": "SAME"}, "same person"),
        ({"west": "BOT"}, "is a bot"),
    ],
)
async def test_bad_seating_is_refused_kindly(harness, players, options, complaint):
    east, south, west, north = players
    west = {"SAME": south, "BOT": harness.user("robot", bot=True)}[options["west"]]
    reply = await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    assert reply.ephemeral and complaint in reply.text and await state(harness) is None


async def test_one_table_per_channel(harness, players):
    await start(harness, players)
    again = await start(harness, players)
    assert again.ephemeral and "already running" in again.text and "/table end" in again.text


@pytest.mark.option_effect("table take", "amount", "up_to")
@pytest.mark.option_effect("table pay", "amount", "to")
async def test_payments_and_their_refusals(harness, players):
    east, south, west, north = players
    await start(harness, players)
    onto = await harness.slash("table pay", user=east, amount=2000)
    assert "onto the table" in onto.text
    to = await harness.slash("table pay", user=east, amount=1000, to=south)
    assert f"to <@{south.id}>" in to.text
    odd = await harness.slash("table pay", user=east, amount=150)
    assert odd.ephemeral and "multiple of 100" in odd.text
    too_much = await harness.slash("table pay", user=west, amount=30000)
    assert too_much.ephemeral and "rule 3.1g" in too_much.text
    take = await harness.slash("table take", user=north, amount=5000, up_to=True)
    assert "took 2,000 from the table" in take.text
    assert points(await state(harness)) == [22000, 26000, 25000, 27000]


@pytest.mark.option_effect("table set", "player", "points")
async def test_only_seated_players_act_and_only_the_host_manages(harness, players):
    east, south, *_ = players
    await start(harness, players)
    stranger = harness.user("stranger")
    assert "not seated" in (await harness.slash("table riichi", user=stranger)).text
    refused = await harness.slash("table set", user=south, player=south, points=50000)
    assert refused.ephemeral and "Only the host" in refused.text
    assert "Only the host" in (await harness.slash("table end", user=south)).text
    mod = harness.user("mod", manager=True)
    await harness.slash("table set", user=mod, player=south, points=30000)
    assert (await state(harness)).seat(south.id).points == 30000
    await harness.slash("table riichi", user=east)
    refused_undo = await harness.slash("table undo", user=south)  # east's entry, south is not the host
    assert refused_undo.ephemeral and "Only the host" in refused_undo.text


async def test_hand_value_given_two_ways_is_refused(harness, players):
    east, _south, west, _ = players
    await start(harness, players)
    reply = await harness.slash("table ron", user=east, winner=east, loser=west, han=3, fu=30, points=3900)
    assert reply.ephemeral and "one way" in reply.text


async def test_double_ron(harness, players):
    _east, south, west, north = players
    await start(harness, players)
    reply = await harness.slash("table ron", user=west, winner=south, loser=west, han=1, fu=30,
                                winner2=north, han2=2, fu2=30)
    assert reply.text.count("ron off") == 2
    assert points(await state(harness)) == [25000, 26000, 22000, 27000]
