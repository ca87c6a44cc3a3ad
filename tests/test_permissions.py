from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine.errors import GameError
from ui.permissions import require_channel


def test_require_channel_gives_the_interactions_channel():
    assert require_channel(SimpleNamespace(channel_id=123456789)) == 123456789


def test_require_channel_refuses_an_interaction_without_one():
    """Discord sends a channel with every command and component; if one ever came without, refuse it kindly."""
    with pytest.raises(GameError) as refused:
        require_channel(SimpleNamespace(channel_id=None))
    assert refused.value.code == "no_channel" and refused.value.hint
