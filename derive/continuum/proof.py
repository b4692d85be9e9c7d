"""A proof that derived thresholds are an equilibrium: every hand's best response, exactly.

Given both players' threshold strategies, the value to a player of each of his plans with hand
``t`` is linear in ``t`` on each cell (:func:`derive.continuum.payoff.plan_value`).  So the plan the
structure prescribes is a best response on a whole cell when it is at least as good as every
other plan at the cell's two ends: each such difference is a rational function of the bet, and
:func:`derive.continuum.intervals.sign_proof` proves it ``>= 0`` on the bet interval by the signs of
its factors.  Then no hand of either player gains by deviating, so the gain from deviating (the
best response's payoff minus the equilibrium's) is exactly 0 for every bet in the interval, and
the payoff at the thresholds is the value of the game (von Neumann & Morgenstern 1944, section
19.10, for the same argument done by hand).
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from derive.continuum.intervals import BetInterval, SignProof, holds_on, sign_proof
from derive.continuum.payoff import plan_value_at, plans
from derive.continuum.solve import ThresholdSolution, field_of_bets

__all__ = ["BestResponseCheck", "EquilibriumProof", "best_response_conditions", "prove"]


@dataclass(frozen=True)
class BestResponseCheck:
    """One comparison: the prescribed plan against another at one end of a cell.

    Attributes
    ----------
    player : int
    cell : int
        0-based cell index.
    end : sympy.Expr
        The cell's end where the comparison is made (in the bet).
    prescribed, alternative : str
        The plans' labels.
    difference : sympy.Expr
        ``V(prescribed) - V(alternative)`` there, factored (must be ``>= 0``).
    """

    player: int
    cell: int
    end: sp.Expr
    prescribed: str
    alternative: str
    difference: sp.Expr


@dataclass(frozen=True)
class EquilibriumProof:
    """That the thresholds are an equilibrium for every bet in ``interval``.

    Attributes
    ----------
    interval : BetInterval
    checks : tuple of BestResponseCheck
        Every comparison (players x cells x ends x other plans).
    proofs : tuple of SignProof
        One sign proof for each distinct non-zero difference.
    gains : (sympy.Expr, sympy.Expr)
        Each player's gain from deviating: 0 (every difference is ``>= 0``).
    """

    interval: BetInterval
    checks: tuple[BestResponseCheck, ...]
    proofs: tuple[SignProof, ...]
    gains: tuple[sp.Expr, sp.Expr]

    @property
    def tight(self) -> int:
        """Number of comparisons that are identically 0 (the hand is indifferent)."""
        return sum(1 for c in self.checks if c.difference == 0)


def best_response_conditions(solution: ThresholdSolution) -> tuple[BestResponseCheck, ...]:
    """Every comparison of the prescribed plan with another, at both ends of every cell, both players.

    The values are computed exactly with polynomials in the bet: with ``D`` the common denominator
    of the thresholds, ``D`` times a plan's value is a polynomial (the value is linear in the cuts and
    the hand, :func:`derive.continuum.payoff.plan_value_at`), so each difference is that polynomial
    over ``D``, then factored.
    """
    structure = solution.structure
    field = field_of_bets()
    ring = field.get_ring()

    def number(expr):
        return ring.from_sympy(sp.sympify(expr))

    exact = [field.from_sympy(solution.thresholds[t]) for t in structure.symbols]
    common = ring.one
    for v in exact:
        common = common.lcm(v.denom)
    cuts = [ring.zero, *(v.numer * common.exquo(v.denom) for v in exact), common]
    denominator = ring.to_sympy(common)
    shown = [sp.sympify(c).subs(solution.thresholds) for c in structure.cuts]
    factored: dict = {}
    out = []
    for player in (0, 1):
        for k, cell in enumerate(structure.cells):
            mine = cell[player]
            for end in (k, k + 1):
                base = plan_value_at(structure, mine, k, cuts[end], cuts, number)
                for other in plans(structure.rules, player):
                    if other == mine:
                        continue
                    diff = base - plan_value_at(structure, other, k, cuts[end], cuts, number)
                    if diff not in factored:
                        factored[diff] = sp.factor(ring.to_sympy(diff) / denominator)
                    out.append(
                        BestResponseCheck(player, k, shown[end], mine.label, other.label, factored[diff])
                    )
    return tuple(out)


def prove(solution: ThresholdSolution, sample: sp.Rational) -> EquilibriumProof | None:
    """Prove the solution an equilibrium on the largest bet interval around ``sample`` where it is one.

    Parameters
    ----------
    solution : ThresholdSolution
    sample : sympy.Rational
        A bet size where the structure was found.

    Returns
    -------
    EquilibriumProof or None
        None if at ``sample`` the thresholds are out of order or some hand gains by deviating (the
        structure is wrong there).  Otherwise the interval is where the ordering and every
        comparison hold, and each comparison has its sign proof.
    """
    checks = best_response_conditions(solution)
    conditions = list(solution.ordering) + [c.difference for c in checks]
    interval = holds_on(conditions, sample)
    if interval is None:
        return None
    distinct = list(dict.fromkeys(g for g in conditions if g != 0))
    proofs = tuple(sign_proof(g, interval) for g in distinct)
    return EquilibriumProof(interval, checks, proofs, (sp.S.Zero, sp.S.Zero))
