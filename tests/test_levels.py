"""Every place that offers the computer's players and levels offers exactly those of `famiglia.levels`.

The names are kept in one light module so that the command line's `--help` shows them without
importing a search; these tests hold the commands, the settings and the players
themselves to that one list, so a level added or renamed there is offered everywhere or fails here.
What each level is, its record, is held to its one table in tests/test_level_table.py.
"""

from __future__ import annotations

import argparse

import pytest

from famiglia import cli
from famiglia.commands.arguments import simulate_players
from famiglia.levels import DEFAULT_LEVEL, LEVELS, PLAYERS, REFERENCE_LEVELS


def _command(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    """The parser of the subcommand `name` of `parser`."""
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    found: argparse.ArgumentParser = commands.choices[name]
    return found


def _options(command: str) -> dict[str, argparse.Action]:
    """The options of `famiglia COMMAND`, by their long names."""
    parser = _command(cli.build_parser(), command)
    return {name: action for action in parser._actions for name in action.option_strings}


@pytest.mark.parametrize("command", ["analyse", "replay"])
def test_the_level_options_offer_the_levels(command: str) -> None:
    """By default a game is analysed at its computer's level, and at `DEFAULT_LEVEL` in a game of two players
    (`profile.seats.game_level`; tests/test_level_table.py analyses such games): the help says which."""
    level = _options(command)["--level"]
    assert tuple(level.choices or ()) == LEVELS and level.default is None
    assert f"the level of the game's computer, or {DEFAULT_LEVEL} in a game of two players" in (level.help or "")


def test_play_vs_takes_each_level_and_says_them_in_its_help() -> None:
    from famiglia.profile.seats import SeatRefused, computer_seat, parse_opponent

    vs = _options("play")["--vs"]
    assert ", ".join(f"cpu:{level}" for level in LEVELS) in (vs.help or "")
    assert [parse_opponent(f"cpu:{level}") for level in LEVELS] == [computer_seat(level) for level in LEVELS]
    assert parse_opponent("cpu") == computer_seat(DEFAULT_LEVEL)
    with pytest.raises(SeatRefused):
        parse_opponent("cpu:greedy")  # a player to simulate, not a level to play against


def test_simulate_takes_the_players_and_the_reference_levels() -> None:
    players = _options("simulate")["--players"]
    assert players.type is simulate_players
    for name in (*PLAYERS, *REFERENCE_LEVELS):
        assert simulate_players(f"{name},{name}") == (name, name)
    with pytest.raises(argparse.ArgumentTypeError, match="choose from " + ", ".join(PLAYERS)):
        simulate_players("normal,nobody")
    assert f"two of {', '.join(PLAYERS)}," in (players.help or "")


def test_the_players_are_built_for_exactly_the_registry_names() -> None:
    from famiglia.ai import REFERENCE_SPECS, SPECS, player
    from famiglia.ai.ismcts import REFERENCE_LEVELS as REFERENCE_SETTINGS
    from famiglia.ai.levels import LEVELS as RECORDS
    from famiglia.ai.references import REFERENCES
    from famiglia.ai.turnsearch import LEVELS as SEARCH_SETTINGS
    from famiglia.ai.turnsearch import REFERENCE_LEVELS as TURN_REFERENCE_SETTINGS

    assert SPECS == PLAYERS and REFERENCE_SPECS == REFERENCE_LEVELS
    assert tuple(RECORDS) == LEVELS and tuple(REFERENCES) == REFERENCE_LEVELS
    assert tuple(SEARCH_SETTINGS) == LEVELS and (*REFERENCE_SETTINGS, *TURN_REFERENCE_SETTINGS) == REFERENCE_LEVELS
    assert [player(name, seed=1).level for name in PLAYERS] == list(PLAYERS)


def test_the_settings_offer_the_levels() -> None:
    from famiglia.profile.seats import LEVELS as SEAT_LEVELS
    from famiglia.profile.settings import KEYS, SettingRefused, Settings
    from famiglia.profile.statistics import LEVEL_RATINGS

    level = KEYS["level"]
    assert SEAT_LEVELS == LEVELS and level.form == "|".join(LEVELS)
    assert [level.words([name]) for name in LEVELS] == list(LEVELS)
    with pytest.raises(SettingRefused):
        level.words(["greedy"])
    assert Settings().level == DEFAULT_LEVEL
    assert tuple(LEVEL_RATINGS) == LEVELS  # each level the computer plays at has its rating
    value = next(a for a in _command(_command(cli.build_parser(), "settings"), "set")._actions if a.dest == "value")
    assert "level: easy, normal or hard;" in (value.help or "") and LEVELS == ("easy", "normal", "hard")


@pytest.mark.parametrize("level", LEVELS)
def test_the_computer_is_named_by_its_level_in_each_language(level: str) -> None:
    """In English the table names the computer as the player names itself; in Italian and German by the level's
    word there ("Computer (facile)", "Computer (leicht)"), while `cpu:easy` stays the notation's."""
    from famiglia.ai import player
    from famiglia.phrasebook.catalogue import catalogue_for, speaking
    from famiglia.profile.seats import seat_name

    assert seat_name(f"cpu:{level}") == player(level).name
    words = {"it": {"easy": "facile", "normal": "normale", "hard": "difficile"},
             "de": {"easy": "leicht", "normal": "normal", "hard": "schwer"}}
    for language, word in words.items():
        with speaking(catalogue_for(language)):
            assert seat_name(f"cpu:{level}") == f"Computer ({word[level]})"
