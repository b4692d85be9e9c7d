"""The sequence form of a two-player zero-sum extensive-form game.

Koller, Megiddo & von Stengel (1994) and von Stengel (1996): a mixed strategy
of a player with perfect recall is represented by its *realization plan*
``x`` (one entry per sequence), which satisfies ``E x = e, x >= 0`` for the
opener and ``F y = f, y >= 0`` for the dealer.  The opener's expected payoff is
the bilinear form ``x^T A y`` with

    A[s, t] = sum over terminals z with sequences (s, t) of chance(z) * u_0(z).

Row 0 of ``E`` says ``x_empty = 1``; the row of an information set ``I`` says
``sum_a x_(I,a) - x_parent(I) = 0``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import sympy as sp
from sympy.polys.domains import QQ

from derive.games.one_card_tree import ExtensiveFormGame, Sequence

__all__ = ["PlanForm", "general_plan_form", "numeric_plan_matrix", "plan_form"]


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
