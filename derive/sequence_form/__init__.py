"""Stage 3, the sequence form: realization plans, constraint matrices and the bilinear payoff.

* :mod:`derive.sequence_form.general` -- any :class:`~derive.extensive_form.Game` with perfect
  recall: sequences, ``E x = e``, payoff matrices, the bilinear payoff in realization-plan
  variables or in named behaviour parameters.
* :mod:`derive.sequence_form.plans` -- the plan form of any two-player game: plans per situation
  (one-card poker's labelled as the thesis names them, ``"K:betfold"``), the payoff matrices over
  them, and plan probabilities turned into behaviour.

``PlanForm`` and :func:`plan_form` are the general ones (:class:`~derive.sequence_form.plans.GamePlanForm`,
:func:`~derive.sequence_form.plans.game_plan_form`) under their earlier names.
"""

from __future__ import annotations

from derive.sequence_form.plans import MAX_PLANS, game_of, game_plan_form
from derive.sequence_form.plans import GamePlanForm as PlanForm

__all__ = ["PlanForm", "plan_form"]


def plan_form(game, max_plans: int = MAX_PLANS) -> PlanForm:
    """:func:`~derive.sequence_form.plans.game_plan_form` of ``game`` (or of the ``Game`` an object holds
    as ``.game``, :func:`~derive.sequence_form.plans.game_of`).

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker, to_extensive_form
    >>> pf = plan_form(to_extensive_form(kuhn_poker()))
    >>> pf.shape, [len(g) for g in pf.groups[1]]
    ((9, 12), [2, 2, 2, 2, 2, 2])
    """
    return game_plan_form(game_of(game), max_plans)
