"""The whole path of a game move through the real discord.py code, using the test-only /tally game."""

from __future__ import annotations

import pytest

from bot import extension_names
from tests.fake_discord.harness import components
from tests.support.tally import TALLY


@pytest.fixture
def harness_extensions():
    return [*extension_names(), "tests.support.tally_cog"]


async def state(harness):
    record = await harness.bot.games.get(harness.fake.default_channel, TALLY)
    return record.state if record else None


async def test_start_posts_public_embed_with_button(harness):
    alice, bob = harness.user("alice"), harness.user("bob")
    reply = await harness.slash("tally start", user=alice, opponent=bob)
    assert not reply.ephemeral
    assert "Tally: 0" in reply.text
    assert [b["label"] for b in components(reply.message)] == ["+1"]
    assert (await state(harness)).players == (alice.id, bob.id)


async def test_user_option_rejects_a_bot(harness):
    alice, robot = harness.user("alice"), harness.user("robot", bot=True)
    reply = await harness.slash("tally start", user=alice, opponent=robot)
    assert reply.ephemeral
    assert "Bots can't play." in reply.text and "Pick a person" in reply.text
    assert await state(harness) is None


async def test_second_start_is_refused_with_what_to_do(harness):
    alice = harness.user("alice")
    await harness.slash("tally start", user=alice)
    reply = await harness.slash("tally start", user=alice)
    assert reply.ephemeral
    assert "already running" in reply.text and "/tally end" in reply.text


async def test_command_without_game_says_how_to_start(harness):
    reply = await harness.slash("tally add", user=harness.user("alice"), amount=2)
    assert reply.ephemeral and "/tally start" in reply.text


async def test_engine_error_is_ephemeral_and_changes_nothing(harness):
    alice = harness.user("alice")
    await harness.slash("tally start", user=alice)
    reply = await harness.slash("tally add", user=alice, amount=-3)
    assert reply.ephemeral
    assert "positive amount" in reply.text and "amount: 1" in reply.text
    assert (await state(harness)).total == 0
    history = await harness.bot.games.history(harness.fake.default_channel, TALLY)
    assert [e.type for e in history] == ["start"]


async def test_someone_not_seated_cannot_act(harness):
    alice, mallory = harness.user("alice"), harness.user("mallory")
    start = await harness.slash("tally start", user=alice)
    reply = await harness.slash("tally add", user=mallory, amount=1)
    assert reply.ephemeral and "not seated" in reply.text
    click = await harness.click(start.message, user=mallory, label="+1")
    assert click.ephemeral and "not seated" in click.text
    assert (await state(harness)).total == 0


async def test_button_applies_move_and_updates_its_message(harness):
    alice = harness.user("alice")
    start = await harness.slash("tally start", user=alice)
    click = await harness.click(start.message, user=alice, label="+1")
    assert click.response_type == 7  # the message itself is updated
    assert "Tally: 1" in click.text
    assert components(click.message)[0]["custom_id"] == "ct:tally:add:1"
    assert (await state(harness)).total == 1


async def test_stale_button_is_refused(harness):
    alice = harness.user("alice")
    start = await harness.slash("tally start", user=alice)
    stale_message = dict(start.message)  # the message as it was, version 0
    await harness.slash("tally add", user=alice, amount=5)  # the game moves on
    old = await harness.bot.games.get(harness.fake.default_channel, TALLY)
    click = await harness.click(stale_message, user=alice, custom_id="ct:tally:add:0")
    assert click.ephemeral and "earlier moment" in click.text and "/tally show" in click.text
    assert (await harness.bot.games.get(harness.fake.default_channel, TALLY)).version == old.version


async def test_two_clicks_on_one_button_apply_once(harness):
    alice = harness.user("alice")
    start = await harness.slash("tally start", user=alice)
    first = await harness.fake.send_interaction(_click_payload(harness, start.message, alice))
    second = await harness.fake.send_interaction(_click_payload(harness, start.message, alice))
    from tests.fake_discord.harness import InteractionLog
    logs = [await InteractionLog(harness.fake, r).acknowledged() for r in (first, second)]
    assert sorted(log.response_type for log in logs) == [4, 7]  # one update, one ephemeral refusal
    assert (await state(harness)).total == 1


def _click_payload(harness, message, user):
    data = {"custom_id": components(message)[0]["custom_id"], "component_type": 2}
    return harness._envelope(3, data, user, int(message["channel_id"]), message=message)


async def test_buttons_keep_working_after_a_restart(harness):
    alice = harness.user("alice")
    start = await harness.slash("tally start", user=alice)
    await harness.restart()
    click = await harness.click(start.message, user=alice, label="+1")
    assert click.response_type == 7 and "Tally: 1" in click.text
    assert (await state(harness)).total == 1


async def test_state_survives_a_restart(harness):
    alice = harness.user("alice")
    await harness.slash("tally start", user=alice)
    await harness.slash("tally add", user=alice, amount=7)
    await harness.restart()
    assert (await state(harness)).total == 7


async def test_undo_by_the_mover_then_refused_for_others(harness):
    alice, bob = harness.user("alice"), harness.user("bob")
    await harness.slash("tally start", user=alice, opponent=bob)
    await harness.slash("tally add", user=alice, amount=2)
    await harness.slash("tally add", user=bob, amount=3)
    refused = await harness.slash("tally undo", user=harness.user("carol"))
    assert refused.ephemeral and "Only the host" in refused.text
    undone = await harness.slash("tally undo", user=bob)
    assert "Undid move 2" in undone.text and (await state(harness)).total == 2


async def test_manager_can_undo_and_end_someone_elses_game(harness):
    alice, mod = harness.user("alice"), harness.user("mod", manager=True)
    await harness.slash("tally start", user=alice)
    await harness.slash("tally add", user=alice, amount=4)
    assert "Undid" in (await harness.slash("tally undo", user=mod)).text
    refused = await harness.slash("tally end", user=harness.user("bob"))
    assert refused.ephemeral and "Manage Channel" in refused.text
    ended = await harness.slash("tally end", user=mod)
    assert "ended at 0" in ended.text and await state(harness) is None


@pytest.mark.allow_error_logs
async def test_a_bug_is_logged_and_the_user_told_nothing_changed(harness):
    alice = harness.user("alice")
    await harness.slash("tally start", user=alice)
    reply = await harness.slash("tally add", user=alice, amount=13)
    assert reply.ephemeral
    assert "went wrong" in reply.text and "Nothing was changed" in reply.text
    assert any("a bug inside the transaction" in str(r.exc_info and r.exc_info[1]) for r in harness.errors)
    assert (await state(harness)).total == 0


async def test_deferred_reply_then_followup_with_a_file(harness):
    alice = harness.user("alice")
    await harness.slash("tally start", user=alice)
    await harness.slash("tally add", user=alice, amount=3)
    reply = await harness.slash("tally show", user=alice)
    assert reply.response_type == 5 and reply.ephemeral  # "thinking...", only for alice
    await reply.followed_up()
    assert reply.message["flags"] & 128 == 0  # the followup replaced the loading message
    assert "Tally: 3" in reply.text
    assert [a["filename"] for a in reply.message["attachments"]] == ["tally.txt"]


async def test_errors_after_a_defer_still_reach_the_user(harness):
    reply = await harness.slash("tally show", user=harness.user("alice"))  # no game: fails after deferring
    await reply.followed_up()
    assert reply.ephemeral and "/tally start" in reply.text
