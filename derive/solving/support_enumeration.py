"""Nash equilibria of small games with any number of players, by support enumeration, exactly.

For every *support profile* ``(S_1, ..., S_n)`` (a nonempty set of reduced pure strategies per
player), the equilibria with exactly these supports solve a system of polynomial equations in the
probabilities ``sigma_p(s)``, ``s in S_p``:

    sum_(s in S_p) sigma_p(s) = 1,        U_p(s, sigma_-p) = U_p(s_p, sigma_-p)  for s in S_p,

(each player indifferent among the strategies he mixes; ``s_p`` is the first of them), of degree
``n - 1`` (the others' probabilities multiply), together with the inequalities

    sigma_p(s) > 0  for s in S_p,        U_p(t, sigma_-p) <= U_p(s_p, sigma_-p)  for t not in S_p.

sympy solves each system exactly (Groebner bases); solutions may be irrational (algebraic numbers)
or, in degenerate games, whole families with free probabilities, whose range is then decided with
sympy's exact inequality solver when one probability is free.  This is the method of Gambit's
``enumpoly_solve`` (McKelvey & McLennan 1996, section 6; Turocy 2008), done in exact arithmetic;
a test compares the two on Gambit's catalog.  It is exponential in the number of strategies and
meant for small games.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import sympy as sp

from derive.extensive_form.game import Game, NotSupportedError
from derive.sequence_form.general import game_sequence_form, plan_symbol_name

__all__ = ["SupportEquilibrium", "support_equilibria"]

#: Largest number of support profiles tried.
MAX_SUPPORT_PROFILES = 50_000
#: Largest number of pure strategy profiles of the reduced strategic form.
MAX_PROFILES = 200_000


@dataclass(frozen=True)
class SupportEquilibrium:
    """The equilibria with one support profile: a point, or a family in free probabilities.

    Attributes
    ----------
    supports : tuple of tuple of str
        Each player's strategies played with positive probability.
    strategies : tuple of dict
        Each player's mixed strategy, ``reduced strategy label -> exact expression`` (algebraic
        numbers, or expressions in :attr:`parameters`); strategies outside the support have 0.
    parameters : tuple of sympy.Symbol
        Free probabilities (empty for an isolated equilibrium).
    ranges : tuple of sympy.Set
        For one parameter, the set of its values giving equilibria (open at the ends where a
        probability vanishes: those ends are equilibria with smaller supports, listed on their own);
        empty when there is no parameter.
    conditions : tuple of sympy relationals
        For two or more parameters, the inequalities the parameters must satisfy (not simplified).
    payoffs : tuple of sympy.Expr
        Each player's payoff.
    """

    supports: tuple[tuple[str, ...], ...]
    strategies: tuple[dict[str, sp.Expr], ...]
    parameters: tuple[sp.Symbol, ...]
    ranges: tuple[sp.Set, ...]
    conditions: tuple[sp.Basic, ...]
    payoffs: tuple[sp.Expr, ...]

    @property
    def is_isolated(self) -> bool:
        """Whether this is a single equilibrium (no free probability)."""
        return not self.parameters


def _strategic_form(game: Game):
    """Reduced strategies per player and ``pure profile -> payoff vector`` (exact)."""
    from derive.dominance.general import reduced_strategies

    game.require_perfect_recall()
    if game.is_symbolic:
        raise NotSupportedError("the game has symbolic payoffs or probabilities; substitute numbers")
    sf = game_sequence_form(game)
    strategies = [reduced_strategies(sf, p) for p in range(game.num_players)]
    total = 1
    for s in strategies:
        total *= len(s)
    if total > MAX_PROFILES:
        raise NotSupportedError(f"{total:,} pure strategy profiles, more than {MAX_PROFILES:,}")
    entries = [sf.payoff_entries(p) for p in range(game.num_players)]
    table = {}
    for profile in itertools.product(*(range(len(s)) for s in strategies)):
        seqs = [strategies[p][k].sequences for p, k in enumerate(profile)]
        table[profile] = tuple(
            sp.Add(*(w for key, w in entries[p].items() if all(k in seqs[q] for q, k in enumerate(key))))
            for p in range(game.num_players)
        )
    return [tuple(s.label for s in strats) for strats in strategies], table


def _payoff(table, p: int, sigma, fixed: dict[int, int] | None = None) -> sp.Expr:
    """Player ``p``'s expected payoff; ``fixed`` pins some players to pure strategies."""
    fixed = fixed or {}
    total = sp.S.Zero
    for profile, pay in table.items():
        weight = sp.S.One
        for q, k in enumerate(profile):
            if q in fixed:
                if fixed[q] != k:
                    weight = sp.S.Zero
                    break
            else:
                weight *= sigma[q][k]
        if weight != 0:
            total += weight * pay[p]
    return sp.expand(total)


def support_equilibria(game: Game) -> tuple[SupportEquilibrium, ...]:
    """Every Nash equilibrium of a small game, by support enumeration (module docstring).

    Parameters
    ----------
    game : Game
        Any number of players, perfect recall, numeric payoffs.

    Returns
    -------
    tuple of SupportEquilibrium
        One entry per support profile that has equilibria, isolated points first.

    Raises
    ------
    NotSupportedError
        For symbolic payoffs, or more than :data:`MAX_PROFILES` pure profiles or
        :data:`MAX_SUPPORT_PROFILES` support profiles.

    Examples
    --------
    >>> from derive.games.textbook import matching_pennies
    >>> [e.payoffs for e in support_equilibria(matching_pennies())]
    [(0, 0)]

    References
    ----------
    McKelvey & McLennan (1996), "Computation of equilibria in finite games", section 6; Gambit's
    ``enumpoly_solve``.
    """
    labels, table = _strategic_form(game)
    n = game.num_players
    sizes = [len(s) for s in labels]
    subsets = [[c for r in range(1, m + 1) for c in itertools.combinations(range(m), r)] for m in sizes]
    count = 1
    for s in subsets:
        count *= len(s)
    if count > MAX_SUPPORT_PROFILES:
        raise NotSupportedError(f"{count:,} support profiles, more than {MAX_SUPPORT_PROFILES:,}")
    symbols = [
        [sp.Symbol(plan_symbol_name(p, labels[p][k], f"s{p + 1}"), real=True) for k in range(sizes[p])]
        for p in range(n)
    ]
    found: list[SupportEquilibrium] = []
    for supports in itertools.product(*subsets):
        result = _solve_support(table, labels, symbols, supports)
        found.extend(result)
    return tuple(sorted(found, key=lambda e: (not e.is_isolated, [len(s) for s in e.supports])))


def _solve_support(table, labels, symbols, supports) -> list[SupportEquilibrium]:
    n = len(labels)
    sigma = [
        [symbols[p][k] if k in supports[p] else sp.S.Zero for k in range(len(labels[p]))] for p in range(n)
    ]
    unknowns = [symbols[p][k] for p in range(n) for k in supports[p] if len(supports[p]) > 1]
    # pure strategies of singleton supports are fixed at probability 1
    for p in range(n):
        if len(supports[p]) == 1:
            sigma[p][supports[p][0]] = sp.S.One
    values = [{k: _payoff(table, p, sigma, {p: k}) for k in range(len(labels[p]))} for p in range(n)]
    equations = []
    for p in range(n):
        first = supports[p][0]
        if len(supports[p]) > 1:
            equations.append(sp.Add(*(symbols[p][k] for k in supports[p])) - 1)
        equations.extend(values[p][k] - values[p][first] for k in supports[p][1:])
    equations = [sp.expand(e) for e in equations if sp.expand(e) != 0]
    if unknowns:
        plain = [sp.Symbol(f"u{i}") for i in range(len(unknowns))]  # no sign assumptions while solving
        to_plain = dict(zip(unknowns, plain))
        raw = sp.solve([e.subs(to_plain) for e in equations], plain, dict=True) if equations else [{}]
        back = dict(zip(plain, unknowns))
        solutions = [{back[k]: v.subs(back) for k, v in sol.items()} for sol in raw]
    else:
        if equations:
            return []
        solutions = [{}]
    out = []
    for sol in solutions:
        strategies = [[sp.simplify(sp.sympify(x).subs(sol)) for x in row] for row in sigma]
        free = sorted(set().union(*(x.free_symbols for row in strategies for x in row)), key=str)
        conditions = []
        for p in range(n):
            for k in supports[p]:
                conditions.append(strategies[p][k] > 0)
            first = supports[p][0]
            best = sp.expand(values[p][first].subs(sol))
            for k in range(len(labels[p])):
                if k not in supports[p]:
                    conditions.append(sp.expand(values[p][k].subs(sol)) - best <= 0)
        payoffs = tuple(sp.simplify(values[p][supports[p][0]].subs(sol)) for p in range(n))
        mixed = tuple({labels[p][k]: strategies[p][k] for k in range(len(labels[p]))} for p in range(n))
        names = tuple(tuple(labels[p][k] for k in supports[p]) for p in range(n))
        if not free:
            if all(_holds(c) for c in conditions):
                out.append(SupportEquilibrium(names, mixed, (), (), (), payoffs))
            continue
        if len(free) == 1:
            (t,) = free
            where = sp.S.Reals
            for c in conditions:
                if c is sp.true:
                    continue
                if c is sp.false:
                    where = sp.S.EmptySet
                    break
                where = where & sp.solve_univariate_inequality(c, t, relational=False)
            if isinstance(where, sp.FiniteSet):  # isolated points after all
                for point in where:
                    out.append(
                        SupportEquilibrium(
                            names,
                            tuple({k: sp.simplify(v.subs(t, point)) for k, v in m.items()} for m in mixed),
                            (),
                            (),
                            (),
                            tuple(sp.simplify(u.subs(t, point)) for u in payoffs),
                        )
                    )
            elif where is not sp.S.EmptySet and not where.is_empty:
                out.append(SupportEquilibrium(names, mixed, (t,), (where,), (), payoffs))
            continue
        kept = tuple(c for c in conditions if c is not sp.true)
        if sp.false not in kept:
            out.append(SupportEquilibrium(names, mixed, tuple(free), (), kept, payoffs))
    return out


def _holds(condition) -> bool:
    """An exact comparison of algebraic numbers (sympy decides these signs rigorously)."""
    if condition in (sp.true, sp.false):
        return bool(condition)
    value = sp.simplify(condition.lhs - condition.rhs)
    if isinstance(condition, sp.StrictGreaterThan):
        return bool(value.is_positive)
    return bool(value.is_nonpositive) or value == 0
