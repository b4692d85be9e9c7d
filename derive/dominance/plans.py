"""Dominated plans within a situation ("stupid mistakes"), for any two-player game with perfect recall.

Within one situation ``S`` of player ``p`` (:mod:`derive.sequence_form.plans`)
his payoff from plan ``m`` is linear in the opponent's plan probabilities and
separable over the opponent's situations ``T`` (a mixed strategy of the
opponent is one distribution per situation):

    D(y) = u_p(m', y) - u_p(m, y) = sum over opponent situations T of d_T(y_T),

where ``d_T(n)`` is the difference of the two plans' entries in ``P_p`` in the
column (or row) of the opponent's plan ``n`` of ``T``.  Hence

* ``m'`` **strictly** dominates ``m`` iff ``min D = sum_T min_n d_T(n) > 0``;
* ``m'`` **weakly** dominates ``m`` iff ``min D = 0`` and ``max D = sum_T max_n d_T(n) > 0``.

The opponent's empty plan (plays on which he never moves) is a situation with
one plan, so it adds a constant to ``D``.  :func:`dominated_plans` removes,
round by round and for both players at once, every plan dominated by another
remaining plan of the same situation against the opponent's remaining plans,
and reports each removal with its kind, dominator, round and a *witness*: an
opponent plan against which the dominator earns strictly more.  The first
dominator in plan order is reported (a strict one before a weak one), the
rule the thesis's tables use.  Plans are worded by
:func:`derive.sequence_form.plans.describe_plan`, from the builder's metadata: ``"opener at K:
checkraise"``, or in one-card poker the thesis's ``"opener holds K: checkraise"``.  Weak
elimination preserves the value of a zero-sum game but may discard optimal
strategies (Miao 2014: checkcalling the ace is optimal although weakly
dominated).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import sympy as sp
from sympy.polys.domains import QQ

from derive.extensive_form.game import Game, NotSupportedError
from derive.sequence_form.plans import GamePlanForm, Plan, describe_plan, game_plan_form

__all__ = [
    "PlanDominanceResult",
    "PlanDomination",
    "describe_plan",
    "dominated_plans",
    "first_difference",
    "summary_lines",
]


@dataclass(frozen=True)
class PlanDomination:
    """One eliminated plan.

    Attributes
    ----------
    plan : Plan
        The dominated plan.
    dominator : Plan
        A plan of the same situation that dominates it.
    kind : str
        ``"strict"`` or ``"weak"``.
    round : int
        Elimination round (1 = dominated in the full game).
    witness : Plan or None
        An opponent plan against which ``dominator`` earns strictly more when the opponent's other
        situations play their plans of least difference (so it beats its own situation's worst case).
    gain : sympy.Expr
        ``min D`` (> 0 for strict, 0 for weak): the least advantage, in payoff times chance.
    choice : str
        The first own choice where the two plans differ, e.g. ``"fold at A:xb (instead of call)"``.
    reason : str
        One line: what is dominated, by what, and when it earns less.
    """

    plan: Plan
    dominator: Plan
    kind: str
    round: int
    witness: Plan | None
    gain: sp.Expr
    choice: str
    reason: str


@dataclass(frozen=True)
class PlanDominanceResult:
    """Iterated elimination of dominated plans.

    Attributes
    ----------
    plan_form : GamePlanForm
    eliminated : tuple of PlanDomination
        In elimination order (round by round; player 0 first within a round).
    remaining : (tuple of Plan, tuple of Plan)
        Each player's surviving plans, in plan order.
    weak : bool
        Whether weak dominance was used (else strict only).

    References
    ----------
    Miao (2014), "stupid mistakes" after Swanson (2005).
    """

    plan_form: GamePlanForm
    eliminated: tuple[PlanDomination, ...]
    remaining: tuple[tuple[Plan, ...], tuple[Plan, ...]]
    weak: bool

    @property
    def game(self) -> Game:
        """The game."""
        return self.plan_form.game

    def excluded(self) -> tuple[Plan, ...]:
        """The eliminated plans, in elimination order."""
        return tuple(d.plan for d in self.eliminated)

    def find(self, player: int, label: str) -> PlanDomination | None:
        """The elimination record of ``player``'s plan ``label`` (``"K:checkraise"``), or None if it survives."""
        return next((d for d in self.eliminated if d.plan.player == player and d.plan.label == label), None)

    def summary_lines(self) -> list[str]:
        """One line per eliminated plan: ``"round 1: <reason>  [opener: fold at A:xb (instead of call)]"``."""
        players = self.game.players
        return [
            f"round {d.round}: {d.reason}  [{players[d.plan.player]}: {d.choice}]" for d in self.eliminated
        ]


def summary_lines(result: PlanDominanceResult) -> list[str]:
    """One line per eliminated plan, by round: :meth:`PlanDominanceResult.summary_lines`.

    E.g. ``"round 1: opener holds Q: checkcall is weakly dominated by checkfold: never earns more;
    earns less when dealer holds K, checked to: bet  [opener: call at Q:xb (instead of fold)]"``
    in Kuhn poker (Kuhn 1950, p. 101; Miao 2014's "stupid mistakes").
    """
    return result.summary_lines()


def first_difference(plan: Plan, other: Plan) -> str:
    """The first own choice (in tree order) where ``plan`` and ``other`` (same situation) differ.

    E.g. ``"fold at A:xb (instead of call)"``.
    """
    theirs = dict(other.choices)
    for label, action in plan.choices:
        if theirs.get(label) != action:
            instead = f" (instead of {theirs[label]})" if label in theirs else ""
            return f"{action} at {label}{instead}"
    return "no difference"


def _keys(keep: Iterable) -> set[tuple[int, str]]:
    out = set()
    for item in keep:
        out.add((item.player, item.label) if isinstance(item, Plan) else (int(item[0]), str(item[1])))
    return out


def dominated_plans(
    game: Game | GamePlanForm,
    weak: bool = True,
    keep: Iterable = (),
) -> PlanDominanceResult:
    """Find dominated plans of both players by iterated elimination (see the module docstring).

    Parameters
    ----------
    game : Game or GamePlanForm
        Two players, perfect recall; numeric payoffs, or symbolic ones whose comparisons sympy can
        decide (positive symbols); any sum (each player's own payoff is used).
    weak : bool
        Eliminate weakly dominated plans too (default); ``False``: strict only.
    keep : iterable of Plan or (player, label)
        Plans never to eliminate.

    Returns
    -------
    PlanDominanceResult

    Raises
    ------
    NotSupportedError
        For other than two players, too many plans at a situation (see
        :func:`derive.sequence_form.plans.game_plan_form`), or a comparison of symbolic payoffs
        that cannot be decided (naming the difference).
    ImperfectRecallError
        If recall is imperfect.

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker, to_extensive_form
    >>> r = dominated_plans(to_extensive_form(kuhn_poker()))
    >>> sorted(p.label for p in r.remaining[0])
    ['A:bet', 'A:checkcall', 'K:checkcall', 'K:checkfold', 'Q:bet', 'Q:checkfold']
    >>> r.eliminated[0].reason
    'opener holds Q: checkcall is weakly dominated by checkfold: never earns more; earns less when dealer holds K, checked to: bet'

    References
    ----------
    Miao (2014), "stupid mistakes" after Swanson (2005); Kuhn (1950), p. 101.
    """
    pf = game if isinstance(game, GamePlanForm) else game_plan_form(game)
    protected = _keys(keep)
    numeric = all(v.is_Rational for u in pf.payoffs for v in u.values())
    convert = (lambda v: QQ(int(v.p), int(v.q))) if numeric else (lambda v: v)
    zero = QQ(0) if numeric else sp.S.Zero
    rows: list[dict[int, dict[int, object]]] = [{}, {}]
    for p in (0, 1):
        for (i, j), v in pf.payoffs[p].items():
            own, other = (i, j) if p == 0 else (j, i)
            rows[p].setdefault(own, {})[other] = convert(v)
    alive = [set(range(len(pf.plans[0]))), set(range(len(pf.plans[1])))]
    eliminated: list[PlanDomination] = []
    round_no = 0
    while True:
        round_no += 1
        found: list[PlanDomination] = []
        for p in (0, 1):
            o = 1 - p
            opp_groups = [[j for j in g if j in alive[o]] for g in pf.groups[o]]
            opp_groups = [g for g in opp_groups if g]
            for group in pf.groups[p]:
                live = [k for k in group if k in alive[p]]
                for m in live:
                    plan = pf.plans[p][m]
                    if (p, plan.label) in protected:
                        continue
                    record = _dominated_by(m, live, rows[p], opp_groups, weak, zero)
                    if record is not None:
                        found.append(_record(pf, plan, round_no, *record))
        if not found:
            break
        for d in found:
            alive[d.plan.player].discard(pf.index[d.plan.player][d.plan])
        eliminated.extend(found)
    remaining = tuple(tuple(pf.plans[p][k] for k in sorted(alive[p])) for p in (0, 1))
    return PlanDominanceResult(pf, tuple(eliminated), remaining, weak)  # type: ignore[arg-type]


def _record(
    pf: GamePlanForm, plan: Plan, round_no: int, dom: int, kind: str, gain, witness
) -> PlanDomination:
    dominator = pf.plans[plan.player][dom]
    w = pf.plans[1 - plan.player][witness] if witness is not None else None
    when = f"; earns less when {pf.describe(w)}" if w is not None and kind == "weak" else ""
    reason = (
        f"{pf.describe(plan)} is {kind}ly dominated by {dominator.name}: "
        f"{'always earns less' if kind == 'strict' else 'never earns more'}{when}"
    )
    gain = QQ.to_sympy(gain) if not isinstance(gain, sp.Basic) else sp.expand(gain)
    return PlanDomination(plan, dominator, kind, round_no, w, gain, first_difference(plan, dominator), reason)


def _sign(v) -> int:
    """-1, 0 or 1; exact for QQ, decided by sympy's assumptions for expressions."""
    if not isinstance(v, sp.Basic):
        return (v > 0) - (v < 0)
    v = sp.expand(v)
    if v == 0 or v.is_zero:
        return 0
    if v.is_positive:
        return 1
    if v.is_negative:
        return -1
    raise NotSupportedError(f"cannot decide the sign of the payoff difference {v}; give the symbols signs")


def _extremes(diffs: list) -> tuple[int, int]:
    """Positions of a minimum and of the first maximum of ``diffs``."""
    lo = hi = 0
    for k in range(1, len(diffs)):
        if _sign(diffs[k] - diffs[lo]) < 0:
            lo = k
        if _sign(diffs[k] - diffs[hi]) > 0:
            hi = k
    return lo, hi


def _dominated_by(m, live, rows, opp_groups, weak, zero):
    """First plan in ``live`` dominating ``m``: (index, kind, gain, witness) or None."""
    row_m = rows.get(m, {})
    best = None
    for other in live:
        if other == m:
            continue
        row_o = rows.get(other, {})
        low = high = zero
        witness, witness_gap, witness_rank = None, zero, -1
        for group in opp_groups:
            diffs = [row_o.get(j, zero) - row_m.get(j, zero) for j in group]
            lo, hi = _extremes(diffs)
            low += diffs[lo]
            high += diffs[hi]
            # A witness must beat its own situation's worst case: against it, and the plan of least
            # difference in every other situation, the dominator earns low + (diffs[hi] - diffs[lo]) > 0
            # more.  Preferred: such a witness where the dominator also earns more in that column alone
            # (rank 2), then any such (rank 1); a column of positive difference only when none is (rank
            # 0, for strict dominance, where every opponent strategy is a witness).  The largest
            # difference of the best rank wins, the first in plan order on ties.
            beats = _sign(diffs[hi] - diffs[lo]) > 0
            positive = _sign(diffs[hi]) > 0
            rank = 2 if beats and positive else 1 if beats else 0 if positive else -1
            if rank > witness_rank or (
                rank == witness_rank and rank >= 0 and _sign(diffs[hi] - witness_gap) > 0
            ):
                witness_gap, witness, witness_rank = diffs[hi], group[hi], rank
        low_sign = _sign(low)
        if low_sign > 0:
            return other, "strict", low, witness
        if weak and low_sign == 0 and best is None and _sign(high) > 0:
            best = (other, "weak", low, witness)
    return best
