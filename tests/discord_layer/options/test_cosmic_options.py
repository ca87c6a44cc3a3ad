"""The effect of each /cosmic option, through the real discord.py code and the fake Discord (issue 15)."""

from __future__ import annotations

import json
import shutil

import pytest

import engine.deck
from engine.table import TABLE
from tests.support.table import end_table

STARTING = 25000
OURS = {"schema": 1, "name": "Ours", "description": "Two storms that stay until dismissed.", "cards": [
    {"id": "alpha", "name": "Alpha Storm", "type": "event", "text": "Stays.", "lasts": "until_dismissed"},
    {"id": "beta", "name": "Beta Storm", "type": "event", "text": "Stays too.", "lasts": "until_dismissed"}]}


@pytest.fixture
def players(harness):
    return [harness.user(name) for name in ("east", "south", "west", "north")]


@pytest.fixture
def our_deck(tmp_path, monkeypatch):
    """A second shipped deck beside the real one."""
    folder = tmp_path / "decks"
    folder.mkdir()
    shutil.copy(engine.deck.DECKS_FOLDER / "cosmic.json", folder)
    (folder / "ours.json").write_text(json.dumps(OURS))
    monkeypatch.setattr(engine.deck, "DECKS_FOLDER", folder)


async def table_state(harness):
    return (await harness.bot.games.get(harness.fake.default_channel, TABLE)).state


async def seat(harness, players):
    east, south, west, north = players
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)


@pytest.mark.option_effect("cosmic start", "deck")
@pytest.mark.option_effect("cosmic dismiss", "card")
async def test_the_chosen_deck_is_shuffled_and_a_lingering_event_is_dismissed(harness, players, our_deck):
    await seat(harness, players)
    offered = await harness.autocomplete("cosmic start", "deck", "ou", user=players[0])
    assert [c["value"] for c in offered] == ["ours"]
    started = await harness.slash("cosmic start", user=players[0], deck="ours")
    assert not started.ephemeral
    deck = (await table_state(harness)).cosmic
    assert deck.deck.name == "Ours" and sorted(deck.library) == ["alpha", "beta"]

    for player in players * 4:  # every card of this deck lingers: the first odd die puts one in effect
        await harness.slash("cosmic roll", user=player)
        if (deck := (await table_state(harness)).cosmic).in_effect:
            break
    (lingering,) = [e.card for e in deck.in_effect]
    other = ({"alpha", "beta"} - {lingering}).pop()
    offered = await harness.autocomplete("cosmic dismiss", "card", "storm", user=players[1])
    assert [c["value"] for c in offered] == [lingering]  # only Events in effect
    refused = await harness.slash("cosmic dismiss", user=players[1], card=other)
    assert refused.ephemeral and (await table_state(harness)).cosmic == deck
    dismissed = await harness.slash("cosmic dismiss", user=players[1], card=lingering)
    name = next(c["name"] for c in OURS["cards"] if c["id"] == lingering)
    assert f"{name} is no longer in effect" in dismissed.text
    after = (await table_state(harness)).cosmic
    assert after.in_effect == () and after.discards[-1] == lingering


@pytest.mark.option_effect("cosmic start", "chombo")
@pytest.mark.option_effect("cosmic chombo", "player")
async def test_the_chombo_penalty_falls_on_the_named_player(harness, players):
    east, _, west, _ = players
    for penalty, paid in (("none", 0), ("mangan", 8000)):  # a non-dealer's mangan: 4,000 + 2,000 + 2,000
        await seat(harness, players)
        await harness.slash("cosmic start", user=east, chombo=penalty)
        reply = await harness.slash("cosmic chombo", user=east, player=west)
        assert f"<@{west.id}> has a dead hand" in reply.text
        state = await table_state(harness)
        assert state.cosmic.dead == (west.id,)
        assert [s.points for s in state.seats] == [STARTING + paid // 2, STARTING + paid // 4, STARTING - paid,
                                                   STARTING + paid // 4]
        await end_table(harness, east)
