"""The one door every sentence of the phrasebook goes through: `_` for a sentence, `ngettext` for a count.

Each template is a literal with named placeholders, passed through one of these two where it is said,
so a gettext catalogue can give the same sentence in another language with its own word order.
A table of templates marks its literals with `N_` (gettext's `gettext_noop`) and passes the one it
picks through `_` when it is said.

The language is a player's, not the process's: many players' screens may run in one process (`famiglia
serve`), so the catalogue in force is held in a context variable, which each player's application sets
for itself (`speaking`), as the leaving signals find theirs; gettext's own `install`, which changes
`builtins` for every thread at once, is not used. Where nothing was set, the sentences are the English
they are written in.

The Italian and German catalogues ship in `famiglia/locale` (docs/languages.md says how they are made);
`catalogue_for` gives the one for a language. A shipped catalogue that is missing or damaged must not
take the program with it: `catalogue_or_english` then gives English and why, which the command line
writes to stderr and the server to the connection's screen and its log (`famiglia.phrasebook.unread`).
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Final

from famiglia.languages import LANGUAGES

__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "N_",
    "CatalogueError",
    "Later",
    "_",
    "catalogue_for",
    "catalogue_or_english",
    "filled",
    "ngettext",
    "speaking",
    "spoken_catalogue",
    "spoken_language",
]

ENGLISH: Final = gettext.NullTranslations()  # the templates as they are written
_LOCALE: Final = Path(__file__).parent.parent / "locale"
_DOMAIN: Final = "famiglia"
_SPOKEN: ContextVar[gettext.NullTranslations] = ContextVar("famiglia_catalogue", default=ENGLISH)


def _(message: str) -> str:
    """The sentence `message` in the language of the player it is said to."""
    return _SPOKEN.get().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence that counts `n` things, in the language of the player it is said to."""
    return _SPOKEN.get().ngettext(singular, plural, n)


_TO_NAME: Final = re.compile(r"\b([Aa]) \{(\w+)\}")  # Italian "a {name}": the euphonic d before a vowel a


def filled(sentence: str, /, **fields: object) -> str:
    """`sentence`, already said by `_`, with its `fields` put in, as `str.format` does, and the way a language joins
    a word to a name then: Italian writes "a Ben" but "ad Anna" (the euphonic d before a), which a
    catalogue cannot know before the name is."""
    if spoken_language() == "it":
        sentence = _TO_NAME.sub(lambda m: m[1] + ("d {" if str(fields.get(m[2], ""))[:1] in ("a", "A", "à", "À")
                                                    else " {") + m[2] + "}", sentence)
    return sentence.format(**fields)


def N_(message: str) -> str:
    """`message` marked as a template for the catalogue, left untranslated until `_` says it."""
    return message


class Later:
    """A sentence kept as its template and fields, and said only when it is read (`str`), in the reader's language.

    One player's action can be news for others who read other languages (a table of `famiglia serve`
    tells both seats and its watchers that Ben lost the connection): the news is made in the context of
    whoever caused it, so it travels as the sentence, not as that player's words. Its template is marked
    with `N_` where it is written; a field may be a `Later` itself, said in the same language.
    """

    __slots__ = ("fields", "template")

    def __init__(self, template: str, /, **fields: object) -> None:
        self.template = template
        self.fields = fields

    def __str__(self) -> str:
        said = {name: str(value) if isinstance(value, Later) else value for name, value in self.fields.items()}
        return _(self.template).format(**said)

    def __repr__(self) -> str:
        return "Later(" + repr(self.template) + ")"


@contextmanager
def speaking(catalogue: gettext.NullTranslations) -> Iterator[None]:
    """For the block (and what it starts in this context), every sentence is said from `catalogue`."""
    token = _SPOKEN.set(catalogue)
    try:
        yield
    finally:
        _SPOKEN.reset(token)


def spoken_catalogue() -> gettext.NullTranslations:
    """The catalogue in force, for what is made here and said elsewhere later (a server's connection takes it
    where its client names no language)."""
    return _SPOKEN.get()


def spoken_language() -> str:
    """The code of the language in force (`en` where nothing was set), for what is not a template: the rules' text."""
    language: str = _SPOKEN.get().info().get("language", "en")
    return language


def catalogue_for(language: str) -> gettext.NullTranslations:
    """The catalogue a player who reads `language` is spoken to from: the templates for English, a shipped one else."""
    if language == "en":
        return ENGLISH
    if language not in LANGUAGES:
        raise ValueError(f"no catalogue for {language!r}: the languages are {', '.join(LANGUAGES)}")
    try:
        return gettext.translation(_DOMAIN, _LOCALE, [language])
    except Exception as error:  # a damaged .mo fails as whatever its bytes lead gettext into: OSError, struct.error…
        path = _LOCALE / language / "LC_MESSAGES" / (_DOMAIN + ".mo")
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise CatalogueError(language, path, str(reason) or type(error).__name__) from None


class CatalogueError(Exception):
    """A shipped catalogue is missing or cannot be read: its language, its file, and why (`famiglia.phrasebook.unread`
    says it as a warning)."""

    def __init__(self, language: str, path: Path, reason: str) -> None:
        super().__init__(language, path, reason)
        self.language = language
        self.path = path
        self.reason = reason


def catalogue_or_english(language: str) -> tuple[gettext.NullTranslations, CatalogueError | None]:
    """The catalogue for `language`, else English and why: a missing or damaged catalogue costs a player the
    translation, never the game. Whoever asked says the warning (`famiglia.phrasebook.unread`) where its player
    reads it."""
    try:
        return catalogue_for(language), None
    except CatalogueError as error:
        return ENGLISH, error
