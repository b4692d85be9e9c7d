"""A behaviour profile written in parameters, with its domain: the data type of a published family.

Builders of games that carry a published family (:mod:`derive.games.published`,
:mod:`derive.games.three_player_kuhn`) state it as a :class:`ProfileFamily`;
:func:`derive.verification.profile_family.check_profile_family` checks it.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

__all__ = ["ProfileFamily", "UnknownFamilyError"]


class UnknownFamilyError(LookupError):
    """No published family of the named game is built in."""


@dataclass(frozen=True)
class ProfileFamily:
    """A behaviour profile written in parameters, with the domain of those parameters.

    Attributes
    ----------
    name : str
    parameters : tuple of sympy.Symbol
        The free parameters (the others are fixed by the family's equations).
    strategies : tuple of dict
        Per player, ``information-set label -> {action: probability}``, probabilities polynomial in
        the parameters.
    domain : tuple of sympy relationals
        Closed inequalities (``>=``, ``<=``) in the parameters; some may be curved.
    equations : tuple of sympy.Eq
        The family's dependent probabilities as the source states them (already substituted in
        ``strategies``; shown for the reader).
    source : str
    """

    name: str
    parameters: tuple[sp.Symbol, ...]
    strategies: tuple[dict[str, dict[str, sp.Expr]], ...]
    domain: tuple[sp.Basic, ...]
    equations: tuple[sp.Eq, ...]
    source: str
