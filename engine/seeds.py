"""Shuffle seeds. The deal, every future draw and every reshuffle follow from a game's seed, so a seed is
secret while the game runs: 128 bits from `secrets` (too many to search from the cards one has seen), shown only
when the game is over (for replays). A seed a player chose is allowed, for replays and bug reports, but the game
then says publicly that it was dealt from a chosen seed (whoever chose it knows every hand)."""

from __future__ import annotations

import secrets

from engine.errors import IllegalMove
from engine.text import N_

SEED_BITS = 128
MAX_SEED = 2**SEED_BITS - 1


def new_seed() -> int:
    return secrets.randbits(SEED_BITS)


def parse_seed(value: object) -> int:
    """A seed as a player types it: a whole number from 0 to 2^128 - 1 (what a finished game shows). A forged
    client may send any type: it is read as text."""
    text = str(value)[:200]
    digits = text.strip().replace("_", "").replace(",", "")
    if not digits.isdigit() or not digits.isascii():
        raise IllegalMove(N_("`{text}` isn't a seed."), N_("A seed is a whole number, like the one a finished game "
                          "shows; leave it out for a fresh random deal."), code="bad_seed", text=text[:40])
    if len(digits.lstrip("0")) > len(str(MAX_SEED)) or int(digits) > MAX_SEED:
        raise IllegalMove(N_("That seed is too large."), N_("Seeds go from 0 to 2^{bits} - 1."), code="bad_seed",
                          bits=SEED_BITS)
    return int(digits)
