"""Tasks shared with forked helper processes (derive.solving.forked): the same results as in one process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from derive.solving.forked import run_tasks, usable_processes


def _halves(task):
    lo, hi = task
    if hi - lo < 2:
        raise ValueError(f"no work in {task}")
    return (lo + hi) // 2


def _collect(processes: int, first=(0, 64)) -> list:
    seen = []

    def handle(task, mid):
        seen.append((task, mid))
        lo, hi = task
        return [gap for gap in ((lo, mid), (mid, hi)) if gap[1] - gap[0] >= 2]

    run_tasks([first], _halves, handle, processes=processes, encode=lambda m: [m], decode=lambda d: d[0])
    return sorted(seen)


def test_a_growing_queue_gives_the_same_results_in_two_processes():
    one = _collect(1)
    assert len(one) == 63 and one[0] == ((0, 2), 1) and one[-1] == ((62, 64), 63)
    assert _collect(2) == one
    assert _collect(3) == one


def test_an_error_in_a_helper_process_is_raised_here():
    def handle(task, mid):
        return [(0, 1)]  # a task whose work raises

    for processes in (1, 2):
        with pytest.raises(ValueError, match=r"no work in \(0, 1\)"):
            run_tasks([(0, 8)], _halves, handle, processes=processes)


def test_usable_processes():
    assert 1 <= usable_processes() <= 2
    assert usable_processes(1) == 1


def _running(pid: int) -> bool:
    """Whether process ``pid`` exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
def test_helper_processes_stop_when_this_process_is_killed(tmp_path):
    """Killed parent (SIGKILL, no clean-up): each child meets the end of its pipe and stops instead of
    waiting forever to send its result (each once held a copy of the parent's ends)."""
    script = (
        "import os, sys, time\n"
        "from derive.solving.forked import run_tasks\n"
        "def work(task):\n"
        "    open(os.path.join(sys.argv[1], str(os.getpid())), 'w').close()\n"
        "    time.sleep(1)\n"
        "    return 'x' * 1_000_000\n"  # more than a pipe holds: the send blocks until read
        "run_tasks(range(8), work, lambda task, result: [], processes=2)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", script, str(tmp_path)])
    deadline = time.monotonic() + 60
    while len(list(tmp_path.iterdir())) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    os.kill(proc.pid, signal.SIGSTOP)  # the parent reads nothing more
    time.sleep(2)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    children = [int(p.name) for p in tmp_path.iterdir()]
    assert len(children) >= 2
    deadline = time.monotonic() + 30
    while any(_running(pid) for pid in children) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not [pid for pid in children if _running(pid)]


class _Odd(Exception):
    def __init__(self, a, b):
        super().__init__(f"odd {a} {b}")


def test_an_exception_that_does_not_unpickle_comes_back_as_its_text():
    def work(task):
        raise _Odd(1, 2)

    with pytest.raises(RuntimeError, match="_Odd: odd 1 2"):
        run_tasks([0], work, lambda task, result: [], processes=2)
