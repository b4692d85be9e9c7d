"""Stage 4, dominance: iterated elimination of dominated strategies, with reasons.

* :mod:`derive.dominance.general` -- any two-player game with perfect recall: reduced pure
  strategies, strict and weak dominance by pure strategies, iterated, with witnesses.
* :mod:`derive.dominance.tree_plans` -- one-card poker's plans within a situation (the thesis's
  "stupid mistakes").
"""

from __future__ import annotations

from derive.dominance.tree_plans import (
    DominanceResult,
    Domination,
    describe_plan,
    dominated_plans,
    summary_lines,
)

__all__ = ["Domination", "DominanceResult", "describe_plan", "dominated_plans", "summary_lines"]
