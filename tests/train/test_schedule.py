"""The training schedule on a clock the test moves: a miss comes back in the same session and the next day, right
answers later and later, three right in a row rest; the file written atomically, a damaged one reported in one
line and never written over, the cards of a deleted game gone with it; the progress on `famiglia stats`."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from famiglia import cli
from famiglia.commands.train import gather, train
from famiglia.persistence import Store
from famiglia.persistence.schedule import Card, ScheduleError, load_schedule, save_schedule, schedule_path
from famiglia.tui.model.exercises import Exercise
from famiglia.tui.model.training import Stage, Training
from tests.drivers.training import Clock, answer, press, saved_game


def _session(exercises: list[Exercise], clock: Clock) -> Training:
    store = Store()
    cards = load_schedule(store.root).cards

    def keep(changed: object, whose: object) -> None:
        save_schedule(store.root, changed, whose=whose)  # type: ignore[arg-type]

    return Training(exercises, cards, clock=clock, save=keep)


def _wrong(exercise: Exercise) -> str:
    d = exercise.decision
    assert d.mark is not None
    return d.action  # the game's own move, marked by the analysis


def test_a_miss_comes_back_in_the_session_and_the_next_day_and_three_right_answers_rest() -> None:
    saved_game()
    clock = Clock()
    exercise = next(e for e in gather(Store()).exercises if e.decision.mark is not None)
    training = _session([exercise], clock)
    answer(training, _wrong(exercise))
    assert not training.solved and len(training.queue) == 2  # back at the end of this session
    press(training, "h", "enter")  # shown, then on: the same position again
    assert training.exercise is exercise
    answer(training, exercise.decision.best)
    assert training.solved
    card = load_schedule(Store().root).cards[exercise.key]
    assert (card.answers, card.misses, card.streak, card.last) == (1, 1, 0, "miss")  # the first answer counts
    assert card.due == (clock.now + timedelta(days=1)).isoformat()
    assert not card.is_due(clock.now) and card.is_due(clock.now + timedelta(days=1))
    for days, streak in ((1, 1), (1, 2), (3, 3)):  # right: the next day, then 1, then 3 days later
        clock.days(days)
        assert load_schedule(Store().root).cards[exercise.key].is_due(clock.now)
        training = _session([exercise], clock)
        answer(training, exercise.decision.best)
        card = load_schedule(Store().root).cards[exercise.key]
        assert card.streak == streak
    assert card.learned and card.due is None and not card.is_due(clock.now + timedelta(days=400))


def test_the_intervals_of_right_answers_grow() -> None:
    clock = Clock()
    card = Card("1:3", "1", "take")
    assert card.is_due(clock.now) and card.new
    once = card.answered(True, clock.now)
    twice = once.answered(True, clock.now)
    assert once.due == (clock.now + timedelta(days=1)).isoformat()
    assert twice.due == (clock.now + timedelta(days=3)).isoformat()
    missed = twice.answered(False, clock.now)
    assert missed.streak == 0 and missed.missed_again and missed.due == once.due


def test_train_starts_with_what_is_due_and_the_options_choose_otherwise(monkeypatch: pytest.MonkeyPatch,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    saved_game()
    clock = Clock()
    sessions: list[Training] = []
    monkeypatch.setattr("famiglia.tui.shell.training.run_training", lambda t, colour: sessions.append(t) or 0)
    assert train(clock=clock) == 0
    first = sessions[-1]
    assert first.queue and all(load_schedule(Store().root).cards[e.key].new for e in first.queue)
    answer(first_training := _session(first.queue[:1], clock), first.queue[0].decision.best)
    assert first_training.solved
    assert train(clock=clock) == 0 and len(sessions[-1].queue) == len(first.queue) - 1  # due: the others
    assert train(clock=clock, new=True) == 0 and len(sessions[-1].queue) == len(first.queue) - 1
    assert train(clock=clock, every=True) == 0 and len(sessions[-1].queue) == len(first.queue)
    assert train(clock=clock, game="1") == 0 and len(sessions[-1].queue) == len(first.queue)
    for exercise in first.queue[1:]:
        answer(_session([exercise], clock), exercise.decision.best)
    capsys.readouterr()
    assert train(clock=clock) == 0 and len(sessions) == 5  # nothing due: said in lines, no screen
    out = capsys.readouterr().out
    assert "Nothing to train now" in out and "0 due" in out


def test_a_damaged_schedule_is_reported_in_one_line_and_never_written_over(capsys: pytest.CaptureFixture[str]
                                                                            ) -> None:
    saved_game()
    path = schedule_path(Store().root)
    path.write_text('{"format": "famiglia-training", "version": 1, "cards": [{"key": 3}]}', encoding="utf-8")
    before = path.read_bytes()
    assert cli.main(["train"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "training.json" in err and "left as it is" in err
    with pytest.raises(ScheduleError):
        save_schedule(Store().root, {"1:1": Card("1:1", "1", "take")})
    assert cli.main(["stats"]) == 0
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "Rating" in captured.out
    assert path.read_bytes() == before


def test_the_cards_of_a_deleted_game_go_with_it(capsys: pytest.CaptureFixture[str]) -> None:
    saved_game()
    saved_game()
    store = Store()
    found = gather(store)
    save_schedule(store.root, {e.key: Card(e.key, e.game, e.kind) for e in found.exercises})
    assert {c.game for c in load_schedule(store.root).cards.values()} == {"1", "2"}
    assert cli.main(["stats", "--json"]) == 0
    training = json.loads(capsys.readouterr().out)["training"]
    assert training["positions"] == len(found.exercises) and training["due"] == len(found.exercises)
    assert sum(k["positions"] for k in training["kinds"].values()) == training["positions"]
    store.delete("2")
    assert cli.main(["stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["training"]["positions"] == len(found.exercises) // 2
    save_schedule(store.root, {}, games=gather(store).games)  # the next write drops them from the file
    assert {c.game for c in load_schedule(store.root).cards.values()} == {"1"}


def test_stats_shows_the_progress_by_kind_of_decision(capsys: pytest.CaptureFixture[str]) -> None:
    saved_game()
    clock = Clock()
    exercise = next(e for e in gather(Store()).exercises if e.kind == "take")
    save_schedule(Store().root, {exercise.key: Card(exercise.key, exercise.game, exercise.kind)})
    answer(_session([exercise], clock), _wrong(exercise))
    clock.days(1)
    answer(_session([exercise], clock), _wrong(exercise))  # missed again
    assert cli.main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "Training: 1 position, " in out and "1 missed again" in out
    assert any(line.strip().startswith("take") and "1 missed again" in line for line in out.splitlines())


def test_the_session_ends_with_the_progress() -> None:
    saved_game()
    exercises = gather(Store()).exercises
    training = _session(exercises, Clock())
    for exercise in exercises:
        answer(training, exercise.decision.best)
        press(training, "enter")
    assert training.stage is Stage.DONE and training.right_first == len(exercises)
    assert training.progress().total.due == 0


def test_a_position_its_analysis_no_longer_marks_is_trained_no_more(monkeypatch: pytest.MonkeyPatch) -> None:
    saved_game()
    store = Store()
    save_schedule(store.root, {"1:999": Card("1:999", "1", "brute", streak=1, answers=1, last="right")})
    monkeypatch.setattr("famiglia.tui.shell.training.run_training", lambda t, colour: 0)
    assert train(clock=Clock()) == 0
    cards = load_schedule(store.root).cards
    assert "1:999" not in cards and cards and all(c.game == "1" for c in cards.values())
