"""One-player games: a decision-maker against chance, solved as a best response to chance.

* :mod:`~derive.solving.one_player.decision_problem` -- backward induction over the player's
  information sets (perfect recall): the optimal expected payoff, every information set's reach
  probability, each action's exact expected value given the set is reached, the optimal actions and
  one optimal pure strategy, certified by a forward pass over the tree.
"""

from __future__ import annotations

from derive.solving.one_player.decision_problem import (
    DecisionSolution,
    InformationSetDecision,
    solve_decision_problem,
)

__all__ = ["DecisionSolution", "InformationSetDecision", "solve_decision_problem"]
