"""Dominated plans and choices ("stupid mistakes"), found by iterated elimination.

Within one situation (a player's card, and for the dealer whether he was
checked to or bet to) a player's payoff from plan ``m`` is linear in the
opponent's plan probabilities and separable over the opponent's situations:

    D(z) = u_p(m', z) - u_p(m, z) = sum over opponent situations t of d_t(z_t),

where ``d_t(j)`` is the difference of the two plans' coefficients of the
opponent's plan ``j`` (in ``U = x^T P y``, signed for player ``p``).  Hence

* ``m'`` **strictly** dominates ``m`` iff ``min_z D(z) = sum_t min_j d_t(j) > 0``;
* ``m'`` **weakly** dominates ``m`` iff ``min_z D(z) >= 0`` and ``max_z D(z) > 0``.

:func:`dominated_plans` removes, round by round and for both players at
once, every plan dominated by another remaining plan of the same situation,
against the opponent's remaining plans (iterated elimination).  Each
removal is reported with its kind, its dominator, the round, and a witness:
an opponent plan against which the dominator earns strictly more.  Weak
elimination preserves the value of a zero-sum game but may discard optimal
strategies (Miao 2014 notes checkcalling the ace is optimal although weakly
dominated).

The elimination itself is :func:`derive.dominance.plans.dominated_plans`, which works on any
two-player game; this module reads its result for one-card poker's tree (the thesis's plan names
and wording: "opener holds A: checkraise").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import sympy as sp

from derive.dominance.plans import dominated_plans as general_dominated_plans
from derive.games.one_card import PLAYER_NAMES
from derive.games.one_card_tree import ExtensiveFormGame, Sequence
from derive.sequence_form.tree_plans import general_plan_form

__all__ = ["Domination", "DominanceResult", "describe_plan", "dominated_plans", "summary_lines"]


@dataclass(frozen=True)
class Domination:
    """One eliminated plan.

    Attributes
    ----------
    plan : Sequence
        The dominated plan (player ``plan.player``).
    dominator : Sequence
        A plan of the same situation that dominates it.
    kind : str
        ``"strict"`` or ``"weak"``.
    round : int
        Elimination round (1 = dominated in the full game).
    witness : Sequence or None
        An opponent plan against which ``dominator`` earns strictly more.
    gain : sympy.Rational
        ``min_z D(z)`` (> 0 for strict, 0 for weak): the least advantage, in
        chips times the deal's probability.
    choice : str
        The first own choice where the two plans differ, e.g. ``"fold at A:xb (instead of call)"``.
    reason : str
        One line: what is dominated, by what, and when it earns less.
    """

    plan: Sequence
    dominator: Sequence
    kind: str
    round: int
    witness: Sequence | None
    gain: sp.Rational
    choice: str
    reason: str


@dataclass(frozen=True)
class DominanceResult:
    """Iterated elimination of dominated plans.

    Attributes
    ----------
    game : ExtensiveFormGame
    eliminated : tuple of Domination
        In elimination order.
    remaining : (tuple of Sequence, tuple of Sequence)
        Each player's surviving plans.
    weak : bool
        Whether weak dominance was used (else strict only).
    """

    game: ExtensiveFormGame
    eliminated: tuple[Domination, ...]
    remaining: tuple[tuple[Sequence, ...], tuple[Sequence, ...]]
    weak: bool

    def excluded(self) -> tuple[Sequence, ...]:
        """The eliminated plans, for :func:`derive.solving.families.optimal_families.optimal_families` ``exclude=``."""
        return tuple(d.plan for d in self.eliminated)

    def find(self, player: int, label: str) -> Domination | None:
        """The elimination record of ``player``'s plan ``label``, or None if it survives."""
        return next((d for d in self.eliminated if d.plan.player == player and d.plan.label == label), None)


def describe_plan(game: ExtensiveFormGame, plan: Sequence) -> str:
    """E.g. ``"opener holds A: checkraise"`` or ``"dealer holds K, checked to: betfold"``."""
    return f"{PLAYER_NAMES[plan.player]} holds {game.situation_of(plan).situation_text}: {plan.plan}"


def dominated_plans(
    game: ExtensiveFormGame, weak: bool = True, keep: Iterable[Sequence] = ()
) -> DominanceResult:
    """Find dominated plans of both players by iterated elimination (see the module docstring).

    The elimination runs on the one-card game as a general game
    (:func:`derive.games.one_card.to_extensive_form`) by :func:`derive.dominance.plans.dominated_plans`;
    its plans are read back as the tree's maximal sequences.

    Parameters
    ----------
    game : ExtensiveFormGame
        Numeric or symbolic payoffs (symbolic comparisons must be decidable).
    weak : bool
        Eliminate weakly dominated plans too (default); ``False``: strict only.
    keep : iterable of Sequence
        Plans never to eliminate.

    Returns
    -------
    DominanceResult

    Raises
    ------
    NotSupportedError
        If a comparison of symbolic payoffs cannot be decided.

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker
    >>> from derive.games.one_card_tree import build_tree
    >>> r = dominated_plans(build_tree(kuhn_poker()))
    >>> sorted(p.label for p in r.remaining[0])
    ['A:bet', 'A:checkcall', 'K:checkcall', 'K:checkfold', 'Q:bet', 'Q:checkfold']

    References
    ----------
    Miao (2014), "stupid mistakes" after Swanson (2005); Kuhn (1950), p. 101.
    """
    general, tree_plans = general_plan_form(game)

    def read(plan) -> Sequence | None:
        return None if plan is None else tree_plans[plan.player][general.index[plan.player][plan]]

    kept = [(s.player, f"{game.situation_of(s).label}:{s.plan}") for s in keep]
    result = general_dominated_plans(general, weak=weak, keep=kept)
    eliminated = []
    for d in result.eliminated:
        plan, dominator, witness = read(d.plan), read(d.dominator), read(d.witness)
        when = (
            f"; earns less when {describe_plan(game, witness)}"
            if witness is not None and d.kind == "weak"
            else ""
        )
        reason = (
            f"{describe_plan(game, plan)} is {d.kind}ly dominated by {dominator.plan}: "
            f"{'always earns less' if d.kind == 'strict' else 'never earns more'}{when}"
        )
        eliminated.append(Domination(plan, dominator, d.kind, d.round, witness, d.gain, d.choice, reason))
    order = [{s: k for k, s in enumerate(game.plans(p))} for p in (0, 1)]
    remaining = tuple(
        tuple(sorted((read(q) for q in result.remaining[p]), key=order[p].__getitem__)) for p in (0, 1)
    )
    return DominanceResult(game, tuple(eliminated), remaining, weak)  # type: ignore[arg-type]


def summary_lines(result: DominanceResult) -> list[str]:
    """One line per eliminated plan, by round."""
    lines = []
    for d in result.eliminated:
        lines.append(f"round {d.round}: {d.reason}  [{PLAYER_NAMES[d.plan.player]}: {d.choice}]")
    return lines
