"""What the render tests share."""

from __future__ import annotations

import pytest


@pytest.fixture
def japanese(harness):
    """The harness, every interaction coming from a Discord client in Japanese."""
    harness.locale = "ja"
    return harness
