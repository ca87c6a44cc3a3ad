"""Issue 17 item 8: /chroma score answers privately unless `public`, and refuses before any deferral."""

from __future__ import annotations

import pytest

from engine.chroma.tiles import parse_tiles
from engine.table import TABLE
from tests.fake_discord.harness import message_text

GOLD_HAND = dict(hand="123m789p4s5*s5s6s6s7s11z", win="1m", riichi=True)  # seed 002, gold: a slow (deferred) search


@pytest.fixture
def players(harness):
    return [harness.user(name) for name in ("east", "south", "west", "north")]


async def final(reply) -> tuple[dict, bool]:
    """The message a /chroma score ends in, and whether it is ephemeral (a deferral decides for its followup)."""
    if reply.response_type == 5:
        await reply.followed_up()
        return reply.record.followups[0], reply.ephemeral
    return reply.message, reply.ephemeral


@pytest.mark.option_effect("chroma score", "public")
@pytest.mark.parametrize("hand", [GOLD_HAND, dict(hand="234m456p678s3*m3*p3*s55z", win="5z", riichi=True)])
@pytest.mark.parametrize("public", [False, True])
async def test_score_is_private_unless_public(harness, players, hand, public):
    """Rulings, "Which answers about cards or tiles are private?": private by default, as /chroma waits."""
    reply = await harness.slash("chroma score", user=players[0], public=public, **hand)
    message, ephemeral = await final(reply)
    assert ephemeral is not public
    assert "han" in message_text(message)


@pytest.mark.parametrize("public", [False, True])
async def test_a_hand_with_too_many_chroma_tiles_is_refused_privately_before_any_deferral(harness, players, public):
    """Seed 002, Special Tiles: one of each chroma tile; the refusal never lands in the channel."""
    hand = "3*s3*s3*s5*z6*z7*z123p456m11z"
    assert sum(t.chroma is not None for t in parse_tiles(hand)) > 3  # enough chroma tiles to be a slow search
    copies = parse_tiles("3*s")[0].copies
    reply = await harness.slash("chroma score", user=players[0], hand=hand, win="1z", public=public)
    assert reply.response_type != 5 and reply.ephemeral
    assert f"That's 3 × silver 3s, but the set has only {copies}." in reply.text


async def test_a_private_answers_record_menu_records_publicly_on_the_table(harness, players):
    east, south, west, north = players
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    reply = await harness.slash("chroma score", user=south, hand="234m456p678s3*m3*p3*s55z", win="5z", riichi=True)
    assert reply.ephemeral and reply.message["components"]
    before = [s.points for s in (await harness.bot.games.get(harness.fake.default_channel, TABLE)).state.seats]
    chosen = await harness.choose(reply.message, [str(east.id)], user=south)
    await chosen.followed_up()
    after = [s.points for s in (await harness.bot.games.get(harness.fake.default_channel, TABLE)).state.seats]
    assert after[1] > before[1] and after[0] < before[0] and sum(after) == sum(before)
    assert not chosen.record.followups[0].get("ephemeral")


@pytest.mark.parametrize("public", [False, True])
async def test_a_slow_hand_found_incomplete_after_a_public_deferral_leaves_no_public_refusal(harness, players, public):
    """Issue 17 item 8, seed 002 (gold: after the win): only the search finds the hand incomplete, after the
    deferral; the "thinking" message goes and the refusal is told to the player alone."""
    hand = dict(hand="123m789p4s5*s5s6s6s7s17z", win="1m", riichi=True)
    before = len(harness.public_messages())
    reply = await harness.slash("chroma score", user=players[0], public=public, **hand)
    assert reply.response_type == 5  # the slow search was deferred first
    await reply.followed_up()
    refusal = reply.record.followups[-1]
    assert "isn't complete" in message_text(refusal) and refusal.get("flags", 0) & 64
    assert len(harness.public_messages()) == before
    assert not any("isn't complete" in message_text(m) for m in harness.public_messages())
