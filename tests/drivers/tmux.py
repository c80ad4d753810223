"""The tmux driver: the program in a real terminal, typed into with send-keys and read with capture-pane.

One tmux server of the test's own (its own socket) runs one window, `game`, of a given size, with the
test's saved-data folders (tests/conftest.py). `launch` runs `famiglia ARGS` in it and, after it, says its
exit status and sleeps, so the screen it leaves can be read; `in_shell` types it into an interactive shell
instead, whose job control a test can use. Every wait polls the screen (or the processes) until what it
waits for is there, and fails after a bound with the screen in the message. What a command leaves behind
once it has ended, `Tmux.left`, is read from the window's terminal (`stty -a -F`) and the processes of its
session.

The `tmux` fixture skips where tmux is not installed, but under CI (`CI` set) a missing tmux fails.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

from .processes import children, processes, until

__all__ = ["NAMES", "ROOT", "Left", "Tmux", "against_the_computer", "famiglia", "in_shell", "launch",
           "over_after_the_computers_turn", "start", "take_or_pass", "tmux", "window"]

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("Anna", "Ben")
WAIT = 15.0  # seconds a wait for the screen may take before the test fails
TOO_SOON = "Wait a moment"  # the handoff's words for an Enter that came before it takes keys


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

    # -- waiting for the screen ---------------------------------------------------------------------------

    def wait_until(self, condition: Callable[[str], bool], what: str, timeout: float = WAIT) -> str:
        """The screen, once `condition(screen)` holds (asked every 50 ms); `what` it waited for, in the failure.

        A capture can catch a frame half written (the top new, the bottom rows still the last frame's): the
        screen is taken once a second capture right after it agrees.
        """
        deadline = time.monotonic() + timeout
        screen = self.screen()
        while True:
            late = time.monotonic() > deadline
            if condition(screen):
                again = self.screen()
                if again == screen:
                    return screen
                if late:
                    raise AssertionError(f"the screen did not settle while waiting for {what}:\n{again}")
                screen = again
                continue
            if late:
                raise AssertionError(f"timed out waiting for {what}:\n{screen}")
            time.sleep(0.05)
            screen = self.screen()

    def wait_for(self, text: str, timeout: float = WAIT) -> str:
        """The screen, once `text` is on it."""
        return self.wait_until(lambda screen: text in screen, f"{text!r} on the screen", timeout)

    def wait_any(self, *texts: str, timeout: float = 30.0) -> str:
        """The screen, once one of `texts` is on it."""
        return self.wait_until(lambda screen: any(text in screen for text in texts), f"one of {texts!r}", timeout)

    def settled(self, before: str | None = None, timeout: float = WAIT, quiet: float = 0.15) -> str:
        """The screen once it is no longer `before` (if given: what a key changes) and has stayed the same for
        `quiet` seconds: the program has drawn all that the key led to, however many frames that took."""
        deadline = time.monotonic() + timeout
        screen = self.wait_until(lambda screen: screen != before, "the screen to change", timeout)
        since = time.monotonic()
        while time.monotonic() - since < quiet:
            if time.monotonic() > deadline:
                raise AssertionError(f"the screen did not settle:\n{screen}")
            time.sleep(0.05)
            again = self.screen()
            if again != screen:
                screen, since = again, time.monotonic()
        return screen

    # -- what a player does ---------------------------------------------------------------------------------

    def enter_at_handoff(self, shows: str = "Your hand") -> str:
        """Enter at the handoff, as a player presses it once it takes keys; the screen once it `shows` the table.

        The handoff discards an Enter that comes too soon after it is drawn (R12.2) and then says so
        ("Wait a moment…") until it takes keys again: then Enter is pressed again.
        """
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            self.keys("Enter")
            screen = self.wait_any(shows, TOO_SOON, timeout=WAIT)
            if shows not in screen:
                screen = self.wait_until(lambda s: TOO_SOON not in s, "the handoff to take keys again")
            if shows in screen:
                return screen
        raise AssertionError(f"the handoff did not give way to {shows!r}:\n{self.screen()}")

    def quit_game(self) -> str:
        """Ctrl-C, then yes: the game is left as a player leaves it, with no traceback on the way out; the screen
        it leaves, with its exit status 0."""
        self.keys("C-c")
        self.wait_for("Quit the game?")
        self.type("y")
        screen = self.wait_for("exit status 0")
        assert "Traceback" not in self.screen(history=True)
        return screen

    # -- what runs in the window, and what it leaves ---------------------------------------------------------

    def pane(self, *fields: str) -> list[str]:
        """Fields of the window's pane, by tmux's names (`pane_pid`, `alternate_on`, ...)."""
        return self.run("display-message", "-p", "-t", "game", " ".join(f"#{{{f}}}" for f in fields)).split()

    def program(self) -> int:
        """The process id of the command the window's shell runs (famiglia)."""
        commands = [pid for pid, command in processes("--ppid", self.pane("pane_pid")[0])
                    if not command.startswith("sleep ")]
        assert len(commands) == 1, commands
        return int(commands[0])

    def left(self) -> Left:
        """What the command left behind in its window (read once it has ended, while the shell sleeps)."""
        tty, shell, alternate, cursor = self.pane("pane_tty", "pane_pid", "alternate_on", "cursor_flag")
        modes = subprocess.run(["stty", "-a", "-F", tty], capture_output=True, text=True, check=True).stdout
        running = tuple(command for pid, command in processes("--sid", shell)
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


@pytest.fixture
def tmux() -> Iterator[Tmux]:
    """A tmux server of the test's own, killed after it (tests that take it are marked `tmux`)."""
    if shutil.which("tmux") is None:
        if os.environ.get("CI"):
            pytest.fail("tmux is not installed: CI must install it (.ci/run does) so that this test runs")
        pytest.skip("tmux is not installed")
    server = Tmux(f"famiglia-test-{uuid.uuid4().hex[:8]}")
    try:
        yield server
    finally:
        subprocess.run(["tmux", "-L", server.socket, "kill-server"], capture_output=True, timeout=20, check=False)


def famiglia(*args: str) -> str:
    """The shell's words for `famiglia ARGS` run from the project's folder."""
    return f"cd {shlex.quote(str(ROOT))} && {shlex.join([sys.executable, '-m', 'famiglia', *args])}"


def window(tmux: Tmux, shell: list[str], width: int = 80, height: int = 24,
           env: Mapping[str, str] | None = None) -> None:
    """The window `game` of its own size running `shell`, with the test's saved-data folders (tests/conftest.py)
    and the variables of `env`."""
    given = {name: os.environ[name] for name in ("FAMIGLIA_HOME", "FAMIGLIA_CONFIG") if name in os.environ}
    given = {"TERM": "xterm-256color", "NO_COLOR": "", **given, **(env or {})}
    tmux.run("new-session", "-d", "-s", "game", "-x", str(width), "-y", str(height),
             *(arg for pair in given.items() for arg in ("-e", "=".join(pair))), *shell)


def launch(tmux: Tmux, *args: str, width: int = 100, height: int = 30, env: Mapping[str, str] | None = None) -> None:
    """`famiglia ARGS` in a window of its own (with the variables of `env`); after it, its exit status and time
    to read the screen it leaves."""
    window(tmux, ["sh", "-c", f"{famiglia(*args)}; echo \"exit status $?\"; sleep 60"], width, height, env)


def start(tmux: Tmux, *args: str, width: int = 100, height: int = 30) -> None:
    """`famiglia play ARGS` (see `launch`)."""
    launch(tmux, "play", *args, width=width, height=height)


def in_shell(tmux: Tmux, *args: str, width: int = 80, height: int = 24) -> None:
    """`famiglia ARGS` typed into an interactive shell, whose job control (`kill -TSTP`, `fg`) a test can use."""
    window(tmux, ["env", "PS1=shell$ ", "bash", "--norc", "-i"], width, height)
    tmux.wait_for("shell$")
    tmux.type(famiglia(*args))
    tmux.keys("Enter")


# -- the home screen's way to a game, as a player goes it -------------------------------------------------------

TURN = "Your turn, Anna"


def against_the_computer(tmux: Tmux) -> str:
    """From the home screen: a new game against the easy computer, Anna at the keyboard; her first table."""
    tmux.type("1")
    tmux.wait_for("Against the computer: easy")
    tmux.type("2")
    tmux.wait_for("Player 1's name")
    tmux.type("Anna")
    tmux.keys("Enter")
    return tmux.wait_for(TURN, timeout=30)


def take_or_pass(tmux: Tmux, screen: str) -> bool:
    """Take the first card on offer (its number), or pass; then confirm the turn's end. Whether it took: after
    a pass the computer may pass too, which ends the game at once (R8.5)."""
    offer = re.search(r"Take/pass\s+(\d+) ", screen)
    for attempt in range(2):
        if offer:
            tmux.type(offer.group(1))
            if int(offer.group(1)) >= 10 or "Take/pass" not in tmux.screen():
                tmux.keys("Enter")
        else:
            tmux.type("p")
        try:
            tmux.wait_for("End of your turn?", timeout=10 if attempt == 0 else WAIT)
            break
        except AssertionError:
            # On a machine under heavy load the frame read may be one the key arrived before (the turn's first
            # frame, redrawn once the computer's last action was on show), whose offer may be gone since: the
            # choice made again from the screen as it is now (its first take, or a pass), if it is still Anna's
            # turn with an empty line.
            now = tmux.screen()
            if attempt or TURN not in now or not now.rstrip().endswith(">"):
                raise
            offer = re.search(r"Take/pass\s+(\d+) ", now)
    tmux.keys("Enter")
    return offer is not None


def over_after_the_computers_turn(tmux: Tmux) -> bool:
    """Whether the game is over once the computer has played the turn after Anna's confirmed pass: the end, or
    Anna's turn again without the question of her last one (until the Enter is read, the frame is still the
    question's). The computer's own header may be on show for less than a capture takes, so it is not waited for."""
    screen = tmux.wait_until(lambda s: "Game over" in s or (TURN in s and "End of your turn?" not in s),
                             "the end, or Anna's next turn", timeout=30)
    return "Game over" in screen
