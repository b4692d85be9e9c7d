"""Exact real algebra for sets of equilibria: polynomial systems solved into pieces, real algebraic
numbers, and open cells of a cylindrical decomposition.

The support enumeration of games with three or more players
(:mod:`derive.solving.general_sum.support_enumeration`) meets polynomial equations (indifference)
and polynomial or rational sign conditions (probabilities positive, no gain from a deviation).
This package decides them exactly, in the order the data flows:

* :mod:`~derive.solving.semialgebraic.polynomials` -- FLINT's multivariate polynomials over the
  rationals, with the few operations the others share (coefficients in one variable, substituting
  a fraction, irreducible factors, sympy in and out).
* :mod:`~derive.solving.semialgebraic.number_fields` -- a real algebraic number ``alpha`` (a root
  of an irreducible polynomial, isolated in a rational interval) and exact arithmetic and signs in
  ``Q(alpha)``.
* :mod:`~derive.solving.semialgebraic.elimination` -- the real solutions of a polynomial system as
  finitely many *branches*: some variables free, the others fractions of them (over the rationals
  or over one ``Q(alpha)``), each with the polynomials that must not vanish on it; found by linear
  pivots with case splits and, where no pivot is left, a Groebner basis.
* :mod:`~derive.solving.semialgebraic.cells` -- sign conditions on a branch decided exactly: a
  rational point in every open cell of a cylindrical algebraic decomposition (Collins 1975, with
  the projection of McCallum 1988 and Brown 2001 that suffices for open cells, Strzebonski 2000),
  and the exact solution set of conditions in one variable.
"""

from __future__ import annotations
