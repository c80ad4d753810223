"""Screen latency: keypress-to-redraw time of `famiglia play`, and the start-up time of `famiglia --help`.

Keypress to redraw: the real application (layout, keys, the rich→prompt_toolkit bridge) runs on a
pipe input and a dummy 80x24 output; a key that changes the screen (an arrow moving the highlight in
the action list, or an action typed and undone) is sent, and the time until the redraw has finished
is measured. The application keeps the table's rows while the view is unchanged (an arrow only moves
the highlight), so the full-table figure is measured too: the whole screen composed from scratch,
table included, through the bridge and into prompt_toolkit's formatted text. The positions are
moments of seeded games, so Streets, hands and menus of every size are met.

With the game log open: a game played to 60 turns (passes, never two in a row, make it last), the log
overlay opened with `g`, and the keys that scroll it (↑ ↓ PgUp PgDn Home End) timed to the redraw.

Start-up: `famiglia --help` in a fresh interpreter, as a player's shell runs it.

Prints medians over several runs and the ratio to the targets of the issue (< 50 ms, < 0.3 s).
Run: `python benchmarks/screen_latency.py`.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from prompt_toolkit.application import Application
from prompt_toolkit.data_structures import Size
from prompt_toolkit.formatted_text import ANSI, to_formatted_text
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from famiglia.engine import Game, Pass, Step
from famiglia.tui.model.session import Screen, Session
from famiglia.tui.shell.app import build_app, run_app
from famiglia.tui.view.compose import compose

TARGET_REDRAW_MS = 50.0
TARGET_STARTUP_S = 0.3
DOWN = "\x1b[B"
UP = "\x1b[A"
CTRL_Z = "\x1a"
SCROLL_KEYS = (UP, UP, "\x1b[5~", DOWN, "\x1b[6~", "\x1b[H", DOWN, "\x1b[F")  # ↑ ↑ PgUp ↓ PgDn Home ↓ End


class Terminal(DummyOutput):
    def __init__(self, columns: int, rows: int) -> None:
        self.size = Size(rows=rows, columns=columns)

    def get_size(self) -> Size:
        return self.size


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


Redraw = Callable[[str], Awaitable[float]]
Script = Callable[[Redraw], Awaitable[list[float]]]


async def drive(session: Session, columns: int, rows: int, script: Script) -> list[float]:
    """Run the app on `session` and let `script` press keys; each `redraw(text)` gives its milliseconds."""
    with create_pipe_input() as pipe:
        app: Application[int] = build_app(session, input=pipe, output=Terminal(columns, rows))
        task = asyncio.create_task(run_app(app))

        async def redraw(text: str) -> float:
            """Milliseconds from sending `text` to the end of the redraw it causes."""
            before = app.render_counter
            start = time.perf_counter()
            pipe.send_text(text)
            while app.render_counter == before or app.invalidated:
                await asyncio.sleep(0)
            return (time.perf_counter() - start) * 1000

        while app.render_counter == 0:
            await asyncio.sleep(0.001)
        times = await script(redraw)
        app.exit(result=0)
        await task
    return times


async def time_keys(game: Game, keys: int, columns: int, rows: int) -> list[float]:
    """Milliseconds from each keypress on the table to the end of the redraw it causes."""
    session = Session.resume(game, handoff_guard=0)

    async def script(redraw: Redraw) -> list[float]:
        times: list[float] = []
        while session.screen is Screen.HANDOFF:
            await redraw("\r")
        legal = [a for a in game.legal_actions() if a.step.name != "TAKE"]
        for i in range(keys):
            if legal and i % 4 == 3:
                times.append(await redraw(f"{legal[i % len(legal)]}\r"))  # an action played ...
                times.append(await redraw(CTRL_Z))  # ... and taken back
            else:
                times.append(await redraw(DOWN))
        return times

    return await drive(session, columns, rows, script)


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

    async def script(redraw: Redraw) -> list[float]:
        await redraw("g")  # the first drawing of the log: made once, then only scrolled
        return [await redraw(SCROLL_KEYS[i % len(SCROLL_KEYS)]) for i in range(keys)]

    return await drive(session, columns, rows, script)


def log_ms(games: int, keys: int, columns: int, rows: int, turns: int = 60) -> list[float]:
    times: list[float] = []
    for seed in range(games):
        times.extend(asyncio.run(time_log_keys(long_game(turns, seed), keys, columns, rows)))
    return times


def redraw_ms(games: int, keys: int, columns: int, rows: int) -> list[float]:
    times: list[float] = []
    for game in positions(games, seed=11):
        times.extend(asyncio.run(time_keys(game, keys, columns, rows)))
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="positions to press keys in (default 8)")
    parser.add_argument("--keys", type=int, default=24, help="keys per position (default 24)")
    parser.add_argument("--runs", type=int, default=7, help="start-ups of famiglia --help (default 7)")
    args = parser.parse_args()
    for columns, rows in ((80, 24), (120, 40)):
        times = redraw_ms(args.games, args.keys, columns, rows)
        report(f"keypress to redraw at {columns}x{rows}", statistics.median(times), "ms", TARGET_REDRAW_MS,
               f"{len(times)} keys")
        times = full_screen_ms(args.games * 4, columns, rows)
        report(f"full table screen, no cache, at {columns}x{rows}", statistics.median(times), "ms",
               TARGET_REDRAW_MS, f"{len(times)} screens")
        times = log_ms(max(1, args.games // 2), args.keys, columns, rows)
        report(f"game log of 60 turns, key to redraw, {columns}x{rows}", statistics.median(times), "ms",
               TARGET_REDRAW_MS, f"{len(times)} keys")
    times = startup_s(args.runs)
    report("famiglia --help start-up", statistics.median(times), "s", TARGET_STARTUP_S, f"{len(times)} runs")


if __name__ == "__main__":
    main()
