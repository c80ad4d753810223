"""Ctrl-C as a terminal sends it: to the whole foreground process group of a `famiglia` command.

`interrupted` starts the command in a group of its own, waits until its worker processes run (when it
spreads work over them) and a little longer, sends SIGINT to the group and collects what it printed.
It then checks that no process of the group is left running: a worker that outlives its parent is
work that nobody will read.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

__all__ = ["interrupted", "workers"]


def workers(pid: int) -> list[str]:
    """The process ids of `pid`'s children."""
    found = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True, check=False)
    return found.stdout.split()


def interrupted(*args: str, with_workers: bool, running: float, timeout: float) -> tuple[int, str, str]:
    """`python -m famiglia ARGS` interrupted after `running` seconds of work: its exit status, stdout, stderr.

    Raises `subprocess.TimeoutExpired` when it has not ended `timeout` seconds after the interrupt, and
    `AssertionError` when a process of its group is still alive after it ended.
    """
    proc = subprocess.Popen([sys.executable, "-m", "famiglia", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 20
        while with_workers and not workers(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.1)  # Ctrl-C once the workers work, not while the interpreter still starts
        time.sleep(running)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    time.sleep(0.5)
    try:
        os.killpg(proc.pid, 0)
    except ProcessLookupError:
        return proc.returncode, out, err
    raise AssertionError("a process of the interrupted command is still running")
