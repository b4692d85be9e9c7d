"""The opener's expected payoff as an exact bilinear form.

Every terminal ``z`` contributes
``chance(z) * u_0(z) * X(s_0(z)) * Y(s_1(z))`` where ``s_p(z)`` is player
``p``'s last sequence before ``z`` and ``X``, ``Y`` are its realization
probabilities written as sums of plan probabilities
(:func:`derive.sequence_form.strategies.realization_in_plans`).  Hence

    U(x, y) = sum_z chance(z) u_0(z) X(s_0(z)) Y(s_1(z)) = sum_{m, n} P_0[m, n] x_m y_n

with ``P_0`` the plan-form matrix of the game (:func:`derive.sequence_form.plans.game_plan_form`).  It
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
from derive.extensive_form.game import Game
from derive.games.one_card.words import card_of, rules_of
from derive.sequence_form.plans import Plan
from derive.sequence_form.strategies import BehaviourStrategy, plan_form, plan_symbol, plan_variables

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
    game : Game
        One-card poker (:func:`derive.games.one_card.to_extensive_form`).
    expression : sympy.Expr
        ``U(x, y)``, expanded; bilinear in the opener's plan symbols ``x[...]``
        and the dealer's ``y[...]``.
    variables : (dict, dict)
        Each player's plan symbols grouped by situation; each group sums to 1.
    """

    game: Game
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


def bilinear_payoff(game: Game) -> BilinearPayoff:
    """Build ``U(x, y)`` from the game's plan form (see the module docstring).

    Returns
    -------
    BilinearPayoff
        Exact; entries in chips, symbolic if the ante or bet is.

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker, to_extensive_form
    >>> U = bilinear_payoff(to_extensive_form(kuhn_poker()))
    >>> print(sp.sstr(U.collected(0)[sp.Symbol("x[Q:bet]", nonnegative=True)], order="lex"))
    -y[A:call]/3 + y[A:fold]/6 - y[K:call]/3 + y[K:fold]/6
    """
    pf = plan_form(game)
    x = [plan_symbol(p) for p in pf.plans[0]]
    y = [plan_symbol(p) for p in pf.plans[1]]
    expr = sp.Add(*(w * x[i] * y[j] for (i, j), w in pf.payoffs[0].items()))
    return BilinearPayoff(game, sp.expand(expr), (plan_variables(game, 0), plan_variables(game, 1)))


def expected_payoff(
    game: Game,
    opener: BehaviourStrategy,
    dealer: BehaviourStrategy,
) -> sp.Expr:
    """The opener's expected payoff, in chips, of a behaviour profile, by a direct walk over ``game.nodes``.

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

    nodes, infos = game.nodes, game.infosets

    def walk(k: int, reach):
        node = nodes[k]
        if not node.children:
            return reach * node.outcome[0]
        if node.is_chance:
            return sp.Add(*(walk(c, reach * p) for p, c in zip(node.probabilities, node.children)))
        info = infos[node.infoset]
        probs = strategies[node.player].probabilities[info.label]
        return sp.Add(
            *(walk(c, reach * probs[a]) for a, c in zip(info.actions, node.children) if probs[a] != 0)
        )

    return sp.expand(walk(0, sp.S.One))


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

    plan: Plan
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
) -> dict[Plan, CardPlanValue]:
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
        ``plan (:class:`~derive.sequence_form.plans.Plan`) -> CardPlanValue``, exact, in the plan form's order.

    Raises
    ------
    ValueError
        If a value is a float that is not exactly a short decimal (``1/3``; the message gives
        the exact form) or not a number.
    """
    opponent_plans = {k: exact_number(v, f"value of {k}", ValueError) for k, v in opponent_plans.items()}
    game = payoff.game
    rules = rules_of(game)
    pf = plan_form(game)
    n = rules.num_cards
    other = 1 - player
    sign = 1 if player == 0 else -1
    coeff = payoff.collected(player)
    by_symbol_card = {plan_symbol(p): card_of(p.label) for p in pf.plans[other]}
    out: dict[Plan, CardPlanValue] = {}
    for plan in pf.plans[player]:
        c = coeff[plan_symbol(plan)]
        mine = card_of(plan.label)
        per_card = {card: sp.S.Zero for card in rules.deck if card != mine}
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
