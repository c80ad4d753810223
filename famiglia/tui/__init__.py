"""The terminal game `famiglia play`: rendering with rich, keys and loop with prompt_toolkit.

`run_play` is the entry point the command line calls. Three layers inside, each importing only the
ones below it (import-linter keeps it so):

- `model` (no rich, no prompt_toolkit): the sitting (`Session`), the turn being built, the handoff's
  guard, the screens, and the one command table the keys, the help and the key lines are made from;
- `view` (rich only): one home per part of the screen, turning the model into renderables at a size;
- `shell` (prompt_toolkit): the application and its one `run_app`, the bindings made from the command
  table, the containers, and the computer's thread.

Only `shell.app` is imported here on demand, so importing the package stays cheap.
"""

from __future__ import annotations

from typing import Any

__all__ = ["run_play"]


def run_play(*, names: tuple[str, str] | None = None, seed: int | None = None, first: int | None = None,
             memory_aid: bool = False, **options: Any) -> int:
    """Play Famiglia at this terminal, hot-seat or against the computer; returns the exit status.

    `options` are `famiglia.tui.shell.app.run_play`'s others (`confirm`, `seats`).
    """
    from .shell.app import run_play as run

    return run(names=names, seed=seed, first=first, memory_aid=memory_aid, **options)
