"""Quasi-perfect equilibria of two-player constant-sum games, exactly: the limit of a perturbed LP.

The sequence-form LP of :mod:`derive.solving.zero_sum.sequence_form_lp` is indifferent to what a strategy does
where the opponent's optimal play never goes, so the vertex a simplex solver returns may fold
the best hand there.  Miltersen & Sørensen (2006, eqs. (2.4)-(2.5)) perturb the sequence form:
every sequence ``sigma`` of either player must be played with realization probability at least

    l_sigma(ε) = ε^|sigma|        (|sigma| = the number of the player's own moves in it),

so every information set is reached, with a probability of known order in ε.  Player ``p``'s
maximin problem over these perturbed plans, against perturbed plans of the opponent, is again
an LP.  Substituting ``x = l(ε) + x'`` with ``x' >= 0`` (and dualising the opponent's
problem, whose lower bounds move into the objective) gives

    maximise   x'^T M l_o(ε) + (f - F l_o(ε))^T q
    subject to E x' = e - E l(ε),    F^T q - M^T x' <= M^T l(ε),    x' >= 0,    q free,

where ``M`` is player ``p``'s own payoff matrix (rows his sequences) and ``F y = f`` are the
opponent's sequence constraints.  **ε appears only in the right-hand sides and the costs**, so
for a fixed basis ``B`` the basic solution ``B^-1 b(ε)``, the duals and the reduced costs are
polynomials in ε.  The basis is optimal for *every* sufficiently small ε > 0 exactly when the
lowest-order nonzero coefficient of each of those polynomials has the right sign (Farina,
Gatti & Sandholm 2018, "Practical exact algorithm for trembling-hand equilibrium refinements
in games", the basis-stability test).  The candidate basis comes from HiGHS at a small
rational ε₀; the test itself is exact (rationals), and ε₀ is decreased until it passes.

The perturbed optimal plan ``x(ε)`` is then a polynomial in ε, valid on an interval
``0 < ε < ε̄``.  Its limit ``x(0)`` is an optimal plan of the unperturbed game, and the
behaviour strategy is the limit of the perturbed one,

    β(a | I) = lim_{ε→0} x_(σ(I),a)(ε) / x_σ(I)(ε)
             = (coefficient of ε^k in x_(σ(I),a)) / (coefficient of ε^k in x_σ(I)),

``k`` being the order of ``x_σ(I)`` -- defined at *every* information set, also where the
limit plan is 0.  By Miltersen & Sørensen (2010, Lemma 1) the limit of these perturbed
equilibria is a **quasi-perfect equilibrium** (van Damme 1984): at every information set,
each player's choice is a best reply to the opponent's small mistakes, given his own optimal
play later.  Quasi-perfect equilibria are normal-form perfect, so in a two-player game neither
strategy is weakly dominated; in poker this means nobody folds the best hand or calls with the
worst one, on or off the path of play.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

import sympy as sp
from sympy.polys.domains import QQ

from derive.sequence_form.general import GameSequenceForm
from derive.solving.linear_program import ExactLPError
from derive.solving.lp import transpose
from derive.solving.refinements.epsilon_lp import (
    EPSILON,
    TRIAL_EPSILONS,
    ParametricLP,
    PivotBudget,
    PivotBudgetError,
    Poly,
    StandardForm,
    search_basis,
    to_expr,
)

#: Most sequences (both players') on which the refinement is attempted: beyond, the exact search in
#: polynomials of ε costs many times the plain solve (Liar's Dice with six faces: 49,000 sequences).
MAX_SEQUENCES = 6_000

#: Most exact steps (checks and pivots, :class:`~derive.solving.refinements.exact_simplex.PivotBudget`) per
#: player; Leduc hold'em takes about 25, one-card poker with 52 cards and 6 bets about 6.
MAX_STEPS = 40

__all__ = [
    "EPSILON",
    "MAX_SEQUENCES",
    "MAX_STEPS",
    "PerturbedPlan",
    "PlanPolynomials",
    "perturbed_plans",
    "sequence_lengths",
]


@dataclass(frozen=True)
class PerturbedPlan:
    """One player's optimal plan in the perturbed game, as a polynomial in ε, and its limit.

    Attributes
    ----------
    player : int
    lower_bounds : dict
        ``sequence label -> ε**length``, the perturbation (``"∅" -> 1``).
    plan : Mapping
        ``sequence label -> polynomial in EPSILON`` (:class:`PlanPolynomials`): an optimal perturbed realization plan,
        the same basic solution for every ``0 < ε < ε̄`` (exact).
    limit : dict
        ``sequence label -> Rational``: the plan at ε = 0, optimal in the unperturbed game.
    behaviour : dict
        ``information-set label -> {action: Rational}``: the limit of the perturbed behaviour
        strategy, defined at every information set.
    order : dict
        ``information-set label -> k``: the player's own play reaches the set with probability of
        exact order ``ε**k`` (0: reached by the limit plan itself).
    parent : dict
        ``information-set label -> label of its parent sequence`` (``"∅"`` at the player's first move).
    epsilon0 : Rational or None
        The ε₀ at which HiGHS proposed the basis the exact search started from (None: a crash basis).
    steps : int
        The exact steps the search took: checks of HiGHS's bases and exact simplex pivots (each
        about one exact solve of the basis).
    largest_block : int
        The most unknowns of one dense block of a basis the search solved
        (:class:`~derive.solving.exact_solve.ExactFactor`): with ``steps`` and ``degree``, what the refinement
        cost (each step solves for ``degree + 1`` coefficients of ε where the plain LP solves once, in Q).
    degree : int
        The degree in ε of the perturbed LP (the longest sequence).
    """

    player: int
    lower_bounds: dict[str, sp.Expr]
    plan: Mapping[str, sp.Expr]
    limit: dict[str, sp.Rational]
    behaviour: dict[str, dict[str, sp.Rational]]
    order: dict[str, int]
    epsilon0: sp.Rational | None
    parent: dict[str, str]
    steps: int = 0
    largest_block: int = 0
    degree: int = 0


class PlanPolynomials(Mapping):
    """``sequence label -> polynomial in EPSILON`` (sympy), each made from its exact coefficients
    when first read: a large game's plan has thousands of them, and only the LaTeX document reads them.

    Parameters
    ----------
    polys : dict
        ``label -> [QQ]``, the coefficients of each polynomial, lowest power first.
    """

    def __init__(self, polys: dict[str, list]) -> None:
        self._polys = polys
        self._made: dict[str, sp.Expr] = {}

    def __getitem__(self, label: str) -> sp.Expr:
        if label not in self._made:
            self._made[label] = to_expr(self._polys[label])
        return self._made[label]

    def __iter__(self) -> Iterator[str]:
        return iter(self._polys)

    def __len__(self) -> int:
        return len(self._polys)

    def __repr__(self) -> str:
        return repr(dict(self))


def sequence_lengths(sf: GameSequenceForm, player: int) -> list[int]:
    """Number of ``player``'s own moves in each of his sequences (0 for the empty sequence)."""
    out = [0] * sf.shape[player]
    for k, seq in enumerate(sf.sequences[player]):
        if seq is not None:
            out[k] = out[sf.parent[seq[0]]] + 1  # parents come before children
    return out


def _perturbed_program(sf, mats, player, lengths) -> ParametricLP:
    """The perturbed LP of ``player`` (module docstring); each lower bound ``ε^length`` is one power, so
    every polynomial is built by adding coefficients at those powers."""
    other = 1 - player
    n, no = sf.shape[player], sf.shape[other]
    degree = max(max(lengths[0]), max(lengths[1]))
    mine, theirs = lengths[player], lengths[other]  # sequence k is bounded below by ε^lengths[k] (k > 0)
    M = mats[player]
    e_rows, e_rhs = sf.constraints(player)
    f_rows, f_rhs = sf.constraints(other)
    nq = len(f_rows)
    lp = ParametricLP(n + nq, [], [], [], [], set(range(n, n + nq)))
    zero, one = QQ(0), QQ(1)

    def poly(constant, terms, powers) -> Poly:
        """``constant + sum of coefficient * ε^powers[k]`` over ``terms`` (``k -> coefficient``), skipping k = 0."""
        out = [zero] * (degree + 1)
        out[0] = constant
        for k, v in terms:
            if k:
                out[powers[k]] += v
        return out

    for r, row in e_rows.items():
        rhs = poly(one if e_rhs[r] else zero, ((k, -QQ(v)) for k, v in row.items()), mine)
        lp.rows.append({k: QQ(v) for k, v in row.items()})
        lp.lower.append(rhs)
        lp.upper.append(rhs)
    ft: dict[int, dict[int, object]] = {}
    for r, row in f_rows.items():
        for j, v in row.items():
            ft.setdefault(j, {})[n + r] = QQ(v)
    mt = transpose(M)
    for j in range(no):
        column = mt.get(j, {})
        line = dict(ft.get(j, {}))
        for i, v in column.items():
            line[i] = line[i] - v if i in line else -v
        lp.rows.append(line)
        lp.lower.append(None)
        lp.upper.append(poly(zero, column.items(), mine))
    for i in range(n):
        lp.cost.append(poly(zero, M.get(i, {}).items(), theirs))
    for r, row in f_rows.items():
        lp.cost.append(poly(one if f_rhs[r] else zero, ((j, -QQ(v)) for j, v in row.items()), theirs))
    return lp


def perturbed_plans(sf: GameSequenceForm, mats) -> tuple[PerturbedPlan, PerturbedPlan]:
    """Both players' optimal plans in the perturbed sequence form, exact in ε, and their limits.

    Parameters
    ----------
    sf : GameSequenceForm
        Of a two-player game with perfect recall.
    mats : (dict, dict)
        Each player's own payoff matrix, rows his sequences, as ``{row: {col: QQ}}`` (for a
        constant-sum game, player 1's is the transpose of his payoff matrix).

    Returns
    -------
    (PerturbedPlan, PerturbedPlan)

    Raises
    ------
    ExactLPError
        If no HiGHS basis at ε₀ in :data:`TRIAL_EPSILONS` is proved optimal for all small ε, if the
        search takes more than :data:`MAX_STEPS` exact steps for a player, or (not attempted) if
        the game has more than :data:`MAX_SEQUENCES` sequences; the message says which.

    References
    ----------
    Miltersen & Sørensen (2006), "Computing sequential equilibria for two-player games", SODA,
    eqs. (2.4)-(2.5); Miltersen & Sørensen (2010), "Computing a quasi-perfect equilibrium of a
    two-player game", Economic Theory 42, Lemma 1; Farina, Gatti & Sandholm (2018), NeurIPS.
    """
    total = sum(sf.shape)
    lengths = (sequence_lengths(sf, 0), sequence_lengths(sf, 1))
    degree = max(max(lengths[0]), max(lengths[1]))
    if total > MAX_SEQUENCES:
        raise ExactLPError(
            f"not attempted on {total:,} sequences (the limit is {MAX_SEQUENCES:,}): its exact search pivots "
            f"through bases of a perturbed LP in polynomials of degree {degree}, at many times the cost of "
            "the plain solve"
        )
    out = []
    for p in (0, 1):
        lp = _perturbed_program(sf, mats, p, lengths)
        n = sf.shape[p]
        standard = StandardForm(lp)  # cheap: its columns are built only if the search pivots
        budget = PivotBudget(MAX_STEPS)
        try:
            found = search_basis(lp, standard, budget)
        except PivotBudgetError:
            raise ExactLPError(
                f"{sf.players[p]}'s perturbed LP needed more than {MAX_STEPS} exact pivots and checks, the limit "
                f"(HiGHS's bases at small ε₀ are far from one optimal for all small ε in this LP of degree {degree}, "
                "and each exact step re-solves the basis)"
            ) from None
        if found is None:
            raise ExactLPError(
                f"no basis of {sf.players[p]}'s perturbed sequence-form LP was proved optimal "
                f"for all small ε (tried {len(TRIAL_EPSILONS)} values of ε₀ between 1/10 and 1/10^5)"
            )
        eps0, z = found
        plan_polys = []
        for k in range(n):
            poly = list(z[k])
            if k:
                poly[lengths[p][k]] += 1
            plan_polys.append(poly)
        out.append(_limit(sf, p, plan_polys, lengths[p], eps0, budget, degree))
    return out[0], out[1]


def _limit(sf, p, polys, lengths, eps0, budget, degree) -> PerturbedPlan:
    labels = [sf.label(p, k) for k in range(sf.shape[p])]
    behaviour: dict[str, dict[str, sp.Rational]] = {}
    order: dict[str, int] = {}
    for info in sf.infosets_of(p):
        parent = polys[sf.parent[info.index]]
        k = next((d for d, c in enumerate(parent) if c != 0), None)
        if k is None:  # cannot happen: the parent sequence has probability >= ε^length
            raise ExactLPError(f"the perturbed plan reaches {info.label!r} with probability 0")
        order[info.label] = k
        lead = parent[k]
        behaviour[info.label] = {
            a: QQ.to_sympy(polys[sf.index[p][(info.index, i)]][k] / lead) for i, a in enumerate(info.actions)
        }
    return PerturbedPlan(
        player=p,
        lower_bounds={lab: EPSILON ** lengths[k] if k else sp.S.One for k, lab in enumerate(labels)},
        plan=PlanPolynomials({lab: polys[k] for k, lab in enumerate(labels)}),
        limit={lab: QQ.to_sympy(polys[k][0]) for k, lab in enumerate(labels)},
        behaviour=behaviour,
        order=order,
        epsilon0=None if eps0 is None else QQ.to_sympy(eps0),
        parent={info.label: labels[sf.parent[info.index]] for info in sf.infosets_of(p)},
        steps=budget.used,
        largest_block=budget.largest_block,
        degree=degree,
    )
