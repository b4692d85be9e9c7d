"""The error of an output that cannot be written, in a module of its own so that the command line can
catch it without importing the derivations that raise it."""

from __future__ import annotations

__all__ = ["OutputError"]


class OutputError(OSError):
    """The output folder cannot be created or written."""
