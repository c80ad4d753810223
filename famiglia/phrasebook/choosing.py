"""Which language a player is spoken to in: the `--lang` option, else the `language` setting, else the environment.

The environment is read as gettext reads it (LANGUAGE, a colon list whose first usable entry counts,
then LC_ALL, LC_MESSAGES, LANG), so a player whose terminal is Italian gets Italian without asking;
a locale no catalogue ships (C, POSIX, none) is English, the language the templates are written in.
"""

from __future__ import annotations

from collections.abc import Mapping

from .catalogue import LANGUAGES

__all__ = ["AUTO", "VARIABLES", "chosen_language", "from_environment"]

AUTO = "auto"  # the setting's default: the language the environment names
VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # gettext's, in the order it reads them


def _language_of(locale: str) -> str | None:
    """`it` for `it_IT.UTF-8` or `it`: the shipped language a locale name is, or None."""
    language = locale.strip().split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
    return language if language in LANGUAGES else None


def from_environment(environ: Mapping[str, str]) -> str:
    """The language the gettext variables of `environ` name, English where none names a shipped one."""
    for variable in VARIABLES:
        value = environ.get(variable, "")
        if not value:
            continue
        entries = value.split(":") if variable == "LANGUAGE" else [value]
        for entry in entries:
            language = _language_of(entry)
            if language is not None:
                return language
        if variable != "LANGUAGE":
            return "en"  # the first set locale variable decides, as in gettext; C or POSIX is English
    return "en"


def chosen_language(option: str | None, setting: str | None, environ: Mapping[str, str]) -> str:
    """The option wins over the setting, which wins over the environment (`auto` or no setting: the environment)."""
    if option in LANGUAGES:
        return option
    if setting in LANGUAGES:
        return setting
    return from_environment(environ)
