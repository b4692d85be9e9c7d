"""Exact numbers and the words figures print.

:func:`_exact` turns a caller's number into an exact sympy expression (by the
rule of :mod:`derive.extensive_form.exact`: a float only when it is exactly a
short decimal such as 0.5, any other refused with the exact form to type); :func:`_tidy`
picks the shortest-printing of a few equivalent forms; :func:`_mathtext`
typesets an expression for matplotlib's mathtext (what a one-card player faces at an information
set, "checked to", "bet to", ..., is :func:`derive.games.one_card.words.facing`).
Every probability stays an exact sympy expression until it is turned into text here.
"""

from __future__ import annotations

import re
from functools import lru_cache

import sympy as sp

from derive.extensive_form.exact import exact_number
from derive.notation.latex import to_latex

__all__: list[str] = []


def _exact(value: object, where: str) -> sp.Expr:
    """An exact sympy expression for a number a figure is given (a plan probability, a bet size, a value).

    The rule of :mod:`derive.extensive_form.exact`: a float only when it is exactly a short decimal
    (0.5 is 1/2; 1/3 and 0.1 are refused, naming ``where`` and the exact form); strings are exact
    (``"1/3"``, ``"0.1"``) or sympy expressions (``"1 - alpha"``).
    """
    if isinstance(value, str):
        try:
            return exact_number(value, where, ValueError)
        except ValueError:
            try:
                value = sp.sympify(value)
            except (TypeError, ValueError, SyntaxError, sp.SympifyError):
                raise ValueError(f"{where} must be a number, got {value!r}") from None
    return exact_number(value, where, ValueError, not_a_number="{name} must be a number, got {value!r}")


@lru_cache(maxsize=4096)
def _tidy(expr: sp.Expr) -> sp.Expr:
    """The shortest-printing of a few equivalent forms (e.g. ``(α + 2)/3`` rather than ``α/3 + 2/3``).

    A form printed with a leading minus (``-(α - 1)/3``) is taken only if no other is available.
    Remembered (sympy expressions are immutable): a strategy tree's panels repeat its labels.
    """
    forms = [sp.simplify(expr), sp.together(expr), sp.expand(expr), sp.factor(expr)]
    return min(forms, key=lambda f: (to_latex(f).startswith("-") and f != 0, len(to_latex(f))))


_FRAC, _DFRAC = "\\frac{", "\\dfrac{"
_LEFT_RIGHT = re.compile(r"\\(?:left|right)(\\[{}|]|[()\[\]|.])")


def _mathtext(expr: sp.Expr) -> str:
    r"""``$...$`` for matplotlib's mathtext: derive's LaTeX (:func:`~derive.notation.latex.to_latex`)
    without ``\left(``/``\right)``.

    Fractions are set as ``\dfrac`` (full-size numerator and denominator, readable
    on a slide); mathtext's ``\frac`` shrinks them to about 70 %.
    """
    tex = _LEFT_RIGHT.sub(lambda m: "" if m.group(1) == "." else m.group(1), to_latex(sp.sympify(expr)))
    return f"${tex.replace(_FRAC, _DFRAC)}$"
