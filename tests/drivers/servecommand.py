"""`famiglia serve` as a command in a process of its own: started, and either refused or stopped by Ctrl-C.

`run_serve` starts `python -m famiglia serve ARGS` in `home` (its data directory and working folder) and
reads what it prints until it says it is ready ("Ctrl-C stops the server") or ends; a server that started
is sent SIGINT at once. Every wait is bounded: a command that neither starts nor ends within `timeout`
seconds is killed and fails the test.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

__all__ = ["READY", "Served", "run_serve"]

READY = "Ctrl-C stops the server"  # the last line serve prints on starting (in English)


@dataclass(frozen=True, slots=True)
class Served:
    """What one `famiglia serve` did: its exit status, what it printed, and whether it said it was ready."""

    code: int
    out: str
    err: str
    ready: bool


def run_serve(home: Path, *args: str, env: dict[str, str] | None = None, timeout: float = 30.0) -> Served:
    """`famiglia serve ARGS` with its data in `home`, run in `home`, interrupted once it is ready (see the module)."""
    environment = {**os.environ, "FAMIGLIA_HOME": str(home), "PYTHONUNBUFFERED": "1", "LANG": "C.UTF-8",
                   **(env or {})}
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        if env is None or variable not in env:
            environment.pop(variable, None)
    process = subprocess.Popen([sys.executable, "-m", "famiglia", "serve", *args], env=environment, cwd=home,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    assert process.stdout is not None
    out = b""
    ready = False
    deadline = time.monotonic() + timeout
    try:
        while not ready and time.monotonic() < deadline:
            readable, _, _ = select.select([process.stdout], [], [], max(0.0, deadline - time.monotonic()))
            if not readable:
                break
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                break
            out += chunk
            ready = READY.encode() in out
        if ready:
            process.send_signal(signal.SIGINT)
        rest, err = process.communicate(timeout=max(1.0, deadline - time.monotonic()))
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    return Served(process.returncode, (out + rest).decode("utf-8", "replace"), err.decode("utf-8", "replace"), ready)
