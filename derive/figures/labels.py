"""Exact numbers and the words figures print.

:func:`_exact` turns a caller's number into an exact sympy expression (floats
become their decimals' Rationals; sympy Floats are refused); :func:`_tidy`
picks the shortest-printing of a few equivalent forms; :func:`_mathtext`
typesets an expression for matplotlib's mathtext; :func:`_situation_name`
names what a player faces at an information set ("checked to", "bet to", ...).
Every probability stays an exact sympy expression until it is turned into text here.
"""

from __future__ import annotations

import re
from fractions import Fraction

import sympy as sp

from derive.extensive_form.one_card_tree import InformationSet
from derive.games.one_card import Action

__all__: list[str] = []


def _exact(value: object, where: str) -> sp.Expr:
    """An exact sympy expression for a plan probability (floats become decimals' Rationals)."""
    if isinstance(value, bool):
        raise ValueError(f"probability of plan {where} must be a number, got {value!r}")
    try:
        if isinstance(value, float):
            expr = sp.Rational(repr(value))
        elif isinstance(value, Fraction):
            expr = sp.Rational(value.numerator, value.denominator)
        else:
            expr = sp.sympify(value)
    except (TypeError, ValueError, SyntaxError, sp.SympifyError):
        raise ValueError(f"probability of plan {where} must be a number, got {value!r}") from None
    if not isinstance(expr, sp.Expr) or expr.has(sp.Float):
        raise ValueError(f"probability of plan {where} must be exact, got {value!r}")
    return expr


def _tidy(expr: sp.Expr) -> sp.Expr:
    """The shortest-printing of a few equivalent forms (e.g. ``(α + 2)/3`` rather than ``α/3 + 2/3``).

    A form printed with a leading minus (``-(α - 1)/3``) is taken only if no other is available.
    """
    forms = [sp.simplify(expr), sp.together(expr), sp.expand(expr), sp.factor(expr)]
    return min(forms, key=lambda f: (sp.latex(f).startswith("-") and f != 0, len(sp.latex(f))))


_FRAC, _DFRAC = "\\frac{", "\\dfrac{"
_LEFT_RIGHT = re.compile(r"\\(?:left|right)(\\[{}|]|[()\[\]|.])")


def _mathtext(expr: sp.Expr) -> str:
    r"""``$...$`` for matplotlib's mathtext: sympy's LaTeX without ``\left(``/``\right)``.

    Fractions are set as ``\dfrac`` (full-size numerator and denominator, readable
    on a slide); mathtext's ``\frac`` shrinks them to about 70 %.
    """
    tex = _LEFT_RIGHT.sub(lambda m: "" if m.group(1) == "." else m.group(1), sp.latex(expr))
    return f"${tex.replace(_FRAC, _DFRAC)}$"


def _situation_name(info: InformationSet) -> str:
    """What the player faces at ``info``: "checked to", "bet to", "facing bet", "facing raise"."""
    if not info.history:
        return "first to act"
    last = info.history[-1]
    if last is Action.CHECK:
        return "checked to"
    if len(info.history) == 1:
        return "bet to"
    return "facing raise" if last is Action.RAISE else "facing bet"
