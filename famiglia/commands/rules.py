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


def rules_text(language: str | None = None) -> str:
    """The rules as shipped inside the package (Markdown), read so that it also works from a wheel: in
    `language`, by default the one the player is spoken to in, so `famiglia rules` and the home screen's
    Rules page agree (each text has the same rule ids)."""
    from importlib import resources

    from famiglia.phrasebook.catalogue import spoken_language

    language = language or spoken_language()
    folder, name = RULES_RESOURCE
    return resources.files("famiglia").joinpath(folder, name if language == "en" else f"rules.{language}.md") \
        .read_text(encoding="utf-8")


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
