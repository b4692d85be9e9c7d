"""Whole sets of equilibria as families in named parameters, with ranges and vertices.

* :mod:`~derive.solving.families.optimal_families` -- each player's whole optimal set in the plan
  form, as families in the thesis's parameters (α, β, ...).
* :mod:`~derive.solving.families.indifference` -- a family derived from its support alone (the
  indifference equations and no-gain conditions), and a search over neighbouring supports.
* :mod:`~derive.solving.families.polytope` -- exact polytopes (cddlib): vertices, irredundant facets.
"""

from __future__ import annotations

from derive.solving.families.indifference import family_from_support
from derive.solving.families.optimal_families import optimal_families
from derive.solving.families.polytope import polytope

__all__ = ["family_from_support", "optimal_families", "polytope"]
