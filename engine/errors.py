"""Typed errors with stable codes. Every error a player can cause is a GameError."""

from __future__ import annotations


class GameError(Exception):
    """A move or request that the rules refuse.

    `code` is stable (tests and translations key on it), `message` says what is wrong and
    `hint` says what to do instead. Nothing is changed when one is raised.
    """

    code = "game_error"

    def __init__(self, message: str, hint: str | None = None, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
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
