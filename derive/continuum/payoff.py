"""Plans, threshold strategies and the expected payoff of one-card poker on [0, 1], by integration.

A player's *plan* is a reduced pure strategy of the betting tree: an action at each of his decision
points that his own earlier actions leave reachable (the opener of Kuhn's rules has three: bet;
check then fold; check then call).  Against a plan of the other player a plan reaches one terminal
history, whose payoff to the opener is ``f + s * sign(x - y)`` (:meth:`PokerRules.outcome`).

A *threshold structure* cuts [0, 1] at ordered points ``0 = z_0 <= z_1 <= ... <= z_K = 1``; on the
cell ``(z_(k-1), z_k)`` the opener's hands play one plan and the dealer's hands one plan.  Each
cut belongs to the player whose plan changes there and is named ``x_i`` (the opener's ``i``-th
threshold) or ``y_j`` (the dealer's).  The expected payoff is then

    E = sum over cells i, j of  integral over x in cell i, y in cell j of  (f_ij + s_ij sign(x - y)) dy dx,

a polynomial in the thresholds and the bet: sympy integrates each term (von Neumann &
Morgenstern 1944, section 19.14, compute the same areas by hand).  A hand's value of playing a plan
against the other player's threshold strategy, :func:`plan_value`, is piecewise linear in the hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

import sympy as sp

from derive.continuum.rules import PokerRules
from derive.games.one_card import Action

__all__ = [
    "Plan",
    "Structure",
    "expected_payoff",
    "outcome_of",
    "plan_value",
    "plans",
]

History = tuple[Action, ...]


@dataclass(frozen=True)
class Plan:
    """A reduced pure plan of one player.

    Attributes
    ----------
    player : int
        0 (opener) or 1 (dealer).
    choices : tuple of (history, Action)
        The action at each of the player's reachable decision points, in preorder.
    """

    player: int
    choices: tuple[tuple[History, Action], ...]

    @property
    def label(self) -> str:
        """Words for the plan: the opener's ``"check, call"``; the dealer's ``"x: bet / b: fold"``
        (checked to: bet; bet to: fold), each decision after the letters of the betting before it."""
        if self.player == 0:
            return ", ".join(a.value for _, a in self.choices)
        parts: dict[str, list[str]] = {}
        for h, a in self.choices:
            first = h[0].letter
            parts.setdefault(first, []).append(a.value)
        return " / ".join(f"{k}: {', '.join(v)}" for k, v in parts.items())

    def action_at(self, history: History) -> Action | None:
        """The action the plan takes at ``history``, or None if it does not decide there."""
        for h, a in self.choices:
            if h == history:
                return a
        return None


def plans(rules: PokerRules, player: int) -> tuple[Plan, ...]:
    """Every reduced pure plan of ``player`` (0 opener, 1 dealer), in the order of the rules' actions.

    Returns
    -------
    tuple of Plan
        Von Neumann's opener has 2 (check, bet), Kuhn's 3, the dealer of Kuhn's rules 4.

    Examples
    --------
    >>> from derive.continuum.rules import continuum_model
    >>> [p.label for p in plans(continuum_model("kuhn-continuum"), 0)]
    ['check, fold', 'check, call', 'bet']
    """

    def own_next(h: History) -> list[History]:
        if rules.is_terminal(h):
            return []
        if rules.player_to_act(h) == player:
            return [h]
        return [g for a in rules.legal_actions(h) for g in own_next(h + (a,))]

    def expand(frontier: list[History]):
        if not frontier:
            yield ()
            return
        h, rest = frontier[0], frontier[1:]
        for a in rules.legal_actions(h):
            for tail in expand(own_next(h + (a,)) + rest):
                yield ((h, a),) + tail

    return tuple(Plan(player, choices) for choices in expand(own_next(())))


def outcome_of(rules: PokerRules, opener: Plan, dealer: Plan) -> tuple[History, sp.Expr, sp.Expr]:
    """The terminal history two plans reach and its payoff ``(f, s)`` to the opener (``f + s sign(x - y)``)."""
    h: History = ()
    while not rules.is_terminal(h):
        plan = opener if rules.player_to_act(h) == 0 else dealer
        a = plan.action_at(h)
        if a is None:  # pragma: no cover - plans decide at every reachable point
            raise ValueError(f"plan {plan.label!r} does not decide at {h!r}")
        h = h + (a,)
    f, s = rules.outcome(h)
    return h, f, s


@dataclass(frozen=True)
class Structure:
    """Ordered thresholds and the plan each player's hands play between them (module docstring).

    Attributes
    ----------
    rules : PokerRules
    cells : tuple of (Plan, Plan)
        The opener's and the dealer's plan on each cell, from the lowest hands to the highest.
    owners : tuple of int
        For each cut between consecutive cells, the player whose plan changes there (0 or 1);
        ``len(owners) == len(cells) - 1``.
    """

    rules: PokerRules
    cells: tuple[tuple[Plan, Plan], ...]
    owners: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.owners) != len(self.cells) - 1:
            raise ValueError("a structure needs one owner for each cut between cells")
        for k, p in enumerate(self.owners):
            if self.cells[k][1 - p] != self.cells[k + 1][1 - p] or self.cells[k][p] == self.cells[k + 1][p]:
                raise ValueError(f"cut {k + 1}: only player {p}'s plan may change there, and it must")

    @cached_property
    def symbols(self) -> tuple[sp.Symbol, ...]:
        """The cuts' names in order: ``x_i`` for the opener's ``i``-th threshold, ``y_j`` for the dealer's."""
        count = [0, 0]
        out = []
        for p in self.owners:
            count[p] += 1
            out.append(sp.Symbol(f"{'xy'[p]}_{count[p]}", real=True))
        return tuple(out)

    @property
    def cuts(self) -> tuple[sp.Expr, ...]:
        """``(0, z_1, ..., z_K, 1)``: the cells' ends."""
        return (sp.S.Zero, *self.symbols, sp.S.One)

    def segments(self, player: int) -> list[tuple[Plan, int, int]]:
        """The player's plans with the first and last cell index each covers."""
        out: list[list] = []
        for k, cell in enumerate(self.cells):
            if out and out[-1][0] == cell[player]:
                out[-1][2] = k
            else:
                out.append([cell[player], k, k])
        return [tuple(s) for s in out]

    def outcome_amounts(self, plan: Plan, other: Plan, number=None):
        """``(f, s)`` of the terminal history ``plan`` and ``other`` reach (:func:`outcome_of`), converted by ``number``."""
        key = (plan, other, number)
        cache = self.__dict__.setdefault("_amounts", {})
        if key not in cache:
            p0, p1 = (plan, other) if plan.player == 0 else (other, plan)
            _, f, s = outcome_of(self.rules, p0, p1)
            cache[key] = (f, s) if number is None else (number(f), number(s))
        return cache[key]

    def describe(self, player: int, values: dict | None = None) -> str:
        """One line: ``bet on (0, x_1), check on (x_1, x_2), bet on (x_2, 1)``."""
        cuts = self.cuts
        parts = []
        for plan, first, last in self.segments(player):
            lo, hi = cuts[first], cuts[last + 1]
            if values:
                lo, hi = lo.subs(values), hi.subs(values)
            parts.append(f"{plan.label} on ({lo}, {hi})")
        return "; ".join(parts)


@cache
def _generic_sign_integrals() -> tuple[sp.Expr, sp.Expr]:
    """``integral over x in (a, b), y in (c, d) of sign(x - y)`` by sympy, once, for ends as symbols:
    for two different cells (the x cell above: ``sign = +1`` throughout) and for one cell with itself
    (``y`` below ``x``, then above)."""
    x, y, a, b, c, d = sp.symbols("x y a b c d", real=True)
    apart = sp.integrate(sp.integrate(1, (y, c, d)), (x, a, b))
    same = sp.integrate(sp.integrate(1, (y, a, x)) - sp.integrate(1, (y, x, b)), (x, a, b))
    return apart, same


def _sign_integral(cuts, i: int, j: int) -> sp.Expr:
    """``integral over x in cell i, y in cell j of sign(x - y)`` (sympy's integrals, the cells' ends put in)."""
    apart, same = _generic_sign_integrals()
    a, b, c, d = sp.symbols("a b c d", real=True)
    if i == j:
        return same.subs({a: cuts[i], b: cuts[i + 1]})
    sign = 1 if i > j else -1
    return sign * apart.subs({a: cuts[i], b: cuts[i + 1], c: cuts[j], d: cuts[j + 1]})


def expected_payoff(structure: Structure) -> sp.Expr:
    """The opener's expected payoff of the structure's strategies: a polynomial in the thresholds and the bet.

    Returns
    -------
    sympy.Expr
        ``sum_(i, j) f_ij |cell i| |cell j| + s_ij * integral(sign(x - y))`` over the cells
        (module docstring), expanded.

    Examples
    --------
    >>> from derive.continuum.rules import continuum_model
    >>> r = continuum_model("borel")
    >>> fold, bet = plans(r, 0)
    >>> dfold, call = plans(r, 1)
    >>> s = Structure(r, ((fold, dfold), (bet, dfold), (bet, call)), (0, 1))
    >>> sp.factor(expected_payoff(s).subs({sp.Symbol("x_1", real=True): 0, sp.Symbol("y_1", real=True): 1}))
    1
    """
    cuts = structure.cuts
    total = sp.S.Zero
    for i, (p0, _) in enumerate(structure.cells):
        for j, (_, p1) in enumerate(structure.cells):
            _, f, s = outcome_of(structure.rules, p0, p1)
            if f != 0:
                total += f * (cuts[i + 1] - cuts[i]) * (cuts[j + 1] - cuts[j])
            if s != 0:
                total += s * _sign_integral(cuts, i, j)
    return sp.expand(total)


def plan_value(structure: Structure, plan: Plan, cell: int, hand: sp.Expr) -> sp.Expr:
    """The value to ``plan.player`` of playing ``plan`` with ``hand`` in cell ``cell`` against the other's hands.

    Linear in ``hand``: ``sum_j f_j |cell j| + s_j * (|cell j| if cell j lies below the hand,
    -|cell j| above, (hand - z_(j-1)) - (z_j - hand) in the hand's own cell)``, signed for the dealer
    (whose payoff is minus the opener's).

    Parameters
    ----------
    structure : Structure
    plan : Plan
        Any plan of either player (not only the one the structure plays).
    cell : int
        The cell the hand lies in (0-based).
    hand : sympy.Expr
        A point of that cell (a symbol, or a cut to evaluate at it).

    Returns
    -------
    sympy.Expr
    """
    return plan_value_at(structure, plan, cell, hand, structure.cuts)


def plan_value_at(structure: Structure, plan: Plan, cell: int, hand, cuts, number=None):
    """:func:`plan_value` with the cuts given as numbers of any exact field (or floats).

    Parameters
    ----------
    structure, plan, cell :
        As :func:`plan_value`.
    hand :
        The hand, a number of the same kind as the cuts.
    cuts : sequence
        ``(0, z_1, ..., z_K, 1)`` as numbers (sympy expressions, elements of ``QQ(B)``, floats).
    number : callable, optional
        Converts a payoff amount (a sympy expression in the bet) into that kind of number; sympy's
        own expressions by default.

    Returns
    -------
    The value, the same kind of number as the cuts: the same formula as :func:`plan_value`, so
    the proof (:mod:`derive.continuum.proof`) evaluates it in the field of rational functions of
    the bet instead of simplifying sympy expressions.
    """
    me = plan.player
    total = sp.S.Zero if number is None else 0
    for j, cell_plans in enumerate(structure.cells):
        f, s = structure.outcome_amounts(plan, cell_plans[1 - me], number)
        length = cuts[j + 1] - cuts[j]
        if j < cell:
            win = length
        elif j > cell:
            win = -length
        else:
            win = (hand - cuts[j]) - (cuts[j + 1] - hand)
        # the opener wins s where x > y: against the other's hands below mine if I am the opener
        if me == 1:
            win = -win
        if f:
            total += f * length
        if s:
            total += s * win
    return total if me == 0 else -total
