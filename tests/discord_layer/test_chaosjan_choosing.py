"""Choosing CHAOS;JAN cards through the fake Discord: two players after the same Modifier (seed 000 5.2d.2)."""

from __future__ import annotations

import pytest

from engine.chaosjan.catalogue import CardType, load_shipped
from engine.table import TABLE
from tests.discord_layer.test_chaosjan import CHOICES, KINDS, private
from tests.discord_layer.test_chaosjan_panel import settle
from tests.fake_discord.harness import components


@pytest.fixture
def players(harness):
    return [harness.user(name) for name in ("east", "south", "west", "north")]


def modifier_menu(message):
    return next(c for c in components(message) if c.get("custom_id", "").startswith("ct:cj:pick:modifier"))


def panel_text(message):
    return next(e["description"] for e in message["embeds"] if e["title"].startswith("CHAOS;JAN"))


async def chaos(harness):
    return (await harness.bot.games.get(harness.fake.default_channel, TABLE)).state.chaosjan


async def test_5_2d_2_a_clashing_modifier_is_refused_alone_and_no_longer_offered(harness, players):
    east, south, west, north = players
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    setup = (await harness.slash("chaosjan new", user=east)).message
    east_menus = await harness.click(setup, user=east, label="Choose my cards")
    north_menus = await harness.click(setup, user=north, label="Choose my cards")  # opened before East picks
    mine = CHOICES[0][3]
    await harness.choose(east_menus.message, list(mine), user=east, custom_id="ct:cj:pick:modifier")
    clash, rest = mine[0], CHOICES[3][3][1:]  # East's Red Fever with two of North's own
    picks = [clash, *rest]
    assert set(picks) <= {o["value"] for o in modifier_menu(north_menus.message)["options"]}  # an old menu

    refused = await harness.choose(north_menus.message, picks, user=north, custom_id="ct:cj:pick:modifier")
    name = load_shipped().card(clash).name
    assert private(refused) and f"**{name}** is taken" in refused.text and "5.2d.2" in refused.text
    assert f"<@{east.id}>" not in refused.text  # who chose it stays private, as every choice is
    state = await chaos(harness)
    assert state.choices[0].modifiers == mine and state.choices[3].modifiers == tuple(rest)
    menu = modifier_menu(harness.fake.messages[int(north_menus.message["id"])])  # the same message, edited
    offered = {o["value"] for o in menu["options"]}
    assert not offered & set(mine) and set(rest) <= offered
    assert {o["value"] for o in menu["options"] if o.get("default")} == set(rest)  # the kept picks stay ticked

    spare = next(c.id for c in load_shipped().of_type(CardType.MODIFIER)
                 if c.id not in mine and c.id not in rest)
    filled = await harness.choose(north_menus.message, [*rest, spare], user=north, custom_id="ct:cj:pick:modifier")
    assert private(filled) and "taken" not in filled.text
    assert set((await chaos(harness)).choices[3].modifiers) == {*rest, spare}


async def test_5_2d_2_a_player_who_had_chosen_everything_and_loses_a_modifier_to_a_clash_waits_again(harness, players):
    east, south, west, north = players
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    setup = (await harness.slash("chaosjan new", user=east)).message
    east_menus = await harness.click(setup, user=east, label="Choose my cards")
    north_menus = await harness.click(setup, user=north, label="Choose my cards")
    for (name, _), cards in zip(KINDS, CHOICES[0], strict=True):
        await harness.choose(east_menus.message, [cards] if isinstance(cards, str) else list(cards), user=east,
                             custom_id=f"ct:cj:pick:{name}")
    north_mods = CHOICES[3][3]
    await harness.choose(north_menus.message, list(north_mods), user=north, custom_id="ct:cj:pick:modifier")
    await settle(harness)
    assert f"✅ <@{east.id}>" in panel_text(harness.fake.messages[int(setup["id"])])

    stale = [north_mods[0], *CHOICES[0][3][1:]]  # East changes a pick from a menu older than North's choice
    refused = await harness.choose(east_menus.message, stale, user=east, custom_id="ct:cj:pick:modifier")
    assert "is taken" in refused.text and not (await chaos(harness)).choices[0].complete
    await settle(harness)
    panel = harness.fake.messages[int(setup["id"])]  # the one choosing panel, edited in place
    assert f"⏳ <@{east.id}>" in panel_text(panel) and harness.newest_public()["id"] == setup["id"]
