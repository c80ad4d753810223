"""The train screen's application at 80×24, keys typed through a pipe as a player types them, in English,
Italian and German; and a seeded fuzzer over the answer keys (odd Unicode, pastes, huge numbers, control keys):
never a traceback, the line bounded, the screen drawn whole at every step."""

from __future__ import annotations

import random

import pytest

from famiglia.commands.train import gather
from famiglia.persistence import Store
from famiglia.phrasebook.catalogue import catalogue_for, speaking
from famiglia.phrasebook.notation import in_words
from famiglia.tui.model.exercises import judge
from famiglia.tui.model.training import LINE_LIMIT, TRAIN_COMMANDS, Stage, Training
from famiglia.tui.shell.training import build_training_app
from famiglia.tui.view.bridge import Ink, Painter
from famiglia.tui.view.training import render_training
from tests.drivers.app import Keys, drive
from tests.drivers.training import Clock, saved_game

pytestmark = pytest.mark.slow


def _screen(training: Training, width: int = 80, height: int = 24) -> list[str]:
    return list(Painter(Ink.PLAIN).rows(render_training(training, width, height), width).text)


def test_a_position_answered_through_the_application_at_80_by_24() -> None:
    saved_game()
    exercise = next(e for e in gather(Store()).exercises if e.kind == "accountant")
    training = Training([exercise], {}, clock=Clock())
    seen: list[str] = []

    async def script(k: Keys[int]) -> None:
        seen.append(k.screen())
        await k.keys("zz")  # no action starts so: said when Enter plays it
        await k.keys("\r")
        seen.append(k.screen())
        await k.keys("\x7f\x7f")
        await k.keys("h")
        seen.append(k.screen())
        await k.keys("\r")
        seen.append(k.screen())
        await k.keys("q")

    code = drive(lambda pipe, terminal: build_training_app(training, input=pipe, output=terminal, colour=False),
                 script, columns=80, rows=24)
    assert code == 0 and training.done
    assert "What would you play?" in seen[0] and "Train on your mistakes" in seen[0]
    assert "zz" in seen[1] and "What would you play?" in seen[1]
    assert "The best:" in seen[2] and "In the game:" in seen[2]
    assert "position 2 of 2" in seen[3] and "What would you play?" in seen[3]  # shown is missed: it comes back
    assert all(len(screen.splitlines()) <= 24 for screen in seen)


@pytest.mark.parametrize("language", ["it", "de"])
def test_the_train_screen_speaks_the_players_language(language: str) -> None:
    saved_game()
    exercises = gather(Store()).exercises
    with speaking(catalogue_for(language)):
        training = Training(exercises, {}, clock=Clock())
        asking = "\n".join(_screen(training))
        TRAIN_COMMANDS.press(training, "h")
        shown = "\n".join(_screen(training))
        while training.stage is not Stage.DONE:  # each shown, so each comes back once
            TRAIN_COMMANDS.press(training, "enter")
            TRAIN_COMMANDS.press(training, "h")
        done = "\n".join(_screen(training))
    for english in ("What would you play?", "Train on your mistakes", "The best:", "In the game:"):
        assert english not in asking + shown
    assert "Session over" not in done and training.stage is Stage.DONE


KEYS = ("enter", "escape", "backspace", "c-i", "h", "p", "q", "left", "f5", "<bracketed-paste>", "c-z", "up")
ODD = ("é", "ß", "ー", "\u202e", "\u200b", "\x00", "🂡", "٣", "²", "①", "\ud800", " ", "\t", "\n")


def _chunk(rng: random.Random) -> tuple[str, str | None]:
    """One key and the text that comes with it (a paste)."""
    kind = rng.random()
    if kind < 0.3:
        return rng.choice("0123456789"), None
    if kind < 0.5:
        return rng.choice("takepaysrefshbrutnim FABM01234"), None
    if kind < 0.65:
        return rng.choice(ODD), None
    if kind < 0.75:
        return "<bracketed-paste>", rng.choice(["9" * rng.randint(1, 5000), "take F2 " * 500, "".join(ODD) * 50,
                                                "\x1b[200~pass\x1b[201~", "prendi A1 paga A0 tieni A0"])
    return rng.choice(KEYS), None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_seeded_fuzzer_over_the_answer_keys(seed: int) -> None:
    saved_game()
    exercises = gather(Store()).exercises
    rng = random.Random(seed)
    training = Training(exercises, {}, clock=Clock())
    for step in range(400):
        key, text = _chunk(rng)
        if key == "q" and rng.random() < 0.9:
            continue  # leaving ends the fuzz too soon
        TRAIN_COMMANDS.press(training, key, text)
        assert len(training.line) <= LINE_LIMIT
        assert training.message is None or "\n" not in training.message
        if training.done:
            break
        if step % 20 == 0:
            rows = _screen(training)
            assert len(rows) <= 24 and all(len(row) <= 80 for row in rows)
    assert training.index <= len(training.queue)


def test_an_answer_the_analysis_did_not_rate_is_weighed_off_the_screens_loop() -> None:
    saved_game()
    exercise = next(e for e in gather(Store()).exercises if e.kind == "accountant")
    d = exercise.decision
    other = next(a for a in exercise.view().legal_actions if str(a) not in {d.best, d.action, d.alternative})
    training = Training([exercise], {}, clock=Clock())
    seen: list[str] = []

    async def script(k: Keys[int]) -> None:
        await k.keys(in_words(str(other)) + "\r")
        seen.append(k.screen())
        await k.until(lambda: training.judging is None, what="the answer weighed")
        await k.keys("x")  # typed onto the line once the verdict is in
        seen.append(k.screen())
        await k.keys("q")

    drive(lambda pipe, terminal: build_training_app(training, input=pipe, output=terminal, colour=False),
          script, columns=80, rows=24)
    assert training.verdict is not None and training.verdict.action == str(other)
    assert training.verdict == judge(exercise, other)
    assert "Weighing" in seen[0] or training.judging is None
    assert ("Right!" if training.verdict.right else "Try again") in seen[1]
