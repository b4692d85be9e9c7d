"""The errors of the hand-probability functions: :class:`HandsError` and its subclasses.

Each names the bad value in one line. The classes say they are ``derive.hands``'s (their
``__module__``), where they have always been imported from, so that a traceback reads
``derive.hands.UnknownHoldingError: ...`` as before the package was split in modules.
"""

from __future__ import annotations

__all__ = [
    "DeckError",
    "HandSizeError",
    "HandsError",
    "UnknownHoldingError",
    "UnknownTargetError",
]


class HandsError(ValueError):
    """Bad input to the hand-probability functions (the message is one line naming the bad value)."""

    __module__ = "derive.hands"


class DeckError(HandsError):
    """A deck that cannot be built: ranks or suits not a positive integer, or cards that cannot be named."""

    __module__ = "derive.hands"


class HandSizeError(HandsError):
    """A hand size that is not supported, or larger than the cards it is dealt from."""

    __module__ = "derive.hands"


class UnknownHoldingError(HandsError):
    """A holding (or discards) spec with a card that is unknown, not in the deck, or repeated."""

    __module__ = "derive.hands"


class UnknownTargetError(HandsError):
    """A draw target spec that names an unknown hand class or rank, or is malformed."""

    __module__ = "derive.hands"
