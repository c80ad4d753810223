"""`famiglia play` in a real terminal: tmux runs it, the test types with send-keys and reads capture-pane.

This is the one test that sees what a player sees: the alternate screen, the keys as a terminal sends
them, the handoff, a resize, and what is left in the terminal after the game. It needs tmux; on a
developer's machine without it the test is skipped, but under CI (`CI` set) a missing tmux fails it.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

from famiglia.engine import Game, Step
from famiglia.tui.view.status import STEP_SEPARATOR

ROOT = Path(__file__).resolve().parents[2]
SEED = 3  # Anna starts; the Street is B3 B2 F2 A3 B4 B1
NAMES = ("Anna", "Ben")
GUARD = 0.6  # a little more than the handoff's guard time, during which Enter is discarded


@dataclass(frozen=True)
class Left:
    """What a command left in its window once it ended: the terminal's modes, screen and cursor, and processes."""

    modes: frozenset[str]  # the flags `stty -a` gives the window's terminal: "icanon" is cooked, "-icanon" raw
    alternate: bool  # the alternate screen is still on
    cursor: bool  # the cursor is shown
    processes: tuple[str, ...]  # still running in the window's session, apart from its shell and its sleep

    @property
    def cooked(self) -> bool:
        """The terminal as a shell wants it: signals from keys, lines edited, keys echoed."""
        return {"isig", "icanon", "echo"} <= self.modes


class Tmux:
    """One tmux server of our own (its own socket), one window running the command."""

    def __init__(self, socket: str) -> None:
        self.socket = socket

    def run(self, *args: str) -> str:
        proc = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=20,
                              check=False)
        if proc.returncode != 0:
            raise AssertionError(f"tmux {' '.join(args)} failed: {proc.stderr.strip()}")
        return proc.stdout

    def keys(self, *keys: str) -> None:
        self.run("send-keys", "-t", "game", *keys)

    def type(self, text: str) -> None:
        self.run("send-keys", "-t", "game", "-l", text)

    def screen(self, *, history: bool = False) -> str:
        return self.run("capture-pane", "-p", "-t", "game", *(["-S", "-"] if history else []))

    def quit_game(self) -> None:
        """Ctrl-C, then yes: the game is left as a player leaves it, with no traceback on the way out."""
        self.keys("C-c")
        self.wait_for("Quit the game?")
        self.type("y")
        self.wait_for("exit status 0")
        assert "Traceback" not in self.screen(history=True)

    def pane(self, *fields: str) -> list[str]:
        """Fields of the window's pane, by tmux's names (`pane_pid`, `alternate_on`, ...)."""
        return self.run("display-message", "-p", "-t", "game", " ".join(f"#{{{f}}}" for f in fields)).split()

    def program(self) -> int:
        """The process id of the command the window's shell runs (famiglia)."""
        commands = [pid for pid, command in _processes("--ppid", self.pane("pane_pid")[0])
                    if not command.startswith("sleep ")]
        assert len(commands) == 1, commands
        return int(commands[0])

    def left(self) -> Left:
        """What the command left behind in its window (read once it has ended, while the shell sleeps)."""
        tty, shell, alternate, cursor = self.pane("pane_tty", "pane_pid", "alternate_on", "cursor_flag")
        modes = subprocess.run(["stty", "-a", "-F", tty], capture_output=True, text=True, check=True).stdout
        running = tuple(command for pid, command in _processes("--sid", shell)
                        if pid != shell and not command.startswith("sleep "))
        return Left(frozenset(modes.replace(";", " ").split()), alternate == "1", cursor == "1", running)

    def ended_in_shell(self) -> tuple[int, Left]:
        """For `in_shell`: once the command has ended, its exit status and what it left behind.

        The shell is told to say the status, then to sleep: while the shell runs a command the terminal
        is in the modes the last command left (at its prompt it edits the line in modes of its own).
        """
        shell = int(self.pane("pane_pid")[0])
        until(lambda: not children(shell), "the command's end")
        self.type('echo "exit status $?"; sleep 60')
        self.keys("Enter")
        until(lambda: children(shell) == ["sleep 60"], "the shell's sleep")
        found = re.findall(r"^exit status (\d+)$", self.screen(), flags=re.MULTILINE)
        assert found, self.screen()
        return int(found[-1]), self.left()

    def wait_for(self, text: str, timeout: float = 15.0) -> str:
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.05)
        raise AssertionError(f"{text!r} did not appear on the screen:\n{screen}")


@pytest.fixture
def tmux() -> Iterator[Tmux]:
    if shutil.which("tmux") is None:
        if os.environ.get("CI"):
            pytest.fail("tmux is not installed: CI must install it (.ci/run does) so that this test runs")
        pytest.skip("tmux is not installed")
    server = Tmux(f"famiglia-test-{uuid.uuid4().hex[:8]}")
    try:
        yield server
    finally:
        subprocess.run(["tmux", "-L", server.socket, "kill-server"], capture_output=True, timeout=20, check=False)


def until(condition: Callable[[], object], what: str, timeout: float = 15.0) -> None:
    """Wait until `condition()` holds, asking again every 50 ms; `what` it waited for, in the failure."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def children(pid: int) -> list[str]:
    """The command lines of the processes `pid` started that are still running (workers, a pager)."""
    return [command for _, command in _processes("--ppid", str(pid))]


def _processes(*selection: str) -> list[tuple[str, str]]:
    """The processes `ps` selects (`--ppid PID`, `--sid SID`): each one's id and command line."""
    listed = subprocess.run(["ps", "-o", "pid=,args=", *selection], capture_output=True, text=True, check=False)
    found = []
    for line in listed.stdout.splitlines():
        pid, _, command = line.strip().partition(" ")
        if pid:
            found.append((pid, command.strip()))
    return found


def _window(tmux: Tmux, shell: list[str], width: int, height: int, env: Mapping[str, str] | None = None) -> None:
    """A window of its own size running `shell`, with the test's saved-data folders (tests/conftest.py)
    and the variables of `env`."""
    given = {name: os.environ[name] for name in ("FAMIGLIA_HOME", "FAMIGLIA_CONFIG") if name in os.environ}
    given.update(env or {})
    tmux.run("new-session", "-d", "-s", "game", "-x", str(width), "-y", str(height), "-e", "TERM=xterm-256color",
             "-e", "NO_COLOR=", *(arg for pair in given.items() for arg in ("-e", "=".join(pair))), *shell)


def launch(tmux: Tmux, *args: str, width: int = 100, height: int = 30, env: Mapping[str, str] | None = None) -> None:
    """`famiglia ARGS` in a window of its own (with the variables of `env`); after it, its exit status and time
    to read the screen it leaves."""
    command = shlex.join([sys.executable, "-m", "famiglia", *args])
    _window(tmux, ["sh", "-c", f"cd {shlex.quote(str(ROOT))} && {command}; echo \"exit status $?\"; sleep 60"],
            width, height, env)


def in_shell(tmux: Tmux, *args: str, width: int = 80, height: int = 24) -> None:
    """`famiglia ARGS` typed into an interactive shell, whose job control (`kill -TSTP`, `fg`) a test can use."""
    _window(tmux, ["env", "PS1=shell$ ", "bash", "--norc", "-i"], width, height)
    tmux.wait_for("shell$")
    tmux.type(f"cd {shlex.quote(str(ROOT))} && {shlex.join([sys.executable, '-m', 'famiglia', *args])}")
    tmux.keys("Enter")


def start(tmux: Tmux, *args: str, width: int = 100, height: int = 30) -> None:
    """`famiglia play ARGS` (see `launch`)."""
    launch(tmux, "play", *args, width=width, height=height)


def test_a_game_in_a_real_terminal(tmux: Tmux) -> None:
    game = Game.new(seed=SEED, names=NAMES)
    anna, ben = NAMES[game.start_player], NAMES[1 - game.start_player]
    street = [sc.card.name for sc in game.view(None).street]
    start(tmux, "--seed", str(SEED), "--names", *NAMES)

    # The first handoff: who sits down, the public table, no hand.
    screen = tmux.wait_for(f"Pass the keyboard to {anna}")
    assert "Your hand" not in screen and "press Enter when ready" in screen
    assert all(name in screen for name in street)
    time.sleep(GUARD)
    tmux.keys("Enter")

    # Anna's table: the Street, the step bar, her hand, the numbered choices.
    screen = tmux.wait_for("Your hand")
    assert f"Your turn, {anna}" in screen
    assert STEP_SEPARATOR.join(step.title for step in Step) in screen
    assert all(name in screen for name in street)
    assert "F0♥" in screen and "M0♠" in screen
    assert "1 B3♣" in screen and "pass" in screen

    # A mistyped action: the reason in one line, nothing changes.
    tmux.type("take X9")
    tmux.keys("Enter")
    screen = tmux.wait_for("is not a card")
    assert f"Your turn, {anna}" in screen
    tmux.keys("C-u")

    # Help on top, closed with Esc.
    tmux.type("?")
    tmux.wait_for("The rules in short")
    tmux.keys("Escape")
    deadline = time.monotonic() + 10
    while "The rules in short" in tmux.screen() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert "Your hand" in tmux.screen()

    # A resize to less than 80x24 says so; back to full size the table returns.
    tmux.run("resize-window", "-t", "game", "-x", "70", "-y", "20")
    tmux.wait_for("too small")
    tmux.run("resize-window", "-t", "game", "-x", "100", "-y", "30")
    tmux.wait_for("Your hand")

    # Anna passes with p; her own table asks her to confirm it.
    assert "p pass" in tmux.screen()
    tmux.type("p")
    screen = tmux.wait_for("End of your turn?")
    assert "You pass" in screen and "Your hand" in screen and f"Your turn, {anna}" in screen
    tmux.type("u")  # taken back ...
    tmux.wait_for("Took back: pass")
    tmux.type("p")  # ... and passed again
    tmux.wait_for("End of your turn?")

    # She confirms, typing ahead an Enter that must not open Ben's hand to her.
    tmux.keys("Enter", "Enter")
    screen = tmux.wait_for(f"Pass the keyboard to {ben}")
    time.sleep(GUARD)
    screen = tmux.screen()
    assert "Pass the keyboard to" in screen and "Your hand" not in screen
    assert "a pass now ends the game" in screen
    tmux.keys("Enter")

    # Ben sees what Anna did, and passes too: the question says that this ends the game (R8.5, R10.2).
    screen = tmux.wait_for(f"Your turn, {ben}")
    assert f"{anna} passed" in screen
    tmux.type("pass")  # typed out: its p passes, and its Enter does not answer the question unread
    tmux.keys("Enter")
    screen = tmux.wait_for("Enter again")
    assert "You pass: the game ends" in screen and "Game over" not in screen
    tmux.keys("Enter")
    screen = tmux.wait_for("Game over")
    assert "two passes in a row" in screen
    assert "total" in screen and "new game" in screen and f"Seed {SEED}" in screen

    # The game log: both turns, public events only.
    tmux.type("g")
    screen = tmux.wait_for("Game log · 2 turns")
    assert f"{anna} passed" in screen and f"{ben} passed" in screen
    tmux.type("g")
    tmux.wait_for("new game")

    # q leaves; the terminal's own screen is back, with no hand left in it or its scrollback.
    tmux.type("q")
    screen = tmux.wait_for("exit status 0")
    assert f"{NAMES[0]} and {NAMES[1]}: " in screen and f"(seed {SEED})" in screen  # the farewell line
    everything = tmux.screen(history=True)
    assert "Your hand" not in everything and "Traceback" not in everything


def test_turns_are_confirmed_and_logged_at_80x24(tmux: Tmux) -> None:
    game = Game.new(seed=SEED, names=NAMES)
    start(tmux, "--seed", str(SEED), "--names", *NAMES, width=80, height=24)
    for _ in range(4):  # each player takes the first card on offer, typed in notation, and confirms
        mover = NAMES[game.to_move]
        tmux.wait_for(f"Pass the keyboard to {mover}")
        time.sleep(GUARD)
        tmux.keys("Enter")
        tmux.wait_for(f"Your turn, {mover}")
        legal = game.legal_actions()
        take = next((a for a in legal if a.step is Step.TAKE and str(a) != "pass"), None)
        action = take if take is not None else legal[0]
        tmux.type(str(action))
        tmux.keys("Enter")
        game.apply(action)
        if take is None:  # a refresh: then the take or pass that ends the turn
            tmux.wait_for("refreshed")
            legal = game.legal_actions()
            action = next((a for a in legal if a.step is Step.TAKE and str(a) != "pass"), legal[-1])
            tmux.type(str(action))
            tmux.keys("Enter")
            game.apply(action)
        screen = tmux.wait_for("End of your turn?")
        assert f"Your turn, {mover}" in screen and "Your hand" in screen
        tmux.keys("Enter")
    tmux.wait_for("Pass the keyboard to")
    tmux.type("g")
    screen = tmux.wait_for("Game log · 4 turns")
    assert "Turn 4" in screen and "Your hand" not in screen
    assert all(len(line) <= 80 for line in screen.splitlines())
    tmux.keys("Escape")
    tmux.wait_for("Pass the keyboard to")
    tmux.keys("C-c")
    tmux.wait_for("Quit the game?")
    tmux.type("y")
    screen = tmux.wait_for("exit status 0")
    assert "4 turns played" in screen


@pytest.mark.parametrize(("signal_name", "status"), [("SIGTERM", 143), ("SIGHUP", 129)])
def test_a_signal_leaves_the_alternate_screen_with_no_hand_left(tmux: Tmux, signal_name: str, status: int) -> None:
    start(tmux, "--seed", "5", "--names", *NAMES, width=80, height=24)
    tmux.wait_for("Pass the keyboard to")
    time.sleep(GUARD)
    tmux.keys("Enter")
    tmux.wait_for("Your hand")
    os.kill(tmux.program(), getattr(signal, signal_name))
    screen = tmux.wait_for(f"exit status {status}")
    # Left before the first turn ended, as a player quitting would; an unfinished game's seed stays hidden.
    assert "left before the first turn ended" in screen and "seed" not in screen
    everything = tmux.screen(history=True)
    assert "Your hand" not in everything and "Traceback" not in everything
    left = tmux.left()
    assert left.cooked and not left.alternate and left.cursor and left.processes == (), left


def test_ctrl_c_asks_before_quitting(tmux: Tmux) -> None:
    start(tmux, "--seed", "5", "--names", *NAMES, width=80, height=24)
    tmux.wait_for("Pass the keyboard to")
    tmux.keys("C-c")
    tmux.wait_for("Quit the game?")
    tmux.type("n")
    time.sleep(GUARD)
    tmux.keys("Enter")
    tmux.wait_for("Your hand")
    tmux.quit_game()


def test_the_names_are_asked_for_without_names(tmux: Tmux) -> None:
    start(tmux, "--seed", "4", "--first", "2", width=80, height=24)
    tmux.wait_for("Who plays?")
    tmux.type("Carla")
    tmux.keys("Enter")
    tmux.wait_for("Player 2's name")
    tmux.keys("Enter")  # keeps the default, Player 2
    screen = tmux.wait_for("Pass the keyboard to Player 2")  # --first 2
    assert "Carla" in screen


def _input_line(tmux: Tmux) -> str:
    return [row.rstrip() for row in tmux.screen().splitlines() if row.strip()][-1]


def test_an_over_long_line_keeps_the_prompt_and_a_readable_refusal(tmux: Tmux) -> None:
    start(tmux, "--seed", "11", width=80, height=24)
    tmux.wait_for("Who plays?")
    tmux.type("n" * 90)
    tmux.keys("Enter")
    tmux.wait_for("at most 20 characters")
    tmux.keys("C-u")
    time.sleep(0.3)
    assert _input_line(tmux) == "Player 1's name [Player 1]:"
    tmux.type("Anna")
    tmux.keys("Enter")
    tmux.wait_for("Player 2's name")
    tmux.type("Ben")
    tmux.keys("Enter")
    tmux.wait_for("Pass the keyboard to")
    time.sleep(GUARD)
    tmux.keys("Enter")
    screen = tmux.wait_for("Your hand")
    player = "Anna" if "Your turn, Anna" in screen else "Ben"
    tmux.type("x" * 100)
    time.sleep(0.3)
    line = _input_line(tmux)
    assert line.startswith(f"{player} > x") and len(line) <= 80  # the text scrolls, the prompt stays
    tmux.keys("Enter")
    screen = tmux.wait_for("is not an action")
    assert all(len(row.rstrip()) <= 80 for row in screen.splitlines())
    assert any(row.startswith("'xxx") for row in screen.splitlines())  # the refusal is whole on the left
    tmux.keys("C-u")
    time.sleep(0.3)
    assert _input_line(tmux) == f"{player} >"
    tmux.keys("C-c")
    tmux.wait_for("Quit the game?")
    tmux.type("y")
    tmux.wait_for("exit status 0")
