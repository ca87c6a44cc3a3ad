"""Component custom_ids: `ct:<kind>:<part>:...`, at most 100 characters (Discord's limit)."""

from __future__ import annotations

PREFIX = "ct"
MAX_LENGTH = 100


def custom_id(*parts: object) -> str:
    value = ":".join([PREFIX, *(str(p) for p in parts)])
    if len(value) > MAX_LENGTH:
        raise ValueError(f"custom_id over {MAX_LENGTH} characters: {value!r}")
    return value
