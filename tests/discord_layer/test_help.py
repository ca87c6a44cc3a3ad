from __future__ import annotations

import pytest

from bot import extension_names
from tests.fake_discord.harness import components


async def test_help_is_ephemeral_and_honest_without_games(harness):
    reply = await harness.slash("help", user=harness.user("alice"))
    assert reply.response_type == 4
    assert reply.ephemeral
    assert "Chaos Table" in reply.text
    assert "/help" in reply.text


class TestWithAGame:
    @pytest.fixture
    def harness_extensions(self):
        return [*extension_names(), "tests.support.tally_cog"]

    async def test_overview_lists_each_game_and_offers_a_menu(self, harness):
        reply = await harness.slash("help", user=harness.user("alice"))
        assert "`/tally`: A test game" in reply.text
        (menu,) = components(reply.message)
        assert menu["type"] == 3 and "tally" in [o["value"] for o in menu["options"]]

    async def test_choosing_a_game_shows_its_commands_in_place(self, harness):
        alice = harness.user("alice")
        reply = await harness.slash("help", user=alice)
        chosen = await harness.choose(reply.message, ["tally"], user=alice)
        assert chosen.response_type == 7
        assert "/tally add amount" in chosen.text
        assert "/tally start [opponent]" in chosen.text

    async def test_menu_works_after_restart(self, harness):
        alice = harness.user("alice")
        reply = await harness.slash("help", user=alice)
        await harness.restart()
        chosen = await harness.choose(reply.message, ["tally"], user=alice)
        assert chosen.response_type == 7 and "/tally undo" in chosen.text

    async def test_forged_menu_value_gets_a_friendly_error(self, harness):
        alice = harness.user("alice")
        reply = await harness.slash("help", user=alice)
        chosen = await harness.choose(reply.message, ["nope"], user=alice, forge=True)
        assert chosen.ephemeral and "doesn't match anything" in chosen.text

    async def test_a_game_no_longer_on_the_bot_says_to_run_help_again(self, harness):
        """The menu offered a game the bot no longer has (a menu from before an update)."""
        alice = harness.user("alice")
        reply = await harness.slash("help", user=alice)
        for option in reply.message["components"][0]["components"][0]["options"]:
            option["value"] = "gone"
        chosen = await harness.choose(reply.message, ["gone"], user=alice)
        assert chosen.ephemeral and "Run `/help` again" in chosen.text


async def test_help_replies_leave_nothing_behind_in_the_bot(harness):
    """The menu is a dynamic item (issue 19): discord.py keeps no view for each reply (a fixed custom_id's view was
    kept for every /help reply, 15 minutes each, with a timer: memory and collector work at 100 interactions/s)."""
    store = harness.bot._connection._view_store
    before = (len(store._synced_message_views), len(store._views))
    for _ in range(5):
        reply = await harness.slash("help", user=harness.user("alice"))
        assert reply.ephemeral
    assert (len(store._synced_message_views), len(store._views)) == before
