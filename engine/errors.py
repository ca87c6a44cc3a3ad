"""Typed errors with stable codes. Every error a player can cause is a GameError."""

from __future__ import annotations

from typing import Any

from engine.text import fill


class GameError(Exception):
    """A move or request that the rules refuse.

    `code` is stable (tests and translations key on it), `message` says what is wrong and
    `hint` says what to do instead. Nothing is changed when one is raised.

    The words are render/'s (issue 21): `template` and `hint_template` are English texts with `{named}` parts, and
    `params` fills them with values in no language (numbers, notation, and `engine.text.Ref`s: a player, a
    command, a card), so that render/ can give the sentence in the player's language (`render.i18n.refusal`).
    `message` and `hint` are the English sentences (logs, tests).
    """

    code = "game_error"

    def __init__(self, message: str, hint: str | None = None, *, code: str | None = None, **params: Any) -> None:
        self.template, self.hint_template, self.params = message, hint, params
        self.message = fill(message, params)
        self.hint = None if hint is None else fill(hint, params)
        super().__init__(self.message)
        if code is not None:
            self.code = code

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, message={self.message!r})"


class IllegalMove(GameError):
    code = "illegal_move"


class NotYourTurn(GameError):
    code = "not_your_turn"


class NotSeated(GameError):
    code = "not_seated"


class NotAllowed(GameError):
    code = "not_allowed"
