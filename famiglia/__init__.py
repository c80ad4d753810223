"""Famiglia: Friedemann Friese's two-player card game, played hot-seat in a terminal.

The package is layered: ``famiglia.engine`` holds the rules and nothing else,
``famiglia.tui`` draws the table and reads the keys, and ``famiglia.cli`` is the
command line that starts them. Importing this package stays cheap on purpose, so
that ``famiglia --help`` answers at once.
"""

from __future__ import annotations

from importlib import metadata as _metadata

try:
    __version__: str = _metadata.version("famiglia")
except _metadata.PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.4.0"

__all__ = ["__version__"]
