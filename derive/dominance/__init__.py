"""Stage 4, dominance: iterated elimination of dominated strategies, with reasons.

* :mod:`derive.dominance.general` -- any two-player game with perfect recall: reduced pure
  strategies, strict and weak dominance by pure strategies, iterated, with witnesses.
* :mod:`derive.dominance.plans` -- dominated plans within a situation, for any two-player game
  with perfect recall (in one-card poker the thesis's "stupid mistakes", worded by the builder's
  metadata: "opener holds A: checkraise"); its names are importable from here.
* :mod:`derive.dominance.choices` -- dominated choices at last decisions, for games with too many
  plans to list.

``DominanceResult`` and ``Domination`` are the names :class:`PlanDominanceResult` and
:class:`PlanDomination` had when one-card poker had a dominance of its own; they are the same classes.
"""

from __future__ import annotations

from derive.dominance.plans import (
    PlanDominanceResult,
    PlanDomination,
    describe_plan,
    dominated_plans,
    summary_lines,
)

#: The general result under its older name (same class).
DominanceResult = PlanDominanceResult
#: The general record under its older name (same class).
Domination = PlanDomination

__all__ = [
    "DominanceResult",
    "Domination",
    "PlanDominanceResult",
    "PlanDomination",
    "describe_plan",
    "dominated_plans",
    "summary_lines",
]
