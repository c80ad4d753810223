"""The guided game's lessons in Italian and German: each language's file loads through the same loader as the
English one when the player is spoken to in it, keeps the English lessons' ids, order, rule ids, keys and parts of
the screen, says every lesson anew while naming the same cards and rules, fits the lesson box as the English texts
do, and translates the refusals, the step line and the summary too; the guided game's first box says it.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.console import Group

from famiglia.ai import player
from famiglia.engine import CARDS, parse_action
from famiglia.phrasebook.catalogue import ENGLISH, catalogue_for, speaking
from famiglia.phrasebook.keynames import key_label
from famiglia.phrasebook.notation import in_notation
from famiglia.tui.model.home.guided import guided_session
from famiglia.tui.model.home.lessons import LESSON_IDS, Texts, TextsError, lessons_file, load_texts, parse_texts
from famiglia.tui.model.screens import Screen
from famiglia.tui.shell.app import run_app
from famiglia.tui.shell.computer import Computer
from famiglia.tui.shell.guided import build_guided_app
from famiglia.tui.view.pieces import line_count
from famiglia.tui.view.theme import cards_in
from tests.drivers.app import Keys, drive
from tests.drivers.session import reveal

LANGUAGES = ("it", "de")
CARD = re.compile(r"\b[FABM][0-4]\b")
RULE = re.compile(r"\bR\d+(?:\.\d+)?\b")
BOX_ROWS = 4  # the lessons file's measure: four rows of an 80-column box ...
BOX_TEXT_WIDTH = 80 - 4  # ... whose borders and padding take four cells of the width
# The actions the typing lesson and the notation refusal give as examples, in the words the player types there.
EXAMPLES = {"it": ("prendi F1 paga M2 tieni F0", "prendi M0", "rinnova B3", "bruto B2 F4 -1"),
            "de": ("nimm F1 zahle M2 behalte F0", "nimm M0", "auffrischen B3", "schläger B2 F4 -1")}


def _texts(language: str) -> Texts:
    with speaking(catalogue_for(language)):
        return load_texts()


def _text(lines: tuple[str, ...]) -> str:
    return " ".join(lines)


def _rows(lines: tuple[str, ...]) -> int:
    """The rows a lesson's text takes in its box, its cards drawn as the box draws them."""
    return line_count(Group(*(cards_in(line) for line in lines)), BOX_TEXT_WIDTH)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_translated_lessons_keep_the_english_ids_order_rules_keys_and_parts(language: str) -> None:
    english, translated = load_texts(), _texts(language)
    assert translated is not english and lessons_file(language) == f"lessons.{language}.toml"
    assert tuple(translated.lessons) == tuple(english.lessons) == LESSON_IDS
    for lesson_id, lesson in translated.lessons.items():
        original = english.lessons[lesson_id]
        assert lesson.id == lesson_id
        assert (lesson.rules, lesson.keys, lesson.about) == (original.rules, original.keys, original.about), lesson_id
        assert lesson.title != original.title, lesson_id
        assert _text(lesson.lines) != _text(original.lines), lesson_id
        with speaking(catalogue_for(language)):
            keys = ", ".join(key_label(key) for key in lesson.keys)
            assert lesson.heading == f"{lesson.title} ({lesson.rules or keys})"
            assert "Enter" not in lesson.heading or language == "de"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_translated_lessons_name_the_cards_and_rules_the_english_ones_name(language: str) -> None:
    english, translated = load_texts(), _texts(language)
    for lesson_id, lesson in translated.lessons.items():
        original, text = _text(english.lessons[lesson_id].lines), _text(lesson.lines)
        for name in set(CARD.findall(original)) | set(RULE.findall(original)):
            assert re.search(rf"\b{re.escape(name)}\b", text), f"{language} {lesson_id} does not name {name}"


@pytest.mark.parametrize("language", [*LANGUAGES, "en"])
def test_each_text_fits_the_lesson_box_as_the_english_ones_are_checked(language: str) -> None:
    """The measure of tests/home/test_tutor.py (one to three lines, under 300 characters), and the four rows of the
    80-column box the lessons file promises, with the cards drawn with their symbols."""
    for lesson in _texts(language).lessons.values():
        assert 1 <= len(lesson.lines) <= 3 and sum(len(line) for line in lesson.lines) < 300, lesson.id
        assert _rows(lesson.lines) <= BOX_ROWS, f"{language} {lesson.id} takes {_rows(lesson.lines)} rows"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_refusals_the_step_line_and_the_summary_are_translated_too(language: str) -> None:
    english, translated = load_texts(), _texts(language)
    for table in ("refusal", "where", "summary"):
        theirs, ours = getattr(english, table), getattr(translated, table)
        assert set(ours) == set(theirs), table
        for key, words in ours.items():
            assert words != theirs[key], f"{table}.{key}"
            assert set(RULE.findall(theirs[key])) <= set(RULE.findall(words)), f"{table}.{key}"
            assert set(re.findall(r"\{\w+\}", words)) == set(re.findall(r"\{\w+\}", theirs[key])), f"{table}.{key}"
    assert len(translated.steps) == 4
    assert all(ours != theirs for ours, theirs in zip(translated.steps, english.steps, strict=True))
    assert translated.where["yours"].format(number=2, step=translated.steps[1]).count(translated.steps[1]) == 1
    assert "{" not in translated.summary["counted"].format(learned=3, lessons=len(LESSON_IDS))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_try_is_explained_in_the_box_in_the_language_and_the_words_it_was_typed_in(language: str) -> None:
    """The box says why a try was refused as the message line does: an action typed in the language's words is
    read as the table reads it, and named in those words; text that is no action is quoted as it was typed."""
    words = EXAMPLES[language][0].split()  # take, pay, keep in the language
    with speaking(catalogue_for(language)):
        guided = guided_session("Anna")
        session = guided.session
        if session.screen is Screen.HANDOFF:
            reveal(session)
        hand = session.game.view(0).hand if session.game is not None else ()
        absent = next(c for c in CARDS if c not in hand and c.value)
        typed = f"{words[0]} F4 {words[2]} {absent} {words[4]} {absent}"
        assert not session.play(typed)
        assert session.message is not None and guided.guide.refused is not None
        assert guided.guide.refused[0] == f"{typed}: {session.message.text}"
        assert session.message.text != f"you need two {absent} in your hand, and you have none"
        assert not session.play("xyz")
        assert guided.guide.refused[0] == session.message.text
        assert "is not an action" not in session.message.text


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_example_actions_are_typed_in_the_languages_words(language: str) -> None:
    """What the typing lesson and the notation refusal give as an example is an action a player of the language
    can type as it stands."""
    texts = _texts(language)
    said = _text(texts.lessons["typing"].lines) + " " + texts.refusal["notation"]
    with speaking(catalogue_for(language)):
        for example in EXAMPLES[language]:
            assert example in said, example
            parse_action(in_notation(example))  # raises if it is no action


def test_english_is_read_where_no_translated_language_is_spoken() -> None:
    english = load_texts()
    assert lessons_file("en") == "lessons.toml" and lessons_file("fr") == "lessons.toml"
    assert load_texts("en") is english and load_texts("fr") is english
    with speaking(ENGLISH):
        assert load_texts() is english
    assert _texts("de") is _texts("de") is load_texts("de")  # read once per language
    assert english.lessons["welcome"].title == "The table"


def test_a_lessons_file_that_is_not_right_names_itself() -> None:
    with pytest.raises(TextsError, match=r"^lessons\.de\.toml is not valid TOML"):
        parse_texts("lesson = [", "lessons.de.toml")
    with pytest.raises(TextsError, match=r"^lessons\.it\.toml: lesson must be a list"):
        parse_texts("", "lessons.it.toml")
    with pytest.raises(TextsError, match=r"^lessons\.toml: lesson must be a list"):
        parse_texts("")


def test_in_german_the_guided_games_first_box_shows_the_german_lesson() -> None:
    screens: list[str] = []
    with speaking(catalogue_for("de")):
        session, guide = guided_session("Anna")
        welcome = _texts("de").lessons["welcome"]

        async def script(k: Keys[Any]) -> None:
            await k.until(lambda: guide.lesson is not None and welcome.heading in k.screen(),
                          what="the first lesson's box")
            screens.append(k.screen())

        def app(pipe: Any, out: Any) -> Any:
            computer = Computer(session, make_player=lambda level, seed: player(level, seed=seed), pace=0)
            return build_guided_app(session, guide, input=pipe, output=out, computer=computer)

        drive(app, script, runner=lambda application: run_app(application, session), columns=80, rows=24)
    assert guide.lesson is not None and guide.lesson.id == "welcome" and guide.lesson.title == "Der Tisch"
    assert "Der Tisch (R1–R3)" in screens[0] and "The table" not in screens[0]
    assert "Auslage" in screens[0]  # its text, in German
