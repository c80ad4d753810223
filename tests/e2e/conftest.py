"""The `tmux` fixture of the tmux driver (`tests.drivers.tmux`), shared by every end-to-end test in this folder;
the tests that take it are marked `tmux` (tests/conftest.py)."""

from __future__ import annotations

from tests.drivers.tmux import tmux  # noqa: F401 (a fixture, found by its name)
