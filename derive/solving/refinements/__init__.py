"""Refinements: which equilibria are also sensible off the path of play.

* :mod:`~derive.solving.refinements.quasi_perfect` -- quasi-perfect equilibria as the exact limit of
  the perturbed sequence-form LP (Miltersen & Sørensen 2010), exact in ε.
* :mod:`~derive.solving.refinements.admissible` -- which optimal strategies are weakly dominated.
"""
