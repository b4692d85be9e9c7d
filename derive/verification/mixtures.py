"""Mixed strategies over reduced pure strategies, read exactly and turned into behaviour strategies.

A two-player general-sum game's equilibria are found in its reduced strategic form
(:mod:`derive.solving.general_sum.two_player`): each player mixes his reduced pure strategies,
labelled as :func:`derive.dominance.general.reduced_strategies` labels them (``"weak: beer,
strong: quiche"``).  Such a mixture has the realization plan that sums, at each of the player's
sequences, the probabilities of the strategies playing it, and the behaviour strategy that plays
action ``a`` at an information set reached by his sequence ``s`` with probability ``x(s a) / x(s)``
(Kuhn 1953; von Stengel 1996): the same payoffs against every strategy of the others.  Where his
own moves exclude an information set (``x(s) = 0``) the behaviour is uniform, which changes no
payoff and no regret.  So a profile of mixtures is checked exactly as any behaviour profile is
(:func:`derive.verification.best_response.game_best_response`).

References
----------
Kuhn (1953), "Extensive games and the problem of information", Annals of Mathematics Studies 28;
von Stengel (1996), "Efficient computation of behavior strategies", Games and Economic Behavior 14.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import sympy as sp

from derive.extensive_form.build import exact_value
from derive.extensive_form.game import Game, GameModelError
from derive.verification.best_response import IncompleteProfileError, by_player_index
from derive.verification.subgame_families import mixed_plans, plan_behaviour, strategy_sequences

__all__ = ["mixture_behaviour"]


def mixture_behaviour(game: Game, mixtures: Mapping | Sequence) -> list[dict[str, dict[str, sp.Expr]]]:
    """The behaviour profile of a profile of mixtures of reduced pure strategies (module docstring).

    Parameters
    ----------
    game : Game
        Any game with perfect recall whose players' reduced strategies can be listed.
    mixtures : mapping or sequence
        One entry per player (by index, or a mapping keyed by player name or index), each a mapping
        ``reduced strategy label -> probability``; strategies left out have probability 0.
        Probabilities are exact (int, Fraction, ``"1/3"``, ``"0.25"``, sympy; a float only when it
        is exactly a short decimal such as 0.5), non-negative, and sum to 1 for each player.

    Returns
    -------
    list of dict
        Per player (in the game's order), ``information-set label -> {action: probability}``, every
        information set of his (uniform where his own moves exclude it): what
        :func:`derive.verification.best_response.behaviour_profile` reads.

    Raises
    ------
    IncompleteProfileError
        One line naming what is wrong: an unknown or missing player, a label that is not one of the
        player's reduced strategies, a probability that is not exact (the message gives the exact
        form to type), negative, or a player's probabilities that do not sum to 1.
    NotSupportedError
        If a player has more reduced strategies than
        :data:`derive.dominance.general.MAX_STRATEGIES`.
    ImperfectRecallError
        If the game lacks perfect recall.

    Examples
    --------
    >>> from derive.games.textbook import matching_pennies
    >>> mixtures = {"Matcher": {"coin: heads": "1/2", "coin: tails": "1/2"}, "Guesser": {"guess: tails": 1}}
    >>> mixture_behaviour(matching_pennies(), mixtures)
    [{'coin': {'heads': 1/2, 'tails': 1/2}}, {'guess': {'heads': 0, 'tails': 1}}]
    """
    game.require_perfect_recall()
    by_player = by_player_index(game, mixtures)
    if not isinstance(mixtures, Mapping):
        if len(by_player) > game.num_players:
            raise IncompleteProfileError(
                f"{len(by_player)} mixtures for a game of {game.num_players} players"
            )
    sequences = strategy_sequences(game)
    read = []
    for p in range(game.num_players):
        name = game.players[p]
        if p not in by_player:
            raise IncompleteProfileError(f"the profile has no mixture for player {name!r}")
        mixture = by_player[p]
        if not isinstance(mixture, Mapping):
            raise IncompleteProfileError(
                f"the mixture of player {name!r} must be {{reduced strategy: probability}}, got {mixture!r}"
            )
        probabilities = {}
        for label, value in mixture.items():
            if label not in sequences[p]:
                known = ", ".join(repr(s) for s in list(sequences[p])[:4])
                more = ", ..." if len(sequences[p]) > 4 else ""
                raise IncompleteProfileError(
                    f"player {name!r} has no reduced strategy {label!r}; his are {known}{more}"
                )
            try:
                v = exact_value(value, f"probability of {label!r} for {name!r}")
            except GameModelError as exc:
                raise IncompleteProfileError(str(exc)) from None
            if v.is_number and v < 0:
                raise IncompleteProfileError(f"a negative probability of {label!r} for {name!r}: {v}")
            probabilities[label] = v
        total = sum(probabilities.values(), sp.S.Zero)
        if total != 1 and sp.simplify(total - 1) != 0:
            raise IncompleteProfileError(f"the probabilities of player {name!r} sum to {total}, not 1")
        read.append(probabilities)
    return plan_behaviour(game, mixed_plans(game, read, sequences))
