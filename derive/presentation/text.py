"""Plain-text rendering of exact results for the terminal: :mod:`derive.notation.text`'s functions,
importable from here too (:func:`to_text`, :func:`with_decimal`, :func:`count`, :func:`plural`)."""

from __future__ import annotations

from derive.notation.text import LONG_FRACTION, count, plural, printed_text, to_text, with_decimal

__all__ = ["LONG_FRACTION", "count", "plural", "printed_text", "to_text", "with_decimal"]
