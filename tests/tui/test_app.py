"""The application, driven by the keys a player would press: prompt_toolkit's pipe input, a dummy output.

Whole games are played to the end with number keys, arrows and Enter, and typed notation, with
refused input on the way and the handoff between every two turns. The tests assert on the session's
state and on the plain text of what is drawn (the renderer's screen grid), never on escape bytes.
The driver (`tests.drivers.app`) presses the keys and reads the screen.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from prompt_toolkit.application import Application

from famiglia.engine import Game
from famiglia.tui.model.builder import menu
from famiglia.tui.model.session import Overlay, Screen, Session
from famiglia.tui.shell.layout import INPUT_BUFFER
from tests.drivers.app import Player, at_the_table, new_session, play, play_out, resize, sitting
from tests.drivers.terminal import CTRL_C, CTRL_D, CTRL_Z, ESC

# -- whole games ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_whole_games_are_played_to_the_end_by_keys(seed: int) -> None:
    session = new_session(seed=seed)

    async def script(p: Player) -> None:
        await play_out(p, random.Random(seed))
        screen = p.screen()
        assert "Game over" in screen
        assert ("wins" in screen) or ("draw" in screen)
        result = p.game.result()
        assert result is not None and str(result.scores[0]) in screen
        await p.keys("q")

    assert play(session, script) == 0
    replay = Game.new(seed=seed, names=("Anna", "Ben"))
    for action in session.history:
        replay.apply(action)
    assert replay.is_over and replay.to_dict() == session.game.to_dict()  # type: ignore[union-attr]


def test_the_names_are_asked_and_a_new_game_keeps_them() -> None:
    session = Session(seed=4, handoff_guard=0)

    async def script(p: Player) -> None:
        assert "Who plays?" in p.screen()
        await p.keys("Anna\r")
        await p.keys("anna\r")  # the same name twice is refused
        assert p.session.message is not None and "must differ" in p.session.message.text
        await p.keys("\x15Ben\r")  # Ctrl-U clears the line
        assert p.game.names == ("Anna", "Ben")
        await p.at_handoff()
        await p.keys("\r")
        await p.keys("pass\r\r")  # a pass, and Enter to confirm it
        await p.at_handoff()
        await p.keys("\r")
        await p.keys("pass\r")
        assert p.session.screen is Screen.TABLE and "the game ends" in p.screen()
        await p.keys("\r")
        assert p.session.screen is Screen.END
        first = p.game
        await p.keys("n")
        assert p.session.screen is Screen.HANDOFF and p.game is not first and p.game.names == ("Anna", "Ben")

    sitting(session, script)


# -- the handoff: no hand before the keyboard changed hands (R12.2) ----------------------------------------


def test_the_handoff_shows_no_hand_and_discards_keys_typed_ahead() -> None:
    async def script(p: Player) -> None:
        await p.at_handoff()
        screen = p.screen()
        assert "Pass the keyboard to Anna" in screen
        assert "Your hand" not in screen
        await p.keys("\r")
        assert "Your hand" in p.screen() and "Your turn, Anna" in p.screen()
        await p.keys("pass\r\r\r1")  # Anna's extra Enter and a number must not reach Ben's turn
        assert p.session.screen is Screen.HANDOFF
        await p.until(lambda: p.session.accepts_keys())
        await p.keys("u")  # a key after them: once it is answered, the keys typed ahead have all been handled
        assert p.session.message is not None and "undo works within a turn" in p.session.message.text
        assert p.session.screen is Screen.HANDOFF and p.line == ""
        screen = p.screen()
        assert "Pass the keyboard to Ben" in screen and "Your hand" not in screen
        await p.keys("\r")
        screen = p.screen()
        assert "Your turn, Ben" in screen
        assert "What Anna did" in screen and "Anna passed" in screen  # the opponent's last turn
        await p.keys("l")
        assert "What Anna did" not in p.screen()

    sitting(new_session(seed=3), script)


def test_the_handoff_guard_discards_a_hasty_enter() -> None:
    now = [100.0]
    session = new_session(seed=3, handoff_guard=0.3, clock=lambda: now[0])

    async def script(p: Player) -> None:
        await p.until(lambda: p.session.screen is Screen.HANDOFF and p.session.drawn() is False)
        await p.keys("\r")  # at once: too soon, the keyboard cannot have changed hands yet
        assert p.session.screen is Screen.HANDOFF
        now[0] += 0.35  # a pause longer than the guard
        await p.keys("\r")
        assert p.session.screen is Screen.TABLE

    sitting(session, script)


def test_enter_held_down_at_the_handoff_is_discarded_until_it_is_let_go() -> None:
    now = [100.0]
    session = new_session(seed=3, handoff_guard=0.4, clock=lambda: now[0])

    async def script(p: Player) -> None:
        assert p.session.screen is Screen.HANDOFF and not p.session.drawn()  # drawn once, at 100.0
        for _ in range(20):  # the terminal repeats a held Enter every 30 ms: 0.6 s, longer than the guard
            now[0] += 0.03
            await p.keys("\r")
        assert p.session.screen is Screen.HANDOFF and "Your hand" not in p.screen()
        now[0] += 0.5  # let go, and a pause: the keyboard may have changed hands
        await p.keys("\r")
        assert p.session.screen is Screen.TABLE

    sitting(session, script)


# -- refusals, undo, help, quitting, the terminal's size ---------------------------------------------------


def test_mistyped_and_illegal_actions_say_why_in_one_line_and_change_nothing() -> None:
    async def script(p: Player) -> None:
        before = p.game.to_dict()
        await p.keys("take B4\r")
        message = p.session.message
        assert message is not None and message.style == "error"
        assert "not free" in message.text and "take B4" in p.screen()
        await p.keys("\x15fetch F2\r")
        assert p.session.message is not None and "not an action" in p.session.message.text
        await p.keys("\x15" + "9")  # seven choices: 9 is refused at once
        assert p.session.message is not None and "no choice 9" in p.session.message.text
        assert p.game.to_dict() == before and p.session.history == []

    at_the_table(new_session(seed=3), script)


def test_a_key_that_types_nothing_and_is_no_command_says_so() -> None:
    """F5 or Shift-Right at the table did nothing and said nothing: now one line names the key."""

    async def script(p: Player) -> None:
        before = p.game.to_dict()
        await p.keys("\x1b[15~")  # F5
        assert p.session.message is not None and p.session.message.text == "F5 does nothing here: ? lists the keys."
        await p.keys("\x1b[1;2C")  # Shift-Right
        assert p.session.message is not None and p.session.message.text.startswith("Shift-Right does nothing here")
        assert p.game.to_dict() == before

    at_the_table(new_session(seed=3), script)


def test_tab_completes_a_legal_action() -> None:
    async def script(p: Player) -> None:
        await p.keys("refresh b4\t")
        assert p.line == "refresh B4"
        await p.keys("\x15ref\t")
        await p.until(lambda: p.app.current_buffer.complete_state is not None)
        assert p.line.startswith("refresh ")
        await p.keys(ESC + ESC)

    at_the_table(new_session(seed=3), script)


def test_undo_by_key_within_the_turn() -> None:
    async def script(p: Player) -> None:
        await p.keys("refresh B3\r")
        assert p.session.message is not None and "refreshed B3" in p.session.message.text
        await p.keys("u")
        assert len(p.session.history) == 1 and "Nothing to undo" in p.session.message.text  # type: ignore[union-attr]

    at_the_table(new_session(seed=3), script)


def test_l_shows_a_last_turn_too_long_to_stand_beside_the_table(game: Callable[..., Game]) -> None:
    g = game(hand0=["A4", "F0", "F1", "M1", "B0", "B1", "A1", "M0", "F2"], area0=["F3", "M2", "B2", "A2", "M3"],
             hand1=["F0", "A0", "M0", "B0", "F1", "A1", "B1", "M1"],
             street=["F4", "B3", "M4", "A3", "F2", "B2", "A1", "M1", "F1", "B4"],
             stack=["F3", "M2", "A2", "B3", "A3", "M3", "B1", "F2", "B2", "M2"])
    for action in ("refresh F2", "refresh A1", "accountant A4", "swap F3 F0", "swap M2 F1", "swap B2 M1",
                   "swap A2 B0", "brute B1 F4 -1"):
        g.apply(action)
    session = Session.resume(g, handoff_guard=0)

    async def script(p: Player) -> None:
        await p.keys("take M1 pay M0 keep M2\r")  # Anna's turn of nine actions ends ...
        await p.keys("\r")  # ... once she confirms it
        await p.at_handoff()
        await p.keys("\r")
        screen = p.screen()
        # no room beside the table for the box: the turn in one row, its take kept, and l for the rest
        assert "Your hand" in screen and "Anna last turn: … took M1" in screen and "(l: all)" in screen
        await p.keys("l")
        screen = p.screen()
        assert "What Anna did" in screen and "• took M1" in screen and "Your hand" in screen
        # the table stays in sight under it: the latest actions in the rows it leaves, the earlier counted
        assert "• refreshed F2" not in screen and "… 5 earlier actions · g: game log" in screen
        await p.keys("l")
        assert "What Anna did" not in p.screen() and "Your hand" in p.screen()
        await p.keys("l")
        assert "What Anna did" in p.screen() and "• took M1" in p.screen()
        await p.keys(ESC)
        await p.until(lambda: p.session.overlay is None)
        assert "Your hand" in p.screen() and p.session.screen is Screen.TABLE

    at_the_table(session, script)


def test_help_lies_on_top_and_closes_with_esc_q_or_question_mark() -> None:
    async def script(p: Player) -> None:
        for close in (ESC, "q", "?"):
            await p.keys("?")
            assert p.session.overlay is Overlay.HELP
            screen = p.screen()
            assert "Help" in screen and "Keys" in screen and "The rules in short" in screen
            await p.keys(close)
            await p.until(lambda: p.session.overlay is None)
            assert p.session.screen is Screen.TABLE and p.session.exit_code is None

    at_the_table(new_session(seed=3), script)


@pytest.mark.parametrize("key", [CTRL_C, CTRL_D, "q"])
def test_leaving_is_asked_first(key: str) -> None:
    session = new_session(seed=3)

    async def script(p: Player) -> None:
        await p.at_handoff()
        await p.keys("\r")
        await p.keys(key)
        assert p.session.overlay is Overlay.CONFIRM_QUIT
        assert "Quit the game?" in p.screen()
        await p.keys("n")
        assert p.session.overlay is None and p.session.screen is Screen.TABLE
        await p.keys(key)
        await p.keys("y")

    assert play(session, script) == 0


def test_ctrl_z_undoes_and_esc_goes_back_a_choice(game: Callable[..., Game]) -> None:
    g = game(hand0=["A2", "B2", "F1", "M0", "B0"], area0=["F2"], street=["F3", "B1", "A1", "M4", "B2", "A0"])
    session = Session.resume(g, handoff_guard=0)
    start = g.to_dict()

    async def script(p: Player) -> None:
        top = menu(p.game.legal_actions())
        brute = next(c for c in top.choices if c.label == "brute B2")
        await p.keys(str(brute.number))
        assert p.session.path == ("brute B2",)
        assert "which Street card" in p.screen()
        await p.keys(ESC)
        await p.until(lambda: p.session.path == ())
        await p.keys("accountant A2\r")
        assert [str(a) for a in p.session.history] == ["accountant A2"]
        await p.keys(CTRL_Z)
        assert p.session.history == [] and p.game.to_dict() == start

    at_the_table(session, script)


def test_a_small_terminal_says_how_big_it_must_be() -> None:
    async def script(p: Player) -> None:
        screen = p.screen()
        assert "too small" in screen and "80×24" in screen

    sitting(new_session(seed=3), script, columns=70, rows=20)


def test_while_the_terminal_is_too_small_keys_do_nothing_but_quitting() -> None:
    async def script(p: Player) -> None:
        await p.keys("refresh B3\r")
        before = p.game.to_dict()
        played = list(p.session.history)
        line = p.app.layout.get_buffer_by_name(INPUT_BUFFER)
        await resize(p, 70, 20)  # the window is made smaller mid-turn
        await p.keys("?")  # nothing is seen: nothing may happen
        assert p.session.overlay is None
        await p.keys("u")
        await p.keys("pass\r")
        await p.keys("1")
        assert "too small" in p.screen()
        assert p.game.to_dict() == before and p.session.history == played
        assert p.session.overlay is None and line is not None and line.text == ""
        await p.keys(CTRL_C)
        assert p.session.overlay is Overlay.CONFIRM_QUIT and "Quit the game?" in p.screen()
        await p.keys("n")
        assert p.session.overlay is None
        await resize(p, 80, 24)
        await p.keys("l")
        assert "Your turn, Anna" in p.screen() and p.game.to_dict() == before

    at_the_table(new_session(seed=3), script)


def test_a_too_small_terminal_takes_no_name_blindly() -> None:
    session = Session(seed=3, handoff_guard=0)

    async def script(p: Player) -> None:
        line = p.app.layout.get_buffer_by_name(INPUT_BUFFER)
        await resize(p, 70, 20)
        await p.keys("Ben\r")  # Enter alone would keep the default name, too
        assert p.session.naming.given == [] and line is not None and line.text == ""

    sitting(session, script)


def test_a_wider_terminal_uses_the_room() -> None:
    async def script(p: Player) -> None:
        screen = p.screen()
        assert "At the table" in screen and "Your hand" in screen
        assert max(len(line) for line in screen.splitlines()) > 100

    at_the_table(new_session(seed=3), script, columns=130, rows=40)


def test_an_unexpected_error_ends_the_application_with_the_error() -> None:
    session = new_session(seed=3)

    def broken() -> None:
        raise RuntimeError("boom")

    session.reveal = broken  # type: ignore[method-assign]

    async def script(p: Player) -> None:
        p.pipe.send_text("\r")
        await p.ended()  # the error ends it

    with pytest.raises(RuntimeError, match="boom"):
        play(session, script)


def test_an_error_while_drawing_ends_the_application_with_the_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from famiglia.tui.view.street import Street

    session = new_session(seed=3)

    def broken(*args: object, **kw: object) -> object:
        raise KeyError("drawing")

    async def script(p: Player) -> None:
        monkeypatch.setattr(Street, "lines", broken)
        await p.at_handoff()
        p.pipe.send_text("\r")
        await p.ended()  # the error ends it

    with pytest.raises(KeyError, match="drawing"):
        play(session, script)


def test_run_play_reports_an_unexpected_error_in_one_line_and_keeps_the_game(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    import json
    import sys
    import tempfile

    from famiglia.persistence import Store
    from famiglia.tui.shell import app as app_module

    async def crash(application: Application[int], session: object = None) -> int:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(app_module, "run_app", crash)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path))
    assert app_module.run_play(names=("Anna", "Ben"), seed=9) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "ZeroDivisionError" in err and "seed" not in err and "famiglia resume 1" in err  # R12.2: unfinished
    assert not list(tmp_path.glob("famiglia-*.json"))  # among the saved games, not in the shared temp folder
    saved = json.loads(Store().path("1").read_text())
    assert saved["seed"] == 9 and saved["players"] == ["Anna", "Ben"] and saved["actions"] == []


def test_run_play_needs_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    from famiglia.tui.shell.app import run_play

    assert run_play(names=("Anna", "Ben"), seed=1) == 1  # pytest's captured streams are no terminal
    assert "needs a terminal" in capsys.readouterr().err


@pytest.mark.parametrize("colour", [True, False])
def test_without_colour_a_card_loses_its_colour_only(colour: bool) -> None:
    from prompt_toolkit.formatted_text import to_formatted_text

    from famiglia.engine import card
    from famiglia.tui.shell.layout import render_ansi
    from famiglia.tui.view.theme import card_text

    fragments = to_formatted_text(render_ansi(card_text(card("F4")), width=20, colour=colour))
    assert "".join(text for _, text in fragments).strip() == "F4♥"  # letter and symbol, always
    coloured = any("ansi" in style or "#" in style for style, _ in fragments)
    assert coloured is colour
