"""The score sheet names who paid what (issue 17): every tsumo payer and every noten payment, honba included.
Amounts come from the payment table written in the tests (`tests/engine/table_reference.py`)."""

from __future__ import annotations

import pytest

from tests.engine import table_reference as ref


@pytest.fixture
def players(harness):
    return [harness.user(name) for name in ("east", "south", "west", "north")]


async def start(harness, players):
    east, south, west, north = players
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)


@pytest.mark.parametrize("honba", [0, 1])
@pytest.mark.parametrize("han", [1, 3])
async def test_tsumo_names_every_payer_with_the_amount(harness, players, honba, han):
    # seed 000, 3.1: each payer pays their share plus 100 a honba; the line names each one.
    await start(harness, players)
    dealer = 0
    if honba:  # everyone tenpai: the dealer keeps the deal and a honba is added
        draw = await harness.slash("table draw", user=players[0])
        await harness.choose(draw.message, [str(p.id) for p in players], user=players[0])
    winner = 2
    reply = await harness.slash("table tsumo", user=players[winner], winner=players[winner], han=han, fu=30)
    payments = ref.tsumo_payments(ref.base_points(han, 30), dealer=False)
    deltas = ref.tsumo_deltas(4, winner, dealer, payments, honba=honba, on_table=0)
    for seat, player in enumerate(players):
        if seat != winner:
            assert f"<@{player.id}> paid {-deltas[seat]:,}" in reply.text
    assert f"{deltas[winner]:,} in all" in reply.text


async def test_noten_payments_are_named(harness, players):
    # seed 000, 3.1g: noten players pay the tenpai ones a fixed total; the line names each payment.
    await start(harness, players)
    draw = await harness.slash("table draw", user=players[0])
    chosen = await harness.choose(draw.message, [str(players[0].id)], user=players[0])
    deltas = ref.noten_deltas(4, {0})
    for seat, player in enumerate(players[1:], start=1):
        assert f"<@{player.id}> paid {-deltas[seat]:,}" in chosen.text
    assert f"<@{players[0].id}> received {deltas[0]:,}" in chosen.text


async def test_ron_names_the_payer_with_honba(harness, players):
    # seed 000, 3.1: the one who dealt in pays the hand plus 300 a honba (yonma).
    await start(harness, players)
    draw = await harness.slash("table draw", user=players[0])
    await harness.choose(draw.message, [str(p.id) for p in players], user=players[0])
    reply = await harness.slash("table ron", user=players[1], winner=players[1], loser=players[3], han=2, fu=30)
    deltas = ref.ron_deltas(4, 3, [(1, ref.ron_payment(ref.base_points(2, 30), dealer=False))], honba=1,
                            on_table=0)
    assert f"ron off <@{players[3].id}>: 2 han 30 fu, {-deltas[3]:,} paid" in reply.text


@pytest.mark.option_effect("table history", "page")
async def test_history_pages_through_every_entry(harness, players):
    # issue 17: the history no longer stops at 25 entries without saying so.
    await start(harness, players)
    east = players[0]
    for n in range(1, 27):
        await harness.slash("table set", user=east, player=east, points=1000 * n)
    newest = await harness.slash("table history", user=east)
    assert newest.ephemeral and "26,000" in newest.text and "Table started" not in newest.text
    assert "page:2" in newest.text
    older = await harness.slash("table history", user=east, page=2)
    assert "Table started" in older.text and "26,000" not in older.text and "1,000" in older.text
    beyond = await harness.slash("table history", user=east, page=3)
    assert beyond.ephemeral and "no page 3" in beyond.text.lower()
    for bad in (0, -1):
        refused = await harness.slash("table history", user=east, page=bad)
        assert refused.ephemeral and "page" in refused.text.lower()


@pytest.mark.option_effect("table end", "uma", "return_points")
async def test_end_shows_uma_and_oka_and_keeps_raw_points(harness, players):
    # issue 17: uma by place and oka ((return - start) x players) to first, shown beside the raw points.
    from engine.table import TABLE, UMA_PRESETS
    from tests.engine.test_uma import reference

    await start(harness, players)
    east, south = players[:2]
    await harness.slash("table pay", user=east, amount=3000, to=south)
    for bad in (25050, -100, 0):
        refused = await harness.slash("table end", user=east, uma="10-20", return_points=bad)
        assert refused.ephemeral and "return" in refused.text.lower()
    game = await harness.bot.games.get(harness.fake.default_channel, TABLE)
    assert game is not None  # a refusal leaves the table running
    raw = [seat.points for seat in game.state.seats]
    asked = await harness.slash("table end", user=east, uma="10-20", return_points=30000)
    assert await harness.bot.games.get(harness.fake.default_channel, TABLE) is not None  # not until confirmed
    ended = await harness.click(asked.message, user=east, label="End the game")  # the options travel with it
    scores = reference(raw, UMA_PRESETS["10-20"], 25000, 30000)
    for shown in (asked, ended):
        for player, score, pts in zip(players, scores, raw, strict=True):
            assert f"<@{player.id}>: **{pts:,}** ({score:+.1f})" in shown.text
        assert "uma 10-20" in shown.text and "return 30,000" in shown.text
    assert "Final standings" in ended.text and await harness.bot.games.get(harness.fake.default_channel, TABLE) is None
