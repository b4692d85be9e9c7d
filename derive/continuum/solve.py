"""The thresholds and the value of a threshold structure, from the indifference equations, as functions of the bet.

At each threshold the hand on the cut is indifferent between the plans on its two sides (von
Neumann & Morgenstern 1944, section 19.14; Ferguson & Ferguson 2003): with ``V_p(plan, t)`` the
value of a plan to the player owning the cut ``t`` (:func:`derive.continuum.payoff.plan_value`),

    V_p(plan below t, t) = V_p(plan above t, t)           for every cut t.

A plan's value is linear in the hand and in the other player's thresholds, so these equations are
linear in the thresholds with coefficients in the bet: sympy's ``linsolve`` solves them exactly
(a derivative of the expected payoff in a threshold is the same equation times the other player's
density, which the tests check).  The solution must be ordered, ``0 <= z_1 <= ... <= z_K <= 1``:
each of these is a rational function of the bet, and the bets where all hold are found exactly
(:func:`derive.continuum.intervals.holds_on`).
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from derive.continuum.payoff import Structure, expected_payoff, plan_value
from derive.continuum.rules import B

__all__ = ["Indifference", "ThresholdSolution", "indifference_equations", "solve_structure"]


@dataclass(frozen=True)
class Indifference:
    """The indifference equation at one cut.

    Attributes
    ----------
    threshold : sympy.Symbol
    player : int
        The owner of the cut.
    below, above : str
        The labels of the plans played just below and just above it.
    equation : sympy.Expr
        ``V(below, t) - V(above, t)`` (``= 0`` at the equilibrium), expanded.
    """

    threshold: sp.Symbol
    player: int
    below: str
    above: str
    equation: sp.Expr


@dataclass(frozen=True)
class ThresholdSolution:
    """The exact solution of a structure's indifference equations.

    Attributes
    ----------
    structure : Structure
    payoff : sympy.Expr
        The opener's expected payoff as a polynomial in the thresholds and the bet.
    equations : tuple of Indifference
    thresholds : dict
        ``symbol -> expression in the bet`` (a rational function of :data:`B`, or a number).
    value : sympy.Expr
        The payoff at the solution, factored: the game value to the opener where the solution is
        proved an equilibrium.
    ordering : tuple of sympy.Expr
        ``z_1 - 0, z_2 - z_1, ..., 1 - z_K`` at the solution: each must be ``>= 0``.
    """

    structure: Structure
    payoff: sp.Expr
    equations: tuple[Indifference, ...]
    thresholds: dict[sp.Symbol, sp.Expr]
    value: sp.Expr
    ordering: tuple[sp.Expr, ...]

    def at(self, bet: object) -> dict[sp.Symbol, sp.Expr]:
        """The thresholds at one bet size (exact; see :func:`derive.games.one_card.exact_amount`).

        Raises
        ------
        derive.games.one_card.GameDefinitionError
            If ``bet`` is not an exact positive number.
        """
        from derive.games.one_card import exact_amount

        b = exact_amount(bet, "bet")
        return {k: sp.nsimplify(v.subs(B, b)) if v.free_symbols else v for k, v in self.thresholds.items()}


def indifference_equations(structure: Structure) -> tuple[Indifference, ...]:
    """One equation per cut: the hand on it is indifferent between the plans on its two sides (module docstring).

    Examples
    --------
    >>> from derive.continuum.rules import continuum_model
    >>> from derive.continuum.payoff import plans
    >>> r = continuum_model("borel")
    >>> (fold, bet), (dfold, call) = plans(r, 0), plans(r, 1)
    >>> s = Structure(r, ((fold, dfold), (bet, dfold), (bet, call)), (0, 1))
    >>> [str(e.equation) for e in indifference_equations(s)]
    ['-B*y_1 + B - 2*y_1', 'B*x_1 - 2*B*y_1 + B + 2*x_1 - 2*y_1']
    """
    out = []
    cuts = structure.cuts
    for k, (player, t) in enumerate(zip(structure.owners, structure.symbols)):
        below, above = structure.cells[k][player], structure.cells[k + 1][player]
        eq = plan_value(structure, below, k, cuts[k + 1]) - plan_value(structure, above, k, cuts[k + 1])
        out.append(Indifference(t, player, below.label, above.label, sp.expand(eq)))
    return tuple(out)


def solve_structure(structure: Structure) -> ThresholdSolution | None:
    """Solve the structure's indifference equations exactly in the bet.

    Parameters
    ----------
    structure : Structure
        With the rules' bet the symbol :data:`B` or a number.

    Returns
    -------
    ThresholdSolution or None
        None if the equations have no solution, or a family of solutions (a threshold left free):
        the structure is then not the one to derive (:mod:`derive.continuum.structure` tries
        another).  The ordering is not checked here (:func:`derive.continuum.intervals.holds_on`).
    """
    equations = indifference_equations(structure)
    unknowns = structure.symbols
    solutions = sp.linsolve([e.equation for e in equations], list(unknowns))
    if not solutions:
        return None
    (solution,) = tuple(solutions)
    if any(v.free_symbols & set(unknowns) for v in solution):
        return None
    thresholds = {t: sp.factor(sp.cancel(v)) for t, v in zip(unknowns, solution)}
    payoff = expected_payoff(structure)
    value = sp.factor(sp.cancel(payoff.subs(thresholds)))
    cuts = [c.subs(thresholds) for c in structure.cuts]
    ordering = tuple(sp.factor(sp.cancel(cuts[k + 1] - cuts[k])) for k in range(len(cuts) - 1))
    return ThresholdSolution(structure, payoff, equations, thresholds, value, ordering)
