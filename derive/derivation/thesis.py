"""The thesis's derivation of its two games: Kuhn poker and the one-raise game.

:func:`derive_kuhn` and :func:`derive_one_raise` chain the pipeline stages (rules -> game ->
bilinear payoff -> optimal families -> verification) and return a :class:`Derivation` (also named
:data:`GameReport`, as :mod:`derive.presentation.reproduce` has always called it), which
``derive reproduce``, the thesis document and the notebooks render.  Nothing here writes or
formats.

References
----------
Kuhn (1950), "A simplified two-person poker", pp. 97-103; Miao (2014), "Sandbagging in one-card
poker" (the one-raise game).
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from derive.extensive_form.game import Game
from derive.games.one_card import (
    KUHN_PARAMETERS,
    ONE_RAISE_PARAMETERS,
    kuhn_poker,
    one_raise_poker,
    thesis_excluded_plans,
    to_extensive_form,
)
from derive.sequence_form.payoff import BilinearPayoff, bilinear_payoff, expected_payoff
from derive.sequence_form.strategies import kuhn_strategies
from derive.solving.families.optimal_families import OptimalSets, optimal_families
from derive.solving.zero_sum.from_rules import Equilibrium, solve
from derive.verification import FamilyCheck, verify_family

__all__ = ["Derivation", "GameReport", "derive_kuhn", "derive_one_raise"]


@dataclass(frozen=True)
class Derivation:
    """Everything derived for one of the thesis's games (:func:`derive_kuhn`, :func:`derive_one_raise`).

    Attributes
    ----------
    key : str
        File-name stem: ``"kuhn"`` or ``"one_raise"``.
    game : Game
        The game of :func:`derive.games.one_card.to_extensive_form` (its ``metadata["rules"]`` the rules).
    payoff : BilinearPayoff
        ``U(x, y)`` of the full game.
    sets : OptimalSets
        The optimal families reported (for the one-raise game: after
        removing the thesis's "stupid mistakes", as the thesis does).
    full_sets : OptimalSets or None
        For the one-raise game, the optimal sets of the full game.
    checks : (FamilyCheck, FamilyCheck)
        Exploitability at each family's vertices and midpoint.
    source : str
        The published result reproduced.
    parameter_payoff : sympy.Expr or None
        For Kuhn poker, the payoff in Kuhn's letters after his reduction:
        ``(α - β)/6 + ξ(3β - γ - 1)/6 + η(γ - 3α)/6``.
    equilibrium : Equilibrium or None
        The equilibrium printed: quasi-perfect by default (:func:`derive.solving.zero_sum.from_rules.solve`).
    admissible, full_admissible : tuple of AdmissibleMembers
        For each family of ``sets`` (and of ``full_sets``), which members are admissible.
    """

    key: str
    game: Game
    payoff: BilinearPayoff
    sets: OptimalSets
    full_sets: OptimalSets | None
    checks: tuple[FamilyCheck, FamilyCheck]
    source: str
    parameter_payoff: sp.Expr | None = None
    equilibrium: Equilibrium | None = None
    admissible: tuple = ()
    full_admissible: tuple = ()


#: The name :mod:`derive.presentation.reproduce` has always used.
GameReport = Derivation


def _checks(sets: OptimalSets) -> tuple[FamilyCheck, FamilyCheck]:
    out = []
    for fam in sets.families:
        mid = {}
        if fam.vertices and fam.parameters:
            n = len(fam.vertices)
            mid = {p: sum((v[p] for v in fam.vertices), sp.S.Zero) / n for p in fam.parameters}
        out.append(verify_family(sets.game, fam, sets.value, [mid] if mid else []))
    return out[0], out[1]


#: What each game's family parameter means, printed beside it (the one-raise game's α is not Kuhn's).
_MEANINGS = {
    "kuhn": {n.symbol: f"{n.meaning}, {n.source}" for n in KUHN_PARAMETERS},
    "one_raise": {
        n.symbol: f"{n.meaning}, the thesis's α ({n.source}), not Kuhn's" for n in ONE_RAISE_PARAMETERS
    },
}


def _refined(report: Derivation, refine: str) -> Derivation:
    """``report`` with its equilibrium (``refine``) and the admissible members of its families."""
    from dataclasses import replace

    from derive.solving.refinements.admissible import classify_family

    game = report.game
    return replace(
        report,
        equilibrium=solve(game, refine=refine),
        admissible=tuple(classify_family(game, f) for f in report.sets.families),
        full_admissible=()
        if report.full_sets is None
        else tuple(classify_family(game, f) for f in report.full_sets.families),
    )


def derive_kuhn(refine: str = "quasi-perfect") -> Derivation:
    """Derive Kuhn poker: value -1/18, the opener's α-family, the dealer's unique ξ = η = 1/3.

    ``refine`` chooses the single equilibrium reported beside the families (see
    :func:`derive.solving.zero_sum.from_rules.solve`).

    References
    ----------
    Kuhn (1950), "A simplified two-person poker", pp. 97-103.
    """
    game = to_extensive_form(kuhn_poker())
    sets = optimal_families(game, KUHN_PARAMETERS)
    letters = expected_payoff(game, *kuhn_strategies(game))
    report = Derivation(
        "kuhn", game, bilinear_payoff(game), sets, None, _checks(sets), "Kuhn (1950)", letters
    )
    return _refined(report, refine)


def derive_one_raise(refine: str = "quasi-perfect") -> Derivation:
    """Derive the one-raise game: value -1/18, the thesis's dealer strategy and α-family.

    The thesis removes its "stupid mistakes" (items 1-7 of
    :data:`derive.sequence_form.strategies.THESIS_STUPID_MISTAKES`, items 6 and 7 being
    weak dominance) before solving; the reported families are those of that
    reduced game.  ``full_sets`` holds the full game's optimal sets, which
    are larger (e.g. checkcalling the ace is optimal too).

    References
    ----------
    Miao (2014), "Sandbagging in one-card poker", sections "Revised Kuhn
    poker" and "Proving equilibrium for the opener".
    """
    game = to_extensive_form(one_raise_poker())
    sets = optimal_families(game, ONE_RAISE_PARAMETERS, exclude=thesis_excluded_plans())
    full = optimal_families(game, ONE_RAISE_PARAMETERS)
    report = Derivation("one_raise", game, bilinear_payoff(game), sets, full, _checks(sets), "Miao (2014)")
    return _refined(report, refine)
