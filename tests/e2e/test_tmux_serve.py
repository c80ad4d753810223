"""`famiglia serve` joined with the real OpenSSH client, each player in a terminal of their own, read as they read it.

tmux runs the server (started here, on 127.0.0.1 with a free port) and one `ssh` per person: Anna
opens a table, Ben joins it by its code, Cleo watches. ssh checks the host key against a known-hosts
file holding only the key the server printed the fingerprint of (`StrictHostKeyChecking=yes`), so a
server that showed one key and used another fails here. Ben's connection drops and comes back with
his seat word, then Ctrl-C stops the server, and each of them is told so in one line.

It needs tmux and ssh (`openssh-client`); without them it is skipped on a developer's machine, but
under CI (`CI` set) a missing one fails it: `.ci/run` installs both.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
from pathlib import Path

import asyncssh
import pytest

from famiglia.server.hostkey import fingerprint, host_key
from tests.drivers.processes import until
from tests.drivers.tmux import ROOT, Tmux

WAIT = 20.0  # seconds a screen is given to show what is waited for
SEED = 7


def _needs_ssh() -> None:
    if shutil.which("ssh") is None:
        if os.environ.get("CI"):
            pytest.fail("ssh is not installed: CI must install openssh-client (.ci/run does) so that this test runs")
        pytest.skip("ssh (openssh-client) is not installed")


def _screen(tmux: Tmux, who: str) -> str:
    return tmux.run("capture-pane", "-p", "-t", who)


def _wait(tmux: Tmux, who: str, text: str) -> str:
    until(lambda: text in _screen(tmux, who), f"{text!r} on {who}'s screen", timeout=WAIT)
    return _screen(tmux, who)


def _window(tmux: Tmux, who: str, command: str, home: Path) -> None:
    """A terminal of `who`'s own running `command`; its shell outlives a Ctrl-C to say the exit status."""
    tmux.run("new-session", "-d", "-s", who, "-x", "100", "-y", "32", "-e", "TERM=xterm-256color",
             "-e", f"FAMIGLIA_HOME={home}", "sh", "-c", f"trap : INT; {command}; echo \"exit status $?\"; sleep 60")


def _ssh(port: int, user: str, known: Path, key: Path | None) -> str:
    options = ["-F", "/dev/null", "-p", str(port), "-o", "StrictHostKeyChecking=yes",
               "-o", f"UserKnownHostsFile={known}", "-o", "GlobalKnownHostsFile=/dev/null",
               "-o", "ConnectTimeout=10", "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none"]
    options += ["-i", str(key)] if key is not None else ["-o", "PubkeyAuthentication=no"]
    return shlex.join(["ssh", *options, f"{user}@127.0.0.1"])


def _mover(tmux: Tmux, players: tuple[str, str]) -> str:
    """Whose header says 'Your turn' (each screen says it only to its own player)."""
    found: list[str] = []

    def one() -> bool:
        found[:] = [who for who in players if "Your turn" in _screen(tmux, who)]
        return len(found) == 1

    until(one, "one player whose turn it is", timeout=WAIT)
    return found[0]


def _turn(tmux: Tmux, players: tuple[str, str], key: str) -> None:
    """The player whose turn it is presses `key` (p passes, 1 takes the first card offered), confirms with
    Enter, and the other's screen says it is theirs."""
    mover = _mover(tmux, players)
    other = players[1 - players.index(mover)]
    tmux.run("send-keys", "-t", mover, key)
    _wait(tmux, mover, "End of your turn?")
    tmux.run("send-keys", "-t", mover, "Enter")
    _wait(tmux, other, "Your turn")


def test_two_players_and_a_watcher_over_openssh_a_dropped_seat_back_and_ctrl_c(tmux: Tmux, tmp_path: Path) -> None:
    _needs_ssh()
    home = tmp_path / "home"
    home.mkdir()
    famiglia = shlex.join([sys.executable, "-m", "famiglia", "serve", "--port", "0", "--seed", str(SEED)])
    _window(tmux, "server", f"cd {shlex.quote(str(ROOT))} && {famiglia}", home)
    started = _wait(tmux, "server", "Ctrl-C stops the server")
    port = int(re.search(r"port (\d+)", started).group(1))
    assert f"ssh -p {port} NAME@127.0.0.1" in started

    # ssh trusts only the key whose fingerprint the server printed.
    key = host_key(home / "server")
    assert fingerprint(key) in started
    known = tmp_path / "known_hosts"
    known.write_text(f"[127.0.0.1]:{port} {key.export_public_key().decode().split()[0]} "
                     f"{key.export_public_key().decode().split()[1]}\n")
    anna_key = tmp_path / "anna_key"
    asyncssh.generate_private_key("ssh-ed25519").write_private_key(str(anna_key))
    anna_key.chmod(0o600)

    _window(tmux, "anna", _ssh(port, "anna", known, anna_key), home)
    _wait(tmux, "anna", "Lobby")
    tmux.run("send-keys", "-t", "anna", "n")
    _wait(tmux, "anna", "Open the table")
    tmux.run("send-keys", "-t", "anna", "Enter")
    waiting = _wait(tmux, "anna", "Waiting for a second player")
    code = re.search(r"table ([A-Z2-9]{4})", waiting).group(1)
    assert f"ssh -p {port} NAME+{code}@127.0.0.1" in waiting

    _window(tmux, "ben", _ssh(port, f"ben+{code}", known, None), home)
    ben = _wait(tmux, "ben", "Your hand")
    word = re.search(r"Your seat word for table \w+ is ([a-z2-9]{4}-[a-z2-9]{4})", ben).group(1)
    _wait(tmux, "anna", "Your hand")
    players = ("anna", "ben")
    _turn(tmux, players, "p")  # seed 7: Ben starts at his take, and passes
    _turn(tmux, players, "1")  # Anna takes the M0 (a second pass in a row would end the game, R8.5)

    _window(tmux, "cleo", _ssh(port, f"cleo+{code}", known, None), home)
    watching = _wait(tmux, "cleo", f"watching table {code}")
    assert "Your hand" not in watching and "cards in hand" in watching

    # Ben's connection drops: Anna is told, and Ben comes back with his seat word to the same moment.
    before = _screen(tmux, "anna")
    tmux.run("kill-session", "-t", "ben")
    _wait(tmux, "anna", "lost the connection")
    _window(tmux, "ben", _ssh(port, f"ben+{code}", known, None), home)
    _wait(tmux, "ben", "Seat word")
    tmux.run("send-keys", "-t", "ben", "-l", word)
    tmux.run("send-keys", "-t", "ben", "Enter")
    _wait(tmux, "ben", "Your hand")
    _wait(tmux, "anna", "at the table")
    assert _mover(tmux, players) == ("anna" if "Your turn" in before else "ben")
    _turn(tmux, players, "p")

    # Ctrl-C on the server: every table saved, each client told in one line and let go.
    tmux.run("send-keys", "-t", "server", "C-c")
    assert "stopped; every table is saved" in _wait(tmux, "server", "exit status 0")
    for who in players:
        said = _wait(tmux, who, "exit status")
        assert f"the server is stopping; your game is saved as table {code}." in said, said
    said = _wait(tmux, "cleo", "exit status")
    assert f"the server is stopping; table {code}, which you watched, is saved." in said, said
    for who in ("server", *players, "cleo"):
        assert "Traceback" not in tmux.run("capture-pane", "-p", "-t", who, "-S", "-")
