"""Saved games: the game record as JSON, replayed through the engine, and the directory that keeps them.

`Record` is one game (its deal, its actions, its result) and reads itself back only by replaying
through `famiglia.engine`; `Store` keeps records in the user's data directory, privately and
atomically. This layer uses the engine and the standard library (and platformdirs), never the screen.
"""

from __future__ import annotations

from .record import FORMAT, SEED_BITS, VERSION, Move, Record, RecordError, Sitting, Turn, check_seed, printable
from .store import (
    ENV,
    MAX_ID,
    Entry,
    GameLock,
    GameNotFound,
    Store,
    StoreError,
    data_dir,
    parse_id,
    path_as_given,
    read_record,
)

__all__ = [
    "ENV",
    "FORMAT",
    "MAX_ID",
    "SEED_BITS",
    "VERSION",
    "Entry",
    "GameLock",
    "GameNotFound",
    "Move",
    "Record",
    "RecordError",
    "Sitting",
    "Store",
    "StoreError",
    "Turn",
    "check_seed",
    "data_dir",
    "parse_id",
    "path_as_given",
    "printable",
    "read_record",
]
