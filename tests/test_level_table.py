"""One level, one record: each of the computer's levels is one `Level` in `famiglia.ai.levels.LEVELS`, each
reference level one `Reference` in a table of its own (`famiglia.ai.references.REFERENCES`), and every place
that needs more of a level than its name reads it there.

A level's player, the search that tells its chances and hints, its calibration, its rating and its time
allowance are its record's: change the record and each of them follows. The settings, `simulate`, the
statistics, the analysis and the phrasebook's words offer exactly the table's levels; and a game against
the computer is analysed at its level by default, a game of two players at `DEFAULT_LEVEL`.
"""

from __future__ import annotations

import itertools
import json
import math
from dataclasses import replace

import pytest

from famiglia import levels as names
from famiglia.ai import levels as table
from famiglia.ai import player, references
from famiglia.ai.estimate import estimator
from famiglia.ai.evaluation import calibration
from famiglia.ai.ismcts import ISMCTSPlayer, SearchSettings
from famiglia.ai.turnsearch import TurnSearch, TurnSettings
from famiglia.engine import Game
from famiglia.persistence import Move, Record, Store

SMALL = TurnSettings(screen=2, worlds=4, draws=0)  # a search no level has: where it turns up, it came from the record


def test_the_tables_hold_the_names_in_their_order_and_apart() -> None:
    assert tuple(table.LEVELS) == names.LEVELS and tuple(references.REFERENCES) == names.REFERENCE_LEVELS
    assert all(name == record.name for name, record in table.LEVELS.items())
    assert all(name == record.name for name, record in references.REFERENCES.items())
    assert not set(table.LEVELS) & set(references.REFERENCES)  # the product's levels are easy, normal, hard only
    assert names.DEFAULT_LEVEL in table.LEVELS


@pytest.mark.parametrize("name", names.LEVELS)
def test_a_levels_player_estimator_and_calibration_come_from_its_record(name: str,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    record = table.LEVELS[name]
    built, expected = player(name, seed=4), record.player(4)
    assert type(built) is type(expected) and built.level == expected.level == name
    assert getattr(built, "settings", None) == getattr(expected, "settings", None)
    assert getattr(built, "calibration", None) == getattr(expected, "calibration", None)
    told = estimator(name)
    assert isinstance(told, TurnSearch) and told.settings == record.tells and told.calibration == record.calibration
    assert len(calibration(record.calibration)) == 3  # fitted, in famiglia/data/calibration.json

    monkeypatch.setitem(table.LEVELS, name, replace(record, plays=SMALL, tells=SMALL, calibration="easy",
                                                    time_limit=None))
    built, told = player(name), estimator(name)
    assert isinstance(built, TurnSearch) and built.settings == SMALL and built.calibration == "easy"
    assert isinstance(told, TurnSearch) and told.settings == SMALL and told.calibration == "easy"


def test_the_analysis_files_its_chances_under_the_records_calibration(monkeypatch: pytest.MonkeyPatch) -> None:
    from famiglia.tui.model import kept_analysis

    asked: list[str] = []
    monkeypatch.setattr(kept_analysis, "calibration_numbers", lambda key: asked.append(key) or (1.0, 1.0, 0.0))
    record = Record.new(Game.new(seed=1))
    monkeypatch.setitem(table.LEVELS, "hard", replace(table.LEVELS["hard"], calibration="normal"))
    kept_analysis.saved_key(record, "easy")
    kept_analysis.saved_key(record, "hard")
    assert asked == ["easy", "normal"]


def test_an_analysis_told_before_the_late_positions_had_their_map_is_made_anew() -> None:
    """The key of a saved analysis holds every number its chances were told by: the late positions' map too."""
    from famiglia.ai.analysis import VERSION
    from famiglia.ai.evaluation import calibration
    from famiglia.persistence.analyses import analysis_key
    from famiglia.tui.model import kept_analysis

    record = Record.new(Game.new(seed=1))
    assert kept_analysis.saved_key(record, "normal") != analysis_key(record, "normal", VERSION, calibration("normal"))
    assert kept_analysis.saved_key(record, "easy") == analysis_key(record, "easy", VERSION, calibration("easy"))


def test_the_hard_computer_plays_the_tree_search_with_its_allowance_and_tells_the_turn_searchs_chances() -> None:
    hard = table.LEVELS["hard"]
    p = player("hard")
    assert isinstance(hard.plays, SearchSettings) and isinstance(p, ISMCTSPlayer)
    assert p.settings == replace(hard.plays, time_limit=hard.time_limit) and p.settings.time_limit == 15.0
    assert isinstance(estimator("hard"), TurnSearch)  # no clock: the turn search counts its work
    assert [level.time_limit for level in table.LEVELS.values()] == [None, None, 15.0]
    with pytest.raises(ValueError, match="only the tree search has a time allowance"):
        replace(table.LEVELS["normal"], time_limit=1.0)


@pytest.mark.parametrize("name", names.REFERENCE_LEVELS)
def test_a_reference_levels_player_and_estimator_come_from_its_record(name: str) -> None:
    reference = references.REFERENCES[name]
    built, told = player(name, seed=2), estimator(name, seed=2)
    assert type(built) is type(told) and built.level == told.level == name
    assert isinstance(built, TurnSearch | ISMCTSPlayer) and built.settings == reference.plays
    if isinstance(built, TurnSearch) and isinstance(told, TurnSearch):
        assert told.settings == reference.plays
        assert built.calibration == told.calibration == reference.calibration == "normal"
    else:
        assert isinstance(told, ISMCTSPlayer) and reference.calibration is None
        assert reference.time_limit is not None and reference.time_limit == built.settings.time_limit
        assert told.settings == replace(reference.plays, time_limit=None)  # a chance told has no clock


def test_the_records_name_the_searches_budgets() -> None:
    """A search's budgets stay with the search, fixed for the reference levels; each record names its own."""
    from famiglia.ai.ismcts import REFERENCE_LEVELS as tree_references
    from famiglia.ai.turnsearch import LEVELS as search_settings
    from famiglia.ai.turnsearch import REFERENCE_LEVELS as turn_references

    assert search_settings == {name: level.tells for name, level in table.LEVELS.items()}
    assert {**tree_references, **turn_references} == {name: r.plays for name, r in references.REFERENCES.items()}


def test_every_place_offers_the_tables_levels() -> None:
    from famiglia.ai.analysis import analyse
    from famiglia.commands.arguments import simulate_players
    from famiglia.phrasebook.chances import against, as_if
    from famiglia.phrasebook.table import level_name
    from famiglia.profile.seats import LEVELS as SEAT_LEVELS
    from famiglia.profile.settings import KEYS, Settings
    from famiglia.profile.statistics import LEVEL_RATINGS

    levels = tuple(table.LEVELS)
    assert levels == SEAT_LEVELS and "|".join(levels) == KEYS["level"].form and Settings().level in levels
    assert {name: level.rating for name, level in table.LEVELS.items()} == LEVEL_RATINGS
    for name in ("random", "greedy", *levels, *references.REFERENCES):
        assert simulate_players(f"{name},greedy") == (name, "greedy")
    game = Game.new(seed=1)
    for name in references.REFERENCES:  # a reference level is measured against, never analysed at
        with pytest.raises(ValueError, match="unknown level"):
            analyse(game.to_dict(), 1, [], game.names, level=name)
    for name in levels:  # each level has its own words, not the search's
        assert level_name(name) and against(name) != against("custom") and as_if(name, "Ben") != as_if("custom", "Ben")


# -- a game against a level is analysed at that level by default ----------------------------------------------------


def _saved(seats: tuple[str, str], limit: int = 6) -> Record:
    """A short game of the greedy player (seat 0) against the easy computer, saved with `seats`."""
    game = Game.new(seed=3, names=("Anna", "Ben"), first=0)
    record = Record.new(game, seats=seats)
    chooser = (player("greedy", seed=1), player("easy", seed=2))
    moves: list[Move] = []
    while not game.is_over and len(moves) < limit:
        action = chooser[game.to_move].choose(game.view(game.to_move, memory=True))
        moves.append(Move(game.to_move, action))
        game.apply(action)
    return Store().create(record.with_moves(moves), game)[1]


def test_the_games_level_is_its_computers() -> None:
    from famiglia.profile.seats import game_level

    assert game_level(("human", "cpu:easy")) == "easy" and game_level(("cpu:hard", "human")) == "hard"
    assert game_level(("human", "human")) == names.DEFAULT_LEVEL == "normal"  # a hot-seat game
    assert game_level(("human", "network")) == names.DEFAULT_LEVEL  # a game across the network


@pytest.mark.parametrize(("seats", "level"), [(("human", "cpu:easy"), "easy"), (("cpu:hard", "human"), "hard"),
                                              (("human", "human"), "normal")])
def test_an_analysis_asked_for_no_level_is_at_the_games(seats: tuple[str, str], level: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from famiglia.tui.model import kept_analysis

    asked: list[str] = []
    monkeypatch.setattr(kept_analysis, "analyse", lambda *args, level, **kwargs: asked.append(level))
    kept_analysis.analyse_record(_saved(seats))
    assert asked == [level]


@pytest.mark.slow
def test_analyse_and_the_home_screens_a_rate_a_game_against_easy_at_easy(capsys: pytest.CaptureFixture[str]) -> None:
    """The guided game is against the easy computer: it was analysed at normal, and said that its hints told
    the chances against the easy computer. Now `famiglia analyse`, the home screen's and the end screen's a all
    analyse it at easy, as its hints told them; `--level normal` still rates it at normal."""
    from famiglia import cli
    from famiglia.commands.analysis import analysis

    record = _saved(("human", "cpu:easy"))
    assert cli.main(["analyse", record.id, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["level"] == "easy"
    assert analysis(record.id) == 0
    shown = capsys.readouterr().out
    assert "level easy" in shown.splitlines()[0] and "--level" not in shown
    assert cli.main(["analyse", record.id, "--level", "normal", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["level"] == "normal"


def test_a_game_against_the_easy_computer_tells_the_persons_chance_on_both_players_turns() -> None:
    """A person who follows the hints beats the easy computer about nine games in ten. Each seat's chance was told
    as its own against the easy computer, so the person's chance read about 90% on their turns and 10% on the
    computer's: the turn passing 'cost' them 80 points every turn. Now the computer's turns tell the person's
    chance too (`evaluation.waiting`), and the turn passing moves it little."""
    from famiglia.ai.attribution import shifts
    from famiglia.tui.model.kept_analysis import analyse_record

    analysis = analyse_record(_saved(("human", "cpu:easy"), limit=24))
    assert analysis.level == "easy"
    passing = [abs(x.change(0)) for x in shifts(analysis) if x.cause == "turn"]
    assert len(passing) >= 8
    assert max(passing) < 0.25 and sum(passing) / len(passing) < 0.08
    person = analysis.chances  # the first seat's chance: the person's
    assert min(person[:12]) > 0.6  # early on, at a fair table, the follower is well ahead of the easy computer
    for d in analysis.decisions:  # the computer's decisions are told in one less the person's chance
        assert math.isclose(d.before, person[d.move] if d.player == 0 else 1.0 - person[d.move], abs_tol=1e-9)


def test_a_game_of_two_people_at_easy_tells_each_player_their_own_chance_on_both_turns() -> None:
    """Two people, rated at easy: each one's chance is their own against the easy computer, the hint's on their turns
    (`TurnSearch.both`). Told as one curve, the first player's chance was their hint's on their turns and one less
    the other's hint on the other's: both were far ahead of the easy computer, and the curve jumped some 80 points
    each time the turn passed. Now each player has a curve of their own (`Analysis.second`), and the graph shows
    both."""
    from famiglia.ai.analysis import Analysis
    from famiglia.ai.attribution import shifts
    from famiglia.tui.model.kept_analysis import analyse_record
    from famiglia.tui.view.analysis import graph_lines

    analysis = analyse_record(_saved(("human", "human"), limit=24), level="easy")
    assert analysis.level == "easy" and len(analysis.second) == len(analysis.chances)
    for d in analysis.decisions:  # on a player's turn, their chance is the one their hint told
        assert math.isclose(analysis.chance(d.player, d.move), d.before, abs_tol=1e-9)
    for p in (0, 1):
        assert min(analysis.chance(p, k) for k in range(12)) > 0.6  # both followers ahead of the easy computer
        passing = [abs(x.change(p)) for x in shifts(analysis) if x.cause == "turn"]
        assert len(passing) >= 8 and sum(passing) / len(passing) < 0.08
    assert Analysis.from_dict(json.loads(json.dumps(analysis.to_dict()))) == analysis
    graph = "\n".join(graph_lines(analysis, 80))
    assert "◦" in graph and "•" in graph and "the rest is" not in graph


def test_a_game_of_two_people_at_normal_keeps_one_curve() -> None:
    """At normal the computer plays the hints' own search: the two players' chances add up to one, in one curve."""
    from famiglia.tui.model.kept_analysis import analyse_record

    analysis = analyse_record(_saved(("human", "human"), limit=4), level="normal")
    assert analysis.second == () and analysis.chance(1, 2) == 1.0 - analysis.chances[2]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_waiting_chance_rises_with_the_search_and_normals_adds_up_with_the_computers(level: str) -> None:
    from famiglia.ai.evaluation import calibrated, waiting

    told = [waiting(k / 20, level) for k in range(21)]
    assert all(a <= b for a, b in itertools.pairwise(told)) and 0.0 < told[0] < told[-1] < 1.0
    if level == "normal":  # the normal computer plays the hints' own search: the two seats' chances add up to one
        assert all(math.isclose(waiting(k / 20, level), 1.0 - calibrated(1.0 - k / 20, level)) for k in range(21))
