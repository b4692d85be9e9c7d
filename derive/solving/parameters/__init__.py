"""Answers as functions of a parameter of the game.

* :mod:`~derive.solving.parameters.parametric_lp` -- any two-player constant-sum game's value and
  optimal strategies as exact piecewise functions of one parameter (``derive solve --param``);
  :mod:`~derive.solving.parameters.parametric_pieces` -- its result, piece by piece.

* :mod:`~derive.solving.parameters.parametric` -- one-card poker's value and families as exact
  piecewise functions of the bet size.
* :mod:`~derive.solving.parameters.sweep` -- the value over a table of bet sizes.
* :mod:`~derive.solving.parameters.symbolic_payoffs` -- every equilibrium of a small two-player game,
  piecewise in one payoff symbol.
"""
