"""Commitments to a game's seed (issue 21, item 3; docs/fairness.md).

When a game gets its seed, the bot also draws a salt and posts the commitment: the SHA-256 of the bytes
`f"{seed}:{salt}"` in ASCII (the seed in decimal, a colon, the salt in 32 lowercase hex digits), as 64 lowercase hex
digits. The seed and salt stay in the game's state, which no player sees, until the game is over; then both are
revealed, and anyone can check that they hash to the commitment posted at the start and replay every shuffle, roll
and draw from the seed (tools/verify_fairness.py). The salt makes the commitment impossible to search: without it, a
seed a player chose (which the game says publicly) could be tried against the hash."""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass

SALT_BYTES = 16
SALT = re.compile(r"[0-9a-f]{32}")
COMMITMENT = re.compile(r"[0-9a-f]{64}")


def new_salt() -> str:
    return secrets.token_hex(SALT_BYTES)


def is_salt(value: object) -> bool:
    return isinstance(value, str) and SALT.fullmatch(value) is not None


def committed_bytes(seed: int, salt: str) -> bytes:
    """Exactly what is hashed: the seed in decimal, ":", the salt (ASCII)."""
    return f"{seed}:{salt}".encode("ascii")


def commitment(seed: int, salt: str) -> str:
    return hashlib.sha256(committed_bytes(seed, salt)).hexdigest()


@dataclass(frozen=True)
class Seal:
    """A seed with its salt: what a posted commitment hides until the game is over."""

    seed: int
    salt: str

    @property
    def commitment(self) -> str:
        return commitment(self.seed, self.salt)


def seal(seed: int, salt: str | None) -> Seal | None:
    """The seal of a state that has a salt; a state stored before commitments existed has none (and no
    commitment was ever posted for it)."""
    return None if salt is None else Seal(seed, salt)
