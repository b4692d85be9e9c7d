"""The sequence form of one-card poker, computed from its rules without building the game tree.

In one-card poker (:mod:`derive.games.one_card`) every one of the ``N (N - 1)`` deals is followed
by the same betting tree, and a player's information set is *(his card, the betting so far)*.
So the sequence form (Koller, Megiddo & von Stengel 1994) factors: player ``p``'s sequences are
``(card, betting history, action)`` for his own decisions, and a terminal betting history ``z``
ending in the players' last sequences ``s_0(z)``, ``s_1(z)`` contributes

    A[(c_0, s_0(z)), (c_1, s_1(z))] = u_0(z; c_0, c_1) / (N (N - 1))        for every c_0 != c_1

to the opener's payoff matrix, where ``u_0`` is the fold amount or, at a showdown, the pot
share of the higher card.  This module enumerates the betting tree once (a few dozen
histories) and fills the matrix card pair by card pair, so N = 52 with 6 bets (103,429 tree
nodes) costs a 989 x 989 sparse matrix and no tree.  The result has the same sequences,
labels (``"K:xb:call"``) and matrices as :func:`derive.sequence_form.general.game_sequence_form`
of :func:`derive.games.one_card.to_extensive_form` (a test checks it), and the same interface
(:class:`~derive.sequence_form.general.SequenceBookkeeping`) as far as the two-player solvers (:mod:`derive.solving.zero_sum.sequence_form_lp`, :mod:`derive.solving.refinements.quasi_perfect`)
use it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from sympy.polys.domains import QQ

from derive.games.one_card import PLAYER_NAMES, Action, OneCardPoker
from derive.sequence_form.general import SequenceBookkeeping

__all__ = [
    "MAX_ENTRIES",
    "BettingInformationSet",
    "OneCardSequenceForm",
    "matrix_entries",
    "one_card_sequence_form",
]

#: Largest number of payoff entries of the sequence form built (solving takes about 1 KB of memory an entry).
MAX_ENTRIES = 2_000_000


@dataclass(frozen=True)
class BettingInformationSet:
    """An information set of one-card poker: a player's card and the betting before his move.

    Attributes
    ----------
    index : int
        Position among all information sets (the opener's first, then the dealer's).
    player : int
        0 (opener) or 1 (dealer).
    label : str
        ``"K"`` at the opener's first move, else ``"K:xb"`` (card, then the actions' letters).
    actions : tuple of str
        The legal actions, in the rules' order (``"check", "bet"`` or ``"fold", "call", "raise"``).
    card : int
        Rank of the player's card (0 = lowest).
    history : tuple of Action
        The betting before the move.
    """

    index: int
    player: int
    label: str
    actions: tuple[str, ...]
    card: int
    history: tuple[Action, ...]


@dataclass(frozen=True)
class OneCardSequenceForm(SequenceBookkeeping):
    """Sequences, constraints and the payoff matrix of a one-card poker game (module docstring).

    Attributes
    ----------
    rules : OneCardPoker
        With rational ante and bet.
    infosets : tuple of BettingInformationSet
        The opener's, card by card (each card's in preorder of the betting), then the dealer's.
    sequences : tuple (one per player) of tuple of (int, int) or None
        ``None`` is the empty sequence (first); ``(i, a)`` is information set ``infosets[i]``
        followed by its action number ``a``, as in :class:`~derive.sequence_form.general.GameSequenceForm`.
    parent : dict
        ``information set index -> index of its parent sequence`` in its player's list.
    """

    rules: OneCardPoker
    infosets: tuple[BettingInformationSet, ...]
    sequences: tuple[tuple[tuple[int, int] | None, ...], ...]
    parent: dict[int, int]

    @property
    def players(self) -> tuple[str, str]:
        """``("opener", "dealer")``."""
        return PLAYER_NAMES

    def all_infosets(self) -> tuple[BettingInformationSet, ...]:
        """Every information set (the opener's, then the dealer's)."""
        return self.infosets

    def numeric_matrix(self, player: int) -> dict[int, dict[int, object]]:
        """``A_player`` (rows the opener's sequences, columns the dealer's) as ``{row: {col: QQ}}``, exact.

        Player 1's matrix is minus player 0's (the game is zero-sum).
        """
        if player == 0:
            return self._matrix
        return {i: {j: -v for j, v in row.items()} for i, row in self._matrix.items()}

    @cached_property
    def _matrix(self) -> dict[int, dict[int, object]]:
        rules = self.rules
        n = rules.num_cards
        chance = QQ(1, n * (n - 1))
        high, low = rules.deck[1], rules.deck[0]  # the opener holds the higher card, or the lower
        # each player's last own (history, action) -> sequence index, for every card
        where = [dict(), dict()]
        for info in self.infosets:
            for a, name in enumerate(info.actions):
                key = (info.history, Action(name))
                where[info.player].setdefault(key, [0] * n)[info.card] = self.index[info.player][
                    (info.index, a)
                ]
        out: dict[int, dict[int, object]] = {}
        for history in _terminal_histories(rules):
            last = [None, None]
            for t, action in enumerate(history):
                last[t % 2] = (history[:t], action)
            s0 = where[0][last[0]] if last[0] else [0] * n
            s1 = where[1][last[1]] if last[1] else [0] * n
            win = chance * QQ.from_sympy(rules.payoff((high, low), history))
            lose = chance * QQ.from_sympy(rules.payoff((low, high), history))
            for c0 in range(n):
                row = out.setdefault(s0[c0], {})
                for c1 in range(n):
                    if c1 != c0:
                        j = s1[c1]
                        v = win if c0 > c1 else lose
                        row[j] = row[j] + v if j in row else v
        return {i: {j: v for j, v in row.items() if v} for i, row in out.items()}

    def unreached(self, strategies) -> tuple[tuple[int, str], ...]:
        """Information sets reached with probability 0 under behaviour ``strategies``.

        Parameters
        ----------
        strategies : (dict, dict)
            Each player's ``information-set label -> {action: probability}``.

        Returns
        -------
        tuple of (player, label)
            In the order of :attr:`infosets`.  A set ``(c, h)`` of player ``p`` is reached when
            ``p``'s own play with card ``c`` follows ``h`` with positive probability and the
            opponent's does for some other card.
        """
        rules = self.rules
        n = rules.num_cards
        decisions = _decision_histories(rules)
        label = {(i.player, i.card, i.history): i.label for i in self.infosets}
        # own[p][c][h]: probability that p's own moves follow history h while he holds card c
        own: list[list[dict]] = [[], []]
        for p in (0, 1):
            for c in range(n):
                prob: dict[tuple, object] = {(): 1}
                for h in decisions:  # preorder: prob[h] is known
                    mine = rules.player_to_act(h) == p
                    dist = strategies[p][label[(p, c, h)]] if mine else None
                    for a in rules.legal_actions(h):
                        prob[h + (a,)] = prob[h] * dist[a.value] if mine else prob[h]
                own[p].append(prob)
        out = []
        for info in self.infosets:
            p, c, h = info.player, info.card, info.history
            if own[p][c][h] == 0 or all(own[1 - p][d][h] == 0 for d in range(n) if d != c):
                out.append((p, info.label))
        return tuple(out)


def matrix_entries(rules: OneCardPoker) -> int:
    """Number of payoff entries the sequence form has: ``N (N - 1)`` times the terminal betting histories."""
    n = rules.num_cards
    return n * (n - 1) * len(_terminal_histories(rules))


def _terminal_histories(rules: OneCardPoker) -> list[tuple[Action, ...]]:
    return [h for h in rules.betting_histories() if rules.is_terminal(h)]


def _decision_histories(rules: OneCardPoker) -> list[tuple[Action, ...]]:
    """The betting tree's decision histories in preorder (parents first)."""
    return [h for h in rules.betting_histories() if not rules.is_terminal(h)]


def one_card_sequence_form(rules: OneCardPoker) -> OneCardSequenceForm:
    """The sequence form of ``rules``, from the betting tree alone (module docstring).

    Parameters
    ----------
    rules : OneCardPoker
        Numeric (rational) ante and bet.

    Returns
    -------
    OneCardSequenceForm
        Player ``p`` has ``1 + N * m_p`` sequences, ``m_p`` the number of his (betting history,
        action) pairs; Kuhn poker: shape ``(13, 13)``.

    Raises
    ------
    derive.games.one_card.SymbolicGameError
        If the ante or the bet is a symbol.

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker
    >>> sf = one_card_sequence_form(kuhn_poker())
    >>> sf.shape
    (13, 13)
    >>> sf.label(0, 1), sf.label(1, 1)
    ('Q:check', 'Q:x:check')

    References
    ----------
    Koller, Megiddo & von Stengel (1994); von Stengel (1996), section 3.
    """
    rules.require_numeric()
    decisions = _decision_histories(rules)
    infosets: list[BettingInformationSet] = []
    sequences: list[list[tuple[int, int] | None]] = [[None], [None]]
    parent: dict[int, int] = {}
    for p in (0, 1):
        mine = [h for h in decisions if rules.player_to_act(h) == p]
        for card, name in enumerate(rules.deck):
            seq_of: dict[tuple, int] = {}  # (history, action) -> sequence index, this card
            for h in mine:
                index = len(infosets)
                letters = "".join(a.letter for a in h)
                actions = rules.legal_actions(h)
                info = BettingInformationSet(
                    index, p, f"{name}:{letters}" if h else name, tuple(a.value for a in actions), card, h
                )
                infosets.append(info)
                # the parent sequence: p's last own move in h
                own = [(h[:t], a) for t, a in enumerate(h) if t % 2 == p]
                parent[index] = seq_of[own[-1]] if own else 0
                for k, a in enumerate(actions):
                    seq_of[(h, a)] = len(sequences[p])
                    sequences[p].append((index, k))
    return OneCardSequenceForm(rules, tuple(infosets), (tuple(sequences[0]), tuple(sequences[1])), parent)
