"""Ctrl-C as a terminal sends it (to the whole foreground process group of a `famiglia` command), and others.

`interrupted` starts the command in a group of its own, waits until its worker processes run (when it
spreads work over them) and a little longer, sends SIGINT to the group and collects what it printed.
It then checks that no process of the group is left running: a worker that outlives its parent is
work that nobody will read. `signalled` does the same with any signal, to the group or to famiglia
alone (a `kill`).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

__all__ = ["interrupted", "signalled", "still_running", "workers"]


def workers(pid: int) -> list[str]:
    """The process ids of `pid`'s children."""
    found = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True, check=False)
    return found.stdout.split()


def interrupted(*args: str, with_workers: bool, running: float, timeout: float) -> tuple[int, str, str]:
    """`python -m famiglia ARGS` interrupted after `running` seconds of work: its exit status, stdout, stderr.

    Raises `subprocess.TimeoutExpired` when it has not ended `timeout` seconds after the interrupt, and
    `AssertionError` when a process of its group is still alive after it ended.
    """
    return signalled(*args, number=signal.SIGINT, group=True, with_workers=with_workers, running=running,
                     timeout=timeout)


def signalled(*args: str, number: int, group: bool, with_workers: bool, running: float,
              timeout: float) -> tuple[int, str, str]:
    """`python -m famiglia ARGS` sent signal `number` after `running` seconds of work, as `interrupted` is.

    `group`: to the whole group, as a terminal sends Ctrl-C or a hangup; else to famiglia alone, as `kill`
    does. The exit status, stdout and stderr; stdout and stderr are read to their end, so whatever a
    worker still prints, even after famiglia itself is gone, is in them.
    """
    proc = subprocess.Popen([sys.executable, "-m", "famiglia", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 20
        while with_workers and not workers(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.1)  # the signal once the workers work, not while the interpreter still starts
        time.sleep(running)
        if group:
            os.killpg(proc.pid, number)
        else:
            os.kill(proc.pid, number)
        out, err = proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    deadline = time.monotonic() + 0.5
    while still_running(proc.pid):
        if time.monotonic() > deadline:
            raise AssertionError(f"a process of the signalled command is still running: {still_running(proc.pid)}")
        time.sleep(0.05)
    return proc.returncode, out, err


def still_running(session: int) -> list[str]:
    """The processes of `session` that still run (not those ended and not yet reaped): their ids."""
    found = subprocess.run(["ps", "-o", "pid=,stat=", "--sid", str(session)], capture_output=True, text=True,
                           check=False)
    return [line.split()[0] for line in found.stdout.splitlines() if line.split()[1:2] != ["Z"] and line.strip()]
