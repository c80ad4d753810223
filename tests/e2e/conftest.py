"""The `tmux` fixture of `test_tmux`, shared by every end-to-end test in this folder."""

from __future__ import annotations

from tests.e2e.test_tmux import tmux  # noqa: F401 (a fixture, found by its name)
