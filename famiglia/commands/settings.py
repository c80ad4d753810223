"""`famiglia settings [set KEY VALUE | unset KEY]`: the remembered settings shown, or one changed.

The file, its checks and its safe writing are `famiglia.profile.settings`'s; here they are said in the
command line's lines. `remembered` is what every command that plays a game reads the settings with:
what is wrong with the file is said in one line, and the defaults are used.
"""

from __future__ import annotations

from collections.abc import Sequence

from famiglia.phrasebook.catalogue import _
from famiglia.profile import settings as settings_file
from famiglia.profile.settings import Settings

from .errors import EXIT_OK, UsageError, complain

__all__ = ["change", "remembered", "show"]


def remembered() -> Settings:
    """The settings of the settings file; what is wrong with it is said in one line, and the defaults used."""
    loaded = settings_file.load()
    if loaded.problem is not None:
        complain(loaded.problem)
    return loaded.settings


def show() -> int:
    """`famiglia settings`: where the file is, each setting with its value, and every fault the file has."""
    loaded = settings_file.load()
    if loaded.problem is not None:
        complain(loaded.problem)
    print("\n".join(settings_file.describe(loaded)))
    return EXIT_OK


def change(name: str, words: Sequence[str] | None) -> int:
    """`famiglia settings set NAME WORDS…`, or `unset NAME` (`words` None): the file changed, and what it says now."""
    key = settings_file.key_name(name)  # memory-aid, as the option is spelt, is memory_aid
    try:
        value = None if words is None else settings_file.parse_words(key, words)
        if key not in settings_file.KEYS:
            settings_file.parse_words(key, [])  # the unknown setting's refusal
        path = settings_file.write_value(key, value)
    except settings_file.SettingRefused as refusal:
        raise UsageError(str(refusal)) from None
    shown = settings_file.printable(str(path), 200)
    if value is None:
        print(_("{key} forgotten in {file}: its default applies ({value})").format(
            key=key, file=shown, value=settings_file.value_words(key, None)))
    else:
        print(_("{key} set to {value} in {file}").format(key=key, value=settings_file.value_words(key, value),
                                                         file=shown))
    return EXIT_OK
