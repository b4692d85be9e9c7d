"""The error of the casino games: :class:`CasinoError`, one line naming the bad value."""

from __future__ import annotations

__all__ = ["CasinoError"]


class CasinoError(ValueError):
    """Bad input to a casino game: an unknown qualifier, a pay that is not a non-negative exact number,
    a pay table of the wrong length (the message is one line naming the bad value)."""

    __module__ = "derive.casino"
