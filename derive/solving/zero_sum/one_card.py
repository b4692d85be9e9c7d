"""The game value and one exact Nash equilibrium of a one-card poker game.

:func:`solve` builds the plan form (:func:`derive.sequence_form.plan_form`),
solves its maximin LP exactly (:func:`derive.solving.lp.maximin`, HiGHS then exact
rational re-solution of the optimal basis, certified by exact best-response
values) and converts the optimal plan probabilities to behaviour strategies.
The whole set of optimal strategies is derived in :mod:`derive.solving.families.optimal_families`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import sympy as sp
from sympy.polys.domains import QQ

from derive.extensive_form.bulk import paused_gc
from derive.extensive_form.exact import exact_number
from derive.games.one_card import Action, SymbolicGameError
from derive.games.one_card_tree import ExtensiveFormGame, InformationSet, Sequence
from derive.sequence_form import PlanForm, plan_form
from derive.sequence_form.one_card import numeric_plan_matrix
from derive.sequence_form.strategies import BehaviourStrategy, InvalidStrategyError
from derive.solving.lp import maximin

__all__ = [
    "Equilibrium",
    "OneCardSolution",
    "SymbolicGameError",
    "behaviour_from_plans",
    "numeric_plan_matrix",
    "reach_probabilities",
    "solve",
    "solve_rules",
]


@dataclass(frozen=True)
class Equilibrium:
    """One exact Nash equilibrium and the game value.

    Attributes
    ----------
    game : ExtensiveFormGame
    value : sympy.Rational
        The game value to the opener, in chips (the dealer gets ``-value``).
    plans : (dict, dict)
        Each player's plan probabilities, ``plan (Sequence) -> Rational``.
    strategies : (BehaviourStrategy, BehaviourStrategy)
        The same strategies in behaviour form; at information sets the
        player's own play never reaches, the action with the best
        continuation against the opponent's strategy is chosen (any choice
        there leaves the profile an equilibrium).
    off_path : tuple of InformationSet
        Information sets reached with probability 0 under the profile.
    method : str
        How it was computed and certified.
    perturbed : tuple of PerturbedPlan
        For the quasi-perfect equilibrium: each player's perturbed plan, polynomial in ε, keyed by
        the general model's labels (``"A:xbr:call"``); empty otherwise.
    """

    game: ExtensiveFormGame
    value: sp.Rational
    plans: tuple[dict[Sequence, sp.Rational], dict[Sequence, sp.Rational]]
    strategies: tuple[BehaviourStrategy, BehaviourStrategy]
    off_path: tuple[InformationSet, ...]
    method: str
    perturbed: tuple = ()


def _require_numeric(game: ExtensiveFormGame) -> None:
    """Raise :class:`SymbolicGameError` unless the ante and the bet are numbers."""
    game.rules.require_numeric()


def solve(game: ExtensiveFormGame, refine: str = "quasi-perfect") -> Equilibrium:
    """Solve ``game`` exactly: the game value and one Nash equilibrium.

    Parameters
    ----------
    game : ExtensiveFormGame
        With numeric (rational) ante and bet.
    refine : {"quasi-perfect", "none"}
        ``"quasi-perfect"`` (default): the equilibrium is the exact limit of the perturbed
        sequence-form LP (:mod:`derive.solving.refinements.quasi_perfect`, Miltersen & Sørensen 2006/2010), solved on
        the general extensive form of the same rules; no top card is ever folded and no bottom
        card ever calls, on or off the path.  ``"none"``: the vertex of the optimal set given by
        the plan-form LP's basis, with a best reply where the player's own plan never goes
        (faster; enough when only the value is wanted).

    Returns
    -------
    Equilibrium
        Value in chips to the opener; strategies exact.

    Raises
    ------
    SymbolicGameError
        If the ante or the bet is symbolic.
    ValueError
        If ``refine`` is not ``"quasi-perfect"`` or ``"none"``.
    derive.solving.linear_program.ExactLPError
        If the exact certificate fails (never observed; reported, not hidden).

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker, one_raise_poker
    >>> from derive.games.one_card_tree import build_tree
    >>> solve(build_tree(kuhn_poker())).value
    -1/18
    >>> solve(build_tree(one_raise_poker())).value
    -1/18

    References
    ----------
    Kuhn (1950), p. 101: the value of Kuhn poker is -1/18 to the opener.
    """
    if refine not in ("quasi-perfect", "none"):
        raise ValueError(f"unknown refinement {refine!r}; choose one of quasi-perfect, none")
    if refine == "quasi-perfect":  # solved on the general extensive form: no plan form needed
        _require_numeric(game)
        return _quasi_perfect(game)
    pf = plan_form(game)
    entries = numeric_plan_matrix(pf)
    # solve in units of the ante (well scaled whatever the chip amounts), then scale back
    ante = game.rules.ante
    scale = QQ(int(ante.p), int(ante.q)) if ante.is_Rational else QQ(1)
    entries = {i: {j: v / scale for j, v in row.items()} for i, row in entries.items()}
    sx, sy = maximin(entries, pf.shape, pf.groups[0], pf.groups[1])
    sx = type(sx)(sx.strategy, sx.value * scale)
    plans = tuple(
        {p: QQ.to_sympy(v) for p, v in zip(pf.plans[k], sol.strategy)} for k, sol in enumerate((sx, sy))
    )
    strategies = (
        behaviour_from_plans(game, 0, plans[0], pf, plans[1]),
        behaviour_from_plans(game, 1, plans[1], pf, plans[0]),
    )
    reach = reach_probabilities(game, strategies)
    off = tuple(i for p in (0, 1) for i in game.infosets[p] if reach[i] == 0)
    return Equilibrium(
        game=game,
        value=QQ.to_sympy(sx.value),
        plans=plans,  # type: ignore[arg-type]
        strategies=strategies,
        off_path=off,
        method="plan-form LP (HiGHS), optimal basis re-solved in exact rationals, certified by exact best responses",
    )


@dataclass(frozen=True)
class OneCardSolution:
    """The value and one exact equilibrium of a one-card poker game, solved from its rules alone.

    What :func:`solve_rules` returns: the same equilibrium :func:`solve` gives, keyed by labels
    instead of tree objects, so that large games (N = 52) need no game tree.

    Attributes
    ----------
    rules : OneCardPoker
    value : sympy.Rational
        The game value to the opener, in chips.
    plans : (dict, dict)
        Each player's realization plan, ``sequence label ("K:xb:call") -> Rational``.
    strategies : (dict, dict)
        Each player's behaviour strategy, ``information-set label ("K:xb") -> {action: Rational}``,
        the opener's and the dealer's sets card by card.
    off_path : tuple of (player, label)
        Information sets the profile reaches with probability 0.
    refinement : str
        ``"quasi-perfect"`` or ``"none"``.
    method : str
    perturbed : tuple of PerturbedPlan
        The perturbed plans of the quasi-perfect equilibrium (else empty).
    """

    rules: object
    value: sp.Rational
    plans: tuple[dict[str, sp.Rational], dict[str, sp.Rational]]
    strategies: tuple[dict[str, dict[str, sp.Rational]], dict[str, dict[str, sp.Rational]]]
    off_path: tuple[tuple[int, str], ...]
    refinement: str
    method: str
    perturbed: tuple = ()


def solve_rules(rules, refine: str = "quasi-perfect", progress=None) -> OneCardSolution:
    """Solve one-card poker exactly from its rules, in the sequence form, without a game tree.

    The sequence form is built from the betting tree and the deck
    (:func:`derive.sequence_form.from_rules.one_card_sequence_form`), then solved by the
    same exact, certified solvers as any two-player zero-sum game
    (:func:`derive.solving.zero_sum.sequence_form_lp.sequence_form_equilibrium`): the sequence-form LP by HiGHS,
    its basis re-solved in rationals, or, for ``refine="quasi-perfect"``, the exact limit of the
    perturbed LP (Miltersen & Sørensen 2006, 2010).  Certified by exact best responses.

    Parameters
    ----------
    rules : OneCardPoker
        Numeric (rational) ante and bet.
    refine : {"quasi-perfect", "none"}
        As in :func:`solve`.
    progress : callable, optional
        Called with one line of text per stage (building the sequence form, solving, certifying).

    Returns
    -------
    OneCardSolution

    Raises
    ------
    SymbolicGameError
        If the ante or the bet is symbolic.
    ValueError
        If ``refine`` is not ``"quasi-perfect"`` or ``"none"``.
    derive.solving.linear_program.ExactLPError
        If the exact certificate fails, or no basis of the perturbed LP is proved stable; for the
        quasi-perfect refinement of a game whose payoff matrix has more than
        :data:`~derive.sequence_form.from_rules.MAX_ENTRIES` entries (not attempted: the LP's
        equilibrium of such a game is solved with running sums over the cards,
        :mod:`derive.solving.zero_sum.running_sums`).

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker, one_card_poker
    >>> solve_rules(kuhn_poker()).strategies[0]["A:xb"]
    {'fold': 0, 'call': 1}
    >>> solve_rules(one_card_poker(52, 6), refine="none").value
    -8191561/129913524

    References
    ----------
    Kuhn (1950), p. 101 (value -1/18); von Stengel (1996), section 4.
    """
    from derive.sequence_form.from_rules import MAX_ENTRIES, matrix_entries, one_card_sequence_form
    from derive.solving.linear_program import ExactLPError
    from derive.solving.lp import transpose
    from derive.solving.zero_sum.sequence_form_lp import sequence_form_equilibrium

    if refine not in ("quasi-perfect", "none"):
        raise ValueError(f"unknown refinement {refine!r}; choose one of quasi-perfect, none")
    if progress:
        progress(f"building the sequence form of {rules.name} from its rules")
    large = matrix_entries(rules) > MAX_ENTRIES
    if large and refine == "quasi-perfect":
        raise ExactLPError(
            f"not attempted on {rules.name}: its payoff matrix has {matrix_entries(rules):,} entries, more than "
            f"the {MAX_ENTRIES:,} the perturbed LP is built with (about 1 KB of memory each)"
        )
    with paused_gc():  # the sequence form and the exact LPs make many small objects, none in a cycle
        sf = one_card_sequence_form(rules)
        # solve in units of the ante (well scaled whatever the chip amounts), then scale back
        ante = QQ(int(rules.ante.p), int(rules.ante.q))
        if large:  # the LP with running sums over the cards: no N (N - 1) matrix
            from derive.solving.zero_sum.running_sums import prefix_equilibrium

            eq = prefix_equilibrium(sf, ante, progress)
        else:
            matrix = {i: {j: v / ante for j, v in row.items()} for i, row in sf.numeric_matrix(0).items()}
            eq = sequence_form_equilibrium(sf, (matrix, transpose(matrix, sign=-1)), QQ(0), refine, progress)
        return OneCardSolution(
            rules=rules,
            value=QQ.to_sympy(eq.value * ante),
            plans=tuple({sf.label(p, k): QQ.to_sympy(v) for k, v in enumerate(eq.plans[p])} for p in (0, 1)),
            strategies=eq.strategies,
            off_path=eq.off_path,
            refinement=refine,
            method=eq.method,
            perturbed=eq.perturbed,
        )


def _quasi_perfect(game: ExtensiveFormGame) -> Equilibrium:
    """The quasi-perfect equilibrium of :func:`derive.solving.zero_sum.sequence_form_lp.solve_zero_sum` of
    the game's :class:`~derive.extensive_form.game.Game`, in the thesis's words."""
    from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum

    sol = solve_zero_sum(game.game, refine="quasi-perfect")
    strategies = tuple(
        BehaviourStrategy(
            p,
            {
                info: {a: sol.strategies[p][info.label][a.value] for a in info.actions}
                for info in game.infosets[p]
            },
        )
        for p in (0, 1)
    )
    plans = tuple(s.plan_probabilities(game) for s in strategies)
    reach = reach_probabilities(game, strategies)
    return Equilibrium(
        game=game,
        value=sol.value,
        plans=plans,  # type: ignore[arg-type]
        strategies=strategies,  # type: ignore[arg-type]
        off_path=tuple(i for p in (0, 1) for i in game.infosets[p] if reach[i] == 0),
        method=sol.method,
        perturbed=sol.perturbed,
    )


def _exact_plans(plans: Mapping[Sequence, object]) -> dict[Sequence, sp.Expr]:
    """Plan probabilities read exactly (:mod:`derive.extensive_form.exact`); Rationals pass as they are."""
    return {
        s: v
        if isinstance(v, sp.Rational)
        else exact_number(v, f"plan probability of {getattr(s, 'label', s)}", InvalidStrategyError)
        for s, v in plans.items()
    }


def behaviour_from_plans(
    game: ExtensiveFormGame,
    player: int,
    plans: dict[Sequence, sp.Expr],
    pf: PlanForm | None = None,
    opponent_plans: dict[Sequence, sp.Expr] | None = None,
) -> BehaviourStrategy:
    """Behaviour strategy with the given plan probabilities.

    ``P(a | I) = r(I, a) / r(parent(I))`` where ``r`` is the realization
    probability (sum of the plans through the sequence).  Where
    ``r(parent(I)) = 0`` the player's own play never reaches ``I``: if
    ``opponent_plans`` (numeric) is given, the action whose best plan earns
    most against it is played there, otherwise the first action.

    Plan probabilities are read by the rule of :mod:`derive.extensive_form.exact` (a float only
    when it is exactly a short decimal such as 0.5).

    Raises
    ------
    derive.sequence_form.strategies.InvalidStrategyError
        If a plan probability is a float that is not exactly a short decimal (``1/3``; the message
        gives the exact form) or not a number.
    """
    plans = _exact_plans(plans)
    if opponent_plans is not None:
        opponent_plans = _exact_plans(opponent_plans)
    realization: dict[Sequence, sp.Expr] = {}

    def real(s: Sequence) -> sp.Expr:
        if s.is_empty:
            return sp.S.One
        if s not in realization:
            if game.is_maximal(s):
                realization[s] = plans[s]
            else:
                realization[s] = sp.Add(
                    *(real(Sequence(player, i, a)) for i in game.children_of.get(s, ()) for a in i.actions)
                )
        return realization[s]

    values = None
    out: dict[InformationSet, dict[Action, sp.Expr]] = {}
    for info in game.infosets[player]:
        parent = real(game.parent_sequence[info])
        if parent != 0:
            out[info] = {a: sp.simplify(real(Sequence(player, info, a)) / parent) for a in info.actions}
            continue
        choice = info.actions[0]
        if opponent_plans is not None:
            if values is None:
                pf = pf or plan_form(game)
                values = _plan_values_against(pf, player, opponent_plans)
            sign = 1 if player == 0 else -1
            best = {
                a: max(sign * values[p] for p in _plans_through(game, Sequence(player, info, a)))
                for a in info.actions
            }
            choice = max(info.actions, key=lambda a: best[a])
        out[info] = {a: sp.S.One if a is choice else sp.S.Zero for a in info.actions}
    return BehaviourStrategy(player, out)


def _plans_through(game: ExtensiveFormGame, s: Sequence) -> list[Sequence]:
    if game.is_maximal(s):
        return [s]
    return [
        p
        for i in game.children_of.get(s, ())
        for a in i.actions
        for p in _plans_through(game, Sequence(s.player, i, a))
    ]


def _plan_values_against(
    pf: PlanForm, player: int, opponent: dict[Sequence, sp.Expr]
) -> dict[Sequence, sp.Expr]:
    vals: dict[Sequence, sp.Expr] = {p: sp.S.Zero for p in pf.plans[player]}
    for (i, j), v in pf.entries.items():
        if player == 0:
            vals[pf.plans[0][i]] += v * opponent[pf.plans[1][j]]
        else:
            vals[pf.plans[1][j]] += v * opponent[pf.plans[0][i]]
    return vals


def reach_probabilities(
    game: ExtensiveFormGame, strategies: tuple[BehaviourStrategy, BehaviourStrategy]
) -> dict[InformationSet, sp.Expr]:
    """Probability of reaching each information set (chance and both players' play)."""
    reach: dict[InformationSet, sp.Expr] = {i: sp.S.Zero for p in (0, 1) for i in game.infosets[p]}
    stack = [(d.node, d.probability) for d in game.deals]
    while stack:
        node, r = stack.pop()
        if node in game.terminal_at:
            continue
        info = game.infoset_at(node)
        reach[info] += r
        probs = strategies[info.player].probabilities[info]
        for a, child in game.moves(node):
            stack.append((child, r * probs[a]))
    return reach
