"""The rules of one-card poker: Kuhn poker, the thesis's game and their relatives.

Two players, the *opener* (player 0, acts first) and the *dealer* (player 1),
each ante ``ante`` chips and receive one card from a deck of ``N`` ranked
cards; the remaining cards are unseen.  There is one betting round in which at
most ``max_bets`` bets and raises may be made, each of size ``bet`` chips:

* a player not facing a bet may **check** or, if the cap is not reached,
  **bet**; check-check ends in a showdown;
* a player facing a bet or raise may **fold**, **call** (showdown) or, if the
  cap is not reached, **raise** by ``raise_size`` more (the bet's size unless given).

``max_bets = 1`` is Kuhn poker (Kuhn 1950); ``max_bets = 2`` is the one-raise
game of Miao (2014), "revised Kuhn poker".  Payoffs are in chips, to the
opener; the game is zero-sum.

This module only states rules (what is legal, who acts, who wins what); it
holds no algorithms.  :func:`derive.games.one_card.builder.to_extensive_form` turns a
:class:`OneCardPoker` into the game model.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass, field

import sympy as sp

from derive.extensive_form.exact import exact_number
from derive.games.one_card.betting import Action, LimitBetting

__all__ = [
    "Action",
    "GameDefinitionError",
    "GameTooLargeError",
    "MAX_NODES",
    "SymbolicGameError",
    "OneCardPoker",
    "alpha",
    "beta",
    "gamma",
    "xi",
    "eta",
    "MAX_BETS",
    "MAX_DECK",
    "PLAYER_NAMES",
    "SITUATION_VERB",
    "exact_amount",
    "kuhn_poker",
    "one_card_poker",
    "one_raise_poker",
    "parse_exact",
]

#: Names of the two players, indexed 0 (opener, acts first) and 1 (dealer).
PLAYER_NAMES = ("opener", "dealer")

#: How one-card poker words a player's situation: ``"opener holds K"``, ``"dealer holds K, checked to"``
#: (``Game.metadata["situation_verb"]`` of :func:`to_extensive_form`; other games say ``"at"``).
SITUATION_VERB = "holds"

#: Kuhn's behaviour parameters (Kuhn 1950, p. 101) and the thesis's α (Miao 2014): probabilities,
#: hence nonnegative.  The one copy of these symbols: the published families, the named parameters of
#: :mod:`derive.sequence_form.strategies` and the documents all use these.
alpha, beta, gamma, xi, eta = sp.symbols("alpha beta gamma xi eta", nonnegative=True)

_KUHN_DECK = ("Q", "K", "A")

#: Largest deck and number of bets accepted (larger games exceed the node cap :data:`MAX_NODES`
#: long before these).
MAX_DECK = 2000
MAX_BETS = 100
#: Smallest bet/ante ratio accepted (and 1/MIN_RATIO the largest): beyond it the
#: floating-point LP that finds the basis is too badly scaled to certify.
MIN_RATIO = sp.Rational(1, 1000)


class GameDefinitionError(ValueError):
    """A rule parameter (deck, ante, bet size, max_bets) is not valid."""


class GameTooLargeError(GameDefinitionError):
    """The game tree would have more nodes than allowed (checked before building,
    :meth:`OneCardPoker.require_size`)."""


#: Default cap on the number of tree nodes.  Memory grows by about 1.4 GB per
#: million nodes and time by about 0.1 s per thousand (N = 52 with 6 bets:
#: 103,429 nodes, 10 s, 370 MiB); 500,000 nodes keep a solve near a minute
#: and well inside a 24 GiB machine (N = 577, one bet, 3M nodes: over 7
#: minutes and 4 GB).
MAX_NODES = 500_000


class SymbolicGameError(ValueError):
    """A numeric solver was asked to solve a game with a symbolic ante or bet size."""


def parse_exact(value: object, name: str = "value") -> sp.Expr:
    """Read a number exactly: int, Fraction, sympy expression, a string such as ``"3/2"`` or ``"0.1"``.

    The rule of :mod:`derive.extensive_form.exact`: a string is the exact fraction or decimal it
    spells (``"0.1"`` is 1/10); a float is accepted only when it is exactly a short decimal
    (``0.5`` is 1/2), and any other float (``1/3``, ``0.1``) is refused, so no float reaches sympy.

    Raises
    ------
    ValueError
        If ``value`` is a bool, not a number or numeric string, or a float that is not exactly a
        short decimal (one line naming ``name`` and the value, suggesting the exact form).

    Examples
    --------
    >>> parse_exact("3/2"), parse_exact("0.1"), parse_exact(0.5)
    (3/2, 1/10, 1/2)
    >>> parse_exact(0.1, "bet")
    Traceback (most recent call last):
    ...
    ValueError: bet: 0.1 is a float, not exact; write '1/10' or sympy.Rational(1, 10)
    """
    return exact_number(value, name, ValueError, not_a_number="not a number: {value!r}")


def exact_amount(value: object, what: str) -> sp.Expr:
    """Convert a chip amount to an exact, positive sympy expression.

    Integers, :class:`fractions.Fraction`, sympy Rationals and strings such as
    ``"3/2"`` or ``"0.5"`` become Rationals.  A Python float is accepted only
    when it is exactly a short decimal (``0.5``, ``1.5``: nothing is lost); any
    other float (``1/3``, or ``0.1``, whose binary value is not 1/10) is refused
    with the exact form to type instead, so that no float ever reaches sympy
    (:mod:`derive.extensive_form.exact`).  A sympy expression is accepted when
    sympy can prove it positive (declare symbols with ``positive=True``).

    Parameters
    ----------
    value : int, Fraction, str, float or sympy.Expr
        The amount, in chips.
    what : str
        Name of the amount, used in error messages ("ante", "bet").

    Returns
    -------
    sympy.Expr
        A positive Rational or a positive symbolic expression.

    Raises
    ------
    GameDefinitionError
        If the value is not a number, a float that is not exactly a short
        decimal, not finite, or not provably positive.

    Examples
    --------
    >>> exact_amount("3/2", "bet"), exact_amount("0.1", "ante"), exact_amount(0.25, "ante")
    (3/2, 1/10, 1/4)
    >>> exact_amount(0.1, "ante")
    Traceback (most recent call last):
    ...
    derive.games.one_card.rules.GameDefinitionError: ante: 0.1 is a float, not exact; write '1/10' or sympy.Rational(1, 10)
    """
    amount = exact_number(
        value, what, GameDefinitionError, not_a_number="{name} must be a positive number, got {value!r}"
    )
    if not amount.is_finite and amount.is_number:
        raise GameDefinitionError(f"{what} must be finite, got {value!r}")
    if amount.is_positive is not True:
        hint = (
            "; declare its symbols with positive=True"
            if amount.free_symbols and amount.is_positive is None
            else ""
        )
        raise GameDefinitionError(f"{what} must be positive, got {value!r}{hint}")
    return amount


@dataclass(frozen=True)
class OneCardPoker(LimitBetting):
    """The rules of a one-card poker game (no tree, no algorithms).

    Attributes
    ----------
    deck : tuple of str
        Card names from lowest to highest rank; ``len(deck) = N >= 2``.
    max_bets : int
        Number of bets plus raises allowed in the betting round (>= 0).
    ante : sympy.Expr
        Each player's ante, in chips (positive Rational or symbol).
    bet : sympy.Expr
        Size of a bet, in chips (positive).
    name : str
        A human-readable name ("Kuhn poker", ...).
    raise_size : sympy.Expr
        Size of each raise beyond the call, in chips (positive; keyword only, default: the bet's
        size, the thesis's rules).

    Use :func:`one_card_poker` (which validates all of its input) rather than the
    constructor; the constructor reads ``ante``, ``bet`` and ``raise_size`` with
    :func:`exact_amount` too (and refuses a ``max_bets`` that is not an integer >= 0).
    """

    deck: tuple[str, ...]
    max_bets: int
    ante: sp.Expr
    bet: sp.Expr
    name: str
    raise_size: sp.Expr | None = field(default=None, kw_only=True)

    def __post_init__(self) -> None:
        if (
            isinstance(self.max_bets, bool)
            or not isinstance(self.max_bets, numbers.Integral)
            or self.max_bets < 0
        ):
            raise GameDefinitionError(f"max_bets must be an integer >= 0, got {self.max_bets!r}")
        object.__setattr__(self, "ante", exact_amount(self.ante, "ante"))
        object.__setattr__(self, "bet", exact_amount(self.bet, "bet"))
        size = self.bet if self.raise_size is None else exact_amount(self.raise_size, "raise")
        object.__setattr__(self, "raise_size", size)

    @property
    def raise_amount(self) -> sp.Expr:
        """The size of each raise beyond the call: :attr:`raise_size`."""
        return self.raise_size

    @property
    def num_cards(self) -> int:
        """``N``, the number of cards in the deck."""
        return len(self.deck)

    @property
    def num_players(self) -> int:
        """Always 2: opener (0) and dealer (1)."""
        return 2

    @property
    def max_utility(self) -> sp.Expr:
        """Largest amount a player can win or lose: ``ante + bet + (max_bets - 1) raise_size`` chips (the
        ante alone without bets)."""
        return self.stake(self.max_bets)

    def rank(self, card: str) -> int:
        """Rank of ``card`` in the deck, 0 for the lowest."""
        return self.deck.index(card)

    def deals(self) -> tuple[tuple[tuple[str, str], sp.Rational], ...]:
        """Chance outcomes: ordered deals ``(opener's card, dealer's card)``.

        Each of the ``N (N - 1)`` ordered pairs of distinct cards has probability
        ``1 / (N (N - 1))``: the dealer's card is drawn from the cards the opener
        does not hold (card removal).
        """
        n = self.num_cards
        p = sp.Rational(1, n * (n - 1))
        return tuple(((c0, c1), p) for c0 in self.deck for c1 in self.deck if c0 != c1)

    def betting_nodes(self) -> int:
        """Number of nodes (decisions and terminals) of the betting tree below one deal."""
        return len(self.betting_histories())

    def require_numeric(self) -> None:
        """Raise :class:`SymbolicGameError` unless the ante and the bet are numbers."""
        if not (self.ante.is_Rational and self.bet.is_Rational):
            raise SymbolicGameError(
                f"the game has a symbolic ante or bet (ante {self.ante}, bet {self.bet}); "
                "substitute numbers, or use derive.solving.parameters.parametric for a symbolic bet size"
            )

    @property
    def num_nodes(self) -> int:
        """Number of nodes of the full game tree: the deal and ``N (N - 1)`` betting trees."""
        n = self.num_cards
        return 1 + n * (n - 1) * self.betting_nodes()

    def require_size(self, max_nodes: int = MAX_NODES) -> None:
        """Refuse, before any work, a game tree of more than ``max_nodes`` nodes.

        Raises
        ------
        GameTooLargeError
            Naming the game, its number of nodes and the limit.
        """
        if self.num_nodes > max_nodes:
            raise GameTooLargeError(
                f"{self.name} has {self.num_nodes:,} tree nodes, more than the limit of {max_nodes:,}"
            )

    def payoff(self, cards: tuple[str, str], history: tuple[Action, ...]) -> sp.Expr:
        """Opener's payoff in chips at a terminal history (the dealer gets minus it).

        After a fold facing ``n`` bets the folder loses ``ante + (n - 1) bet``;
        at a showdown after ``n`` bets the higher card wins ``ante + n bet``
        (:meth:`~derive.games.one_card.betting.LimitBetting.outcome`).
        """
        f, s = self.outcome(history)
        return f + (s if self.rank(cards[0]) > self.rank(cards[1]) else -s)


def one_card_poker(
    deck: int | tuple[str, ...] | list[str] = 3,
    max_bets: int = 1,
    ante: object = 1,
    bet: object = 1,
    name: str | None = None,
    raise_size: object = None,
) -> OneCardPoker:
    """Build (and validate) the rules of a one-card poker game.

    Parameters
    ----------
    deck : int or sequence of str
        ``N`` (cards ranked ``1 .. N``; ``N = 3`` gives ``Q < K < A``) or the
        card names from lowest to highest.
    max_bets : int
        Bets plus raises allowed: 0 (showdown only), 1 (Kuhn poker),
        2 (one raise, Miao 2014), any ``k >= 0``.
    ante, bet : number, str or sympy.Expr
        Ante and bet size in chips; exact and positive (see
        :func:`exact_amount`).  May be positive sympy symbols.
    name : str, optional
        Display name; a default is derived from the rules.
    raise_size : number, str or sympy.Expr, optional
        Size of each raise beyond the call (exact, positive, may be a symbol); default: the bet's
        size, as in Miao (2014).  A raise size of its own names the game after it
        (``"one-raise poker (bet 1, raise 2)"``).

    Returns
    -------
    OneCardPoker

    Raises
    ------
    GameDefinitionError
        If the deck has fewer than 2 or more than :data:`MAX_DECK` cards or
        repeated names, ``max_bets`` is not an integer in ``[0, MAX_BETS]``,
        ``ante``/``bet``/``raise_size`` is not a positive exact number, or ``bet/ante`` or
        ``raise_size/ante`` is outside ``[1/1000, 1000]``.

    Examples
    --------
    >>> g = one_card_poker(3, max_bets=2)
    >>> g.deck, g.max_bets, g.max_utility
    (('Q', 'K', 'A'), 2, 3)
    """
    if isinstance(deck, bool):
        raise GameDefinitionError(f"deck must be an integer >= 2, got {deck!r}")
    if isinstance(deck, numbers.Integral):
        if deck < 2:
            raise GameDefinitionError(f"deck must have at least 2 cards, got {deck}")
        if deck > MAX_DECK:
            raise GameDefinitionError(f"deck must have at most {MAX_DECK} cards, got {deck}")
        cards = _KUHN_DECK if deck == 3 else tuple(str(i) for i in range(1, deck + 1))
    elif isinstance(deck, (tuple, list)) and all(isinstance(c, str) for c in deck):
        cards = tuple(deck)
        if len(cards) < 2:
            raise GameDefinitionError(f"deck must have at least 2 cards, got {cards!r}")
        if len(set(cards)) != len(cards) or any(not c for c in cards):
            raise GameDefinitionError(f"deck card names must be distinct and non-empty, got {cards!r}")
    else:
        raise GameDefinitionError(f"deck must be an integer >= 2 or card names, got {deck!r}")
    if isinstance(max_bets, bool) or not isinstance(max_bets, numbers.Integral) or max_bets < 0:
        raise GameDefinitionError(f"max_bets must be an integer >= 0, got {max_bets!r}")
    if max_bets > MAX_BETS:
        raise GameDefinitionError(f"max_bets must be at most {MAX_BETS}, got {max_bets}")
    ante_x = exact_amount(ante, "ante")
    bet_x = exact_amount(bet, "bet")
    raise_x = bet_x if raise_size is None else exact_amount(raise_size, "raise")
    for what, amount in (("bet", bet_x), ("raise", raise_x)):
        if ante_x.is_Rational and amount.is_Rational and not (MIN_RATIO <= amount / ante_x <= 1 / MIN_RATIO):
            ratio = amount / ante_x
            shown = ratio if max(ratio.p, ratio.q) < 10**9 else sp.N(ratio, 3)
            raise GameDefinitionError(
                f"{what}/ante = {shown} is outside [{MIN_RATIO}, {1 / MIN_RATIO}]: "
                "so lopsided a game cannot be solved and certified reliably"
            )
    own_raise = raise_x != bet_x
    if name is None:
        if cards == _KUHN_DECK and max_bets == 1 and ante_x == 1 and bet_x == 1:
            name = "Kuhn poker"
        elif cards == _KUHN_DECK and max_bets == 2 and ante_x == 1 and bet_x == 1 and not own_raise:
            name = "one-raise poker"
        elif cards == _KUHN_DECK and max_bets == 2 and ante_x == 1 and own_raise:
            name = f"one-raise poker (bet {bet_x}, raise {raise_x})"
        else:
            raised = f", raise={raise_x}" if own_raise else ""
            name = f"one-card poker (N={len(cards)}, max_bets={max_bets}, ante={ante_x}, bet={bet_x}{raised})"
    return OneCardPoker(cards, int(max_bets), ante_x, bet_x, name, raise_size=raise_x)


def kuhn_poker() -> OneCardPoker:
    """Kuhn poker: deck Q < K < A, ante 1, one bet of 1 (Kuhn 1950, pp. 97-103).

    Examples
    --------
    >>> kuhn_poker().name
    'Kuhn poker'
    """
    return one_card_poker(3, max_bets=1)


def one_raise_poker() -> OneCardPoker:
    """The thesis's game: Kuhn poker with one raise allowed (Miao 2014, "Revised Kuhn poker").

    Examples
    --------
    >>> one_raise_poker().legal_actions((Action.CHECK, Action.BET))
    (fold, call, raise)
    """
    return one_card_poker(3, max_bets=2)
