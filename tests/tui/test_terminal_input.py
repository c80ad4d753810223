"""Odd input a terminal can send: mouse-report-like escape sequences and control keys the game does not use.

Such input is ignored on every screen, never fatal (no crash, no empty saved game), and never freezes
the keyboard: Ctrl-Q is no quoted insert that types every later key into a read-only line.
"""

from __future__ import annotations

import pytest

from famiglia.tui.model.session import Overlay, Screen
from tests.drivers.app import Player, new_session, sit_down, sitting, still_playing
from tests.drivers.terminal import CTRL_C, ESC

MOUSE_LIKE = ("\x1b[1;2m", "\x1b[Mc!!", "\x1b[M\x80\x81\x82", "\x1b[1;2;3;4M", "\x1b[;;M", "\x1b[<0;1;2M")
CTRL_Q = "\x11"


@pytest.mark.parametrize("sequence", MOUSE_LIKE)
def test_mouse_report_like_input_is_ignored_on_every_screen(sequence: str) -> None:
    async def script(p: Player) -> None:
        await p.at_handoff()
        await p.keys(sequence)  # the handoff
        assert p.session.screen is Screen.HANDOFF
        await p.keys("?")
        await p.keys(sequence)  # the help
        assert p.session.overlay is Overlay.HELP
        await p.keys(ESC)
        await p.until(lambda: p.session.overlay is None)
        await sit_down(p)
        await p.keys(sequence)  # the table, with nothing typed on the line
        assert p.line == "" and p.session.history == []
        await p.keys("refresh")
        await p.keys(sequence)  # the table, with something typed
        assert p.line == "refresh"
        await p.keys("\x15")
        await still_playing(p)

    sitting(new_session(seed=3), script)


@pytest.mark.parametrize("where", ["handoff", "help", "table"])
def test_ctrl_q_neither_freezes_the_game_nor_types_control_characters(where: str) -> None:
    async def script(p: Player) -> None:
        await p.at_handoff()
        if where == "help":
            await p.keys("?")
        elif where == "table":
            await sit_down(p)
        await p.keys(CTRL_Q)
        await p.keys(CTRL_C)  # after a quoted insert this would be typed, not asked
        assert p.session.overlay is Overlay.CONFIRM_QUIT
        assert "\x03" not in p.line and p.line == ""
        await p.keys("n")
        assert p.session.overlay is None

    sitting(new_session(seed=3), script)
