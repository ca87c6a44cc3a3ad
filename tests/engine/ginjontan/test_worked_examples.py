"""docs/rulings.md, "Worked scoring examples": every row of the table is checked against the scorer (and the
brute-force reading of reference.py), and the arithmetic written in its `how` column is checked too, so the
examples can't drift from the code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.ginjontan.cards import card, parse_cards
from engine.ginjontan.scoring import score_hand
from tests.engine.ginjontan.reference import reference_score

RULINGS = Path(__file__).resolve().parents[3] / "docs" / "rulings.md"
START, END = "<!-- ginjontan-examples:start -->", "<!-- ginjontan-examples:end -->"


def example_rows() -> list[tuple[str, int, str]]:
    """(cards, points, how) for each row of the table between the markers."""
    text = RULINGS.read_text(encoding="utf-8")
    block = text[text.index(START) + len(START):text.index(END)]
    rows = []
    for line in block.strip().splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells[0] in ("cards", "---"):
            continue
        cards, points, how = cells
        rows.append((cards.strip("`"), int(points.replace(",", "")), how))
    return rows


ROWS = example_rows()


def written_results(how: str) -> list[int]:
    """The values of the arithmetic in `how`: after the first colon, up to a semicolon, each side of each `=`
    that is plain arithmetic once comments in parentheses (words) are dropped."""
    formula = how.split(":", 1)[-1].split(";")[0]
    out = []
    for part in formula.split("="):
        part = part.replace(" x ", " * ")
        part = re.sub(r"\([^()]*[A-Za-z][^()]*\)", "", part)  # "(White)", "(w3path, the highest ...)"
        part = re.sub(r"(?<=\d),(?=\d{3})", "", part)  # 1,188
        if re.fullmatch(r"[\d\s+*()]+", part):
            out.append(eval(part))  # digits, spaces, + * and parentheses only
    return out


def test_the_table_has_at_least_15_rows_covering_every_family():
    assert len(ROWS) >= 15
    titles = {score_hand(parse_cards(cards)).title.split()[0] for cards, _, _ in ROWS}
    assert {"Pair", "Triple", "Four", "Nine", "Order", "Full", "No"} <= titles
    specials = {card(x).special for cards, _, _ in ROWS for x in parse_cards(cards)}
    assert {"universal", "bonus", "defeat", "black_hole"} <= specials
    assert any("multicolour" in how for _, _, how in ROWS)


@pytest.mark.parametrize("cards, points, how", ROWS, ids=[cards for cards, _, _ in ROWS])
def test_worked_example(cards, points, how):
    assert score_hand(parse_cards(cards)).points == points
    assert reference_score(parse_cards(cards)) == points  # the brute-force reading agrees
    results = written_results(how)
    assert results, f"no arithmetic found in {how!r}"
    assert all(r == points for r in results), (how, results)
