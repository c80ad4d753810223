"""A seeded fuzzer over data directories as a stranger, a crash or a careless hand may leave them.

Each case builds a data directory and its surroundings at random — missing, a folder of any mode,
a link to one, a dangling link, a file, another user's folder (when the tests run as root), a
linked parent — and fills it with real games, copies whose inner id disagrees with their name,
links to files outside and inside, folders and broken files at game names, ids at their limits,
games never played a turn, and the temporary and lock files of killed famiglias. Then it runs the
saved-games commands and the store's verbs on it in a random order and checks what docs/records.md
promises: an exit status and one line per fault, never a traceback; nothing outside the data
directory changed, nothing inside it changed but by the verb that may; one answer about the folder
from every command; every listed game found by its id, no id listed twice; a new game listed.

`FAMIGLIA_FUZZ_DIRS=2000` for a longer search; the counts go to docs/records.md as tried / misbehaved.
"""

from __future__ import annotations

import os
import random
import shutil
import stat
from pathlib import Path

import pytest

from famiglia import cli
from famiglia.engine import Game, Step
from famiglia.persistence import MAX_ID, Move, Record, Store, StoreError
from famiglia.persistence.store import ENV
from tests.persistence.records import played

pytestmark = pytest.mark.slow

CASES = int(os.environ.get("FAMIGLIA_FUZZ_DIRS", "40"))
SEED = int(os.environ.get("FAMIGLIA_FUZZ_SEED", "0"))
IDS = ["1", "2", "3", "7", "999999999", "1000000000", str(MAX_ID), str(MAX_ID + 1), "9" * 256, "0", "", ".", "/",
       "game-2", "game-3.json", "-1", "\u0661", "1\x00", "../outside/victim.txt"]


def texts() -> dict[str, str]:
    finished, game = played(2, 2000)
    running, game2 = played(5, 40)
    deal = Game.new(seed=8, names=("Anna", "Ben"))
    take = next(a for a in deal.legal_actions() if a.step is Step.TAKE)
    never = Record.new(deal).with_moves([Move(deal.to_move, take)], confirmed=False)
    deal.apply(take)
    return {"finished": finished.dumps(game), "running": running.dumps(game2), "never": never.dumps(deal)}


TEXTS = texts()


def tree(base: Path, skip: Path | None) -> dict[str, object]:
    """Everything under `base` (but `skip`, however reached): bytes of files, targets of links, modes of folders."""
    skips = set() if skip is None else {skip, skip.parent.resolve() / skip.name}
    out: dict[str, object] = {}
    for folder, dirs, files in os.walk(base, followlinks=False):
        here = Path(folder)
        if here in skips or skips & set(here.parents):
            dirs[:] = []
            continue
        out[str(here)] = ("dir", stat.S_IMODE(os.lstat(here).st_mode))
        for name in [*files, *dirs]:
            path = here / name
            if path in skips:
                continue
            if path.is_symlink():
                out[str(path)] = ("link", os.readlink(path))
            elif path.is_file():
                out[str(path)] = ("file", path.read_bytes(), os.lstat(path).st_mtime_ns)
    return out


def arrange(rng: random.Random, base: Path) -> tuple[Path, str]:
    """A data directory and its surroundings; returns the root and what kind of root it is."""
    outside = base / "outside"
    outside.mkdir()
    (outside / "victim.txt").write_text("precious\n")
    (outside / "game-1.json").write_text(TEXTS["running"])
    parent = base
    if rng.random() < 0.2:
        (base / "real-parent").mkdir()
        (base / "parent").symlink_to(base / "real-parent")
        parent = base / "parent"
    root = parent / "famiglia"
    kinds = ["missing", "folder", "folder", "folder", "folder", "link", "dangling", "file"]
    if os.geteuid() == 0:
        kinds.append("foreign")
    kind = rng.choice(kinds)
    if kind == "link":
        (outside / "data").mkdir()
        root.symlink_to(outside / "data")
        fill(rng, outside / "data", outside)
    elif kind == "dangling":
        root.symlink_to(base / "nowhere")
    elif kind == "file":
        root.write_text("not a folder\n")
    elif kind in ("folder", "foreign"):
        root.mkdir()
        os.chmod(root, rng.choice([0o700, 0o755, 0o777, 0o1777, 0o750]))
        fill(rng, root, outside)
        if kind == "foreign":
            os.chown(root, 4321, 4321)
    return root, kind


def fill(rng: random.Random, root: Path, outside: Path) -> None:
    numbers = ["1", "2", "3", "4", "7", "999999999", str(MAX_ID), "12", "30"]
    for _ in range(rng.randrange(0, 9)):
        name = f"game-{rng.choice(numbers)}.json"
        at = root / name
        if os.path.lexists(at):
            continue
        what = rng.randrange(10)
        if what <= 2:
            at.write_text(TEXTS[rng.choice(["finished", "running", "running"])])
        elif what == 3:
            at.write_text(TEXTS["never"])
        elif what == 4:
            at.symlink_to(rng.choice([outside / "victim.txt", outside / "game-1.json", outside / "nothing.json"]))
        elif what == 5:
            others = sorted(p for p in root.glob("game-*.json") if p.is_file() and not p.is_symlink())
            if others:
                at.symlink_to(others[0])
        elif what == 6:
            at.mkdir()
        elif what == 7:
            at.write_bytes(rng.choice([b"", b"{ broken", b"\xff\xfe", TEXTS["running"][:300].encode()]))
        elif what == 8:
            shutil.copy(outside / "game-1.json", at)  # a copy: its inner id says something else
            os.chmod(at, rng.choice([0o600, 0o644, 0o666]))
        else:
            at.write_text(TEXTS["running"])
            if os.geteuid() == 0:
                os.chown(at, 4321, 4321)
    for _ in range(rng.randrange(0, 3)):
        temp = root / f".saving-{rng.randrange(16**12):012x}.tmp"
        temp.write_text("{")
        os.utime(temp, (1, 1))
    for _ in range(rng.randrange(0, 3)):
        (root / f".game-{rng.choice(numbers)}.lock").write_text("")
    if rng.random() < 0.2:
        (root / f"game-{'9' * 30}.json").write_text(TEXTS["running"])  # past the id pattern: no game of ours


def one_line(code: int, err: str) -> str | None:
    if code not in (0, 1, 2):
        return f"exit status {code}"
    if "Traceback" in err:
        return "a traceback"
    for line in err.splitlines():
        if not line.startswith("famiglia: ") or not line.isprintable() or len(line) > 600:
            return f"a line that is not one of ours: {line!r}"
    return None


def fuzz_case(rng: random.Random, base: Path, monkeypatch: pytest.MonkeyPatch,
              capsys: pytest.CaptureFixture[str]) -> list[str]:
    """Build one directory, run a few verbs on it, and return what misbehaved (nothing, if all is well)."""
    root, kind = arrange(rng, base)
    monkeypatch.setenv(ENV, str(root))
    ours = kind in ("folder", "missing")
    mode_before = stat.S_IMODE(os.lstat(root).st_mode) if kind == "folder" else None
    wrong: list[str] = []
    folder_line: str | None = None
    for _ in range(rng.randint(3, 7)):
        before = tree(base, root if ours else None)
        inside = tree(root, None) if ours and root.exists() else {}
        verb = rng.choice(["games", "games", "log", "resume", "replay", "delete", "create", "tidy", "load"])
        target = rng.choice([*IDS, *listed_ids(capsys)])
        args = {"games": ["games"], "log": ["log", target], "resume": ["resume", target],
                "replay": ["replay", target], "delete": ["games", "--delete", target, "--yes"],
                "load": ["play", "--load", str(rng.choice([*root.parent.glob("famiglia/game-*.json"),
                                                           base / "outside" / "game-1.json"]))]}.get(verb)
        if args is not None:
            code = cli.main(args)
            captured = capsys.readouterr()
            fault = one_line(code, captured.err)
            if fault:
                wrong.append(f"{verb} {args}: {fault}")
            for line in captured.err.splitlines():
                if "the folder for saved games" in line:
                    if folder_line not in (None, line):
                        wrong.append(f"two answers about the folder: {folder_line!r} and {line!r}")
                    folder_line = line
            if verb == "games" and code == 0:
                ids = [row.split()[0] for row in captured.out.splitlines()[1:] if row and row[0].isdigit()]
                if len(ids) != len(set(ids)):
                    wrong.append(f"an id listed twice: {ids}")
                for id in ids:
                    if cli.main(["log", id]) != 0:
                        wrong.append(f"game {id} is listed but 'log {id}' fails: {capsys.readouterr().err!r}")
                    capsys.readouterr()
        else:
            record, game = played(rng.randrange(100), 30)
            try:
                store = Store()
                if verb == "create":
                    path, numbered = store.create(record, game)
                    store.lock(numbered.id).release()
                    if numbered.id not in {str(e.number) for e in Store().entries()}:
                        wrong.append(f"new game {numbered.id} is not listed")
                    if path.parent != root:
                        wrong.append(f"a new game written at {path}")
                else:
                    store.tidy()
            except StoreError:
                pass  # the store's refusal, in one line; anything else is a find
            except Exception as error:
                wrong.append(f"{verb}: {type(error).__name__}: {error}")
        after = tree(base, root if ours else None)
        if after != before:
            changed = sorted(k for k in {*before, *after} if before.get(k) != after.get(k))
            wrong.append(f"{verb} {args}: changed outside the data directory: {changed}")
        if ours and verb in ("games", "log", "resume", "replay", "load") and root.exists():
            now = tree(root, None)
            changed = sorted(k for k in {*inside, *now} if inside.get(k) != now.get(k)
                             and not Path(k).name.startswith(".") and k != str(root))
            if changed:
                wrong.append(f"{verb} {args}: changed inside the data directory: {changed}")
    if mode_before is not None and stat.S_IMODE(os.lstat(root).st_mode) != mode_before:
        wrong.append(f"the folder's mode changed from {mode_before:o}")
    if kind == "missing" and root.exists() and stat.S_IMODE(os.lstat(root).st_mode) != 0o700:
        wrong.append("a folder made with another mode than 0700")
    return wrong


def listed_ids(capsys: pytest.CaptureFixture[str]) -> list[str]:
    try:
        return [str(e.number) for e in Store().entries()]
    except StoreError:  # a folder the store refuses lists nothing
        return []


def test_data_directories_as_found_keep_every_promise(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(SEED)
    misbehaved = []
    for case in range(CASES):
        base = tmp_path / f"case-{case}"
        base.mkdir()
        wrong = fuzz_case(rng, base, monkeypatch, capsys)
        if wrong:
            misbehaved.append((case, wrong))
    with capsys.disabled():
        print(f"\ndata directories: tried {CASES}, misbehaved {len(misbehaved)}")
    assert not misbehaved, misbehaved[:3]
