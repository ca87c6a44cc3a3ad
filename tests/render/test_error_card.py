"""The refusal card bolds its first line only (issue 18, item 9): a caret code block below it renders clean."""

from __future__ import annotations

from engine.text import caret
from render.common import DESCRIPTION_LIMIT, error_embed


def test_a_caret_block_is_never_inside_the_bold():
    block = caret("1m2m3x", 5)
    card = error_embed(f"Can't read that tile (character 6):\n{block}", "Tiles are 1m to 9s.")
    assert card.description == f"**Can't read that tile (character 6):**\n{block}\nTiles are 1m to 9s."
    assert "**" not in card.description.split("\n", 1)[1]


def test_a_one_line_refusal_is_bold_and_a_code_first_one_is_not():
    assert error_embed("There is no page 3.").description == "**There is no page 3.**"
    block = caret("abc", 1)
    assert error_embed(block).description == block


def test_the_card_stays_within_discord_bounds():
    card = error_embed("x" * 10_000 + "\n" + "y" * 10_000, "z" * 5_000)
    assert len(card.description) <= DESCRIPTION_LIMIT
