"""One-card poker's plans in the thesis's words: the plan form over them, and plans to behaviour.

The one-card tree (:class:`derive.games.one_card_tree.ExtensiveFormGame`) is the :class:`Game` with
the thesis's words read off it: information sets with a card and a betting history, sequences
named by the player's own actions (``"A:checkraise"``), plans per situation.  Nothing here computes
on its own model:

* :func:`plan_form` is the general plan form (:func:`derive.sequence_form.plans.game_plan_form` of
  the tree's ``Game``) with its plans read back as the tree's maximal sequences;
* :func:`behaviour_from_plans` turns plan probabilities into a behaviour strategy
  (``P(a | I) = r(I, a) / r(parent(I))``, the inverse of
  :meth:`derive.sequence_form.strategies.BehaviourStrategy.plan_probabilities`);
* :func:`reach_probabilities` gives each information set's probability under a profile.

The plan form: a mixed strategy of a player with perfect recall is represented by its
*realization plan* (Koller, Megiddo & von Stengel 1994; von Stengel 1996), and a strategy that
picks one plan per situation by the plan probabilities ``x``; the opener's expected payoff is
``x^T P y`` with ``P = T_0^T A T_1`` (``T_p`` maps a plan to the sequences it passes through).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

import sympy as sp
from sympy.polys.domains import QQ

from derive.extensive_form.exact import exact_number
from derive.games.one_card import Action
from derive.games.one_card_tree import ExtensiveFormGame, InformationSet, Sequence
from derive.sequence_form.strategies import BehaviourStrategy, InvalidStrategyError

__all__ = [
    "PlanForm",
    "behaviour_from_plans",
    "general_plan_form",
    "numeric_plan_matrix",
    "plan_form",
    "reach_probabilities",
]


@dataclass(frozen=True)
class PlanForm:
    """The payoff matrix over plans: ``U(x, y) = x^T P y`` with plan probabilities ``x``, ``y``.

    ``P = T_0^T A T_1`` where ``T_p`` maps a plan to the sequences it passes
    through; ``P[i, j]`` is the opener's payoff (chips, times the chance of
    the deal) summed over the plays where the opener follows plan ``i`` and
    the dealer plan ``j``.  Each player's plans are grouped by situation; a
    strategy is a probability vector on each group (a product of simplices).

    Attributes
    ----------
    game : ExtensiveFormGame
    plans : (tuple of Sequence, tuple of Sequence)
        The opener's and the dealer's plans (maximal sequences).
    groups : (tuple of tuple of int, tuple of tuple of int)
        Plan indices by situation, for each player.
    entries : dict
        Sparse ``P``: ``(i, j) -> exact value`` (sympy expression).
    """

    game: ExtensiveFormGame
    plans: tuple[tuple[Sequence, ...], tuple[Sequence, ...]]
    groups: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
    entries: dict[tuple[int, int], sp.Expr]

    @property
    def shape(self) -> tuple[int, int]:
        """``(m_0, m_1)``: numbers of plans of the opener and the dealer."""
        return (len(self.plans[0]), len(self.plans[1]))

    @cached_property
    def matrix(self) -> sp.ImmutableSparseMatrix:
        """``P``, shape ``(m_0, m_1)``, in chips."""
        return sp.ImmutableSparseMatrix(*self.shape, self.entries)


def general_plan_form(game: ExtensiveFormGame):
    """The general plan form of ``game`` as a :class:`~derive.extensive_form.game.Game`, and the tree's plans.

    Returns
    -------
    (GamePlanForm, (tuple of Sequence, tuple of Sequence))
        :func:`derive.sequence_form.plans.game_plan_form` of the tree's ``Game``
        (:func:`derive.games.one_card.to_extensive_form` of the rules), and for each player the tree's
        maximal sequence of each of its plans, in its order (a plan is matched by its situation and
        name: ``"K:b"`` and ``"call"``).
    """
    from derive.sequence_form.plans import game_plan_form

    general = game_plan_form(game.game)
    tree = {(game.situation_of(s).label, s.plan): s for p in (0, 1) for s in game.plans(p)}
    return general, tuple(tuple(tree[(q.situation, q.name)] for q in general.plans[p]) for p in (0, 1))


def plan_form(game: ExtensiveFormGame) -> PlanForm:
    """Compute the plan form ``P`` of ``game`` (see :class:`PlanForm`).

    It is the general plan form (:func:`derive.sequence_form.plans.game_plan_form`) of the same game
    as a :class:`~derive.extensive_form.game.Game` (:func:`derive.games.one_card.to_extensive_form`),
    its plans read back as the tree's maximal sequences, in the tree's order.

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker
    >>> from derive.games.one_card_tree import build_tree
    >>> pf = plan_form(build_tree(kuhn_poker()))
    >>> pf.shape, [len(g) for g in pf.groups[1]]
    ((9, 12), [2, 2, 2, 2, 2, 2])
    """
    plans = (game.plans(0), game.plans(1))
    general, tree_plans = general_plan_form(game)
    position = [{q: k for k, q in enumerate(plans[p])} for p in (0, 1)]
    moved = [[position[p][q] for q in tree_plans[p]] for p in (0, 1)]
    entries = {(moved[0][i], moved[1][j]): v for (i, j), v in general.entries.items() if v != 0}
    groups = tuple(
        tuple(tuple(sorted(moved[p][k] for k in group)) for group in general.groups[p]) for p in (0, 1)
    )
    return PlanForm(game, plans, groups, entries)  # type: ignore[arg-type]


def numeric_plan_matrix(pf: PlanForm) -> dict[int, dict[int, object]]:
    """``P`` as ``{row: {col: QQ}}`` for the exact LP.

    Raises
    ------
    SymbolicGameError
        If an entry is not a rational number (symbolic ante or bet).
    """
    out: dict[int, dict[int, object]] = {}
    for (i, j), v in pf.entries.items():
        if not v.is_Rational:
            pf.game.rules.require_numeric()
        out.setdefault(i, {})[j] = QQ(int(v.p), int(v.q))
    return out


def _exact_plans(plans: Mapping[Sequence, object]) -> dict[Sequence, sp.Expr]:
    """Plan probabilities read exactly (:mod:`derive.extensive_form.exact`); Rationals pass as they are."""
    return {
        s: v
        if isinstance(v, sp.Rational)
        else exact_number(v, f"plan probability of {getattr(s, 'label', s)}", InvalidStrategyError)
        for s, v in plans.items()
    }


def behaviour_from_plans(
    game: ExtensiveFormGame,
    player: int,
    plans: dict[Sequence, sp.Expr],
    pf: PlanForm | None = None,
    opponent_plans: dict[Sequence, sp.Expr] | None = None,
) -> BehaviourStrategy:
    """Behaviour strategy with the given plan probabilities.

    ``P(a | I) = r(I, a) / r(parent(I))`` where ``r`` is the realization
    probability (sum of the plans through the sequence).  Where
    ``r(parent(I)) = 0`` the player's own play never reaches ``I``: if
    ``opponent_plans`` (numeric) is given, the action whose best plan earns
    most against it is played there, otherwise the first action.

    Plan probabilities are read by the rule of :mod:`derive.extensive_form.exact` (a float only
    when it is exactly a short decimal such as 0.5).

    Raises
    ------
    derive.sequence_form.strategies.InvalidStrategyError
        If a plan probability is a float that is not exactly a short decimal (``1/3``; the message
        gives the exact form) or not a number.
    """
    plans = _exact_plans(plans)
    if opponent_plans is not None:
        opponent_plans = _exact_plans(opponent_plans)
    realization: dict[Sequence, sp.Expr] = {}

    def real(s: Sequence) -> sp.Expr:
        if s.is_empty:
            return sp.S.One
        if s not in realization:
            if game.is_maximal(s):
                realization[s] = plans[s]
            else:
                realization[s] = sp.Add(
                    *(real(Sequence(player, i, a)) for i in game.children_of.get(s, ()) for a in i.actions)
                )
        return realization[s]

    values = None
    out: dict[InformationSet, dict[Action, sp.Expr]] = {}
    for info in game.infosets[player]:
        parent = real(game.parent_sequence[info])
        if parent != 0:
            out[info] = {a: sp.simplify(real(Sequence(player, info, a)) / parent) for a in info.actions}
            continue
        choice = info.actions[0]
        if opponent_plans is not None:
            if values is None:
                pf = pf or plan_form(game)
                values = _plan_values_against(pf, player, opponent_plans)
            sign = 1 if player == 0 else -1
            best = {
                a: max(sign * values[p] for p in _plans_through(game, Sequence(player, info, a)))
                for a in info.actions
            }
            choice = max(info.actions, key=lambda a: best[a])
        out[info] = {a: sp.S.One if a is choice else sp.S.Zero for a in info.actions}
    return BehaviourStrategy(player, out)


def _plans_through(game: ExtensiveFormGame, s: Sequence) -> list[Sequence]:
    if game.is_maximal(s):
        return [s]
    return [
        p
        for i in game.children_of.get(s, ())
        for a in i.actions
        for p in _plans_through(game, Sequence(s.player, i, a))
    ]


def _plan_values_against(
    pf: PlanForm, player: int, opponent: dict[Sequence, sp.Expr]
) -> dict[Sequence, sp.Expr]:
    vals: dict[Sequence, sp.Expr] = {p: sp.S.Zero for p in pf.plans[player]}
    for (i, j), v in pf.entries.items():
        if player == 0:
            vals[pf.plans[0][i]] += v * opponent[pf.plans[1][j]]
        else:
            vals[pf.plans[1][j]] += v * opponent[pf.plans[0][i]]
    return vals


def reach_probabilities(
    game: ExtensiveFormGame, strategies: tuple[BehaviourStrategy, BehaviourStrategy]
) -> dict[InformationSet, sp.Expr]:
    """Probability of reaching each information set (chance and both players' play)."""
    reach: dict[InformationSet, sp.Expr] = {i: sp.S.Zero for p in (0, 1) for i in game.infosets[p]}
    stack = [(d.node, d.probability) for d in game.deals]
    while stack:
        node, r = stack.pop()
        if node in game.terminal_at:
            continue
        info = game.infoset_at(node)
        reach[info] += r
        probs = strategies[info.player].probabilities[info]
        for a, child in game.moves(node):
            stack.append((child, r * probs[a]))
    return reach
