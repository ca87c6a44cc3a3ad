"""/cosmic through the real discord.py code, on a /table, as players use it."""

from __future__ import annotations

import json
import re

import pytest

from engine.table import TABLE
from tests.support.table import end_table


@pytest.fixture
def players(harness):
    return [harness.user(name) for name in ("east", "south", "west", "north")]


async def table_state(harness):
    return (await harness.bot.games.get(harness.fake.default_channel, TABLE)).state


async def start(harness, players):
    east, south, west, north = players
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    return await harness.slash("cosmic start", user=east)


async def test_without_a_table_or_a_deck_cosmic_says_how_to_open_one(harness, players):
    reply = await harness.slash("cosmic roll", user=players[0])
    assert reply.ephemeral and "no Cosmic Deck" in reply.text and "/cosmic start" in reply.text
    assert "/table start" in reply.text  # with a table, or on its own (tests/discord_layer/test_cosmic_only.py)


async def test_rolls_escalate_reveal_on_odd_and_survive_a_restart(harness, players):
    east = players[0]
    started = await start(harness, players)
    assert "Cosmic Deck" in started.text and "Library: 30" in started.text
    costs = []
    for expected in (1000, 2000, 4000):
        reply = await harness.slash("cosmic roll", user=east)
        assert not reply.ephemeral
        cost, die = re.search(r"paid ([\d,]+) onto the table and rolled a \*\*(\d)\*\*", reply.text).groups()
        costs.append(int(cost.replace(",", "")))
        if int(die) % 2:
            assert reply.embeds and "(\"you\" on this card)" in reply.text  # a card, naming who revealed it
        else:
            assert "Even: no card." in reply.text and not reply.embeds
        if expected == 2000:
            await harness.restart()
    assert costs == [1000, 2000, 4000]
    state = await table_state(harness)
    assert state.cosmic.rolls[0] == 3
    assert sum(s.points for s in state.seats) + state.on_table == 100000  # rolls only move points around

    status = await harness.slash("cosmic status", user=players[1])
    assert status.ephemeral and "next costs 8,000" in status.text and "next costs 1,000" in status.text

    await harness.slash("table draw", user=east)  # the hand ends: roll counts reset
    draw = [m for m in harness.channel_messages() if "who was tenpai" in (m["content"] or "")][-1]
    await harness.click(draw, user=east, label="Nobody was tenpai")
    assert (await table_state(harness)).cosmic.rolls == (0, 0, 0, 0)


async def test_unknown_deck_name_is_refused_kindly(harness, players):
    east, south, west, north = players
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    reply = await harness.slash("cosmic start", user=east, deck="../secrets")
    assert reply.ephemeral and "no shipped deck" in reply.text and "cosmic" in reply.text


async def test_roll_refused_without_enough_points(harness, players):
    east = players[0]
    await start(harness, players)
    await harness.slash("table set", user=east, player=east, points=500)
    reply = await harness.slash("cosmic roll", user=east)
    assert reply.ephemeral and "costs 1,000" in reply.text and "500 points" in reply.text


@pytest.mark.option_effect("cosmic deck", "page")
@pytest.mark.option_effect("cosmic card", "name")
async def test_card_lookup_with_autocomplete_and_the_paged_deck(harness, players):
    await start(harness, players)
    choices = await harness.autocomplete("cosmic card", "name", "robb", user=players[1])
    assert [c["name"] for c in choices] == ["Riichi Robbery"]
    card = await harness.slash("cosmic card", user=players[1], name=choices[0]["value"])
    assert card.ephemeral and "Take up to 2000 points from the table." in card.text
    page = await harness.slash("cosmic deck", user=players[1], page=3)
    assert page.ephemeral and "Page 3 of 3" in page.text


async def test_chombo_keeps_rolls_and_the_hand(harness, players):
    east, south, *_ = players
    await start(harness, players)
    await harness.slash("cosmic roll", user=south)
    reply = await harness.slash("cosmic chombo", user=east, player=south)
    assert "dead hand and chombo" in reply.text and "roll counts stay" in reply.text
    state = await table_state(harness)
    assert state.cosmic.rolls[1] == 1 and state.hands_played == 0


@pytest.mark.option_effect("cosmic import", "file")
async def test_import_replaces_the_deck_and_a_bad_file_keeps_the_old_one(harness, players):
    east = players[0]
    await start(harness, players)
    bad = {"schema": 1, "name": "Ours", "description": "", "cards": [
        {"id": "x", "name": "Broken", "type": "event", "text": "?", "lasts": "sometimes"}]}
    refused = await harness.slash("cosmic import", user=east, file=("ours.json", json.dumps(bad).encode()))
    await refused.followed_up()
    assert refused.ephemeral and "Card 1 (Broken): field `lasts`" in refused.text
    assert (await table_state(harness)).cosmic.deck.name != "Ours"

    good = b'schema = 1\nname = "Ours"\ndescription = ""\n[[cards]]\nid = "x"\nname = "Fine"\ntype = "event"\n' \
           b'text = "Ok."\nlasts = "instant"\n'
    done = await harness.slash("cosmic import", user=east, file=("ours.toml", good))
    await done.followed_up()
    assert done.ephemeral and "Imported Ours" in done.text
    assert any("Now playing **Ours**" in (m["content"] or "") for m in harness.channel_messages())
    assert (await table_state(harness)).cosmic.library == ("x",)

    not_host = await harness.slash("cosmic import", user=players[1], file=("ours.toml", good))
    assert not_host.ephemeral and "Only the host" in not_host.text


async def test_a_game_with_rolls_a_ron_and_a_restart_to_the_final_standings(harness, players):
    east, south, west, north = players
    await start(harness, players)
    for player in (east, south, south):
        await harness.slash("cosmic roll", user=player)
    before = await table_state(harness)
    await harness.restart()
    assert await table_state(harness) == before  # nothing lost, deck order and counts included
    on_table = before.on_table
    ron = await harness.slash("table ron", user=south, winner=south, loser=west, han=2, fu=30)
    assert "ron off" in ron.text
    after = await table_state(harness)
    assert after.on_table == 0 and after.cosmic.rolls == (0, 0, 0, 0)  # the table's points went to the winner
    assert after.seat(south.id).points == before.seat(south.id).points + 2000 + on_table
    ended = await end_table(harness, east)
    assert "Final standings" in ended.text
    board = await harness.slash("table leaderboard", user=north)
    assert f"<@{south.id}>" in board.text
