"""The rules' refusals in the player's language (`phrasebook.refusals`): every reason the engine gives is read
by one template, which in English says it word for word and in Italian and German keeps its cards, numbers
and rule id; over seeded games with random actions, every kind of refusal included.
"""

from __future__ import annotations

import random
import re

import pytest

from famiglia.engine import CARDS, Game, NotationError, PlayAccountant, PlayBrute, Refresh, Swap, Take, parse_action
from famiglia.phrasebook.catalogue import catalogue_for, speaking
from famiglia.phrasebook.refusals import refusal
from famiglia.tui.model.session import Screen
from tests.drivers.session import seated


def _reasons() -> set[str]:
    """The engine's reasons for random actions along seeded random games."""
    rng = random.Random(1)
    found: set[str] = set()
    for seed in range(40):
        game = Game.new(seed=seed, names=("Anna", "Ben"))
        while not game.is_over:
            for _ in range(40):
                c, d, e = rng.choice(CARDS), rng.choice(CARDS), rng.choice(CARDS)
                action = rng.choice([Refresh(c), PlayAccountant(c), Swap(c, d), PlayBrute(c, d, rng.randint(0, 5)),
                                     Take(c), Take(c, d, e)])
                why = game.why_illegal(action)
                if why:
                    found.add(why)
            game.apply(rng.choice(game.legal_actions()))
        found.add(game.why_illegal("pass") or "")
    return found - {""}


REASONS = sorted(_reasons())
KINDS = {re.sub(r"[FABM][0-4]|\d+", "#", r) for r in REASONS}


def test_the_games_meet_every_kind_of_refusal() -> None:
    assert len(KINDS) >= 30, sorted(KINDS)


def test_in_english_every_refusal_is_the_engines_word_for_word() -> None:
    assert [refusal(r) for r in REASONS] == REASONS


@pytest.mark.parametrize("language", ["it", "de"])
def test_in_each_language_every_refusal_is_translated_keeping_its_cards_numbers_and_rule(language: str) -> None:
    with speaking(catalogue_for(language)):
        for reason in REASONS:
            said = refusal(reason)
            assert said != reason, reason
            for kept in re.findall(r"[FABM][0-4]|R\d+(?:\.\d+)?|\d+", reason):
                assert kept in said, (reason, said)


def test_a_reason_no_template_reads_is_shown_as_given() -> None:
    with speaking(catalogue_for("de")):
        assert refusal("something new (R99)") == "something new (R99)"


@pytest.mark.parametrize("language", ["it", "de"])
def test_the_table_says_a_typed_refusal_in_the_language(language: str) -> None:
    with speaking(catalogue_for(language)):
        session = seated(seed=5)
        game = session.game
        assert game is not None
        street = game.view(game.to_move).street
        absent = next(c for c in CARDS if c not in street and c.value)
        assert not session.play(f"take {absent}")
        assert session.message is not None and str(absent) in session.message.text
        assert session.message.text == refusal(f"there is no {absent} on the Street")
        assert session.message.text != f"there is no {absent} on the Street"
        assert session.screen is Screen.TABLE


def _notation_reasons() -> list[str]:
    """What the notation's reader says of seeded random lines of text, odd Unicode and huge values among them."""
    rng = random.Random(5)
    pieces = ["take", "pay", "keep", "refresh", "accountant", "swap", "brute", "pass", "F2", "m3", "Q9", "-1", "-x",
              "'", '"', "\\", ":", "\u200b", "\U0001d53d2", "\u0663", "\x1b[2J", "x" * 200, str(10**40), "is not"]
    found = []
    for _ in range(1500):
        typed = " ".join(rng.choice(pieces) for _ in range(rng.randint(0, 6)))
        try:
            parse_action(typed)
        except NotationError as error:
            found.append(error.reason)
    return found


NOTATION_REASONS = _notation_reasons()


def test_the_notations_refusals_read_back_word_for_word_in_english() -> None:
    assert len({re.sub(r"^.*? is not|^.*?: ", "", r) for r in NOTATION_REASONS}) >= 8
    assert [refusal(r) for r in NOTATION_REASONS] == NOTATION_REASONS


@pytest.mark.parametrize("language", ["it", "de"])
def test_the_notations_refusals_are_translated_quoting_what_was_typed(language: str) -> None:
    with speaking(catalogue_for(language)):
        for reason in NOTATION_REASONS:
            said = refusal(reason)
            assert said != reason, reason
            quoted = re.match(r"^('.*?'…?|\".*?\"…?)(?: is not|: )", reason)
            if quoted:
                assert quoted.group(1) in said, (reason, said)


def test_a_refusal_of_a_line_typed_in_the_languages_words_quotes_those_words() -> None:
    with speaking(catalogue_for("it")):
        session = seated(seed=5)
        assert not session.play("prendi xyz")
        assert session.message is not None and "'prendi xyz'" in session.message.text
        assert "'take xyz'" not in session.message.text
