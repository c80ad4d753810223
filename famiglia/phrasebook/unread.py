"""The warning that a language's catalogue cannot be read: said in English, the language then spoken.

`catalogue.catalogue_or_english` gives English and a `CatalogueError` where a shipped catalogue is
missing or damaged; the command line writes `warning` on stderr and the server in its log, with the
file and the reason, so that whoever reads it can mend the install; a connection's lobby shows the
shorter `on_screen`, which fits an 80-column line.
"""

from __future__ import annotations

from .catalogue import ENGLISH, CatalogueError, _, speaking

__all__ = ["on_screen", "warning"]


def warning(error: CatalogueError) -> str:
    """The one line that says which catalogue could not be read, where, and why."""
    with speaking(ENGLISH):
        return _("warning: the translation '{language}' cannot be read ({path}: {reason}); English is spoken instead "
                 "(reinstalling famiglia mends it)").format(language=error.language, path=error.path,
                                                            reason=error.reason)


def on_screen(error: CatalogueError) -> str:
    """The line a player whose language the server cannot read is shown in the lobby."""
    with speaking(ENGLISH):
        return _("Warning: this server cannot read its '{language}' translation: English is spoken.").format(
            language=error.language)
