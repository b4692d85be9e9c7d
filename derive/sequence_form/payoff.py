"""The opener's expected payoff as an exact bilinear form.

Walking the tree, every terminal ``z`` contributes
``chance(z) * u_0(z) * X(s_0(z)) * Y(s_1(z))`` where ``s_p(z)`` is player
``p``'s last sequence before ``z`` and ``X``, ``Y`` are its realization
probabilities written as sums of plan probabilities
(:func:`derive.sequence_form.strategies.realization_in_plans`).  Hence

    U(x, y) = sum_z chance(z) u_0(z) X(s_0(z)) Y(s_1(z))

is bilinear: linear in the opener's plan probabilities ``x`` for fixed ``y``
and conversely; it equals ``x^T A y`` of the sequence form.  The coefficient
of a plan variable is the (unnormalised) expected payoff of that plan
against the other player's strategy: for the opener's plan ``m`` with card
``c``, ``N * coefficient`` is the thesis's "expected value of ``m`` given
``c``" (Miao 2014, "Proving equilibrium for the opener").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import sympy as sp

from derive.extensive_form.exact import exact_number
from derive.games.one_card_tree import ExtensiveFormGame, Sequence
from derive.sequence_form.strategies import (
    BehaviourStrategy,
    plan_symbol,
    plan_variables,
    realization_in_plans,
)

__all__ = [
    "BilinearPayoff",
    "bilinear_payoff",
    "expected_payoff",
    "CardPlanValue",
    "plan_values",
]


@dataclass(frozen=True)
class BilinearPayoff:
    """The opener's expected payoff ``U(x, y)`` in plan probabilities, in chips.

    Attributes
    ----------
    game : ExtensiveFormGame
    expression : sympy.Expr
        ``U(x, y)``, expanded; bilinear in the opener's plan symbols ``x[...]``
        and the dealer's ``y[...]``.
    variables : (dict, dict)
        Each player's plan symbols grouped by situation; each group sums to 1.
    """

    game: ExtensiveFormGame
    expression: sp.Expr
    variables: tuple[dict, dict]

    def symbols(self, player: int) -> tuple[sp.Symbol, ...]:
        """All plan symbols of ``player``, situation by situation."""
        return tuple(s for group in self.variables[player].values() for s in group)

    def collected(self, player: int) -> dict[sp.Symbol, sp.Expr]:
        """``U`` as ``sum_m v_m * m`` over ``player``'s plan symbols ``m``.

        ``v_m`` is linear in the other player's plan symbols: reading these
        coefficients off gives the indifference conditions.
        """
        poly = sp.Poly(self.expression, *self.symbols(player))
        return {s: sp.expand(poly.coeff_monomial(s)) for s in self.symbols(player)}


def bilinear_payoff(game: ExtensiveFormGame) -> BilinearPayoff:
    """Build ``U(x, y)`` by walking the tree (see the module docstring).

    Returns
    -------
    BilinearPayoff
        Exact; entries in chips, symbolic if the ante or bet is.

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker
    >>> from derive.games.one_card_tree import build_tree
    >>> U = bilinear_payoff(build_tree(kuhn_poker()))
    >>> print(sp.sstr(U.collected(0)[sp.Symbol("x[Q:bet]", nonnegative=True)], order="lex"))
    -y[A:call]/3 + y[A:fold]/6 - y[K:call]/3 + y[K:fold]/6
    """
    cache: dict[Sequence, sp.Expr] = {}

    def real(s: Sequence) -> sp.Expr:
        if s not in cache:
            cache[s] = realization_in_plans(game, s)
        return cache[s]

    grouped: dict[tuple[Sequence, Sequence], sp.Expr] = {}
    for t in game.terminals:
        key = t.sequences
        grouped[key] = grouped.get(key, sp.S.Zero) + t.chance * t.payoffs[0]
    expr = sp.Add(*(w * real(s0) * real(s1) for (s0, s1), w in grouped.items() if w != 0))
    return BilinearPayoff(game, sp.expand(expr), (plan_variables(game, 0), plan_variables(game, 1)))


def expected_payoff(
    game: ExtensiveFormGame,
    opener: BehaviourStrategy,
    dealer: BehaviourStrategy,
) -> sp.Expr:
    """The opener's expected payoff, in chips, of a behaviour profile, by a direct tree walk.

    ``sum over deals and plays of chance * product of action probabilities * payoff``;
    independent of the sequence form, so tests can check one against the other.

    Raises
    ------
    ValueError
        If ``opener`` is not player 0's strategy or ``dealer`` not player 1's.
    """
    if opener.player != 0 or dealer.player != 1:
        raise ValueError(
            "expected_payoff needs the opener's (player 0) then the dealer's (player 1) strategy"
        )
    strategies = (opener, dealer)

    def walk(node: int, reach):
        if node in game.terminal_at:
            return reach * game.terminal_at[node].payoffs[0]
        info = game.infoset_at(node)
        probs = strategies[info.player].probabilities[info]
        return sp.Add(*(walk(child, reach * probs[a]) for a, child in game.moves(node) if probs[a] != 0))

    return sp.expand(sp.Add(*(walk(d.node, d.probability) for d in game.deals)))


@dataclass(frozen=True)
class CardPlanValue:
    """Expected value of one plan given the player's card, and the sum that produces it.

    ``total = sum over the opponent's cards c' of by_card[c'] / (N - 1)`` --
    for ``N = 3`` the thesis's ``1/2 (...) + 1/2 (...)``.  Values are to the
    plan's owner, in chips.  For the dealer a plan lives in one situation
    (checked to or bet to); ``by_card[c']`` then counts only the deals in
    which the opener with ``c'`` puts him there (the other deals contribute
    0), so plans of one situation compare directly.  (Any game's plan values, by the opponent's
    situation, are :class:`derive.sequence_form.plan_values.PlanValue`.)
    """

    plan: Sequence
    by_card: dict[str, sp.Expr]
    total: sp.Expr

    def breakdown(self) -> str:
        """The sum as text, e.g. ``"1/2·(-1) + 1/2·(-1)"``."""
        n = len(self.by_card)
        return " + ".join(f"1/{n}·({v})" for v in self.by_card.values())


#: The old name of :class:`CardPlanValue` (two classes were named ``PlanValue``).
PlanValue = CardPlanValue


def plan_values(
    payoff: BilinearPayoff,
    player: int,
    opponent_plans: Mapping[sp.Symbol, sp.Expr],
) -> dict[Sequence, CardPlanValue]:
    """Expected value of each plan of ``player`` given his card, against fixed opponent play.

    For the opener's plan ``m`` with card ``c``: ``E[u_0 | c, m]``, the
    thesis's per-card expected value (Miao 2014, "Proving equilibrium for the
    opener"), with its breakdown by the dealer's card.  For the dealer, the
    value to the dealer (``-u_0``) of plan ``j`` given his card (see
    :class:`CardPlanValue`).

    Parameters
    ----------
    payoff : BilinearPayoff
    player : int
    opponent_plans : mapping
        The other player's plan symbol -> value (numbers or expressions in α ...), exact: a
        float only when it is exactly a short decimal such as 0.5
        (:mod:`derive.extensive_form.exact`).

    Returns
    -------
    dict
        ``plan (Sequence) -> CardPlanValue``, exact.

    Raises
    ------
    ValueError
        If a value is a float that is not exactly a short decimal (``1/3``; the message gives
        the exact form) or not a number.
    """
    opponent_plans = {k: exact_number(v, f"value of {k}", ValueError) for k, v in opponent_plans.items()}
    game = payoff.game
    n = game.rules.num_cards
    other = 1 - player
    sign = 1 if player == 0 else -1
    coeff = payoff.collected(player)
    by_symbol_card = {}
    for p in game.plans(other):
        by_symbol_card[plan_symbol(p)] = p.card
    out: dict[Sequence, CardPlanValue] = {}
    for plan in game.plans(player):
        c = coeff[plan_symbol(plan)]
        per_card = {card: sp.S.Zero for card in game.rules.deck if card != plan.card}
        for term in sp.Add.make_args(sp.expand(c)):
            syms = [s for s in term.free_symbols if s in by_symbol_card]
            if not syms:
                continue
            card = by_symbol_card[syms[0]]
            per_card[card] += term
        by_card = {
            card: sp.expand(sign * n * (n - 1) * v.subs(opponent_plans)) for card, v in per_card.items()
        }
        total = sp.expand(sum(by_card.values(), sp.S.Zero) / (n - 1))
        out[plan] = CardPlanValue(plan, by_card, total)
    return out
