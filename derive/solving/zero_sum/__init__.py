"""Two-player constant-sum games: the exact value, an equilibrium and each player's whole optimal set.

* :mod:`~derive.solving.zero_sum.sequence_form_lp` -- any game with perfect recall, in the sequence
  form (Koller, Megiddo & von Stengel 1994): HiGHS finds an optimal basis, which is re-solved and
  certified in rationals.
* :mod:`~derive.solving.zero_sum.from_rules` -- one-card poker from its rules (no tree), or on its tree read
  back in the thesis's words.
* :mod:`~derive.solving.zero_sum.analysis` -- one-card poker's raise-and-call analysis.
"""

from __future__ import annotations

from derive.solving.zero_sum.sequence_form_lp import (
    OptimalSet,
    SequenceFormEquilibrium,
    ZeroSumSolution,
    best_response_values,
    sequence_form_equilibrium,
    solve_zero_sum,
)

__all__ = [
    "OptimalSet",
    "SequenceFormEquilibrium",
    "ZeroSumSolution",
    "best_response_values",
    "sequence_form_equilibrium",
    "solve_zero_sum",
]
