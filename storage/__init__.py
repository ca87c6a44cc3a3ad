"""Persistence: one SQLite connection, numbered migrations, games and their event logs."""

from storage.database import Database
from storage.games import EventRecord, GameRecord, GameStore, MoveResult, UndoResult

__all__ = ["Database", "EventRecord", "GameRecord", "GameStore", "MoveResult", "UndoResult"]
