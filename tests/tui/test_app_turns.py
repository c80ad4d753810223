"""What first games and a key fuzzer showed, pressed as a player would: pipe input, a dummy 80x24 output.

Each crash found (a completion applied under an overlay, Unicode digits, a pasted huge number, a
signal that left the hand on the screen) and each surprise (a turn ended on one key, a moving pass,
a digit that did nothing visible, a handoff that dropped Enter silently) has its test here, with
the confirmed end of a turn, the pass key, the pending digit, the game log and the help's additions.
"""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Callable

import pytest

from famiglia.engine import Game, Pass, Step
from famiglia.tui.model import playing
from famiglia.tui.model.session import Overlay, Screen, Session
from famiglia.tui.shell.app import farewell
from tests.drivers.app import Player, at_the_table, new_session, play, sit_down, sitting, still_playing
from tests.drivers.fake_run import fake_run_play
from tests.drivers.terminal import CTRL_C, ESC, UP

TAB = "\t"
PAGE_UP = "\x1b[5~"
HOME = "\x1b[H"
END = "\x1b[F"


# -- crashes ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("overlay", ["?", CTRL_C, "l"])
@pytest.mark.parametrize("then", ["\r", ESC])
def test_a_completion_selected_under_an_overlay_is_dropped_not_applied(overlay: str, then: str) -> None:
    async def script(p: Player) -> None:
        await p.keys("ref" + TAB)
        await p.until(lambda: p.app.current_buffer.complete_state is not None)
        await p.keys(TAB)  # the next completion selected
        await p.keys(overlay)
        await p.keys(then)
        if p.session.overlay is Overlay.CONFIRM_QUIT:
            await p.keys("n")
        await p.until(lambda: p.session.overlay is None)
        assert p.session.history == [] and p.session.screen is Screen.TABLE
        await still_playing(p)

    at_the_table(new_session(seed=3), script)


PASTE = "\x1b[200~{}\x1b[201~"  # what a terminal sends for pasted text (bracketed paste)


@pytest.mark.parametrize("typed", ["²\r", "²1", "①\r", "\u0661\r", "\uff19\r", "brute B2 F4 -²\r",
                                   "brute B1 F1 -" + "0" * 4300 + "1\r", "9" * 5000, PASTE.format("9" * 5000) + "\r",
                                   PASTE.format("²" * 5000) + "\r", PASTE.format("take " + "F" * 5000) + "\r"])
def test_odd_digits_and_huge_numbers_get_a_clear_refusal(typed: str) -> None:
    async def script(p: Player) -> None:
        before = p.game.to_dict()
        await p.keys(typed)
        # A long paste reaches the application in several reads, and a redraw may come between two of
        # them: wait for what the keys do, not for the first redraw, so the test is the same every run.
        await p.until(lambda: bool(p.line) or p.session.message is not None)
        full = p.session.message is not None and p.session.message.style == "warning"  # the line stopped at its limit
        if p.line and (p.session.message is None or full):
            await p.keys("\r")
            await p.until(lambda: p.session.message is not None and p.session.message.style != "warning")
        message = p.session.message
        assert message is not None and message.style == "error"
        assert len(message.text) < 200  # a short message, whatever was pasted
        assert p.game.to_dict() == before and p.session.history == []
        await p.keys("\x15")  # Ctrl-U: the line is cleared
        await still_playing(p)

    at_the_table(new_session(seed=3), script)


@pytest.mark.parametrize(("signal_name", "status"), [("SIGTERM", 143), ("SIGHUP", 129)])
def test_a_signal_ends_the_game_as_quitting_does(signal_name: str, status: int) -> None:
    sig = getattr(signal, signal_name, None)
    if sig is None:
        pytest.skip(f"no {signal_name} here")
    session = new_session(seed=3)

    async def script(p: Player) -> None:
        await sit_down(p)
        await p.keys("refresh B3\r")
        os.kill(os.getpid(), sig)
        await asyncio.wait_for(asyncio.shield(p.task), 5)

    assert play(session, script) == status
    assert session.exit_code == status and [str(a) for a in session.history] == ["refresh B3"]


# -- a confirmed end of turn, the pass key, the pending digit -------------------------------------------------


def test_a_take_is_confirmed_on_the_movers_table_or_taken_back(game: Callable[..., Game]) -> None:
    g = game(hand0=["F1", "F1", "M2", "F0", "A0", "B0", "M0"], street=["F2", "B1", "A1", "M0", "B2", "A2"])
    session = Session.resume(g, handoff_guard=0)

    async def script(p: Player) -> None:
        await p.keys("take F2 pay F1 keep F1\r")
        screen = p.screen()
        assert "End of your turn?" in screen and "You take F2♥, pay F1♥ to your play area, keep F1♥" in screen
        assert "Your hand" in screen and "Pass the keyboard" not in screen
        await p.keys("u")
        assert p.session.ending is None and p.session.history == [] and "End of your turn?" not in p.screen()
        await p.keys("take F2 pay F1 keep F1\r")
        await p.keys(ESC)
        await p.until(lambda: p.session.ending is None)
        assert p.session.history == []
        await p.keys("take F2 pay F1 keep F1\r")
        await p.keys("\r")
        await p.at_handoff()
        assert "Pass the keyboard to Ben" in p.screen()

    at_the_table(session, script)


def test_p_passes_and_the_question_says_when_a_pass_ends_the_game(game: Callable[..., Game]) -> None:
    session = new_session(seed=3)

    async def script(p: Player) -> None:
        await sit_down(p)
        assert "p pass" in p.screen() and "p: pass" in p.screen()
        await p.keys("p")
        assert p.session.ending == Pass() and "You pass" in p.screen()
        await p.keys("\r")
        await sit_down(p)
        await p.keys("p")
        assert "the game ends" in p.screen() and "Enter: end the game" in p.screen()
        await p.keys("\r")
        assert p.session.screen is Screen.END
        screen = p.screen()
        assert "Seed 3" in screen and "--seed 3" in screen
        await p.keys("q")

    assert play(session, script) == 0


def test_a_digit_that_may_grow_shows_as_pending(game: Callable[..., Game]) -> None:
    street = ["F1", "A1", "B1", "M1", "F2", "A2", "B2", "M2", "F3", "A3"]
    g = game(hand0=["F0", "F0", "A0", "B0", "M0", "A1"], street=street)
    session = Session.resume(g, handoff_guard=0)

    async def script(p: Player) -> None:
        await p.keys("1")
        assert "1_ — a second digit, or Enter for 1" in p.screen() and p.line == "1"
        await p.keys("\x7f")  # Backspace: nothing pending any more
        assert p.line == "" and "a second digit" not in p.screen()
        await p.keys("12")  # take F1: among twelve choices it waits for Enter
        assert "Enter takes it" in p.screen() and p.session.history == []
        await p.keys("\r")
        assert p.session.ending is not None and "End of your turn?" in p.screen()

    at_the_table(session, script)


def test_the_handoff_says_it_is_waiting_when_enter_comes_too_soon() -> None:
    async def script(p: Player) -> None:
        await p.until(lambda: p.session.screen is Screen.HANDOFF and p.session.drawn() is False)
        await p.keys("\r")
        assert p.session.screen is Screen.HANDOFF and "Wait a moment" in p.screen()
        await p.until(lambda: "Wait a moment" not in p.screen())  # it redraws once keys are taken again
        assert "Enter shows your hand" in p.screen()
        await p.keys("u")
        assert "undo works within a turn" in p.screen()

    # The guard runs on the real loop (its redraw is scheduled there): long enough that a loaded machine still
    # shows the key and the screen within it.
    sitting(new_session(seed=3, handoff_guard=3.0), script)


# -- the game log, help, leaving ------------------------------------------------------------------------------


def test_g_shows_every_turn_and_scrolls() -> None:
    async def script(p: Player) -> None:
        turns = 0
        while turns < 14:  # fourteen turns, never two passes in a row
            if p.session.screen is Screen.HANDOFF:
                await sit_down(p)
            legal = p.game.legal_actions()
            takes = [a for a in legal if a.step is Step.TAKE and not isinstance(a, Pass)]
            others = [a for a in legal if not isinstance(a, Pass)]
            await p.keys(f"{(takes or others or legal)[0]}\r")
            if p.session.ending is not None:
                await p.keys("\r")
                turns += 1
        await p.at_handoff()
        await p.keys("g")  # the log is public: it opens at the handoff too
        screen = p.screen()
        assert p.session.overlay is Overlay.LOG and "Game log · 14 turns" in screen
        assert "seed 6" not in screen  # the seed of an unfinished game is not shown (R12.2)
        assert "Turn 14" in screen and "Turn 1 " not in screen  # the newest at the bottom, in sight
        assert "took" in screen and "Your hand" not in screen
        await p.keys(HOME)
        assert "Turn 1 " in p.screen() and "Turn 14" not in p.screen()
        await p.keys(END + PAGE_UP + UP)
        assert p.session.scroll > 0
        await p.keys("g")
        assert p.session.overlay is None and p.session.screen is Screen.HANDOFF

    sitting(new_session(seed=6), script)


def test_help_lists_the_new_keys_the_notation_and_the_seed_and_c_toggles_the_question() -> None:
    async def script(p: Player) -> None:
        await p.keys("?")
        screen = p.screen()
        assert "in this help: ask before a" in screen and "turn ends (on)" in screen and "the game log" in screen
        await p.keys(END)
        screen = p.screen()
        assert "take F2 pay M3 keep F1" in screen and "brute B2 F4 -1" in screen
        assert "R5.4" in screen and "seed 3" not in screen  # the game is not over: its seed stays hidden
        await p.keys("c")
        assert not p.session.confirm
        await p.keys(HOME)
        assert "turn ends (off)" in p.screen()
        await p.keys(ESC)
        await p.until(lambda: p.session.overlay is None)
        await p.keys("p")
        await p.at_handoff()  # no question any more

    at_the_table(new_session(seed=3), script)


def test_farewell_says_who_played_how_it_stands_and_the_seed() -> None:
    session = Session(names=("Anna", "Ben"), seed=3, handoff_guard=0, confirm=False)
    # An unfinished game's seed is not said: it would deal the same draw stack again (R12.2).
    # Left before a turn ended: no game is kept, and "0 turns played" said nothing true of one.
    assert farewell(session) == "famiglia: Anna and Ben: left before the first turn ended."
    for _ in range(2):
        session.drawn()
        session.reveal()
        playing.pass_turn(session)
    result = session.game.result() if session.game is not None else None
    assert result is not None
    line = farewell(session)
    assert line.startswith("famiglia: Anna and Ben: ") and "(seed 3)" in line
    assert str(result.scores[0]) in line and str(result.scores[1]) in line
    assert line == "famiglia: Anna and Ben: a draw at 1 victory point each (seed 3)."  # two passes at the deal
    assert farewell(Session()) == "famiglia: no game was started."


def test_done_swapping_is_on_the_list_and_leaves_the_later_steps(game: Callable[..., Game]) -> None:
    g = game(hand0=["A2", "B2", "F1", "M0", "B0"], area0=["F2", "M1"], street=["F3", "B1", "A1", "M4", "B2", "A0"])
    session = Session.resume(g, handoff_guard=0)

    async def script(p: Player) -> None:
        await p.keys("accountant A2\r")
        menu = p.session.menu()
        assert menu is not None
        done = next(c for c in menu.choices if c.label == "done swapping")
        assert f"{done.number} done swapping" in p.screen() and "swap F2" in p.screen()
        await p.keys(str(done.number))
        assert p.session.turn.swaps_done and "swap F2" not in p.screen() and "Brute" in p.screen()
        assert "Done swapping" in p.screen()

    at_the_table(session, script)


@pytest.mark.parametrize(("options", "confirm"), [([], True), (["--no-confirm"], False)])
def test_no_confirm_on_the_command_line_reaches_the_game(monkeypatch: pytest.MonkeyPatch, options: list[str],
                                                        confirm: bool) -> None:
    from famiglia.cli import main

    heard = fake_run_play(monkeypatch)
    assert main(["play", "--names", "Anna", "Ben", *options]) == 0
    assert heard["confirm"] is confirm
