"""Exact rationals turned into what the tables print: the odds against a probability, and a
decimal rounded by integer arithmetic (no floats). Private helpers, no public names.
"""

from __future__ import annotations

import sympy as sp

__all__: list[str] = []


def _odds_against(p: sp.Rational) -> sp.Expr:
    return sp.oo if p == 0 else (1 - p) / p


def _decimal(q: sp.Expr, places: int = 2) -> str:
    """An exact rational rounded half up to ``places`` decimals, by integer arithmetic (no floats)."""
    q = sp.Rational(q)
    scaled = abs(q) * 10**places
    whole = int(sp.floor(scaled + sp.Rational(1, 2)))
    sign = "-" if q < 0 else ""
    text = str(whole).rjust(places + 1, "0")
    return f"{sign}{text[:-places]}.{text[-places:]}" if places else f"{sign}{text}"
