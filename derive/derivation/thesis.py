"""The thesis's derivation for any two-player constant-sum game, and for its two games.

:func:`derive` chains the pipeline stages for any two-player constant-sum ``Game`` with perfect
recall (game -> plan form -> dominated plans -> bilinear payoff -> optimal families -> per-situation
values -> verification -> a refined equilibrium and the admissible members) and returns one
immutable :class:`Derivation` (also named :data:`GameReport`, as
:mod:`derive.presentation.reproduce` has always called it), which ``derive reproduce``, the thesis
document (:func:`derive.presentation.document.thesis_document`) and the notebooks render.  Names
come from the builder's metadata where it gives them (one-card poker's cards and situations) and
are generated otherwise: a situation is its information set's label, a plan its general plan label
(``"Q:checkcall"``), a family parameter ``t_1, t_2, ...`` (first player) or ``u_1, ...`` (second)
unless the caller names it.  :func:`derive_kuhn` and :func:`derive_one_raise` are calls of it with
the thesis's named parameters (Kuhn's letters, the thesis's α) and excluded plans.  Nothing here
writes or formats.

References
----------
Kuhn (1950), "A simplified two-person poker", pp. 97-103; Miao (2014), "Sandbagging in one-card
poker" (the one-raise game and its method: plans per situation, dominance, indifference).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import sympy as sp

from derive.dominance.plans import PlanDominanceResult, dominated_plans
from derive.extensive_form.game import Game, GameModelError, NotSupportedError
from derive.games.one_card import (
    KUHN_PARAMETERS,
    ONE_RAISE_PARAMETERS,
    NamedParameter,
    kuhn_poker,
    one_raise_poker,
    thesis_excluded_plans,
    to_extensive_form,
)
from derive.games.one_card.words import is_one_card, rules_of
from derive.sequence_form.payoff import BilinearPayoff, bilinear_payoff, expected_payoff
from derive.sequence_form.plan_values import situation_values
from derive.sequence_form.strategies import kuhn_strategies
from derive.solving.families.optimal_families import OptimalSets, optimal_families
from derive.solving.zero_sum.from_rules import Equilibrium, solve
from derive.verification import FamilyCheck, verify_family

__all__ = ["Derivation", "GameReport", "derive", "derive_kuhn", "derive_one_raise", "named_sequences"]


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
    dominance : PlanDominanceResult or None
        Iterated elimination of dominated plans in the full game, with reasons and witnesses
        (:func:`derive.dominance.plans.dominated_plans`).
    values : tuple
        Per player, a tuple of :class:`~derive.sequence_form.plan_values.SituationValues`: each plan's
        value to its owner, situation by situation, against the opponent's reported family (in its
        parameters); empty if not derived.
    meanings : dict
        ``parameter symbol -> what it means`` (with its source) for the named parameters.
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
    dominance: PlanDominanceResult | None = field(default=None, compare=False, repr=False)
    values: tuple = field(default=(), compare=False, repr=False)
    meanings: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def name(self) -> str:
        """The game's name in words: one-card poker's rules' name (``"Kuhn poker"``), else the game's
        title, else ``"the game"``."""
        if is_one_card(self.game):
            return rules_of(self.game).name
        return self.game.title or "the game"

    @property
    def players(self) -> tuple[str, str]:
        """The players' own names (``("opener", "dealer")`` for one-card poker)."""
        return tuple(self.game.players)  # type: ignore[return-value]


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


def named_sequences(game: Game, named: Mapping[str, str]) -> tuple[NamedParameter, ...]:
    """Parameters the caller names, as ``derive latex --name alpha=Q:bet`` does: ``name -> sequence label``.

    A sequence label is an information set's label, a colon and one of its actions (``"Q:bet"``,
    ``"K:xb:call"``); the parameter is that sequence's realization probability (the probability that
    its player's own moves follow it), for the player whose information set it is.

    Returns
    -------
    tuple of NamedParameter
        In the order given, each with ``conditional=False``.

    Raises
    ------
    GameModelError
        One line naming the parameter: not a Python name, or its label is no sequence of either player.
    """
    out = []
    for name, label in named.items():
        if not str(name).isidentifier():
            raise GameModelError(f"parameter {name!r}: give a Python name such as alpha")
        infoset, _, action = str(label).rpartition(":")
        found = [
            i for i in game.infosets if i.player in (0, 1) and i.label == infoset and action in i.actions
        ]
        if not found:
            raise GameModelError(f"parameter {name}: {label!r} is no sequence of either player")
        player = found[0].player
        meaning = f"probability that the {game.players[player]}'s own moves follow {label}"
        out.append(NamedParameter(sp.Symbol(name, real=True), player, infoset, action, False, meaning, ""))
    return tuple(out)


def _key(game: Game) -> str:
    """A file-name stem from the game's title (``"Kuhn poker"`` -> ``"kuhn_poker"``), ``"game"`` without one."""
    return re.sub(r"[^a-z0-9]+", "_", (game.title or "").lower()).strip("_") or "game"


def _situation_values(sets: OptimalSets) -> tuple:
    """Each player's plan values per situation against the opponent's family (in its parameters)."""
    pf = sets.plan_form
    out = []
    for player in (0, 1):
        other = sets.families[1 - player]
        behaviour = pf.behaviour_strategy(other.player, other.plans)
        out.append(situation_values(pf, player, behaviour))
    return tuple(out)


def derive(
    game: Game,
    named: Sequence[NamedParameter] | Mapping[str, str] | None = None,
    exclude: Iterable[tuple[int, str] | object] = (),
    refine: str = "quasi-perfect",
    *,
    key: str | None = None,
    source: str = "",
    parameter_payoff: sp.Expr | None = None,
    meanings: Mapping[sp.Symbol, str] | None = None,
) -> Derivation:
    """The thesis's derivation of a two-player constant-sum game with perfect recall, step by step.

    Plans per situation (:func:`derive.sequence_form.plans.game_plan_form`), dominated plans with
    reasons and witnesses, the bilinear payoff in plan probabilities, the optimal sets as families
    (indifference equations, range, vertices; certified exactly), each plan's value per situation
    against the opponent's family, exploitability at the families' vertices and midpoints, an
    equilibrium refined by ``refine`` (its play off the path) and the admissible members of each
    family.

    Parameters
    ----------
    game : Game
        Two players, constant-sum, numeric payoffs, perfect recall, every situation's plans few
        enough to list (:data:`~derive.sequence_form.plans.MAX_PLANS`).
    named : sequence of NamedParameter, or mapping ``name -> sequence label``, optional
        The parameters a family is written in where they vary on it (published letters such as
        :data:`~derive.games.one_card.KUHN_PARAMETERS`, or ``{"alpha": "Q:bet"}`` as
        ``derive latex --name alpha=Q:bet``, see :func:`named_sequences`); the others are generated
        (``t_1, ...`` for the first player, ``u_1, ...`` for the second).
    exclude : iterable of ``(player, plan label)`` or plans
        Plans removed before the families are derived (the thesis's "stupid mistakes"); the full
        game's families are then derived too (``full_sets``).
    refine : {"quasi-perfect", "none"}
        The single equilibrium reported (:func:`derive.solving.zero_sum.from_rules.solve`).
    key : str, optional
        File-name stem; default from the game's title.
    source : str, optional
        The published result reproduced (``"Kuhn (1950)"``); empty for a game typed in.
    parameter_payoff : sympy.Expr, optional
        The payoff in published letters (Kuhn's), printed beside the plan form's.
    meanings : mapping, optional
        ``symbol -> meaning`` of the named parameters; default each :class:`NamedParameter`'s
        ``meaning`` and ``source``.

    Returns
    -------
    Derivation

    Raises
    ------
    NotSupportedError
        If the game does not have two players, is not constant-sum, has symbolic payoffs, or a
        situation has too many plans to list.
    ImperfectRecallError
        If the game lacks perfect recall.
    GameModelError
        If a named sequence is no sequence of either player.
    ValueError
        If an excluded plan is unknown, or ``refine`` is unknown.
    FamilyCertificateError
        If the exact certificate of the families fails (never observed; reported, not hidden).

    Examples
    --------
    Kuhn poker typed in as a plain game (no builder metadata): the opener's family in a generated
    parameter, the dealer's strategy unique.

    >>> from derive.formats import parse_efg, write_efg
    >>> from derive.games.one_card import kuhn_poker, to_extensive_form
    >>> plain = parse_efg(write_efg(to_extensive_form(kuhn_poker())))
    >>> d = derive(plain, refine="none")
    >>> d.sets.value, d.sets.families[0].parameters, d.sets.families[0].interval, d.sets.families[1].dimension
    (-1/18, (t_1,), Interval(0, 1), 0)

    References
    ----------
    Miao (2014), "Sandbagging in one-card poker" (plans per situation, dominance, indifference);
    Kuhn (1950); Koller, Megiddo & von Stengel (1994); van Damme (1984) (quasi-perfect equilibria).
    """
    game.require_perfect_recall()
    if game.num_players != 2 or not game.is_constant_sum:
        raise NotSupportedError(
            f"the thesis's derivation needs a two-player constant-sum game; {game.title or 'this game'} is not one"
        )
    if game.is_symbolic:
        raise NotSupportedError(
            f"the game has symbolic payoffs or probabilities ({', '.join(str(s) for s in game.symbols)}); "
            "substitute numbers"
        )
    if named is None:
        params: tuple[NamedParameter, ...] = ()
    elif isinstance(named, Mapping):
        params = named_sequences(game, named)
    else:
        params = tuple(named)
    exclude = tuple(exclude)
    sets = optimal_families(game, params, exclude=exclude)
    full = optimal_families(game, params) if exclude else None
    if meanings is None:
        meanings = {n.symbol: f"{n.meaning}, {n.source}" if n.source else n.meaning for n in params}
    report = Derivation(
        key or _key(game),
        game,
        bilinear_payoff(game),
        sets,
        full,
        _checks(sets),
        source,
        parameter_payoff,
        dominance=dominated_plans(sets.plan_form),
        values=_situation_values(sets),
        meanings=dict(meanings),
    )
    return _refined(report, refine)


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
    """Derive Kuhn poker (:func:`derive` with Kuhn's letters): value -1/18, the opener's α-family, the dealer's unique ξ = η = 1/3.

    ``refine`` chooses the single equilibrium reported beside the families (see
    :func:`derive.solving.zero_sum.from_rules.solve`).

    References
    ----------
    Kuhn (1950), "A simplified two-person poker", pp. 97-103.
    """
    game = to_extensive_form(kuhn_poker())
    letters = expected_payoff(game, *kuhn_strategies(game))
    return derive(
        game,
        KUHN_PARAMETERS,
        refine=refine,
        key="kuhn",
        source="Kuhn (1950)",
        parameter_payoff=letters,
        meanings=_MEANINGS["kuhn"],
    )


def derive_one_raise(refine: str = "quasi-perfect") -> Derivation:
    """Derive the one-raise game (:func:`derive` with the thesis's α and its exclusions): value -1/18, the thesis's dealer strategy and α-family.

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
    return derive(
        to_extensive_form(one_raise_poker()),
        ONE_RAISE_PARAMETERS,
        exclude=thesis_excluded_plans(),
        refine=refine,
        key="one_raise",
        source="Miao (2014)",
        meanings=_MEANINGS["one_raise"],
    )
