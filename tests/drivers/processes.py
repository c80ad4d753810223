"""A `famiglia` command in a process group of its own, signalled as a terminal or a `kill` signals it, and the
processes it leaves behind.

`interrupted` sends Ctrl-C as a terminal sends it (SIGINT to the whole foreground process group),
`signalled` any signal, to the group or to famiglia alone (a `kill`). Each starts the command, waits until
its worker processes run (when it spreads work over them) and `running` seconds more of work, signals it
and collects what it printed; then it checks that no process of the group is left running: a worker that
outlives its parent is work that nobody will read. `children`, `workers` and `still_running` read what runs
(the tmux driver uses them for what a window's command leaves).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable

__all__ = ["children", "interrupted", "processes", "signalled", "still_running", "until", "workers"]


def until(condition: Callable[[], object], what: str, timeout: float = 15.0) -> None:
    """Wait until `condition()` holds, asking again every 50 ms; `what` it waited for, in the failure."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def processes(*selection: str) -> list[tuple[str, str]]:
    """The processes `ps` selects (`--ppid PID`, `--sid SID`): each one's id and command line."""
    listed = subprocess.run(["ps", "-o", "pid=,args=", *selection], capture_output=True, text=True, check=False)
    found = []
    for line in listed.stdout.splitlines():
        pid, _, command = line.strip().partition(" ")
        if pid:
            found.append((pid, command.strip()))
    return found


def children(pid: int) -> list[str]:
    """The command lines of the processes `pid` started that are still running (workers, a pager)."""
    return [command for _, command in processes("--ppid", str(pid))]


def workers(pid: int) -> list[str]:
    """The process ids of `pid`'s children."""
    return [child for child, _ in processes("--ppid", str(pid))]


def still_running(session: int) -> list[str]:
    """The processes of `session` that still run (not those ended and not yet reaped): their ids."""
    found = subprocess.run(["ps", "-o", "pid=,stat=", "--sid", str(session)], capture_output=True, text=True,
                           check=False)
    return [line.split()[0] for line in found.stdout.splitlines() if line.split()[1:2] != ["Z"] and line.strip()]


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
    worker still prints, even after famiglia itself is gone, is in them. `running` is how long the work
    goes on before the signal (the signal comes in the middle of it, wherever that is), not a wait for
    anything to happen: what must have happened first, the workers at work, is waited for.
    """
    proc = subprocess.Popen([sys.executable, "-m", "famiglia", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        if with_workers:  # the signal once the workers work, not while the interpreter still starts
            until(lambda: workers(proc.pid), "the workers", timeout=20)
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
    until(lambda: not still_running(proc.pid), "the end of every process of the signalled command", timeout=0.5)
    return proc.returncode, out, err
