"""Stage 3, the sequence form: realization plans, constraint matrices and the bilinear payoff.

* :mod:`derive.sequence_form.general` -- any :class:`~derive.extensive_form.Game` with perfect
  recall: sequences, ``E x = e``, payoff matrices, the bilinear payoff in realization-plan
  variables or in named behaviour parameters.
* :mod:`derive.sequence_form.one_card` -- the one-card poker tree's sequence form and its plan
  form (the thesis's complete strategies).
"""

from __future__ import annotations

from derive.sequence_form.one_card import PlanForm, plan_form

__all__ = ["PlanForm", "plan_form"]
