"""The fake refuses what Discord refuses, so the bot's tests catch it (harness self-tests)."""

from __future__ import annotations

import aiohttp
import pytest

from bot import extension_names
from tests.fake_discord import limits
from tests.fake_discord.server import GUILD_MESSAGES


def row(*items):
    return {"type": 1, "components": list(items)}


def button(i, label="ok"):
    return {"type": 2, "style": 1, "label": label, "custom_id": f"b{i}"}


def select(n_options, **extra):
    options = [{"label": f"o{i}", "value": str(i)} for i in range(n_options)]
    return {"type": 3, "custom_id": "s", "options": options, **extra}


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ({"content": "x" * 2001}, "content: 2001 characters"),
        ({"embeds": [{"title": "t" * 257}]}, "title: 257"),
        ({"embeds": [{"description": "d" * 4097}]}, "description: 4097"),
        ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, "fields: 26"),
        ({"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]}, "value: 1025"),
        ({"embeds": [{"fields": [{"name": "", "value": "v"}]}]}, "name: empty"),
        ({"embeds": [{"footer": {"text": "f" * 2049}}]}, "footer.text: 2049"),
        ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, "6001 characters in all"),
        ({"embeds": [{}] * 11}, "embeds: 11"),
        ({"components": [row(button(i)) for i in range(6)]}, "6 rows"),
        ({"components": [row(*[button(i) for i in range(6)])]}, "6 buttons"),
        ({"components": [row(button(1), button(1))]}, "used twice"),
        ({"components": [row({"type": 2, "style": 1, "label": "x", "custom_id": "c" * 101})]}, "custom_id"),
        ({"components": [row(button(1, label="l" * 81))]}, "label"),
        ({"components": [row(select(26))]}, "options: 26"),
        ({"components": [row(select(3), button(1))]}, "alone in its row"),
        ({"components": [row(select(3, placeholder="p" * 151))]}, "placeholder"),
        ({"components": [button(1)]}, "action rows"),
    ],
)
def test_limits_refuse(body, problem):
    problems = limits.message_problems(body)
    assert any(problem in p for p in problems), problems


@pytest.mark.parametrize(
    "body",
    [
        {"content": "x" * 2000},
        {"embeds": [{"title": "t" * 256, "description": "d" * 4096}]},
        {"components": [row(*[button(5 * r + i) for i in range(5)]) for r in range(5)]},
        {"components": [row(select(25))]},
    ],
)
def test_limits_accept_what_discord_accepts(body):
    assert limits.message_problems(body) == []


@pytest.mark.parametrize(
    ("command", "problem"),
    [
        ({"name": "Table", "description": "d"}, "lowercase"),
        ({"name": "t", "description": "d" * 101}, "description"),
        ({"name": "t", "description": "d", "options": [{"name": f"o{i}", "description": "d", "type": 3}
                                                        for i in range(26)]}, "26 options"),
        ({"name": "t", "description": "d", "options": [{"name": "a", "description": "d", "type": 3},
                                                       {"name": "b", "description": "d", "type": 3,
                                                        "required": True}]}, "required options must come"),
        ({"name": "t", "description": "d", "name_localizations": {"ja": "卓 開始"}}, "ja name '卓 開始' may hold only"),
        ({"name": "t", "description": "d", "name_localizations": {"ja": "Table"}}, "must be lowercase"),
        ({"name": "t", "description": "d", "name_localizations": {"xx": "t"}}, "unknown locale 'xx'"),
        ({"name": "t", "description": "d", "description_localizations": {"ja": "あ" * 101}}, "ja description"),
        ({"name": "t", "description": "d", "options": [
            {"name": "a", "description": "d", "type": 3, "name_localizations": {"ja": "点数"}},
            {"name": "b", "description": "d", "type": 3, "name_localizations": {"ja": "点数"}}]},
         "the ja name '点数' is used twice"),
        ({"name": "t", "description": "d", "options": [
            {"name": "a", "description": "d", "type": 3, "name_localizations": {"ja": "b"}},
            {"name": "b", "description": "d", "type": 3}]}, "the ja name 'b' is used twice"),
        ({"name": "t", "description": "d", "options": [{"name": "s", "description": "d", "type": 1, "options": [
            {"name": "a", "description": "d", "type": 3, "description_localizations": {"ja": ""}}]}]},
         "/t s a: ja description"),
        ({"name": "t", "description": "d", "options": [{"name": "a", "description": "d", "type": 3, "choices": [
            {"name": "x", "value": "x", "name_localizations": {"ja": "あ" * 101}}]}]}, "choice ja name"),
    ],
)
def test_command_registration_limits(command, problem):
    assert any(problem in p for p in limits.command_problems([command]))


def test_autocomplete_choices_limit():
    assert limits.callback_problems({"type": 8, "data": {"choices": [{}] * 26}})
    assert not limits.callback_problems({"type": 8, "data": {"choices": [{}] * 25}})


class TestThroughTheBot:
    @pytest.fixture
    def harness_extensions(self):
        return [*extension_names(), "tests.support.tally_cog"]

    @pytest.mark.allow_rejections
    @pytest.mark.allow_error_logs
    async def test_too_long_content_is_refused(self, harness):
        reply = await harness.slash("tally say", user=harness.user("a"), length=2001)
        assert "content: 2001" in harness.fake.rejections[0]["problems"][0]
        assert reply.ephemeral and "went wrong" in reply.text  # the refused reply becomes an error card

    async def test_content_at_the_limit_is_accepted(self, harness):
        reply = await harness.slash("tally say", user=harness.user("a"), length=2000)
        assert len(reply.message["content"]) == 2000

    @pytest.mark.allow_rejections
    async def test_second_acknowledgement_is_refused(self, harness):
        # discord.py refuses a second response locally; a second handler (or a second process) would not.
        reply = await harness.slash("tally say", user=harness.user("a"), length=5)
        url = f"{harness.fake.api_base}/interactions/{reply.record.id}/{reply.record.token}/callback"
        async with aiohttp.ClientSession() as session, session.post(url, json={"type": 4, "data": {}}) as response:
            assert response.status == 400 and (await response.json())["code"] == 40060
        assert "acknowledged twice" in harness.fake.rejections[0]["problems"][0]

    @pytest.mark.allow_rejections
    @pytest.mark.allow_error_logs
    async def test_acknowledging_too_late_is_refused(self, harness, monkeypatch):
        monkeypatch.setattr("tests.fake_discord.server.ACK_DEADLINE_S", -1.0)
        await harness.fake.send_interaction(harness._envelope(2, _say(harness, 5), harness.user("a"), None))
        await _wait_rejections(harness, 1)
        assert "after 3 s" in harness.fake.rejections[0]["problems"][0]

    async def test_unknown_options_are_caught_by_the_harness(self, harness):
        with pytest.raises(AssertionError, match="unknown options"):
            await harness.slash("tally add", user=harness.user("a"), amount=1, colour="red")
        with pytest.raises(AssertionError, match="missing required"):
            await harness.slash("tally add", user=harness.user("a"))

    async def test_threads_are_created_and_take_messages_and_commands(self, harness):
        import discord
        parent = harness.bot.get_channel(harness.fake.default_channel)
        thread = await parent.create_thread(name="Uno game", type=discord.ChannelType.public_thread)
        assert harness.fake.threads_of(harness.fake.default_channel) == [thread.id]
        await thread.send("first move")
        assert [m["content"] for m in harness.public_messages(thread.id)] == ["first move"]
        assert harness.public_messages() == []
        reply = await harness.slash("tally say", user=harness.user("a"), length=3, channel=thread.id)
        assert reply.message["channel_id"] == str(thread.id)

    async def test_channel_messages_reach_the_gateway_only_with_the_guild_messages_intent(self, harness):
        intents = harness.bot.intents
        assert intents.guild_messages and not intents.message_content, "nothing privileged is asked for"
        channel = harness.bot.get_channel(harness.fake.default_channel)  # discord.py notes each MESSAGE_CREATE
        deletes = []

        async def on_raw_message_delete(event):
            deletes.append(event)
        harness.bot.add_listener(on_raw_message_delete)
        said = await harness.post("hello", user=harness.user("a"))
        await harness.slash("help", user=harness.user("a"))  # ephemeral, after the event
        assert channel.last_message_id == int(said["id"]), "an ephemeral reply is no channel message"
        reply = await harness.slash("tally say", user=harness.user("a"), length=3)
        assert channel.last_message_id == int(reply.message["id"])
        await harness.delete(said)
        await harness.slash("help", user=harness.user("a"))
        assert [(e.channel_id, e.message_id) for e in deletes] == [(channel.id, int(said["id"]))]
        harness.fake.intents &= ~GUILD_MESSAGES
        await harness.post("unheard", user=harness.user("a"))
        await harness.slash("tally say", user=harness.user("a"), length=3)
        assert channel.last_message_id == int(reply.message["id"])


def _say(harness, length):  # a slash payload sent without waiting for the bot's answer
    schema = next(c for c in harness.fake.commands_for(harness.fake.guild_id) if c["name"] == "tally")
    return {"id": schema["id"], "name": "tally", "type": 1, "guild_id": str(harness.fake.guild_id),
            "options": [{"name": "say", "type": 1, "options": [{"name": "length", "type": 4, "value": length}]}]}


async def _wait_rejections(harness, count):
    import asyncio
    for _ in range(200):
        if len(harness.fake.rejections) >= count:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"expected {count} rejection(s), got {harness.fake.rejections}")
