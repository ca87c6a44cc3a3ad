"""/chroma through the real discord.py code, as players at a Chroma-jong table use it."""

from __future__ import annotations

import pytest

from engine.chroma import scoring
from engine.chroma.rules import ABILITY_TEXT, Ability, ChromaRules, GoldReading
from engine.chroma.state import CHROMA
from engine.chroma.tiles import Chroma, parse_tiles
from engine.table import TABLE
from render.chroma import CHROMA_TILES
from tests.engine.chroma.reference import brute_best, package_value
from tests.fake_discord.harness import components, message_text


@pytest.fixture
def players(harness):
    return [harness.user(name) for name in ("east", "south", "west", "north")]


async def answer(reply) -> dict:
    """The message a /chroma score ends in: the reply itself, or the followup after a deferral (gold hands)."""
    if reply.response_type == 5:
        await reply.followed_up()
        return reply.record.followups[0]
    return reply.message


async def seat(harness, players):
    east, south, west, north = players
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)


async def table_points(harness):
    state = (await harness.bot.games.get(harness.fake.default_channel, TABLE)).state
    return [s.points for s in state.seats]


@pytest.mark.option_effect("chroma waits", "hand", "discards")
async def test_waits_are_private_and_show_the_seeds_furiten_example(harness, players):
    """Seed 002, furiten example 1: a plain 3s discarded, a silver 3p held alone."""
    reply = await harness.slash("chroma waits", user=players[0], hand="3*p111z222z333z444z", discards="3s")
    assert reply.ephemeral
    assert "Tenpai" in reply.text and "3m" in reply.text and "3p" in reply.text and "3s" in reply.text
    assert "Furiten" in reply.text and "**Yes**" in reply.text
    assert reply.message["attachments"] and reply.embeds[0]["image"]["url"] == "attachment://hand.png"

    not_furiten = await harness.slash("chroma waits", user=players[0], hand="3p111z222z333z444z", discards="3s")
    assert "No: none of those discards" in not_furiten.text


async def test_a_hand_that_is_not_tenpai_says_how_far(harness, players):
    reply = await harness.slash("chroma waits", user=players[0], hand="1m4m7m1p4p7p1s4s7s1234z")
    assert reply.ephemeral and "from tenpai" in reply.text and "Shanten" in reply.text


@pytest.mark.parametrize(("hand", "complaint"), [
    ("123m456x", "`x` is not tile notation"),
    ("123m4*m", "4m has no chroma tile"),
    ("3*m3*m1234567z1199m", "the set has only 1"),
    ("123m", "a waiting hand has 13 in hand"),
])
async def test_bad_hands_get_a_friendly_private_error(harness, players, hand, complaint):
    reply = await harness.slash("chroma waits", user=players[0], hand=hand)
    assert reply.ephemeral and complaint in reply.text
    assert await harness.bot.games.get(harness.fake.default_channel, CHROMA) is None


async def test_notation_error_points_at_the_character(harness, players):
    reply = await harness.slash("chroma waits", user=players[0], hand="123m45q")
    assert "character 7" in reply.text and "```\n123m45q\n      ^\n```" in reply.text


@pytest.mark.option_effect("chroma score", "hand")
async def test_score_without_a_table_shows_the_gold_reading_and_no_record_button(harness, players):
    """Seed 002, gold: the 4s of 4s5s5s6s6s7s read as 7s for iipeiko."""
    reply = await harness.slash("chroma score", user=players[0], hand="123m789p4s5*s5s6s6s7s11z", win="1m",
                                riichi=True)
    message = await answer(reply)
    text = message_text(message)
    assert "Iipeiko" in text and "`4s` as **7s** (gold, after the win)" in text and "Chips" in text
    assert not message.get("components") and message["attachments"]


async def test_ron_recorded_on_the_table_through_the_menu_survives_a_restart(harness, players):
    await seat(harness, players)
    east, south = players[0], players[1]
    reply = await harness.slash("chroma score", user=south, hand="234m456p678s3*m3*p3*s55z", win="5z",
                                riichi=True)
    assert reply.ephemeral and "Riichi" in reply.text
    message = reply.message
    assert message["components"], "a seated winner gets the record menu"
    await harness.restart()
    before = await table_points(harness)
    chosen = await harness.choose(message, [str(east.id)], user=south)
    await chosen.followed_up()
    after = await table_points(harness)
    assert after[1] > before[1] and after[0] < before[0] and sum(after) == sum(before)
    assert not harness.fake.messages[int(message["id"])]["components"]  # the win can't be recorded twice


@pytest.mark.option_effect("chroma score", "tsumo")
async def test_non_positive_han_is_paid_backwards_on_the_table(harness, players):
    """Seed 002, "Non-positive Han Count", with the trade-off alternative on red: 1 han - 2 = -1 han."""
    await seat(harness, players)
    east, south = players[0], players[1]
    await harness.slash("chroma rules", user=east, red=Ability.TRADE_OFF.value, chip_value=5000)
    reply = await harness.slash("chroma score", user=south, hand="123m456p789s0m5m5m22z", win="2z", tsumo=True)
    assert "0× +2 han −1 chip, 1× −2 han +1 chip" in reply.text and reply.embeds[0]["title"] == "-1 han 30 fu"
    before = await table_points(harness)
    clicked = await harness.click(reply.message, user=south, label="Record this tsumo on the table")
    await clicked.followed_up()
    after = await table_points(harness)
    assert after[1] < before[1], "the winner pays with negative han"
    assert sum(after) == sum(before)


async def test_only_the_host_or_managers_change_rules_and_shuffles_replay(harness, players):
    await seat(harness, players)
    east, south = players[0], players[1]
    refused = await harness.slash("chroma shuffle", user=south)
    assert refused.ephemeral and "Manage Channel" in refused.text
    shuffled = await harness.slash("chroma shuffle", user=east)
    assert not shuffled.ephemeral and "dealt for the next hanchan" in shuffled.text
    state = (await harness.bot.games.get(harness.fake.default_channel, CHROMA)).state
    await harness.restart()
    shown = await harness.slash("chroma abilities", user=south)
    for chroma, ability in state.rules.abilities:  # the dealt mapping, as stored, after a restart
        assert f"**{chroma.value}** ({CHROMA_TILES[chroma]}): {ABILITY_TEXT[ability]}" in shown.text
    assert state.rules.abilities != () and sorted(a for _, a in state.rules.abilities) == sorted(
        [Ability.SUITLESS, Ability.AFTER_WIN, Ability.HAN, Ability.CLOSED_MELD, Ability.ANY_IN_RIICHI,
         Ability.GREEN_IN_RIICHI, Ability.RED_IN_RIICHI])
    manager = harness.user("mod", manager=True)
    changed = await harness.slash("chroma rules", user=manager, reset=True, siam_limited=True)
    assert "Chroma rules changed" in changed.text
    rules = (await harness.bot.games.get(harness.fake.default_channel, CHROMA)).state.rules
    assert rules.siam_limited and rules.ability(Chroma.SILVER) is Ability.SUITLESS


async def test_odds_table_matches_the_seed(harness, players):
    reply = await harness.slash("chroma odds", user=players[0])
    assert not reply.ephemeral and "46.0049%" in reply.text and "yakuman" in reply.text
    bad = await harness.slash("chroma odds", user=players[0], tiles=20, wall=10)
    assert bad.ephemeral and "don't describe a wall" in bad.text


@pytest.mark.option_effect("chroma rules", "gold_reading")
async def test_gold_reading_option_changes_what_one_gold_may_do(harness, players):
    """Seed 002, ability 2: "each gold tile allows the winner to interpret one tile"; strict (the default) keeps every
    other tile's reading from the hand before, loose lets the light-siam be 9s before and 3m after. The expected
    payments come from the reference: a brute force over single changes, and the loose final hand 112233m 234555s 99s,
    each scored by the `mahjong` package (East seat: the dealer)."""
    hand = {"hand": "11234m23455*599s7!z", "win": "5s", "riichi": True}
    concealed = parse_tiles(hand["hand"])
    strict_value = brute_best(concealed, max(i for i, t in enumerate(concealed) if str(t) == "5s"), riichi=True)
    loose_faces = [t.face for t in parse_tiles("112233m234555s99s")]
    loose_value = package_value(loose_faces, loose_faces.index(parse_tiles("5s")[0].face), riichi=True, tsumo=False)
    assert strict_value < loose_value

    strict = message_text(await answer(await harness.slash("chroma score", user=players[0], **hand)))
    assert f"Ron: **{strict_value:,}**" in strict
    manager = harness.user("mod", manager=True)
    changed = await harness.slash("chroma rules", user=manager, gold_reading="loose")
    assert "gold reading: loose" in changed.text
    rules = (await harness.bot.games.get(harness.fake.default_channel, CHROMA)).state.rules
    assert rules.gold_reading is GoldReading.LOOSE
    loose = message_text(await answer(await harness.slash("chroma score", user=players[0], **hand)))
    assert f"Ron: **{loose_value:,}**" in loose and "`7!z` as **3m**" in loose
    await harness.slash("chroma rules", user=manager, gold_reading="strict")
    again = message_text(await answer(await harness.slash("chroma score", user=players[0], **hand)))
    assert f"Ron: **{strict_value:,}**" in again


@pytest.mark.parametrize("tsumo", [True, False])
async def test_a_gold_search_is_exact_and_says_it_is_the_best_of_every_reading(harness, players, tsumo):
    """Seed 002, ability 2 (gold), issue 19: the after-win search has no cap, so the answer is the best reading; the
    footer says so without a count (the search leaves unlisted the readings it proves can't win), and the record
    control offers the win plainly."""
    await seat(harness, players)
    hand = "123m789p4s5*s5s6s6s7s11z"
    reply = await harness.slash("chroma score", user=players[1], hand=hand, win="1m", riichi=True, tsumo=tsumo)
    message = await answer(reply)
    tiles = parse_tiles(hand)
    expected = scoring.score(tiles, 0, [], ChromaRules(), scoring.Situation(tsumo=tsumo, riichi=True, seat=1))
    footer = message["embeds"][0]["footer"]["text"]
    assert footer == "The best of every complete reading."
    assert expected.readings  # a gold reading was needed
    assert "cap" not in message_text(message)
    (control,) = components(message)
    assert (control.get("label") or control.get("placeholder")).startswith("Record this")
