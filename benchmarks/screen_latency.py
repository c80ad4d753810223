"""Screen latency: keypress-to-redraw time of `famiglia play`, and the start-up time of `famiglia --help`.

Keypress to redraw: the real application (layout, keys, the rich→prompt_toolkit bridge) runs on a
pipe input and a dummy output of a given size; a key is sent, and the time until the redraw has
finished is measured. The positions are moments of seeded games at the start of a turn, so Streets,
hands and menus of every size are met. Each kind of redraw is timed on its own:

- an arrow key (↓) moving the highlight in the list of choices;
- a digit choosing an entry (or waiting for a second digit);
- an action typed and played (Enter), and its undo (Ctrl-Z), on the mover's screen;
- the same action on the opponent's screen: a second application showing the table from the other
  seat (the mover is a computer seat held back, so the action is played into it as its thread would);
  the screen a game server would redraw for the other player of the table;
- a resize, the terminal one column and one row larger and back.

The full table screen is also composed from scratch (no cache), through the bridge and into
prompt_toolkit's formatted text.

With the game log open: a game played to 60 turns (passes, never two in a row, make it last), the log
overlay opened with `g`, and the keys that scroll it (↑ ↓ PgUp PgDn Home End) timed to the redraw.

Start-up: `famiglia --help` in a fresh interpreter, as a player's shell runs it.

Prints medians over several runs and the ratio to the targets of the issue (< 50 ms, < 0.3 s).
Run: `python benchmarks/screen_latency.py` (`--sizes 80x24` for one size, `--games`/`--keys` for fewer).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import random
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

from prompt_toolkit.application import Application
from prompt_toolkit.data_structures import Size
from prompt_toolkit.formatted_text import ANSI, to_formatted_text
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import ColorDepth
from prompt_toolkit.output.vt100 import Vt100_Output

from famiglia.engine import Action, Game, Pass, Step
from famiglia.tui.model.session import HUMAN, Screen, Session
from famiglia.tui.shell.app import build_app, run_app
from famiglia.tui.shell.computer import Computer
from famiglia.tui.view.compose import compose

TARGET_REDRAW_MS = 50.0
TARGET_STARTUP_S = 0.3
DOWN = "\x1b[B"
UP = "\x1b[A"
CTRL_Z = "\x1a"
ESCAPE = "\x1b"
T = TypeVar("T")
SCROLL_KEYS = (UP, UP, "\x1b[5~", DOWN, "\x1b[6~", "\x1b[H", DOWN, "\x1b[F")  # ↑ ↑ PgUp ↓ PgDn Home ↓ End


class Terminal(Vt100_Output):
    """A terminal of 256 colours that a redraw is written to as to a real one (the bytes are kept in memory)."""

    def __init__(self, columns: int, rows: int) -> None:
        self.size = Size(rows=rows, columns=columns)
        super().__init__(io.StringIO(), lambda: self.size, term="xterm-256color",
                         default_color_depth=ColorDepth.DEPTH_8_BIT)


def positions(count: int, seed: int) -> list[Game]:
    """`count` moments at the start of a turn from seeded random games."""
    rng = random.Random(seed)
    found: list[Game] = []
    game_seed = seed
    while len(found) < count:
        g = Game.new(seed=game_seed, names=("Anna", "Ben"))
        game_seed += 1
        while not g.is_over and len(found) < count:
            if g.step.name == "REFRESH" and rng.random() < 0.3:
                found.append(g.copy())
            acts = g.legal_actions()
            others = [a for a in acts if str(a) != "pass"] or acts
            g.apply(rng.choice(others))
    return found


Times = dict[str, list[float]]


class Held(Computer):
    """The computer's seat of the opponent's screen: it never thinks or plays; the benchmark plays its actions."""

    def attach(self, app: Application[Any]) -> Computer:
        return self


class Screen_:
    """One running application on a pipe input and a terminal of a given size, and the redraws it is timed by."""

    def __init__(self, app: Application[int], pipe: PipeInput, terminal: Terminal) -> None:
        self.app = app
        self.pipe = pipe
        self.terminal = terminal

    async def _drawn(self, before: int, start: float) -> float:
        while self.app.render_counter == before or self.app.invalidated:
            await asyncio.sleep(0)
        return (time.perf_counter() - start) * 1000

    async def key(self, text: str) -> float:
        """Milliseconds from sending `text` to the end of the redraw it causes."""
        before, start = self.app.render_counter, time.perf_counter()
        self.pipe.send_text(text)
        return await self._drawn(before, start)

    async def change(self, change: Callable[[], object]) -> float:
        """Milliseconds from `change` (made on the loop, as the computer's thread plays) to the end of the redraw."""
        before, start = self.app.render_counter, time.perf_counter()
        change()
        self.app.invalidate()
        return await self._drawn(before, start)

    async def resize(self, columns: int, rows: int) -> float:
        """Milliseconds from a change of the terminal's size (as on SIGWINCH) to the end of the redraw."""
        before, start = self.app.render_counter, time.perf_counter()
        self.terminal.size = Size(rows=rows, columns=columns)
        self.app._on_resize()  # what prompt_toolkit's SIGWINCH handler calls
        return await self._drawn(before, start)


async def drive(session: Session, columns: int, rows: int, script: Callable[[Screen_], Awaitable[T]], *,
                computer: Computer | None = None) -> T:
    """Run the app on `session` and let `script` press keys on it."""
    with create_pipe_input() as pipe:
        terminal = Terminal(columns, rows)
        app: Application[int] = build_app(session, input=pipe, output=terminal, computer=computer)
        task = asyncio.create_task(run_app(app))
        while app.render_counter == 0:
            await asyncio.sleep(0.001)
        result = await script(Screen_(app, pipe, terminal))
        app.exit(result=0)
        await task
    return result


def _no_take(game: Game) -> list[Action]:
    return [a for a in game.legal_actions() if a.step is not Step.TAKE]


async def time_table_keys(game: Game, keys: int, columns: int, rows: int) -> Times:
    """The mover's screen: arrows, digits and Esc, actions and their undo, resizes."""
    session = Session.resume(game.copy(), handoff_guard=0)
    times: Times = {"arrow": [], "digit": [], "action": [], "undo": [], "resize": []}

    async def script(screen: Screen_) -> Times:
        while session.screen is Screen.HANDOFF:
            await screen.key("\r")
        legal = _no_take(game)
        for i in range(keys):
            times["arrow"].append(await screen.key(DOWN))
            if i % 2 == 0:
                before = len(session.history)
                times["digit"].append(await screen.key("1"))
                if len(session.history) > before:  # the entry was a whole action: it was played
                    await screen.key(CTRL_Z)
                elif session.turn.path or session.turn.pending:  # Esc waits for the key sequence timeout: not timed
                    await screen.key(ESCAPE)
            if legal and i % 4 == 3:
                times["action"].append(await screen.key(f"{legal[i % len(legal)]}\r"))
                times["undo"].append(await screen.key(CTRL_Z))
            if i % 4 == 1:
                times["resize"].append(await screen.resize(columns + 1, rows + 1))
                times["resize"].append(await screen.resize(columns, rows))
        return times

    await drive(session, columns, rows, script)
    return times


async def time_opponent(game: Game, actions: int, columns: int, rows: int) -> list[float]:
    """The opponent's screen: the table from the other seat, redrawn after each action of the mover."""
    times: list[float] = []
    for action in _no_take(game)[:actions]:
        seats = [HUMAN, HUMAN]
        seats[game.to_move] = "cpu:normal"  # held: the benchmark plays its actions
        session = Session.resume(game.copy(), seats=(seats[0], seats[1]), handoff_guard=0)

        async def script(screen: Screen_, action: Action = action, session: Session = session) -> float:
            await screen.key(DOWN)  # a first redraw of the table as it stands
            return await screen.change(lambda: session.play(action))

        times.append(await drive(session, columns, rows, script, computer=Held(session)))
    return times


def long_game(turns: int, seed: int) -> Session:
    """A session at the handoff after `turns` turns, with every turn in its log."""
    rng = random.Random(seed)
    game_seed = seed
    while True:
        session = Session(names=("Anna", "Ben"), seed=game_seed, handoff_guard=0, confirm=False)
        game_seed += 1
        while len(session.log) < turns and session.game is not None and not session.game.is_over:
            if session.screen is Screen.HANDOFF:
                session.drawn()
                session.reveal()
            game = session.game
            legal = game.legal_actions()
            others = [a for a in legal if not isinstance(a, Pass)]
            may_pass = game.view(None).passes == 0 and game.step is Step.REFRESH
            session.play(Pass() if may_pass and rng.random() < 0.5 else rng.choice(others or legal))
        if len(session.log) >= turns and session.screen is Screen.HANDOFF:
            return session


async def time_log_keys(session: Session, keys: int, columns: int, rows: int) -> list[float]:
    """Milliseconds from each scrolling key in the open game log to the end of its redraw."""

    async def script(screen: Screen_) -> list[float]:
        await screen.key("g")  # the first drawing of the log: made once, then only scrolled
        return [await screen.key(SCROLL_KEYS[i % len(SCROLL_KEYS)]) for i in range(keys)]

    return await drive(session, columns, rows, script)


def log_ms(games: int, keys: int, columns: int, rows: int, turns: int = 60) -> list[float]:
    times: list[float] = []
    for seed in range(games):
        times.extend(asyncio.run(time_log_keys(long_game(turns, seed), keys, columns, rows)))
    return times


def table_ms(games: int, keys: int, columns: int, rows: int) -> Times:
    times: Times = {}
    for game in positions(games, seed=11):
        for kind, found in asyncio.run(time_table_keys(game, keys, columns, rows)).items():
            times.setdefault(kind, []).extend(found)
        times.setdefault("opponent", []).extend(asyncio.run(time_opponent(game, max(1, keys // 4), columns, rows)))
    return times


def full_screen_ms(games: int, columns: int, rows: int) -> list[float]:
    """Milliseconds to compose the whole table screen with no cache and hand it to prompt_toolkit."""
    times: list[float] = []
    for game in positions(games, seed=11):
        session = Session.resume(game, handoff_guard=0)
        session.drawn()
        session.reveal()
        for _ in range(5):
            start = time.perf_counter()
            to_formatted_text(ANSI(compose(session, columns, rows - 1)))
            times.append((time.perf_counter() - start) * 1000)
    return times


def startup_s(runs: int) -> list[float]:
    script = shutil.which("famiglia", path=str(Path(sys.executable).parent))
    command = [script] if script else [sys.executable, "-m", "famiglia"]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([*command, "--help"], capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    return times


def report(what: str, value: float, unit: str, target: float, runs: str) -> None:
    verdict = "ok" if value < target else "SLOWER THAN THE TARGET"
    print(f"{what:<44} median {value:8.2f} {unit:<2} over {runs:<22} target < {target:g} {unit}: "
          f"{value / target:.2f} of it ({verdict})")


_KINDS = {
    "arrow": "arrow key (↓) to redraw",
    "digit": "digit key to redraw",
    "action": "action played, the mover's screen",
    "undo": "undo (Ctrl-Z), the mover's screen",
    "opponent": "action played, the opponent's screen",
    "resize": "resize to redraw",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="positions to press keys in (default 8)")
    parser.add_argument("--keys", type=int, default=24, help="keys per position (default 24)")
    parser.add_argument("--runs", type=int, default=7, help="start-ups of famiglia --help (default 7)")
    parser.add_argument("--sizes", default="80x24,120x40", help="terminal sizes (default 80x24,120x40)")
    args = parser.parse_args()
    for size in args.sizes.split(","):
        columns, rows = (int(n) for n in size.split("x"))
        for kind, found in table_ms(args.games, args.keys, columns, rows).items():
            report(f"{_KINDS[kind]}, {columns}x{rows}", statistics.median(found), "ms", TARGET_REDRAW_MS,
                   f"{len(found)} keys")
        times = full_screen_ms(args.games * 4, columns, rows)
        report(f"full table screen, no cache, {columns}x{rows}", statistics.median(times), "ms",
               TARGET_REDRAW_MS, f"{len(times)} screens")
        times = log_ms(max(1, args.games // 2), args.keys, columns, rows)
        report(f"game log of 60 turns, key to redraw, {columns}x{rows}", statistics.median(times), "ms",
               TARGET_REDRAW_MS, f"{len(times)} keys")
    times = startup_s(args.runs)
    report("famiglia --help start-up", statistics.median(times), "s", TARGET_STARTUP_S, f"{len(times)} runs")


if __name__ == "__main__":
    main()
