from __future__ import annotations

from types import SimpleNamespace

import discord
import pytest

from engine.errors import GameError
from ui.permissions import channel_to_post, require_channel


def test_require_channel_gives_the_interactions_channel():
    assert require_channel(SimpleNamespace(channel_id=123456789)) == 123456789


def test_require_channel_refuses_an_interaction_without_one():
    """Discord sends a channel with every command and component; if one ever came without, refuse it kindly."""
    with pytest.raises(GameError) as refused:
        require_channel(SimpleNamespace(channel_id=None))
    assert refused.value.code == "no_channel" and refused.value.hint


def test_channel_to_post_gives_a_channel_that_takes_messages():
    channel = discord.PartialMessageable(state=None, id=42)
    assert channel_to_post(SimpleNamespace(channel=channel)) is channel


@pytest.mark.parametrize("channel", [None, SimpleNamespace(id=42)])
def test_channel_to_post_refuses_where_nothing_can_be_posted(channel):
    with pytest.raises(GameError) as refused:
        channel_to_post(SimpleNamespace(channel=channel))
    assert refused.value.code == "no_channel" and refused.value.hint
