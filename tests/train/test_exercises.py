"""`famiglia train`'s exercises from a real saved game against the computer: only the person's marked decisions
and key moments, the best answer judged right, the game's own move judged as the analysis judged it, and a
game of two at one keyboard that asks whose mistakes and never shows the other hand (R12)."""

from __future__ import annotations

import pytest

from famiglia import cli
from famiglia.ai.analysis import Analysis
from famiglia.commands.train import gather
from famiglia.engine import SeatView, parse_action
from famiglia.persistence import Store
from famiglia.persistence.analyses import analysis_path
from famiglia.tui.model.kept_analysis import find_saved
from famiglia.tui.model.training import Stage, Training
from famiglia.tui.view.bridge import Ink, Painter
from famiglia.tui.view.table import render_table
from famiglia.tui.view.training import render_training
from tests.drivers.training import Clock, answer, press, saved_game
from tests.persistence.records import short_game


def _analysis() -> Analysis:
    path, record = Store().find("1")
    found = find_saved(path, record)
    assert found is not None
    return found


def test_the_exercises_are_the_persons_marked_decisions_and_key_moments_never_the_computers() -> None:
    saved_game()
    found = gather(Store())
    analysis = _analysis()
    assert found.exercises and not found.questions
    marked = {d.move for d in analysis.decisions if d.player == 0 and d.mark is not None and not d.forced}
    moves = {e.decision.move for e in found.exercises}
    assert marked <= moves
    for exercise in found.exercises:
        assert exercise.seat == 0 and exercise.decision.player == 0  # the computer plays seat 1
        assert exercise.decision.mark is not None or exercise.turning
        assert exercise.decision == analysis.decisions[exercise.decision.move]
    assert {"take", "accountant", "pass"} <= {e.kind for e in found.exercises}


def test_a_game_not_yet_analysed_is_analysed_first_and_its_analysis_saved() -> None:
    path, _ = saved_game(analysed=False)
    counted: list[int] = []
    found = gather(Store(), progress=lambda game: counted.append)
    assert analysis_path(path).is_file() and found.exercises
    assert sum(counted) == len(Store().find("1")[1].moves)


def test_the_best_answer_is_right_and_the_games_own_move_is_judged_as_the_analysis_judged_it() -> None:
    saved_game()
    exercises = gather(Store()).exercises
    for exercise in exercises:
        d = exercise.decision
        best = Training([exercise], {}, clock=Clock())
        answer(best, d.best)
        assert best.solved and best.verdict is not None and best.verdict.right, d
        own = Training([exercise], {}, clock=Clock())
        answer(own, d.action)
        assert own.verdict is not None and own.verdict.behind == d.points_lost
        assert own.verdict.right is (d.mark is None)
        if d.mark is not None:
            assert not own.solved and "Try again" in (own.message or "")
            press(own, "h")  # the answer on a key: the best, the hint's words, then the game's move and its loss
            screen = _screen(own)
            assert "The best:" in screen and "In the game:" in screen and f"{d.points_lost} points" in screen


def test_an_answer_the_analysis_did_not_rate_is_judged_by_its_own_estimate() -> None:
    saved_game()
    exercise = next(e for e in gather(Store()).exercises if e.kind == "accountant")
    d = exercise.decision
    known = {d.best, d.action, d.alternative}
    other = next(a for a in exercise.view().legal_actions if str(a) not in known)
    training = Training([exercise], {}, clock=Clock())
    training.answer(other)
    assert training.verdict is not None and 0.0 <= training.verdict.chance <= 1.0
    assert training.verdict.best == d.best_chance


def test_choosing_by_number_answers_as_at_the_table() -> None:
    saved_game()
    exercise = next(e for e in gather(Store()).exercises if e.kind == "take")
    training = Training([exercise], {}, clock=Clock())
    menu = training.menu()
    assert menu is not None
    wanted = parse_action(exercise.decision.best)
    if str(wanted) == "pass":
        press(training, "p")
    else:
        number = next(c.number for c in menu.choices if wanted in c.actions)
        press(training, str(number))
        while not training.finished and training.menu() is not None and training.menu() != menu:
            current = training.menu()
            assert current is not None
            press(training, str(next(c.number for c in current.choices if wanted in c.actions)))
            menu = current
    assert training.solved


def test_a_hot_seat_game_asks_whose_mistakes_and_never_shows_the_other_hand() -> None:
    saved_game(hot_seat=True)
    found = gather(Store())
    assert not found.exercises and len(found.questions) == 1
    training = Training([], {}, clock=Clock(), questions=found.questions)
    assert training.stage is Stage.WHOSE and "Anna" in _screen(training) and "Ben" in _screen(training)
    press(training, "1")  # Anna's mistakes: Ben's hand is never on her table
    assert training.stage is Stage.EXERCISE and training.queue
    game = found.questions[0][0].record
    for exercise in training.queue:
        assert exercise.seat == 0
        view = exercise.view()
        moment = game.game(exercise.decision.move)
        assert view == moment.view(0) and view.opponent_hand is None  # Anna's table, without Ben's hand
        shown = _screen(Training([exercise], {}, clock=Clock()))
        assert "(tracked)" not in shown and "Draw stack holds" not in shown  # no memory aid: it was off
    assert "(tracked)" in _table(game.game(training.queue[0].decision.move).view(0, memory=True))


def _table(view: SeatView) -> str:
    """The game's table of `view` with the memory aid, as a check that the words looked for are its own."""
    return "\n".join(Painter(Ink.PLAIN).rows(render_table(view, width=80, height=20, memory_aid=True), 80).text)


def _screen(training: Training, width: int = 80, height: int = 24) -> str:
    return "\n".join(Painter(Ink.PLAIN).rows(render_training(training, width, height), width).text)


def test_your_name_in_the_settings_says_whose_mistakes_without_asking() -> None:
    saved_game(hot_seat=True)
    found = gather(Store(), you="ANNA")  # without regard to case, as the statistics match it
    assert not found.questions and found.exercises and all(e.seat == 0 for e in found.exercises)


def test_a_game_that_cannot_be_trained_on_is_said_in_one_line(capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    short_game(limit=4)  # unfinished
    assert cli.main(["train", "--game", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not finished" in err
    sessions: list[Training] = []
    monkeypatch.setattr("famiglia.tui.shell.training.run_training", lambda t, colour: sessions.append(t) or 0)
    assert cli.main(["train"]) == 0  # no game of one's own yet: the puzzles
    assert sessions and all(e.puzzle is not None for e in sessions[0].queue)
