"""General-sum games and games with more than two players.

* :mod:`~derive.solving.general_sum.two_player` -- every equilibrium of a two-player game: extreme
  equilibria and maximal Nash subsets as families.
* :mod:`~derive.solving.general_sum.support_enumeration` -- small games with any number of players,
  support by support, each result verified exactly (:mod:`~derive.solving.general_sum.support_candidates`).
* :mod:`~derive.solving.general_sum.sequence_form` -- one equilibrium by Lemke's method in the sequence
  form (:mod:`~derive.solving.general_sum.sequence_form_lcp`);
  :mod:`~derive.solving.general_sum.extreme_equilibria` -- every extreme equilibrium by vertex enumeration.
"""

from __future__ import annotations

from derive.solving.general_sum.support_enumeration import support_enumeration
from derive.solving.general_sum.two_player import all_equilibria

__all__ = ["all_equilibria", "support_enumeration"]
