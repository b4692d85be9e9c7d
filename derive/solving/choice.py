"""Which exact solver a game goes to, decided before any solving: the front door's choice.

``derive solve``, ``derive latex`` and Python callers ask :func:`choose_solver` (through
:func:`derive.derivation.solve`, the front door) and then call the solver it names; presentation only
renders the result.  The routes, in the order they are tried:

* one player: a best response to chance (:mod:`derive.solving.one_player.decision_problem`);
* two players, constant-sum (or symbolic payoffs): the sequence-form LP
  (:func:`derive.solving.zero_sum.sequence_form_lp.solve_zero_sum`);
* two players, general-sum: every equilibrium of the reduced strategic form
  (:func:`derive.solving.general_sum.two_player.all_equilibria`), or, where that form is too large
  (:func:`strategic_form_refusal`), exact equilibria from the sequence form (Lemke's method);
* three or more players: every equilibrium by support enumeration
  (:mod:`derive.solving.general_sum.support_enumeration`), or, where that is out of reach, families
  found from CFR's support (:mod:`derive.solving.general_sum.from_cfr`).

A new solver is wired in here (a route and its test) and in :mod:`derive.derivation.solve` (the branch
that calls it), without touching presentation; a report in :mod:`derive.presentation` renders it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from derive.extensive_form.game import Game

__all__ = ["STRATEGIC_STRATEGIES", "Route", "SolverChoice", "choose_solver", "strategic_form_refusal"]


#: Two-player general-sum games whose players both have at most this many reduced strategies are solved
#: in the reduced strategic form (every equilibrium, with Nash subsets); larger ones in the sequence form.
STRATEGIC_STRATEGIES = 64


class Route(enum.Enum):
    """The exact solver a game goes to."""

    DECISION_PROBLEM = "a best response to chance"
    ZERO_SUM = "the sequence-form LP of a constant-sum game"
    STRATEGIC_FORM = "every equilibrium of the reduced strategic form"
    SEQUENCE_FORM = "exact equilibria from the sequence form (Lemke's method)"
    SUPPORT_ENUMERATION = "every equilibrium by support enumeration"
    CFR_FAMILIES = "families found from CFR's support, verified exactly"


@dataclass(frozen=True)
class SolverChoice:
    """A game's route and, for a fallback route, why the complete one is out of reach.

    Attributes
    ----------
    route : Route
    reason : str or None
        For :attr:`Route.SEQUENCE_FORM` and :attr:`Route.CFR_FAMILIES`: one line saying why the
        enumeration of every equilibrium was not tried (its size); None otherwise.
    """

    route: Route
    reason: str | None = None


def strategic_form_refusal(game: Game) -> str | None:
    """Why a two-player general-sum game goes to the sequence form rather than to the enumeration of its
    reduced strategic form (whose best-reply polytopes have one dimension per reduced strategy), or None."""
    # here, not at the top: a constant-sum game's solve does not load the general-sum enumerations
    from derive.dominance.general import count_reduced_strategies
    from derive.sequence_form.general import game_sequence_form
    from derive.solving.general_sum.two_player import MAX_CELLS

    sf = game_sequence_form(game)
    m, n = (count_reduced_strategies(sf, p) for p in (0, 1))
    if max(m, n) > STRATEGIC_STRATEGIES or m * n > MAX_CELLS:
        return (
            f"the reduced strategic form is {m:,} x {n:,}, more than {STRATEGIC_STRATEGIES} strategies of a "
            "player (its vertex enumeration could run for hours)"
        )
    return None


def choose_solver(game: Game) -> SolverChoice:
    """The route of ``game`` (module docstring); it solves nothing.

    A two-player game that is almost constant-sum (most likely a mistyped payoff) gets the general-sum
    route here; the commands refuse it first unless asked to solve it as general-sum.

    Raises
    ------
    ImperfectRecallError
        For a game of two or more players without perfect recall (one line naming the information set).

    Examples
    --------
    >>> from derive.games.registry import load_game
    >>> choose_solver(load_game("kuhn")).route.name, choose_solver(load_game("beer-quiche")).route.name
    ('ZERO_SUM', 'STRATEGIC_FORM')
    """
    if game.num_players == 1:
        return SolverChoice(Route.DECISION_PROBLEM)
    game.require_perfect_recall()
    if game.num_players == 2 and not game.is_symbolic and not game.is_constant_sum:
        refusal = strategic_form_refusal(game)
        if refusal is not None:
            return SolverChoice(Route.SEQUENCE_FORM, refusal)
        return SolverChoice(Route.STRATEGIC_FORM)
    if game.num_players >= 3 and not game.is_symbolic:
        from derive.solving.general_sum.support_enumeration import support_enumeration_refusal  # as above

        refusal = support_enumeration_refusal(game)
        if refusal is not None:
            return SolverChoice(Route.CFR_FAMILIES, refusal)
        return SolverChoice(Route.SUPPORT_ENUMERATION)
    return SolverChoice(Route.ZERO_SUM)
