"""Work shared with forked helper processes: a queue of tasks that grows as results come in.

A parametric solve covers an interval piece by piece: each piece found leaves up to two gaps,
and each gap is a task whose result does not depend on which process computes it or when.
:func:`run_tasks` runs such a queue in ``processes`` children forked from this process (they
inherit everything built so far, so a task is small to send) while this process hands out the
tasks and takes in the results: a child sends each result encoded by the caller (FLINT's objects
cannot be pickled), and this process decodes it and hands it to ``handle``, which returns the new
tasks.  The results, and so the answer, are the same as in one process; only the order in which
``handle`` sees them changes.  (This process does no task itself: it answers a child at once,
where working on a task of its own would leave the child idle until it finished.)
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable

__all__ = ["usable_processes", "run_tasks"]


def usable_processes(limit: int = 2) -> int:
    """How many processes to work in: up to ``limit``, as many CPUs as this process may use, and 1
    where ``fork`` does not exist."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, min(limit, cpus))


def run_tasks(
    tasks: Iterable,
    work: Callable,
    handle: Callable[[object, object], Iterable],
    *,
    processes: int = 1,
    encode: Callable = lambda result: result,
    decode: Callable = lambda data: data,
    fresh: Callable[[object], object] = lambda task: task,
) -> None:
    """Run ``work(task)`` for every task, and for every task that ``handle`` adds.

    Parameters
    ----------
    tasks : iterable
        The first tasks.
    work : callable
        ``work(task) -> result``; run in this process (``processes=1``) or in a forked child.
    handle : callable
        ``handle(task, result) -> new tasks``, always in this process, one result at a time.
    processes : int
        Processes working at once (``1``: all in this process, no child forked; more: that many
        forked children, and this process only hands out tasks and takes in results).
    encode, decode : callable
        A child sends ``encode(result)`` (picklable) and this process hands ``decode(data)`` to
        ``handle``.
    fresh : callable
        ``fresh(task)`` is what is run or sent, computed when the task starts (e.g. with the budget
        left at that moment).

    Raises
    ------
    Exception
        Whatever ``work`` raised, in this process or a child (the children are then stopped).
    RuntimeError
        If a child ends without sending its result.
    """
    pending = deque(tasks)
    if processes <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        while pending:
            task = fresh(pending.popleft())
            pending.extend(handle(task, work(task)))
        return
    context = multiprocessing.get_context("fork")
    children = []
    for _ in range(processes):
        mine, theirs = context.Pipe()
        # the child closes its copies of this process's ends (its own and the earlier children's):
        # should this process die, the child then meets the end of its pipe and stops
        others = [c[1] for c in children] + [mine]
        child = context.Process(target=_serve, args=(theirs, work, encode, others), daemon=True)
        child.start()
        theirs.close()
        children.append([child, mine, None])  # process, connection, task it is working on
    finished = False
    try:
        while pending or any(c[2] is not None for c in children):
            for c in children:
                if c[2] is None and pending:
                    c[2] = fresh(pending.popleft())
                    c[1].send(c[2])
            multiprocessing.connection.wait([c[1] for c in children if c[2] is not None])
            for c in children:
                if c[2] is not None and c[1].poll():
                    try:
                        ok, data = c[1].recv()
                    except EOFError:
                        raise RuntimeError("a helper process ended without sending its result") from None
                    if not ok:
                        raise data
                    task, c[2] = c[2], None
                    pending.extend(handle(task, decode(data)))
        finished = True
    finally:
        for child, connection, _ in children:
            if finished:
                connection.send(None)
            elif child.is_alive():
                child.kill()
            child.join()
            connection.close()


def _serve(connection, work: Callable, encode: Callable, others: list) -> None:
    """A child's loop: a task in, ``(True, encode(work(task)))`` or ``(False, exception)`` out, until
    ``None``, or until the parent is gone (the end of the pipe: ``others``, the parent's ends of the
    pipes, are closed here first, so that only the parent holds them)."""
    import pickle

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to report; it ends this child
    for other in others:
        other.close()
    try:
        while (task := connection.recv()) is not None:
            try:
                result: tuple = (True, encode(work(task)))
            except Exception as exc:  # handed back to the parent, raised there
                try:
                    pickle.loads(pickle.dumps(exc))
                    result = (False, exc)
                except Exception:  # an exception that does not pickle and unpickle: its text
                    result = (False, RuntimeError(f"{type(exc).__name__}: {exc}"))
            connection.send(result)
    except (EOFError, OSError):  # the parent is gone: nobody to work for
        pass
    finally:
        connection.close()
