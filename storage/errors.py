"""Refusals that come from the game's place in storage rather than from its rules. Their words are render/'s
(issue 21): a game is named by its kind (`game`), words render/common.py gives in the player's language."""

from __future__ import annotations

from engine.errors import GameError
from engine.text import N_, Ref, command

OPENED_BY = {"uno": "new", "ginjontan": "new"}  # the command that opens a game of this kind; `start` otherwise


def game(kind: str) -> Ref:
    """A kind of game ("uno"), as a refusal names it."""
    return Ref("game", kind, kind)


class NoActiveGame(GameError):
    code = "no_game"

    def __init__(self, kind: str) -> None:
        super().__init__(N_("There is no {game} game running in this channel."), N_("Start one with {command}."),
                         game=game(kind), command=command(f"{kind} {OPENED_BY.get(kind, 'start')}"))


class GameAlreadyRunning(GameError):
    code = "game_running"

    def __init__(self, kind: str) -> None:
        super().__init__(N_("A {game} game is already running in this channel."),
                         N_("Finish it with {command} first, or play in another channel."),
                         game=game(kind), command=command(f"{kind} end"))


class StaleMove(GameError):
    code = "stale"

    def __init__(self, kind: str) -> None:
        super().__init__(N_("That button belongs to an earlier moment of the game: someone has moved since."),
                         N_("Use the newest message (or {command}) and try again."), command=command(f"{kind} show"))


class NothingToUndo(GameError):
    code = "nothing_to_undo"

    def __init__(self) -> None:
        super().__init__(N_("There is nothing to undo: no move has been made since the game started."))


class AlreadyDone(GameError):
    code = "already_done"

    def __init__(self) -> None:
        super().__init__(N_("That was already done: the same request reached the bot twice, and it counted once."),
                         N_("Nothing more to do; the channel shows the result."))


class GameFinished(GameError):
    code = "game_finished"

    def __init__(self, kind: str) -> None:
        super().__init__(N_("The {game} game in this channel is over: its results are recorded, so its moves can't "
                            "be undone any more."), N_("Start a new game when you are ready."), game=game(kind))


class NewGameStarted(GameError):
    code = "new_game_started"

    def __init__(self, kind: str) -> None:
        super().__init__(N_("A new {game} game has started in this channel since the last one ended, so that end "
                            "can't be undone any more."), N_("Undo this game's own entries with {command}."),
                         game=game(kind), command=command(f"{kind} undo"))
