"""One betting round of two-player limit poker: who acts, what is legal, what a terminal history pays.

The rules every one-card model shares (Kuhn 1950; von Neumann 1944; Borel 1938; Miao 2014): the
*opener* (player 0) and the *dealer* (player 1) alternate, the opener first; at most ``max_bets``
bets and raises of ``bet`` chips each may be made; a fold or a call ends the round, and so does
check-check.  Two variants the classic [0, 1] models need:

* ``opener_alternative``: the opener's alternative to betting is a check (von Neumann 1944, Kuhn
  1950) or a fold losing his ante (Borel 1938, "la relance");
* ``dealer_may_bet``: after the opener checks, the dealer may bet (Kuhn 1950) or the check goes
  straight to a showdown (von Neumann 1944).

:class:`LimitBetting` states these rules once; the N-card rules
(:class:`derive.games.one_card.OneCardPoker`, :class:`derive.continuum.rules.CardRules`) and the
[0, 1] rules (:class:`derive.continuum.rules.PokerRules`) inherit them, so the trees the exact
solvers build and the integrals of :mod:`derive.continuum.payoff` read one definition.
"""

from __future__ import annotations

import enum

import sympy as sp

__all__ = ["Action", "LimitBetting"]


class Action(enum.Enum):
    """A betting action.  ``letter`` is the one-letter code used in histories."""

    CHECK = "check"
    BET = "bet"
    CALL = "call"
    RAISE = "raise"
    FOLD = "fold"

    def __repr__(self) -> str:
        """The action's name, as a notebook or a printed tuple should show it (``fold``, not
        ``<Action.FOLD: 'fold'>``)."""
        return self.value

    __str__ = __repr__

    @property
    def letter(self) -> str:
        """One-letter code: x (check), b (bet), c (call), r (raise), f (fold)."""
        return _LETTERS[self]

    @classmethod
    def from_letter(cls, letter: str) -> Action:
        """Inverse of :attr:`letter`.

        Raises
        ------
        KeyError
            If ``letter`` is not one of ``x b c r f``.
        """
        return _FROM_LETTER[letter]


_LETTERS = {
    Action.CHECK: "x",
    Action.BET: "b",
    Action.CALL: "c",
    Action.RAISE: "r",
    Action.FOLD: "f",
}
_FROM_LETTER = {v: k for k, v in _LETTERS.items()}


class LimitBetting:
    """The betting round of one-card poker, for rules that have ``max_bets``, ``ante`` and ``bet``.

    A mixin: a rules class supplies ``max_bets`` (int >= 0), ``ante`` and ``bet`` (positive
    chips), and may override the two variants below (class defaults: Kuhn's rules).  Histories are
    tuples of :class:`Action`.

    Attributes
    ----------
    opener_alternative : {"check", "fold"}
        What the opener may do instead of betting (default ``"check"``).
    dealer_may_bet : bool
        Whether the dealer may bet after the opener checks (default True).
    """

    opener_alternative: str = "check"
    dealer_may_bet: bool = True

    @staticmethod
    def player_to_act(history: tuple[Action, ...]) -> int:
        """Player to act after ``history``: the players alternate, opener (0) first."""
        return len(history) % 2

    @staticmethod
    def bets_made(history: tuple[Action, ...]) -> int:
        """Number of bets and raises in ``history``."""
        return sum(a in (Action.BET, Action.RAISE) for a in history)

    @staticmethod
    def facing_bet(history: tuple[Action, ...]) -> bool:
        """Whether the player to act faces a bet or raise."""
        return bool(history) and history[-1] in (Action.BET, Action.RAISE)

    def is_terminal(self, history: tuple[Action, ...]) -> bool:
        """A fold or a call ends the round; so does check-check, and a check the dealer may not bet after."""
        if not history:
            return False
        if history[-1] in (Action.CALL, Action.FOLD):
            return True
        if history == (Action.CHECK,):
            return not self.dealer_may_bet
        return history == (Action.CHECK, Action.CHECK)

    def legal_actions(self, history: tuple[Action, ...]) -> tuple[Action, ...]:
        """Actions open to the player to act, in a fixed order (the passive one first).

        At the root: the opener's alternative (check or fold), then bet.  Checked to: check, then
        bet.  Facing a bet: fold, call, then raise.  A bet or raise only while fewer than
        ``max_bets`` were made; ``()`` at a terminal history.
        """
        if self.is_terminal(history):
            return ()
        below_cap = self.bets_made(history) < self.max_bets
        if self.facing_bet(history):
            return (Action.FOLD, Action.CALL) + ((Action.RAISE,) if below_cap else ())
        passive = Action(self.opener_alternative) if not history else Action.CHECK
        return (passive,) + ((Action.BET,) if below_cap else ())

    def betting_histories(self) -> list[tuple[Action, ...]]:
        """Every history of the betting tree (decisions and terminals), in preorder: each history after
        its prefixes, the actions in their legal order."""
        out, stack = [], [()]
        while stack:
            history = stack.pop()
            out.append(history)
            stack.extend(reversed([history + (a,) for a in self.legal_actions(history)]))
        return out

    @property
    def raise_amount(self) -> sp.Expr:
        """The size of each raise beyond the call (here the bet's; rules with a raise size of their own
        override it)."""
        return self.bet

    def stake(self, bets: int) -> sp.Expr:
        """What each player has put in once ``bets`` bets and raises are called: the ante, the bet, and
        one raise for each bet after the first."""
        return self.ante + (self.bet + (bets - 1) * self.raise_amount if bets else 0)

    def outcome(self, history: tuple[Action, ...]) -> tuple[sp.Expr, sp.Expr]:
        """The opener's payoff at a terminal history as ``(f, s)``: ``f + s * sign(his hand - the dealer's)``.

        After a fold facing ``n`` bets the folder loses what he has put in, :meth:`stake` of ``n - 1``
        (his ante alone when the opener folds at once): ``f = -+ stake``, ``s = 0``.  At a showdown
        after ``n`` bets the better hand wins :meth:`stake` of ``n`` (``ante + n bet`` when a raise
        is the bet's size): ``f = 0``, ``s = stake(n)``.

        Raises
        ------
        ValueError
            If ``history`` is not terminal.
        """
        if not self.is_terminal(history):
            raise ValueError(f"not a terminal history: {history!r}")
        n = self.bets_made(history)
        if history[-1] is Action.FOLD:
            stake = self.stake(max(n - 1, 0))
            loser = self.player_to_act(history[:-1])
            return (-stake if loser == 0 else stake), sp.S.Zero
        return sp.S.Zero, self.stake(n)
