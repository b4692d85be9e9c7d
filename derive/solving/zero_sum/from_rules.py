"""One-card poker solved exactly: from its rules, or on its tree in the thesis's words.

* :func:`solve_rules` builds the sequence form straight from the betting rules and the deck
  (:func:`derive.sequence_form.from_rules.one_card_sequence_form`, no game tree, so N = 52 and
  beyond) and solves it with the exact, certified solvers every two-player zero-sum game uses
  (:func:`derive.solving.zero_sum.sequence_form_lp.sequence_form_equilibrium`).
* :func:`solve` solves the :class:`~derive.extensive_form.game.Game` of
  :func:`derive.games.one_card.to_extensive_form` with
  :func:`derive.solving.zero_sum.sequence_form_lp.solve_zero_sum` and reads the equilibrium back in
  the thesis's words (information sets labelled by card and history, plans such as ``A:checkraise``).

The whole set of optimal strategies, as families in named parameters, is derived in
:mod:`derive.solving.families.optimal_families`.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp
from sympy.polys.domains import QQ

from derive.extensive_form.bulk import paused_gc
from derive.extensive_form.game import Game, InformationSet
from derive.games.one_card import SymbolicGameError
from derive.games.one_card.words import is_one_card, rules_of
from derive.sequence_form.plans import Plan
from derive.sequence_form.strategies import BehaviourStrategy, infosets
from derive.solving.linear_program import ExactLPError
from derive.solving.lp import transpose
from derive.solving.zero_sum.sequence_form_lp import (
    require_refinement,
    sequence_form_equilibrium,
    solve_zero_sum,
)

__all__ = [
    "Equilibrium",
    "OneCardSolution",
    "SymbolicGameError",
    "solve",
    "solve_rules",
]


@dataclass(frozen=True)
class Equilibrium:
    """One exact Nash equilibrium and the game value.

    Attributes
    ----------
    game : Game
    value : sympy.Rational
        The game value to the opener, in chips (the dealer gets ``-value``).
    plans : (dict, dict)
        Each player's plan probabilities, ``plan (Plan) -> Rational``.
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

    game: Game
    value: sp.Rational
    plans: tuple[dict[Plan, sp.Rational], dict[Plan, sp.Rational]]
    strategies: tuple[BehaviourStrategy, BehaviourStrategy]
    off_path: tuple[InformationSet, ...]
    method: str
    perturbed: tuple = ()


def solve(game: Game, refine: str = "quasi-perfect") -> Equilibrium:
    """Solve ``game`` exactly: the game value and one Nash equilibrium.

    The game is solved by
    :func:`derive.solving.zero_sum.sequence_form_lp.solve_zero_sum` (the sequence-form LP, HiGHS
    then its optimal basis re-solved in rationals, certified by exact best responses); the
    equilibrium is read back onto the game's information sets (by card, then in tree order) and plans.

    Parameters
    ----------
    game : Game
        One-card poker (:func:`derive.games.one_card.to_extensive_form`), with numeric (rational)
        ante and bet; or any two-player constant-sum game with perfect recall and numeric payoffs
        (its information sets then in tree order).
    refine : {"quasi-perfect", "none"}
        ``"quasi-perfect"`` (default): the equilibrium is the exact limit of the perturbed
        sequence-form LP (:mod:`derive.solving.refinements.quasi_perfect`, Miltersen & Sørensen
        2006/2010); no top card is ever folded and no bottom card ever calls, on or off the path.
        ``"none"``: the vertex of the optimal set given by the LP's basis, with a best reply where
        the player's own plan never goes (faster; enough when only the value is wanted).

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
    >>> from derive.games.one_card import to_extensive_form
    >>> solve(to_extensive_form(kuhn_poker())).value
    -1/18
    >>> solve(to_extensive_form(one_raise_poker()), refine="none").value
    -1/18

    References
    ----------
    Kuhn (1950), p. 101: the value of Kuhn poker is -1/18 to the opener.
    """
    require_refinement(refine)
    if is_one_card(game):
        rules_of(game).require_numeric()
        ordered = (infosets(game, 0), infosets(game, 1))
    else:  # any other two-player zero-sum game: its information sets in tree order
        ordered = (game.infosets_of(0), game.infosets_of(1))
    sol = solve_zero_sum(game, refine=refine)
    strategies = tuple(
        BehaviourStrategy(
            p,
            {info.label: {a: sol.strategies[p][info.label][a] for a in info.actions} for info in ordered[p]},
        )
        for p in (0, 1)
    )
    plans = tuple(s.plan_probabilities(game) for s in strategies)
    at_node = game.reach(
        lambda n, k: sol.strategies[n.player][game.infosets[n.infoset].label][
            game.infosets[n.infoset].actions[k]
        ]
    )
    reach = {info: sp.Add(*(at_node[m] for m in info.nodes)) for p in (0, 1) for info in ordered[p]}
    return Equilibrium(
        game=game,
        value=sol.value,
        plans=plans,  # type: ignore[arg-type]
        strategies=strategies,  # type: ignore[arg-type]
        off_path=tuple(i for p in (0, 1) for i in ordered[p] if reach[i] == 0),
        method=sol.method,
        perturbed=sol.perturbed,
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
    # here, not at the top: derive's start-up imports this module for its SymbolicGameError
    from derive.sequence_form.from_rules import MAX_ENTRIES, matrix_entries, one_card_sequence_form

    require_refinement(refine)
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
            from derive.solving.zero_sum.running_sums import prefix_equilibrium  # start-up, as above

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
