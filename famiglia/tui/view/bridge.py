"""The rich side of the bridge to prompt_toolkit: a renderable becomes text with terminal codes at draw time.

The layout asks for its text on every redraw, with the width the terminal has at that moment, so a
resize simply draws again at the new width. Rich writes into a string with its terminal codes and
prompt_toolkit reads them back with `ANSI`. `NO_COLOR` (https://no-color.org) is honoured: without
colour every card still shows its family letter and symbol.
"""

from __future__ import annotations

import os
from io import StringIO

from rich.console import Console, RenderableType

from .theme import THEME

__all__ = ["ansi_text", "no_color", "render_lines"]


def no_color() -> bool:
    """Whether the player asked for no colour with the `NO_COLOR` environment variable (any non-empty value)."""
    return bool(os.environ.get("NO_COLOR"))


def _console(file: StringIO, width: int, height: int | None, *, plain: bool) -> Console:
    return Console(
        file=file,
        force_terminal=not plain,
        color_system=None if plain else "256",
        no_color=plain or no_color(),
        width=max(1, width),
        height=height,
        theme=THEME,
        legacy_windows=False,
        emoji=False,
        highlight=False,
        markup=False,
        _environ={},
    )


def ansi_text(renderable: RenderableType, *, width: int, height: int | None = None) -> str:
    """`renderable` drawn at `width` columns, as text with terminal codes (one line per row)."""
    out = StringIO()
    _console(out, width, height, plain=False).print(renderable, end="", crop=True)
    return out.getvalue()


def render_lines(renderable: RenderableType, *, width: int) -> list[str]:
    """`renderable` as plain text lines at `width` columns, right-hand spaces removed (tests, sizes, docs)."""
    out = StringIO()
    _console(out, width, None, plain=True).print(renderable, end="", crop=True)
    return [line.rstrip() for line in out.getvalue().split("\n")]
