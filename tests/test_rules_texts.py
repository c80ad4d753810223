"""The rules in English, Italian and German say the same things in the same places (R1–R12).

The Italian and German texts are written anew, not word for word, so sentences may run in another
order. What may not differ is what a player looks up or the game quotes: the rule ids in their
order, the headings, the lists and the table, and under each rule id the same card names, the same
ids it refers to and the same code (`F0 A0 B0 M0`, `famiglia play --memory-aid`). `differences`
says what does differ, and the tests at the end show that it notices a dropped id or card.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from fnmatch import fnmatch
from importlib import resources
from pathlib import Path

import pytest

TRANSLATIONS = {"it": "rules.it.md", "de": "rules.de.md"}
ENGLISH = "rules.md"
RULE_IDS = [f"R{n}" for n in range(1, 13)]
ROOT = Path(__file__).parents[1]
GLOSSARY = ROOT / "docs" / "languages.md"

_HEADING = re.compile(r"(#+) (R\d+\b)?")
_ITEM = re.compile(r"- \*\*(R\d+\.\d+)\*\* ")
_STEP = re.compile(r"(\d+)\. ")
_CARD = re.compile(r"(?<![\w])[FABM][0-4](?!\d)")  # R1.1: family letter, printed value
_REFERENCE = re.compile(r"\bR\d+(?:\.\d+)?\b")
_CODE = re.compile(r"`([^`]+)`")


def text(name: str) -> str:
    """A rules text as the package ships it (what `famiglia rules` reads)."""
    return resources.files("famiglia").joinpath("data", name).read_text(encoding="utf-8")


def skeleton(rules: str) -> list[tuple[str | int | tuple[str, ...] | None, ...]]:
    """The shape of a rules text: headings with their ids, list items with theirs, numbered steps, table
    rows with their numbers, and paragraphs, whatever their words and however they are wrapped."""
    shape: list[tuple[str | int | tuple[str, ...] | None, ...]] = []
    in_block = False
    for line in rules.splitlines():
        if not line.strip():
            in_block = False
            continue
        if heading := _HEADING.match(line):
            shape.append(("heading", len(heading.group(1)), heading.group(2)))
        elif line.startswith("|"):
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            shape.append(("row", len(cells), tuple(c for c in cells if c.isdigit() or set(c) == {"-"})))
        elif item := _ITEM.match(line):
            shape.append(("item", item.group(1)))
        elif step := _STEP.match(line):
            shape.append(("step", int(step.group(1))))
        elif line.startswith("- "):
            shape.append(("item", None))
        elif not in_block:
            shape.append(("paragraph",))
        else:
            continue  # a wrapped line of the paragraph or item above
        in_block = True
    return shape


def sections(rules: str) -> dict[str, str]:
    """The text under each rule id (a heading `## R5` up to its first item, an item `**R5.4**` up to the
    next id), and the opening under "" — the places where a translation must say the same things."""
    parts: dict[str, str] = {}
    current = ""
    for line in rules.splitlines():
        if heading := _HEADING.match(line):
            current = heading.group(2) or current
        elif item := _ITEM.match(line):
            current = item.group(1)
        parts[current] = parts.get(current, "") + line + "\n"
    return parts


def defined_ids(rules: str) -> list[str]:
    """Every rule id a heading or an item defines, in the order of the text."""
    return [block[-1] for block in skeleton(rules) if block[0] in ("heading", "item") and isinstance(block[-1], str)]


def differences(english: str, other: str) -> list[str]:
    """What `other` says in other places than `english`, in a reader's words; empty when they agree."""
    found: list[str] = []
    ids, other_ids = defined_ids(english), defined_ids(other)
    if ids != other_ids:
        missing = [i for i in ids if i not in other_ids]
        extra = [i for i in other_ids if i not in ids]
        found.append(f"rule ids differ: missing {missing}, extra {extra}, order {other_ids}")
    shape, other_shape = skeleton(english), skeleton(other)
    if shape != other_shape:
        at = next((k for k, (a, b) in enumerate(zip(shape, other_shape, strict=False)) if a != b),
                  min(len(shape), len(other_shape)))
        found.append(f"structure differs at block {at}: {shape[at:at + 1]} against {other_shape[at:at + 1]}"
                     f" ({len(shape)} blocks against {len(other_shape)})")
    mine, theirs = sections(english), sections(other)
    for rule in mine.keys() | theirs.keys():
        a, b = mine.get(rule, ""), theirs.get(rule, "")
        for what, pattern in (("cards", _CARD), ("references", _REFERENCE), ("code", _CODE)):
            if Counter(pattern.findall(a)) != Counter(pattern.findall(b)):
                found.append(f"{rule or 'the opening'}: {what} {sorted(pattern.findall(a))} "
                             f"against {sorted(pattern.findall(b))}")
    return found


# --- the shipped texts ---------------------------------------------------------------------------


def test_the_english_rules_define_every_rule_id_once_in_order() -> None:
    ids = defined_ids(text(ENGLISH))
    assert [i for i in ids if "." not in i] == RULE_IDS
    assert len(ids) == len(set(ids)) == 12 + 37  # twelve rules, 37 numbered parts


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_a_translation_has_the_ids_headings_lists_cards_and_code_of_the_english(language: str) -> None:
    english, other = text(ENGLISH), text(TRANSLATIONS[language])
    assert differences(english, other) == []
    assert defined_ids(other) == defined_ids(english)
    headings = [block for block in skeleton(other) if block[0] == "heading"]
    assert len(headings) == len([block for block in skeleton(english) if block[0] == "heading"]) == 13


@pytest.mark.parametrize("name", [ENGLISH, *TRANSLATIONS.values()])
def test_the_package_data_ships_every_rules_text(name: str) -> None:
    """An installed copy has what the source tree has: pyproject's package-data names the file."""
    shipped = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    assert any(fnmatch(f"data/{name}", pattern) for pattern in shipped["famiglia"])


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_a_translation_is_written_anew_not_left_in_english(language: str) -> None:
    english = {line.strip() for line in text(ENGLISH).splitlines()  # a table row is names and numbers
               if len(_CODE.sub("", line).strip()) > 30 and not line.startswith("|")}
    copied = [line for line in text(TRANSLATIONS[language]).splitlines() if line.strip() in english]
    assert copied == []


@pytest.mark.parametrize(("language", "words"), [
    ("it", ["Strada", "postazione", "mazzo", "pila degli scarti", "Contabile", "Bruto", "Mercenario"]),
    ("de", ["Auslage", "Spielbereich", "Nachziehstapel", "Ablage", "Buchhalter", "Schläger", "Söldner"]),
])
def test_a_translation_uses_the_names_of_the_glossary(language: str, words: list[str]) -> None:
    """docs/languages.md names the terms; the rules use those names, so the screens can too."""
    glossary = GLOSSARY.read_text(encoding="utf-8")
    rules = text(TRANSLATIONS[language])
    for word in words:
        assert f"**{word}**" in glossary, f"{word} is not a term of docs/languages.md"
        assert re.search(rf"\b{re.escape(word)}\b", rules), f"the {language} rules never say {word}"


# --- the comparison notices what a translation leaves out ---------------------------------------


def test_a_dropped_rule_id_is_found() -> None:
    italian = text(TRANSLATIONS["it"]).replace("- **R5.4** ", "- ", 1)
    said = differences(text(ENGLISH), italian)
    assert any("missing ['R5.4']" in line for line in said), said


def test_an_id_in_the_wrong_place_is_found() -> None:
    german = text(TRANSLATIONS["de"])
    swapped = german.replace("**R8.3**", "**R8.x**").replace("**R8.4**", "**R8.3**").replace("**R8.x**", "**R8.4**")
    assert any("rule ids differ" in line for line in differences(text(ENGLISH), swapped))


def test_a_dropped_heading_or_item_is_found() -> None:
    german = text(TRANSLATIONS["de"])
    no_heading = german.replace("## R11 Wertung\n\n", "", 1)
    assert any("structure differs" in line for line in differences(text(ENGLISH), no_heading))
    merged = re.sub(r"\n- \*\*R12\.3\*\*", " R12.3", german)
    assert differences(text(ENGLISH), merged)


def test_a_changed_card_number_or_command_is_found() -> None:
    english, italian = text(ENGLISH), text(TRANSLATIONS["it"])
    assert any(line.startswith("R11.2: cards") for line in
               differences(english, italian.replace("`F2` e `M3`", "`F2` e `M2`")))
    assert any("structure differs" in line for line in
               differences(english, italian.replace("| 1 | 3 | 6 | 10 | 15 |", "| 1 | 3 | 6 | 10 | 16 |")))
    assert any(line.startswith("R12.3: code") for line in
               differences(english, italian.replace("--memory-aid", "--aiuto-memoria")))
