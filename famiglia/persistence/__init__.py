"""Saved games: the game record as JSON, replayed through the engine, and the directory that keeps them.

`Record` is one game (its deal, its actions, its result) and reads itself back only by replaying
through `famiglia.engine`; `Store` keeps records in the user's data directory, privately and
atomically. This layer uses the engine and the standard library (and platformdirs), never the screen.
"""

from __future__ import annotations

from .record import FORMAT, VERSION, Move, Record, RecordError, Turn, printable
from .store import ENV, Entry, GameLock, GameNotFound, Store, StoreError, data_dir, read_record

__all__ = [
    "ENV",
    "FORMAT",
    "VERSION",
    "Entry",
    "GameLock",
    "GameNotFound",
    "Move",
    "Record",
    "RecordError",
    "Store",
    "StoreError",
    "Turn",
    "data_dir",
    "printable",
    "read_record",
]
