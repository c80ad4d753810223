"""The server's log: the one logger every module of the server writes to, and the file it goes to while it runs.

What goes wrong on the server (a connection refused, a table that failed, with its traceback) is
written to `log` and never shown on a player's screen. While the server runs, `attach` sends it,
with asyncssh's own warnings, to the log file (`serve.log` in the server's folder), and only there.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Final

__all__ = ["NAME", "attach", "detach", "log"]

NAME: Final = "famiglia.server"
_LEVELS: Final = {NAME: logging.INFO, "asyncssh": logging.WARNING}

log = logging.getLogger(NAME)


def attach(path: Path) -> logging.Handler:
    """Write the server's log and asyncssh's warnings to the file at `path` (and nowhere else); the handler, to
    `detach` when the server stops."""
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    for name, level in _LEVELS.items():
        logger = logging.getLogger(name)
        logger.addHandler(handler)
        logger.setLevel(level)
        logger.propagate = False
    return handler


def detach(handler: logging.Handler) -> None:
    """The log file is written no more: the handler `attach` gave is taken off and closed."""
    for name in _LEVELS:
        logging.getLogger(name).removeHandler(handler)
    handler.close()
