"""Refusals that come from the game's place in storage rather than from its rules."""

from __future__ import annotations

from engine.errors import GameError

OPENED_BY = {"uno": "new", "ginjontan": "new"}  # the command that opens a game of this kind; `start` otherwise


class NoActiveGame(GameError):
    code = "no_game"

    def __init__(self, kind: str) -> None:
        super().__init__(f"There is no {kind} game running in this channel.",
                         f"Start one with `/{kind} {OPENED_BY.get(kind, 'start')}`.")


class GameAlreadyRunning(GameError):
    code = "game_running"

    def __init__(self, kind: str) -> None:
        super().__init__(f"A {kind} game is already running in this channel.",
                         f"Finish it with `/{kind} end` first, or play in another channel.")


class StaleMove(GameError):
    code = "stale"

    def __init__(self, kind: str) -> None:
        super().__init__("That button belongs to an earlier moment of the game: someone has moved since.",
                         f"Use the newest message (or `/{kind} show`) and try again.")


class NothingToUndo(GameError):
    code = "nothing_to_undo"

    def __init__(self) -> None:
        super().__init__("There is nothing to undo: no move has been made since the game started.")


class AlreadyDone(GameError):
    code = "already_done"

    def __init__(self) -> None:
        super().__init__("That was already done: the same request reached the bot twice, and it counted once.",
                         "Nothing more to do; the channel shows the result.")


class GameFinished(GameError):
    code = "game_finished"

    def __init__(self, kind: str) -> None:
        super().__init__(f"The {kind} game in this channel is over: its results are recorded, so its moves can't be"
                         " undone any more.", "Start a new game when you are ready.")


class NewGameStarted(GameError):
    code = "new_game_started"

    def __init__(self, kind: str) -> None:
        super().__init__(f"A new {kind} game has started in this channel since the last one ended, so that end can't"
                         " be undone any more.", f"Undo this game's own entries with `/{kind} undo`.")
