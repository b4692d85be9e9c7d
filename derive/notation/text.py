"""Plain-text rendering of exact results for the terminal (Greek letters, exact fractions)."""

from __future__ import annotations

import math
import re
from fractions import Fraction

import sympy as sp
from sympy.printing.str import StrPrinter

__all__ = [
    "MAX_FORMULA_TERMS",
    "count",
    "long_formula",
    "plural",
    "printed_text",
    "simplest_between",
    "to_text",
    "with_decimal",
]

_GREEK = {"alpha": "α", "beta": "β", "gamma": "γ", "xi": "ξ", "eta": "η"}


class _TextPrinter(StrPrinter):
    def _print_Symbol(self, expr):
        return _GREEK.get(expr.name, expr.name)

    def _print_Interval(self, expr):
        left = "(" if expr.left_open else "["
        right = ")" if expr.right_open else "]"
        return f"{left}{self._print(expr.start)}, {self._print(expr.end)}{right}"


#: Plurals that do not add "s" or "es" (the last word of a noun is what changes).
_IRREGULAR = {"equilibrium": "equilibria", "vertex": "vertices", "matrix": "matrices", "index": "indices"}


def plural(n: int, noun: str, nouns: str | None = None) -> str:
    """``noun`` for one, its plural for any other number: ``nouns`` if given, else the English
    plural of its last word (``family`` -> ``families``, ``equilibrium`` -> ``equilibria``,
    ``class`` -> ``classes``, ``file`` -> ``files``).

    Examples
    --------
    >>> plural(1, "file"), plural(0, "file"), plural(2, "vertex"), plural(1, "is", "are")
    ('file', 'files', 'vertices', 'is')
    >>> plural(2, "family"), plural(3, "extreme equilibrium"), plural(2, "class"), plural(2, "day")
    ('families', 'extreme equilibria', 'classes', 'days')
    """
    if n == 1:
        return noun
    if nouns is not None:
        return nouns
    head, _, last = noun.rpartition(" ")
    if last in _IRREGULAR:
        last = _IRREGULAR[last]
    elif last.endswith("y") and len(last) > 1 and last[-2] not in "aeiou":
        last = last[:-1] + "ies"
    elif last.endswith(("s", "x", "z", "ch", "sh")):
        last += "es"
    else:
        last += "s"
    return f"{head} {last}" if head else last


def count(n: int, noun: str, nouns: str | None = None, *, thousands: bool = False) -> str:
    """A number and its noun, agreeing: ``"1 HTML file"``, ``"3 HTML files"``, ``"2 vertices"``.

    Parameters
    ----------
    n : int
    noun : str
        The singular.
    nouns : str, optional
        The plural, when it is not ``noun + "s"``.
    thousands : bool
        Write the number with thousands separators (``6,561``).

    Examples
    --------
    >>> count(1, "HTML file"), count(3, "HTML file"), count(2, "vertex", "vertices")
    ('1 HTML file', '3 HTML files', '2 vertices')
    >>> count(6561, "strategy", "strategies", thousands=True)
    '6,561 strategies'
    """
    number = f"{n:,}" if thousands else str(n)
    return f"{number} {plural(n, noun, nouns)}"


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
    >>> to_text(2 * sp.Symbol("bet") / (sp.Symbol("bet") + 2))
    '2*bet/(bet + 2)'
    """
    return _compact(_TextPrinter().doprint(sp.sympify(expr)))


def _compact(text: str) -> str:
    # 3*α -> 3α and 2*x_1 -> 2x_1, but only for a number on its own before a one-letter name (with
    # digits or a subscript): 2*bet and 2*K:xb>call stay (2bet, 2K:xb would read as other names)
    return re.sub(r"(?<![\w.])(\d+)\*([^\W\d_](?:_?\d+|_\{[^{}]*\})?)(?![\w:>{\[])", r"\1\2", text)


def printed_text(printed: str, names) -> str | None:
    """:func:`to_text` of an expression known only by its ``str`` (sympy's printer), the same
    characters, without building the expression: for formulas whose text was printed directly
    (:meth:`derive.solving.parameters.rational_functions.RationalFunctionField.to_text`).

    Parameters
    ----------
    printed : str
        ``str(expr)`` of a rational expression, not an interval or set.
    names : iterable of str
        The names of ``expr``'s symbols.

    Returns
    -------
    str or None
        The text, or None when a name is printed differently here (a Greek letter's name such as
        ``alpha``): then call :func:`to_text` on the expression itself.

    Examples
    --------
    >>> printed_text("3*x/(x + 2)", ["x"])
    '3x/(x + 2)'
    >>> printed_text("alpha/3", ["alpha"]) is None
    True
    """
    if any(name in _GREEK for name in names):
        return None
    return _compact(printed)


#: A fraction whose text is longer than this many characters gets a decimal beside it.
LONG_FRACTION = 12


def with_decimal(expr: object, places: int = 10) -> str:
    """:func:`to_text`, with a decimal beside a long fraction: ``-1454920850547486749701863871533/
    16995463438839962469905132501930 ≈ -0.0856064241``.

    Parameters
    ----------
    expr : object
        An exact expression; only a rational number whose text is longer than
        :data:`LONG_FRACTION` characters gets the decimal.
    places : int
        Decimal places, rounded half away from zero by integer arithmetic (default 10).

    Returns
    -------
    str
        The exact text, then `` ≈ `` and the decimal when the fraction is long.

    Examples
    --------
    >>> with_decimal(sp.Rational(-1, 18))
    '-1/18'
    >>> with_decimal(sp.Rational(7290559, 7547200))
    '7290559/7547200 ≈ 0.9659952035'
    >>> with_decimal(sp.Rational(7290559, 7547200), places=4)
    '7290559/7547200 ≈ 0.9660'
    """
    value = sp.sympify(expr)
    text = to_text(value)
    if not (value.is_Rational and not value.is_Integer and len(text) > LONG_FRACTION):
        return text
    p, q = abs(int(value.p)), int(value.q)
    whole = (2 * p * 10**places + q) // (2 * q)
    digits = str(whole).rjust(places + 1, "0")
    sign = "-" if value < 0 and whole else ""
    return f"{text} ≈ {sign}{digits[:-places]}.{digits[-places:]}"


def simplest_between(lo: Fraction, hi: Fraction) -> Fraction:
    """The fraction with the smallest denominator (then numerator) in ``[lo, hi]`` (``Fraction`` ends,
    ``lo <= hi``): the simplest rational there, by continued fractions (the Stern-Brocot descent).

    Examples
    --------
    >>> simplest_between(Fraction(3, 10), Fraction(2, 5))
    Fraction(1, 3)
    """
    if lo <= 0 <= hi:
        return Fraction(0)
    if hi < 0:
        return -simplest_between(-hi, -lo)
    # continued-fraction descent (Stern-Brocot); the intervals shrink geometrically
    floor = math.floor(lo)
    if floor == lo or floor + 1 <= hi:
        return Fraction(floor if floor == lo else floor + 1)
    return floor + 1 / simplest_between(1 / (hi - floor), 1 / (lo - floor))


#: A formula of more terms than this is named in the text by its degrees (``--json`` has it whole).
MAX_FORMULA_TERMS = 24


def long_formula(expr, symbols) -> str | None:
    """None for a formula short enough to print (at most :data:`MAX_FORMULA_TERMS` terms in its
    numerator and denominator, polynomials in the two ``symbols``); else its description in words: ``"a polynomial of
    degree 18 in bet1 and 17 in bet2 (306 terms)"`` or ``"a rational function of degree (32, 36)
    over (31, 34) in (bet1, bet2) (1,346 terms)"``."""
    num, den = sp.fraction(sp.sympify(expr))
    polys = [sp.Poly(part, *symbols) for part in (num, den)]
    terms = sum(len(poly.terms()) for poly in (polys[:1] if polys[1].is_ground else polys))
    if terms <= MAX_FORMULA_TERMS:
        return None
    degrees = [tuple(poly.degree(s) for s in symbols) for poly in polys]
    a, b = symbols
    if polys[1].is_ground:
        return f"a polynomial of degree {degrees[0][0]} in {a} and {degrees[0][1]} in {b} ({terms:,} terms)"
    return f"a rational function of degree {degrees[0]} over {degrees[1]} in ({a}, {b}) ({terms:,} terms)"
