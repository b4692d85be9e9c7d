"""Published families of equilibria, as data: behaviour profiles written in parameters, with domains.

Each family is transcribed from its source once, in the information-set labels of a built-in game,
and checked by :func:`derive.verification.profile_family.check_profile_family` (``derive family
GAME`` on the command line).  The transcription is the claim; the check is derive's.
"""

from __future__ import annotations

from collections.abc import Callable

import sympy as sp

from derive.games import three_player_kuhn
from derive.games.family import ProfileFamily, UnknownFamilyError
from derive.games.one_card import alpha

__all__ = ["PUBLISHED_FAMILIES", "ProfileFamily", "UnknownFamilyError", "kuhn_family", "published_families"]


def kuhn_family() -> ProfileFamily:
    """Kuhn's one-parameter family of equilibria of Kuhn poker (deck Q < K < A), for the built-in ``kuhn``.

    The opener bets Q with ``alpha``, A with ``3 alpha``, never K, and after check and bet calls with
    K with ``alpha + 1/3``; the dealer's strategy is unique: bet Q with 1/3 after a check, call a
    bet with K with 1/3.  ``0 <= alpha <= 1/3``.

    References
    ----------
    Kuhn (1950), "A simplified two-person poker", Contributions to the Theory of Games I, pp. 97-103.
    """
    R = sp.Rational
    a = alpha  # the thesis's α, one symbol (nonnegative, so "a >= 0" is written unevaluated below)
    opener = {
        "Q": {"check": 1 - a, "bet": a},
        "K": {"check": sp.S.One, "bet": sp.S.Zero},
        "A": {"check": 1 - 3 * a, "bet": 3 * a},
        "Q:xb": {"fold": sp.S.One, "call": sp.S.Zero},
        "K:xb": {"fold": R(2, 3) - a, "call": a + R(1, 3)},
        "A:xb": {"fold": sp.S.Zero, "call": sp.S.One},
    }
    dealer = {
        "Q:b": {"fold": sp.S.One, "call": sp.S.Zero},
        "K:b": {"fold": R(2, 3), "call": R(1, 3)},
        "A:b": {"fold": sp.S.Zero, "call": sp.S.One},
        "Q:x": {"check": R(2, 3), "bet": R(1, 3)},
        "K:x": {"check": sp.S.One, "bet": sp.S.Zero},
        "A:x": {"check": sp.S.Zero, "bet": sp.S.One},
    }
    return ProfileFamily(
        name="Kuhn's family",
        parameters=(a,),
        strategies=(opener, dealer),
        domain=(sp.Ge(a, 0, evaluate=False), a <= R(1, 3)),
        equations=(),
        source="Kuhn (1950), pp. 97-103",
    )


def _sgs() -> tuple[ProfileFamily, ...]:
    return tuple(three_player_kuhn.szafron_gibson_sturtevant_family(k) for k in (1, 2, 3))


#: Built-in game name -> its published families.
PUBLISHED_FAMILIES: dict[str, Callable[[], tuple[ProfileFamily, ...]]] = {
    "kuhn": lambda: (kuhn_family(),),
    "kuhn3": _sgs,
}


def published_families(game: str) -> tuple[ProfileFamily, ...]:
    """The published families of the built-in game named ``game``.

    Raises
    ------
    UnknownFamilyError
        If no family of ``game`` is built in (the message lists the games that have one).
    """
    if game not in PUBLISHED_FAMILIES:
        known = ", ".join(sorted(PUBLISHED_FAMILIES))
        raise UnknownFamilyError(f"no published family of {game!r} is built in (families: {known})")
    return PUBLISHED_FAMILIES[game]()
