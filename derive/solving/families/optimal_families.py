"""The whole set of optimal strategies, derived from indifference conditions.

In plan probabilities the opener's payoff is ``U(x, y) = x^T P y`` and each
player's strategy set is a product of simplices (one per situation).  Write
``W_j(x) = (x^T P)_j`` for the opener's payoff when the dealer plays plan
``j`` (the coefficient of ``y_j`` in ``U``), and ``V_i(y) = (P y)_i`` for the
opener's plan ``i``.  Let ``S_0``, ``S_1`` be the *usable* plans: those given
positive probability by some optimal strategy.

**Theorem** (from LP duality and the Goldman-Tucker strict complementarity
theorem).  The opener's optimal strategies are exactly the ``x`` with

1. ``x_i = 0`` for ``i`` not in ``S_0`` and ``sum_{i in s} x_i = 1`` per situation ``s``, ``x >= 0``;
2. *indifference*: ``W_j(x) = W_k(x)`` for usable dealer plans ``j, k`` of the same situation;
3. *no better deviation*: ``W_j(x) >= W_k(x)`` for unused ``j`` and usable ``k`` of the same situation,

and symmetrically for the dealer (with ``V`` and the inequality reversed).
Proof sketch: ``x`` is optimal iff ``(x, ybar)`` is an equilibrium for a
fixed optimal ``ybar``; take ``ybar`` strictly complementary, so the opener's
best responses to it are exactly ``S_0`` (condition 1) and ``ybar`` is a best
response to ``x`` iff every plan in its support ``S_1`` minimises ``W``
(conditions 2 and 3).

The usable sets are found by :func:`derive.solving.lp.certified_supports` (HiGHS,
then exact rationals, each answer with an exact certificate), and
:func:`optimal_families` re-derives everything with sympy and *certifies* it
exactly -- every vertex of each family has exact
best-response value equal to the game value (so the family is optimal, being
convex), and the centroids of the two families form a strictly
complementary pair with supports ``S_0``, ``S_1`` (so no optimal strategy is
missing).  If a certificate fails, :class:`FamilyCertificateError` is raised.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence as Seq
from dataclasses import dataclass, field, replace

import sympy as sp
from sympy.polys.domains import QQ

from derive.games.one_card import PLAYER_NAMES, NamedParameter
from derive.notation.text import to_text
from derive.sequence_form.plans import GamePlanForm, Plan, game_of, game_plan_form, situation_text
from derive.sequence_form.strategies import plan_symbol
from derive.solving.families.polytope import FamilyCertificateError, slack
from derive.solving.families.polytope import polytope as _polytope
from derive.solving.lp import best_response_value, certified_supports, maximin, row_times, transpose_negated

__all__ = [
    "FamilyCertificateError",
    "OptimalFamily",
    "OptimalSets",
    "locate_family",
    "optimal_families",
    "restrict_plans",
]


@dataclass(frozen=True)
class OptimalFamily:
    """All optimal strategies of one player, as an affine family over a polytope.

    Attributes
    ----------
    player : int
        0 (opener) or 1 (dealer).
    parameters : tuple of sympy.Symbol
        Free parameters (named ones such as α first); empty if unique.
    plans : dict
        ``plan (Plan) -> probability``, affine in ``parameters``, for every plan of the player in the
        order of the plan form (:func:`~derive.sequence_form.plans.game_plan_form`); unusable plans
        map to 0.  One-card poker's plans are labelled as the thesis names them (``"K:betfold"``).
    conditions : tuple of sympy.Eq
        The indifference equations (in this player's plan symbols) that were solved.
    condition_labels : tuple of str
        For each condition, the opponent's situation and the two plans it
        equates, e.g. ``"dealer holds K, bet to: fold = call"``.
    constraints : tuple of sympy relationals
        Inequalities in ``parameters`` that define the range (redundant ones removed).
    vertices : tuple of dict
        Exact vertices of the range, ``{parameter: Rational}``.
    usable : tuple of Plan
        Plans with positive probability in some optimal strategy (``S_p``).
    named : dict
        ``symbol -> value on the family`` for the game's named parameters of
        this player (e.g. Kuhn's β as a function of α).
    """

    player: int
    parameters: tuple[sp.Symbol, ...]
    plans: dict[Plan, sp.Expr]
    conditions: tuple[sp.Eq, ...]
    condition_labels: tuple[str, ...]
    constraints: tuple[sp.Basic, ...]
    vertices: tuple[dict[sp.Symbol, sp.Rational], ...]
    usable: tuple[Plan, ...]
    named: dict[sp.Symbol, sp.Expr] = field(default_factory=dict)

    @property
    def dimension(self) -> int:
        """Dimension of the set of optimal strategies (0 if unique)."""
        return len(self.parameters)

    @property
    def interval(self) -> sp.Interval | None:
        """For a one-parameter family, the parameter's range as an Interval."""
        if self.dimension != 1:
            return None
        values = sorted(v[self.parameters[0]] for v in self.vertices)
        return sp.Interval(values[0], values[-1])

    def probability(self, plan) -> sp.Expr:
        """The probability of ``plan`` (a :class:`Plan`, or anything with its ``label``, such as one-card
        poker's tree's plan, or the label itself), 0 for a plan the family does not know."""
        label = getattr(plan, "label", plan)
        return next((v for p, v in self.plans.items() if p.label == label), sp.S.Zero)

    def covers(self, plans) -> bool:
        """Whether every plan that ``plans`` (plan or label -> probability) plays is one of the family's
        plans, read by label."""
        labels = {p.label for p in self.plans}
        return all(v == 0 or getattr(k, "label", k) in labels for k, v in plans.items())

    def parameters_of(self, plans: dict) -> dict[sp.Symbol, sp.Expr] | None:
        """The parameter values at which the family plays ``plans`` (exact), or None if it never does.

        ``plans`` maps plans (read by label, as :meth:`probability`) to probabilities; plans missing
        from it count as probability 0.
        """
        given = {getattr(k, "label", k): v for k, v in plans.items()}
        diffs = [sp.expand(v - given.get(p.label, 0)) for p, v in self.plans.items()]
        if any(d != 0 and not d.free_symbols for d in diffs):
            return None
        eqs = [d for d in diffs if d.free_symbols]
        if not eqs:
            return {}
        sol = sp.linsolve(eqs, list(self.parameters))
        if not sol:
            return None
        (point,) = sol
        values = dict(zip(self.parameters, point))
        if any(v.free_symbols for v in values.values()):
            return None  # not a single point
        if not all(slack(c).subs(values) >= 0 for c in self.constraints):
            return None
        return values

    def is_edge(self, a: dict[sp.Symbol, sp.Expr], b: dict[sp.Symbol, sp.Expr]) -> bool:
        """Whether the segment between the points ``a`` and ``b`` is an edge of the family's polytope.

        True when the constraints tight at both ends have rank ``dimension - 1``
        (and ``a``, ``b`` are distinct points of the family).
        """
        if a == b or self.dimension == 0:
            return False
        if self.dimension == 1:
            return True
        tight = [slack(c) for c in self.constraints if slack(c).subs(a) == 0 and slack(c).subs(b) == 0]
        if not tight:
            return False
        rows = [[t.coeff(p) for p in self.parameters] for t in tight]
        return sp.Matrix(rows).rank() == self.dimension - 1

    def at(self, point: dict[sp.Symbol, sp.Expr]) -> dict[Plan, sp.Expr]:
        """Plan probabilities at a point of the parameter range."""
        return {p: sp.nsimplify(v.subs(point)) if v.free_symbols else v for p, v in self.plans.items()}


@dataclass(frozen=True)
class OptimalSets:
    """Both players' sets of optimal strategies and the game value.

    Attributes
    ----------
    game : Game
        The game as given to :func:`optimal_families`.
    plan_form : GamePlanForm
        The full game's plan form, whose plans key the families.
    value : sympy.Rational
        Game value to the opener, in chips.
    families : (OptimalFamily, OptimalFamily)
    excluded : tuple of Plan
        Plans removed before solving (e.g. the thesis's "stupid mistakes");
        empty for the full game.
    certificate : str
        What was checked exactly.
    """

    game: object
    value: sp.Rational
    families: tuple[OptimalFamily, OptimalFamily]
    excluded: tuple[Plan, ...]
    certificate: str
    plan_form: GamePlanForm | None = field(default=None, compare=False, repr=False)


def locate_family(full: OptimalFamily, family: OptimalFamily) -> str:
    """Say where a one-parameter ``family`` lies in the ``full`` optimal set (an edge or a segment).

    Returns an empty string when ``family`` has no single parameter or the
    full set's vertices were not enumerated.
    """
    if family.interval is None or not full.vertices:
        return ""
    p = family.parameters[0]
    ends = [full.parameters_of(family.at({p: t})) for t in (family.interval.start, family.interval.end)]
    if any(e is None for e in ends):
        return "the family is not contained in the full game's optimal set"

    kind = "an edge" if full.is_edge(ends[0], ends[1]) else "a segment"
    at_vertices = all(e in full.vertices for e in ends)
    return (
        f"the {PLAYER_NAMES[family.player]}'s {to_text(p)}-family is {kind} of the full game's optimal set"
        + (
            f" ({full.dimension}-dimensional, {len(full.vertices)} vertices), joining two of its vertices"
            if at_vertices
            else ""
        )
    )


def restrict_plans(pf: GamePlanForm, excluded: Iterable[Plan]) -> GamePlanForm:
    """The plan form with some plans removed (the game in which they are forbidden).

    Raises
    ------
    ValueError
        If a removed plan is unknown or a situation would be left without plans.
    """
    excluded = set(excluded)
    unknown = excluded - set(pf.plans[0]) - set(pf.plans[1])
    if unknown:
        raise ValueError(f"unknown plans to exclude: {sorted(s.label for s in unknown)}")
    keep = [[k for k, p in enumerate(pf.plans[q]) if p not in excluded] for q in (0, 1)]
    new_index = [{old: new for new, old in enumerate(k)} for k in keep]
    plans = tuple(tuple(pf.plans[q][k] for k in keep[q]) for q in (0, 1))
    groups = []
    for q in (0, 1):
        gs = []
        for g in pf.groups[q]:
            ng = tuple(new_index[q][k] for k in g if k in new_index[q])
            if not ng:
                raise ValueError(f"excluding every plan of situation {pf.plans[q][g[0]].situation!r}")
            gs.append(ng)
        groups.append(tuple(gs))
    payoffs = tuple(
        {
            (new_index[0][i], new_index[1][j]): v
            for (i, j), v in entries.items()
            if i in new_index[0] and j in new_index[1]
        }
        for entries in pf.payoffs
    )
    return replace(pf, plans=plans, groups=(groups[0], groups[1]), payoffs=payoffs)


def optimal_families(
    game,
    named: Seq[NamedParameter] = (),
    exclude: Iterable[tuple[int, str] | object] = (),
) -> OptimalSets:
    """Derive both players' sets of optimal strategies, exactly, with certificate.

    Parameters
    ----------
    game : Game
        Two-player zero-sum, numeric payoffs (one-card poker,
        :func:`derive.games.one_card.to_extensive_form`: numeric ante and bet).
    named : sequence of NamedParameter
        Published parameters (e.g. :data:`derive.sequence_form.strategies.KUHN_PARAMETERS`);
        a family is written in the first of them that vary on it, in order.
    exclude : iterable of ``(player, plan label)`` such as ``(0, "A:checkcall")``, or plans with ``.player`` and ``.label``
        Plans to forbid first (e.g. the thesis's "stupid mistakes", or
        ``dominated_plans(game).excluded()``), read by player and label; the families are then those
        of the restricted game.

    Returns
    -------
    OptimalSets

    Raises
    ------
    ValueError
        If an excluded plan is unknown.
    FamilyCertificateError
        If the exact certificate fails.

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker
    >>> from derive.games.one_card import KUHN_PARAMETERS, alpha, beta, gamma, to_extensive_form
    >>> sets = optimal_families(to_extensive_form(kuhn_poker()), KUHN_PARAMETERS)
    >>> sets.value
    -1/18
    >>> opener = sets.families[0]
    >>> opener.parameters, opener.interval, opener.named[beta], opener.named[gamma]
    ((alpha,), Interval(0, 1/3), alpha + 1/3, 3*alpha)

    References
    ----------
    Kuhn (1950), p. 101 (the family and the dealer's unique ξ = η = 1/3);
    Koller, Megiddo & von Stengel (1994); Goldman & Tucker (1956).
    """
    g = game_of(game)
    full = game_plan_form(g)
    removed = [_plan_to_exclude(full, item) for item in exclude]
    pf = restrict_plans(full, removed) if removed else full
    rules = g.metadata.get("rules")
    if rules is not None and any(not v.is_Rational for v in pf.payoffs[0].values()):
        rules.require_numeric()  # one-card poker: say which of ante and bet is symbolic
    entries = pf.numeric_matrix(0)
    sx, sy = maximin(entries, pf.shape, pf.groups[0], pf.groups[1])
    value = sx.value
    supports = certified_supports(entries, pf.shape, pf.groups[0], pf.groups[1], value)
    usable = supports.usable
    families = tuple(
        _derive_family(full, pf, player, usable, [n for n in named if n.player == player])
        for player in (0, 1)
    )
    _certify(pf, entries, value, families, usable, supports)
    return OptimalSets(
        game=game,
        value=QQ.to_sympy(value),
        families=families,  # type: ignore[arg-type]
        excluded=tuple(removed),
        certificate=(
            "every vertex of each family has exact best-response value equal to the game value; "
            "the families' centroids are a strictly complementary optimal pair with the stated supports"
        ),
        plan_form=full,
    )


def _plan_to_exclude(full: GamePlanForm, item) -> Plan:
    """The plan of ``full`` named by ``(player, label)`` or by an object's ``.player`` and ``.label``."""
    if isinstance(item, tuple) and len(item) == 2:
        player, label = item
    else:
        player, label = getattr(item, "player", None), getattr(item, "label", None)
    try:
        return full.find(int(player), str(label))  # type: ignore[arg-type]
    except (KeyError, TypeError, ValueError, IndexError):
        raise ValueError(
            f"unknown plan {item!r} to exclude; give (player, label) such as (0, 'A:checkcall')"
        ) from None


def named_parameter_value(full: GamePlanForm, named: NamedParameter, plans) -> sp.Expr:
    """The value of a published parameter given plan probabilities ``plans`` (plan symbol -> value).

    A realization probability is the sum of the plans that make the choice (``named.infoset``,
    ``named.action``); a behaviour probability (``named.conditional``) divides it by the sum over the
    information set's actions, the realization of the sequence before it (1 at a situation).  As
    :func:`derive.sequence_form.strategies.named_parameter_value` on one-card poker's tree.
    """
    mine = full.plans[named.player]

    def realization(action) -> sp.Expr:
        return sp.Add(*(plan_symbol(p) for p in mine if (named.infoset, action) in p.choices))

    num = realization(named.action.value if hasattr(named.action, "value") else named.action).subs(plans)
    if not named.conditional:
        return sp.expand(num)
    if any(p.situation == named.infoset for p in mine):
        return sp.simplify(num)
    info = full.game.infoset(named.player, named.infoset)
    den = sp.Add(*(realization(a) for a in info.actions)).subs(plans)
    return sp.simplify(num / den)


def _payoff_columns(pf: GamePlanForm, player: int) -> list[sp.Expr]:
    """``W_j`` (player 0) or ``V_i`` (player 1): opponent plan values, linear in this player's symbols."""
    syms = [plan_symbol(p) for p in pf.plans[player]]
    other = 1 - player
    out = [sp.S.Zero] * len(pf.plans[other])
    for (i, j), v in pf.entries.items():
        mine, theirs = (i, j) if player == 0 else (j, i)
        out[theirs] += v * syms[mine]
    return out


def _derive_family(full, pf, player, usable, named, enumerate_vertices=True):
    """One player's family from the restricted plan form ``pf`` of the full plan form ``full``."""
    other = 1 - player
    syms = [plan_symbol(p) for p in pf.plans[player]]
    used = set(usable[player])
    zero = {syms[k]: 0 for k in range(len(syms)) if k not in used}
    W = [w.subs(zero) for w in _payoff_columns(pf, player)]
    equations = []
    for g in pf.groups[player]:
        equations.append(sp.Eq(sp.Add(*(syms[k] for k in g if k in used)), 1))
    conditions = []
    labels = []
    for g in pf.groups[other]:
        live = [j for j in g if j in usable[other]]
        for a, b in zip(live, live[1:]):
            conditions.append(sp.Eq(sp.expand(W[a]), sp.expand(W[b])))
            pa, pb = pf.plans[other][a], pf.plans[other][b]
            labels.append(f"{_situation_text(full, pa)}: {pa.name} = {pb.name}")
    unknowns = [syms[k] for k in range(len(syms)) if k in used]
    system = [e for e in equations + conditions if e is not sp.true]
    solutions = sp.linsolve(system, unknowns)
    if not solutions:
        raise FamilyCertificateError(f"the indifference equations of player {player} have no solution")
    (solution,) = solutions
    plan_values = dict(zip(unknowns, solution))
    free = sorted(set().union(*(sp.sympify(v).free_symbols for v in solution)) & set(unknowns), key=str)
    # Write the family in the named parameters where they vary on it.
    named_values = {}
    chosen: list[sp.Symbol] = []
    reparam: dict[sp.Symbol, sp.Expr] = {}
    full_plans = {p: plan_values.get(plan_symbol(p), sp.S.Zero) for p in pf.plans[player]}
    all_plans = {plan_symbol(p): full_plans.get(p, sp.S.Zero) for p in full.plans[player]}
    for n in named:
        expr = sp.simplify(named_parameter_value(full, n, all_plans))
        named_values[n.symbol] = expr
    remaining = list(free)
    for n in named:
        expr = named_values[n.symbol]
        if not remaining or not expr.free_symbols or not expr.is_polynomial(*remaining):
            continue
        if sp.Poly(expr, *remaining).total_degree() != 1:
            continue
        pick = next(s for s in remaining if expr.has(s))
        sol = sp.solve(sp.Eq(n.symbol, expr), pick, dict=True)
        if len(sol) != 1:
            continue
        reparam[pick] = sol[0][pick]
        remaining.remove(pick)
        chosen.append(n.symbol)
        named_values = {k: sp.expand(v.subs(pick, sol[0][pick])) for k, v in named_values.items()}
    generic = sp.symbols(f"{'tu'[player]}_1:{len(remaining) + 1}", real=True) if remaining else ()
    rename = dict(zip(remaining, generic))
    parameters = tuple(chosen) + tuple(generic)

    def final(expr):
        return sp.expand(sp.sympify(expr).subs(reparam).subs(rename))

    plans = {p: final(full_plans.get(p, 0)) for p in full.plans[player]}
    named_final = {k: sp.simplify(sp.sympify(v).subs(rename)) for k, v in named_values.items()}
    # Range: probabilities >= 0 and no better deviation for the opponent.
    sign = 1 if player == 0 else -1  # dealer minimises W; opener maximises V
    raw = [plans[pf.plans[player][k]] for k in usable[player]]
    Wf = [final(w.subs(plan_values)) for w in W]
    for g in pf.groups[other]:
        live = [j for j in g if j in usable[other]]
        for j in g:
            if j not in usable[other]:
                raw.append(sp.expand(sign * (Wf[j] - Wf[live[0]])))
    if enumerate_vertices:
        constraints, vertices = _polytope(raw, parameters)
    else:  # symbolic payoffs (e.g. a symbolic bet size): keep every constraint, no vertices
        constraints = [sp.Ge(sp.expand(e), 0, evaluate=False) for e in raw if sp.expand(e) != 0]
        vertices = []
    return OptimalFamily(
        player=player,
        parameters=parameters,
        plans=plans,
        conditions=tuple(conditions),
        condition_labels=tuple(labels),
        constraints=tuple(constraints),
        vertices=tuple(vertices),
        usable=tuple(pf.plans[player][k] for k in usable[player]),
        named=named_final,
    )


def _situation_text(full: GamePlanForm, plan: Plan) -> str:
    """E.g. ``"dealer holds K, bet to"`` or ``"opener holds A"`` (the verb and wording from the game's
    metadata, :func:`derive.sequence_form.plans.describe_plan`)."""
    verb = str(full.game.metadata.get("situation_verb") or "at")
    return f"{full.game.players[plan.player]} {verb} {situation_text(full.game, plan.player, plan.situation)}"


def _certify(pf, entries, value, families, usable, supports) -> None:
    for player, fam in enumerate(families):
        for v in fam.vertices:
            x = [_to_qq(fam.plans[p].subs(v)) for p in pf.plans[player]]
            if player == 0:
                br = best_response_value(entries, x, pf.groups[1])
            else:
                br = -best_response_value(transpose_negated(entries), x, pf.groups[0])
            if br != value:
                raise FamilyCertificateError(
                    f"vertex {v} of player {player}'s family has best-response value {br}, not {value}"
                )
    centroids = []
    for player, fam in enumerate(families):
        if fam.vertices:
            n = len(fam.vertices)
            point = {s: sum((v[s] for v in fam.vertices), sp.S.Zero) / n for s in fam.parameters}
            centroids.append([_to_qq(fam.plans[p].subs(point)) for p in pf.plans[player]])
        else:
            # vertices not enumerated: average the exact optimal strategies of this player that
            # certify the supports (playing each usable plan; making each unusable opponent plan
            # strictly worse); the average is optimal and does both at once
            other = 1 - player
            ws = [supports.witness[player][i] for i in usable[player]]
            ws += [w for i, w in supports.witness[other].items() if i not in usable[other]]
            avg = [sum((w[k] for w in ws), QQ(0)) / len(ws) for k in range(len(ws[0]))]
            _check_member(fam, pf, player, avg)
            centroids.append(avg)
    for player in (0, 1):
        x = centroids[player]
        support = {k for k, v in enumerate(x) if v > 0}
        if support != set(usable[player]):
            raise FamilyCertificateError(f"player {player}'s centroid does not have the usable support")
        # The opponent's unusable plans are strictly worse against this centroid.
        mat = entries if player == 0 else transpose_negated(entries)
        totals = row_times(mat, x)
        other = 1 - player
        for g in pf.groups[other]:
            best = min(totals.get(j, QQ(0)) for j in g)
            for j in g:
                if j not in usable[other] and totals.get(j, QQ(0)) == best:
                    raise FamilyCertificateError(
                        f"plan {pf.plans[other][j].label} is not strictly worse against the centroid"
                    )


def _check_member(fam: OptimalFamily, pf: GamePlanForm, player: int, x) -> None:
    """Check that the exact strategy ``x`` is a member of the derived family (the algebra is right)."""
    diffs = [sp.expand(fam.plans[p] - QQ.to_sympy(x[k])) for k, p in enumerate(pf.plans[player])]
    if any(d != 0 and not d.free_symbols for d in diffs):
        raise FamilyCertificateError(f"an optimal strategy of player {player} is not in the derived family")
    eqs = [d for d in diffs if d.free_symbols]
    if eqs and not sp.linsolve(eqs, list(fam.parameters)):
        raise FamilyCertificateError(f"an optimal strategy of player {player} is not in the derived family")


def _to_qq(value: sp.Expr):
    value = sp.Rational(value)
    return QQ(int(value.p), int(value.q))
