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

import numbers

import sympy as sp

from derive.extensive_form.bulk import paused_gc
from derive.extensive_form.game import Game, GameModelError

__all__ = ["LEDUC_RANKS", "MAX_RAISES", "MAX_RANKS", "leduc_holdem", "rank_names"]

#: The ranks, lowest first; the deck holds two cards of each.
LEDUC_RANKS = ("J", "Q", "K")

_ANTE = 1
_RAISE = (2, 4)  # bet/raise size in round 1 and round 2
_MAX_RAISES = 2


#: Most ranks (a deck of 2 x 13 cards) and most bets and raises a round of :func:`leduc_holdem`.
MAX_RANKS, MAX_RAISES = 13, 4


def rank_names(ranks: int) -> tuple[str, ...]:
    """The names of ``ranks`` ranks, lowest first: Leduc's J < Q < K for 3, then A on top
    (``J Q K A``), then downwards (``T J Q K A``, ``9 T J Q K A`` ...); 2 ranks are ``Q K``.

    Examples
    --------
    >>> rank_names(3), rank_names(4), rank_names(6)
    (('J', 'Q', 'K'), ('J', 'Q', 'K', 'A'), ('9', 'T', 'J', 'Q', 'K', 'A'))
    """
    if ranks <= 3:
        return LEDUC_RANKS[3 - ranks :]
    return tuple("23456789TJQKA"[13 - ranks :]) if ranks >= 5 else (*LEDUC_RANKS, "A")


def _showdown(private: tuple[str, str], public: str, names: tuple[str, ...] = LEDUC_RANKS) -> int:
    """+1 if player 0 wins, -1 if player 1 wins, 0 on a tie (``names``: the ranks, lowest first)."""
    pair = [c == public for c in private]
    if pair[0] != pair[1]:
        return 1 if pair[0] else -1
    r0, r1 = (names.index(c) for c in private)
    return (r0 > r1) - (r0 < r1)


def leduc_holdem(
    ante: object = _ANTE,
    bets: tuple[object, object] = _RAISE,
    ranks: int = 3,
    max_raises: int = _MAX_RAISES,
) -> Game:
    """Leduc hold'em as a :class:`~derive.extensive_form.Game` (two players, zero-sum, chips).

    Parameters
    ----------
    ante : number, str or sympy expression
        Each player's ante (1 in Leduc hold'em).
    bets : (amount, amount)
        The size of a bet or raise in the first and in the second round (2 and 4).  Amounts are
        exact and may be sympy symbols, e.g. to solve the game as a function of the second-round
        bet (:func:`derive.solving.parameters.parametric_lp.parametric_solve`).
    ranks : int
        Ranks in the deck, two cards of each (3 in Leduc hold'em: J, Q, K; see :func:`rank_names`),
        from 2 to :data:`MAX_RANKS`.
    max_raises : int
        Bets plus raises allowed in each round (2 in Leduc hold'em: a bet and a raise), from 1 to
        :data:`MAX_RAISES`; OpenSpiel's ``universal_poker`` calls it ``maxRaises``.

    Returns
    -------
    Game
        Players ``"opener"`` and ``"dealer"`` (OpenSpiel's players 0 and 1); chance deals the two
        private cards and, after the first round, the public card, each with its exact probability.
        The standard game (3 ranks, 2 raises) is titled "Leduc hold'em", a variant "Leduc hold'em
        (4 ranks, 3 raises a round)".

    Raises
    ------
    GameModelError
        If an amount is a float that is not exactly a short decimal, or not a number; if ``ranks``
        or ``max_raises`` is not an integer in its range.

    Examples
    --------
    >>> g = leduc_holdem()
    >>> g.num_players, g.is_zero_sum, len(g.infosets)
    (2, True, 288)
    >>> len(leduc_holdem(ranks=4, max_raises=3).infosets)
    928

    References
    ----------
    Southey et al. (2005), section 4; OpenSpiel's ``leduc_poker`` (Lanctot et al. 2019); the same
    game with more ranks or raises is OpenSpiel's ``universal_poker`` with a limit game definition
    (``numRanks``, ``maxRaises``; ``open_spiel/games/universal_poker/universal_poker.cc``).
    """
    from derive.extensive_form.build import chance, decision, exact_value, extensive_form, payoff

    for name, value, low, high in (("ranks", ranks, 2, MAX_RANKS), ("max_raises", max_raises, 1, MAX_RAISES)):
        if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not low <= value <= high:
            raise GameModelError(
                f"Leduc hold'em needs {name} from {low} to {high} (an integer), got {value!r}"
            )
    ranks, max_raises = int(ranks), int(max_raises)
    names = rank_names(ranks)
    ante = exact_value(ante, "ante")
    if len(bets) != 2:
        raise GameModelError(f"Leduc hold'em has two betting rounds: give two bet sizes, got {bets!r}")
    raise_sizes = tuple(exact_value(b, f"bet size of round {k + 1}") for k, b in enumerate(bets))
    symbols = tuple(sorted(set().union(ante.free_symbols, *(b.free_symbols for b in raise_sizes)), key=str))

    def deal_weights(held: list[str]) -> dict[str, sp.Rational]:
        left = {r: 2 - held.count(r) for r in names}
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
        if raises < max_raises:
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
                sign = _showdown(private, public, names)
                stake = paid[0]  # equal after a call
                children[action] = payoff(sign * stake, -sign * stake)
        return decision(player, label, children)

    with paused_gc():  # a large variant is a few hundred thousand subtrees
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
    standard = ranks == 3 and max_raises == _MAX_RAISES
    return extensive_form(
        ["opener", "dealer"],
        root,
        title="Leduc hold'em"
        if standard
        else f"Leduc hold'em ({ranks} ranks, {max_raises} {'raise' if max_raises == 1 else 'raises'} a round)",
        symbols=symbols,
        comment="Southey et al. (2005); OpenSpiel's leduc_poker conventions, suits merged (suit_isomorphism)"
        + (
            ""
            if standard
            else f"; {ranks} ranks ({' '.join(names)}), at most {max_raises} bets and raises a round"
        ),
    )
