"""The rules of one-card poker with hands uniform on [0, 1], and of its N-card versions.

Two players, the *opener* (player 0, acts first) and the *dealer* (player 1), each ante ``ante``
chips and receive a hand: in the continuous game independent numbers ``x, y`` uniform on [0, 1]
(ties have probability 0), in the N-card game one card each from a deck of ``N`` ranked cards.
There is one betting round with at most ``max_bets`` bets and raises of ``bet`` chips each, as in
:mod:`derive.games.one_card`, with the two variants the classic models need:

* ``opener_alternative``: the opener's alternative to betting is a **check** (von Neumann 1944)
  or a **fold**, losing his ante (Borel 1938, "la relance");
* ``dealer_may_bet``: after the opener checks, the dealer may bet (Kuhn 1950) or not, in which
  case the check goes straight to a showdown (von Neumann 1944).

This module only states rules (what is legal, who wins what); :mod:`derive.continuum.payoff`
integrates them.  :meth:`PokerRules.cards` gives the N-card game with the same rules, which the
exact one-card solver (:func:`derive.solving.zero_sum.from_rules.solve_rules`) solves.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass, field

import sympy as sp

from derive.games.one_card import MAX_BETS, GameDefinitionError, OneCardPoker, exact_amount
from derive.games.one_card.betting import Action, LimitBetting  # noqa: F401  (Action: the doctests')

__all__ = [
    "B",
    "MODELS",
    "MAX_CONTINUUM_BETS",
    "CardRules",
    "PokerRules",
    "continuum_model",
    "continuum_rules",
    "model_list",
]

#: The bet size as a positive symbol: the continuous models are solved as functions of it.
B = sp.Symbol("B", positive=True)

#: Most bets and raises of a continuous model: its plans multiply with every raise (a player has
#: ``O(k)`` plans, and a threshold structure ``O(k)`` thresholds, each of whose indifference
#: equations sympy solves jointly).  Karlin-Restrepo with 8 bets (24 thresholds) is derived and
#: proved in about a minute (docs/benchmark.md); the proof's exact factoring grows quickly beyond.
MAX_CONTINUUM_BETS = 8

_ALTERNATIVES = ("check", "fold")


@dataclass(frozen=True)
class PokerRules(LimitBetting):
    """Rules of a one-card poker model with hands on [0, 1] (module docstring).

    Attributes
    ----------
    ante : sympy.Expr
        Each player's ante, in chips (positive).
    bet : sympy.Expr
        The size of a bet and of each raise (positive; :data:`B` to solve as a function of it).
    max_bets : int
        Bets plus raises allowed (1 .. :data:`MAX_CONTINUUM_BETS`).
    opener_alternative : {"check", "fold"}
        What the opener may do instead of betting.
    dealer_may_bet : bool
        Whether the dealer may bet after the opener checks (meaningless after a fold).
    name : str
    source : str
        Where the model comes from (author, year, section).
    """

    ante: sp.Expr
    bet: sp.Expr
    max_bets: int
    opener_alternative: str = "check"
    dealer_may_bet: bool = True
    name: str = "one-card poker on [0, 1]"
    source: str = ""

    def __post_init__(self) -> None:
        if (
            isinstance(self.max_bets, bool)
            or not isinstance(self.max_bets, numbers.Integral)
            or not 1 <= self.max_bets <= MAX_CONTINUUM_BETS
        ):
            raise GameDefinitionError(
                f"max_bets must be an integer from 1 to {MAX_CONTINUUM_BETS}, got {self.max_bets!r}"
            )
        if self.opener_alternative not in _ALTERNATIVES:
            raise GameDefinitionError(
                f"opener_alternative must be 'check' or 'fold', got {self.opener_alternative!r}"
            )
        object.__setattr__(self, "ante", exact_amount(self.ante, "ante"))
        object.__setattr__(self, "bet", exact_amount(self.bet, "bet"))
        object.__setattr__(self, "dealer_may_bet", bool(self.dealer_may_bet))
        if self.opener_alternative == "fold":  # nothing follows a fold
            object.__setattr__(self, "dealer_may_bet", False)

    def at(self, bet: object) -> PokerRules:
        """The same rules with the bet size ``bet`` (exact, positive).

        Raises
        ------
        GameDefinitionError
            If ``bet`` is not an exact positive number (:func:`derive.games.one_card.exact_amount`).
        """
        return PokerRules(
            self.ante,
            exact_amount(bet, "bet"),
            self.max_bets,
            self.opener_alternative,
            self.dealer_may_bet,
            self.name,
            self.source,
        )

    def cards(self, deck: int) -> CardRules:
        """The N-card game with these rules (a deck of ``deck`` cards ranked 1 .. N, card removal).

        Raises
        ------
        GameDefinitionError
            If ``deck`` is not an integer from 2 to :data:`derive.games.one_card.MAX_DECK`, or the
            bet is symbolic.
        """
        from derive.games.one_card import one_card_poker

        if not self.bet.is_Rational:
            raise GameDefinitionError(f"the N-card game needs a numeric bet, got {self.bet}")
        base = one_card_poker(deck, min(self.max_bets, MAX_BETS), self.ante, self.bet)
        cards = base.deck if deck != 3 else ("1", "2", "3")
        return CardRules(
            cards,
            self.max_bets,
            self.ante,
            self.bet,
            f"{self.name}, N = {deck}",
            opener_alternative=self.opener_alternative,
            dealer_may_bet=self.dealer_may_bet,
        )


@dataclass(frozen=True)
class CardRules(OneCardPoker):
    """The N-card game of :class:`PokerRules`: :class:`~derive.games.one_card.OneCardPoker` with its variants.

    Attributes are those of :class:`~derive.games.one_card.OneCardPoker` and of
    :class:`PokerRules` (``opener_alternative``, ``dealer_may_bet``); the betting round is the one
    :class:`~derive.games.one_card.betting.LimitBetting` states for both, so the exact sequence-form solver
    solves it as it solves Kuhn poker.
    """

    opener_alternative: str = field(default="check", kw_only=True)
    dealer_may_bet: bool = field(default=True, kw_only=True)


def _kuhn(bet: object, max_bets: int, name: str, source: str) -> PokerRules:
    return PokerRules(1, bet, max_bets, "check", True, name, source)


#: The named models: name -> (builder of the rules at a bet size, one line on the model).
MODELS = {
    "von-neumann": (
        lambda bet: PokerRules(
            1,
            bet,
            1,
            "check",
            False,
            "von Neumann's poker",
            "von Neumann & Morgenstern (1944), section 19.14-19.16; Ferguson & Ferguson (2003), section 3",
        ),
        "I checks (showdown) or bets B; II folds or calls",
    ),
    "borel": (
        lambda bet: PokerRules(
            1,
            bet,
            1,
            "fold",
            False,
            "Borel's la relance",
            "Borel (1938), chapter 5; Ferguson & Ferguson (2003), section 2",
        ),
        "I folds (losing the ante) or bets B; II folds or calls",
    ),
    "kuhn-continuum": (
        lambda bet: _kuhn(
            bet,
            1,
            "Kuhn's rules on [0, 1]",
            "Kuhn (1950) rules with uniform hands, as in the [0,1] games of Chen & Ankenman (2006)",
        ),
        "I checks or bets; II may bet after a check; one bet, no raise",
    ),
    "one-raise-continuum": (
        lambda bet: _kuhn(
            bet,
            2,
            "one-raise poker on [0, 1]",
            "Miao (2014) rules (one raise) with uniform hands",
        ),
        "Kuhn's rules with one raise allowed (Miao 2014), hands on [0, 1]",
    ),
}


def continuum_model(name: str, bet: object = B) -> PokerRules:
    """A named continuous model (:data:`MODELS`, or ``karlin-restrepo-K``) at bet size ``bet``.

    ``karlin-restrepo-K`` is von Neumann's game with up to ``K`` bets and raises: I checks (showdown)
    or bets, then the players may raise in turn (Karlin & Restrepo 1957).

    Parameters
    ----------
    name : str
        ``von-neumann``, ``borel``, ``kuhn-continuum``, ``one-raise-continuum`` or
        ``karlin-restrepo-K`` with ``K`` from 1 to :data:`MAX_CONTINUUM_BETS`.
    bet : number, str or sympy.Expr
        The bet size (exact, positive); the symbol :data:`B` by default.

    Returns
    -------
    PokerRules

    Raises
    ------
    GameDefinitionError
        If the name is unknown or the bet is not exact and positive.

    Examples
    --------
    >>> continuum_model("von-neumann").legal_actions(())
    (check, bet)
    """
    if name in MODELS:
        return MODELS[name][0](bet)
    prefix = "karlin-restrepo-"
    if name.startswith(prefix) and name[len(prefix) :].isdigit():
        k = int(name[len(prefix) :])
        return PokerRules(
            1,
            bet,
            k,
            "check",
            False,
            f"Karlin-Restrepo poker, {k} bet{'s' if k != 1 else ''}",
            "Karlin & Restrepo (1957); Ferguson, Ferguson & Gawargy, Uniform(0,1) two-person poker models",
        )
    known = ", ".join(list(MODELS) + ["karlin-restrepo-K"])
    raise GameDefinitionError(f"unknown continuous model {name!r}; choose one of {known}")


def model_list() -> list[tuple[str, str, str]]:
    """Every model :func:`continuum_model` takes, as ``(name, description, source)``: the named
    :data:`MODELS`, then ``karlin-restrepo-K``.

    Examples
    --------
    >>> [name for name, _, _ in model_list()]
    ['von-neumann', 'borel', 'kuhn-continuum', 'one-raise-continuum', 'karlin-restrepo-K']
    """
    out = []
    for name, (build, description) in MODELS.items():
        rules = build(B)
        out.append((name, f"{rules.name}: {description}", rules.source))
    kr = continuum_model("karlin-restrepo-2")
    out.append(
        (
            "karlin-restrepo-K",
            "von Neumann's rules (I checks to a showdown or bets B) with up to K bets and raises in all, "
            f"K = 1 .. {MAX_CONTINUUM_BETS}",
            kr.source,
        )
    )
    return out


def continuum_rules(
    max_bets: int = 1,
    ante: object = 1,
    bet: object = B,
    opener_alternative: str = "check",
    dealer_may_bet: bool = True,
) -> PokerRules:
    """Rules of one-card poker on [0, 1] from the same parameters as :func:`~derive.games.one_card.one_card_poker`.

    Parameters
    ----------
    max_bets : int
        Bets plus raises allowed, 1 .. :data:`MAX_CONTINUUM_BETS`.
    ante, bet : number, str or sympy.Expr
        Exact and positive; ``bet`` is the symbol :data:`B` by default.
    opener_alternative : {"check", "fold"}
    dealer_may_bet : bool

    Returns
    -------
    PokerRules

    Raises
    ------
    GameDefinitionError
        If a parameter is out of range or not exact.

    Examples
    --------
    >>> continuum_rules(2).legal_actions((Action.CHECK, Action.BET))
    (fold, call, raise)
    """
    return PokerRules(ante, bet, max_bets, opener_alternative, dealer_may_bet, "one-card poker on [0, 1]")
