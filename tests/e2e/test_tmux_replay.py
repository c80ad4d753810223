"""`famiglia replay` in a real terminal: a signal leaves the screen as `play` does, with no hand left on it."""

from __future__ import annotations

import os
import signal

import pytest

from famiglia.engine import Take
from famiglia.persistence import Store
from famiglia.tui.model.saving import Autosave
from famiglia.tui.model.session import Screen, Session
from tests.drivers.tmux import Tmux, launch


def _saved_unfinished_game() -> str:
    session = Session(names=("Anna", "Ben"), seed=5, first=0, handoff_guard=0)
    saver = Autosave.attach(session, Store())
    for _ in range(3):
        session.drawn()
        session.reveal()
        assert session.screen is Screen.TABLE and session.game is not None
        legal = session.game.legal_actions()
        session.play(next((a for a in legal if isinstance(a, Take)), legal[0]))
        if session.ending is not None:
            session.end_turn()
    assert saver.record is not None and not saver.record.game().is_over
    saver.close(session)
    return saver.record.id


@pytest.mark.parametrize(("signal_name", "status"), [("SIGTERM", 143), ("SIGHUP", 129), ("SIGINT", 130)])
def test_a_signal_ends_the_replay_and_leaves_no_hand_on_the_terminal(tmux: Tmux, signal_name: str,
                                                                     status: int) -> None:
    launch(tmux, "replay", _saved_unfinished_game())
    tmux.wait_for("Show it?")
    tmux.type("y")
    tmux.wait_for("'s hand")
    tmux.settled()  # the replay drawn whole
    os.kill(tmux.program(), getattr(signal, signal_name))
    screen = tmux.wait_for(f"exit status {status}")
    everything = tmux.screen(history=True)
    assert "'s hand" not in everything and "Draw stack holds" not in everything, screen
    assert "Traceback" not in everything
    left = tmux.left()
    assert left.cooked and not left.alternate and left.cursor and left.processes == (), left
