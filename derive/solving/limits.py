"""Time limits and progress for the computations that can grow exponentially.

Enumerating vertices of best-reply polytopes (:mod:`derive.solving.general_sum.two_player`) or support
profiles (:mod:`derive.solving.general_sum.support_enumeration`) can take hours on a game that looks small: a
27 x 64 strategic form already does.  Such a computation states its size before it starts, reports
progress while it runs, and stops at a stated time limit with a one-line
:class:`~derive.extensive_form.game.NotSupportedError` saying how far it got, instead of running in
silence.  :class:`TimeLimit` carries the limit and the progress callback through a computation;
:meth:`TimeLimit.call` runs one long library call (cddlib's vertex enumeration, which Python
cannot interrupt) in a child process that is ended when the time is up.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from derive.extensive_form.game import NotSupportedError

__all__ = ["TimeLimit", "TimeLimitError"]


class TimeLimitError(NotSupportedError):
    """A computation reached its time limit (the message says what it was doing and how far it got)."""


@dataclass
class TimeLimit:
    """A time limit and a progress callback for one computation.

    Parameters
    ----------
    seconds : float or None
        The limit in seconds of wall-clock time from creation; None for no limit.
    progress : callable, optional
        Called with one line of text per stage (see :meth:`say`); None keeps quiet.
    what : str
        What the computation is, for the messages (e.g. ``"general-sum enumeration"``).

    Raises
    ------
    ValueError
        If ``seconds`` is a bool, not a number or not positive.
    """

    seconds: float | None = None
    progress: Callable[[str], None] | None = None
    what: str = "the computation"
    started: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        if self.seconds is not None and (
            isinstance(self.seconds, bool)
            or not isinstance(self.seconds, (int, float))
            or not self.seconds > 0
        ):
            raise ValueError(f"the time limit must be a positive number of seconds, got {self.seconds!r}")

    @property
    def elapsed(self) -> float:
        """Seconds since the computation started."""
        return time.monotonic() - self.started

    @property
    def remaining(self) -> float | None:
        """Seconds left (None without a limit)."""
        return None if self.seconds is None else self.seconds - self.elapsed

    def say(self, message: str) -> None:
        """Pass one progress line on, with the time spent so far."""
        if self.progress is not None:
            self.progress(f"{message} ({self.elapsed:.1f} s)")

    def check(self, doing: str) -> None:
        """Raise :class:`TimeLimitError` if the limit is reached; ``doing`` says what was under way."""
        if self.seconds is not None and self.elapsed > self.seconds:
            raise TimeLimitError(f"{self.what} stopped at the time limit of {self.seconds:g} s while {doing}")

    @contextlib.contextmanager
    def interrupting(self, doing: Callable[[], str]):
        """Within the block, reaching the limit interrupts pure-Python work at once (``SIGALRM``):
        a sympy solve that runs for an hour is stopped too, with :class:`TimeLimitError` saying
        ``doing()``.  Only in the main thread on POSIX; elsewhere the block runs as it is (and
        :meth:`check` between steps still applies)."""
        usable = (
            self.seconds is not None
            and hasattr(signal, "setitimer")
            and threading.current_thread() is threading.main_thread()
        )
        if not usable:
            yield
            return

        fired: list[str] = []

        def stop(signum, frame):
            fired.append(f"{self.what} stopped at the time limit of {self.seconds:g} s while {doing()}")
            raise TimeLimitError(fired[-1])

        previous = signal.signal(signal.SIGALRM, stop)
        # repeating: an alarm that lands in a finalizer (where an exception cannot propagate) is lost,
        # and the next one, half a second later, stops the work all the same
        signal.setitimer(signal.ITIMER_REAL, max(self.remaining or 0.0, 0.001), 0.5)
        try:
            yield
        except TimeLimitError:
            raise
        except Exception as exc:
            # a library that catches ValueError (TimeLimitError is one) may turn the alarm into an
            # error of its own (sympy's inequality solver raises NotImplementedError): the alarm
            # came first, so the time limit is what stopped the work
            if fired:
                raise TimeLimitError(fired[0]) from exc
            raise
        finally:
            try:
                signal.setitimer(signal.ITIMER_REAL, 0)
            finally:
                signal.signal(signal.SIGALRM, previous)

    def call(self, doing: str, function: Callable, *args):
        """``function(*args)``, ended if it outlives the limit (then :class:`TimeLimitError`).

        With a limit the call runs in a child process (``fork``), so that a long call into a C
        library can be stopped; its result comes back pickled.  Exceptions raised in the child are
        raised here again.
        """
        self.check(doing)
        if self.seconds is None or "fork" not in multiprocessing.get_all_start_methods():
            return function(*args)
        context = multiprocessing.get_context("fork")
        receive, send = context.Pipe(duplex=False)
        child = context.Process(target=_run, args=(send, function, args), daemon=True)
        child.start()
        send.close()
        try:
            if not receive.poll(max(self.remaining or 0.0, 0.0)):
                raise TimeLimitError(
                    f"{self.what} stopped at the time limit of {self.seconds:g} s while {doing}"
                )
            ok, value = receive.recv()
        except EOFError:
            raise NotSupportedError(
                f"{self.what}: the child process {doing} ended without a result"
            ) from None
        finally:
            if child.is_alive():
                child.kill()
            child.join()
            receive.close()
        if not ok:
            raise value
        return value


def _run(send, function, args) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to report; it ends this child
    try:
        result = (True, function(*args))
    except Exception as exc:  # handed back to the parent, raised there
        result = (False, exc)
    send.send(result)
    send.close()
