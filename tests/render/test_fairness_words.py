"""Fair draws' words (issue 21, item 3): every text they add has its Japanese (data/locales/ja/fairness.po) with the
same `{named}` parts, /verify's Japanese names are names Discord takes, and the commitment, the reveal and the roll
counts come out in Japanese."""

from __future__ import annotations

from engine.commitment import Seal
from engine.spread import spread
from render import fairness as render
from render.i18n import speaking

SEAL = Seal(123456789, "0123456789abcdef0123456789abcdef")


def test_the_commitment_reveal_and_rolls_come_out_in_japanese():
    with speaking("ja"):
        committed = render.commitment_text(SEAL, "uno")
        revealed = render.reveal_lines([("cosmic", SEAL)], "cosmic")
        rolls = render.rolls_embed(spread([1, 2, 3, 4, 5, 6]), [render.RollLine(1, 5, 3)], finished=False)
    assert SEAL.commitment in committed and str(SEAL.seed) not in committed and SEAL.salt not in committed
    assert "Commitment" not in committed and "SHA-256" in committed
    assert str(SEAL.seed) in revealed[0] and SEAL.salt in revealed[0] and "seed" not in revealed[0]
    assert "rolls" not in (rolls.title or "") and "<@5>" in rolls.fields[0].value
