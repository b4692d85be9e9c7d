"""Leduc hold'em from its rules (Southey et al. 2005), with OpenSpiel's conventions.

Six cards, two each of J < Q < K; both players ante 1 and get one private card.  Two betting
rounds, with a public card dealt between them; bets and raises are 2 chips in the first round and
4 in the second, at most two of them (a bet and a raise) per round; player 0 (the opener) acts
first in both rounds.  At a showdown a player whose private card pairs the public card wins,
otherwise the higher private card wins, and equal cards split the pot.  These are the rules of
OpenSpiel's ``leduc_poker`` (``open_spiel/games/leduc_poker/leduc_poker.cc``: ante 1, raise
amounts 2 and 4, at most 2 raises a round, fold only when facing a bet, the same first player in
both rounds, pairs first, then the higher card, ties split).

Suits never matter, so cards are dealt by rank with their exact probabilities (a rank the
opponent holds is one card less likely to come): this is OpenSpiel's ``suit_isomorphism=True``
variant, which has the same value as the game with suits (by symmetry an optimal strategy need not
look at suits).  Information sets are labelled with the poker letters used throughout ``derive``
(``x`` check, ``b`` bet, ``c`` call, ``r`` raise, ``f`` fold): ``"K:xb"`` is "holding K, after
check and bet", ``"KQ:xbc/b"`` is "holding K with Q on the board, after check, bet, call in the
first round and a bet in the second".

References
----------
Southey, Bowling, Larson, Piccione, Burch, Billings & Rayner (2005), "Bayes' bluff: opponent
modelling in poker", UAI, section 4; Lanctot et al. (2019), OpenSpiel, ``leduc_poker``.
"""

from __future__ import annotations

import sympy as sp

from derive.extensive_form.game import Game, GameModelError

__all__ = ["LEDUC_RANKS", "leduc_holdem"]

#: The ranks, lowest first; the deck holds two cards of each.
LEDUC_RANKS = ("J", "Q", "K")

_ANTE = 1
_RAISE = (2, 4)  # bet/raise size in round 1 and round 2
_MAX_RAISES = 2


def _showdown(private: tuple[str, str], public: str) -> int:
    """+1 if player 0 wins, -1 if player 1 wins, 0 on a tie."""
    pair = [c == public for c in private]
    if pair[0] != pair[1]:
        return 1 if pair[0] else -1
    r0, r1 = (LEDUC_RANKS.index(c) for c in private)
    return (r0 > r1) - (r0 < r1)


def leduc_holdem(ante: object = _ANTE, bets: tuple[object, object] = _RAISE) -> Game:
    """Leduc hold'em as a :class:`~derive.extensive_form.Game` (two players, zero-sum, chips).

    Parameters
    ----------
    ante : number, str or sympy expression
        Each player's ante (1 in Leduc hold'em).
    bets : (amount, amount)
        The size of a bet or raise in the first and in the second round (2 and 4).  Amounts are
        exact and may be sympy symbols, e.g. to solve the game as a function of the second-round
        bet (:func:`derive.solving.parameters.parametric_lp.parametric_solve`).

    Returns
    -------
    Game
        Players ``"opener"`` and ``"dealer"`` (OpenSpiel's players 0 and 1); chance deals the two
        private cards and, after the first round, the public card, each with its exact probability.

    Raises
    ------
    GameModelError
        If an amount is a float that is not exactly a short decimal, or not a number.

    Examples
    --------
    >>> g = leduc_holdem()
    >>> g.num_players, g.is_zero_sum, len(g.infosets)
    (2, True, 288)

    References
    ----------
    Southey et al. (2005), section 4; OpenSpiel's ``leduc_poker`` (Lanctot et al. 2019).
    """
    from derive.extensive_form.build import chance, decision, exact_value, extensive_form, payoff

    ante = exact_value(ante, "ante")
    if len(bets) != 2:
        raise GameModelError(f"Leduc hold'em has two betting rounds: give two bet sizes, got {bets!r}")
    raise_sizes = tuple(exact_value(b, f"bet size of round {k + 1}") for k, b in enumerate(bets))
    symbols = tuple(sorted(set().union(ante.free_symbols, *(b.free_symbols for b in raise_sizes)), key=str))

    def deal_weights(held: list[str]) -> dict[str, sp.Rational]:
        left = {r: 2 - held.count(r) for r in LEDUC_RANKS}
        total = sum(left.values())
        return {r: sp.Rational(n, total) for r, n in left.items() if n}

    def betting(private, public, rnd, letters, contrib, raises, calls, player):
        """The subtree from ``player``'s turn in round ``rnd`` (``letters``: the rounds' histories)."""
        facing = contrib[1 - player] > contrib[player]
        cards = private[player] + (public or "")
        label = f"{cards}:{'/'.join(letters)}" if any(letters) else cards
        moves = {}
        if facing:
            moves["fold"] = ("f", None)
        moves["call" if facing else "check"] = ("c" if facing else "x", "call")
        if raises < _MAX_RAISES:
            moves["raise" if raises else "bet"] = ("r" if raises else "b", "raise")
        children = {}
        for action, (letter, kind) in moves.items():
            hist = letters[:-1] + [letters[-1] + letter]
            if kind is None:  # fold: the other player takes the pot
                won = contrib[player]
                children[action] = payoff(*((-won, won) if player == 0 else (won, -won)))
                continue
            paid = list(contrib)
            if kind == "call":
                paid[player] = paid[1 - player]
                n_calls, n_raises = calls + 1, raises
            else:
                paid[player] = paid[1 - player] + raise_sizes[rnd]
                n_calls, n_raises = 0, raises + 1
            ready = (n_raises == 0 and n_calls == 2) or (n_raises > 0 and n_calls == 1)
            if not ready:
                children[action] = betting(private, public, rnd, hist, paid, n_raises, n_calls, 1 - player)
            elif rnd == 0:
                children[action] = chance(
                    {
                        f"board {r}": (p, betting(private, r, 1, [*hist, ""], paid, 0, 0, 0))
                        for r, p in deal_weights(list(private)).items()
                    }
                )
            else:
                sign = _showdown(private, public)
                stake = paid[0]  # equal after a call
                children[action] = payoff(sign * stake, -sign * stake)
        return decision(player, label, children)

    root = chance(
        {
            f"opener {a}": (
                pa,
                chance(
                    {
                        f"dealer {b}": (pb, betting((a, b), None, 0, [""], [ante, ante], 0, 0, 0))
                        for b, pb in deal_weights([a]).items()
                    }
                ),
            )
            for a, pa in deal_weights([]).items()
        }
    )
    return extensive_form(
        ["opener", "dealer"],
        root,
        title="Leduc hold'em",
        symbols=symbols,
        comment="Southey et al. (2005); OpenSpiel's leduc_poker conventions, suits merged (suit_isomorphism)",
    )
