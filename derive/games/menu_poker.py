"""Poker with a menu of bet sizes on a deck of N cards: the finite game behind Newman's free bet.

Rules: both players ante ``ante`` chips (the pot is ``2 ante``); chance deals each a different
card of a deck ranked ``1 < 2 < ... < N``, each of the ``N (N - 1)`` ordered deals with probability
``1 / (N (N - 1))``.  The bettor (I) sees his card and checks, which goes straight to a showdown
for the pot, or bets one of the ``sizes``; the caller (II) sees his own card and the size and
folds (I wins the pot: ``+ante`` to I) or calls (a showdown for ``ante + size``).  With one size
``B`` this is von Neumann's poker on N cards (von Neumann & Morgenstern 1944, section 19.4, the
N-card version of section 19.14: :meth:`derive.continuum.rules.PokerRules.cards` of
``continuum_model("von-neumann", B)``); as N grows and the menu widens and fills in, its value
tends to that of poker on [0, 1] with sizes in ``[L, U]`` and to Newman's 1/7 with ante 1 (Newman
1959, "A model for 'real' poker", Operations Research 7(5), section 2; Ferguson & Ferguson 2003,
"On the Borel and von Neumann poker models", Game Theory and Applications 9, section 4;
:mod:`derive.continuum.bet_size`).  Ferguson, Ferguson & Gawargy (2007), "Uniform(0,1) two-person
poker models", Game Theory and Applications 12, solve the continuous game with finitely many sizes.

Players are ``"bettor"`` and ``"caller"``; the bettor's information set is his card (``"7"``),
the caller's his card and the size he faces (``"3:bet 2"``); actions are ``"check"``,
``"bet 2"`` ... and ``"fold"``, ``"call"``.  The game is zero-sum, in chips, and ``derive solve``
solves it exactly with the sequence-form LP.
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable

import sympy as sp

from derive.extensive_form.build import chance, decision, exact_value, extensive_form, payoff
from derive.extensive_form.game import Game, GameModelError

__all__ = [
    "MAX_MENU_DECK",
    "MAX_MENU_NODES",
    "MAX_MENU_SIZES",
    "menu_poker",
    "menu_poker_nodes",
    "menu_sizes",
]

#: Most cards.
MAX_MENU_DECK = 200
#: Most sizes in the menu.
MAX_MENU_SIZES = 12
#: Most tree nodes (:func:`menu_poker_nodes`): 100 cards and 5 sizes are 168,301 nodes, built in about
#: 3 s and solved exactly in about 1 s more; the cap is about three times that.
MAX_MENU_NODES = 500_000


def menu_poker_nodes(deck: int, sizes: int) -> int:
    """The number of nodes of :func:`menu_poker` with ``deck`` cards and ``sizes`` bet sizes, without
    building it: the root, and for each of the ``N (N - 1)`` deals the bettor's node, the check's leaf
    and per size the caller's node and two leaves.

    Examples
    --------
    >>> menu_poker_nodes(3, 2)
    49
    """
    return 1 + deck * (deck - 1) * (2 + 3 * sizes)


def menu_sizes(sizes: Iterable[object]) -> tuple[sp.Rational, ...]:
    """The menu as exact positive numbers, increasing and distinct.

    Parameters
    ----------
    sizes : iterable of numbers
        Exact amounts in chips (``1``, ``"1/2"``, ``0.5``; a float only when it is exactly a short
        decimal, :mod:`derive.extensive_form.exact`), in any order.

    Raises
    ------
    GameModelError
        If the menu is empty, longer than :data:`MAX_MENU_SIZES`, has a size twice, or a size that is
        not an exact positive number.

    Examples
    --------
    >>> menu_sizes(["4", 1, "1/2"])
    (1/2, 1, 4)
    """
    if isinstance(sizes, (str, bytes)) or not isinstance(sizes, Iterable):
        raise GameModelError(f"sizes: give a list of bet sizes such as (1, 2, 4), not {sizes!r}")
    out = []
    for k, size in enumerate(sizes):
        value = exact_value(size, f"bet size {k + 1}")
        if not value.is_Rational or value <= 0:
            raise GameModelError(
                f"bet size {k + 1}: a bet is an exact positive number of chips, got {size!r}"
            )
        out.append(value)
    if not out:
        raise GameModelError("sizes: the menu needs at least one bet size")
    if len(out) > MAX_MENU_SIZES:
        raise GameModelError(f"sizes: at most {MAX_MENU_SIZES} bet sizes, got {len(out)}")
    if len(set(out)) < len(out):
        raise GameModelError(f"sizes: a bet size is given twice in {', '.join(map(str, out))}")
    return tuple(sorted(out))


def _size_text(size: sp.Rational) -> str:
    return str(size)


def menu_poker(deck: int = 3, sizes: Iterable[object] = (1, 2, 4), ante: object = 1) -> Game:
    """Poker on ``deck`` cards where the bettor checks or bets one of ``sizes`` (module docstring).

    Parameters
    ----------
    deck : int
        Cards in the deck, ranked 1 .. N (2 to :data:`MAX_MENU_DECK`).
    sizes : iterable of numbers
        The bet sizes in chips, exact and positive (:func:`menu_sizes`); one size ``B`` is von
        Neumann's N-card game at ``B``.
    ante : number
        Each player's ante in chips, exact and positive; the pot is ``2 ante``.

    Returns
    -------
    Game
        Zero-sum, players ``"bettor"`` and ``"caller"``; ``metadata`` keeps ``deck``, ``sizes``,
        ``ante`` and the ``source``.

    Raises
    ------
    GameModelError
        For a deck that is not an integer from 2 to :data:`MAX_MENU_DECK`, a bad menu
        (:func:`menu_sizes`), a game of more than :data:`MAX_MENU_NODES` nodes, or an ante that is
        not an exact positive number.

    Examples
    --------
    >>> g = menu_poker(3, (1, 2))
    >>> g
    <Game 'menu poker, N = 3, bets 1, 2': 2 players, 49 nodes, 9 information sets, zero-sum>
    >>> g.infoset(1, "2:bet 1").actions
    ('fold', 'call')

    References
    ----------
    von Neumann & Morgenstern (1944), Theory of Games and Economic Behavior, sections 19.4 and 19.14;
    Newman (1959), Operations Research 7(5), section 2; Ferguson & Ferguson (2003), section 4.
    """
    if isinstance(deck, bool) or not isinstance(deck, numbers.Integral) or not 2 <= deck <= MAX_MENU_DECK:
        raise GameModelError(f"deck must be an integer from 2 to {MAX_MENU_DECK}, got {deck!r}")
    deck = int(deck)
    menu = menu_sizes(sizes)
    if (nodes := menu_poker_nodes(deck, len(menu))) > MAX_MENU_NODES:
        raise GameModelError(
            f"menu poker with {deck} cards and {len(menu)} sizes has {nodes:,} nodes; "
            f"at most {MAX_MENU_NODES:,} are built (fewer cards or sizes)"
        )
    a = exact_value(ante, "ante")
    if not a.is_Rational or a <= 0:
        raise GameModelError(f"ante: an exact positive number of chips, got {ante!r}")
    share = sp.Rational(1, deck * (deck - 1))

    def showdown(mine: int, theirs: int, stake: sp.Expr):
        won = stake if mine > theirs else -stake
        return payoff(won, -won)

    def deal(i: int, j: int):
        moves = {"check": showdown(i, j, a)}
        for size in menu:
            moves[f"bet {_size_text(size)}"] = decision(
                "caller",
                f"{j}:bet {_size_text(size)}",
                {"fold": payoff(a, -a), "call": showdown(i, j, a + size)},
            )
        return decision("bettor", str(i), moves)

    deals = {
        f"{i}-{j}": (share, deal(i, j)) for i in range(1, deck + 1) for j in range(1, deck + 1) if i != j
    }
    menu_text = ", ".join(map(_size_text, menu))
    return extensive_form(
        ["bettor", "caller"],
        chance(deals),
        title=f"menu poker, N = {deck}, bet{'s' if len(menu) > 1 else ''} {menu_text}",
        comment=(
            f"{deck} cards, ante {a}, the bettor checks (showdown) or bets one of {menu_text}; "
            "the caller folds or calls. Von Neumann & Morgenstern (1944), section 19; Newman (1959)"
        ),
        metadata={
            "deck": deck,
            "sizes": menu,
            "ante": a,
            "source": "von Neumann & Morgenstern (1944), sections 19.4, 19.14; Newman (1959), section 2",
        },
    )
