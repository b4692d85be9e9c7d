"""The derivation stage: the front door that runs the solvers and the checks a report states.

It sits between :mod:`derive.verification` and :mod:`derive.presentation`: it asks
:func:`derive.solving.choice.choose_solver` which solver a game goes to, runs it and the checks
(subgame perfection, dominance, membership in published families), and returns plain, immutable
results that presentation only renders.  It imports no presentation, command line or figures.

* :func:`solve` (:mod:`derive.derivation.solve`): any :class:`~derive.extensive_form.game.Game` ->
  a :class:`Solution` (its route, why a fallback route, the solver's result, the verdicts);
* :func:`derive` (:mod:`derive.derivation.thesis`): the thesis's derivation of any two-player
  constant-sum game (plans, dominance, bilinear payoff, families in named or generated parameters,
  per-situation values, verification, off-path play) as one immutable :class:`Derivation`;
  :func:`derive_kuhn`, :func:`derive_one_raise` are calls of it for the thesis's two games;
* :func:`derive_constant_sum`, :func:`solve_general` (:mod:`derive.derivation.general`): what the
  general LaTeX document reports.

:func:`solve` and its results are imported with the package (the function ``solve`` hides the module
of the same name: import that as ``derive.derivation.solve`` with ``from ... import``); the other
names are loaded when first used, so that ``derive solve`` loads no thesis code.

Examples
--------
>>> from derive.derivation import solve
>>> from derive.games.registry import load_game
>>> solve(load_game("kuhn")).result.value
-1/18
"""

from __future__ import annotations

import importlib

from derive.derivation.solve import DominanceStep, SequenceFormEquilibria, Solution, solve

__all__ = [
    "ConstantSumDerivation",
    "Derivation",
    "DominanceStep",
    "GameReport",
    "GeneralSolution",
    "SequenceFormEquilibria",
    "Solution",
    "derive",
    "derive_constant_sum",
    "derive_kuhn",
    "derive_one_raise",
    "solve",
    "solve_general",
]

_HOMES = {
    "ConstantSumDerivation": "general",
    "GeneralSolution": "general",
    "derive_constant_sum": "general",
    "solve_general": "general",
    "Derivation": "thesis",
    "derive": "thesis",
    "GameReport": "thesis",
    "derive_kuhn": "thesis",
    "derive_one_raise": "thesis",
}


def __getattr__(name: str):
    """The front door's names, each imported from its module on first use."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)
