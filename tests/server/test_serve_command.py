"""`famiglia serve` as a command: what it prints, the host key it keeps, and stopping on Ctrl-C and SIGTERM."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from famiglia.persistence import Move, Record
from famiglia.server.hostkey import fingerprint, host_key
from famiglia.server.server import Server, Settings

pytestmark = pytest.mark.slow

START = 30.0  # seconds the command is given to start and to stop


def _start(home: Path, *args: str) -> tuple[subprocess.Popen[str], list[str]]:
    env = {**os.environ, "FAMIGLIA_HOME": str(home), "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen([sys.executable, "-m", "famiglia", "serve", "--port", "0", *args], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    end = time.monotonic() + START
    assert process.stdout is not None
    while time.monotonic() < end:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
        if "Ctrl-C stops" in line:
            return process, lines
    process.kill()
    raise AssertionError(f"famiglia serve did not start: {lines} {process.stderr.read() if process.stderr else ''}")


@pytest.mark.parametrize(("sig", "status"), [(signal.SIGINT, 0), (signal.SIGTERM, 143)])
def test_serve_prints_the_command_the_fingerprint_the_folder_and_stops_cleanly(tmp_path: Path, sig: int,
                                                                               status: int) -> None:
    process, lines = _start(tmp_path, "--seed", "5")
    text = "\n".join(lines)
    port = re.search(r"port (\d+)", lines[0]).group(1)
    assert "this machine only" in lines[0]
    assert f"ssh -p {port} NAME@127.0.0.1" in text
    assert fingerprint(host_key(tmp_path / "server")) in text
    assert re.search(r"SHA256:[A-Za-z0-9+/]{43} ", text)
    assert str(tmp_path) in text and "Ctrl-C stops the server" in text
    assert len(lines) <= 6
    process.send_signal(sig)
    out, err = process.communicate(timeout=START)
    assert process.returncode == status
    assert "stopped" in out and "Traceback" not in err + out


def test_serve_refuses_a_host_key_others_can_read_in_one_line(tmp_path: Path) -> None:
    host_key(tmp_path / "server")
    (tmp_path / "server" / "host_key").chmod(0o640)
    env = {**os.environ, "FAMIGLIA_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "famiglia", "serve", "--port", "0"], env=env, capture_output=True,
                          text=True, timeout=START)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "can be read by others" in done.stderr


def test_a_host_that_lets_others_in_says_so() -> None:
    server = Server(Settings(host="0.0.0.0", port=2222))
    assert "others can connect" in server.lines()[0]


def test_network_records_load_old_records_still_load_and_two_computers_are_still_refused() -> None:
    from famiglia.engine import Game
    from famiglia.persistence import RecordError

    game = Game.new(seed=3, names=("anna", "ben"))
    for seats in (("network", "network"), ("network", "cpu:easy"), ("human", "human"), ("human", "cpu:hard")):
        record = Record.new(game, seats=seats, id="1").with_moves([Move(game.to_move, game.legal_actions()[0])])
        assert Record.loads(record.dumps()).seats == seats
    with pytest.raises(RecordError, match="two computer seats"):
        Record.loads(Record.new(game, seats=("cpu:easy", "cpu:hard"), id="1").dumps())


def test_the_saved_games_commands_read_a_network_game(tmp_path: Path, monkeypatch, capsys) -> None:
    from famiglia.cli import main
    from famiglia.engine import Game
    from famiglia.persistence import Store

    monkeypatch.setenv("FAMIGLIA_HOME", str(tmp_path))
    game = Game.new(seed=3, names=("anna", "ben"))
    start = game.copy()
    moves = []
    from famiglia.ai import player

    while not game.is_over:
        action = player("greedy", seed=1).choose(game.view(game.to_move))
        moves.append(Move(game.to_move, action))
        game.apply(action)
    Store(tmp_path).create(Record.new(start, seats=("network", "network")).with_moves(moves), game)
    for command in (["games"], ["log", "1"], ["stats"], ["analyse", "1", "--level", "easy"]):
        assert main(command) == 0, command
    out = capsys.readouterr()
    assert "anna" in out.out and "Traceback" not in out.err
    assert main(["resume", "1"]) != 0  # played on by famiglia serve, said in one line
    assert "famiglia serve" in capsys.readouterr().err


def test_the_flags_of_serve_help_and_of_docs_serve_md_agree() -> None:
    """Every flag `famiglia serve --help` lists is in the table of docs/serve.md with the same default, and no other."""
    import argparse

    from famiglia import cli

    parser = cli.build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    serve = commands.choices["serve"]
    docs = (Path(__file__).resolve().parents[2] / "docs" / "serve.md").read_text(encoding="utf-8")
    table = docs.split("## The flags", 1)[1].split("\n## ", 1)[0]
    rows = {m.group(1): m.group(2).strip() for m in re.finditer(r"^\| `(--[a-z-]+)[^`]*` \| ([^|]*) \|", table,
                                                               flags=re.MULTILINE)}
    flags = {a.option_strings[-1]: a.default for a in serve._actions if a.option_strings and a.dest != "help"}
    assert set(rows) == set(flags)
    for flag, default in flags.items():
        shown = "none" if default is None else f"{default:g}" if isinstance(default, float) else str(default)
        assert rows[flag] == shown, f"{flag}: the docs say {rows[flag]}, --help {shown}"
        assert f"`{flag}" in docs.split("## The limits", 1)[1] or flag in ("--host", "--port", "--seed",
                                                                          "--password-file", "--authorized-keys")


def test_serve_speaks_the_runs_language_from_its_own_thread_too(tmp_path: Path) -> None:
    """The lines printed at the start and the one at the stop (said from the server's thread) are German."""
    from famiglia.phrasebook.catalogue import _, catalogue_for, speaking

    with speaking(catalogue_for("de")):
        ready, stopped = _("Ctrl-C stops the server; every table is saved."), _("stopped; every table is saved.")
    assert ready != "Ctrl-C stops the server; every table is saved."
    env = {**os.environ, "FAMIGLIA_HOME": str(tmp_path), "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen([sys.executable, "-m", "famiglia", "--lang", "de", "serve", "--port", "0"], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    lines: list[str] = []
    end = time.monotonic() + START
    while time.monotonic() < end and not any(ready in line for line in lines):
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line)
    assert any(ready in line for line in lines), lines
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=START)
    assert process.returncode == 0 and stopped in out and "Traceback" not in err + out
