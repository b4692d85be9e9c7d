"""Plain-text rendering of exact results for the terminal (Greek letters, exact fractions)."""

from __future__ import annotations

import re

import sympy as sp
from sympy.printing.str import StrPrinter

__all__ = ["to_text"]

_GREEK = {"alpha": "α", "beta": "β", "gamma": "γ", "xi": "ξ", "eta": "η"}


class _TextPrinter(StrPrinter):
    def _print_Symbol(self, expr):
        return _GREEK.get(expr.name, expr.name)

    def _print_Interval(self, expr):
        left = "(" if expr.left_open else "["
        right = ")" if expr.right_open else "]"
        return f"{left}{self._print(expr.start)}, {self._print(expr.end)}{right}"


def to_text(expr: object) -> str:
    """One-line text of an exact expression: ``α/3 + 2/3``, ``-1/18``, ``[0, 1/3]``.

    Examples
    --------
    >>> to_text(sp.Symbol("alpha") / 3 + sp.Rational(2, 3))
    'α/3 + 2/3'
    >>> to_text(3 * sp.Symbol("alpha"))
    '3α'
    >>> to_text(sp.Interval.Ropen(sp.Rational(3, 4), 1))
    '[3/4, 1)'
    >>> to_text(2 * sp.Symbol("b21") * sp.Symbol("b23"))
    '2b21*b23'
    """
    text = _TextPrinter().doprint(sp.sympify(expr))
    # 3*α -> 3α, but only for a number on its own: b21*b23 stays (b21b23 would be one name)
    return re.sub(r"(?<![\w.])(\d+)\*([^\W\d_])", r"\1\2", text)
