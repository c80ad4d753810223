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


def rules_text(language: str = "en") -> str:
    """The rules as shipped inside the package (Markdown), in `language` (each text has the same rule ids),
    read so that it also works from a wheel."""
    from importlib import resources

    folder, name = RULES_RESOURCE
    if language != "en":
        name = name.replace(".md", f".{language}.md")
    return resources.files("famiglia").joinpath(folder, name).read_text(encoding="utf-8")


def rules(language: str = "en") -> int:
    """The rules, paged and formatted on a terminal (146 lines do not fit one screen), plain Markdown when piped."""
    text = rules_text(language)
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
