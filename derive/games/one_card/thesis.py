"""The thesis's data about one-card poker: published parameter letters and the "stupid mistakes".

Kuhn's letters α, β, γ (opener) and ξ, η (dealer) (Kuhn 1950, p. 101), the thesis's α of the
one-raise game (Miao 2014, "The solution"), and the plans the thesis rules out as "stupid mistakes"
(Miao 2014 after Swanson 2005).  Data only: information sets and plans are named by their labels
in the game :func:`derive.games.one_card.builder.to_extensive_form` builds (``"K:xb"``,
``"A:checkraise"``), and the stages below read them through the general plan form.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from derive.games.one_card.betting import Action
from derive.games.one_card.rules import alpha, beta, eta, gamma, xi

__all__ = [
    "KUHN_LETTERS",
    "KUHN_PARAMETERS",
    "NamedParameter",
    "ONE_RAISE_PARAMETERS",
    "THESIS_STUPID_MISTAKES",
    "thesis_excluded_plans",
    "thesis_removed_items",
]


@dataclass(frozen=True)
class NamedParameter:
    """A named probability in a published parameterization.

    ``symbol`` stands for the probability of ``action`` at the information set
    ``infoset`` of ``player``: conditional on reaching it (a behaviour
    probability, ``conditional=True``) or as the realization probability of
    the sequence (``conditional=False``, e.g. the probability of the plan
    checkraise with the ace).
    """

    symbol: sp.Symbol
    player: int
    infoset: str
    action: Action
    conditional: bool
    meaning: str
    source: str


#: Kuhn's letters (Kuhn 1950, p. 101): α, β, γ for the opener, ξ, η for the dealer.
KUHN_PARAMETERS = (
    NamedParameter(alpha, 0, "Q", Action.BET, True, "opener bets with Q (bluff)", "Kuhn 1950, p. 101"),
    NamedParameter(
        beta, 0, "K:xb", Action.CALL, True, "opener calls with K after check, bet", "Kuhn 1950, p. 101"
    ),
    NamedParameter(gamma, 0, "A", Action.BET, True, "opener bets with A", "Kuhn 1950, p. 101"),
    NamedParameter(
        xi, 1, "Q:x", Action.BET, True, "dealer bets with Q when checked to (bluff)", "Kuhn 1950, p. 101"
    ),
    NamedParameter(eta, 1, "K:b", Action.CALL, True, "dealer calls a bet with K", "Kuhn 1950, p. 101"),
)

#: The thesis's α: probability that the opener checkraises the ace
#: (Miao 2014, "Revised Kuhn poker"; it is 1 - γ in Kuhn's letters).
ONE_RAISE_PARAMETERS = (
    NamedParameter(
        alpha,
        0,
        "A:xb",
        Action.RAISE,
        False,
        "opener checkraises with A (sandbagging)",
        "Miao 2014, 'The solution'",
    ),
)

#: The thesis's "stupid mistakes" in the one-raise game (Miao 2014, after
#: Swanson 2005), as the plans they rule out: item number -> (description,
#: opener's plan labels, dealer's plan labels).  Item 4 (betting the king) is *not* a mistake with a raise
#: allowed, so it rules out nothing.  Items 6 and 7 are weak dominance only.
THESIS_STUPID_MISTAKES: dict[int, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    1: ("folding the ace", ("A:checkfold", "A:betfold"), ("A:betfold", "A:fold")),
    2: ("calling with the queen", ("Q:checkcall", "Q:betcall"), ("Q:betcall", "Q:call")),
    3: ("the dealer checking the ace after a check", (), ("A:check",)),
    4: ("betting the king (no longer a mistake)", (), ()),
    5: ("raising with the king", ("K:checkraise",), ("K:raise",)),
    6: ("the opener checkcalling the ace (weakly dominated by checkraising)", ("A:checkcall",), ()),
    7: ("the dealer calling a bet with the ace (weakly dominated by raising)", (), ("A:call",)),
}


def thesis_excluded_plans() -> tuple[tuple[int, str], ...]:
    """All plans ruled out by :data:`THESIS_STUPID_MISTAKES`, as ``(player, label)``."""
    return tuple(
        (player, label)
        for _, opener, dealer in THESIS_STUPID_MISTAKES.values()
        for player, labels in ((0, opener), (1, dealer))
        for label in labels
    )


def thesis_removed_items() -> tuple[int, ...]:
    """The numbers of the thesis's "stupid mistakes" that rule out a plan in the one-raise game.

    Item 4 (betting the king) is not a mistake once a raise is allowed and rules out nothing.

    Examples
    --------
    >>> thesis_removed_items()
    (1, 2, 3, 5, 6, 7)
    """
    return tuple(k for k, (_, opener, dealer) in THESIS_STUPID_MISTAKES.items() if opener or dealer)


#: Kuhn's reduced behaviour strategies in his letters (Kuhn 1950, p. 101), by information-set label:
#: every dominated choice fixed as Kuhn fixes it (never call with Q, never bet K, never fold A; the
#: dealer always bets A when checked to and checks K), the free choices α, β, γ and ξ, η.
KUHN_LETTERS: tuple[dict[str, dict[str, sp.Expr]], dict[str, dict[str, sp.Expr]]] = (
    {
        "Q": {"bet": alpha, "check": 1 - alpha},
        "Q:xb": {"fold": sp.S.One},
        "K": {"check": sp.S.One},
        "K:xb": {"call": beta, "fold": 1 - beta},
        "A": {"bet": gamma, "check": 1 - gamma},
        "A:xb": {"call": sp.S.One},
    },
    {
        "Q:x": {"bet": xi, "check": 1 - xi},
        "Q:b": {"fold": sp.S.One},
        "K:x": {"check": sp.S.One},
        "K:b": {"call": eta, "fold": 1 - eta},
        "A:x": {"bet": sp.S.One},
        "A:b": {"call": sp.S.One},
    },
)
