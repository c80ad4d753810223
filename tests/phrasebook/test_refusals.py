"""The rules' refusals in the player's language (`phrasebook.refusals`): every reason the engine gives is read
by one template, which in English says it word for word and in Italian and German keeps its cards, numbers
and rule id; over seeded games with random actions, every kind of refusal included.
"""

from __future__ import annotations

import random
import re

import pytest

from famiglia.engine import CARDS, Game, PlayAccountant, PlayBrute, Refresh, Swap, Take
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
