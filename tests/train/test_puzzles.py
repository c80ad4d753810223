"""The puzzles shipped for a new player: each has one move better than every other by a mistake's margin, the
numbers the file holds are those of its position (the exact ones solved again), and `famiglia train` with no
games of one's own offers them, judged from the file without a search."""

from __future__ import annotations

import pytest

from famiglia import cli
from famiglia.ai.analysis import mark, shown_change
from famiglia.ai.endgame import value_of
from famiglia.persistence import Store
from famiglia.persistence.schedule import load_schedule, save_schedule
from famiglia.phrasebook.catalogue import catalogue_for, speaking
from famiglia.tui.model.exercises import judge
from famiglia.tui.model.puzzles import load_puzzles
from famiglia.tui.model.training import TRAIN_COMMANDS, Stage, Training
from famiglia.tui.view.bridge import Ink, Painter
from famiglia.tui.view.training import render_training
from tests.drivers.training import Clock, answer, saved_game

PUZZLES = load_puzzles()


def test_there_are_a_dozen_to_twenty_puzzles_each_named_in_three_languages() -> None:
    assert 12 <= len(PUZZLES) <= 20
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    for puzzle in PUZZLES:
        names = [puzzle.names[language] for language in ("en", "it", "de")]
        assert all(names) and len(set(names)) == 3, puzzle.id


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.id for p in PUZZLES])
def test_each_puzzle_has_one_best_move_by_a_mistakes_margin(puzzle) -> None:  # type: ignore[no-untyped-def]
    view = puzzle.exercise().view()
    assert view.my_turn and view.seat == puzzle.seat and view.opponent_hand is not None  # seen as it was solved
    assert set(puzzle.values) == {str(a) for a in view.legal_actions}  # a value for every legal action
    assert puzzle.checked["how"] == "exact" and puzzle.checked["margin"] == 10
    best = puzzle.values[puzzle.best]
    for action, value in puzzle.values.items():
        if action != puzzle.best:
            assert mark(-shown_change(best, value)) in ("mistake", "blunder"), (puzzle.id, action)
    assert puzzle.line[0] == puzzle.best and puzzle.played in puzzle.values


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if p.exact], ids=[p.id for p in PUZZLES if p.exact])
def test_each_exact_puzzle_solves_again_to_its_numbers(puzzle) -> None:  # type: ignore[no-untyped-def]
    view = puzzle.exercise().view()
    for action in view.legal_actions:
        assert value_of(view, action, budget=puzzle.checked["budget"]) == pytest.approx(puzzle.values[str(action)],
                                                                                        abs=1e-9)


def test_an_answer_to_a_puzzle_is_judged_from_its_numbers_right_only_for_the_best(monkeypatch: pytest.MonkeyPatch
                                                                                   ) -> None:
    monkeypatch.setattr("famiglia.ai.levels.Level.estimator", lambda *a, **k: pytest.fail("no search at answer time"))
    for puzzle in PUZZLES:
        exercise = puzzle.exercise()
        for action in exercise.view().legal_actions:
            verdict = judge(exercise, action)
            assert verdict.right == (str(action) == puzzle.best)
            assert verdict.chance == puzzle.values[str(action)]


def test_train_with_no_games_of_ones_own_offers_the_puzzles(monkeypatch: pytest.MonkeyPatch) -> None:
    sessions: list[Training] = []
    monkeypatch.setattr("famiglia.tui.shell.training.run_training", lambda t, colour: sessions.append(t) or 0)
    assert cli.main(["train"]) == 0
    queue = sessions[-1].queue
    assert [e.puzzle.id for e in queue if e.puzzle is not None] == [p.id for p in PUZZLES]
    cards = load_schedule(Store().root).cards
    assert set(cards) == {e.key for e in queue} and all(c.game == "puzzles" for c in cards.values())
    answer(training := Training(queue[:1], cards, clock=Clock()), queue[0].decision.best)
    assert training.solved
    save_schedule(Store().root, {queue[0].key: training.cards[queue[0].key]})
    assert cli.main(["train", "--puzzles"]) == 0 and len(sessions[-1].queue) == len(PUZZLES)
    saved_game()  # a game of one's own: its positions, and the puzzle answered (due the next day), not the others
    assert cli.main(["train", "--all"]) == 0
    keys = [e.key for e in sessions[-1].queue]
    assert queue[0].key in keys and not any(e.key in keys for e in queue[1:]) and keys[0].startswith("1:")


@pytest.mark.parametrize("language", ["en", "it", "de"])
def test_every_puzzle_is_drawn_at_80_by_24_with_its_name_whole(language: str) -> None:
    for puzzle in PUZZLES:
        with speaking(catalogue_for(language)):
            training = Training([puzzle.exercise()], {}, clock=Clock())
            asking = Painter(Ink.PLAIN).rows(render_training(training, 80, 24), 80).text
            TRAIN_COMMANDS.press(training, "h")
            shown = Painter(Ink.PLAIN).rows(render_training(training, 80, 24), 80).text
        assert puzzle.names[language] in asking[0] and len(asking) <= 24 and len(shown) <= 24, puzzle.id
        assert training.stage is Stage.EXERCISE and training.revealed
        assert ("every chance here is exact" in " ".join(shown)) == (language == "en")
