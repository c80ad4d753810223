"""The faults of the folder of saved games, each said in one line: `StoreError`, and `GameNotFound` among them.

They live apart from the `Store` so that every part of it (ids, locks, finding, deleting, tidying) raises
the same two, and a command catches one `StoreError` for all of them.
"""

from __future__ import annotations

__all__ = ["GameNotFound", "StoreError"]


class StoreError(Exception):
    """The data directory or a file in it cannot be used; the message says why in one line."""


class GameNotFound(StoreError):
    """No saved game has the id asked for."""
