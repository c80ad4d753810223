"""A `kill` (SIGTERM) or a closed terminal (SIGHUP) on every screen: the whole program ends, 143 or 129, and
leaves the terminal as the shell wants it.

Each test sends the signal to the famiglia process in a real terminal (tmux) and then reads what is left
there once it has ended: the terminal's modes (`stty -a` of the window's terminal: cooked, not raw), the
alternate screen left, the cursor shown, no process of its own still running (the analysis's workers,
the pager), no temporary or lock file in the saved-games folder, and no traceback, then or later.
`famiglia play` and the replay started on their own are checked in `test_tmux` and `test_tmux_replay`.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from famiglia.persistence import Store, read_record
from famiglia.persistence.analyses import analysis_path
from tests.drivers.processes import children, until
from tests.drivers.tmux import Tmux, against_the_computer, in_shell, launch, over_after_the_computers_turn, take_or_pass
from tests.persistence.records import saved_game

LEAVING = [("SIGTERM", 143), ("SIGHUP", 129)]
HOME = "Learn to play"


def leftovers() -> list[str]:
    """Temporary and lock files in the saved-games folder: a save cut short, or a game still held."""
    folder = Path(os.environ["FAMIGLIA_HOME"])
    return sorted(p.name for p in folder.glob(".*") if p.suffix in (".tmp", ".lock")) if folder.is_dir() else []


def ended_cleanly(tmux: Tmux, status: int) -> str:
    """Wait for the program's end with `status`; check what it left behind; the screen with its history."""
    tmux.wait_for(f"exit status {status}", timeout=30)
    left = tmux.left()
    assert left.cooked, sorted(left.modes)
    assert not left.alternate and left.cursor, left
    assert left.processes == (), left.processes  # gone by the time the shell went on: nothing prints later
    everything = tmux.screen(history=True)
    assert "Traceback" not in everything and "Error" not in everything, everything
    assert leftovers() == []
    return everything


def send(tmux: Tmux, signal_name: str) -> None:
    os.kill(tmux.program(), getattr(signal, signal_name))


# -- the home screen, and what it opens ----------------------------------------------------------------------------


@pytest.mark.parametrize(("signal_name", "status"), LEAVING)
def test_a_leaving_signal_ends_the_home_screen(tmux: Tmux, signal_name: str, status: int) -> None:
    launch(tmux)
    tmux.wait_for(HOME)
    send(tmux, signal_name)
    ended_cleanly(tmux, status)


@pytest.mark.parametrize(("signal_name", "status"), LEAVING)
def test_a_game_started_from_home_ends_with_the_program_and_is_kept(tmux: Tmux, signal_name: str,
                                                                    status: int) -> None:
    launch(tmux)
    tmux.wait_for(HOME)
    for _ in range(5):  # a deal where Anna can take nothing, and the computer passes too, is over at once (R8.5)
        if take_or_pass(tmux, against_the_computer(tmux)) or not over_after_the_computers_turn(tmux):
            break
        tmux.type("q")
        tmux.wait_for(HOME)
    send(tmux, signal_name)  # during the computer's turn, or Anna's next
    everything = ended_cleanly(tmux, status)
    assert "was to move" in everything and "'famiglia resume" in everything  # the farewell, not the home screen
    records = [read_record(path) for path in Store().root.glob("game-*.json")]
    unfinished = [record for record in records if record.game().result() is None]
    assert len(unfinished) == 1 and any(move.player == 0 for move in unfinished[0].moves)  # Anna's turn is kept


@pytest.mark.parametrize("route", ["learn", "replay"])
def test_the_guided_game_and_the_replay_from_home_end_with_the_program(tmux: Tmux, route: str) -> None:
    if route == "replay":
        saved_game(seed=3, limit=6)
    launch(tmux)
    tmux.wait_for(HOME)
    if route == "learn":
        tmux.type("3")
        tmux.wait_for("Player 1's name")
        tmux.type("Anna")
        tmux.keys("Enter")
        tmux.wait_for("Enter: go on", timeout=30)
    else:
        tmux.type("4")
        tmux.wait_for("Anna v Ben")
        tmux.type("r")
        tmux.wait_for("Show it?")
        tmux.type("y")
        tmux.wait_for("'s hand")
    send(tmux, "SIGTERM")
    everything = ended_cleanly(tmux, 143)
    assert "'s hand" not in everything


def test_the_guided_game_on_its_own_ends_on_a_signal(tmux: Tmux) -> None:
    launch(tmux, "learn")
    tmux.wait_for("Player 1's name")
    tmux.type("Anna")
    tmux.keys("Enter")
    tmux.wait_for("Enter: go on", timeout=30)
    send(tmux, "SIGHUP")
    ended_cleanly(tmux, 129)


# -- the analysis: its progress bar, its workers, its pager --------------------------------------------------------


@pytest.mark.parametrize(("jobs", "signal_name", "status"), [(1, "SIGTERM", 143), (2, "SIGTERM", 143),
                                                             (2, "SIGHUP", 129)])
def test_a_leaving_signal_stops_an_analysis_and_every_worker(tmux: Tmux, jobs: int, signal_name: str,
                                                             status: int) -> None:
    path, record = saved_game(seed=3, limit=500)  # a whole game: minutes of work at the level normal
    launch(tmux, "analyse", record.id, "--jobs", str(jobs))
    tmux.wait_for(f"analysing game {record.id}", timeout=30)  # rich's progress bar, which hides the cursor
    if jobs > 1:
        program = tmux.program()
        until(lambda: len(children(program)) >= jobs, f"{jobs} workers at work")
    send(tmux, signal_name)
    ended_cleanly(tmux, status)
    assert not analysis_path(path).exists()  # nothing half made is saved


def test_a_leaving_signal_during_the_home_screens_analysis_shows_the_cursor_again(tmux: Tmux) -> None:
    """The home screen's a, as the end screen's a, analyses under a progress bar before it pages."""
    saved_game(seed=3, limit=500)
    launch(tmux)
    tmux.wait_for(HOME)
    tmux.type("4")
    tmux.wait_for("Anna v Ben")
    tmux.type("a")
    tmux.wait_for("analysing game", timeout=30)
    send(tmux, "SIGTERM")
    ended_cleanly(tmux, 143)


def _pager_running(tmux: Tmux) -> bool:
    return any(command.split()[:1] == ["less"] for command in children(tmux.program()))


@pytest.mark.parametrize(("signal_name", "status"), LEAVING)
def test_a_leaving_signal_ends_the_pager_of_the_rules(tmux: Tmux, signal_name: str, status: int) -> None:
    launch(tmux, "rules", width=80, height=24)
    until(lambda: _pager_running(tmux), "the pager")
    tmux.wait_for("Famiglia")
    send(tmux, signal_name)
    ended_cleanly(tmux, status)


def test_a_leaving_signal_ends_the_pager_of_an_analysis(tmux: Tmux) -> None:
    path, _ = saved_game(seed=5, limit=3)  # a short game: its analysis is made in seconds, then paged
    launch(tmux, width=80, height=24)
    tmux.wait_for(HOME)
    tmux.type("4")
    tmux.wait_for("Anna v Ben")
    tmux.type("a")
    until(lambda: _pager_running(tmux), "the analysis in the pager", timeout=120)
    tmux.wait_for("Analysis of game")
    send(tmux, "SIGTERM")
    ended_cleanly(tmux, 143)
    assert analysis_path(path).is_file()  # made before it was shown, and kept


def test_a_pager_that_ignores_the_signal_is_killed_and_the_terminal_put_back(tmux: Tmux) -> None:
    """A pager of the user's ($PAGER) that turns the terminal raw and will not end on SIGTERM."""
    stubborn = "sh -c \"trap '' TERM; stty raw -echo < /dev/tty; exec sleep 60\""
    launch(tmux, "rules", env={"PAGER": stubborn})
    until(lambda: any(command.startswith("sleep") for command in children(tmux.program())), "the pager")
    until(lambda: "-echo" in tmux.left().modes, "the pager's raw terminal")
    send(tmux, "SIGTERM")
    ended_cleanly(tmux, 143)


def test_ctrl_c_in_the_pager_is_the_pagers_own(tmux: Tmux) -> None:
    """less stops a search with Ctrl-C; famiglia goes on waiting for it, and q leaves as always (it was 130,
    with less killed on a raw terminal)."""
    in_shell(tmux, "rules")
    until(lambda: _pager_running(tmux), "the pager")
    tmux.keys("C-c")  # the terminal signals famiglia and less at once, before the q that follows
    tmux.type("q")
    status, left = tmux.ended_in_shell()
    assert status == 0 and left.cooked and left.processes == (), (status, left)
