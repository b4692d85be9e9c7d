"""One-card poker's tree: exact best responses, exploitability and the optimality of the thesis's families.

Best responses are computed per information set (a player's choice may
depend only on what he knows), in the plan form: against the opener's plan
probabilities ``x`` the dealer's best response picks, in each of his
situations, a plan minimising ``W_j(x) = (x^T P)_j``; the best-response
value is ``sum over situations of min_j W_j(x)`` (OpenSpiel's
``exploitability.py`` computes the same by a tree walk).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import sympy as sp

from derive.extensive_form.exact import exact_number
from derive.games.one_card_tree import ExtensiveFormGame, Sequence
from derive.sequence_form import PlanForm, plan_form
from derive.sequence_form.strategies import BehaviourStrategy
from derive.sequence_form.tree_plans import behaviour_from_plans
from derive.solving.families.optimal_families import OptimalFamily
from derive.verification.best_response import IncompleteProfileError, behaviour_profile, game_nash_conv

__all__ = [
    "BestResponse",
    "FamilyCheck",
    "IncompleteProfileError",
    "best_response",
    "exploitability",
    "is_nash_equilibrium",
    "nash_conv",
    "strategy_exploitability",
    "verify_family",
]


@dataclass(frozen=True)
class BestResponse:
    """A pure best response and its value.

    Attributes
    ----------
    player : int
        The responding player.
    value : sympy.Rational
        The opener's expected payoff (chips) when the responder best-responds.
    plans : tuple of Sequence
        The chosen plan in each of the responder's situations.
    strategy : BehaviourStrategy
        The same best response as a (pure) behaviour strategy.
    """

    player: int
    value: sp.Rational
    plans: tuple[Sequence, ...]
    strategy: BehaviourStrategy


def _numeric_plans(game: ExtensiveFormGame, strategy: BehaviourStrategy) -> dict[Sequence, sp.Expr]:
    plans = strategy.plan_probabilities(game)
    for p, v in plans.items():
        if not v.is_Rational:
            raise ValueError(
                f"strategy has a non-numeric probability {v} for plan {p.label}; substitute its parameters first"
            )
    return plans


def best_response(
    game: ExtensiveFormGame, strategy: BehaviourStrategy, pf: PlanForm | None = None
) -> BestResponse:
    """Exact best response of the other player to ``strategy``.

    Parameters
    ----------
    game : ExtensiveFormGame
    strategy : BehaviourStrategy
        Numeric (Rational) probabilities.
    pf : PlanForm, optional
        Precomputed plan form of ``game``.

    Returns
    -------
    BestResponse
        ``value`` is the opener's payoff in chips: the minimum over the
        dealer's strategies if ``strategy`` is the opener's, the maximum
        over the opener's if it is the dealer's.

    Raises
    ------
    ValueError
        If a probability is symbolic.

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker
    >>> from derive.games.one_card_tree import build_tree
    >>> from derive.sequence_form.strategies import behaviour_strategy
    >>> g = build_tree(kuhn_poker())
    >>> always_bet = behaviour_strategy(g, 0, {i.label: {i.actions[-1]: 1} for i in g.infosets[0]})
    >>> best_response(g, always_bet).value
    -1/3
    """
    _check_game(game, strategy)
    pf = pf or plan_form(game)
    me = strategy.player
    other = 1 - me
    mine = _numeric_plans(game, strategy)
    totals = {p: sp.S.Zero for p in pf.plans[other]}
    for (i, j), v in pf.entries.items():
        if me == 0:
            totals[pf.plans[1][j]] += v * mine[pf.plans[0][i]]
        else:
            totals[pf.plans[0][i]] += v * mine[pf.plans[1][j]]
    pick = min if me == 0 else max
    chosen = []
    value = sp.S.Zero
    for group in pf.groups[other]:
        plans = [pf.plans[other][k] for k in group]
        best = pick(plans, key=lambda p: totals[p])  # first best in tree order
        chosen.append(best)
        value += totals[best]
    pure = {p: sp.S.One if p in chosen else sp.S.Zero for p in game.plans(other)}
    behaviour = behaviour_from_plans(game, other, pure)
    return BestResponse(other, value, tuple(chosen), behaviour)


def _profile(game: ExtensiveFormGame, profile) -> tuple[BehaviourStrategy, BehaviourStrategy]:
    if isinstance(profile, BehaviourStrategy):
        raise IncompleteProfileError("a profile needs both players' strategies, got a single strategy")
    if isinstance(profile, Mapping):
        items = [profile.get(0), profile.get(1)]
    else:
        items = list(profile)
        if len(items) > 2:
            raise IncompleteProfileError(f"a profile has two strategies, got {len(items)}")
        items += [None] * (2 - len(items))
    for k, s in enumerate(items):
        if s is None:
            raise IncompleteProfileError(f"the profile has no strategy for player {k}")
        if s.player != k:
            raise IncompleteProfileError(f"entry {k} of the profile is player {s.player}'s strategy")
        _check_game(game, s)
    return items[0], items[1]


def _check_game(game: ExtensiveFormGame, strategy: BehaviourStrategy) -> None:
    if set(strategy.probabilities) != set(game.infosets[strategy.player]):
        raise IncompleteProfileError(
            f"the {'opener' if strategy.player == 0 else 'dealer'}'s strategy is for another game than {game.rules.name}"
        )


def nash_conv(game: ExtensiveFormGame, profile) -> sp.Rational:
    """``max_x' U(x', y) - min_y' U(x, y')``: the sum of both players' best-response gains.

    Computed on the tree's :class:`~derive.extensive_form.game.Game` by
    :func:`derive.verification.best_response.game_nash_conv` (the one NashConv of every game), the
    strategies passed by their labels.

    Parameters
    ----------
    profile : (opener's, dealer's) BehaviourStrategy, or {0: ..., 1: ...}

    Raises
    ------
    IncompleteProfileError
        If a player's strategy is missing: it is never filled in.
    ValueError
        If a probability is symbolic (substitute the parameters first).
    """
    x, y = _profile(game, profile)
    for strategy in (x, y):
        _numeric_plans(game, strategy)
    return game_nash_conv(behaviour_profile(game.game, (x.as_labels(), y.as_labels())))


def exploitability(game: ExtensiveFormGame, profile) -> sp.Rational:
    """``nash_conv / 2`` (OpenSpiel's convention); 0 exactly at a Nash equilibrium, never negative.

    Raises
    ------
    IncompleteProfileError
        If a player's strategy is missing.

    References
    ----------
    Lanctot et al., OpenSpiel, ``exploitability.py``: the uniform random
    profile of Kuhn poker has NashConv 11/12, so exploitability 11/24.
    """
    return nash_conv(game, profile) / 2


def is_nash_equilibrium(game: ExtensiveFormGame, profile) -> bool:
    """Whether ``profile`` is a Nash equilibrium: ``nash_conv == 0`` exactly (cf. pygambit ``max_regret``)."""
    return nash_conv(game, profile) == 0


def strategy_exploitability(
    game: ExtensiveFormGame, strategy: BehaviourStrategy, value: sp.Expr
) -> sp.Rational:
    """How much a best-responding opponent takes from ``strategy`` beyond the game ``value``.

    ``value - min_y U(x, y)`` for the opener's ``x``, ``max_x U(x, y) - value``
    for the dealer's ``y``; in chips, ``>= 0``, and 0 iff ``strategy`` is optimal.

    Raises
    ------
    ValueError
        If ``value`` is not exact (a float other than a short decimal such as 0.5, see
        :mod:`derive.extensive_form.exact`), or the strategy's probabilities are not numbers.
    """
    value = exact_number(value, "value", ValueError)
    br = best_response(game, strategy).value
    return value - br if strategy.player == 0 else br - value


@dataclass(frozen=True)
class FamilyCheck:
    """Result of :func:`verify_family`: the points checked and their exploitability."""

    points: tuple[dict[sp.Symbol, sp.Expr], ...]
    exploitability: tuple[sp.Rational, ...]

    @property
    def all_optimal(self) -> bool:
        """Every checked point has exploitability 0."""
        return all(e == 0 for e in self.exploitability)


def verify_family(
    game: ExtensiveFormGame, family: OptimalFamily, value: sp.Expr, extra_points=()
) -> FamilyCheck:
    """Check that every member of ``family`` is optimal, by checking its vertices.

    Why the vertices suffice: the best-response value
    ``f(x) = min_y U(x, y)`` is a minimum of linear functions of ``x``, hence
    concave; plan probabilities are affine in the parameters, so ``f`` is
    concave on the parameter polytope and ``f >= min over vertices``.  If
    every vertex has ``f = value`` then ``f >= value`` everywhere, and
    ``f <= value`` always holds, so every member is optimal.  (The same
    holds for the dealer with ``max`` and convexity.)  ``extra_points``
    (e.g. the midpoint) are checked as well.

    Returns
    -------
    FamilyCheck

    Raises
    ------
    ValueError
        If ``value`` or a coordinate of an extra point is not exact (a float other than a short
        decimal such as 0.5; see :mod:`derive.extensive_form.exact`).
    """
    value = exact_number(value, "value", ValueError)
    extra = tuple(
        {t: exact_number(x, f"extra point's {t}", ValueError) for t, x in dict(point).items()}
        for point in extra_points
    )
    points = tuple(family.vertices) + extra
    out = []
    for point in points:
        plans = {p: sp.Rational(v.subs(point)) for p, v in family.plans.items()}
        strat = behaviour_from_plans(game, family.player, plans)
        out.append(strategy_exploitability(game, strat, value))
    return FamilyCheck(points, tuple(out))
