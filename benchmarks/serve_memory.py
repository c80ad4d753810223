"""A hostile client against `famiglia serve`: what a flood of keys and a burst of window changes cost the others.

The server is `famiglia serve` in a process of its own (127.0.0.1, a free port, a data directory of its
own), so its memory is its own; the clients are asyncssh connections in this process, with a pty of
80×24. Two clients sit at a table (one opens it, the other joins by its code); the one whose turn it is
is the hostile one. A third client, in the lobby, is the bystander: every `PROBE` seconds it presses
`?` (the help, on and off) and times the first byte of its redraw. In each round the hostile client

- `flood`: types `--flood-kb` kilobytes of plain letters into the table's input line, in one write (the
  SSH window paces it), as fast as the server reads them;
- `resize`: sends `--resizes` window changes in one burst, between two sizes.

A round ends when the server has settled (its CPU under a tenth of a core for half a second) or after
`--timeout` seconds. Printed for each round: the server's memory growth (its resident memory's peak,
`VmHWM` from /proc, over its resident memory before the round), how long the round took to settle,
and the median and the largest of the bystander's key-to-redraw times meanwhile, over `--rounds`
rounds each, with the medians of the rounds.

Run: `python benchmarks/serve_memory.py --flood-kb 1024 --resizes 1000 --rounds 3`
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import statistics
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sshclients import COLUMNS, ROWS, Screen, connect, seat_two, start_server, status
from sshclients import cpu as cpu_seconds
from sshclients import until as wait_until

from famiglia.engine import Game

SEED = 1  # the server's --seed: the table deals the game of this seed
PROBE = 0.1  # seconds between the bystander's keys


@dataclass
class Client(Screen):
    """One SSH client: what it has received (the last of it), and when its last key went unanswered."""

    sent: float | None = None
    answers: list[float] = field(default_factory=list)  # seconds from a key to the first byte of its redraw

    def data(self, data: bytes) -> None:
        now = time.perf_counter()
        self.keep(data)
        if self.sent is not None:
            self.answers.append(now - self.sent)
            self.sent = None


def _reset_peak(pid: int) -> bool:
    """Start the server's `VmHWM` again from its resident memory now (Linux 4.0 on); False where it cannot be."""
    try:
        Path(f"/proc/{pid}/clear_refs").write_text("5")
    except OSError:
        return False
    return True


async def _table(port: int) -> tuple[Client, Client]:
    """A table opened by one client and joined by the other, both at the table: (the one to move, the other)."""
    opener, joiner = await seat_two(port, "anna", "ben", Client)
    first = Game.new(seed=SEED, names=("anna", "ben")).to_move
    return (opener, joiner) if first == 0 else (joiner, opener)


async def _settled(pid: int, timeout: float) -> float | None:
    """Seconds until the server's CPU stays under a tenth of a core for half a second; None after `timeout`."""
    start = time.perf_counter()
    last = cpu_seconds(pid)
    while time.perf_counter() - start < timeout:
        await asyncio.sleep(0.5)
        now = cpu_seconds(pid)
        if now - last < 0.05:
            return time.perf_counter() - start - 0.5
        last = now
    return None


async def _probe(bystander: Client, stop: asyncio.Event) -> None:
    """The bystander's `?` every `PROBE` seconds, each timed to its redraw's first byte (unanswered keys wait)."""
    while not stop.is_set():
        if bystander.sent is None:
            bystander.sent = time.perf_counter()
            bystander.chan.write(b"?")
        await asyncio.sleep(PROBE)


async def _round(kind: str, hostile: Client, bystander: Client, pid: int, args: argparse.Namespace) -> dict[str, Any]:
    before = status(pid, "VmRSS")
    _reset_peak(pid)
    bystander.answers.clear()
    stop = asyncio.Event()
    probing = asyncio.create_task(_probe(bystander, stop))
    await asyncio.sleep(0.5)
    if kind == "flood":
        hostile.chan.write(b"a" * (args.flood_kb * 1024))
    else:
        for n in range(args.resizes):
            hostile.chan.change_terminal_size(COLUMNS + n % 2 * 40, ROWS + n % 2 * 10)
    took = await _settled(pid, args.timeout)
    stop.set()
    await probing
    if kind == "flood":  # the line left as the flood left it
        hostile.chan.write(b"\x15")  # Ctrl-U
    answers = bystander.answers or [float("nan")]
    if bystander.sent is not None:  # a key still unanswered at the end counts as waiting all along
        answers.append(time.perf_counter() - bystander.sent)
    return {"growth": (status(pid, "VmHWM") - before) / 1e6, "rss": status(pid, "VmRSS") / 1e6,
            "settled": took, "median": statistics.median(answers) * 1000, "worst": max(answers) * 1000,
            "keys": len(bystander.answers)}


async def _measure(port: int, pid: int, args: argparse.Namespace) -> None:
    hostile, other = await _table(port)
    bystander = await connect(port, "cleo", Client("cleo"))
    await wait_until(lambda: b"Lobby" in bystander.text(), "the bystander's lobby")
    await asyncio.sleep(1.0)
    kinds = [kind for kind in ("flood", "resize") if kind in args.kinds]
    for kind in kinds:
        rounds = []
        for n in range(args.rounds):
            figures = await _round(kind, hostile, bystander, pid, args)
            rounds.append(figures)
            settled = "not within the timeout" if figures["settled"] is None else f"in {figures['settled']:.1f} s"
            what = f"{args.flood_kb} kB typed" if kind == "flood" else f"{args.resizes} window changes"
            print(f"  {what}, round {n + 1}: server memory +{figures['growth']:.0f} MB at its peak "
                  f"(now {figures['rss']:.0f} MB), settled {settled}; the bystander's key answered in "
                  f"{figures['median']:.1f} ms at the median, {figures['worst']:.0f} ms at the slowest "
                  f"({figures['keys']} keys)")
        growth = statistics.median(r["growth"] for r in rounds)
        key = statistics.median(r["median"] for r in rounds)
        worst = statistics.median(r["worst"] for r in rounds)
        print(f"{kind}: medians of {len(rounds)} rounds: memory +{growth:.0f} MB, the bystander's key {key:.1f} ms "
              f"(slowest {worst:.0f} ms)")
    for client in (hostile, other, bystander):
        client.conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flood-kb", type=int, default=1024)
    parser.add_argument("--resizes", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--kinds", nargs="+", default=["flood", "resize"], choices=("flood", "resize"))
    args = parser.parse_args()
    print(f"famiglia serve against a hostile client: {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as home:
        process, port = start_server(Path(home, "--seed", str(SEED)))
        try:
            asyncio.run(_measure(port, process.pid, args))
        finally:
            process.send_signal(signal.SIGINT)
            try:
                process.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()


if __name__ == "__main__":
    main()
