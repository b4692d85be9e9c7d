"""Exact equilibria found from nothing, for any number of players: CFR's support, then exact algebra.

Support enumeration (:mod:`derive.solving.general_sum.support_enumeration`) lists every equilibrium
of a small game, but the number of support profiles grows exponentially with the tree: three-player
Kuhn poker already has 6,561 x 10,000 x 65,536 pure reduced strategy profiles.  This module finds
equilibria of such games in three steps, and says which step failed when one does:

1. **Floats, to guess.**  CFR+ (:mod:`derive.solving.general_sum.cfr`) runs from the uniform
   strategy and from a few random ones (seeded), each to a small float NashConv or to its
   iteration cap.  Nothing it computes is printed as a result.
2. **The support.**  At each information set the actions whose average probability exceeds a
   threshold ``tau`` (at least the most likely one) are taken to be used; several thresholds are
   tried (:data:`THRESHOLDS`), since a probability that CFR drives to 0 slowly, or a small one it
   has not yet raised, is on one side of some of them.
3. **Exact algebra.**  On each guessed support
   :func:`~derive.solving.families.indifference.family_from_support` solves the indifference
   equations exactly (sympy); the unknowns it leaves free are the *parameters* of a family, and the
   no-gain inequalities and ``0 <= probability <= 1`` its *domain*.  The whole family is then
   decided by :func:`~derive.verification.profile_family.check_profile_family`, and one exact member
   of it, the point of the domain nearest CFR's play that has small denominators, is checked once
   more by the independent exact NashConv of :mod:`derive.verification.best_response`.

Only families that pass both checks are listed; each comes with the CFR run and threshold it was
guessed from.  Every support tried is recorded with what became of it (no solution of the
equations in [0, 1], a family some member of which is no equilibrium, a check left undecided,
sympy out of time), so that a failure is reported with what was tried.  Runs from different
starting points may end near different components of the set of equilibria; different thresholds
give different faces of one component.

The method finds equilibria; it cannot show that there are no others.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import sympy as sp

from derive.extensive_form.game import Game, NotSupportedError
from derive.solving.families.indifference import family_from_support
from derive.solving.families.polytope import FamilyCertificateError, polytope, sample_points, slack
from derive.solving.general_sum.cfr import ITERATIONS, FloatTree, cfr_plus
from derive.solving.limits import TimeLimit, TimeLimitError
from derive.verification.best_response import behaviour_profile, game_nash_conv, profile_payoffs
from derive.verification.profile_family import check_profile_family

__all__ = [
    "CFREquilibria",
    "FoundFamily",
    "SupportAttempt",
    "equilibria_from_cfr",
    "guessed_support",
    "parameter_actions",
]

#: Thresholds on CFR's average probabilities: an action above one is guessed to be used.
THRESHOLDS = (0.05, 0.01, 0.003, 0.001)
#: Default number of CFR runs: from the uniform strategy, then from seeded random ones.
RUNS = 3
#: Default seconds allowed to one support's algebra (solving and checking).
SUPPORT_SECONDS = 30.0


@dataclass(frozen=True)
class SupportAttempt:
    """One guessed support and what became of it.

    Attributes
    ----------
    run : int
        Index of the CFR run (into :attr:`CFREquilibria.runs`) it was read from.
    threshold : float
        The threshold ``tau`` it was read with.
    support : tuple of dict
        Per player, ``information-set label -> actions used``.
    outcome : str
        ``"verified"`` or why not (one phrase).
    """

    run: int
    threshold: float
    support: tuple[dict[str, tuple[str, ...]], ...]
    outcome: str


@dataclass(frozen=True)
class FoundFamily:
    """A family of equilibria derived exactly from a support CFR suggested, and verified.

    Attributes
    ----------
    family : SupportFamily
        Support, parameters, strategies (per player ``label -> {action: expression}``) and the
        domain's inequalities (``conditions``), from
        :func:`~derive.solving.families.indifference.family_from_support`.
    check : ProfileFamilyCheck
        The verdict of :func:`~derive.verification.profile_family.check_profile_family` on the
        whole family (``is_equilibrium`` True); its ``payoffs`` are each player's payoff in the
        parameters.
    point : dict
        ``parameter -> exact value``: the member :attr:`member` is at.
    member : tuple of dict
        One exact equilibrium of the family, per player ``label -> {action: value}``.
    member_payoffs : tuple of sympy.Expr
    member_nash_conv : sympy.Expr
        The member's exact NashConv (0), computed independently of the family check.
    run : int
        The CFR run whose support it is.
    threshold : float
    parameter_actions : dict
        ``parameter -> (player, information-set label, action)``: what probability each
        parameter is.
    """

    family: object
    check: object
    point: dict[sp.Symbol, sp.Expr]
    member: tuple[dict[str, dict[str, sp.Expr]], ...]
    member_payoffs: tuple[sp.Expr, ...]
    member_nash_conv: sp.Expr
    run: int
    threshold: float
    parameter_actions: dict[sp.Symbol, tuple[int, str, str]]

    @property
    def parameters(self) -> tuple[sp.Symbol, ...]:
        """The family's parameters (probabilities left free by the indifference equations)."""
        return self.family.parameters

    @property
    def payoffs(self) -> tuple[sp.Expr, ...]:
        """Each player's payoff on the family, in the parameters."""
        return self.check.payoffs

    @property
    def conditions(self) -> tuple[sp.Basic, ...]:
        """The domain: inequalities ``expr >= 0`` in the parameters."""
        return self.family.conditions


@dataclass(frozen=True)
class CFREquilibria:
    """What :func:`equilibria_from_cfr` found (module docstring).

    Attributes
    ----------
    families : tuple of FoundFamily
        The verified families, largest (most parameters) first; distinct supports.
    runs : tuple of CFRRun
        The float runs, in order (uniform start first).
    attempts : tuple of SupportAttempt
        Every support tried, in order.
    method : str
        One sentence naming the method and its caps.
    """

    families: tuple[FoundFamily, ...]
    runs: tuple
    attempts: tuple[SupportAttempt, ...]
    method: str


def parameter_actions(game: Game) -> dict[sp.Symbol, tuple[int, str, str]]:
    """``symbol -> (player, label, action)`` for the unknowns of
    :func:`~derive.solving.families.indifference.family_from_support` (``"<label>><action>"``)."""
    return {
        sp.Symbol(f"{info.label}>{a}"): (info.player, info.label, a)
        for info in game.infosets
        for a in info.actions
    }


def guessed_support(
    game: Game, average: Sequence[dict], threshold: float
) -> tuple[dict[str, tuple[str, ...]], ...]:
    """The actions whose probability in ``average`` exceeds ``threshold`` at each information set (the
    most likely one if none does), per player ``label -> actions`` in the game's order."""
    out = []
    for p in range(game.num_players):
        play = {}
        for info in game.infosets_of(p):
            dist = average[p][info.label]
            used = tuple(a for a in info.actions if dist[a] > threshold)
            play[info.label] = used or (max(info.actions, key=lambda a: dist[a]),)
        out.append(play)
    return tuple(out)


def equilibria_from_cfr(
    game: Game,
    *,
    runs: int = RUNS,
    iterations: int | None = None,
    thresholds: Sequence[float] = THRESHOLDS,
    support_seconds: float = SUPPORT_SECONDS,
    progress: Callable[[str], None] | None = None,
    time_limit: float | None = None,
) -> CFREquilibria:
    """Exact equilibria of ``game`` derived from the supports of CFR+'s average strategies (module docstring).

    Parameters
    ----------
    game : Game
        Any number of players, perfect recall, numeric payoffs.
    runs : int
        CFR runs: the first from the uniform strategy, the others from random ones (seeds 1, 2 ...).
    iterations : int, optional
        Iteration cap of each run (default :data:`derive.solving.general_sum.cfr.ITERATIONS`).
    thresholds : sequence of float
        Thresholds ``tau`` (between 0 and 1) for reading supports off CFR's averages.
    support_seconds : float
        Seconds allowed to one support's exact algebra (sympy's solve and the family check) before
        it is recorded as out of time and the next is tried.
    progress : callable, optional
        Hears one line per run and per support tried.
    time_limit : float, optional
        Seconds for the whole search (None: no limit).

    Returns
    -------
    CFREquilibria
        Possibly with no family: then :attr:`CFREquilibria.attempts` says what was tried.

    Raises
    ------
    NotSupportedError
        For symbolic payoffs, imperfect recall, a tree too large for CFR, or bad arguments.
    TimeLimitError
        When ``time_limit`` is reached.

    References
    ----------
    Zinkevich et al. (2007) and Tammelin et al. (2015) for CFR(+); Nash (1951) for the indifference
    equations; Szafron, Gibson & Sturtevant (2013) derive the three-player Kuhn family by hand in
    the same way, from its support.
    """
    iterations = ITERATIONS if iterations is None else iterations
    if isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise NotSupportedError(f"runs must be a positive integer, got {runs!r}")
    if not thresholds or any(not (0 < float(t) < 1) for t in thresholds):
        raise NotSupportedError(f"thresholds must lie strictly between 0 and 1, got {tuple(thresholds)!r}")
    limit = TimeLimit(time_limit, progress, "the search from CFR's supports")
    tree = FloatTree.of(game)
    limit.say(
        f"CFR+ in floats (only to guess supports): {len(game.nodes):,} nodes, {tree.num_actions:,} actions, "
        f"{runs} run{'s' if runs > 1 else ''} of at most {iterations:,} iterations"
    )
    names = parameter_actions(game)
    done: list = []
    attempts: list[SupportAttempt] = []
    found: list[FoundFamily] = []
    tried: set = set()
    for k in range(runs):
        limit.check(f"starting CFR run {k + 1}")
        seed = None if k == 0 else k
        run = cfr_plus(game, iterations, seed=seed, tree=tree)
        done.append(run)
        start = "uniform start" if seed is None else f"random start, seed {seed}"
        limit.say(
            f"CFR run {k + 1} ({start}): {run.iterations:,} iterations, float NashConv {run.nash_conv:.1e}"
        )
        for tau in thresholds:
            support = guessed_support(game, run.average, float(tau))
            key = tuple(tuple(sorted(s.items())) for s in support)
            if key in tried:
                continue
            tried.add(key)
            limit.check(f"deriving the family on the support read with threshold {tau} from run {k + 1}")
            budget = (
                support_seconds
                if limit.remaining is None
                else min(support_seconds, max(limit.remaining, 0.001))
            )
            inner = TimeLimit(budget, None, "the exact algebra on one support")
            try:
                with inner.interrupting(lambda: "solving the indifference equations or checking the family"):
                    outcome, fam = _derive(game, support, run, names)
            except TimeLimitError:
                limit.check(f"deriving the family on the support read with threshold {tau} from run {k + 1}")
                outcome, fam = f"out of time ({budget:g} s) in sympy", None
            attempts.append(SupportAttempt(k, float(tau), support, outcome))
            limit.say(f"  threshold {tau}: {outcome}")
            if fam is not None:
                found.append(dataclasses.replace(fam, run=k, threshold=float(tau)))
    found.sort(key=lambda f: -len(f.parameters))
    method = (
        f"found from CFR's support: CFR+ in floats ({runs} run{'s' if runs > 1 else ''}, at most "
        f"{iterations:,} iterations each) guesses which actions are used (probability above "
        f"{', '.join(str(t) for t in thresholds)}); the indifference equations on each guessed support are "
        "solved exactly (sympy), each family checked exactly for every member (check_profile_family), "
        "and one member by exact NashConv"
    )
    return CFREquilibria(tuple(found), tuple(done), tuple(attempts), method)


def _derive(game: Game, support, run, names) -> tuple[str, FoundFamily | None]:
    """The family on ``support``, checked, with a member near ``run``'s play; or why there is none."""
    fam = family_from_support(game, support)
    if not fam.consistent:
        return (
            "no solution of the indifference equations with probabilities in [0, 1] meets the no-gain conditions",
            None,
        )
    try:
        check = check_profile_family(game, fam.strategies, fam.conditions)
    except NotSupportedError as exc:
        return f"the family check refused it: {exc}", None
    if check.is_equilibrium is False:
        return "the family check found a member that is no equilibrium", None
    if check.is_equilibrium is None:
        reason = check.undecided[0][2] if check.undecided else "undecided"
        return f"the family check was undecided ({reason})", None
    point = _member_point(fam, run, names)
    if point is None:
        return "no exact point of the family's domain was found", None
    member = tuple(
        {
            label: {a: sp.expand(sp.sympify(x).subs(point)) for a, x in dist.items()}
            for label, dist in play.items()
        }
        for play in fam.strategies
    )
    profile = behaviour_profile(game, member)
    conv = game_nash_conv(profile)
    if conv != 0:
        return f"the member at {point} has exact NashConv {conv}, not 0 (a bug: not listed)", None
    used = {t: names[t] for t in fam.parameters if t in names}
    return "verified", FoundFamily(fam, check, point, member, profile_payoffs(profile), conv, 0, 0.0, used)


def _member_point(fam, run, names) -> dict | None:
    """A point of the family's domain: CFR's probabilities for the parameters rounded to small
    denominators if that lands inside, else the centre of the linear part's vertices, else a vertex."""
    params = fam.parameters
    if not params:
        return {}
    raw = [slack(c) for c in fam.conditions]

    def inside(point) -> bool:
        return all(sp.sympify(e).subs(point) >= 0 for e in raw)

    floats = {}
    for t in params:
        p, label, action = names[t]
        floats[t] = run.average[p][label][action]
    for denominator in (10, 100, 1000, 10_000):
        point = {t: sp.Rational(Fraction(x).limit_denominator(denominator)) for t, x in floats.items()}
        if inside(point):
            return point
    linear = [e for e in raw if sp.Poly(e, *params).total_degree() <= 1]
    try:
        _, vertices = polytope(linear, params)
    except FamilyCertificateError:
        return None
    return next(
        (q for q in sample_points(vertices, params)[len(vertices) :] + list(vertices) if inside(q)), None
    )
