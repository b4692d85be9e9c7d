"""Three-player Kuhn poker: the rules, as a general extensive form.

Four cards ``J < Q < K < A``; each of the three players antes 1 and is dealt one card (the fourth
is unseen).  Players act in turn, P1 first.  Until someone bets, a player may **check** or **bet**
1; after a bet, each other player in turn (wrapping around to those who checked before it) may
**call** or **fold**.  If all check, or when the calls are done, the highest card among the
players still in wins the pot.  This is the game of Szafron, Gibson & Sturtevant (2013,
"A parameterized family of equilibrium profiles for three-player Kuhn poker", AAMAS) and of
OpenSpiel's ``kuhn_poker`` with ``players=3`` (a test compares the two state by state).
The game is zero-sum but not two-player: each player's payoff is in chips.
"""

from __future__ import annotations

import itertools

import sympy as sp

from derive.extensive_form.build import chance, decision, exact_value, extensive_form, payoff
from derive.extensive_form.game import Game
from derive.games.family import ProfileFamily

__all__ = [
    "CARDS",
    "PLAYERS",
    "SGS_SYMBOLS",
    "SITUATIONS",
    "sgs_symbol",
    "szafron_gibson_sturtevant_family",
    "three_player_kuhn_poker",
]

#: The deck, lowest first.
CARDS = ("J", "Q", "K", "A")
#: The players, in the order they act.
PLAYERS = ("P1", "P2", "P3")


def three_player_kuhn_poker(ante: object = 1, bet: object = 1) -> Game:
    """Three-player Kuhn poker (module docstring) with the given ante and bet (exact, may be symbols).

    Information sets are labelled by the player's card and the betting so far, ``"K:xb"``
    (holding K after a check and a bet); the letters are x (check), b (bet), c (call), f (fold).

    Returns
    -------
    Game
        3 players, 24 deals of probability 1/24, 48 information sets (16 per player).

    Raises
    ------
    GameModelError
        If the ante or the bet is not an exact positive amount (a float only when it is exactly a
        short decimal such as 0.5; ``1/3`` is refused, see :mod:`derive.extensive_form.exact`).

    Examples
    --------
    >>> g = three_player_kuhn_poker()
    >>> g.num_players, len(g.infosets)
    (3, 48)
    >>> g.infoset(0, "A:xxb").actions  # P1 holds A: he checked, P2 checked, P3 bet
    ('fold', 'call')

    References
    ----------
    Kuhn (1950) for the two-player game; Szafron, Gibson & Sturtevant (2013), AAMAS.
    """
    a = exact_value(ante, "ante")
    b = exact_value(bet, "bet")
    for name, amount in (("ante", a), ("bet", b)):
        if amount.is_positive is not True:
            from derive.extensive_form.game import GameModelError

            raise GameModelError(f"the {name} must be positive, got {amount}")

    def showdown(cards, stake):
        """Payoffs when the players with ``stake[p] > 0`` beyond the ante compete (``None``: everyone)."""
        pot = sum(stake, sp.S.Zero)
        contenders = [p for p in range(3) if stake[p] == max(stake)]
        winner = max(contenders, key=lambda p: CARDS.index(cards[p]))
        return payoff(*[pot - stake[p] if p == winner else -stake[p] for p in range(3)])

    def node(cards, history: str):
        n = len(history)
        if "b" not in history:
            if n == 3:  # check, check, check
                return showdown(cards, [a, a, a])
            p = n
            return decision(
                p,
                f"{cards[p]}:{history}" if history else cards[p],
                {"check": node(cards, history + "x"), "bet": node(cards, history + "b")},
            )
        bettor = history.index("b")
        after = history[bettor + 1 :]
        if len(after) == 2:  # the other two have answered the bet
            stake = [a, a, a]
            stake[bettor] += b
            for k, letter in enumerate(after):
                if letter == "c":
                    stake[(bettor + 1 + k) % 3] += b
            return showdown(cards, stake)
        p = (bettor + 1 + len(after)) % 3
        return decision(
            p,
            f"{cards[p]}:{history}",
            {"fold": node(cards, history + "f"), "call": node(cards, history + "c")},
        )

    deals = {"".join(d): (sp.Rational(1, 24), node(d, "")) for d in itertools.permutations(CARDS, 3)}
    return extensive_form(
        list(PLAYERS),
        chance(deals),
        title="Three-player Kuhn poker",
        comment="Szafron, Gibson & Sturtevant (2013); OpenSpiel's kuhn_poker(players=3)",
    )


#: Each player's four situations (j = 1..4) as the betting before his decision.
SITUATIONS = (("", "xxb", "xbf", "xbc"), ("x", "b", "xxbf", "xxbc"), ("xx", "xb", "bf", "bc"))


def sgs_symbol(label: str) -> sp.Symbol:
    """The symbol Szafron, Gibson & Sturtevant (2013) give the probability of betting or calling at
    the information set ``label`` of :func:`three_player_kuhn_poker`: ``a``, ``b``, ``c`` for P1, P2,
    P3, then the card (1 = J ... 4 = A) and the situation (:data:`SITUATIONS`).

    Raises
    ------
    ValueError
        If ``label`` is not an information set of the game.

    Examples
    --------
    >>> sgs_symbol("J:x"), sgs_symbol("K:xbf"), sgs_symbol("Q:xx")
    (b11, a33, c21)
    """
    card, _, history = label.partition(":")
    players = [p for p in range(3) if history in SITUATIONS[p]]
    if card not in CARDS or not players:
        raise ValueError(f"not an information set of three-player Kuhn poker: {label!r}")
    p = players[0]
    return sp.Symbol(f"{'abc'[p]}{CARDS.index(card) + 1}{SITUATIONS[p].index(history) + 1}")


#: The free parameters of the family, by the paper's names: P2's and P3's bet or call probabilities
#: at these information sets (:func:`sgs_symbol`).
SGS_SYMBOLS = {str(t): t for t in map(sgs_symbol, ("J:x", "Q:x", "Q:xxbf", "K:b", "J:xx", "K:bf", "K:bc"))}


def szafron_gibson_sturtevant_family(subfamily: int) -> ProfileFamily:
    """One of the three sub-families of equilibrium profiles of three-player Kuhn poker.

    Szafron, Gibson & Sturtevant (2013) describe every profile in which P1 never bets, calls a
    bet only with A or (after P2 bets and P3 folds) with K half the time, and P2 and P3 follow a
    parametrised play.  Writing ``beta = max(b11, b21)``, the profiles are

    * P1: ``a_41 = 0`` (never bets), calls with A always, with K ``a_33 = 1/2``, otherwise folds;
    * P2: bets ``b11`` with J, ``b21`` with Q, ``b41 = 2 b11 + 2 b21`` with A after a check, never with
      K; facing P1's bet calls only with A or K (``b32``); after check, check, bet calls with A, with
      Q ``b23`` and with K ``b33 = 1/2 + (b11 + b21)/2 + beta/2 - b23 (1 - b21)`` if P1 folded, only
      with A if P1 called;
    * P3: bets ``c11`` with J, ``c21 = 1/2 - c11`` with Q and always with A when checked to; calls
      with A, and with K (``c33`` if the first caller folded, ``c34`` if he called) after P1's bet;

    with ``b32 <= 1/2 + 3/4 (b11 + b21) + beta/4`` and ``1/2 - b32 <= c33 <= 1/2 - b32 + 3/4 (b11 +
    b21) + beta/4``, and, by sub-family,

    1. ``c11 = 0``: ``0 <= b11 <= b21 <= 1/4``, ``b23 = 0`` (so ``beta = b21``);
    2. ``c11 = 1/2``: ``0 <= b21 <= b11``, ``b21 <= 1/2 - 2 b11``,
       ``0 <= b23 <= (b11 - b21) / (2 (1 - b21))`` (so ``beta = b11``);
    3. ``0 <= c11 <= 1/2`` with ``c11 (3 + 4 b11) <= 2 - b11``: ``b21 = b11 <= 1/4``, ``b23 = 0``.

    (In sub-family 3 the source has ``0 < c11 < 1/2``; the closure is given here, since the set of
    equilibria is closed.)

    Parameters
    ----------
    subfamily : int
        1, 2 or 3.

    Returns
    -------
    ProfileFamily
        For :func:`three_player_kuhn_poker`'s information-set labels; every probability is a
        polynomial in the parameters, so :func:`~derive.verification.profile_family.check_profile_family`
        decides it exactly.

    Raises
    ------
    ValueError
        If ``subfamily`` is not 1, 2 or 3.

    References
    ----------
    Szafron, Gibson & Sturtevant (2013), "A parameterized family of equilibrium profiles for
    three-player Kuhn poker", AAMAS.  Transcribed from the parametrisation of the
    University of Alberta Computer Poker Research Group's reference player for the family
    (``kuhn_3p_equilibrium_player``, D. Morrill, 2013, in the ACPC server code), since the paper's
    text was not at hand; derive checks the transcription itself, whatever its source.
    """
    if isinstance(subfamily, bool) or not isinstance(subfamily, int) or subfamily not in (1, 2, 3):
        raise ValueError(f"the sub-family must be 1, 2 or 3, got {subfamily!r}")
    R = sp.Rational
    s = SGS_SYMBOLS
    b11, b21, b23, b32, c11, c33, c34 = (s[k] for k in "b11 b21 b23 b32 c11 c33 c34".split())
    if subfamily == 1:
        beta, values = b21, {c11: 0, b23: 0}
        own = [b11 >= 0, b11 <= b21, b21 <= R(1, 4)]
    elif subfamily == 2:
        beta, values = b11, {c11: R(1, 2)}
        own = [
            b21 >= 0,
            b21 <= b11,
            b21 <= R(1, 2) - 2 * b11,
            b23 >= 0,
            b23 <= 1,
            2 * b23 * (1 - b21) <= b11 - b21,
        ]
    else:
        beta, values = b11, {b21: b11, b23: 0}
        own = [b11 >= 0, b11 <= R(1, 4), c11 >= 0, c11 <= R(1, 2), c11 * (3 + 4 * b11) <= 2 - b11]
    spread = R(3, 4) * (b11 + b21) + beta / 4
    b33, b41, c21 = sp.symbols("b33 b41 c21")
    equations = (
        sp.Eq(b33, R(1, 2) + (b11 + b21) / 2 + beta / 2 - b23 * (1 - b21)),
        sp.Eq(b41, 2 * b11 + 2 * b21),
        sp.Eq(c21, R(1, 2) - c11),
    )
    dependent = {e.lhs: e.rhs for e in equations}
    # x[card][j-1]: the probability of bet (j = 1) or call (j = 2, 3, 4), by the paper's situations
    table = (
        {"J": (0, 0, 0, 0), "Q": (0, 0, 0, 0), "K": (0, 0, R(1, 2), 0), "A": (0, 1, 1, 1)},
        {"J": (b11, 0, 0, 0), "Q": (b21, 0, b23, 0), "K": (0, b32, b33, 0), "A": (b41, 1, 1, 1)},
        {"J": (c11, 0, 0, 0), "Q": (c21, 0, 0, 0), "K": (0, 0, c33, c34), "A": (1, 1, 1, 1)},
    )

    def exact(x) -> sp.Expr:
        return sp.expand(sp.sympify(x).subs(dependent).subs(values))

    strategies = []
    for p in range(3):
        play = {}
        for card in CARDS:
            for j, history in enumerate(SITUATIONS[p]):
                x = exact(table[p][card][j])
                label = f"{card}:{history}" if history else card
                play[label] = {"check": 1 - x, "bet": x} if j == 0 else {"fold": 1 - x, "call": x}
        strategies.append(play)
    domain = [c.subs(values) for c in own]
    domain += [
        b32 >= 0,
        b32 <= 1,
        b32 <= R(1, 2) + spread,
        c33 >= 0,
        c33 <= 1,
        c33 >= R(1, 2) - b32,
        c33 <= R(1, 2) - b32 + spread,
        c34 >= 0,
        c34 <= 1,
    ]
    domain = [sp.sympify(c).subs(values) for c in domain]
    params = sorted(set().union(*(c.free_symbols for c in domain)), key=str)
    return ProfileFamily(
        name=f"Szafron-Gibson-Sturtevant sub-family {subfamily}",
        parameters=tuple(params),
        strategies=tuple(strategies),
        domain=tuple(domain),
        equations=tuple(sp.Eq(e.lhs, exact(e.rhs)) for e in equations),
        source="Szafron, Gibson & Sturtevant (2013), AAMAS",
    )
