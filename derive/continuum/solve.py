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

__all__ = ["Indifference", "ThresholdSolution", "field_of_bets", "indifference_equations", "solve_structure"]


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


def field_of_bets():
    """``QQ(B)``: rational functions of the bet with rational coefficients, sympy's exact field.

    The thresholds, the value and every difference of the proof are computed in it (a sum or a
    product is reduced to lowest terms at once), and turned into sympy expressions only to be
    factored and printed.
    """
    return sp.QQ.frac_field(B)


def solve_structure(structure: Structure) -> ThresholdSolution | None:
    """Solve the structure's indifference equations exactly in the bet.

    The equations are linear in the thresholds, with coefficients polynomials in the bet: their
    matrix is solved over the field ``QQ(B)`` (:func:`field_of_bets`) by exact elimination.

    Parameters
    ----------
    structure : Structure
        With the rules' bet the symbol :data:`B` or a number.

    Returns
    -------
    ThresholdSolution or None
        None if the equations have no solution, or a family of solutions (their matrix is
        singular: a threshold left free): the structure is then not the one to derive
        (:mod:`derive.continuum.structure` tries another).  The ordering is not checked here
        (:func:`derive.continuum.intervals.holds_on`).
    """
    from sympy.polys.matrices import DomainMatrix

    equations = indifference_equations(structure)
    unknowns = structure.symbols
    field = field_of_bets()
    matrix, rhs = sp.linear_eq_to_matrix([e.equation for e in equations], list(unknowns))
    m = DomainMatrix.from_Matrix(matrix).convert_to(field)
    if m.rank() < len(unknowns):
        return None
    column = m.lu_solve(DomainMatrix.from_Matrix(rhs).convert_to(field))
    exact = [column[k, 0].element for k in range(len(unknowns))]
    thresholds = {t: sp.factor(field.to_sympy(v)) for t, v in zip(unknowns, exact)}
    payoff = expected_payoff(structure)
    poly = sp.Poly(payoff, *unknowns, domain=field) if unknowns else None
    if poly is None:
        value = sp.factor(payoff)
    else:
        total = field.zero
        for powers, coeff in poly.as_dict(native=True).items():
            term = coeff
            for v, e in zip(exact, powers):
                if e:
                    term = term * v**e
            total += term
        value = sp.factor(field.to_sympy(total))
    cuts = [field.zero, *exact, field.one]
    ordering = tuple(sp.factor(field.to_sympy(cuts[k + 1] - cuts[k])) for k in range(len(cuts) - 1))
    return ThresholdSolution(structure, payoff, equations, thresholds, value, ordering)
