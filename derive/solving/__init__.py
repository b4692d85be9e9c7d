"""Stage 5, solving: exact values, equilibria and whole optimal sets.

* :mod:`derive.solving.zero_sum` -- any two-player constant-sum game with perfect recall, in
  the sequence form: exact value, an equilibrium, each player's whole optimal set.

* :mod:`derive.solving.general_sum` -- every equilibrium of a two-player game (extreme equilibria,
  maximal Nash subsets as families); :mod:`derive.solving.symbolic_payoffs` -- the same, piecewise in
  one payoff symbol.
* :mod:`derive.solving.support_enumeration` -- small games with any number of players;
  :mod:`derive.solving.indifference` -- a family derived from its support, and a search over
  supports (three-player Kuhn poker).

The one-card poker solver (plan form, the thesis's families) is in :mod:`derive.solving.one_card`,
:mod:`derive.solving.families` and :mod:`derive.solving.lp`.
"""

from __future__ import annotations

from derive.solving.zero_sum import OptimalSet, ZeroSumSolution, solve_zero_sum

__all__ = ["OptimalSet", "ZeroSumSolution", "solve_zero_sum"]
