"""The guided first game's texts, read from one data file per language (famiglia/data/lessons.toml, and
lessons.it.toml and lessons.de.toml for Italian and German).

The texts live in the data file so they can be corrected without touching code; `load_texts` reads
and checks the one of the language the player is spoken to in (`spoken_language`), as the rules' text
is chosen (every lesson the tutor knows has a title, the rule ids or the keys it teaches, the parts of
the screen it is about, and one to three lines; every refusal and summary line is there).
The guided game's deal, and how a record tells it is one, are `famiglia.profile.guided_deal`'s.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from famiglia.phrasebook.keynames import key_label

__all__ = ["LESSON_IDS", "PARTS", "Lesson", "Texts", "TextsError", "lessons_file", "load_texts"]

RESOURCE: Final = ("data", "lessons.toml")  # the English texts; a translation is lessons.<language>.toml beside it
TRANSLATED: Final = ("it", "de")  # the languages with a lessons file of their own; the others read the English

# The lessons the tutor knows, in the order they are shown when several come up at once.
LESSON_IDS: Final = ("welcome", "turn", "choosing", "looking_back", "refresh", "free_take", "pair_take", "mercenary",
                     "typing", "accountant", "swaps", "brute", "hint", "undo", "opponent", "passes", "tiebreak",
                     "exhaustion", "last_round")
# The parts of the table screen a lesson may be about (its box leaves them in sight), from the top down.
PARTS: Final = ("status", "opponent", "street", "hand", "last_turn", "choices", "message")
REFUSALS: Final = ("refresh", "accountant", "swap", "brute", "take", "pass", "notation", "not_your_turn", "over")
SUMMARY: Final = ("learned", "counted", "missed", "next")
WHERE: Final = ("yours", "theirs", "over")


class TextsError(ValueError):
    """The lessons file is not as the game needs it (a packaging or editing mistake); the message says where."""


@dataclass(frozen=True, slots=True)
class Lesson:
    """One explanation: shown the first time its situation comes up.

    A lesson of the rules cites its rule ids (`rules`); a lesson of the controls names its keys (`keys`, as the
    help writes them). `about` is what on the screen it explains, so its box can leave that in sight. `plain`
    is what the plain mode says in place of `lines` where these speak of the full screen's keys or places
    (docs/plain.md); its `{hint}`-like fields are the plain mode's commands, which it fills in.
    """

    id: str
    title: str
    rules: str
    lines: tuple[str, ...]
    keys: tuple[str, ...] = ()
    about: tuple[str, ...] = ()
    plain: tuple[str, ...] = ()

    @property
    def heading(self) -> str:
        """The title and what the lesson teaches: its rule ids, or its keys as the help names them ("Invio")."""
        return f"{self.title} ({self.rules or ', '.join(key_label(key) for key in self.keys)})"


@dataclass(frozen=True, slots=True)
class Texts:
    """Every text of the guided game, as the data file holds them."""

    lessons: Mapping[str, Lesson]
    refusal: Mapping[str, str]
    where: Mapping[str, str]
    steps: tuple[str, str, str, str]
    summary: Mapping[str, str]


def lessons_file(language: str) -> str:
    """The name of the lessons file of `language` in famiglia/data: its own if it has one, else the English."""
    name = RESOURCE[1]
    return f"lessons.{language}.toml" if language in TRANSLATED else name


def load_texts(language: str | None = None) -> Texts:
    """The texts shipped in the package in `language`, by default the one the player is spoken to in, read once
    per language and checked (`TextsError` if the file is not right)."""
    if language is None:
        from famiglia.phrasebook.catalogue import spoken_language

        language = spoken_language()
    return _load(lessons_file(language))


@cache
def _load(name: str) -> Texts:
    from importlib import resources

    text = resources.files("famiglia").joinpath(RESOURCE[0], name).read_text(encoding="utf-8")
    return parse_texts(text, name)


def parse_texts(text: str, name: str = RESOURCE[1]) -> Texts:
    """The texts of a lessons file's content (the file `name`, which the messages say); `TextsError` says what is
    missing or wrong."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise TextsError(f"{name} is not valid TOML: {error}") from None
    lessons: dict[str, Lesson] = {}
    for n, entry in enumerate(_list(data.get("lesson"), "lesson", name), 1):
        if not isinstance(entry, dict):
            raise TextsError(f"lesson {n} must be a table")
        lesson_id = _string(entry, "id", f"lesson {n}", name)
        if lesson_id not in LESSON_IDS:
            raise TextsError(f"lesson {lesson_id!r} is not one the game knows ({', '.join(LESSON_IDS)})")
        if lesson_id in lessons:
            raise TextsError(f"lesson {lesson_id!r} comes twice")
        lines = _lines(_string(entry, "text", lesson_id, name))
        plain = _lines(_string(entry, "plain", lesson_id, name)) if "plain" in entry else ()
        if not 1 <= len(lines) <= 3 or len(plain) > 3:
            raise TextsError(f"lesson {lesson_id!r} must have one to three lines, not {len(lines)}")
        keys = _words(entry, "keys", lesson_id, name)
        rules = _string(entry, "rules", lesson_id, name) if "rules" in entry or not keys else ""
        about = _words(entry, "about", lesson_id, name)
        if not about or not set(about) <= set(PARTS):
            raise TextsError(f"lesson {lesson_id!r}: about must name parts of the screen ({', '.join(PARTS)})")
        lessons[lesson_id] = Lesson(lesson_id, _string(entry, "title", lesson_id, name), rules, lines, keys, about,
                                    plain)
    missing = [i for i in LESSON_IDS if i not in lessons]
    if missing:
        raise TextsError(f"{name} has no text for {', '.join(missing)}")
    where = _table(data, "where", WHERE, name)
    steps = _list(data.get("where", {}).get("steps"), "where.steps", name)
    if len(steps) != 4 or not all(isinstance(s, str) and s for s in steps):
        raise TextsError("where.steps must be the four steps' names")
    return Texts(lessons, _table(data, "refusal", REFUSALS, name), where, (steps[0], steps[1], steps[2], steps[3]),
                 _table(data, "summary", SUMMARY, name))


def _lines(text: str) -> tuple[str, ...]:
    return tuple(line.strip() for line in text.strip().splitlines() if line.strip())


def _list(value: Any, what: str, name: str) -> list[Any]:
    if not isinstance(value, list):
        raise TextsError(f"{name}: {what} must be a list")
    return value


def _string(entry: Mapping[str, Any], key: str, what: str, name: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value.strip():
        raise TextsError(f"{name}: {what} needs a {key}")
    return value


def _words(entry: Mapping[str, Any], key: str, what: str, name: str) -> tuple[str, ...]:
    """A list of short words (`keys`, `about`); empty if the entry has none."""
    value = entry.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise TextsError(f"{name}: {what}'s {key} must be a list of words")
    return tuple(v.strip() for v in value)


def _table(data: Mapping[str, Any], table_name: str, keys: tuple[str, ...], name: str) -> dict[str, str]:
    table = data.get(table_name)
    if not isinstance(table, dict):
        raise TextsError(f"{name} needs a [{table_name}] table")
    return {key: _string(table, key, f"[{table_name}]", name).strip() for key in keys}
