"""The rules' refusals as values, and said in the player's language (`phrasebook.refusals`).

The engine gives a refusal as a `Refusal` (its kind, its rule, its fields) and its English is its `str()`;
the phrasebook says each kind in every language from the value, never by reading the English back.
refusals_said.jsonl holds what the engine and the table's message line said of refused tries before
refusals were values (tests/drivers/refusals.py makes the tries: a few of each shape of reason, every
reason the rules give among them, and lines of text that are no action): the English word for word, the
Italian and German through the catalogue's sentence it was made of, so the catalogue's wording may change.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from famiglia.engine import CARDS, Game, IllegalAction, NotationError, Step, card, parse_action, parse_card
from famiglia.engine.refusals import Kind, Refusal
from famiglia.phrasebook.catalogue import _, catalogue_for, speaking
from famiglia.phrasebook.refusals import refusal
from famiglia.phrasebook.table import step_name
from famiglia.tui.model.session import Screen
from tests.drivers.refusals import GOLDEN, cases, said, sentence
from tests.drivers.session import seated

SAID: list[dict[str, Any]] = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()]
LANGUAGES = ("it", "de")


def _every_kind() -> dict[Kind, list[Refusal]]:
    """The refusals the tries meet, and the engine's refusals of things that are no action or no card, by kind."""
    found: dict[Kind, list[Refusal]] = {}
    for game, tried in cases():
        refused = game.refusal(tried)
        assert refused is not None, tried
        found.setdefault(refused.kind, []).append(refused)
    for read, given in ((parse_action, 5), (parse_card, 7), (parse_card, "X9"), (Game.new(seed=1).apply, [1])):
        with pytest.raises(NotationError) as error:
            read(given)  # type: ignore[operator]
        assert error.value.refusal is not None
        found.setdefault(error.value.refusal.kind, []).append(error.value.refusal)
    return found


REFUSALS = _every_kind()


def test_the_tries_meet_every_kind_of_refusal_and_each_kind_keeps_its_rule() -> None:
    assert set(REFUSALS) == set(Kind)
    for kind, met in REFUSALS.items():
        assert len({r.rule for r in met}) == 1, kind
    assert {r.rule for met in REFUSALS.values() for r in met} >= {"R4.1", "R4.2", "R4.3", "R5.1", "R5.4", "R5.6",
                                                                 "R6.2", "R6.3", "R7.2", "R8.1", "R8.2", "R8.3",
                                                                 "R10.1", None}


def test_a_refused_action_carries_its_refusal_as_a_value() -> None:
    game = Game.new(seed=5, names=("Anna", "Ben"))
    absent = next(c for c in CARDS if c not in [s.card for s in game.view(None).street] and c.value)
    with pytest.raises(IllegalAction) as error:
        game.apply(f"take {absent}")
    refused = error.value.refusal
    assert refused == Refusal(Kind.NONE_ON_STREET, None, card=absent)
    assert (refused.kind, refused.rule, refused.fields["card"]) == (Kind.NONE_ON_STREET, None, absent)
    assert str(refused) == error.value.reason == game.why_illegal(f"take {absent}")
    assert str(error.value) == f"take {absent}: there is no {absent} on the Street"
    assert game.refusal(f"take {absent}") == refused and game.refusal("pass") is None
    with pytest.raises(IllegalAction) as late:
        game.apply("brute B0 F1")
    assert late.value.refusal is not None and (late.value.refusal.kind, late.value.refusal.rule) == (
        Kind.BRUTE_ZERO, "R4.2")
    with pytest.raises(NotationError) as unread:
        game.apply("take F9")
    assert unread.value.refusal == Refusal(Kind.NO_CARD, None, typed="'take F9'", word="'F9'")


def test_a_refusal_is_a_frozen_value_that_repr_rebuilds() -> None:
    refused = Refusal(Kind.PAIR, "R8.3", card=card("A3"), n=3, pair=card("A2"), below=2)
    assert str(refused) == "A3 has value 3 now: you need two A2, or an A2 and a Mercenary above 2 (R8.3)"
    assert eval(repr(refused), {"Refusal": Refusal, "Kind": Kind, "card": card}) == refused
    assert hash(refused) == hash(Refusal(Kind.PAIR, "R8.3", card=card("A3"), n=3, pair=card("A2"), below=2))
    with pytest.raises(AttributeError):
        refused.rule = "R8.2"  # type: ignore[misc]
    with pytest.raises(TypeError):
        refused.fields["n"] = 1  # type: ignore[index]
    assert str(Refusal(Kind.TOO_LATE, "R4.1", wanted=Step.REFRESH, step=Step.BRUTE)) == (
        "too late for the Refresh step: this turn is at the Brute step (R4.1)")


def test_the_engine_says_every_refused_try_word_for_word_as_before() -> None:
    now = [said(game, tried) for game, tried in cases()]
    assert [(s["tried"], s["why"], s.get("error"), s.get("reason"), s.get("en")) for s in now] == [
        (s["tried"], s["why"], s.get("error"), s.get("reason"), s.get("en")) for s in SAID]


def test_the_engine_says_what_is_no_action_or_no_card_as_before() -> None:
    game = Game.new(seed=1)
    before = [
        (game.apply, 5, "5 is not an action: give an action or its text, like take M0"),
        (game.apply, None, "None is not an action: give an action or its text, like take M0"),
        (game.apply, [1, 2], "a list is not an action: give an action or its text, like take M0"),
        (parse_action, 5, "5 is not an action: an action is a line of text, like take M0"),
        (parse_card, 7, "7 is not a card: a card is named by text, like F2"),
        (parse_card, "X9", "'X9' is not a card: write a family letter (F, A, B, M) and a value 0-4, like F2"),
        (parse_card, " q2 ", "'q2' is not a card: write a family letter (F, A, B, M) and a value 0-4, like F2"),
        (game.apply, "Take  F2  pay f1 keep F1",
         "Take F2 pay f1 keep F1: you need two F1 in your hand, and you have none"),
    ]
    for call, given, message in before:
        with pytest.raises(IllegalAction) as error:
            call(given)  # type: ignore[operator]
        assert str(error.value) == message
        assert error.value.refusal is not None and error.value.reason == str(error.value.refusal)
    assert game.why_illegal(5) == "5 is not an action: give an action or its text, like take M0"  # type: ignore[arg-type]


def test_in_english_the_phrasebook_says_every_refusal_as_the_engine_does() -> None:
    for met in REFUSALS.values():
        for refused in met:
            assert refusal(refused) == str(refused)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_kind_has_its_sentence_in_every_language(language: str) -> None:
    catalogue = catalogue_for(language)
    sentences = {sentence(r) for met in REFUSALS.values() for r in met}
    assert len(sentences) == len(Kind) + 3  # a count of none, and a pair named with "a", have a sentence of their own
    for english in sentences:
        assert catalogue.gettext(english) != english, english


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refusal_of_each_rule_said_in_italian_and_german_keeps_its_cards_numbers_and_rule_and_no_english(
        language: str) -> None:
    with speaking(catalogue_for(language)):
        for met in REFUSALS.values():
            for refused in met:
                english, words = str(refused), refusal(refused)
                for kept in re.findall(r"[FABM][0-4]|R\d+(?:\.\d+)?|\d+", english):
                    assert kept in words, (english, words)
                given = [str(refused.fields[name]) for name in ("typed", "word") if name in refused.fields]
                assert all(g in words for g in given), (english, words)  # what was given, quoted as it was
                for g in given:
                    english, words = english.replace(g, ""), words.replace(g, "")
                left = {w for w in re.findall(r"[A-Za-z]{4,}", english) if re.search(rf"\b{w}\b", words)}
                assert not left, (english, words, left)


def _in_language(entry: dict[str, Any]) -> str:
    fields = {name: step_name(Step[value.upper()]) if name in ("wanted", "step") else value
              for name, value in entry["fields"].items()}
    return _(entry["msgid"]).format(**fields)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_says_every_refused_try_as_before_in_each_language(language: str) -> None:
    """The message line (the full screen, the plain mode and the server show it) says each try in the sentence
    of its kind, with the player's own words quoted where the line was typed in them."""
    with speaking(catalogue_for(language)):
        for (game, tried), before in zip(cases(), SAID, strict=True):
            if language not in before:
                continue  # the end: nothing is typed there
            now = said(game, tried)[language]
            assert isinstance(now, dict) and now["text"] == _in_language(before[language]), (tried, now)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_says_a_typed_refusal_in_the_language(language: str) -> None:
    with speaking(catalogue_for(language)):
        session = seated(seed=5)
        game = session.game
        assert game is not None
        street = game.view(game.to_move).street
        absent = next(c for c in CARDS if c not in street and c.value)
        assert not session.play(f"take {absent}")
        assert session.message is not None
        assert session.message.text == refusal(Refusal(Kind.NONE_ON_STREET, None, card=absent))
        assert session.message.text != f"there is no {absent} on the Street" and str(absent) in session.message.text
        assert session.screen is Screen.TABLE


def test_a_refusal_of_a_line_typed_in_the_languages_words_quotes_those_words() -> None:
    with speaking(catalogue_for("it")):
        session = seated(seed=5)
        assert not session.play("prendi xyz")
        assert session.message is not None and "'prendi xyz'" in session.message.text
        assert "'take xyz'" not in session.message.text
