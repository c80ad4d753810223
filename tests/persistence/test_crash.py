"""A kill at any moment leaves a whole save: the old one or the new one, never a torn file.

A child process plays seeded random games through the session with its autosave and reports each
finished action (how many, and a digest of the position) on stdout. It is killed with SIGKILL at a
random moment; the file left behind must parse, replay, and be the game of the last reported
action, or of the one after it (saved, but killed before it could say so).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from famiglia.persistence import read_record
from tests.persistence.helpers import home

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
KILLS = int(os.environ.get("FAMIGLIA_KILLS", "6"))

CHILD = """
import hashlib, json, random, sys
from famiglia.tui.model.saving import Autosave
from tests.drivers.session import new_session, step

seed = int(sys.argv[1])
session = new_session(seed, confirm=False)
Autosave.attach(session)
rng = random.Random(seed)
while True:
    if not step(session, rng):
        session.new_game()
        continue
    digest = hashlib.sha256(json.dumps(session.game.to_dict(), sort_keys=True).encode()).hexdigest()
    print(len(session.history), digest, flush=True)
"""


def digest(position: dict[str, object]) -> str:
    return hashlib.sha256(json.dumps(position, sort_keys=True).encode()).hexdigest()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is a POSIX signal")
@pytest.mark.parametrize("kill", range(KILLS))
def test_a_killed_game_leaves_a_save_of_its_last_action(kill: int) -> None:
    rng = random.Random(kill)
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(kill)], cwd=ROOT, stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert child.stdout is not None
    reports: list[tuple[int, str]] = []
    wanted = rng.randint(1, 60)
    try:
        while len(reports) < wanted:
            line = child.stdout.readline()
            if not line.endswith("\n"):  # the end, or a line the kill cut short
                break
            count, position = line.split()
            reports.append((int(count), position))
        time.sleep(rng.random() * 0.05)  # and a little more, so the kill lands anywhere in a save
    finally:
        child.send_signal(signal.SIGKILL)
        rest = child.communicate(timeout=20)[0]
    whole = rest.split("\n")[:-1]  # the last piece is what the kill cut short (or nothing)
    reports += [(int(c), d) for c, d in (line.split() for line in whole if line.strip())]
    assert reports, "the child played nothing"
    files = sorted(home().glob("game-*.json"), key=lambda p: int(p.stem.split("-")[1]))
    assert files
    for path in files:
        read_record(path)  # every file parses and replays: none is torn
    record = read_record(files[-1])
    game = record.game()
    # The reports since the last game began: the save holds the last one, or the one after it.
    since = [r for r in reports[[i for i, r in enumerate(reports) if r[0] == 1][-1]:]]
    last_count, last_digest = since[-1]
    if len(record.moves) == last_count:
        assert digest(game.to_dict()) == last_digest
    else:  # saved, not yet reported: the next action, or the first of a new game
        assert len(record.moves) in (last_count + 1, 1)
