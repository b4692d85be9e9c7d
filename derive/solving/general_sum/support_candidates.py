"""One support profile decided exactly: its equilibria, isolated points and families, each verified.

For a support profile ``(S_1, ..., S_n)``, player ``p`` mixes the strategies of ``S_p`` with
probabilities ``sigma_p(s)``; the first one's is ``1 -`` the others'.  The equilibria with exactly
these supports are the real solutions of the indifference equations

    U_p(s, sigma_-p) - U_p(s_p, sigma_-p) = 0       (s in S_p, s != s_p = the first of S_p)

with the sign conditions ``sigma_p(s) > 0`` (``s in S_p``) and ``U_p(s_p, sigma_-p) - U_p(t,
sigma_-p) >= 0`` (``t`` not in ``S_p``: no gain from a deviation).  They are decided as follows.

1. The equations are solved into disjoint branches (:mod:`derive.solving.semialgebraic.elimination`):
   some probabilities free (the branch's parameters), the others fractions of them, over the
   rationals or over one field ``Q(alpha)``, with the polynomials that must not vanish.
2. On a branch, every condition is a rational function of the parameters; its sign is
   ``sign(numerator) sign(denominator)``, and the denominators' zeros are excluded from the branch
   (listed as ``!= 0`` conditions).
3. No parameter: the signs are decided exactly, in ``Q(alpha)`` if need be.  One parameter (over
   the rationals): the exact set of its values, a union of intervals and points with algebraic
   ends (:func:`~derive.solving.semialgebraic.cells.solution_set`).  More: a rational point where
   every condition holds strictly is sought in the open cells of a cylindrical decomposition
   (:func:`~derive.solving.semialgebraic.cells.open_point`; for linear conditions the centre of
   their polytope's vertices, found by cddlib, settles it).  If there is one, the branch is a
   family with that witness; if there is none, the open part is empty and the family, if any,
   lies where some no-gain condition is an equality: each in turn is added as an equation (the
   earlier ones strict), and the smaller branches are decided the same way.

Nothing is listed unverified: each isolated equilibrium and each family's witness has exact
regret 0 for every player, decided from the strategic-form payoffs alone (in ``Q(alpha)`` for
irrational points) and, for rational points, by the independent exact NashConv of
:mod:`derive.verification.best_response` on the game tree; each family's probabilities are
substituted back into every player's payoffs (sympy) and its indifference and no-gain conditions
read off them again, so that every member meeting the listed conditions is an equilibrium.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field

import flint
import sympy as sp

from derive.extensive_form.game import Game, NotSupportedError
from derive.solving.families.polytope import FamilyCertificateError, normalised, polytope, sample_points
from derive.solving.semialgebraic.cells import Condition, open_point, section_point, sign_at, solution_set
from derive.solving.semialgebraic.elimination import (
    Branch,
    LargeRemainder,
    UnsolvedSystem,
    branches,
    restrict,
)
from derive.solving.semialgebraic.number_fields import NumberField, as_univariate
from derive.solving.semialgebraic.polynomials import (
    lowest_terms,
    polynomial_context,
    primitive,
    to_sympy,
    variables_of,
)
from derive.verification.best_response import behaviour_profile, game_nash_conv

__all__ = ["SupportContext", "SupportEquilibrium", "UndecidedSupport", "support_results"]


@dataclass(frozen=True)
class SupportEquilibrium:
    """The equilibria with one support profile: a point, or a family in free probabilities, verified.

    Attributes
    ----------
    supports : tuple of tuple of str
        Each player's strategies played with positive probability.
    strategies : tuple of dict
        Each player's mixed strategy, ``reduced strategy label -> exact expression`` (rationals,
        algebraic numbers, or rational functions of :attr:`parameters`); 0 outside the support.
    parameters : tuple of sympy.Symbol
        Free probabilities (empty for an isolated equilibrium).
    ranges : tuple of sympy.Set
        For one parameter, the exact set of its values giving equilibria (a union of intervals and
        points; open at an end where a probability vanishes, as that end has a smaller support and
        is listed on its own); empty otherwise.
    conditions : tuple of sympy relationals
        For two or more parameters, the conditions that define the family: probabilities positive
        (``> 0``), no gain from a deviation (``>= 0``), denominators' zeros excluded (``!= 0``);
        linear ones reduced to the irredundant facets of their polytope.
    payoffs : tuple of sympy.Expr
        Each player's payoff.
    witness : dict
        A point of the family, ``{parameter: exact rational}``, where every condition holds
        strictly and every player's regret is exactly 0 (empty for an isolated equilibrium).
    verification : str
        How the members were verified, in one sentence.
    algebraic : str
        For an equilibrium with irrational probabilities, the algebraic number they are written
        with (``"the root of x**2 - 601 in [24, 25]"``); else empty.
    """

    supports: tuple[tuple[str, ...], ...]
    strategies: tuple[dict[str, sp.Expr], ...]
    parameters: tuple[sp.Symbol, ...]
    ranges: tuple[sp.Set, ...]
    conditions: tuple[sp.Basic, ...]
    payoffs: tuple[sp.Expr, ...]
    witness: dict = field(default_factory=dict)
    verification: str = ""
    algebraic: str = ""

    @property
    def is_isolated(self) -> bool:
        """Whether this is a single equilibrium (no free probability)."""
        return not self.parameters


@dataclass(frozen=True)
class UndecidedSupport:
    """A support profile whose equilibria the exact methods could not decide (reported, never listed).

    Attributes
    ----------
    supports : tuple of tuple of str
    strategies : tuple of dict
        The candidate mixed strategies, where known.
    parameters : tuple of sympy.Symbol
    conditions : tuple of sympy relationals
        The conditions the candidates need.
    reason : str
        Why they are not decided.
    """

    supports: tuple[tuple[str, ...], ...]
    strategies: tuple[dict[str, sp.Expr], ...]
    parameters: tuple[sp.Symbol, ...]
    conditions: tuple[sp.Basic, ...]
    reason: str


@dataclass(frozen=True, eq=False)
class SupportContext:
    """What every support profile of one game shares: the game, its sequence form, each player's
    reduced strategies (labels and sequences), the strategic-form payoff table (``pure profile ->
    payoff vector``, sympy), the same in FLINT rationals, and a symbol per strategy probability."""

    game: Game
    sf: object
    labels: list
    sequences: list
    table: dict
    symbols: list = field(default_factory=list)

    @property
    def rational_table(self) -> dict:
        """``pure profile -> tuple of fmpq``: the payoffs in FLINT's rationals."""
        cached = self.__dict__.get("_rational_table")
        if cached is None:
            cached = {
                profile: tuple(flint.fmpq(int(sp.Rational(u).p), int(sp.Rational(u).q)) for u in pay)
                for profile, pay in self.table.items()
            }
            object.__setattr__(self, "_rational_table", cached)
        return cached


EMPTY = object()  # a support profile proved to have no equilibrium

# how a family's conditions were decided, for its verification sentence
_LINE = "its range is the exact solution set of its conditions (real roots isolated)"
_POLYTOPE = "its affine conditions decided exactly by the vertices of their polytope (cddlib)"
_CELLS = "a point where its conditions hold found in an open cell of a cylindrical algebraic decomposition"
_CURVE = (
    "a point of the curve where its conditions hold found over an open cell of a cylindrical decomposition"
)


@dataclass
class _Problem:
    """One support profile's polynomials, in the context of its unknown probabilities."""

    context: SupportContext
    supports: tuple
    names: tuple
    unknown: list  # (player, strategy) of each variable
    ctx: object
    sigma: list  # sigma[p][k]: a polynomial
    values: list  # values[p][k]: U_p(k, sigma_-p), a polynomial
    check: Callable[[], None] | None

    @property
    def symbols(self) -> list[sp.Symbol]:
        return [self.context.symbols[p][k] for p, k in self.unknown]


def support_results(context: SupportContext, supports, check: Callable[[], None] | None = None) -> list:
    """Every equilibrium with exactly the supports ``supports`` (a tuple of strategy indices per
    player): a list of :class:`SupportEquilibrium` and :class:`UndecidedSupport`, or ``[EMPTY]``
    when there is none (module docstring)."""
    problem = _problem(context, supports, check)
    n = len(supports)
    equations, positive, weak = [], [], []
    for p in range(n):
        first = supports[p][0]
        equations.extend(problem.values[p][k] - problem.values[p][first] for k in supports[p][1:])
        positive.extend(problem.sigma[p][k] for k in supports[p])
        weak.extend(
            problem.values[p][first] - problem.values[p][k]
            for k in range(len(context.labels[p]))
            if k not in supports[p]
        )
    out: list = []
    kept = _kept(problem)
    try:
        solve = functools.partial(
            branches,
            equations,
            range(len(problem.unknown)),
            context=problem.ctx,
            inside=(0, 1),
            keep=kept,
            check=check,
        )
        try:  # constant pivots first (fewer cases); the kept player's first if that leaves large remainders
            found = solve(keep_first=False, largest_remainder=_LARGE_REMAINDER)
        except LargeRemainder:
            found = solve()
    except NotSupportedError as exc:
        if "time limit" in str(exc):
            raise
        return [_undecided(problem, str(exc))]
    for branch in found:
        if isinstance(branch, UnsolvedSystem):
            out.append(_undecided(problem, f"the indifference equations leave {branch.reason}"))
            continue
        out.extend(_decide(problem, branch, positive, weak))
    return out or [EMPTY]


#: Equations without a pivot whose Bezout number is over this send the support profile back to the
#: elimination that keeps one player's probabilities (seen: 20 is solved in milliseconds, 294 in seconds).
_LARGE_REMAINDER = 100


def _kept(problem: _Problem) -> list[int]:
    """The variables of the player mixing the fewest strategies (but at least two): the others'
    indifference equations are linear in the rest given his, so the elimination leaves at most his
    probabilities free (McKelvey & McLennan 1996, section 6, for three players)."""
    sizes = {}
    for v, (p, _) in enumerate(problem.unknown):
        sizes.setdefault(p, []).append(v)
    if len(sizes) < 3:
        return []
    return min(sizes.values(), key=len)


def _problem(context: SupportContext, supports, check) -> _Problem:
    labels = context.labels
    n = len(labels)
    unknown = [(p, k) for p in range(n) if len(supports[p]) > 1 for k in supports[p][1:]]
    ctx = polynomial_context(len(unknown))
    gens = ctx.gens()
    zero, one = ctx.from_dict({}), ctx.constant(1)
    index = {pk: j for j, pk in enumerate(unknown)}
    sigma = []
    for p in range(n):
        row = [zero] * len(labels[p])
        rest = one
        for k in supports[p][1:]:
            row[k] = gens[index[(p, k)]]
            rest -= row[k]
        row[supports[p][0]] = rest
        sigma.append(row)
    table = context.rational_table
    values = []
    for p in range(n):
        here = [zero] * len(labels[p])
        for profile, pay in table.items():
            if pay[p] == 0 or any(profile[q] not in supports[q] for q in range(n) if q != p):
                continue
            weight = one
            for q in range(n):
                if q != p:
                    weight = weight * sigma[q][profile[q]]
            here[profile[p]] = here[profile[p]] + weight * pay[p]
        values.append(here)
    names = tuple(tuple(labels[p][k] for k in supports[p]) for p in range(n))
    return _Problem(context, tuple(supports), names, unknown, ctx, sigma, values, check)


def _undecided(problem: _Problem, reason: str) -> UndecidedSupport:
    return UndecidedSupport(problem.names, (), tuple(problem.symbols), (), reason)


# --------------------------------------------------------------------------- one branch


def _decide(problem: _Problem, branch: Branch, strict: list, weak: list) -> list:
    """The equilibria on ``branch`` where the polynomials ``strict`` are positive and ``weak`` ones
    non-negative (module docstring, steps 2-3)."""
    if problem.check is not None:
        problem.check()
    field_ = branch.field
    conditions = []
    for polys, relation in ((strict, ">"), (weak, ">=")):
        for g in polys:
            top, bottom = branch.evaluate(g)
            conditions.append((g, Condition(top, bottom, relation)))
    one = problem.ctx.constant(1)
    conditions.extend((None, Condition(z, one, "!=")) for z in branch.nonzero)
    free = set(branch.free)
    live = []
    for g, c in conditions:
        if c.numerator.is_zero() or any(_divides(f, c.numerator) for f in branch.equations):
            if c.relation == ">=":
                continue  # a no-gain condition that holds with equality everywhere on the branch
            return []
        if not (set(variables_of(c.numerator)) | set(variables_of(c.denominator))) & free:
            if not c.holds(sign_at(c.numerator, {}, field_) * sign_at(c.denominator, {}, field_)):
                return []  # a constant condition fails
            continue
        live.append((g, c))
    if not branch.free:
        return [_point(problem, branch, field_)]
    params = tuple(problem.context.symbols[problem.unknown[v][0]][problem.unknown[v][1]] for v in branch.free)
    only = [c for _, c in live]
    strict_now = [g for g, c in live if c.relation == ">"]
    tight = [g for g, c in live if c.relation == ">="]
    if branch.equations:
        return _on_curve(problem, branch, only, params, strict_now, tight)
    if len(branch.free) == 1 and field_ is None:
        return _one_parameter(problem, branch, only, params[0])
    try:
        if _linear(only, field_):
            found = _polytope_witness(problem, branch, live, params)
            if found is None:
                return []
            if isinstance(found, dict):
                return [_family(problem, branch, only, params, found, how=_POLYTOPE)]
            # a no-gain condition holds with equality on the whole family: one parameter fewer
            rest = [g for g in tight if g is not found]
            return _with_equality(problem, branch, found, strict_now, rest)
        point = open_point(
            only,
            branch.free,
            field_,
            candidates=_candidates(problem, branch, only, params),
            check=problem.check,
        )
    except NotSupportedError as exc:
        return [_undecided(problem, str(exc))]
    if point is not None:
        return [_family(problem, branch, only, params, point, how=_CELLS)]
    # the open part is empty: any member has some no-gain condition = 0 (each in turn, the earlier strict)
    out = []
    for i, g in enumerate(tight):
        out.extend(_with_equality(problem, branch, g, strict_now + tight[:i], tight[i + 1 :]))
    return out


def _divides(f, p) -> bool:
    """Whether the irreducible polynomial ``f`` divides ``p`` (then ``p`` vanishes on ``f = 0``)."""
    return not p.is_zero() and not p.is_constant() and primitive(p.gcd(f)) == primitive(f)


def _on_curve(problem: _Problem, branch: Branch, conditions, params, strict: list, weak: list) -> list:
    """The equilibria on a curve branch ``f(x, y) = 0`` (module docstring): where ``df/dx != 0`` the
    curve is locally a graph over ``y``, and a point with every condition strict is sought on its
    sections over the open cells of ``y`` and the other parameters
    (:func:`~derive.solving.semialgebraic.cells.section_point`); if there is one, the branch is a
    family on the curve with that witness.  Otherwise its members lie where ``df/dx = 0`` (finitely
    many points of the curve) or where a no-gain condition is 0, decided as smaller branches."""
    (f,) = branch.equations
    x, y = variables_of(f)
    fx = f.derivative(x)
    one = problem.ctx.constant(1)
    base = [v for v in branch.free if v != x]
    try:
        found = section_point([*conditions, Condition(fx, one, "!=")], f, x, base, check=problem.check)
    except NotSupportedError as exc:
        return [_undecided(problem, str(exc))]
    if found is not None:
        return [_curve_family(problem, branch, conditions, params, found, x)]
    plain = Branch(branch.context, branch.free, branch.values, branch.nonzero)
    out = []
    for sub in branches(
        [f, fx],
        branch.free,
        nonzero=list(branch.nonzero),
        context=branch.context,
        inside=(0, 1),
        check=problem.check,
    ):
        if isinstance(sub, UnsolvedSystem):
            out.append(_undecided(problem, f"the curve's critical points leave {sub.reason}"))
            continue
        out.extend(x_ for x_ in _decide(problem, restrict(plain, sub), strict, weak) if x_ is not EMPTY)
    on = Branch(branch.context, branch.free, branch.values, (*branch.nonzero, fx), None, branch.equations)
    for i, g in enumerate(weak):
        out.extend(_with_equality(problem, on, g, strict + weak[:i], weak[i + 1 :]))
    return out


def _curve_family(problem: _Problem, branch: Branch, conditions, params, found, x: int):
    """A family of equilibria on the curve of ``branch``, verified at the section point ``found``
    (rational values of the other parameters, ``x`` a real root of ``factor``)."""
    point, factor, root = found
    strategies, payoffs = _profile(problem, branch, params)
    witness = {t: _rational(point[v]) for v, t in zip(branch.free, params) if v != x}
    ctx = branch.context
    one = ctx.constant(1)
    plain = Branch(ctx, branch.free, branch.values, branch.nonzero)
    if factor.degree() == 1:  # a rational point of the curve: the exact NashConv on the tree
        witness[params[branch.free.index(x)]] = _rational(-factor.coeffs()[0])
        mixed = tuple({k: sp.sympify(v).subs(witness) for k, v in m.items()} for m in strategies)
        conv = _nash_conv(problem.context, mixed)
        verdict = (
            "" if conv == 0 else f"at the point {witness} the independent NashConv is {conv}, not 0 (a bug)"
        )
    else:  # x irrational: every regret in Q(x)
        field_ = NumberField(factor, root)
        witness[params[branch.free.index(x)]] = root.point
        images = {v: (ctx.constant(point[v]), one) for v in branch.free if v != x}
        images[x] = (ctx.gens()[-1], one)
        verdict = _field_regret_check(problem, restrict(plain, Branch(ctx, (), images, (), field_)))
    if verdict:
        return _undecided(problem, verdict)
    curve = sp.factor(to_sympy(branch.equations[0], _symbols_for(problem, branch, params)))
    shown = (sp.Eq(curve, 0, evaluate=False), *_shown_conditions(problem, branch, conditions, params))
    return SupportEquilibrium(
        problem.names,
        strategies,
        tuple(params),
        (),
        shown,
        payoffs,
        witness,
        f"{_CURVE}; every player's regret exactly 0 at the witness (a point of the curve), from the "
        "payoffs; the conditions are the curve's indifference equation with the no-gain and probability "
        "conditions",
    )


def _rational(x: flint.fmpq) -> sp.Rational:
    return sp.Rational(int(x.p), int(x.q))


def _with_equality(problem: _Problem, branch: Branch, g, strict: list, weak: list) -> list:
    """The equilibria on the part of ``branch`` where the no-gain condition ``g`` is 0 (an equation
    in the branch's free variables, solved into smaller branches), ``strict`` positive and ``weak``
    non-negative."""
    top, bottom = branch.evaluate(g)
    equations, variables = [top, *branch.equations], list(branch.free)
    if branch.field is not None:  # alpha solved again with the rest, as a root of its minimal polynomial
        equations.append(_minimal_mpoly(branch))
        variables.append(branch.context.nvars() - 1)
    out = []
    for sub in branches(
        equations,
        variables,
        nonzero=list(branch.nonzero) + [bottom],
        context=branch.context,
        inside=(0, 1) if branch.field is None else None,
        check=problem.check,
    ):
        if isinstance(sub, UnsolvedSystem):
            out.append(
                _undecided(problem, f"the equality cases of the no-gain conditions leave {sub.reason}")
            )
            continue
        if branch.field is not None and not _same_root(branch.field, sub, branch.context.nvars() - 1):
            continue  # a solution at another root of alpha's minimal polynomial
        out.extend(x for x in _decide(problem, restrict(branch, sub), strict, weak) if x is not EMPTY)
    return out


def _minimal_mpoly(branch: Branch):
    """The minimal polynomial of ``branch``'s ``alpha`` as a polynomial in the context's last variable."""
    ctx = branch.context
    alpha = ctx.gens()[-1]
    out = ctx.from_dict({})
    for j, c in enumerate(branch.field.minimal.coeffs()):
        out += c * alpha**j
    return out


def _same_root(field_: NumberField, sub: Branch, k: int) -> bool:
    """Whether ``sub``'s value of the old ``alpha`` (variable ``k``) is ``field_``'s root: it lies in
    the root's isolating interval, which holds no other root (exact signs in ``sub``'s field)."""
    if k not in sub.values or sub.field is None:
        return False  # alpha is irrational: a rational value is another number
    n, d = sub.values[k]
    new = sub.field
    value = new.reduce(_univariate(n, k) * new.inverse(_univariate(d, k)))
    a, b = (_q(x) for x in field_.root.interval)
    return new.sign(value - a) > 0 and new.sign(flint.fmpq_poly([b]) - value) > 0


def _linear(conditions, field_) -> bool:
    """Whether every condition is affine in the parameters (over the rationals)."""
    return field_ is None and all(
        c.denominator.is_constant() and c.numerator.total_degree() <= 1 for c in conditions
    )


def _polytope_witness(problem, branch, live, params):
    """The affine conditions ``live`` (``(polynomial, condition)`` pairs) decided exactly: None if they
    hold nowhere, a point where they all hold (``{variable: fmpq}``), or the polynomial of a no-gain
    condition that holds with equality wherever they hold (then the family has fewer parameters).

    The closure ``P`` of the set (strict and non-strict conditions as ``>= 0``, with the implied
    bounds ``0 <= t <= 1`` of each parameter, a probability) is a polytope whose vertices cddlib
    lists.  The strict conditions hold somewhere on ``P`` exactly when they hold at a point of its
    relative interior, such as the centre ``c`` of its vertices.  A non-strict condition that is 0
    at every vertex is 0 on all of ``P``.  Conditions ``!= 0`` cut out hyperplanes: one holding all
    of ``P`` empties the set; the others miss some point ``c + (v - c) / k`` on the segments towards
    the vertices, which are tried in turn."""
    values = _symbols_for(problem, branch, params)
    bounds, strict, nonzero, weak = [], [], [], []
    for g, c in live:
        e = sp.expand(to_sympy(c.numerator, values) / _constant(c.denominator))
        if c.relation == "!=":
            nonzero.append(e)
            continue
        bounds.append(e)
        (strict if c.relation == ">" else weak).append((g, e))
    bounds += [t for t in params] + [1 - t for t in params]
    try:
        _facets, vertices = polytope(bounds, params)
    except FamilyCertificateError:
        return None
    if not vertices:
        raise NotSupportedError("the polytope of a family has too many vertices to decide it")
    centre = {t: sum(v[t] for v in vertices) / len(vertices) for t in params}
    if not all(e.subs(centre) > 0 for _, e in strict):
        return None
    for g, e in weak:
        if all(e.subs(v) == 0 for v in vertices):
            return g
    for e in nonzero:
        if all(e.subs(v) == 0 for v in vertices):
            return None
    points = [centre] + [
        {t: centre[t] + (v[t] - centre[t]) / k for t in params}
        for k in range(2, len(nonzero) + 3)
        for v in vertices
    ]
    for point in points:
        if all(e.subs(point) != 0 for e in nonzero):
            return {v: _q(point[t]) for v, t in zip(branch.free, params)}
    raise AssertionError(
        "no point of a relative interior avoids the excluded hyperplanes"
    )  # pragma: no cover


def _candidates(problem, branch, conditions, params) -> list[dict]:
    """Cheap points to try before the cylindrical decomposition: the centre of the polytope of the
    affine conditions (with the bounds ``0 <= t <= 1`` of each parameter, a probability), then its
    vertices' midpoints."""
    if branch.field is not None:
        return []
    exprs = [
        to_sympy(c.numerator, _symbols_for(problem, branch, params)) / _constant(c.denominator)
        for c in conditions
        if c.relation != "!=" and c.denominator.is_constant() and c.numerator.total_degree() <= 1
    ]
    exprs += [t for t in params] + [1 - t for t in params]
    try:
        _facets, vertices = polytope(exprs, params)
    except FamilyCertificateError:
        return []
    points = sample_points(vertices, params, limit=200)
    return [{v: _q(point[t]) for v, t in zip(branch.free, params)} for point in points[len(vertices) :]]


def _constant(p) -> sp.Rational:
    c = p.leading_coefficient()
    return sp.Rational(int(c.p), int(c.q))


def _q(x) -> flint.fmpq:
    x = sp.Rational(x)
    return flint.fmpq(int(x.p), int(x.q))


def _symbols_for(problem: _Problem, branch: Branch, params) -> list:
    """The sympy value of each variable of the context: the parameter for a free one, ``alpha``."""
    values: list = [sp.S.Zero] * (problem.ctx.nvars())
    for v, t in zip(branch.free, params):
        values[v] = t
    if branch.field is not None:
        values[-1] = branch.field.alpha
    return values


def _expression(problem, branch, params, top, bottom) -> sp.Expr:
    values = _symbols_for(problem, branch, params)
    if branch.field is not None and not params:
        k = problem.ctx.nvars() - 1
        field_ = branch.field
        return field_.to_sympy(_univariate(top, k) * field_.inverse(_univariate(bottom, k)))
    expr = to_sympy(top, values) / to_sympy(bottom, values)
    if params:
        return sp.factor(sp.cancel(expr)) if branch.field is None else sp.expand(expr)
    return sp.nsimplify(expr) if branch.field is not None else expr


def _univariate(p, k) -> flint.fmpq_poly:
    """A polynomial in ``alpha`` (variable ``k``) alone, or a constant, as a univariate polynomial."""
    return (
        as_univariate(p, k)
        if not p.is_constant()
        else flint.fmpq_poly([p.leading_coefficient()] if not p.is_zero() else [])
    )


def _profile(problem: _Problem, branch: Branch, params) -> tuple[tuple[dict, ...], tuple]:
    """The mixed strategies and payoffs on ``branch``, as sympy expressions in ``params``."""
    n = len(problem.supports)
    strategies = tuple(
        {
            problem.context.labels[p][k]: _expression(
                problem, branch, params, *branch.evaluate(problem.sigma[p][k])
            )
            for k in range(len(problem.context.labels[p]))
        }
        for p in range(n)
    )
    payoffs = tuple(
        _expression(problem, branch, params, *branch.evaluate(problem.values[p][problem.supports[p][0]]))
        for p in range(n)
    )
    return strategies, payoffs


# --------------------------------------------------------------------------- results, verified


def _point(problem: _Problem, branch: Branch, field_: NumberField | None):
    """The isolated equilibrium of ``branch`` (no free variable left), verified."""
    strategies, payoffs = _profile(problem, branch, ())
    if field_ is not None:
        verdict = _field_regret_check(problem, branch)
        if verdict:
            return _undecided(problem, verdict)
        return SupportEquilibrium(
            problem.names,
            strategies,
            (),
            (),
            (),
            payoffs,
            {},
            "every player's regret exactly 0 in Q(alpha), from the strategic-form payoffs",
            field_.describe(),
        )
    conv = _nash_conv(problem.context, strategies)
    if conv != 0:
        return _undecided(problem, f"the independent NashConv is {conv}, not 0 (a bug: reported, not listed)")
    return SupportEquilibrium(problem.names, strategies, (), (), (), payoffs, {}, "exact NashConv 0")


def _one_parameter(problem: _Problem, branch: Branch, conditions: list, t: sp.Symbol) -> list:
    (v,) = branch.free
    where, witness, isolated = solution_set(conditions, v, t)
    if where is sp.S.EmptySet:
        return []
    if witness is None:  # only points: each an isolated equilibrium
        out = []
        for root in isolated:
            if root.is_rational:
                sub = _fix(branch, v, _q(root.interval[0]), None)
                out.append(_point(problem, sub, None))
            else:
                minimal = flint.fmpq_poly([_q(c) for c in reversed(root.polynomial.all_coeffs())])
                field_ = NumberField(minimal / minimal.coeffs()[-1], root)
                sub = _fix(branch, v, None, field_)
                out.append(_point(problem, sub, field_))
        return out
    return [_family(problem, branch, conditions, (t,), witness, where, how=_LINE)]


def _fix(branch: Branch, v: int, value, field_) -> Branch:
    """``branch`` with its one free variable ``v`` fixed at a rational ``value`` or at ``field_``'s
    ``alpha``."""
    ctx = branch.context
    image = ctx.constant(value) if field_ is None else ctx.gens()[-1]
    sub = Branch(ctx, (), {v: (image, ctx.constant(1))}, (), field_)
    return restrict(branch, sub)


def _family(
    problem: _Problem, branch: Branch, conditions: list, params, witness: dict, where=None, how: str = ""
):
    """A family of equilibria on ``branch``, verified at ``witness`` and symbolically; ``how`` says
    how its conditions were decided."""
    strategies, payoffs = _profile(problem, branch, params)
    point = {t: sp.Rational(int(witness[v].p), int(witness[v].q)) for v, t in zip(branch.free, params)}
    shown = () if where is not None else _shown_conditions(problem, branch, conditions, params)
    if branch.field is None:
        at = tuple({k: sp.sympify(x).subs(point) for k, x in m.items()} for m in strategies)
        conv = _nash_conv(problem.context, at)
        if conv != 0:
            return _undecided(
                problem, f"at the point {point} the independent NashConv is {conv}, not 0 (a bug)"
            )
        failure = _substituted_back(problem, conditions, branch)
        if failure:
            return _undecided(problem, failure)
        verification = (
            "exact NashConv 0 at the witness; the probabilities substituted back into every player's "
            "payoffs give the listed conditions, so every member meeting them is an equilibrium"
        )
    else:
        verdict = _field_regret_check(problem, branch.at(witness))
        if verdict:
            return _undecided(problem, verdict)
        verification = (
            "every player's regret exactly 0 at the witness, in Q(alpha), from the strategic-form payoffs"
        )
    return SupportEquilibrium(
        problem.names,
        strategies,
        tuple(params),
        (where,) if where is not None else (),
        shown,
        payoffs,
        point,
        f"{how}; {verification}" if how else verification,
        branch.field.describe() if branch.field is not None else "",
    )


def _shown_conditions(problem, branch, conditions, params) -> tuple:
    """The conditions as sympy relationals: linear ones reduced to the facets of their polytope (strict
    where any condition behind the facet is), the others as rational functions."""
    values = _symbols_for(problem, branch, params)
    linear, curved = [], []
    for c in conditions:
        if branch.field is None and c.denominator.is_constant() and c.numerator.total_degree() <= 1:
            linear.append((sp.expand(to_sympy(c.numerator, values) / _constant(c.denominator)), c.relation))
        else:
            curved.append(c)
    shown: list = []
    if linear:
        bounds = [e for e, r in linear if r != "!="]
        strict_of: dict = {}
        for e, r in linear:
            if r != "!=":
                strict_of[normalised(e, params)] = strict_of.get(normalised(e, params), False) or r == ">"
        try:
            facets, _ = polytope(bounds, params) if bounds else ([], [])
        except FamilyCertificateError:
            facets = [sp.Ge(e, 0, evaluate=False) for e in bounds]
        for f in facets:
            slack = sp.expand(f.lhs - f.rhs)
            shown.append(
                sp.Gt(slack, 0, evaluate=False) if strict_of.get(normalised(slack, params), False) else f
            )
        shown.extend(sp.Ne(e, 0, evaluate=False) for e, r in linear if r == "!=")
    for c in curved:
        expr = sp.factor(to_sympy(c.numerator, values)) / sp.factor(to_sympy(c.denominator, values))
        relation = {">": sp.Gt, ">=": sp.Ge, "!=": sp.Ne}[c.relation]
        shown.append(relation(expr, 0, evaluate=False))
    return tuple(shown)


def _substituted_back(problem: _Problem, conditions, branch: Branch) -> str:
    """Every player's payoff from each pure strategy against the family, recomputed from the payoff
    table with the family's probabilities (fractions of polynomials in its parameters, FLINT): the
    probabilities must add up to 1, the support's strategies tie identically, and each other
    strategy's shortfall be one of the family's conditions (or a positive constant); returns what
    fails, or ``""``."""
    labels = problem.context.labels
    n = len(labels)
    ctx = branch.context
    zero, one = ctx.from_dict({}), ctx.constant(1)
    probs = [[branch.evaluate(problem.sigma[p][k]) for k in range(len(labels[p]))] for p in range(n)]
    listed = [(c.numerator, c.denominator) for c in conditions if c.relation != "!="]

    def plus(a, b):
        return lowest_terms(a[0] * b[1] + b[0] * a[1], a[1] * b[1])

    def same(a, b) -> bool:
        return (a[0] * b[1] - b[0] * a[1]).is_zero()

    for p in range(n):
        total = (zero, one)
        for x in probs[p]:
            total = plus(total, x)
        if not same(total, (one, one)):
            return f"{problem.context.game.players[p]}'s probabilities do not add up to 1 (a bug)"
        payoff = [(zero, one)] * len(labels[p])
        for profile, pay in problem.context.rational_table.items():
            if pay[p] == 0:
                continue
            top, bottom = ctx.constant(pay[p]), one
            for q in range(n):
                if q != p:
                    top, bottom = top * probs[q][profile[q]][0], bottom * probs[q][profile[q]][1]
            if not top.is_zero():
                payoff[profile[p]] = plus(payoff[profile[p]], (top, bottom))
        first = problem.supports[p][0]
        for k in range(len(labels[p])):
            gap = plus(payoff[first], (-payoff[k][0], payoff[k][1]))
            if k in problem.supports[p]:
                if not gap[0].is_zero():
                    return f"{labels[p][k]} does not tie with {labels[p][first]} on the family (a bug)"
            elif not gap[0].is_zero() and not any(same(gap, e) for e in listed) and not _positive(gap):
                return f"the shortfall of {labels[p][k]} on the family is not among its conditions (a bug)"
    return ""


def _positive(fraction) -> bool:
    """Whether a fraction of polynomials is a positive constant."""
    top, bottom = fraction
    return (
        top.is_constant()
        and bottom.is_constant()
        and top.leading_coefficient() * bottom.leading_coefficient() > 0
    )


def _field_regret_check(problem: _Problem, branch: Branch) -> str:
    """Every player's regret at a point of ``branch`` (no free variable), computed in ``Q(alpha)`` from
    the strategic-form payoffs alone: ``""`` if all are exactly 0, else what fails."""
    field_ = branch.field
    k = problem.ctx.nvars() - 1
    labels = problem.context.labels
    n = len(labels)
    probs = []
    for p in range(n):
        row = []
        for s in range(len(labels[p])):
            top, bottom = branch.evaluate(problem.sigma[p][s])
            row.append(field_.reduce(_univariate(top, k) * field_.inverse(_univariate(bottom, k))))
        probs.append(row)
    for p in range(n):
        total = sum(probs[p], flint.fmpq_poly([]))
        if field_.reduce(total - 1) != 0:
            return f"{problem.context.game.players[p]}'s probabilities do not add up to 1 (a bug)"
        if any(field_.sign(x) < 0 for x in probs[p]):
            return f"{problem.context.game.players[p]} has a negative probability (a bug)"
    for p in range(n):
        payoff = [flint.fmpq_poly([])] * len(labels[p])
        for profile, pay in problem.context.rational_table.items():
            weight = flint.fmpq_poly([pay[p]])
            for q in range(n):
                if q != p:
                    weight = field_.reduce(weight * probs[q][profile[q]])
            payoff[profile[p]] = payoff[profile[p]] + weight
        mean = field_.reduce(
            sum((probs[p][s] * payoff[s] for s in range(len(labels[p]))), flint.fmpq_poly([]))
        )
        for s in range(len(labels[p])):
            if field_.sign(payoff[s] - mean) > 0:
                return (
                    f"{problem.context.game.players[p]} gains by {labels[p][s]} (a bug: reported, not listed)"
                )
    return ""


def _nash_conv(context: SupportContext, mixed) -> sp.Expr:
    """The exact NashConv of a mixed profile of rationals, on the game tree (through behaviour strategies)."""
    return sp.cancel(game_nash_conv(behaviour_profile(context.game, _behaviour(context, mixed))))


def _behaviour(context: SupportContext, mixed) -> list[dict[str, dict[str, sp.Expr]]]:
    """Behaviour strategies of a mixed profile over reduced strategies, through its realization plans
    (``x(sigma a) / x(sigma)``; uniform at an information set the player's own play never reaches)."""
    game, sf = context.game, context.sf
    out = []
    for p, dist in enumerate(mixed):
        plan: dict[int, sp.Expr] = {}
        for (_label, prob), seqs in zip(dist.items(), context.sequences[p]):
            for k in seqs:
                plan[k] = plan.get(k, sp.S.Zero) + prob
        strategy = {}
        for info in game.infosets_of(p):
            reach = sp.cancel(plan.get(sf.parent[info.index], sp.S.Zero))
            kids = [
                sp.cancel(plan.get(sf.index[p][(info.index, a)], sp.S.Zero)) for a in range(len(info.actions))
            ]
            if reach == 0:
                strategy[info.label] = {a: sp.Rational(1, len(info.actions)) for a in info.actions}
            else:
                strategy[info.label] = {a: sp.cancel(x / reach) for a, x in zip(info.actions, kids)}
        out.append(strategy)
    return out
