"""Which optimal strategies are admissible (not weakly dominated), with exact certificates.

A strategy is *weakly dominated* if another strategy of the same player earns at least as much
against every strategy of the opponent and strictly more against some; it is *admissible*
otherwise.  In a two-player game a Nash equilibrium is (normal-form) perfect exactly when both
strategies are admissible (van Damme 1991, Theorem 3.2.2), and quasi-perfect equilibria are
normal-form perfect (van Damme 1984), so a member of an optimal family that is weakly dominated
is neither perfect nor quasi-perfect: it relies on the opponent never making a mistake.

Both questions are linear programs in the strategy polytopes ``X = {E x = e, x >= 0}`` (own)
and ``Y = {F y = f, y >= 0}`` (opponent), with ``M`` the player's payoff matrix.  This covers the
sequence form (realization plans) and the plan form of one-card poker alike.

* ``x`` is dominated iff  ``max (x' - x)^T M y0``  over ``x' in X`` and ``q`` with
  ``F^T q <= M^T (x' - x)``, ``f^T q >= 0`` is positive, ``y0`` being any completely mixed
  ``y``: the constraints say ``min_(y in Y) (x' - x)^T M y = max {f^T q : F^T q <= M^T (x' - x)} >= 0``
  (LP duality), and then positivity at ``y0`` means "strictly better somewhere".  The exact
  ``(x', q)`` is the certificate.
* ``x`` is admissible iff it is a best reply to a completely mixed ``y`` (for two players this
  is the classical characterisation; Pearce 1984, Lemma 4): ``max t`` over ``y in Y`` with
  ``y >= t`` and ``p`` with ``E^T p >= M y``, ``x^T M y >= e^T p`` is positive.  The exact ``y``
  is the certificate.

Over a convex family of optimal strategies, admissibility is decided face by face: if a point in
the relative interior of a face is a best reply to a completely mixed ``y``, so is the whole face
(the best replies to ``y`` form a face of ``X``).  :func:`admissible_faces` checks the relative
interior of the family, then of its facets, and so on down, and returns the maximal admissible
faces.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp
from sympy.polys.domains import QQ

from derive.sequence_form.plans import game_of, game_plan_form
from derive.solving.families.polytope import slack
from derive.solving.linear_program import ExactLPError, LinearProgram, exact_lp
from derive.solving.lp import transpose, transpose_negated

__all__ = [
    "AdmissibleMembers",
    "Dominance",
    "Face",
    "StrategyPolytopes",
    "admissible_faces",
    "classify_family",
    "classify_members",
    "dominance_check",
    "plan_form_polytopes",
    "sequence_form_polytopes",
]

Matrix = dict[int, dict[int, object]]


@dataclass(frozen=True)
class StrategyPolytopes:
    """One player's payoff and both strategy polytopes, exact.

    Attributes
    ----------
    payoff : dict
        ``M`` as ``{own index: {opponent index: QQ}}``: the player's own payoff is ``x^T M y``.
    own, opponent : (dict, list)
        ``(E, e)`` and ``(F, f)``: sparse rows ``{row: {index: coefficient}}`` and right-hand sides.
    shape : (int, int)
        Number of own and opponent coordinates.
    interior : list
        A completely mixed opponent strategy ``y0`` (every coordinate positive), exact.
    """

    payoff: Matrix
    own: tuple[Matrix, list]
    opponent: tuple[Matrix, list]
    shape: tuple[int, int]
    interior: list


@dataclass(frozen=True)
class Dominance:
    """Whether a strategy is admissible, with the exact certificate.

    Attributes
    ----------
    admissible : bool
    dominator : list or None
        If dominated: a strategy ``x'`` that weakly dominates it (never worse, better against ``y0``).
    gain : QQ
        ``(x' - x)^T M y0`` (0 when admissible).
    belief : list or None
        If admissible: a completely mixed opponent strategy against which it is a best reply.
    """

    admissible: bool
    dominator: list | None
    gain: object
    belief: list | None


def _qq(v) -> object:
    return v if not isinstance(v, sp.Basic) else QQ.from_sympy(v)


def dominance_check(sp_: StrategyPolytopes, x: list) -> Dominance:
    """Decide exactly whether the strategy ``x`` (a point of ``X``) is weakly dominated.

    Raises
    ------
    ExactLPError
        If neither certificate could be produced (not observed; reported, never guessed).
    """
    x = [_qq(v) for v in x]
    n, m = sp_.shape
    M = sp_.payoff
    E, e = sp_.own
    F, f = sp_.opponent
    nq = len(F)
    # 1. the best dominator: columns x' (n, >= 0) then q (free)
    prog = LinearProgram(n + nq, [], [], [], set(range(n, n + nq)))
    for r, row in E.items():
        prog.add_row({k: QQ(v) for k, v in row.items()}, QQ(e[r]), QQ(e[r]))
    mt = transpose(M)
    ft: dict[int, dict[int, object]] = {}
    for r, row in F.items():
        for j, v in row.items():
            ft.setdefault(j, {})[n + r] = QQ(v)
    for j in range(m):
        line = dict(ft.get(j, {}))
        for i, v in mt.get(j, {}).items():
            line[i] = line.get(i, QQ(0)) - v
        rhs = -sum((v * x[i] for i, v in mt.get(j, {}).items()), QQ(0))
        prog.add_row(line, None, rhs)
    prog.add_row({n + r: QQ(f[r]) for r in F if f[r]}, QQ(0), None)
    My0 = {i: sum((v * sp_.interior[j] for j, v in row.items()), QQ(0)) for i, row in M.items()}
    cost = {i: v for i, v in My0.items() if v}
    z = exact_lp(prog, cost)
    gain = sum((My0.get(i, QQ(0)) * (z[i] - x[i]) for i in range(n)), QQ(0))
    if gain > 0:
        return Dominance(False, z[:n], gain, None)
    # 2. a completely mixed belief against which x is a best reply: columns y (m), p (free), t
    nE = len(E)
    t = m + nE
    prog = LinearProgram(m + nE + 1, [], [], [], set(range(m, m + nE)))
    for r, row in F.items():
        prog.add_row({j: QQ(v) for j, v in row.items()}, QQ(f[r]), QQ(f[r]))
    for j in range(m):
        prog.add_row({j: QQ(1), t: QQ(-1)}, QQ(0), None)
    prog.add_row({t: QQ(1)}, None, QQ(1))
    et: dict[int, dict[int, object]] = {}
    for r, row in E.items():
        for i, v in row.items():
            et.setdefault(i, {})[m + r] = QQ(v)
    for i in range(n):
        line = dict(et.get(i, {}))
        for j, v in M.get(i, {}).items():
            line[j] = line.get(j, QQ(0)) - v
        prog.add_row(line, QQ(0), None)
    xm: dict[int, object] = {}
    for i, row in M.items():
        for j, v in row.items():
            xm[j] = xm.get(j, QQ(0)) + x[i] * v
    line = {j: v for j, v in xm.items() if v}
    for r in E:
        if e[r]:
            line[m + r] = line.get(m + r, QQ(0)) - QQ(e[r])
    prog.add_row(line, QQ(0), None)
    w = exact_lp(prog, {t: QQ(1)})
    if w[t] > 0:
        return Dominance(True, None, QQ(0), w[:m])
    raise ExactLPError("could not certify whether the strategy is weakly dominated")


@dataclass(frozen=True)
class Face:
    """A face of a family's parameter polytope.

    Attributes
    ----------
    tight : tuple of int
        Indices of the family's constraints held with equality on the face.
    vertices : tuple of int
        Indices of the family's vertices on the face.
    dimension : int
    """

    tight: tuple[int, ...]
    vertices: tuple[int, ...]
    dimension: int


def _affine_dimension(points: list[dict], params) -> int:
    if not points:
        return -1
    base = points[0]
    rows = [[p[s] - base[s] for s in params] for p in points[1:]]
    return sp.Matrix(rows).rank() if rows else 0


def admissible_faces(slacks: list[sp.Expr], vertices: list[dict], params, is_admissible) -> list[Face]:
    """The maximal faces of the polytope ``{slacks >= 0}`` (given with all its vertices) whose points are admissible.

    ``is_admissible(point)`` decides one point (a dict ``parameter -> Rational``) exactly.

    A face is admissible when a point of its relative interior (the average of its vertices) is: a
    best reply to a completely mixed strategy there makes the whole closed face one.  So an admissible
    face has only admissible vertices, and the search runs over the faces *spanned by admissible
    vertices*: first every vertex is decided, then the smallest face containing all admissible
    vertices, then those containing one fewer, and so on, skipping faces with a dominated vertex or
    inside one already found.  ``is_admissible`` may stop the search by raising (the caller's cap).

    Returns
    -------
    list of Face
        Empty when no member is admissible; ``[the whole polytope]`` when all are.
    """
    tight_at = [frozenset(k for k, s in enumerate(slacks) if sp.expand(s.subs(v)) == 0) for v in vertices]
    every = frozenset(range(len(slacks)))

    def centre(vs) -> dict:
        return {s: sum((vertices[k][s] for k in vs), sp.S.Zero) / len(vs) for s in params}

    def closure(vs: frozenset) -> frozenset:
        """The vertices of the smallest face containing ``vs``."""
        common = frozenset.intersection(every, *(tight_at[k] for k in vs))
        return frozenset(k for k in range(len(vertices)) if common <= tight_at[k])

    good = frozenset(k for k in range(len(vertices)) if is_admissible(centre([k])))
    found: list[frozenset] = []
    seen: set[frozenset] = set()
    queue = [good] if good else []
    while queue:
        queue.sort(key=len, reverse=True)
        span = queue.pop(0)
        face = closure(span)
        if face in seen or any(face <= f for f in found):
            continue
        seen.add(face)
        if len(face) == 1 or (face <= good and is_admissible(centre(sorted(face)))):
            found.append(face)
            continue
        for k in span:
            if len(span) > 1:
                queue.append(span - {k})
    out = []
    for face in found:
        if any(face < g for g in found):
            continue
        tight = frozenset.intersection(every, *(tight_at[k] for k in face))
        out.append(
            Face(
                tuple(sorted(tight)),
                tuple(sorted(face)),
                _affine_dimension([vertices[k] for k in sorted(face)], params),
            )
        )
    return sorted(out, key=lambda f: f.vertices)


def sequence_form_polytopes(sf, mats, player: int) -> StrategyPolytopes:
    """:class:`StrategyPolytopes` of ``player`` in the sequence form (realization plans).

    ``mats[p]`` is player ``p``'s own payoff matrix, rows his sequences (as in
    :func:`derive.solving.zero_sum.sequence_form_lp.solve_zero_sum`).  The completely mixed opponent strategy is
    the one that plays every action with equal probability.
    """
    other = 1 - player
    interior = [QQ(0)] * sf.shape[other]
    interior[0] = QQ(1)
    for k, seq in enumerate(sf.sequences[other]):  # parents come before their extensions
        if seq is not None:
            info = sf.game.infosets[seq[0]]
            interior[k] = interior[sf.parent[info.index]] / len(info.actions)
    return StrategyPolytopes(
        payoff=mats[player],
        own=sf.constraints(player),
        opponent=sf.constraints(other),
        shape=(sf.shape[player], sf.shape[other]),
        interior=interior,
    )


def plan_form_polytopes(pf, entries: Matrix, player: int) -> StrategyPolytopes:
    """:class:`StrategyPolytopes` of ``player`` in the plan form of one-card poker.

    ``entries`` is the opener's plan-form payoff ``P`` (``{row: {col: QQ}}``); each player's
    strategy is a distribution over the plans of each of his situations (``pf.groups``), and the
    completely mixed opponent strategy is uniform in each situation.
    """
    other = 1 - player
    M = entries if player == 0 else transpose_negated(entries)

    def simplices(groups):
        rows = {r: {i: 1 for i in g} for r, g in enumerate(groups)}
        return rows, [1] * len(groups)

    interior = [QQ(0)] * pf.shape[other]
    for g in pf.groups[other]:
        for j in g:
            interior[j] = QQ(1, len(g))
    return StrategyPolytopes(
        payoff=M,
        own=simplices(pf.groups[player]),
        opponent=simplices(pf.groups[other]),
        shape=(pf.shape[player], pf.shape[other]),
        interior=interior,
    )


#: Largest number of faces whose relative interior is checked in one family.
MAX_FACES = 400


@dataclass(frozen=True)
class AdmissibleMembers:
    """Which members of an optimal family are admissible, exactly.

    Attributes
    ----------
    player : int
    faces : tuple of Face
        The maximal faces of the family's parameter polytope made of admissible strategies (the
        admissible members are their union); one face that is the whole polytope when every member
        is admissible.
    equations : tuple of tuple of sympy.Eq
        For each face, the family's constraints that hold with equality on it.
    only_dominated : tuple of str
        Plans (or sequences) that some optimal strategy plays but no admissible optimal one: playing
        them is optimal against a perfect opponent and weakly dominated.
    checked : bool
        False when nothing was decided (see ``reason``).
    reason : str
        Why nothing was decided: the vertices were not listed, or too many faces to check.
    """

    player: int
    faces: tuple[Face, ...]
    equations: tuple[tuple[sp.Eq, ...], ...]
    only_dominated: tuple[str, ...]
    checked: bool = True
    reason: str = ""

    @property
    def all_admissible(self) -> bool:
        """Whether every member of the family is admissible."""
        return self.checked and len(self.faces) == 1 and not self.faces[0].tight and not self.only_dominated

    def describe(self, name: str, fmt=str) -> str:
        """One sentence in words, e.g. for ``name = "the dealer"``; ``fmt`` prints an expression."""
        if not self.checked:
            return f"admissibility of {name}'s optimal strategies not decided ({self.reason})"
        if self.all_admissible:
            return (
                f"every optimal strategy of {name} is admissible (not weakly dominated), so each is part of a "
                "normal-form perfect equilibrium"
            )
        where = " or ".join(
            "(" + ", ".join(f"{fmt(eq.lhs)} = {fmt(eq.rhs)}" for eq in eqs) + ")" if eqs else "(anywhere)"
            for eqs in self.equations
        )
        if len(self.faces) == 1 and self.faces[0].dimension == 0:
            text = f"{name}'s only admissible optimal strategy is the one with {where}"
        else:
            text = f"{name}'s admissible optimal strategies are those with {where}"
        text += "; every other one is weakly dominated"
        if self.only_dominated:
            verb = "is" if len(self.only_dominated) == 1 else "are"
            text += f": {', '.join(self.only_dominated)} {verb} played only by weakly dominated optimal strategies"
        return text


def _equation(expr: sp.Expr) -> sp.Eq:
    """``expr = 0`` written with the variables on the left, leading coefficient positive (``a + b = 1``)."""
    expr = sp.expand(expr)
    const = expr.as_coeff_Add()[0] if expr.as_coeff_Add()[0].is_Number else sp.S.Zero
    lhs = expr - const
    lead = lhs.as_ordered_terms()[0].as_coeff_Mul()[0] if lhs != 0 else 1
    if lead < 0:
        lhs, const = -lhs, -const
    return sp.Eq(lhs, -const, evaluate=False)


def classify_members(
    player: int,
    plan: dict,
    constraints,
    vertices,
    params,
    polytopes: StrategyPolytopes,
    position: dict,
    label=str,
) -> AdmissibleMembers:
    """Decide which members of an affine family of strategies are admissible.

    Parameters
    ----------
    plan : dict
        ``key -> expression affine in params`` (a realization plan or plan probabilities).
    constraints, vertices, params
        The family's parameter polytope (sympy relationals, vertex dicts, symbols).
    position : dict
        ``key -> coordinate`` in ``polytopes`` (keys missing from it must be 0 or the empty sequence).
    label : callable
        How a key is named in :attr:`AdmissibleMembers.only_dominated`.
    """
    if params and not vertices:
        return AdmissibleMembers(player, (), (), (), checked=False, reason="its vertices were not listed")
    visited = [0]

    def strategy(point) -> list:
        x = [QQ(0)] * polytopes.shape[0]
        for key, expr in plan.items():
            if key in position:
                x[position[key]] = QQ.from_sympy(sp.Rational(sp.sympify(expr).subs(point)))
        return x

    def is_admissible(point) -> bool:
        visited[0] += 1
        if visited[0] > MAX_FACES:
            raise _TooMany
        return dominance_check(polytopes, strategy(point)).admissible

    slacks = [slack(c) for c in constraints]
    try:
        faces = admissible_faces(slacks, list(vertices) or [{}], params, is_admissible)
    except _TooMany:
        return AdmissibleMembers(
            player, (), (), (), checked=False, reason=f"more than {MAX_FACES} faces and vertices to check"
        )
    # a face is written by its tight constraints; a single vertex by its coordinates
    equations = tuple(
        tuple(sp.Eq(q, vertices[f.vertices[0]][q], evaluate=False) for q in params)
        if f.dimension == 0 and vertices
        else tuple(_equation(slacks[k]) for k in f.tight)
        for f in faces
    )
    on_faces = [vertices[k] if vertices else {} for f in faces for k in f.vertices]
    only = tuple(
        label(key)
        for key, expr in plan.items()
        if key in position
        and any(sp.sympify(expr).subs(v) != 0 for v in (vertices or [{}]))
        and all(sp.sympify(expr).subs(v) == 0 for v in on_faces)
    )
    return AdmissibleMembers(player, tuple(faces), equations, only)


class _TooMany(Exception):
    pass


def classify_family(game, family) -> AdmissibleMembers:
    """Which members of a one-card optimal family (:class:`derive.solving.families.optimal_families.OptimalFamily`) are admissible.

    Dominance is judged in the full plan form of ``game`` (all plans allowed), so a member of a
    family derived after removing plans is compared with every strategy of the game.
    """
    pf = game_plan_form(game_of(game))
    polytopes = plan_form_polytopes(pf, pf.numeric_matrix(0), family.player)
    position = {plan: k for k, plan in enumerate(pf.plans[family.player])}
    members = classify_members(
        family.player,
        family.plans,
        family.constraints,
        family.vertices,
        family.parameters,
        polytopes,
        position,
        label=lambda plan: plan.label,
    )
    # anonymous parameters (t_1, u_2 ...) that are themselves a plan's probability get the plan's name
    named = {n for n in family.named}
    rename = {}
    for plan, expr in family.plans.items():
        if expr in family.parameters and expr not in named and expr not in rename:
            rename[expr] = sp.Symbol(f"p_{{{plan.label}}}")
    if not rename:
        return members
    from dataclasses import replace

    equations = tuple(
        tuple(sp.Eq(e.lhs.subs(rename), e.rhs, evaluate=False) for e in eqs) for eqs in members.equations
    )
    return replace(members, equations=equations)
