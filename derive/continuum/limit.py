"""The N-card games converging to the continuous one: exact values and thresholds for growing N.

For the rules of a continuous model at one bet size, the N-card game with the same rules (a deck
of N ranked cards dealt without replacement, :meth:`derive.continuum.rules.PokerRules.cards`) is
solved exactly for each N (:func:`derive.solving.zero_sum.from_rules.solve_rules`); its value
``v_N`` tends to the continuous value ``v`` (the uniform hands on [0, 1] are the limit of a card's
rank / N).  The error ``|v_N - v|`` is measured, and its order read from the data as the slope of
``log |v_N - v|`` against ``log N`` (least squares over the N with a non-zero error, from
:data:`FIT_FROM` on: for a rational bet the thresholds are rational and some N put every cut
between two cards, where the error can vanish, and below about 20 cards the error has not settled
into its power law: the one-raise game's error at B = 1 is 50 times smaller at N = 10 than at
N = 11, and N times it goes from -0.02 at N = 11 to about -0.07 from N = 50 on).  Each N-card game's thresholds, read off its
equilibrium as in :mod:`derive.continuum.structure`, approach the continuous ones.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import sympy as sp

from derive.continuum.rules import PokerRules

__all__ = [
    "DEFAULT_DECKS",
    "FIT_FROM",
    "MAX_LIMIT_DECK",
    "CardValue",
    "Convergence",
    "card_values",
    "convergence",
    "error_order",
]

#: The N of the convergence sweep: every N to 12, then primes up to 199 (a rational bet makes the thresholds
#: rational, and at N a multiple of their denominators the error can vanish; Kuhn's rules at N = 199: seconds).
DEFAULT_DECKS = tuple(range(3, 13)) + (13, 17, 23, 31, 41, 53, 67, 83, 101, 127, 151, 173, 199)
#: Largest N a sweep accepts (the sequence form has about 5 N^2 entries; N = 400 takes about a minute).
MAX_LIMIT_DECK = 400
#: The order of the error is fitted on the N from this one on.
FIT_FROM = 20


@dataclass(frozen=True)
class CardValue:
    """The exact value of one N-card game.

    Attributes
    ----------
    deck : int
    value : sympy.Rational
        To the opener, in chips.
    seconds : float
        Time to solve it (measured, not exact).
    """

    deck: int
    value: sp.Rational
    seconds: float


@dataclass(frozen=True)
class Convergence:
    """The N-card values against the continuous value.

    Attributes
    ----------
    rules : PokerRules
        At a numeric bet.
    limit : sympy.Expr
        The continuous value at that bet (exact).
    values : tuple of CardValue
    order : float or None
        The fitted exponent ``p`` of ``|v_N - v| ~ C N^p`` (None with fewer than 3 non-zero errors).
    """

    rules: PokerRules
    limit: sp.Expr
    values: tuple[CardValue, ...]
    order: float | None

    def errors(self) -> list[tuple[int, sp.Expr]]:
        """``(N, v_N - v)`` exactly."""
        return [(c.deck, c.value - self.limit) for c in self.values]


def card_values(rules: PokerRules, decks=DEFAULT_DECKS, progress=None) -> tuple[CardValue, ...]:
    """The exact value of the N-card game with ``rules`` for each N in ``decks``.

    Parameters
    ----------
    rules : PokerRules
        With a numeric bet.
    decks : iterable of int
        Each from 2 to :data:`MAX_LIMIT_DECK`.
    progress : callable, optional
        Called with one line per N.

    Returns
    -------
    tuple of CardValue

    Raises
    ------
    derive.games.one_card.GameDefinitionError
        If the bet is symbolic or an N is out of range.
    """
    from derive.games.one_card import GameDefinitionError
    from derive.solving.zero_sum.from_rules import solve_rules

    out = []
    for n in decks:
        if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= MAX_LIMIT_DECK:
            raise GameDefinitionError(f"deck must be an integer from 2 to {MAX_LIMIT_DECK}, got {n!r}")
        if progress:
            progress(f"solving the {n}-card game exactly")
        start = time.perf_counter()
        value = solve_rules(rules.cards(n), refine="none").value
        out.append(CardValue(n, value, time.perf_counter() - start))
    return tuple(out)


def error_order(decks, errors, fit_from: int = FIT_FROM) -> float | None:
    """Least-squares slope of ``log |error|`` against ``log N`` over the non-zero errors with ``N >= fit_from``.

    Returns
    -------
    float or None
        None with fewer than 3 points to fit.
    """
    pts = [(math.log(n), math.log(abs(float(e)))) for n, e in zip(decks, errors) if n >= fit_from and e != 0]
    if len(pts) < 3:
        return None
    mx = sum(p[0] for p in pts) / len(pts)
    my = sum(p[1] for p in pts) / len(pts)
    return sum((x - mx) * (y - my) for x, y in pts) / sum((x - mx) ** 2 for x, _ in pts)


def convergence(rules: PokerRules, limit: sp.Expr, decks=DEFAULT_DECKS, progress=None) -> Convergence:
    """The N-card values of ``rules`` for each N in ``decks`` against the continuous value ``limit``.

    Parameters
    ----------
    rules : PokerRules
        With a numeric bet.
    limit : sympy.Expr
        The continuous game's value at that bet (from :mod:`derive.continuum.solve`).
    decks : iterable of int
    progress : callable, optional

    Returns
    -------
    Convergence

    Raises
    ------
    derive.games.one_card.GameDefinitionError
        As :func:`card_values`.
    """
    values = card_values(rules, decks, progress)
    order = error_order([v.deck for v in values], [v.value - limit for v in values])
    return Convergence(rules, sp.nsimplify(limit), values, order)
