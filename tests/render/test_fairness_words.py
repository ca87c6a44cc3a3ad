"""Fair draws' words (issue 21, item 3): every text they add has its Japanese (data/locales/ja/fairness.po) with the
same `{named}` parts, /verify's Japanese names are names Discord takes, and the commitment, the reveal and the roll
counts come out in Japanese."""

from __future__ import annotations

import asyncio
from pathlib import Path

from babel.messages.extract import extract

from engine.commitment import Seal
from engine.spread import spread
from render import fairness as render
from render.i18n import PLACEHOLDER, merged_catalogue, speaking
from tools import messages

ROOT = Path(__file__).resolve().parents[2]
FILES = ("render/fairness.py", "ui/fairness.py", "cogs/fairness.py")
COMMANDS = ("/verify", "/cosmic rolls")
SEAL = Seal(123456789, "0123456789abcdef0123456789abcdef")


def marked() -> list[tuple[str | None, str | tuple[str, ...]]]:
    found = []
    for name in FILES:
        with (ROOT / name).open("rb") as file:
            found += [(context, message) for _, message, _, context in extract("python", file,
                                                                              keywords=messages.KEYWORDS)]
    return found


def placeholders(text: str) -> set[str]:
    return {match.group(1) for match in PLACEHOLDER.finditer(text)}


def test_every_text_of_fair_draws_has_its_japanese_with_the_same_parts():
    japanese = merged_catalogue("ja")
    texts = marked()
    assert len(texts) > 25, "the texts were not found"
    for context, message in texts:
        key = message[0] if isinstance(message, tuple) else message
        known = japanese.get(key, context)
        assert known is not None and known.string, f"no Japanese for {message!r}"
        strings = known.string if isinstance(known.string, tuple) else (known.string,)
        for string in strings:
            assert placeholders(string) == placeholders(key), f"{key!r}: {string!r}"


def test_the_new_commands_are_translated_as_discord_takes_them():
    tree = asyncio.run(messages.bot_tree())
    japanese = merged_catalogue("ja")
    strings = [(context, text, where) for context, text, where in messages.command_messages(tree)
               if where.startswith(COMMANDS)]
    assert {where for _, _, where in strings} >= set(COMMANDS)
    for context, text, where in strings:
        known = japanese.get(text, context)
        assert known is not None and known.string, f"{where}: no Japanese for {context} {text!r}"


def test_the_commitment_reveal_and_rolls_come_out_in_japanese():
    with speaking("ja"):
        committed = render.commitment_text(SEAL, "uno")
        revealed = render.reveal_lines([("cosmic", SEAL)], "cosmic")
        rolls = render.rolls_embed(spread([1, 2, 3, 4, 5, 6]), [render.RollLine(1, 5, 3)], finished=False)
    assert SEAL.commitment in committed and str(SEAL.seed) not in committed and SEAL.salt not in committed
    assert "Commitment" not in committed and "SHA-256" in committed
    assert str(SEAL.seed) in revealed[0] and SEAL.salt in revealed[0] and "seed" not in revealed[0]
    assert "rolls" not in (rolls.title or "") and "<@5>" in rolls.fields[0].value
