"""The checks every field of a record shares: its one error, how a wrong value is quoted, the bound on actions,
the form of an id, and how a text is made safe for one line. Apart from `record`, so that the optional fields
read in modules of their own (`origin`, `takebacks`) use them without importing the record back."""

from __future__ import annotations

import re
from typing import Any, Final

from famiglia.phrasebook.catalogue import _

__all__ = ["MAX_ACTIONS", "RecordError", "printable", "quote", "record_id"]

MAX_ACTIONS: Final = 5000  # far beyond any real game (a few hundred actions): a bound on the work of a replay
_ID: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


class RecordError(ValueError):
    """A record that cannot be read: not JSON, not ours, or not a game the rules allow. One line, no file name."""


def printable(text: str, limit: int = 300) -> str:
    """`text` safe for one line of a terminal: controls, direction marks and lone surrogates escaped, cut at `limit`."""
    out = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
    return out if len(out) <= limit else out[: limit - 1] + "…"


def quote(value: object) -> str:
    """A wrong value as an error quotes it: short, on one line, safe for any input."""
    return printable(repr(value), 80)


def record_id(value: Any) -> str:
    """A game's id as a record holds it; `RecordError` for anything else."""
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise RecordError(_("id must be letters, digits, - or _ (at most 64), not {value}").format(value=quote(value)))
    return value
