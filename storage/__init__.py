"""Persistence: one SQLite connection, numbered migrations, games and their event logs."""

from storage.database import Database, DatabaseFileError, check_file
from storage.games import EventRecord, GameRecord, GameStore, MoveResult, UndoResult

__all__ = ["Database", "DatabaseFileError", "EventRecord", "GameRecord", "GameStore", "MoveResult", "UndoResult",
           "check_file"]
