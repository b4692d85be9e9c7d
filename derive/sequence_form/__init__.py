"""Stage 3, the sequence form: realization plans, constraint matrices and the bilinear payoff.

* :mod:`derive.sequence_form.general` -- any :class:`~derive.extensive_form.Game` with perfect
  recall: sequences, ``E x = e``, payoff matrices, the bilinear payoff in realization-plan
  variables or in named behaviour parameters.
* :mod:`derive.sequence_form.tree_plans` -- one-card poker's tree: the general plan form read onto
  the thesis's plans (complete strategies), and plan probabilities turned into behaviour.
"""

from __future__ import annotations

from derive.sequence_form.tree_plans import PlanForm, plan_form

__all__ = ["PlanForm", "plan_form"]
