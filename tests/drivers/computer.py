"""The computer's stand-ins at the table: the real search on a tiny budget, and a scripted player.

The application, the thread a search runs in and the pacing stay the real ones (`Computer`); only the
player it asks changes, so that games are quick and a test can hold the computer's answer (`Scripted`'s
gate) while it looks at the screen.
"""

from __future__ import annotations

import threading
from typing import Any

from famiglia.ai import Player as ComputerPlayer
from famiglia.ai.ismcts import ISMCTSPlayer, SearchSettings
from famiglia.engine import Action, Pass, Refresh, SeatView, Take
from famiglia.profile.seats import HUMAN
from famiglia.tui.model.session import Session

from .app import Player, redrawn

__all__ = ["CPU", "Scripted", "against", "computers_turn_over", "tiny"]

CPU = "cpu:easy"


def tiny(level: str, seed: int | str | None) -> ComputerPlayer:
    """The search player with a budget of a few iterations: real decisions, quickly."""
    return ISMCTSPlayer(seed, settings=SearchSettings(iterations=6), level=level)


class Scripted(ComputerPlayer):
    """A player that refreshes once per turn when it may, then takes the first take it can, else passes.

    With `gate`, it waits for the test to open it before each answer (the screen goes on meanwhile);
    every view it was given is kept in `views`, and each thread it answered in, in `threads` (a test
    that opened the gate knows the answer is on its way once that thread has ended).
    """

    def __init__(self, gate: threading.Event | None = None, *, passes: bool = False) -> None:
        super().__init__("easy", 0)
        self.gate = gate
        self.passes = passes  # always pass, where passing is allowed
        self.views: list[SeatView] = []
        self.threads: list[threading.Thread] = []

    def choose_with_reason(self, view: SeatView) -> tuple[Action, str]:
        self.views.append(view)
        self.threads.append(threading.current_thread())
        if self.gate is not None:
            self.gate.wait(timeout=20)
        legal = view.legal_actions
        if self.passes and Pass() in legal:
            return Pass(), "a pass"
        refreshes = [a for a in legal if isinstance(a, Refresh)]
        if refreshes and view.refreshes == 0:
            return refreshes[0], "a refresh"
        takes = [a for a in legal if isinstance(a, Take)]
        return (takes[0], "a take") if takes else (Pass(), "a pass")


def against(level: str = CPU, **kw: Any) -> Session:
    """A game of Anna against the computer at `level`, in seat 2."""
    kw.setdefault("names", ("Anna", "Computer (easy)"))
    kw.setdefault("handoff_guard", 0)
    return Session(seats=(HUMAN, level), **kw)


async def computers_turn_over(p: Player) -> None:
    """Wait until the computer has played its turn and the screen shows the person's."""
    await p.until(lambda: not p.session.computer_to_move, timeout=20, what="the end of the computer's turn")
    await redrawn(p)
