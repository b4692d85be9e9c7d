"""Does a family of profiles lie in a published one?  Decided exactly, with the published parameters.

A published family (:class:`~derive.games.family.ProfileFamily`) gives each behaviour probability as
a polynomial in its parameters ``P`` on a domain ``D_P``; a family found some other way gives them
in its own parameters ``S`` on a domain ``D_S``.  The found family lies in the published one when
there are polynomials ``P(S)`` with

* ``published(P(S)) = found(S)`` at every information set, identically in ``S`` (sympy solves
  these equations for ``P`` and the solution is substituted back), and
* ``P(S)`` in ``D_P`` for every ``S`` in ``D_S``: each published inequality, composed with ``P(S)``,
  is decided on ``D_S`` by :func:`~derive.verification.profile_family.nonnegative_on_domain`.

Information sets where the two cannot agree (the published probability is a number and the found
one another, or another expression) are named; when none of them is reached under the found
family's play, the found profiles play as published members do wherever play goes (they differ
only off the path, where a profile may differ without changing anyone's payoff).  The published
equations are then solved on the other information sets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import sympy as sp

from derive.extensive_form.exact import exact_float, exact_number
from derive.extensive_form.game import Game, NotSupportedError

__all__ = ["FamilyMembership", "published_membership"]


@dataclass(frozen=True)
class FamilyMembership:
    """Whether a found family lies in a published one (module docstring).

    Attributes
    ----------
    name : str
        The published family's name.
    differences : tuple of (int, str)
        ``(player, information-set label)`` where no published member plays as the found family.
    unreached : bool
        Whether every information set of :attr:`differences` has probability 0 of being reached under
        every member of the found family (then the found family agrees with the published one wherever
        play goes).
    substitution : dict or None
        ``published parameter -> expression in the found parameters`` solving the equations (on the
        information sets outside :attr:`differences`); None if there is none.
    inside : bool or None
        Whether ``P(S)`` lies in the published domain for every ``S`` of the found domain (None:
        undecided, or no substitution).
    failure : dict or None
        A point of the found domain mapped outside the published domain, when ``inside`` is False.
    point : dict or None
        The published parameters' values at ``member`` (if one was given and a substitution exists).
    member_inside : bool or None
        Whether that point lies in the published domain.
    """

    name: str
    differences: tuple[tuple[int, str], ...]
    unreached: bool
    substitution: dict[sp.Symbol, sp.Expr] | None
    inside: bool | None
    failure: dict | None
    point: dict[sp.Symbol, sp.Expr] | None
    member_inside: bool | None

    @property
    def contains(self) -> bool:
        """Every member of the found family is a member of the published family."""
        return not self.differences and self.inside is True

    @property
    def contains_on_path(self) -> bool:
        """Every member of the found family plays as a published member wherever play goes."""
        return self.unreached and self.inside is True


def published_membership(
    game: Game,
    published,
    strategies: Sequence[Mapping],
    domain: Sequence[sp.Basic] = (),
    point: Mapping | None = None,
) -> FamilyMembership:
    """Decide whether the family ``strategies`` on ``domain`` lies in the family ``published``.

    Parameters
    ----------
    game : Game
        The game both are given in (labels of ``published``).
    published : ProfileFamily
    strategies : sequence of mapping
        Per player, ``label -> {action: expression}`` in the found family's parameters (the symbols
        in ``domain``; none for a single profile).
    domain : sequence of sympy relationals
        The found family's domain (as for
        :func:`~derive.verification.profile_family.check_profile_family`).
    point : mapping, optional
        ``found parameter -> value``: a member whose published parameters are reported.

    Returns
    -------
    FamilyMembership

    Raises
    ------
    NotSupportedError
        If the two families share a parameter name, a number is a float that is not exactly a short
        decimal (:mod:`derive.extensive_form.exact`), or a domain is refused (see
        :func:`~derive.verification.profile_family.nonnegative_on_domain`).
    """
    from derive.solving.families.polytope import slack
    from derive.verification.profile_family import nonnegative_on_domain

    ours = [
        {
            label: {
                a: exact_number(x, f"strategies: probability of {a!r} at {label!r}", NotSupportedError)
                for a, x in dist.items()
            }
            for label, dist in play.items()
        }
        for play in strategies
    ]
    domain = [_exact_relation(c) for c in domain]
    if point is not None:
        point = {t: exact_number(v, f"point {t}", NotSupportedError) for t, v in dict(point).items()}
    found_params = set().union(*(x.free_symbols for play in ours for d in play.values() for x in d.values()))
    found_params |= set().union(*(sp.sympify(c).free_symbols for c in domain)) if domain else set()
    theirs = published.strategies
    params = tuple(published.parameters)
    clash = found_params & set(params)
    if clash:
        raise NotSupportedError(
            f"the two families share the parameter(s) {', '.join(sorted(map(str, clash)))}"
        )
    differences, equations = [], []
    for p in range(game.num_players):
        for info in game.infosets_of(p):
            rows = [
                sp.expand(sp.sympify(theirs[p][info.label][a]) - ours[p][info.label][a]) for a in info.actions
            ]
            rigid = all(not (r.free_symbols & set(params)) for r in rows)
            if rigid and any(r != 0 for r in rows):
                differences.append((p, info.label))
            else:
                equations.extend(r for r in rows if r != 0)
    reach = _reach(game, ours) if differences else {}
    unreached = all(
        sp.expand(sp.Add(*(reach[n] for n in game.infoset(p, label).nodes))) == 0 for p, label in differences
    )
    substitution = _solve(equations, params)
    inside, failure, at, member_inside = None, None, None, None
    if substitution is not None:
        if point is not None:
            at = {t: sp.expand(v.subs(dict(point))) for t, v in substitution.items()}
        checks = [sp.expand(slack(c).subs(substitution)) for c in published.domain]
        open_ = [e for e in checks if e.free_symbols]
        if any(e < 0 for e in checks if not e.free_symbols):
            inside, failure = False, {}
        elif open_ and not domain:
            inside = None
        else:
            inside = True
            for verdict, detail in nonnegative_on_domain(open_, domain) if open_ else ():
                if verdict is False:
                    inside, failure = False, detail
                    break
                if verdict is None:
                    inside = None
        if at is not None:
            member_inside = all(sp.expand(slack(c).subs(at)) >= 0 for c in published.domain)
    return FamilyMembership(
        published.name, tuple(differences), unreached, substitution, inside, failure, at, member_inside
    )


def _exact_relation(c):
    """A domain inequality with its floats read by the rule of :mod:`derive.extensive_form.exact`."""
    c = sp.sympify(c)
    floats = c.atoms(sp.Float)
    return c.xreplace({f: exact_float(f, f"domain {c}", NotSupportedError) for f in floats}) if floats else c


def _solve(equations: list[sp.Expr], params: tuple[sp.Symbol, ...]) -> dict[sp.Symbol, sp.Expr] | None:
    """Published parameters as expressions solving ``equations`` identically (None if none do)."""
    if not equations:
        return {t: t for t in params} if not params else None
    solutions = sp.solve(equations, list(params), dict=True)
    for sol in solutions:
        if any(t not in sol for t in params):
            continue
        if all(sp.expand(e.subs(sol)) == 0 for e in equations):
            return {t: sp.expand(sol[t]) for t in params}
    return None


def _reach(game: Game, strategies) -> dict[int, sp.Expr]:
    """Each node's probability of being reached under the family's play (chance and every player)."""

    def move(node, k):
        i = game.infosets[node.infoset]
        return strategies[i.player][i.label][node.actions[k]]

    return game.reach(move)
