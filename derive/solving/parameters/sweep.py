"""Sweeps: exact game values over a grid of rules (deck size, raises, bet size).

Each game is solved with :func:`derive.solving.zero_sum.from_rules.solve` (exact, certified); the
results feed tables in the notebooks and :func:`derive.figures.draw_value_by_bet_size`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import sympy as sp

from derive.games.one_card import one_card_poker, to_extensive_form
from derive.solving.zero_sum.from_rules import solve

__all__ = ["ValueRow", "value_table", "values_by_bet_size"]


@dataclass(frozen=True)
class ValueRow:
    """One solved game of a sweep.

    Attributes
    ----------
    deck : int
        Number of cards ``N``.
    max_bets : int
        Bets plus raises allowed.
    ante, bet : sympy.Rational
        In chips.
    value : sympy.Rational
        Exact game value to the opener, in chips.
    """

    deck: int
    max_bets: int
    ante: sp.Rational
    bet: sp.Rational
    value: sp.Rational


def value_table(
    decks: Iterable[int] = (3,),
    max_bets: Iterable[int] = (1,),
    bets: Iterable[object] = (1,),
    ante: object = 1,
) -> tuple[ValueRow, ...]:
    """Solve every game ``one_card_poker(N, k, ante, b)`` of a grid exactly (:func:`derive.solving.zero_sum.from_rules.solve`).

    Parameters
    ----------
    decks : iterable of int
        Deck sizes ``N >= 2``.
    max_bets : iterable of int
        ``k >= 0``.
    bets : iterable of numbers or strings
        Bet sizes (exact, e.g. ``"1/2"``; a float only when it is exactly a short decimal such
        as 0.5, see :func:`derive.games.one_card.exact_amount`).
    ante : number or str
        Each player's ante (read the same way).

    Returns
    -------
    tuple of ValueRow
        In the order ``for N: for k: for b``.

    Raises
    ------
    derive.games.one_card.GameDefinitionError
        If a rule parameter is invalid (a float bet such as ``1/3`` included; the message gives
        the exact form), or the tree too large.

    Examples
    --------
    >>> [str(r.value) for r in value_table(decks=(3,), max_bets=(1, 2))]
    ['-1/18', '-1/18']
    """
    rows = []
    for n in decks:
        for k in max_bets:
            for b in bets:
                rules = one_card_poker(n, k, ante, b)
                rules.require_size()
                value = solve(to_extensive_form(rules)).value
                rows.append(ValueRow(rules.num_cards, rules.max_bets, rules.ante, rules.bet, value))
    return tuple(rows)


def values_by_bet_size(
    bets: Iterable[object], deck: int = 3, max_bets: int = 1, ante: object = 1
) -> dict[sp.Rational, sp.Rational]:
    """The exact game value to the opener at each bet size: ``{b: value}``.

    The input of :func:`derive.figures.draw_value_by_bet_size`.

    Raises
    ------
    derive.games.one_card.GameDefinitionError
        If a bet size (or another rule parameter) is invalid, e.g. a float such as ``1/3`` that
        is not exactly a short decimal (``0.5`` is read as 1/2).

    Examples
    --------
    >>> values_by_bet_size(["1/2", 1, 2])
    {1/2: -1/60, 1: -1/18, 2: 0}
    """
    return {r.bet: r.value for r in value_table((deck,), (max_bets,), bets, ante)}
