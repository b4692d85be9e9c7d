"""Progress lines on stderr while a command runs long: :class:`Progress`.

:func:`derive.cli.run.main` gives each command one as ``args.progress``; the command passes it on to
the solvers and writers, which call it with one line per stage.
"""

from __future__ import annotations

import re

__all__ = ["Progress"]


class Progress:
    """Progress lines on stderr for a command that may run long (``--quiet`` turns them off).

    A command that ends within :attr:`DELAY` seconds prints nothing; after that the stage under way
    is printed, and every later stage as it starts; while one stage lasts, a line every
    :attr:`HEARTBEAT` seconds says it is still running.  Call it with one line per stage; ``close``
    stops the heartbeat.
    """

    DELAY = 2.0
    HEARTBEAT = 30.0

    def __init__(self, err, quiet: bool) -> None:
        import threading
        import time

        self._err, self._quiet, self._time = err, quiet, time.monotonic
        self._started = self._time()
        self._stage: str | None = None
        self._shown = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True) if not quiet else None
        if self._thread is not None:
            self._thread.start()

    def __call__(self, message: str) -> None:
        if self._quiet:
            return
        self._stage, self._shown = message, False
        if self._time() - self._started >= self.DELAY:
            self._print(message)

    def _print(self, message: str) -> None:
        self._shown = True
        try:
            print(f"derive: {message}", file=self._err, flush=True)
        except (OSError, ValueError):  # stderr closed: progress is not worth a failure
            pass

    def _watch(self) -> None:
        if self._stop.wait(self.DELAY):
            return
        last = self._time()
        while True:
            stage = self._stage
            if stage is not None and not self._shown:
                self._print(stage)
                last = self._time()
            elif self._time() - last >= self.HEARTBEAT:
                what = re.sub(r" \([0-9.]+ s\)$", "", stage or "starting")  # one clock in the line
                self._print(f"still working ({self._time() - self._started:.0f} s): {what}")
                last = self._time()
            if self._stop.wait(1.0):
                return

    def close(self) -> None:
        self._stop.set()
