"""A family of equilibria derived from its support alone, for any number of players; a search over supports.

Given which actions each player uses at each information set (the *support*), write each mixed
choice's probabilities as unknowns, and let ``Q(I, a)`` be the player's value of action ``a`` at
``I`` with everything else as in the profile (:func:`~derive.verification.profile_family.action_values`).
A player mixes only between actions of equal value, so

* the **indifference equations** ``Q(I, a) = Q(I, b)`` for ``a, b`` in the support at ``I`` are
  polynomial in the unknowns (the others' probabilities, multiplied along each path); sympy solves
  them for some unknowns in terms of the rest, the *parameters*;
* the **no-gain conditions** ``Q(I, a) <= W(I)`` for each action ``a`` outside the support (``W(I)``
  the value of the action played), and ``0 <= probability <= 1``, bound the parameters.

Every member of the resulting family passes the one-shot deviation test at every information set,
so it is a Nash equilibrium (the conditions are sufficient; at an information set the player's own
play avoids, a gain would not matter, so the domain may be smaller than the set of equilibria with
that support).  The family is then decided exactly by
:func:`~derive.verification.profile_family.check_profile_family`.

The **search** (:func:`neighbouring_supports`) starts from one support and changes one information
set at a time (a pure choice made mixed, or a mixed one made pure), keeping the supports whose
conditions have a solution: how Szafron, Gibson & Sturtevant's sub-families of three-player Kuhn
poker are reached from one another.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import sympy as sp

from derive.extensive_form.game import Game, NotSupportedError
from derive.solving.families.polytope import FamilyCertificateError, polytope, sample_points, slack

__all__ = [
    "SupportFamily",
    "family_from_support",
    "neighbouring_supports",
    "reached_by_others",
    "support_of",
]

Support = tuple[dict[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class SupportFamily:
    """The equilibria with a given support, as derived from it (module docstring).

    Attributes
    ----------
    support : tuple of dict
        Per player, ``information-set label -> actions used``.
    unknowns : tuple of sympy.Symbol
        One per mixed choice but its last action: ``"<label>><action>"`` is that action's probability.
    equations : tuple of sympy.Expr
        The indifference equations ``Q(I, a) - Q(I, b) = 0`` that are not identically zero.
    solution : dict
        ``unknown -> expression in the parameters`` for the unknowns the equations fix.
    parameters : tuple of sympy.Symbol
        The unknowns left free.
    strategies : tuple of dict
        The family, per player ``label -> {action: expression}``.
    conditions : tuple of sympy relationals
        ``expr >= 0``: probabilities in [0, 1] and the no-gain conditions, without the ones that hold
        identically; a domain for :func:`~derive.verification.profile_family.check_profile_family`.
    consistent : bool
        False when no solution of the equations gives a family: each fixes a probability outside
        [0, 1] (or not real), makes one non-polynomial, or has no point meeting its conditions that
        is found (among the vertices of their linear part, their centre and midpoints of pairs).
    alternatives : tuple of dict
        The other solutions of the equations that also give a family (each a ``solution``); the
        family returned is the first in sympy's order.
    """

    support: Support
    unknowns: tuple[sp.Symbol, ...]
    equations: tuple[sp.Expr, ...]
    solution: dict[sp.Symbol, sp.Expr]
    parameters: tuple[sp.Symbol, ...]
    strategies: tuple[dict[str, dict[str, sp.Expr]], ...]
    conditions: tuple[sp.Basic, ...]
    consistent: bool
    alternatives: tuple[dict[sp.Symbol, sp.Expr], ...] = ()


def support_of(strategies: Sequence[Mapping]) -> Support:
    """The support of a profile (family): the actions whose probability is not identically zero."""
    return tuple(
        {label: tuple(a for a, x in dist.items() if sp.sympify(x) != 0) for label, dist in play.items()}
        for play in strategies
    )


def _unknown_profile(game: Game, support: Support):
    unknowns: dict[sp.Symbol, tuple[int, str, str]] = {}
    strategies = []
    for p in range(game.num_players):
        play = {}
        for info in game.infosets_of(p):
            used = support[p].get(info.label)
            if not used or set(used) - set(info.actions):
                raise NotSupportedError(
                    f"the support at {info.label!r} must be a nonempty set of its actions"
                )
            used = tuple(a for a in info.actions if a in used)
            symbols = [sp.Symbol(f"{info.label}>{a}") for a in used[1:]]
            for sym, a in zip(symbols, used[1:]):
                unknowns[sym] = (p, info.label, a)
            dist = {a: sp.S.Zero for a in info.actions}
            dist[used[0]] = 1 - sp.Add(*symbols)
            for sym, a in zip(symbols, used[1:]):
                dist[a] = sym
            play[info.label] = dist
        strategies.append(play)
    return unknowns, strategies


def family_from_support(
    game: Game, support: Support, parameters: Sequence[sp.Symbol] | Sequence[str] = ()
) -> SupportFamily:
    """The family of equilibria with the given support, derived from its indifference equations.

    Parameters
    ----------
    game : Game
        Any number of players, perfect recall, numeric payoffs.
    support : tuple of dict
        Per player, ``information-set label -> actions used`` (every information set).
    parameters : sequence of symbols or names, optional
        Unknowns to keep as parameters where the equations allow (the others are solved for first).

    Returns
    -------
    SupportFamily

    Raises
    ------
    NotSupportedError
        If a support names an unknown information set or action, or misses one.

    References
    ----------
    Nash (1951): a best response mixes only among best actions; the one-shot deviation test of
    :mod:`derive.verification.profile_family`.  Szafron, Gibson & Sturtevant (2013) derive their
    three-player Kuhn family the same way, by hand.
    """
    # here, not at the top: profile_family imports derive.solving.families (a cycle), and start-up
    from derive.verification.profile_family import action_values

    unknowns, strategies = _unknown_profile(game, support)
    keep = {sp.Symbol(str(t)) for t in parameters}
    order = [t for t in unknowns if t not in keep] + [t for t in unknowns if t in keep]
    values = action_values(game, strategies)
    equations = []
    for p in range(game.num_players):
        for info in game.infosets_of(p):
            used = [a for a in info.actions if a in support[p][info.label]]
            for a in used[1:]:
                e = sp.expand(values[p][(info.label, used[0])] - values[p][(info.label, a)])
                if e != 0:
                    equations.append(e)
    solutions: list[dict] = [{}]
    if equations:
        # solve for the unknowns not asked to stay parameters, adding as few of those as needed
        dependent = [t for t in order if t not in keep]
        wanted = [t for t in order if t in keep]
        solutions = []
        for k in range(len(wanted) + 1):
            for extra in itertools.combinations(wanted, k):
                if dependent or extra:
                    solutions = sp.solve(equations, dependent + list(extra), dict=True)
                if solutions:
                    break
            if solutions:
                break
    empty = SupportFamily(support, tuple(unknowns), tuple(equations), {}, (), tuple(strategies), (), False)
    # each solution of the equations in turn (sympy's order): the first whose conditions have a point
    found = [
        f for f in (_family(game, support, unknowns, strategies, sol) for sol in solutions) if f is not None
    ]
    if not found:
        return dataclasses.replace(empty, solution=dict(solutions[0]) if solutions else {})
    first = found[0]
    return dataclasses.replace(
        first, equations=tuple(equations), alternatives=tuple(f.solution for f in found[1:])
    )


def _family(game, support, unknowns, strategies, solution) -> SupportFamily | None:
    """The family of one solution of the indifference equations, or None if its conditions fail."""
    solution = {k: sp.expand(v) for k, v in solution.items()}
    for _ in range(len(unknowns) + 1):  # until no condition holds as an equation on the whole domain
        free = tuple(t for t in unknowns if t not in solution)
        family = tuple(
            {
                label: {a: sp.expand(sp.sympify(x).subs(solution)) for a, x in dist.items()}
                for label, dist in play.items()
            }
            for play in strategies
        )
        probabilities = [x for play in family for dist in play.values() for x in dist.values()]
        if any(not x.is_polynomial(*free) or x.has(sp.I) for x in probabilities):
            return None
        if any(not x.free_symbols and (x.is_real is not True or x < 0 or x > 1) for x in probabilities):
            return None
        kept = _conditions(game, support, family, free, probabilities)
        if kept is None:
            return None
        conditions, equalities = _reduce(kept, free)
        if conditions is None:
            return None
        if not equalities:
            break
        fixed = sp.solve(equalities, free, dict=True)[0]  # linear, consistent (the domain has a point)
        solution = {k: sp.expand(v.subs(fixed)) for k, v in solution.items()} | {
            k: sp.expand(v) for k, v in fixed.items()
        }
    return SupportFamily(
        support, tuple(unknowns), (), solution, free, family, tuple(sp.Ge(e, 0) for e in conditions), True
    )


def _conditions(game, support, family, free, probabilities) -> list[sp.Expr] | None:
    """Probabilities in [0, 1] and the no-gain conditions, ``expr >= 0``, without repeats (up to a
    positive factor) and without those that hold identically; None if a constant one fails."""
    from derive.verification.profile_family import action_values  # not at the top: a cycle (above)

    raw = [x for x in probabilities if x.free_symbols] + [1 - x for x in probabilities if x.free_symbols]
    values = action_values(game, family)
    for p in range(game.num_players):
        for info in game.infosets_of(p):
            used = [a for a in info.actions if a in support[p][info.label]]
            for a in info.actions:
                if a not in used:  # no gain over the (common) value of the actions used
                    raw.append(sp.expand(values[p][(info.label, used[0])] - values[p][(info.label, a)]))
    kept, seen = [], set()
    for e in raw:
        if not e.free_symbols:
            if e < 0:
                return None
            continue
        key = sp.expand(e / abs(sp.Poly(e, *free).LC()))  # the same condition up to a positive factor
        if key not in seen:
            seen.add(key)
            kept.append(e)
    return kept


def _reduce(raw: list[sp.Expr], params: tuple[sp.Symbol, ...]):
    """``(conditions, equalities)``: the facets of the linear conditions' polytope (the other linear
    conditions are implied) and the curved ones; or the linear conditions that vanish on the whole
    polytope (to substitute); ``(None, None)`` if no point meeting all of them is found (among the
    polytope's vertices, their centre and midpoints of pairs of them)."""
    linear = [e for e in raw if sp.Poly(e, *params).total_degree() <= 1]
    curved = [e for e in raw if sp.Poly(e, *params).total_degree() > 1]
    try:
        facets, vertices = polytope(linear, params)
    except FamilyCertificateError:
        return None, None
    if not vertices:
        return None, None
    at = [[e.subs(v) for v in vertices] for e in linear]
    equalities = [e for e, vals in zip(linear, at) if all(x == 0 for x in vals)]
    if equalities:
        return [], equalities
    if curved and not any(all(g.subs(v) >= 0 for g in curved) for v in sample_points(vertices, params)):
        return None, None
    return [slack(f) for f in facets] + curved, []


def reached_by_others(game: Game, strategies: Sequence[Mapping]) -> set[tuple[int, str]]:
    """``(player, information-set label)`` pairs that chance and the other players' play reach with a
    probability not identically zero (in the parameters): where the player's choice can matter."""
    # here, not at the top: derive's start-up imports this module, and needs no best responses
    from derive.verification.best_response import behaviour_profile

    profile = behaviour_profile(game, strategies)
    out = set()
    for p in range(game.num_players):

        def move(n, k, p=p):
            return sp.S.One if n.player == p else profile.probabilities[n.infoset][k]

        weight = game.reach(move)
        for info in game.infosets_of(p):
            if sp.expand(sp.Add(*(weight[n] for n in info.nodes))) != 0:
                out.add((p, info.label))
    return out


def neighbouring_supports(game: Game, support: Support) -> list[tuple[str, SupportFamily]]:
    """The supports one information set away from ``support`` whose families have a solution.

    Each information set the others reach (:func:`reached_by_others`, under ``support``'s family) in
    turn: a pure choice becomes mixed over all its actions, or a mixed one becomes pure (each
    action).  Returns ``(change, family)`` for the consistent ones, where ``change`` reads
    ``"P3 J:xx: {check, bet}"``.

    Raises
    ------
    NotSupportedError
        If ``support`` itself has no consistent family.
    """
    start = family_from_support(game, support)
    if not start.consistent:
        raise NotSupportedError("the starting support has no consistent family")
    reached = reached_by_others(game, start.strategies)
    found = []
    for p in range(game.num_players):
        for info in game.infosets_of(p):
            if (p, info.label) not in reached:
                continue
            now = support[p][info.label]
            options = [tuple(info.actions)] if len(now) == 1 else [(a,) for a in now]
            for used in options:
                changed = tuple(dict(s) for s in support)
                changed[p][info.label] = used
                fam = family_from_support(game, changed)
                if fam.consistent:
                    found.append((f"{game.players[p]} {info.label}: {{{', '.join(used)}}}", fam))
    return found
