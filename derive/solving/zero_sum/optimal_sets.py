"""Each player's whole optimal set in a two-player constant-sum game, as an affine family over a polytope.

Given the sequences some optimal strategy uses (found by the LPs of
:mod:`derive.solving.zero_sum.sequence_form_lp`), a realization plan is optimal exactly when it uses
only those, keeps the opponent indifferent among the actions some optimal strategy of his uses, and
leaves him no profitable deviation (LP duality; Goldman & Tucker 1956).  These conditions are
solved with sympy in the free realization-plan variables; their range is an exact polytope
(:func:`derive.solving.families.polytope.polytope`, cddlib) whose every vertex is certified by its
exact best-response value.  :meth:`OptimalSet.reparametrized` rewrites a set in parameters the user
names.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass

import sympy as sp
from sympy.polys.domains import QQ

from derive.extensive_form.build import exact_value
from derive.extensive_form.game import NotSupportedError
from derive.sequence_form.general import GameSequenceForm
from derive.solving.families.polytope import MAX_VERTICES, bound_constraint, normalised, polytope, slack
from derive.solving.linear_program import ExactLPError, LinearProgram, exact_lp
from derive.solving.lp import row_times
from derive.solving.zero_sum.best_response import best_response_values

__all__ = ["MAX_CONTINUATIONS", "OptimalSet", "optimal_set"]

#: Largest number of pure continuations enumerated for one unused action (condition 3).
MAX_CONTINUATIONS = 20_000


@dataclass(frozen=True)
class OptimalSet:
    """All optimal realization plans of one player, as an affine family over a polytope.

    Attributes
    ----------
    player : int
    parameters : tuple of sympy.Symbol
        Free realization-plan variables that parametrise the set (empty if unique).
    plan : dict
        ``sequence label -> realization probability``, affine in ``parameters`` (``"∅" -> 1``).
    conditions : tuple of sympy.Eq
        The indifference equations that were solved (condition 2), in plan variables and the
        opponent's values ``v_J``.
    condition_labels : tuple of str
        For each condition, in words: whose information set and which used action it equates.
    constraints : tuple of sympy relationals
        Irredundant inequalities in ``parameters`` that define the range.
    vertices : tuple of dict
        Exact vertices ``{parameter: Rational}``; the set is their convex hull.
    usable : tuple of str
        Labels of the sequences some optimal plan uses (``S_p``).
    certificate : str
        What was certified exactly about the set.
    admissible : AdmissibleMembers or None
        Which members are admissible (not weakly dominated), see :mod:`derive.solving.refinements.admissible`.
    named : tuple of (sympy.Symbol, str)
        Parameters the user named (:meth:`reparametrized`) and the sequence each is the realization
        probability of, e.g. ``((alpha, "Q:bet"),)``; empty otherwise.
    """

    player: int
    parameters: tuple[sp.Symbol, ...]
    plan: dict[str, sp.Expr]
    conditions: tuple[sp.Eq, ...]
    condition_labels: tuple[str, ...]
    constraints: tuple[sp.Basic, ...]
    vertices: tuple[dict[sp.Symbol, sp.Rational], ...]
    usable: tuple[str, ...]
    certificate: str = ""
    admissible: object = None
    named: tuple[tuple[sp.Symbol, str], ...] = ()

    @property
    def vertices_enumerated(self) -> bool:
        """Whether :attr:`vertices` lists every vertex (False when there were more than MAX_VERTICES)."""
        return bool(self.vertices) or not self.parameters

    @property
    def dimension(self) -> int:
        """Dimension of the set (0 if the optimal plan is unique)."""
        return len(self.parameters)

    def at(self, point: dict[sp.Symbol, sp.Expr]) -> dict[str, sp.Expr]:
        """The realization plan at a point of the parameter range."""
        return {k: sp.sympify(v).subs(point) for k, v in self.plan.items()}

    def vertex_plans(self) -> list[dict[str, sp.Rational]]:
        """The realization plans at the vertices (the extreme optimal plans)."""
        return [self.at(v) for v in self.vertices]

    def parameters_of(self, plan: dict[str, object]) -> dict[sp.Symbol, sp.Rational] | None:
        """The parameter values at which the set plays the realization plan ``plan``, or ``None``.

        ``plan`` maps sequence labels to exact probabilities (missing labels count as 0).  ``None``
        means ``plan`` is not an optimal plan of this player.

        Raises
        ------
        GameModelError
            If a probability is a float or not a number (membership is decided exactly).
        """
        unknown = set(plan) - set(self.plan)
        if unknown:
            raise KeyError(f"no sequence {sorted(unknown)[0]!r} of player {self.player}")
        given = {k: exact_value(v, f"realization probability of {k!r}") for k, v in plan.items()}
        diffs = [
            sp.expand(v - given.get(k, sp.S.One if k == "∅" else sp.S.Zero)) for k, v in self.plan.items()
        ]
        if any(d != 0 and not d.free_symbols for d in diffs):
            return None
        equations = [d for d in diffs if d.free_symbols]
        point: dict[sp.Symbol, sp.Rational] = {}
        if equations:
            solutions = sp.linsolve(equations, list(self.parameters))
            if not solutions:
                return None
            (values,) = solutions
            if any(sp.sympify(v).free_symbols for v in values):
                return None
            point = dict(zip(self.parameters, values))
        for c in self.constraints:
            if not bool(c.subs(point)):
                return None
        return point

    def reparametrized(self, names: Mapping[object, str]) -> OptimalSet:
        """The same set written in parameters the user names, each the realization of one sequence.

        Parameters
        ----------
        names : mapping
            ``new parameter (sympy.Symbol or its name) -> sequence label`` (e.g. ``{"alpha":
            "Q:bet"}``: α is the probability that the player's own moves follow ``Q:bet``; for a
            plan's last sequence in one-card poker, the thesis's plan probability).  Each new
            parameter replaces one free parameter whose coefficient in that sequence's realization
            is not zero; plan, range and vertices are rewritten by that exact affine change of
            variables, so the set is the same.  The conditions stay the equations that were solved,
            in plan variables; :attr:`named` records what each new parameter stands for.

        Returns
        -------
        OptimalSet

        Raises
        ------
        KeyError
            If a label is no sequence of the player (naming it).
        ValueError
            If a sequence's realization is the same in the whole set (naming it and its value),
            or a name is already a parameter or repeats.

        Examples
        --------
        Kuhn poker typed as a general game: Kuhn's α (Kuhn 1950, p. 101) is the probability that the
        opener bets with Q.

        >>> from derive.games.one_card import kuhn_poker, to_extensive_form
        >>> from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum
        >>> s = solve_zero_sum(to_extensive_form(kuhn_poker()), all_optimal=True).optimal_sets[0]
        >>> a = s.reparametrized({"alpha": "Q:bet"})
        >>> a.parameters, a.plan["A:bet"], a.constraints, a.vertices
        ((alpha,), 3*alpha, (alpha >= 0, alpha <= 1/3), ({alpha: 1/3}, {alpha: 0}))
        """
        out = self
        for name, label in names.items():
            out = out._renamed_one(sp.Symbol(name) if isinstance(name, str) else name, label)
        return out

    def _renamed_one(self, new: sp.Symbol, label: str) -> OptimalSet:
        from dataclasses import replace

        if label not in self.plan:
            raise KeyError(f"no sequence {label!r} of player {self.player}")
        if new in self.parameters or new.name in {str(p) for p in self.parameters}:
            raise ValueError(f"{new} is already a parameter of the set")
        e = sp.expand(sp.sympify(self.plan[label]))
        old = next((p for p in self.parameters if e.coeff(p) != 0), None)
        if old is None:
            raise ValueError(
                f"the realization of {label!r} is {e} in the whole set: it cannot be a parameter"
            )
        solved = sp.expand((new - (e - e.coeff(old) * old)) / e.coeff(old))
        sub = {old: solved}

        parameters = tuple(new if p == old else p for p in self.parameters)

        def rewrite_bound(rel):  # in the form the solver writes: one parameter as a bound, else ">= 0"
            e = normalised(slack(rel).subs(sub), parameters)
            used = [p for p in parameters if e.coeff(p) != 0]
            return bound_constraint(e, used[0]) if len(used) == 1 else sp.Ge(e, 0)

        vertices = tuple(
            {(new if p == old else p): (e.subs(v) if p == old else v[p]) for p in self.parameters}
            for v in self.vertices
        )
        return replace(
            self,
            parameters=parameters,
            plan={k: sp.expand(sp.sympify(v).subs(sub)) for k, v in self.plan.items()},
            constraints=tuple(rewrite_bound(c) for c in self.constraints),
            vertices=vertices,
            named=(*self.named, (new, label)),
        )

    def contains(self, plan: dict[str, object]) -> bool:
        """Whether the realization plan ``plan`` is optimal (lies in this set), decided exactly."""
        return self.parameters_of(plan) is not None


def _classified(sf, mats, oset: OptimalSet) -> OptimalSet:
    """``oset`` with its admissible members decided (:func:`derive.solving.refinements.admissible.classify_members`)."""
    from dataclasses import replace

    # here, not at the top: derive's start-up (derive --help, derive solve kuhn) never classifies members
    from derive.solving.refinements.admissible import classify_members, sequence_form_polytopes

    p = oset.player
    position = {sf.label(p, k): k for k in range(sf.shape[p])}
    members = classify_members(
        p,
        oset.plan,
        oset.constraints,
        oset.vertices,
        oset.parameters,
        sequence_form_polytopes(sf, mats, p),
        position,
    )
    return replace(oset, admissible=members)


# --------------------------------------------------------------------------- optimal sets


def _extreme_points(constraints, params) -> list[dict[sp.Symbol, sp.Rational]]:
    """Points of ``{constraints}`` maximising and minimising each parameter, by exact LPs (HiGHS, then exact)."""
    n = len(params)
    prog = LinearProgram(n, [], [], [], set(range(n)))
    for c in constraints:
        e = slack(c)
        row = {k: QQ.from_sympy(e.coeff(p)) for k, p in enumerate(params) if e.coeff(p) != 0}
        constant = QQ.from_sympy(sp.expand(e).subs({p: 0 for p in params}))
        prog.add_row(row, -constant, None)
    points: dict[tuple, None] = {}
    for k in range(n):
        for sense in (True, False):
            z = exact_lp(prog, {k: QQ(1)}, maximize=sense)
            points[tuple(z)] = None
    return [{p: QQ.to_sympy(v) for p, v in zip(params, z)} for z in points]


def _continuations(sf: GameSequenceForm, player: int, seq: int) -> list[tuple[int, ...]]:
    """Pure continuations of ``player`` after his sequence ``seq``: one action at each information set reached."""
    options: list[list[tuple[int, ...]]] = []
    for info_index in sf.children(player, seq):
        info = sf.game.infosets[info_index]
        here: list[tuple[int, ...]] = []
        for a in range(len(info.actions)):
            k = sf.index[player][(info_index, a)]
            for rest in _continuations(sf, player, k):
                here.append((k, *rest))
                if len(here) > MAX_CONTINUATIONS:
                    raise NotSupportedError("too many pure continuations to enumerate the optimal set")
        options.append(here)
    out = [tuple(itertools.chain.from_iterable(combo)) for combo in itertools.product(*options)]
    if len(out) > MAX_CONTINUATIONS:
        raise NotSupportedError("too many pure continuations to enumerate the optimal set")
    return out


def optimal_set(sf, mats, player, usable, value, limit=None, doing=None) -> OptimalSet:
    """The whole optimal set of ``player`` (see the module docstring), with its admissible members.

    ``sf`` is the game's sequence form, ``mats`` each player's payoff matrix (rows his sequences,
    exact ``QQ``), ``usable`` the sequences some optimal strategy uses (per player), ``value`` what
    ``player`` secures; ``limit`` (a :class:`~derive.solving.limits.TimeLimit`) bounds the vertex
    enumeration and ``doing`` (a one-item list) is told what is under way.
    """
    return _classified(sf, mats, _derived_set(sf, mats, player, usable, value, limit, doing))


def _derived_set(sf, mats, player, usable, value, limit, doing) -> OptimalSet:
    other = 1 - player
    game = sf.game
    xs = sf.plan_symbols(player)
    used = set(usable[player])
    used_other = set(usable[other])
    plan = {k: (xs[k] if k in used else sp.S.Zero) for k in range(sf.shape[player])}
    # (M^T x)_j as expressions in this player's plan variables
    column: dict[int, sp.Expr] = {}
    for i, row in mats[player].items():
        for j, v in row.items():
            column[j] = column.get(j, sp.S.Zero) + QQ.to_sympy(v) * plan[i]
    reached = [info for info in game.infosets_of(other) if sf.parent[info.index] in used_other]
    vsym = {info.index: sp.Symbol(f"v_{{{info.label}}}") for info in reached}
    v_root = sp.Symbol("v_{∅}")

    def after(j: int) -> sp.Expr:
        return sp.Add(*(vsym[k] for k in sf.children(other, j) if k in vsym))

    equations = []
    e_rows, e_rhs = sf.constraints(player)
    for r, row in e_rows.items():
        lhs = sp.Add(*(c * plan[k] for k, c in row.items()))
        if lhs != e_rhs[r]:
            equations.append(sp.Eq(lhs, e_rhs[r]))
    conditions = [sp.Eq(v_root, column.get(0, sp.S.Zero) + after(0)), sp.Eq(v_root, QQ.to_sympy(value))]
    me, them = game.players[player], game.players[other]
    labels = [f"what {me} secures from the start (v_∅)", f"the game value to {me}"]
    for info in reached:
        for a in range(len(info.actions)):
            j = sf.index[other][(info.index, a)]
            if j in used_other:
                conditions.append(sp.Eq(vsym[info.index], column.get(j, sp.S.Zero) + after(j)))
                labels.append(
                    f"{them} uses {info.actions[a]!r} at {info.label!r}, so it leaves {me} exactly v_J, "
                    f"the least {them} can hold {me} to there"
                )
    # the values v_J first, so that elimination expresses them by plan variables
    unknowns = [v_root, *vsym.values()] + [xs[k] for k in sorted(used)]
    solutions = sp.linsolve(equations + conditions, unknowns)
    if not solutions:
        raise ExactLPError(f"the indifference equations of {game.players[player]} have no solution")
    (solution,) = solutions
    values = dict(zip(unknowns, solution))
    free = sorted(set().union(*(sp.sympify(v).free_symbols for v in solution)) & set(unknowns), key=str)
    if any(s in vsym.values() or s == v_root for s in free):
        raise ExactLPError("an opponent value is not determined by the plan (a bug)")

    def final(expr: sp.Expr) -> sp.Expr:
        return sp.expand(sp.sympify(expr).subs(values))

    raw = [final(xs[k]) for k in sorted(used)]
    # condition 3: unused actions at reached information sets, with every pure continuation
    sign = 1  # the opponent minimises x^T M y: a deviation must not pay less than v_J
    for info in reached:
        for a in range(len(info.actions)):
            j = sf.index[other][(info.index, a)]
            if j in used_other:
                continue
            for cont in _continuations(sf, other, j):
                pay = column.get(j, sp.S.Zero) + sp.Add(*(column.get(s, sp.S.Zero) for s in cont))
                raw.append(sign * final(pay - vsym[info.index]))
    params = tuple(free)
    if doing is not None:
        doing[0] = (
            f"enumerating the vertices of {game.players[player]!r}'s optimal set (dimension {len(params)})"
        )
    constraints, vertices = polytope(raw, params, limit)
    checked = list(vertices)
    if params and not vertices:  # too many vertices: check extreme points found by exact LPs instead
        checked = _extreme_points(constraints, params)
        note = (
            f"the vertices were not listed (dimension {len(params)}, more than {MAX_VERTICES:,} of them); "
            f"the set is exact by the support theorem, and {len(checked)} of its extreme points, found by "
            "exact LPs along each parameter, were certified optimal"
        )
    else:
        note = "every vertex certified optimal: its exact best-response value equals the game value"
    result = OptimalSet(
        player=player,
        parameters=params,
        plan={sf.label(player, k): final(plan[k]) if k else sp.S.One for k in range(sf.shape[player])},
        conditions=tuple(conditions),
        condition_labels=tuple(labels),
        constraints=tuple(constraints),
        vertices=tuple(vertices),
        usable=tuple(sf.label(player, k) for k in sorted(used)),
        certificate=note,
    )
    # certificate: every vertex (or LP extreme point) is an optimal plan (best-response value = game value)
    for point in checked:
        x = [
            QQ.from_sympy(sp.Rational(final(plan[k]).subs(point))) if k else QQ(1)
            for k in range(sf.shape[player])
        ]
        br, _, _ = best_response_values(sf, other, row_times(mats[player], x), maximize=False)
        if br != value:
            raise ExactLPError(f"vertex {point} of {game.players[player]}'s set has best-response value {br}")
    return result
