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
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import sympy as sp

from derive.games.one_card import PLAYER_NAMES
from derive.games.one_card_tree import ExtensiveFormGame, Sequence
from derive.sequence_form import PlanForm, plan_form

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


def _first_difference(game: ExtensiveFormGame, plan: Sequence, other: Sequence) -> str:
    """The first own choice where ``plan`` and ``other`` (same situation) differ."""
    a, b = plan.own_actions, other.own_actions
    k = 0
    while a[k] == b[k]:
        k += 1
    node = plan
    while len(node.own_actions) > k + 1:
        node = game.parent_sequence[node.infoset]
    return f"{a[k].value} at {node.infoset.label} (instead of {b[k].value})"


def dominated_plans(
    game: ExtensiveFormGame,
    weak: bool = True,
    pf: PlanForm | None = None,
    keep: Iterable[Sequence] = (),
) -> DominanceResult:
    """Find dominated plans of both players by iterated elimination (see the module docstring).

    Parameters
    ----------
    game : ExtensiveFormGame
        Numeric or symbolic payoffs (symbolic comparisons must be decidable).
    weak : bool
        Eliminate weakly dominated plans too (default); ``False``: strict only.
    pf : PlanForm, optional
        Precomputed plan form.
    keep : iterable of Sequence
        Plans never to eliminate.

    Returns
    -------
    DominanceResult

    Raises
    ------
    TypeError
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
    pf = pf or plan_form(game)
    keep = set(keep)
    alive = [set(range(len(pf.plans[0]))), set(range(len(pf.plans[1])))]
    # coefficient rows, signed so that each player maximises
    rows: list[dict[int, dict[int, sp.Expr]]] = [{}, {}]
    for (i, j), v in pf.entries.items():
        rows[0].setdefault(i, {})[j] = v
        rows[1].setdefault(j, {})[i] = -v
    eliminated: list[Domination] = []
    round_no = 0
    while True:
        round_no += 1
        found: list[Domination] = []
        for p in (0, 1):
            o = 1 - p
            opp_groups = [[j for j in g if j in alive[o]] for g in pf.groups[o]]
            for group in pf.groups[p]:
                live = [k for k in group if k in alive[p]]
                for m in live:
                    if pf.plans[p][m] in keep:
                        continue
                    record = _dominated_by(pf, p, m, live, rows[p], opp_groups, weak)
                    if record is not None:
                        dom, kind, gain, witness = record
                        plan, dominator = pf.plans[p][m], pf.plans[p][dom]
                        w = pf.plans[o][witness] if witness is not None else None
                        choice = _first_difference(game, plan, dominator)
                        when = (
                            f"; earns less when {describe_plan(game, w)}"
                            if w is not None and kind == "weak"
                            else ""
                        )
                        reason = (
                            f"{describe_plan(game, plan)} is {kind}ly dominated by {dominator.plan}: "
                            f"{'always earns less' if kind == 'strict' else 'never earns more'}{when}"
                        )
                        found.append(Domination(plan, dominator, kind, round_no, w, gain, choice, reason))
        if not found:
            break
        for d in found:
            p = d.plan.player
            alive[p].discard(pf.plans[p].index(d.plan))
        eliminated.extend(found)
    remaining = tuple(tuple(pf.plans[p][k] for k in sorted(alive[p])) for p in (0, 1))
    return DominanceResult(game, tuple(eliminated), remaining, weak)  # type: ignore[arg-type]


def _dominated_by(pf, p, m, live, rows, opp_groups, weak):
    """First plan in ``live`` dominating ``m``: (index, kind, gain, witness) or None."""
    row_m = rows.get(m, {})
    best = None
    for other in live:
        if other == m:
            continue
        row_o = rows.get(other, {})
        low = sp.S.Zero
        high = sp.S.Zero
        witness = None
        witness_gap = sp.S.Zero
        for group in opp_groups:
            if not group:
                continue
            diffs = [row_o.get(j, sp.S.Zero) - row_m.get(j, sp.S.Zero) for j in group]
            low += min(diffs)
            high += max(diffs)
            top = max(range(len(group)), key=lambda k: diffs[k])
            if diffs[top] > witness_gap:
                witness_gap, witness = diffs[top], group[top]
        if low > 0:
            return other, "strict", low, witness
        if weak and low == 0 and high > 0 and best is None:
            best = (other, "weak", low, witness)
    return best


def summary_lines(result: DominanceResult) -> list[str]:
    """One line per eliminated plan, by round."""
    lines = []
    for d in result.eliminated:
        lines.append(f"round {d.round}: {d.reason}  [{PLAYER_NAMES[d.plan.player]}: {d.choice}]")
    return lines
