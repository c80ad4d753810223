"""Remembered settings: one TOML file in the user's configuration directory, read, checked and written safely.

The file holds what a player would otherwise type for every game (names, the computer's level, the
memory aid, confirming a turn's end, colour, the plain mode), read with `tomllib` and written with
tomlkit, keeping the player's comments. Reading never changes it: a file that cannot be read is reported
in one line and the defaults are used; a setting with an unknown name or a wrong value is reported in
the same line and its default is used, the good ones are kept. Only `write_value` (`famiglia settings
set`, the Settings page) writes it: one famiglia at a time (`folder_lock`, reading it again in its turn),
in one step (a temporary file renamed over it), in a folder made private (0700, the file 0600) whatever
the umask; it refuses to write over a file that is no TOML or cannot be read.
Options given on the command line win over the file for one game (`famiglia.profile.options`).
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any, Final

from famiglia.languages import LANGUAGES
from famiglia.persistence.reading import Unreadable, read_text
from famiglia.persistence.writing import folder_lock, private_folder, remove_unheld, write_atomically
from famiglia.phrasebook.catalogue import N_, _, ngettext

from .names import NameRefused, check_pair, tidy_name
from .seats import DEFAULT_LEVEL, LEVELS

__all__ = [
    "ENV",
    "FILE_NAME",
    "KEYS",
    "Loaded",
    "SettingRefused",
    "Settings",
    "config_dir",
    "describe",
    "key_name",
    "load",
    "parse_words",
    "settings_path",
    "value_words",
    "write_value",
]

ENV: Final = "FAMIGLIA_CONFIG"  # overrides the configuration directory (the tests use it)
FILE_NAME: Final = "settings.toml"
MAX_SIZE: Final = 64 * 1024  # a settings file is a few lines; anything this large is not one of ours
_TRUE: Final = ("true", "yes", "on")
_FALSE: Final = ("false", "no", "off")
_HEADER: Final = N_("famiglia's settings: 'famiglia settings' shows them, 'famiglia settings set KEY VALUE'\n"
                    "changes one; the options of 'famiglia play' win over them for one game.")


class SettingRefused(ValueError):
    """A setting that cannot be used, or a file that cannot be written; the message says why in one line."""


@dataclass(frozen=True, slots=True)
class Settings:
    """What a player chose once for every game. The defaults are today's behaviour of `famiglia play`.

    `names` is empty (the game asks), one name (yours: against the computer, and for the statistics),
    or two (a hot-seat game, player 1 first).
    """

    names: tuple[str, ...] = ()
    level: str = DEFAULT_LEVEL
    memory_aid: bool = False
    confirm: bool = True
    colour: bool = True
    language: str = "auto"  # the gettext environment's; `famiglia --lang` wins over it for one run
    plain: bool = False  # lines of text for a screen reader (docs/plain.md)

    @property
    def you(self) -> str | None:
        """The player whose statistics are shown: the first name, if one is set."""
        return self.names[0] if self.names else None


@dataclass(frozen=True, slots=True)
class Key:
    """One setting of the file: its name, what it means, and how a value is checked and typed in."""

    name: str
    meaning: str
    check: Callable[[Any], Any]  # a TOML value into the setting's value, or SettingRefused
    words: Callable[[Sequence[str]], Any]  # what `famiglia settings set NAME …` was given, likewise
    form: str  # how to write it on the command line


def _check_names(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= 2 or not all(isinstance(v, str) for v in value):
        raise SettingRefused(_('names must be a list of one or two names, like ["Anna", "Ben"], not {value}').format(
            value=_shown(value)))
    return _names(value)


def _names(given: Sequence[str]) -> tuple[str, ...]:
    try:
        names = tuple(tidy_name(n) for n in given)
        if len(names) == 2:
            check_pair(*names)
    except NameRefused as refusal:
        raise SettingRefused(f"names: {refusal}") from None
    return names


def _names_words(words: Sequence[str]) -> tuple[str, ...]:
    if not 1 <= len(words) <= 2:
        raise SettingRefused(_("names takes one name (yours) or two (player 1 first), each in quotes if it has spaces"))
    return _names(words)


def _check_level(value: Any) -> str:
    if not isinstance(value, str) or value not in LEVELS:
        raise SettingRefused(_("level must be one of {levels}, not {value}").format(levels=", ".join(LEVELS),
                                                                                  value=_shown(value)))
    return value


def _level_words(words: Sequence[str]) -> str:
    if len(words) != 1:
        raise SettingRefused(_("level takes one word: {levels}").format(levels=", ".join(LEVELS)))
    return _check_level(words[0].strip().lower())


_LANGUAGE_VALUES: Final = ("auto", *LANGUAGES)


def _check_language(value: Any) -> str:
    if not isinstance(value, str) or value not in _LANGUAGE_VALUES:
        raise SettingRefused(_("language must be one of {languages}, not {value}").format(
            languages=", ".join(_LANGUAGE_VALUES), value=_shown(value)))
    return value


def _language_words(words: Sequence[str]) -> str:
    if len(words) != 1:
        raise SettingRefused(_("language takes one word: {languages}").format(languages=", ".join(_LANGUAGE_VALUES)))
    return _check_language(words[0].strip().lower())


def _flag(name: str) -> Callable[[Any], bool]:
    def check(value: Any) -> bool:
        if not isinstance(value, bool):
            raise SettingRefused(_("{key} must be true or false, not {value}").format(key=name, value=_shown(value)))
        return value

    return check


def _flag_words(name: str) -> Callable[[Sequence[str]], bool]:
    def read(words: Sequence[str]) -> bool:
        word = words[0].strip().lower() if len(words) == 1 else ""
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
        raise SettingRefused(_("{key} takes one word: true or false (yes/no, on/off)").format(key=name))

    return read


# The meanings are templates, said through `_` where they are shown (`describe`, the home screen's Settings
# page), so each is one literal: the levels and the languages are written out, and checked below.
KEYS: Final[Mapping[str, Key]] = {k.name: k for k in (
    Key("names", N_("your name first; a second name is player 2 of a game for two at this keyboard"),
        _check_names, _names_words, "NAME [NAME]"),
    Key("level", N_("the computer's level: easy, normal, hard"), _check_level, _level_words, "|".join(LEVELS)),
    Key("memory_aid", N_("show the opponent's hand as far as the public actions tell it (R12.3)"),
        _flag("memory_aid"), _flag_words("memory_aid"), "true|false"),
    Key("confirm", N_("ask before a take or a pass ends the turn"), _flag("confirm"), _flag_words("confirm"),
        "true|false"),
    Key("colour", N_("colours on the screen (NO_COLOR in the environment turns them off too)"),
        _flag("colour"), _flag_words("colour"), "true|false"),
    Key("language", N_("the language the program speaks: auto (the terminal's, from LANG and its kin), "
                       "en, it, de; 'famiglia --lang' wins for one run"),
        _check_language, _language_words, "|".join(_LANGUAGE_VALUES)),
    Key("plain", N_("in lines of text (docs/plain.md)"), _flag("plain"), _flag_words("plain"), "true|false"),
)}
assert tuple(KEYS) == tuple(f.name for f in fields(Settings))
assert KEYS["level"].meaning.endswith(": " + ", ".join(LEVELS))  # the levels, written out in the template
assert f"), {', '.join(LANGUAGES)}; " in KEYS["language"].meaning  # and the languages


def printable(text: str, limit: int) -> str:
    """`text` safe for one line of a terminal (the saved games' rule, `famiglia.persistence.printable`)."""
    from famiglia.persistence import printable as safe

    return safe(text, limit)


def _shown(value: Any) -> str:
    """`value` quoted for the one line, short; a number too long to print is named, not printed."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return _("a huge number")
    if isinstance(value, dict | list) and len(repr(value)) > 40:  # repr of a small nested value is cheap
        n = len(value)
        if isinstance(value, dict):
            return ngettext("a table of {n}", "a table of {n}", n).format(n=n)
        return ngettext("a list of {n}", "a list of {n}", n).format(n=n)
    return printable(repr(value), 40)


# -- where the file is ----------------------------------------------------------------------------------------


def config_dir() -> Path:
    """The configuration directory: `$FAMIGLIA_CONFIG` if set, else the platform's user configuration directory."""
    home = os.environ.get(ENV)
    if home:
        return Path(home)
    import platformdirs

    return Path(platformdirs.user_config_dir("famiglia", appauthor=False))


def settings_path() -> Path:
    return config_dir() / FILE_NAME


# -- reading --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Loaded:
    """The settings in force, the file they came from, and the one line to show if something was wrong.

    `given` names the settings the file set (and that were good); the others are defaults. `faults` are
    the settings that could not be used, one phrase each; `problem` names them in one line (the first of
    many, and how many more, so the line stays whole on a terminal's line and the home screen's message).
    """

    settings: Settings
    path: Path
    exists: bool
    given: frozenset[str] = frozenset()
    problem: str | None = None
    faults: tuple[str, ...] = ()


def load(path: Path | None = None) -> Loaded:
    """The settings of the file at `path` (by default `settings_path()`), never changing it; see the module."""
    path = settings_path() if path is None else path
    try:
        text = _read_text(path)
    except FileNotFoundError:
        return Loaded(Settings(), path, exists=False)
    except SettingRefused as fault:
        return Loaded(Settings(), path, exists=True,
                      problem=_problem(path, str(fault), _("the default settings are used")))
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return Loaded(Settings(), path, exists=True,
                      problem=_problem(path, _("is not valid TOML ({error})").format(error=error),
                                       _("the default settings are used")))
    except RecursionError:
        return Loaded(Settings(), path, exists=True,
                      problem=_problem(path, _("is nested too deeply to be a settings file"),
                                       _("the default settings are used")))
    except ValueError as error:  # a number of thousands of digits, which Python declines to read
        return Loaded(Settings(), path, exists=True,
                      problem=_problem(path, _("cannot be read as TOML ({error})").format(error=error),
                                       _("the default settings are used")))
    settings, given, faults = from_table(table)
    return Loaded(settings, path, exists=True, given=given, problem=fault_line(path, faults) if faults else None,
                  faults=tuple(faults))


def from_table(table: Mapping[str, Any]) -> tuple[Settings, frozenset[str], list[str]]:
    """The settings a parsed file holds, which of them it set, and what is wrong in it (one phrase each).

    The names it does not know are one phrase, first, with the names it does know.
    """
    values: dict[str, Any] = {}
    faults: list[str] = []
    unknown: list[str] = []
    for name, value in table.items():
        key = KEYS.get(name)
        if key is None:
            unknown.append(_shown(name))
            continue
        try:
            values[name] = key.check(value)
        except SettingRefused as refusal:
            faults.append(str(refusal))
    if unknown:
        faults.insert(0, ngettext("unknown setting {names}", "unknown settings {names}", len(unknown)).format(
            names=", ".join(unknown)) + _known())
    return replace(Settings(), **values), frozenset(values), faults


LINE: Final = 230  # a fault line fits the command line's one line after "famiglia: ", and the home screen's rows


def fault_line(path: Path, faults: Sequence[str], *, room: int = LINE) -> str:
    """The one line about a file with `faults`: what is wrong and what is done, in `room` characters.

    One fault is said with the file's path; several with their count and as many as fit, then how many
    more (`describe`, what 'famiglia settings' prints, lists each, and where the file is).
    """
    if len(faults) == 1:
        line = _problem(path, faults[0], _("its default is used"))
        if len(line) <= room:
            return line
    count = len(faults)
    head = ngettext("the settings file has {n} fault; its default is used (the file is left as it is)",
                    "the settings file has {n} faults; their defaults are used (the file is left as it is)",
                    count).format(n=count)
    known = _known()
    # the known names are listed by 'famiglia settings'
    brief = [_KNOWN.sub("", fault.removesuffix(known)) for fault in faults]
    named = 0
    while named < len(brief):
        rest = len(brief) - named - 1
        more = "; " + _more(rest) if rest else ""
        if len(f"{head}: {'; '.join(brief[:named + 1])}{more}") > room:
            break
        named += 1
    left = len(brief) - named
    if not named:
        return f"{head}: " + _("'famiglia settings' lists each")
    return f"{head}: {'; '.join(brief[:named])}" + ("; " + _more(left) if left else "")


def _more(n: int) -> str:
    return ngettext("{n} more: 'famiglia settings' lists each", "{n} more: 'famiglia settings' lists each",
                    n).format(n=n)


def _known() -> str:
    """The end of the fault about unknown settings: the names that are known."""
    return " " + _("(known: {keys})").format(keys=", ".join(KEYS))


_KNOWN: Final = re.compile(r" \(known: [^)]*\)$")  # the English end, for a fault said before a language was chosen


def _read_text(path: Path) -> str:
    """The file's text; `FileNotFoundError` if there is none, `SettingRefused` saying why it cannot be used."""
    try:
        return read_text(path, limit=MAX_SIZE, kind="a settings file")
    except Unreadable as why:
        raise SettingRefused(str(why)) from None


def _problem(path: Path, what: str, outcome: str) -> str:
    """The one line about a settings file: which file, what is wrong, and what is done instead."""
    return _("settings file {path}: {fault}; {outcome} (the file is left as it is)").format(
        path=printable(str(path), 120), fault=printable(what, 300), outcome=outcome)


# -- the command line's words --------------------------------------------------------------------------------


def key_name(text: str) -> str:
    """The setting a player named: `memory-aid`, as `famiglia play --memory-aid` spells it, is `memory_aid`."""
    return text.strip().lower().replace("-", "_")


def value_words(name: str, value: Any) -> str:
    """Setting `name`'s `value` as the file writes it (None: its default), for a line that says what it is now."""
    value = getattr(Settings(), name) if value is None else value
    return _("none: the names are asked at the start of a game") if value == () else toml_text(value)


def parse_words(name: str, words: Sequence[str]) -> Any:
    """The value of setting `name` from the words of `famiglia settings set NAME …`; `SettingRefused` otherwise."""
    key = KEYS.get(key_name(name))
    if key is None:
        raise SettingRefused(_unknown(name))
    return key.words(words)


def _unknown(name: str) -> str:
    return _("unknown setting {key}: choose from {keys}").format(key=_shown(name), keys=", ".join(KEYS))


def toml_text(value: Any) -> str:
    """A setting's value as the file writes it."""
    import tomlkit

    return str(tomlkit.item(list(value) if isinstance(value, tuple) else value).as_string())


def describe(loaded: Loaded) -> list[str]:
    """What `famiglia settings` prints: where the file is, each setting with its value, and how to change one."""
    where = printable(str(loaded.path), 200)
    lines = [_("Settings file: {path}").format(path=where) if loaded.exists else
             _("Settings file: {path} (there is none yet: these are the defaults)").format(path=where), ""]
    width = max(len(n) for n in KEYS)
    for name, key in KEYS.items():
        value = getattr(loaded.settings, name)
        shown = toml_text(value)
        origin = "" if name in loaded.given else ("  " + _("(default: asked at the start of a game)") if value == ()
                                                  else "  " + _("(default)"))
        lines.append(f"  {name:<{width}} = {printable(shown, 80)}{origin}")
        lines.append(f"  {'':<{width}}   {_(key.meaning)}")
    if loaded.faults:
        n = len(loaded.faults)
        lines += ["", ngettext("The file has {n} fault (its default is used; the file is left as it is):",
                               "The file has {n} faults (their defaults are used; the file is left as it is):",
                               n).format(n=n),
                  *(f"  - {printable(fault, 200)}" for fault in loaded.faults)]
    lines += ["", _("Change one:  famiglia settings set KEY VALUE   (e.g. famiglia settings set level hard)"),
              _("Forget one:  famiglia settings unset KEY")]
    return lines


# -- writing --------------------------------------------------------------------------------------------------


def write_value(name: str, value: Any, path: Path | None = None) -> Path:
    """Set setting `name` to `value` in the file (None removes it), keeping the rest of the file as it was.

    A missing file is made, with a comment at the top. A file that is there but is no TOML, or cannot be
    read, is refused (`SettingRefused`): writing over it would lose what the player wrote; so is one that
    cannot be written, in words for one line. A symbolic link is written through, so a settings file kept
    elsewhere stays where it is. Returns the path written only once the file holds the value.
    """
    if name not in KEYS:
        raise SettingRefused(_unknown(name))
    path = settings_path() if path is None else path
    shown = printable(str(path), 120)
    try:
        target = _target(path)
        private_folder(target.parent)
        with folder_lock(target.parent):  # one writer at a time; each reads what the last one wrote
            _sweep(target)
            _rewrite(target, name, value, shown)
    except OSError as error:
        raise SettingRefused(_("settings file {path} cannot be written ({error}): it is not changed").format(
            path=shown, error=error.strerror or error)) from None
    return path


def _target(path: Path) -> Path:
    """The file a write of `path` goes to: `path`, or where its symbolic link leads (`SettingRefused` if nowhere)."""
    if not path.is_symlink():
        return path
    try:
        return path.resolve(strict=False)
    except (RuntimeError, OSError):  # a link that leads to itself, round and round
        raise SettingRefused(_("settings file {path} is a symbolic link that leads round in a loop: remove it or "
                               "point it at a file; it is not changed").format(path=printable(str(path), 120))) \
            from None


def _rewrite(target: Path, name: str, value: Any, shown: str) -> None:
    """Read the file at `target` again, set the one value, and write it back in one step (in the writers' turn)."""
    import tomlkit
    from tomlkit.exceptions import TOMLKitError

    try:
        text: str | None = _read_text(target)
    except FileNotFoundError:
        text = None
    except SettingRefused as fault:
        raise SettingRefused(_("settings file {path} {fault}: it is not changed").format(path=shown, fault=fault)) \
            from None
    try:
        document = tomlkit.parse(text) if text is not None else _new_document()
    except (TOMLKitError, RecursionError, ValueError) as error:
        raise SettingRefused(_("settings file {path} is not valid TOML ({error}): fix or remove it first; it is not "
                               "changed").format(path=shown, error=printable(str(error), 120))) from None
    if value is None:
        if name in document:
            del document[name]
    else:
        document[name] = list(value) if isinstance(value, tuple) else value
    mode = 0o600
    with contextlib.suppress(OSError):
        mode = stat.S_IMODE(os.stat(target).st_mode)  # a file that is there keeps the mode its owner gave it
    write_atomically(target, document.as_string().encode("utf-8"), prefix=f".{target.name}.", mode=mode)


def _sweep(target: Path) -> None:
    """Remove the temporary files of writes killed before they were done (no writer holds them: it is our turn)."""
    leftover = re.compile(rf"\.{re.escape(target.name)}\.[0-9a-f]{{12}}\.tmp")
    with contextlib.suppress(OSError):
        for entry in os.scandir(target.parent):
            if leftover.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                with contextlib.suppress(OSError):
                    remove_unheld(Path(entry.path))


def _new_document() -> Any:
    import tomlkit

    document = tomlkit.document()
    for line in _(_HEADER).splitlines():  # in the language of the one who made the file
        document.add(tomlkit.comment(line))
    return document
