"""Is every member of a parametrised profile a Nash equilibrium?  Decided exactly, for any number of players.

A *profile family* gives each player's behaviour probabilities as expressions in parameters
``t = (t_1, ..., t_d)`` ranging over a *domain*: a polytope given by linear inequalities (e.g.
Kuhn's ``0 <= alpha <= 1/3``), possibly cut by polynomial ones (e.g. ``c (3 + 4 b) <= 2 - b``).  For a member ``sigma(t)``, player ``p``'s payoff from a pure
reduced strategy ``s`` against the others is

    U_p(s, sigma_-p(t)) = sum over p's sequences k played by s of  g_p(k; t),
    g_p(k; t) = sum over terminals z ending p's sequence k of  c(z) u_p(z) prod_(q != p) pi_q(z; t),

and ``sigma(t)`` is a Nash equilibrium exactly when every *gap*
``U_p(s, sigma_-p(t)) - U_p(sigma(t))`` is ``<= 0`` (a mixed deviation is an average of pure ones).
Pure strategies are exponentially many, so the test first works in the sequence form, information
set by information set: the *one-shot gap* of action ``a`` at ``I`` is what playing ``a`` there
(and the member's play below) adds over the member's own play at ``I``.  If no one-shot gap is
positive, backward induction shows the member attains the best-response value; a positive one
where the player's own play reaches ``I`` is a profitable deviation.  Only when neither settles it
(a gain at a set the player's own play avoids) are the pure strategies enumerated, if there are
at most :data:`MAX_PURE_DEVIATIONS`.
The gaps are polynomials in ``t``; each is decided over the whole domain, exactly:

* a gap that is affine in ``t`` is largest at a vertex of the domain (cddlib lists them);
* on a box, a gap of degree at most 1 in each parameter separately is largest at a corner;
* with one parameter, the real roots are isolated exactly (sympy's ``Poly.intervals``), and the
  gap is evaluated at the ends and between neighbouring roots, where its sign cannot change;
* otherwise (or when curved inequalities cut the polytope) the gap is evaluated at the centre of the
  vertices and at midpoints of pairs of them (a positive value there is a witness), and then ``-gap``
  is written as a non-negative
  combination of products of the domain's constraints, a Handelman certificate found by an exact
  linear program (:mod:`derive.verification.positivity`) and kept in the result as the proof;
  failing that, hill climbing in floating point looks for a point where the gap is positive, and a
  point it finds counts only once rounded to rationals and checked exactly.

A positive value counts as a failure only at a point of the domain.  Anything else is reported as
undecided, never guessed.  The probabilities themselves are checked
the same way (non-negative on the domain, summing to 1).  The result gives each player's payoff
and every gap as expressions in ``t``: the indifference conditions can be read off them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import sympy as sp

from derive.dominance.general import reduced_strategies
from derive.extensive_form.exact import exact_float, exact_number
from derive.extensive_form.game import Game, NotSupportedError
from derive.sequence_form.general import game_sequence_form
from derive.solving.families.polytope import FamilyCertificateError, polytope, sample_points, slack
from derive.verification.best_response import behaviour_profile, game_best_response, profile_payoffs
from derive.verification.positivity import PositivityCertificate, positivity_certificate

__all__ = ["ProfileFamilyCheck", "action_values", "check_profile_family", "nonnegative_on_domain"]


@dataclass(frozen=True)
class ProfileFamilyCheck:
    """The verdict on a profile family (see the module docstring).

    Attributes
    ----------
    parameters : tuple of sympy.Symbol
    domain : tuple of sympy relationals
        The domain's irredundant inequalities.
    vertices : tuple of dict
        The domain's vertices, ``{parameter: Rational}``.
    payoffs : tuple of sympy.Expr
        Each player's payoff, in the parameters.
    gaps : tuple of dict
        For each player, ``"<information set>: <action>" -> gap``: the gain of the one-shot
        deviation to that action there, the member's play kept elsewhere (chance- and
        others'-reach weighted), expanded; when that test is inconclusive and the player has few
        reduced strategies, ``pure reduced strategy label -> gap`` instead (see the module docstring).
    failures : tuple of (int, str, dict)
        ``(player, strategy, point)``: at ``point`` of the domain the strategy gains strictly.
    undecided : tuple of (int, str, str)
        ``(player, strategy, reason)``: gaps (or probabilities) the exact methods here cannot decide.
    invalid : tuple of str
        Probabilities that are negative somewhere on the domain (then nothing else is checked).
    certificates : tuple of dict
        For each player, gap label -> :class:`~derive.verification.positivity.PositivityCertificate`
        of ``-gap >= 0``, for the gaps that no vertex argument settles (a product-of-constraints
        identity the reader can expand).
    """

    parameters: tuple[sp.Symbol, ...]
    domain: tuple[sp.Basic, ...]
    vertices: tuple[dict[sp.Symbol, sp.Rational], ...]
    payoffs: tuple[sp.Expr, ...]
    gaps: tuple[dict[str, sp.Expr], ...]
    failures: tuple[tuple[int, str, dict], ...]
    undecided: tuple[tuple[int, str, str], ...]
    invalid: tuple[str, ...] = ()
    certificates: tuple[dict[str, PositivityCertificate], ...] = ()

    @property
    def is_equilibrium(self) -> bool | None:
        """True: every member is a Nash equilibrium; False: some member is not; None: undecided."""
        if self.failures or self.invalid:
            return False
        return None if self.undecided else True


def _linear(expr: sp.Expr, params) -> bool:
    poly = sp.Poly(expr, *params) if params else None
    return poly is None or poly.total_degree() <= 1


@dataclass(frozen=True)
class _Domain:
    """The parameters' domain: the polytope of its linear inequalities (facets ``>= 0``, vertices),
    cut by its curved ones (``curved[i] >= 0``, polynomials of degree above 1)."""

    params: tuple[sp.Symbol, ...]
    facets: tuple[sp.Expr, ...]
    vertices: tuple[dict, ...]
    curved: tuple[sp.Expr, ...]
    box: bool
    points: tuple[dict, ...]  # the vertices, and a point of the domain when no vertex meets its curved part

    def contains(self, point: dict) -> bool:
        return all(g.subs(point) >= 0 for g in self.curved)

    def nonpositive(self, expr: sp.Expr):
        """``(True, None | certificate)`` if ``expr <= 0`` on the domain, ``(False, point)`` with a
        point of the domain where it is positive, or ``(None, reason)``."""
        params, vertices = self.params, self.vertices
        expr = sp.expand(expr)
        if not expr.free_symbols & set(params):
            if expr <= 0:
                return True, None
            return False, dict(next(v for v in self.points if self.contains(v)))
        poly = sp.Poly(expr, *params)
        outside = False  # positive at a vertex of the polytope that the curved constraints cut off
        for v in self.points:  # a positive value at a point of the domain settles it at once
            if expr.subs(v) > 0:
                if self.contains(v):
                    return False, dict(v)
                outside = True
        if len(vertices) == 1:  # the domain is a single point
            return True, None
        multi_affine = all(d <= 1 for d in poly.degree_list())
        if not outside and (poly.total_degree() <= 1 or (self.box and multi_affine)):
            return True, None  # the largest value on the polytope is at a vertex, and none is positive
        if len(params) == 1 and not self.curved:
            return self._univariate(poly)
        for point in self.samples():  # a positive value inside: a witness, found by exact evaluation
            if expr.subs(point) > 0 and self.contains(point):
                return False, point
        certificate = positivity_certificate(-expr, self.facets + self.curved, params)
        if certificate is not None:
            return True, certificate
        witness = self._climb(expr)
        if witness is not None:
            return False, witness
        return None, "no certificate found for a gap of degree above 1 in several parameters"

    def _climb(self, expr: sp.Expr, starts: int = 40, steps: int = 200) -> dict | None:
        """A point of the domain where ``expr > 0``, looked for by hill climbing in floating point
        from the sample points and seeded random points of the bounding box, then rounded to nearby
        rationals and checked exactly (so a point returned is a witness; None proves nothing)."""
        import random

        params = self.params
        f = sp.lambdify(params, expr)
        grad = [sp.lambdify(params, sp.diff(expr, t)) for t in params]
        cons = [sp.lambdify(params, g) for g in (*self.facets, *self.curved)]
        lo = [min(float(v[t]) for v in self.vertices) for t in params]
        hi = [max(float(v[t]) for v in self.vertices) for t in params]
        rng = random.Random(0)
        points = [[float(p[t]) for t in params] for p in self.samples()]
        points += [[rng.uniform(a, b) for a, b in zip(lo, hi)] for _ in range(starts)]

        def inside(x) -> bool:
            return all(c(*x) >= 0 for c in cons)

        for x in (x for x in points if inside(x)):
            step = max(b - a for a, b in zip(lo, hi)) / 20 or 1.0
            for _ in range(steps):
                g = [d(*x) for d in grad]
                y = [xi + step * gi for xi, gi in zip(x, g)]
                if inside(y) and f(*y) > f(*x):
                    x = y
                else:
                    step /= 2
                    if step < 1e-12:
                        break
            if f(*x) > 0:
                for digits in (10**3, 10**6, 10**9):
                    point = {t: sp.Rational(xi).limit_denominator(digits) for t, xi in zip(params, x)}
                    if expr.subs(point) > 0 and all(g.subs(point) >= 0 for g in (*self.facets, *self.curved)):
                        return point
        return None

    def samples(self, limit: int = 200) -> list[dict]:
        """The centre of the vertices and the midpoints of pairs of them (at most ``limit``)."""
        return sample_points(list(self.vertices), self.params, limit)[len(self.vertices) :]

    def _univariate(self, poly: sp.Poly):
        (t,) = self.params
        lo, hi = min(v[t] for v in self.vertices), max(v[t] for v in self.vertices)
        # the sign is constant between real roots: isolate them exactly (rational intervals) and
        # test the ends and one rational point between each pair of neighbouring roots
        inside = sorted((a, b) for (a, b), _ in poly.intervals(inf=lo, sup=hi) if not (b <= lo or a >= hi))
        points = {lo, hi}
        edges = [lo] + [x for a, b in inside for x in (max(a, lo), min(b, hi))] + [hi]
        for k in range(0, len(edges) - 1, 2):
            points.add((edges[k] + edges[k + 1]) / 2)
        for x in sorted(points):
            if poly.eval(x) > 0:
                return False, {t: sp.Rational(x)}
        return True, None


def check_profile_family(
    game: Game,
    strategies: Mapping | Sequence,
    domain: Sequence[sp.Basic] = (),
) -> ProfileFamilyCheck:
    """Decide exactly whether every member of a parametrised behaviour profile is a Nash equilibrium.

    Parameters
    ----------
    game : Game
        Any number of players, perfect recall, numeric payoffs and chance probabilities.
    strategies : mapping or sequence
        As in :func:`derive.verification.best_response.behaviour_profile`: per player,
        ``information-set label -> {action: probability}``; probabilities may contain parameters,
        and are read exactly (a float only when it is exactly a short decimal, such as 0.5).
    domain : sequence of sympy relationals
        Inequalities (``>=``, ``<=``) or equations, polynomial in the parameters; the linear ones
        must bound a polytope (e.g. ``[a >= 0, a <= sympy.Rational(1, 3)]``), the others cut it.
        Numbers are exact: a float in them is accepted only when it is exactly a short decimal
        (``a <= 0.5``); ``a <= 1/3`` holds a float and is refused (:mod:`derive.extensive_form.exact`).

    Returns
    -------
    ProfileFamilyCheck
        ``is_equilibrium`` is True, False (with a point and a profitable pure deviation) or None.

    Raises
    ------
    NotSupportedError
        If the game's payoffs hold symbols, the domain holds a float that is not exactly a short
        decimal (the message gives the exact form), the domain is not polynomial, its linear part is empty
        or does not bound every parameter, no point of it is found, it holds a strict inequality, or
        a probability's parameters are not bounded by it.
    IncompleteProfileError
        For a malformed profile (missing information set, unknown action, a float such as ``1/3`` ...).

    Examples
    --------
    >>> from derive.games.textbook import matching_pennies
    >>> check_profile_family(matching_pennies(), [{"coin": {"heads": "1/2", "tails": "1/2"}},
    ...                                           {"guess": {"heads": "1/2", "tails": "1/2"}}]).is_equilibrium
    True

    References
    ----------
    Nash (1951); the pure-deviation test via the sequence form, von Stengel (1996), section 3.
    """
    if game.is_symbolic:
        names = ", ".join(sorted(str(t) for t in game.symbols)) or "symbols"
        raise NotSupportedError(
            f"the game's payoffs or chance probabilities hold {names}: put numbers in first "
            "(derive.solving.parameters.symbolic_payoffs.substitute)"
        )
    profile = behaviour_profile(game, strategies)
    params = tuple(
        sorted(set().union(*(v.free_symbols for row in profile.probabilities for v in row)), key=str)
    )
    for info, row in zip(game.infosets, profile.probabilities):
        for action, prob in zip(info.actions, row):
            if params and not sp.sympify(prob).is_polynomial(*params):
                raise NotSupportedError(
                    f"the probability of {action!r} at {info.label!r} ({prob}) is not a polynomial in the parameters"
                )
    dom, facets = _read_domain(params, domain)
    vertices = dom.vertices
    invalid, undecided = [], []
    for info, row in zip(game.infosets, profile.probabilities):
        for action, prob in zip(info.actions, row):
            ok, detail = dom.nonpositive(-prob)
            if ok is False:
                invalid.append(f"{info.label}: {action}")
            elif ok is None:
                undecided.append((info.player, f"probability of {action} at {info.label}", detail))
    payoffs = tuple(sp.expand(u) for u in profile_payoffs(profile))
    if invalid:
        return ProfileFamilyCheck(params, tuple(facets), tuple(vertices), payoffs, (), (), (), tuple(invalid))
    sf = game_sequence_form(game)
    gaps: list[dict[str, sp.Expr]] = []
    certificates: list[dict[str, PositivityCertificate]] = []
    failures = []
    for p in range(game.num_players):
        g = _sequence_values(game, sf, profile, p)
        mine, bad, unsure, proofs = _one_shot(game, sf, profile, p, g, dom)
        if unsure and not params:  # one profile: its exact best-response value settles it
            regret = game_best_response(profile, p).regret
            bad, unsure = ([(p, "a best response", {})] if regret > 0 else []), []
        elif unsure and _few_strategies(sf, p):  # the complete test: every pure reduced strategy
            mine, bad, unsure, proofs = _pure_deviations(sf, p, g, payoffs[p], dom)
        gaps.append(mine)
        certificates.append(proofs)
        failures.extend(bad)
        undecided.extend(unsure)
    return ProfileFamilyCheck(
        params,
        tuple(facets),
        tuple(vertices),
        payoffs,
        tuple(gaps),
        tuple(failures),
        tuple(undecided),
        certificates=tuple(certificates),
    )


def _read_domain(params: tuple[sp.Symbol, ...], domain: Sequence[sp.Basic]) -> tuple[_Domain, list]:
    """The domain read exactly (see :func:`check_profile_family`): the :class:`_Domain` and its
    irredundant inequalities (the linear part's facets, then the curved ones).

    Raises
    ------
    NotSupportedError
        As :func:`check_profile_family` says for the domain.
    """
    raw = []
    for c in domain:
        if isinstance(c, sp.Basic) and c.atoms(sp.Float):  # the rule of derive.extensive_form.exact
            c = c.xreplace({f: exact_float(f, f"domain {c}", NotSupportedError) for f in c.atoms(sp.Float)})
        if isinstance(c, sp.Equality):  # an equation is two inequalities
            raw += [sp.expand(c.lhs - c.rhs), sp.expand(c.rhs - c.lhs)]
        elif isinstance(c, (sp.StrictGreaterThan, sp.StrictLessThan)):
            raise NotSupportedError(
                f"strict inequality {c} in the domain: give a closed polytope with >= and <= "
                "(an equilibrium family is checked on its closure)"
            )
        elif isinstance(c, (sp.GreaterThan, sp.LessThan)):
            raw.append(slack(c))
        elif c is sp.true or c is sp.false:  # alpha >= 0 is True when alpha is nonnegative
            raise NotSupportedError(
                f"the domain holds {c}: an inequality sympy decided from a symbol's assumptions (alpha >= 0 "
                "for a nonnegative alpha); write it unevaluated, sp.Ge(alpha, 0, evaluate=False)"
            )
        else:
            raise NotSupportedError(f"the domain must hold inequalities (>=, <=) or equations, got {c!r}")
    for e in raw:
        if set(e.free_symbols) - set(params) or not e.is_polynomial(*params):
            raise NotSupportedError(
                f"the domain must be polynomial inequalities in the profile's parameters, got {e} >= 0"
            )
    missing = [str(t) for t in params if not any(e.has(t) for e in raw)]
    if missing:
        raise NotSupportedError(f"the domain does not bound the parameter(s) {', '.join(missing)}")
    linear = [e for e in raw if _linear(e, params)]
    curved = tuple(e for e in raw if not _linear(e, params))
    unbounded = [str(t) for t in params if not any(e.has(t) for e in linear)]
    if unbounded:
        raise NotSupportedError(
            f"the domain's linear inequalities must bound every parameter, and none bounds "
            f"{', '.join(unbounded)} (curved inequalities only cut the polytope the linear ones bound)"
        )
    try:
        facets, vertices = polytope(linear, params)
    except FamilyCertificateError as exc:
        reason = str(exc).replace("the derived family is", "it is")
        raise NotSupportedError(
            f"the domain's linear inequalities do not bound a nonempty polytope ({reason})"
        ) from None
    if params and not vertices:
        raise NotSupportedError("the domain has too many vertices to enumerate")
    box = not curved and all(len(e.free_symbols) <= 1 for e in linear)
    points = tuple(vertices)
    if curved and not any(all(g.subs(v) >= 0 for g in curved) for v in vertices):
        inside = next(
            (v for v in sample_points(vertices, params) if all(g.subs(v) >= 0 for g in curved)), None
        )
        if inside is None:
            raise NotSupportedError(
                "no point of the domain found (no vertex of its linear part, their centre or a "
                "midpoint of two of them meets its curved inequalities)"
            )
        points += (inside,)
    dom = _Domain(params, tuple(slack(f) for f in facets), tuple(vertices), curved, box, points)
    facets = [*facets, *(sp.Ge(e, 0, evaluate=False) for e in curved)]
    return dom, facets


def nonnegative_on_domain(
    exprs: Sequence[sp.Expr], domain: Sequence[sp.Basic]
) -> tuple[tuple[bool | None, object], ...]:
    """Decide exactly, for each polynomial, whether it is ``>= 0`` at every point of a domain of parameters.

    The methods of :func:`check_profile_family` for a gap (module docstring): vertices for what is
    affine, exact root isolation in one parameter, a Handelman certificate, a witness found by
    evaluation or by hill climbing and checked exactly.  The domain is read once for all of them.

    Parameters
    ----------
    exprs : sequence of sympy.Expr
        Polynomials in (some of) the domain's parameters.
    domain : sequence of sympy relationals
        As in :func:`check_profile_family`; its parameters are the symbols it holds.

    Returns
    -------
    tuple of (bool or None, object)
        One per expression: ``(True, None or a PositivityCertificate of it)``, ``(False, point)``
        with a point of the domain where it is negative, or ``(None, reason)``.

    Raises
    ------
    NotSupportedError
        For a domain :func:`check_profile_family` refuses, an expression holding other symbols, or
        a float that is not exactly a short decimal (:mod:`derive.extensive_form.exact`).

    Examples
    --------
    >>> a = sp.Symbol("a")
    >>> nonnegative_on_domain([1 - 3 * a, a - sp.Rational(1, 4)], [a >= 0, a <= sp.Rational(1, 3)])
    ((True, None), (False, {a: 0}))
    """
    exprs = [sp.expand(exact_number(e, "an expression to decide", NotSupportedError)) for e in exprs]
    params = tuple(sorted(set().union(*(sp.sympify(c).free_symbols for c in domain)), key=str))
    for expr in exprs:
        extra = expr.free_symbols - set(params)
        if extra:
            raise NotSupportedError(
                f"{expr} holds {', '.join(sorted(map(str, extra)))}, which the domain does not"
            )
    dom, _ = _read_domain(params, domain)
    return tuple(dom.nonpositive(-expr) for expr in exprs)


#: Players with at most this many reduced strategies get the complete pure-deviation test when the
#: one-shot test is inconclusive.
MAX_PURE_DEVIATIONS = 4096


def _few_strategies(sf, p) -> bool:
    try:
        return len(reduced_strategies(sf, p)) <= MAX_PURE_DEVIATIONS
    except NotSupportedError:
        return False


def _pure_deviations(sf, p, g, payoff, dom: _Domain):
    """Every pure reduced strategy's gain over the member (necessary and sufficient)."""
    from derive.dominance.general import reduced_strategies

    gaps, bad, unsure, proofs = {}, [], [], {}
    for s in reduced_strategies(sf, p):
        gap = sp.expand(sp.Add(*(g.get(k, sp.S.Zero) for k in s.sequences)) - payoff)
        gaps[s.label] = gap
        verdict, detail = dom.nonpositive(gap)
        if verdict is False:
            bad.append((p, s.label, detail))
        elif verdict is None:
            unsure.append((p, s.label, detail))
        elif detail is not None:
            proofs[s.label] = detail
    return gaps, bad, unsure, proofs


def _sequence_values(game, sf, profile, p) -> dict[int, sp.Expr]:
    """``g_p(k)``: for each of ``p``'s sequences, the payoff of the terminals it ends, weighted by
    chance and the other players' play (the module docstring)."""

    def move(n, k):
        return sp.S.One if n.player == p else profile.probabilities[n.infoset][k]

    weight = game.reach(move)
    g: dict[int, sp.Expr] = {}
    for z in game.terminals:
        s = sf.terminal_sequences[z][p]
        g[s] = g.get(s, sp.S.Zero) + weight[z] * game.payoffs[z][p]
    return g


def _continuations(sf, profile, p, g):
    """Bottom up: ``Q(I, a)``, the value of ``a`` at ``I`` with the member's play below, and ``W(I)``,
    the member's own value at ``I`` (both weighted by chance and the others' reach)."""
    infos = sf.bottom_up(p)
    index = sf.index[p]
    W: dict[int, sp.Expr] = {}
    Q: dict[tuple[int, int], sp.Expr] = {}
    for info in infos:
        probs = profile.probabilities[info.index]
        for a in range(len(info.actions)):
            k = index[(info.index, a)]
            Q[(info.index, a)] = g.get(k, sp.S.Zero) + sp.Add(*(W[j] for j in sf.children(p, k)))
        W[info.index] = sp.expand(sp.Add(*(pr * Q[(info.index, a)] for a, pr in enumerate(probs))))
    return infos, Q, W


def action_values(game: Game, strategies: Mapping | Sequence) -> tuple[dict[tuple[str, str], sp.Expr], ...]:
    """Each player's value of each action at each of his information sets, the profile's play kept
    elsewhere: ``(information-set label, action) -> Q(I, a)``, expanded (chance- and others'-reach
    weighted, so an information set the others never reach has all values 0).

    A player is *indifferent* at ``I`` among actions with equal ``Q``; the one-shot gap of ``a`` is
    ``Q(I, a)`` minus the profile's average of ``Q(I, .)`` at ``I``.

    Raises
    ------
    IncompleteProfileError
        For a malformed profile.
    """
    profile = behaviour_profile(game, strategies)
    sf = game_sequence_form(game)
    out = []
    for p in range(game.num_players):
        _, Q, _ = _continuations(sf, profile, p, _sequence_values(game, sf, profile, p))
        out.append(
            {(game.infosets[i].label, game.infosets[i].actions[a]): sp.expand(v) for (i, a), v in Q.items()}
        )
    return tuple(out)


def _one_shot(game, sf, profile, p, g, dom: _Domain):
    """One-shot deviations, bottom up: at each information set ``I`` of ``p`` and action ``a``,
    ``D(I, a) = Q(I, a) - W(I)`` where ``W`` is the member's own continuation value and ``Q(I, a)``
    plays ``a`` at ``I`` and the member below (values weighted by chance and the others' reach).

    If every ``D <= 0`` on the domain, ``W`` equals the best-response value everywhere (backward
    induction), so ``p`` best-responds: decided.  A ``D > 0`` at a point where ``p``'s own play
    reaches ``I`` is a profitable deviation: decided.  Anything else is left to the complete test.
    """
    infos, Q, W = _continuations(sf, profile, p, g)
    reach: dict[int, sp.Expr] = {}  # own probability of reaching each information set

    def reach_of(i: int) -> sp.Expr:
        if i not in reach:
            seq = sf.sequences[p][sf.parent[i]]
            reach[i] = sp.S.One if seq is None else reach_of(seq[0]) * profile.probabilities[seq[0]][seq[1]]
        return reach[i]

    gaps, bad, unsure, proofs = {}, [], [], {}
    for info in reversed(infos):
        for a, action in enumerate(info.actions):
            label = f"{info.label}: {action}"
            gap = sp.expand(Q[(info.index, a)] - W[info.index])
            gaps[label] = gap
            verdict, detail = dom.nonpositive(gap)
            if verdict is True:
                if detail is not None:
                    proofs[label] = detail
                continue
            if verdict is False and sp.sympify(reach_of(info.index)).subs(detail) != 0:
                bad.append((p, label, detail))
            else:
                reason = (
                    detail if verdict is None else "it gains only where the player's own play does not go"
                )
                unsure.append((p, label, reason))
    return gaps, bad, unsure, proofs
