"""The Italian and German catalogues of the phrasebook are whole and current: every template of the source is in
the template catalogue and translated in both, with the same placeholders, and the compiled files shipped beside
them say what the translations say. A seeded game's sentences, said from each, come out in that language."""

from __future__ import annotations

import io
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

import famiglia
from famiglia.phrasebook.catalogue import catalogue_for, speaking
from tests.drivers.phrasebook import sayings, templates

LOCALE = Path(famiglia.__file__).parent / "locale"
LANGUAGES = ("it", "de")


def _read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def _po(language: str) -> Catalog:
    return _read(LOCALE / language / "LC_MESSAGES" / "famiglia.po")


def _ids(catalogue: Catalog) -> set[str]:
    """Every English text the catalogue holds, both forms of a count."""
    return {text for m in catalogue if m.id for text in (m.id if isinstance(m.id, tuple) else (m.id,))}


def _messages(catalogue: Catalog) -> dict[object, object]:
    """What a catalogue says, each message's text and translation, both forms of a count as one."""
    def one(text: object) -> object:
        return tuple(text) if isinstance(text, list | tuple) else text
    return {one(m.id): one(m.string) for m in catalogue}


def _placeholders(template: str) -> set[str]:
    return {field for _text, field, _spec, _conversion in string.Formatter().parse(template) if field is not None}


def test_the_template_catalogue_holds_exactly_the_templates_of_the_source() -> None:
    assert _ids(_read(LOCALE / "famiglia.pot")) == {template for _where, template in templates()}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_template_is_translated_with_the_same_placeholders(language: str) -> None:
    po = _po(language)
    assert _ids(po) == _ids(_read(LOCALE / "famiglia.pot"))
    assert po.plural_forms == "nplurals=2; plural=(n != 1);"  # docs/languages.md: one form for 1, one for the rest
    for message in po:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        said = message.string if isinstance(message.string, tuple) else (message.string,)
        assert not message.fuzzy, message.id
        assert len(said) == len(english) and all(said), message.id
        for source, translation in zip(english, said, strict=True):
            assert _placeholders(translation) == _placeholders(source), (source, translation)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalogue_is_up_to_date_with_the_translations(language: str) -> None:
    compiled = io.BytesIO()
    write_mo(compiled, _po(language))
    compiled.seek(0)
    with (LOCALE / language / "LC_MESSAGES" / "famiglia.mo").open("rb") as f:
        shipped = read_mo(f)
    assert len(_messages(shipped)) > 100
    assert _messages(shipped) == _messages(read_mo(compiled))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_seeded_game_is_said_in_the_language(language: str) -> None:
    english = sayings(seed=4)
    with speaking(catalogue_for(language)):
        said = sayings(seed=4)
    assert [named for _, named in said] == [named for _, named in english]
    for (text, named), (original, _named) in zip(said, english, strict=True):
        assert "{" not in text and named in text, text  # every placeholder filled, the notation kept
        assert text != original or not original, text  # nothing left in English


def test_the_languages_are_english_italian_and_german() -> None:
    assert catalogue_for("en").gettext("pass") == "pass"
    assert catalogue_for("it").gettext("pass") == "passa"
    assert catalogue_for("de").ngettext("{n} card", "{n} cards", 1) == "{n} Karte"
    with pytest.raises(ValueError, match="en, it, de"):
        catalogue_for("fr")


@pytest.mark.parametrize(("language", "written"), [("en", "2.5"), ("it", "2,5"), ("de", "2,5")])
def test_a_number_with_decimals_takes_the_languages_decimal_sign(language: str, written: str) -> None:
    from famiglia.phrasebook.counts import decimal
    from famiglia.phrasebook.verdicts import totals

    with speaking(catalogue_for(language)):
        assert decimal(2.5) == written and decimal(0.04, 2) == "0" + written[1] + "04"
        said = totals("Anna", rated=10, forced=1, lost_points=25, rate=2.5, inaccurate=1, mistakes=0, blunders=0,
                      luck="+3", refreshes="+1", deals="+1", reshuffles="+1", others="-2")
        assert written in said
