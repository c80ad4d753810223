"""Saving speed: what the autosave adds to each action, and what reading a record back costs.

A seeded random game is played through `Session.play` with `Autosave` attached, in a temporary data
directory; each action's time includes writing the whole record (temporary file, fsync, rename,
fsync of the folder), which is what a player waits for between a key and the redraw. Reading is
`read_record` of the finished game's file: parsing, checking and replaying every action. Prints
medians. Run: `python benchmarks/save_speed.py`.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        os.environ["FAMIGLIA_HOME"] = str(Path(home) / "saved")
        from famiglia.persistence import read_record
        from famiglia.tui.model.saving import Autosave
        from famiglia.tui.model.session import Screen, Session

        per_action: list[float] = []
        reads: list[float] = []
        for seed in range(args.games):
            session = Session(names=("Anna", "Ben"), seed=seed, confirm=False, handoff_guard=0)
            saver = Autosave.attach(session)
            rng = random.Random(seed)
            while session.screen is not Screen.END:
                if session.screen is Screen.HANDOFF:
                    session.drawn()
                    session.reveal()
                    continue
                assert session.game is not None
                legal = session.game.legal_actions()
                others = [a for a in legal if str(a) != "pass"] or legal
                start = time.perf_counter()
                session.play(rng.choice(others))
                per_action.append(time.perf_counter() - start)
            assert saver.path is not None
            start = time.perf_counter()
            read_record(saver.path)
            reads.append(time.perf_counter() - start)
            saver.close()
        print(f"actions played and saved: {len(per_action)}")
        print(f"median time per action, save included: {statistics.median(per_action) * 1000:.1f} ms "
              f"(95th percentile {statistics.quantiles(per_action, n=20)[-1] * 1000:.1f} ms)")
        print(f"median time to read a finished game back: {statistics.median(reads) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
