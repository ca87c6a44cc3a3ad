"""Issue 19, item 1: the live panel knows the channel's newest message from the gateway (MESSAGE_CREATE and
MESSAGE_DELETE under the guild messages intent) and the panels it posts, asking Discord (GET the channel) only for a
channel it has not heard of since it connected, or whose newest message was deleted."""

from __future__ import annotations

import asyncio

import pytest

from tests.discord_layer.test_chaosjan import EAST_STOCK, start
from tests.discord_layer.test_chaosjan_panel import holder, settle
from tests.discord_layer.test_ginjontan import current, start_game
from tests.discord_layer.test_ginjontan_board import check_channel


def asked(harness, channel: int | None = None) -> int:
    """How many times the bot asked Discord for the channel (its newest message among what it says)."""
    return harness.fake.requests.count(("GET", f"/api/v10/channels/{channel or harness.fake.default_channel}"))


async def started(harness, players: int = 4) -> tuple[list, dict, int]:
    """A Gin-jon-tan game under way (every player to decide swap or keep, step 2): its players, its panel and how
    many public messages the channel has."""
    users = [harness.user(name) for name in ("ann", "ben", "cat", "dan")[:players]]
    await start_game(harness, users)
    count = await check_channel(harness, await current(harness), len(harness.public_messages()))
    return users, harness.newest_public(), count


async def swap(harness, user, count: int) -> tuple[dict, int]:
    """`user` keeps their hand (seed step 2) by command; the channel's newest message after it, and the count."""
    await harness.slash("ginjontan swap", user=user, choice="keep")
    count = await check_channel(harness, await current(harness), count)
    newest = harness.newest_public()
    assert f"<@{user.id}> kept their hand" in newest["content"]
    return newest, count


async def test_a_move_on_the_newest_panel_edits_it_in_place_without_asking_discord(harness):
    (ann, ben, *_), panel, count = await started(harness)
    for user in (ann, ben):  # each command is answered privately: an ephemeral reply is no channel message
        newest, count = await swap(harness, user, count)
        assert newest["id"] == panel["id"]
    assert asked(harness) == 0


async def test_a_user_message_below_the_panel_makes_the_next_move_post_it_again(harness):
    (ann, ben, *_), panel, count = await started(harness)
    chat = await harness.post("brb, coffee", user=harness.user("onlooker"))
    newest, count = await swap(harness, ann, count + 1)
    assert newest["id"] not in (panel["id"], chat["id"]) and int(newest["id"]) > int(chat["id"])
    newest_again, count = await swap(harness, ben, count)  # the panel posted again is the newest: edited in place
    assert newest_again["id"] == newest["id"]
    assert asked(harness) == 0


async def test_the_bots_own_other_message_below_the_panel_makes_the_next_move_post_it_again(harness):
    (ann, *_), panel, count = await started(harness)
    other = await harness.bot.get_partial_messageable(harness.fake.default_channel).send("a word from the bot")
    newest, count = await swap(harness, ann, count + 1)
    assert newest["id"] not in (panel["id"], str(other.id)) and int(newest["id"]) > other.id
    assert asked(harness) == 0


async def test_in_a_thread_the_newest_message_is_the_threads(harness):
    users = [harness.user(name) for name in ("ann", "ben", "cat")]
    parent = harness.fake.default_channel
    await harness.slash("ginjontan new", user=users[0], seed="20261123", thread=True)
    [thread] = harness.fake.threads_of(parent)
    for user in users[1:]:
        await harness.click(harness.newest_public(thread), user=user, label="Join")
    await harness.click(harness.newest_public(thread), user=users[0], label="Start")
    await settle(harness)
    panel = harness.newest_public(thread)
    await harness.post("chat in the channel, not the thread", user=harness.user("onlooker"), channel=parent)
    await harness.slash("ginjontan swap", user=users[0], choice="keep", channel=thread)
    await settle(harness)
    assert harness.newest_public(thread)["id"] == panel["id"], "a message elsewhere is not below the panel"
    chat = await harness.post("brb", user=harness.user("onlooker"), channel=thread)
    await harness.slash("ginjontan swap", user=users[1], choice="keep", channel=thread)
    await settle(harness)
    assert harness.newest_public(thread)["id"] not in (panel["id"], chat["id"])
    assert asked(harness, thread) == asked(harness, parent) == 0


async def test_after_a_restart_the_channel_is_asked_about_once(harness):
    players = [harness.user(name) for name in ("east", "south", "west", "north")]
    await start(harness, players)
    played = await harness.slash("chaosjan play", user=players[0], card=EAST_STOCK)  # 1.6a: the others may answer
    await settle(harness)
    await harness.restart()  # nothing heard since the bot connected: the first click asks Discord
    for asks in (1, 1):
        seat = await holder(harness)
        await harness.click(harness.newest_public(), user=players[seat], label="Pass")  # 2.7
        await settle(harness)
        assert harness.newest_public()["id"] == played.message["id"], "the newest panel is edited in place"
        assert asked(harness) == asks


async def test_a_new_gateway_session_forgets_what_it_heard(harness):
    (ann, ben, *_), panel, count = await started(harness)
    harness.bot.dispatch("ready")  # as discord.py does after identifying anew: events in between may be lost
    await asyncio.sleep(0)
    for user in (ann, ben):
        newest, count = await swap(harness, user, count)
        assert newest["id"] == panel["id"] and asked(harness) == 1

@pytest.mark.parametrize("together", [False, True], ids=["deleted", "bulk-deleted"])
async def test_after_the_newest_message_is_deleted_the_channel_is_asked_about_once(harness, together):
    (ann, ben, cat, dan), panel, count = await started(harness)
    chat = await harness.post("brb, coffee", user=harness.user("onlooker"))
    if together:
        await harness.delete(await harness.post("spam", user=harness.user("spammer")), chat)
    else:
        await harness.delete(chat)
    newest, count = await swap(harness, ann, count)
    # Discord still names the deleted message as the channel's last one: the panel is posted again below.
    assert newest["id"] != panel["id"] and asked(harness) == 1
    newest_again, count = await swap(harness, ben, count)
    assert newest_again["id"] == newest["id"] and asked(harness) == 1
    await harness.delete(newest_again)  # a moderator deletes the panel itself
    newest, count = await swap(harness, cat, count - 1)
    assert newest["id"] != newest_again["id"] and asked(harness) == 2
    newest_again, count = await swap(harness, dan, count)
    assert newest_again["id"] == newest["id"] and asked(harness) == 2
