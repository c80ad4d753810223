"""`famiglia rules`: the rules shipped inside the package, paged and formatted on a terminal, Markdown piped.

The home screen's Rules page reads the same text (`rules_text`).
"""

from __future__ import annotations

import sys
from typing import Final

from famiglia.paging import paged

from .errors import EXIT_OK

__all__ = ["RULES_RESOURCE", "rules", "rules_text"]

RULES_RESOURCE: Final = ("data", "rules.md")


def rules_text() -> str:
    """The rules as shipped inside the package (Markdown), read so that it also works from a wheel."""
    from importlib import resources

    return resources.files("famiglia").joinpath(*RULES_RESOURCE).read_text(encoding="utf-8")


def rules() -> int:
    """The rules, paged and formatted on a terminal (146 lines do not fit one screen), plain Markdown when piped."""
    text = rules_text()
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.markdown import Markdown

        console = Console()
        with paged(console):
            console.print(Markdown(text))
    else:
        sys.stdout.write(text)
        sys.stdout.flush()
    return EXIT_OK
