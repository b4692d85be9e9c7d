"""Stage 5, solving: exact values, equilibria and whole sets of equilibria.

* :mod:`derive.solving.zero_sum` -- two-player constant-sum games: exact value, an equilibrium,
  each player's whole optimal set.
* :mod:`derive.solving.general_sum` -- two-player general-sum games and games with any number of
  players.
* :mod:`derive.solving.one_player` -- one-player games (a decision-maker against chance): a best
  response to chance by backward induction, every decision's expected values.
* :mod:`derive.solving.families` -- optimal sets as families in named parameters, polytopes, and
  families derived from their support.
* :mod:`derive.solving.refinements` -- quasi-perfect equilibria and admissibility.
* :mod:`derive.solving.parameters` -- answers as exact functions of a bet or a payoff symbol.
* :mod:`derive.solving.linear_program` (an LP: HiGHS, then exact), :mod:`derive.solving.lp` (the
  zero-sum maximin LP and its certified supports) and :mod:`derive.solving.limits` (time limits and
  progress) serve them all.
"""

from __future__ import annotations

from derive.solving.zero_sum import OptimalSet, ZeroSumSolution, solve_zero_sum

__all__ = ["OptimalSet", "ZeroSumSolution", "solve_zero_sum"]
