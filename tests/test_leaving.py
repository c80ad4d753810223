"""The leaving signals (SIGTERM, SIGHUP) of one run: `famiglia.leaving`, and the commands that spread work over
processes, which must end with all their workers and print nothing (`famiglia.ai.workers`).

The screens themselves are signalled in a real terminal: tests/e2e/test_tmux_signals.py.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from famiglia.leaving import Leave, Leaving, leaving
from tests.drivers.processes import signalled, still_running, until, workers
from tests.persistence.records import saved_game

pytestmark = [pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGTERM and SIGHUP here"), pytest.mark.slow]


def _raised_by(number: int) -> None:
    """Send `number` to this process and give its handler the moment it needs to run."""
    os.kill(os.getpid(), number)
    for _ in range(100):  # the handler runs between two bytecodes of the main thread
        time.sleep(0.01)


def test_a_signal_off_the_screen_raises_leave_with_its_exit_status_and_the_handlers_come_back() -> None:
    before = signal.getsignal(signal.SIGTERM)
    with Leaving() as run:
        with pytest.raises(Leave) as raised:
            _raised_by(signal.SIGHUP)
        assert raised.value.code == 129 == run.code
        _raised_by(signal.SIGTERM)  # a second signal while leaving: nothing more
        assert run.code == 129
    assert signal.getsignal(signal.SIGTERM) is before


def test_a_signal_on_a_screen_asks_the_screen_to_end_and_no_screen_opens_after_it() -> None:
    asked: list[int] = []
    with Leaving() as run:
        with run.showing(asked.append):
            _raised_by(signal.SIGTERM)  # no Leave here: the screen ends by its own way out
        assert asked == [143]
        with pytest.raises(Leave), run.showing(asked.append):
            pytest.fail("a screen opened after a leaving signal")


def test_a_held_block_finishes_before_the_signal_ends_the_program() -> None:
    done = []
    with Leaving() as run, pytest.raises(Leave) as raised, run.held():
        _raised_by(signal.SIGTERM)
        done.append("the last save")
    assert done == ["the last save"] and raised.value.code == 143


def test_a_held_block_that_fails_lets_its_error_through() -> None:
    with Leaving() as run, pytest.raises(ZeroDivisionError), run.held():
        _raised_by(signal.SIGTERM)
        1 / 0  # noqa: B018


def test_a_run_inside_a_run_is_the_same_run() -> None:
    with leaving() as outer, leaving() as inner:
        assert inner is outer
    with leaving() as again:
        assert again is not outer


# -- work spread over processes ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "status"), [("SIGTERM", 143), ("SIGHUP", 129)])
def test_a_kill_of_an_analysis_stops_every_worker_at_once_and_nothing_is_printed(name: str, status: int) -> None:
    path, _ = saved_game(seed=3, limit=500)
    code, out, err = signalled("analyse", str(path), "--jobs", "2", number=getattr(signal, name), group=False,
                               with_workers=True, running=0.5, timeout=20)
    assert (code, out, err) == (status, "", "")  # no BrokenPipeError from a worker after famiglia has gone


def test_a_kill_of_a_match_stops_every_worker() -> None:
    code, out, err = signalled("simulate", "--players", "normal,normal", "--games", "400", "--jobs", "2",
                               number=signal.SIGTERM, group=False, with_workers=True, running=0.5, timeout=20)
    assert (code, out, err) == (143, "", "")


def test_the_workers_end_with_their_parent_however_it_ends() -> None:
    """SIGKILL gives famiglia no way out of its own: each worker sees its parent gone and ends at once."""
    path, _ = saved_game(seed=3, limit=500)
    proc = subprocess.Popen([sys.executable, "-m", "famiglia", "analyse", str(path), "--jobs", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 20
        while len(workers(proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(workers(proc.pid)) == 2
        os.kill(proc.pid, signal.SIGKILL)
        out, err = proc.communicate(timeout=10)  # its end: every worker, holding the same pipes, has gone too
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert (proc.returncode, out, err) == (-signal.SIGKILL, "", "")
    # Their pipes are closed, so each has begun to end; on a loaded machine the last of it can take a moment.
    until(lambda: still_running(proc.pid) == [], "every worker to end after its parent was killed", timeout=10)
