"""The action words of each language (`prendi A1`, `nimm A1`): typed at the table they play the very action the
notation names, and what is saved is the notation, so a game typed in Italian replays in German.

Along seeded random games every legal action is said in each language's words and read back; a player's
typing (mixed case, English words among Italian ones, odd Unicode) never plays another action than the one
its notation names.
"""

from __future__ import annotations

import random

import pytest

from famiglia.engine import Game, NotationError, parse_action
from famiglia.phrasebook.catalogue import catalogue_for, speaking
from famiglia.phrasebook.notation import ACTION_WORDS, in_notation, in_words
from famiglia.tui.model.session import Screen
from tests.drivers.session import seated

LANGUAGES = sorted(ACTION_WORDS)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_legal_action_said_in_a_language_reads_back_as_itself(language: str) -> None:
    rng = random.Random(3)
    with speaking(catalogue_for(language)):
        for seed in range(4):
            game = Game.new(seed=seed, names=("Anna", "Ben"))
            while not game.is_over:
                legal = game.legal_actions()
                for action in legal:
                    said = in_words(str(action))
                    assert said.split()[0] == ACTION_WORDS[language][str(action).split()[0]]
                    assert parse_action(in_notation(said)) == action
                    assert parse_action(in_notation(said.upper())) == action  # case does not matter
                game.apply(rng.choice(legal))


@pytest.mark.parametrize("language", LANGUAGES)
def test_typed_noise_is_read_as_notation_or_refused_never_as_another_action(language: str) -> None:
    rng = random.Random(11)
    pieces = [*ACTION_WORDS[language].values(), *ACTION_WORDS[language], "F2", "m3", "a1", "-1", "ß", "İ", "ﬁ",
              "\u200b", "\U0001d53d2", "\u0663", "x" * 300, str(10**30)]
    with speaking(catalogue_for(language)):
        for _ in range(2000):
            typed = " ".join(rng.choice(pieces) for _ in range(rng.randint(0, 6)))
            read = in_notation(typed)
            try:
                action = parse_action(read)
            except NotationError:
                continue
            assert parse_action(str(action)) == action
            assert str(action).split()[0] in ACTION_WORDS[language]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_plays_a_take_typed_in_the_language_and_saves_the_notation(language: str) -> None:
    with speaking(catalogue_for(language)):
        session = seated(seed=5)
        game = session.game
        assert game is not None
        take = next(a for a in game.legal_actions() if str(a).startswith("take"))
        typed = in_words(str(take)).upper()
        assert session.play(typed), session.message
        assert session.table.history[-1] == take and str(session.table.history[-1]).startswith("take ")
        assert session.screen is Screen.TABLE
