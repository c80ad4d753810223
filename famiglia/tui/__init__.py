"""The terminal game `famiglia play`: rendering with rich, keys and loop with prompt_toolkit.

`run_play` is the entry point the command line calls. The layers inside: `theme`, `words` and
`render` turn one seat's view of the game into rich renderables; `bridge` hands them to
prompt_toolkit; `session` holds the state of a sitting and `builder` the choices of the action being
built; `seats` says who plays each seat and `computer` plays the computer's seat and works out hints
off the screen's loop; `keys`, `layout` and `app` make the prompt_toolkit application. Only `app` is
imported here on demand, so importing the package stays cheap.
"""

from __future__ import annotations

from typing import Any

__all__ = ["run_play"]


def run_play(*, names: tuple[str, str] | None = None, seed: int | None = None, first: int | None = None,
             memory_aid: bool = False, **options: Any) -> int:
    """Play Famiglia at this terminal, hot-seat or against the computer; returns the exit status.

    `options` are `famiglia.tui.app.run_play`'s others (`confirm`, `seats`).
    """
    from .app import run_play as run

    return run(names=names, seed=seed, first=first, memory_aid=memory_aid, **options)
