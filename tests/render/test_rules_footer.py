"""The rules card speaks to players, never of files in the bot's repository (issue 18, item 9)."""

from __future__ import annotations

import re

from render.ginjontan import rules_embed


def test_the_rules_footer_names_no_repository_path():
    footer = rules_embed(None).footer.text
    assert not re.search(r"\w+/\w+\.\w+|\.md\b", footer) and "/ginjontan rules" in footer
