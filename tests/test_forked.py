"""Tasks shared with forked helper processes (derive.solving.forked): the same results as in one process."""

from __future__ import annotations

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
