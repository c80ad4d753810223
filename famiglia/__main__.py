"""Run the command line with ``python -m famiglia``."""

from __future__ import annotations

from famiglia.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
