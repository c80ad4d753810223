"""`famiglia rules`: the rules shipped inside the package, paged and formatted on a terminal, Markdown piped.

The home screen's Rules page and the plain mode read the same text (`famiglia.phrasebook.rulebook.rules_text`).
"""

from __future__ import annotations

import sys

from famiglia.paging import paged
from famiglia.phrasebook.rulebook import RULES_RESOURCE, rules_text

from .errors import EXIT_OK

__all__ = ["RULES_RESOURCE", "rules", "rules_text"]

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
