"""Exact numbers at every door: the one rule by which ``derive`` reads a number a user typed.

Every public entry point that takes a game number (an ante, a bet, a payoff, a probability, a
parameter value, a point of a domain) reads it with :func:`exact_number`, raising its own
exception class.  The rule:

* ``int`` (and numpy integers), :class:`fractions.Fraction`, :class:`decimal.Decimal` and sympy
  Rationals are exact already;
* a string such as ``"3/2"``, ``"-1"``, ``"0.1"`` or ``"2.5e-1"`` is read as the exact fraction or
  decimal it spells (``"0.1"`` is 1/10): this is what the command line passes;
* a float (a Python float, a numpy floating scalar or a sympy Float, also inside an expression
  such as ``0.5*P``) is accepted only when its binary value *is* the short decimal it prints as,
  ``Fraction(x) == Fraction(repr(x))``: 0.5, 0.25, 1.5, 3.0 lose nothing and become 1/2, 1/4,
  3/2, 3.  Any other float (``1/3``, and ``0.1``, whose binary value is not 1/10) is refused
  with one line naming the parameter and the value and suggesting the exact form
  (``bet: 0.3333333333333333 is a float, not exact; write '1/3' or sympy.Rational(1, 3)``);
* a bool is not a number;
* other sympy expressions (symbols, ``P + B``) are kept, with their Floats replaced as above.

This module holds the rule only; it depends on nothing else in ``derive``, so every stage (the
poker rules in :mod:`derive.games` included) can use it.

Examples
--------
>>> exact_number(0.5, "bet"), exact_number("0.1", "ante"), exact_number("3/2", "bet")
(1/2, 1/10, 3/2)
>>> exact_number(1/3, "bet")
Traceback (most recent call last):
...
ValueError: bet: 0.3333333333333333 is a float, not exact; write '1/3' or sympy.Rational(1, 3)
>>> exact_number(0.1, "ante")
Traceback (most recent call last):
...
ValueError: ante: 0.1 is a float, not exact; write '1/10' or sympy.Rational(1, 10)
"""

from __future__ import annotations

import math
import numbers
from decimal import Decimal
from fractions import Fraction

import numpy as np
import sympy as sp

__all__ = ["exact_float", "exact_number", "float_message", "is_float"]

#: A float within this distance of a fraction with denominator at most 1000 is suggested as that fraction.
_CLOSE = Fraction(1, 10**12)


def is_float(value: object) -> bool:
    """Whether ``value`` is a binary floating-point number: a Python float, numpy floating or sympy Float."""
    return isinstance(value, (float, np.floating, sp.Float))


def _short_decimal(x: float) -> Fraction | None:
    """The exact value of ``x`` if it equals the short decimal ``repr(x)`` prints, else None."""
    if not math.isfinite(x):
        return None
    exact = Fraction(x)
    return exact if exact == Fraction(repr(x)) else None


def float_message(name: str, value: object) -> str:
    """The one-line refusal of a float that is not a short decimal, with the exact form to type instead.

    Examples
    --------
    >>> float_message("bet", 1/3)
    "bet: 0.3333333333333333 is a float, not exact; write '1/3' or sympy.Rational(1, 3)"
    >>> float_message("weak", 0.123456789)
    "weak: 0.123456789 is a float, not exact; write the string '0.123456789' for that decimal exactly"
    """
    x = float(value)
    shown = str(value) if isinstance(value, sp.Float) else repr(x)
    if not math.isfinite(x):
        return f"{name}: {shown} is not a finite number"
    near = Fraction(x).limit_denominator(1000)
    if near != 0 and abs(near - Fraction(x)) <= _CLOSE:
        exact = (
            f"sympy.Integer({near.numerator})"
            if near.denominator == 1
            else f"sympy.Rational({near.numerator}, {near.denominator})"
        )
        return f"{name}: {shown} is a float, not exact; write '{near}' or {exact}"
    return f"{name}: {shown} is a float, not exact; write the string '{x!r}' for that decimal exactly"


def _float_value(value: object) -> sp.Rational | None:
    """The Rational a float stands for under the rule, or None when it is not exactly a short decimal."""
    x = float(value)
    exact = _short_decimal(x)
    if exact is None:
        return None
    rational = sp.Rational(exact.numerator, exact.denominator)
    if isinstance(value, sp.Float) and sp.Rational(value) != rational:  # more bits than a double holds
        return None
    return rational


def exact_float(value: object, name: str, error: type[Exception] = ValueError) -> sp.Rational:
    """A float (Python, numpy or sympy) as a Rational if it is exactly a short decimal, else ``error``.

    Raises
    ------
    error
        With :func:`float_message`, if the float is not exactly the decimal it prints as (or is not
        finite).

    Examples
    --------
    >>> exact_float(1.5, "bet"), exact_float(sp.Float(0.25), "p")
    (3/2, 1/4)
    """
    rational = _float_value(value)
    if rational is None:
        raise error(float_message(name, value))
    return rational


def _parse_string(text: str) -> sp.Rational | None:
    """``"3/2"``, ``"-1"``, ``"0.1"``, ``"2.5e-1"`` (also sympy's forms such as ``"3 / 2"``) as a Rational."""
    text = text.strip()
    try:
        number = Fraction(text)
    except (ValueError, ZeroDivisionError):
        try:
            rational = sp.Rational(text)
        except (TypeError, ValueError, ZeroDivisionError, SyntaxError, sp.SympifyError):
            return None
        return rational if isinstance(rational, sp.Rational) else None
    return sp.Rational(number.numerator, number.denominator)


def exact_number(
    value: object,
    name: str,
    error: type[Exception] = ValueError,
    *,
    symbolic: bool = True,
    not_a_number: str | None = None,
) -> sp.Expr:
    """Read ``value`` exactly by the rule of this module (its docstring).

    Parameters
    ----------
    value : int, Fraction, Decimal, str, float, numpy number or sympy expression
    name : str
        The parameter's name, for the error message (``"bet"``, ``"probability of 'h' at node 3"``).
    error : exception class
        Raised for every refusal (the entry point's own class, e.g. ``GameDefinitionError``).
    symbolic : bool
        Accept sympy expressions with free symbols (default); with False only numbers are accepted.
    not_a_number : str, optional
        Message for a value that is not a number at all (a bool, None, ``"abc"``), formatted with
        ``name`` and ``value``; default ``"{name}: {value!r} is not a number"``.

    Returns
    -------
    sympy.Expr
        A Rational, or (``symbolic``) an expression free of Floats.

    Raises
    ------
    error
        For a float that is not exactly a short decimal (one line naming ``name`` and the value,
        suggesting the exact form), a bool, an expression that is not a finite real number
        (``sympy.I``, ``oo``, ``nan``), or anything that is not a number.
    """

    def refuse() -> Exception:
        template = not_a_number or "{name}: {value!r} is not a number"
        return error(template.format(name=name, value=value))

    if isinstance(value, (bool, np.bool_)):
        raise refuse()
    if isinstance(value, numbers.Integral):
        return sp.Integer(int(value))
    if isinstance(value, sp.Rational):
        return value
    if isinstance(value, Fraction):
        return sp.Rational(value.numerator, value.denominator)
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise refuse()
        number = Fraction(value)
        return sp.Rational(number.numerator, number.denominator)
    if isinstance(value, (float, np.floating)):
        return exact_float(value, name, error)
    if isinstance(value, str):
        number = _parse_string(value)
        if number is None:
            raise refuse()
        return number
    if isinstance(value, sp.Basic):
        expr = sp.sympify(value)
        if not isinstance(expr, sp.Expr):
            raise refuse()
        floats = expr.atoms(sp.Float)
        if floats:
            replaced = {}
            for f in sorted(floats, key=str):
                rational = _float_value(f)
                if rational is None:
                    where = "" if expr == f else f" (in {expr})"
                    raise error(float_message(name, f) + where)
                replaced[f] = rational
            expr = expr.xreplace(replaced)
        if not symbolic and expr.free_symbols:
            raise refuse()
        if expr.has(sp.I, sp.zoo, sp.oo, -sp.oo, sp.nan) or (expr.is_number and expr.is_extended_real is False):
            raise error(f"{name}: {expr} is not a finite real number")
        return expr
    raise refuse()
