"""Load on `famiglia serve`: N tables of two SSH clients each pressing keys, timed from key to redraw on both screens.

The server is `famiglia serve` in a process of its own (127.0.0.1, a free port, a data directory of
its own), so its CPU and memory are its own; the clients are asyncssh connections in this process,
with a pty of 80×24. Each table is opened by one client (`n`, Enter), joined by the other by its
code, and then each of the two sends once a second, half a second apart, at a phase of its own.
What they send, `--keys`:

- `messages` (the default): a message to the table (`'`, a letter, Enter: three keys in one write),
  shown to both players, so every send redraws both screens;
- `typing`: one key a second, as a person types: the letters of the next action of the table's game
  in notation and its Enter where it is the player's turn (and the Enter that ends the turn after a
  take), the letters of a message otherwise; a letter redraws the sender's input line, an action or a
  message both screens;
- `moves`: the table's game played an action a second, each typed whole with its Enter in one write
  (and the Enter that ends a turn), a message while the other player is to move: every send a move,
  far faster than people play.

The clients know each table's deal (the server's `--seed`: table n deals seed SEED + n) and play random
legal actions; at the end the actions sent are counted against those saved in the tables' games, so a
run where the clients fell out of step with the tables says so. Each send is timed to the first byte of
the redraw arriving at the sender, and at the other player where that screen changes with it.

Printed: the median and 99th percentile of both times over the run, the server's resident memory
before the tables and after (and so per table), and the server's CPU time over the run's wall time
(1.0 is one core) and per key answered (both screens' redraws), and the clients' own CPU.
`--profile` runs the server in this process instead, under cProfile while the keys are pressed (not
while the tables are opened), for a few tables, and prints where its time goes (the clients' share is
in it too); `--sort tottime` orders it by each function's own time.

Run: `python benchmarks/serve_load.py --tables 10 25 100 --seconds 60`
     `python benchmarks/serve_load.py --tables 100 --seconds 60 --keys typing`
     `python benchmarks/serve_load.py --profile --tables 5 --seconds 10`
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import pstats
import random
import signal
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from sshclients import Screen, seat_two, start_server, status
from sshclients import cpu as cpu_seconds

from famiglia.engine import Action, Game, Pass, Take

SEED = 1  # the server's --seed: table n deals the game of seed SEED + n
KEYS = ("messages", "moves", "typing")


@dataclass
class Player(Screen):
    """One SSH client: what it has received, and the sends still waiting for the first byte of a redraw."""

    waiting: list[float] = field(default_factory=list)  # when each unanswered send was made (this client's own)
    watching: list[float] = field(default_factory=list)  # when each unanswered send of the partner was made
    own: list[float] = field(default_factory=list)  # seconds from own key to own redraw
    other: list[float] = field(default_factory=list)  # seconds from the partner's key to this screen's redraw
    counting: bool = False

    def data(self, data: bytes) -> None:
        now = time.perf_counter()
        self.keep(data)
        if not self.counting:
            return
        if self.waiting:
            self.own.append(now - self.waiting.pop(0))
            self.waiting.clear()
        if self.watching:
            self.other.append(now - self.watching.pop(0))
            self.watching.clear()


async def _table(port: int, n: int) -> tuple[Player, Player]:
    """A table opened by one client and joined by the other, both at the table."""
    return await seat_two(port, f"a{n}", f"b{n}", Player)


@dataclass
class Table:
    """What the clients of one table know of its game: the deal (the server's seeds go to the tables in the order
    they were opened) and every action sent to it, so the player to move can type a legal one."""

    game: Game
    confirming: int | None = None  # the seat whose take or pass waits for its Enter
    sent: int = 0  # actions sent to the table


Key = tuple[str, bool, Callable[[], None] | None]  # what is sent, whether the partner's screen shows it, what it does


@dataclass
class Typist:
    """One player's keys, a send a second (`KEYS`): `messages` sends a whole message to the table each time (three
    keys in one write); `moves` the next action of its game in notation and Enter in one write where it is this
    seat's turn (a message otherwise); `typing` one key at a time, the action's letters, then Enter, and the
    letters of a message while the other player is to move."""

    mode: str
    seat: int
    table: Table | None
    rng: random.Random
    queue: list[Key] = field(default_factory=list)
    count: int = 0

    def next(self) -> Key:
        if not self.queue:
            self.queue = self._refill()
        return self.queue.pop(0)

    def _refill(self) -> list[Key]:
        self.count += 1
        letter = "abcdefghij"[self.count % 10]
        message: list[Key] = [(f"'{letter}\r", True, None)]
        if self.mode == "typing":
            message = [("'", False, None), (letter, False, None), ("\r", True, None)]
        table = self.table
        if self.mode == "messages" or table is None:
            return message
        if table.confirming == self.seat:  # the Enter that ends the turn after a take or pass
            return [("\r", True, self._confirmed)]
        game = table.game
        if table.confirming is not None or game.is_over or game.to_move != self.seat:
            return message
        legal = game.legal_actions()
        action = self.rng.choice([a for a in legal if not isinstance(a, Pass)] or legal)  # passes end games early
        told = not isinstance(action, (Take, Pass))  # a take or pass is told once its Enter ends the turn
        typed = "p" if isinstance(action, Pass) else str(action) + "\r"  # p passes at once, on an empty line
        if self.mode == "moves":
            return [(typed, told, lambda: self._played(action))]
        return [*((c, False, None) for c in typed[:-1]), (typed[-1], told, lambda: self._played(action))]

    def _played(self, action: Action) -> None:
        assert self.table is not None
        self.table.game.apply(action)
        self.table.sent += 1
        if isinstance(action, (Take, Pass)):
            self.table.confirming = self.seat

    def _confirmed(self) -> None:
        assert self.table is not None
        self.table.confirming = None


async def _press(sender: Player, partner: Player, typist: Typist, phase: float, until: float) -> None:
    """A send once a second, from `phase` on: each waits for the sender's redraw, and for the partner's where the
    partner's screen changes with it."""
    await asyncio.sleep(phase)
    while time.perf_counter() < until:
        keys, seen, done = typist.next()
        now = time.perf_counter()
        sender.waiting.append(now)
        if seen:
            partner.watching.append(now)
        sender.chan.write(keys.encode())
        if done is not None:
            done()
        await asyncio.sleep(1.0)


def _percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def _load(port: int, tables: int, seconds: float, pid: int | None,
                profiler: cProfile.Profile | None = None, keys: str = "messages") -> dict[str, float]:
    """The tables opened and joined, then the keys pressed for `seconds` (under `profiler` alone, if given): the
    players' `Typist`s, which play the tables' games (the server's seeds from `SEED` on) unless only messages."""
    before = status(pid, "VmRSS") if pid else 0
    pairs = [await _table(port, n) for n in range(tables)]
    games = [Table(Game.new(seed=SEED + n, names=(f"a{n}", f"b{n}"))) for n in range(tables)]
    await asyncio.sleep(1.0)
    after = status(pid, "VmRSS") if pid else 0
    rng = random.Random(tables)
    players = [p for pair in pairs for p in pair]
    for p in players:
        p.counting = True
    start_cpu, start, clients = (cpu_seconds(pid) if pid else 0.0), time.perf_counter(), time.process_time()
    until = start + seconds
    phase = [rng.random() for _ in pairs]
    if profiler is not None:
        profiler.enable()
    await asyncio.gather(*(_press(a, b, Typist(keys, 0, games[i], rng), phase[i], until)
                           for i, (a, b) in enumerate(pairs)),
                         *(_press(b, a, Typist(keys, 1, games[i], rng), phase[i] + 0.5, until)
                           for i, (a, b) in enumerate(pairs)))
    await asyncio.sleep(1.0)
    if profiler is not None:
        profiler.disable()
    wall = time.perf_counter() - start
    cpu = (cpu_seconds(pid) - start_cpu) / wall if pid else 0.0
    clients = (time.process_time() - clients) / wall
    own = [x for p in players for x in p.own]
    other = [x for p in players for x in p.other]
    for p in players:
        p.conn.close()
    return {"own_median": statistics.median(own) * 1000, "own_p99": _percentile(own, 99) * 1000,
            "other_median": statistics.median(other) * 1000, "other_p99": _percentile(other, 99) * 1000,
            "keys": len(own), "per_key": (cpu * wall / len(own) * 1000) if own else 0.0,
            "memory": (after - before) / tables / 1e6, "rss": after / 1e6, "cpu": cpu,
            "clients": clients, "sent": sum(t.sent for t in games)}


def _start_server(home: Path, tables: int) -> tuple[subprocess.Popen[str], int]:
    limit = str(2 * tables + 8)
    return start_server(home, "--seed", str(SEED), "--max-connections", limit, "--max-per-address", limit)


def _report(tables: int, seconds: float, figures: dict[str, float]) -> None:
    print(f"{tables:4d} tables, {seconds:.0f} s, {figures['keys']:.0f} keys: "
          f"own redraw median {figures['own_median']:.1f} ms p99 {figures['own_p99']:.1f} ms; "
          f"the other's median {figures['other_median']:.1f} ms p99 {figures['other_p99']:.1f} ms; "
          f"memory {figures['memory']:.2f} MB a table (server {figures['rss']:.0f} MB); "
          f"server CPU {figures['cpu']:.2f} cores, {figures['per_key']:.0f} ms a key (both redraws); "
          f"the clients' CPU {figures['clients']:.2f} cores")


def measure(tables: int, seconds: float, keys: str = "messages") -> None:
    with tempfile.TemporaryDirectory() as home:
        process, port = _start_server(Path(home), tables)
        try:
            figures = asyncio.run(_load(port, tables, seconds, process.pid, keys=keys))
        finally:
            process.send_signal(signal.SIGINT)
            try:
                process.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
        played = _played(Path(home))
    _report(tables, seconds, figures)
    if keys != "messages":  # every action sent was played: the clients' games were the tables' games
        print(f"      actions sent {figures['sent']:.0f}, played on the tables {played}")


def _played(home: Path) -> int:
    """The actions in the saved games of a finished run."""
    count = 0
    for path in home.rglob("game-*.json"):
        if not path.name.endswith(".analysis.json"):
            count += len(json.loads(path.read_text(encoding="utf-8")).get("actions", []))
    return count


def profile(tables: int, seconds: float, order: str = "cumulative", keys: str = "messages") -> None:
    """The server in this process under cProfile: where a redraw's time goes."""
    from famiglia.server.limits import Limits
    from famiglia.server.server import Server, Settings

    async def main() -> None:
        with tempfile.TemporaryDirectory() as home:
            limit = 2 * tables + 8
            server = Server(Settings(host="127.0.0.1", port=0, seed=SEED, data=Path(home),
                                     limits=Limits(connections=limit, per_address=limit)))
            await server.start()
            try:
                profiler = cProfile.Profile()  # over the keys only: sitting down is timed apart
                figures = await _load(server.port, tables, seconds, None, profiler, keys=keys)
            finally:
                await server.stop()
        _report(tables, seconds, figures)
        print("(the server and the clients in one process, under cProfile: slower than measured above)")
        stats = pstats.Stats(profiler)
        stats.sort_stats(order).print_stats(35)

    asyncio.run(main())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 25])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--profile", action="store_true", help="the server in this process, under cProfile")
    parser.add_argument("--sort", default="cumulative", choices=("cumulative", "tottime"),
                        help="with --profile: the functions by their time with what they call, or by their own")
    parser.add_argument("--keys", default="messages", choices=KEYS,
                        help="what the players send each second (see Typist): a message to the table; their "
                             "game's next action, typed whole; or one key, as a person types")
    args = parser.parse_args()
    print(f"famiglia serve under load: {os.cpu_count()} cores; tables of two clients, a key a second each "
          f"({args.keys})")
    for tables in args.tables:
        if args.profile:
            profile(tables, args.seconds, args.sort, args.keys)
        else:
            measure(tables, args.seconds, args.keys)


if __name__ == "__main__":
    main()
