"""The sequence form of any extensive-form game with perfect recall.

Koller, Megiddo & von Stengel (1994) and von Stengel (1996): a *sequence* of
player ``p`` is the empty sequence or the last (information set, action) pair
of ``p`` on a path; with perfect recall every information set ``I`` has one
*parent sequence* ``sigma(I)``.  A mixed strategy is represented by its
*realization plan* ``x`` (one entry per sequence, the probability that ``p``'s
own moves follow it), characterised by

    x_empty = 1,    sum_a x_(I,a) = x_sigma(I)  for every information set I,    x >= 0,

i.e. ``E x = e, x >= 0`` (eq. (2) of von Stengel 1996).  Each terminal node
``z`` ends one sequence of every player, and player ``i``'s expected payoff is
multilinear in the plans:

    U_i = sum_z  c(z) u_i(z) prod_p x^p_(s_p(z)),

where ``c(z)`` is the product of chance probabilities on the path.  For two
players this is the bilinear form ``x^T A_i y`` with
``A_i[s, t] = sum of c(z) u_i(z) over the terminals z ending in (s, t)``.
Everything here is exact (sympy / ``QQ``); the matrices are sparse.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

import sympy as sp
from sympy.polys.domains import QQ

from derive.extensive_form.game import CHANCE, Game, GameModelError, NotSupportedError

__all__ = [
    "GameSequenceForm",
    "SequenceBookkeeping",
    "behaviour_symbols",
    "game_sequence_form",
    "plan_symbol_name",
]


class SequenceBookkeeping:
    """What every sequence form here shares, given ``sequences``, ``parent`` and the information sets
    (``all_infosets``; each with ``index``, ``player``, ``label``, ``actions``): positions, labels,
    children and the constraints ``E x = e``.  Used by :class:`GameSequenceForm` and by
    :class:`derive.sequence_form.from_rules.OneCardSequenceForm`."""

    sequences: tuple[tuple[tuple[int, int] | None, ...], ...]
    parent: dict[int, int]

    def all_infosets(self) -> tuple:
        """Every information set, indexed by its ``index``."""
        raise NotImplementedError

    def infosets_of(self, player: int) -> tuple:
        """``player``'s information sets, parents before children."""
        return tuple(i for i in self.all_infosets() if i.player == player)

    def bottom_up(self, player: int) -> list:
        """``player``'s information sets, deepest first (the number of his own moves before them):
        with perfect recall they form a forest, so children come before their parents."""
        depth: dict[int, int] = {}

        def depth_of(i: int) -> int:
            if i not in depth:
                seq = self.sequences[player][self.parent[i]]
                depth[i] = 0 if seq is None else depth_of(seq[0]) + 1
            return depth[i]

        return sorted(self.infosets_of(player), key=lambda i: -depth_of(i.index))

    @cached_property
    def index(self) -> tuple[dict[tuple[int, int] | None, int], ...]:
        """For each player, ``sequence -> position``."""
        return tuple({s: k for k, s in enumerate(seqs)} for seqs in self.sequences)

    @property
    def shape(self) -> tuple[int, ...]:
        """Number of sequences of each player."""
        return tuple(len(s) for s in self.sequences)

    def label(self, player: int, k: int) -> str:
        """``"∅"`` for the empty sequence, else ``"<information set>:<action>"`` (e.g. ``"K:bet"``)."""
        seq = self.sequences[player][k]
        if seq is None:
            return "∅"
        info = self.all_infosets()[seq[0]]
        return f"{info.label}:{info.actions[seq[1]]}"

    def children(self, player: int, k: int) -> tuple[int, ...]:
        """Information sets (indices) whose parent sequence is ``k`` of ``player``."""
        return self._children[player].get(k, ())

    @cached_property
    def _children(self) -> tuple[dict[int, tuple[int, ...]], ...]:
        out: list[dict[int, list[int]]] = [{} for _ in self.sequences]
        for info in self.all_infosets():
            out[info.player].setdefault(self.parent[info.index], []).append(info.index)
        return tuple({k: tuple(v) for k, v in d.items()} for d in out)

    def constraints(self, player: int) -> tuple[dict[int, dict[int, int]], list[int]]:
        """``(E, e)``, sparse: row ``0`` is ``x_empty = 1``, then one row per information set of ``player``.

        Returns
        -------
        (dict, list)
            ``E`` as ``{row: {sequence index: coefficient}}``, shape ``(1 + #infosets, n_p)``;
            ``e`` as a list of length ``1 + #infosets``.
        """
        rows: dict[int, dict[int, int]] = {0: {0: 1}}
        infos = self.infosets_of(player)
        for r, info in enumerate(infos, start=1):
            row = {self.index[player][(info.index, a)]: 1 for a in range(len(info.actions))}
            row[self.parent[info.index]] = -1
            rows[r] = row
        return rows, [1] + [0] * len(infos)


@dataclass(frozen=True)
class GameSequenceForm(SequenceBookkeeping):
    """Sequences, constraints and payoffs of a game with perfect recall (see the module docstring).

    Attributes
    ----------
    game : Game
    sequences : tuple (one per player) of tuple of (int, int) or None
        Player ``p``'s sequences; ``None`` is the empty sequence (always first), ``(i, a)`` is
        information set ``game.infosets[i]`` followed by its action number ``a``.
    parent : dict
        ``information set index -> index of its parent sequence`` in its player's list.
    terminal_sequences : dict
        ``terminal node -> tuple of sequence indices`` (one per player).
    """

    game: Game
    sequences: tuple[tuple[tuple[int, int] | None, ...], ...]
    parent: dict[int, int]
    terminal_sequences: dict[int, tuple[int, ...]]

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names."""
        return self.game.players

    def all_infosets(self) -> tuple:
        """The game's information sets."""
        return self.game.infosets

    def infosets_of(self, player: int):
        """``player``'s information sets (the game's :class:`~derive.extensive_form.game.InformationSet` objects)."""
        return self.game.infosets_of(player)

    def unreached(self, strategies) -> tuple[tuple[int, str], ...]:
        """Information sets whose nodes are all reached with probability 0 under ``strategies``.

        Parameters
        ----------
        strategies : sequence of dict
            Each player's ``information-set label -> {action: probability}``.

        Returns
        -------
        tuple of (player, label)
            In the order of ``game.infosets``.
        """
        game = self.game
        # a node is reached iff every probability on its path is nonzero: booleans, no products
        reached = [False] * len(game.nodes)
        reached[0] = True
        for n in game.nodes:
            if not n.children or not reached[n.index]:
                continue
            if n.player == CHANCE:
                for c, prob in zip(n.children, n.probabilities):
                    reached[c] = prob != 0
            else:
                dist = strategies[n.player][game.infosets[n.infoset].label]
                for c, a in zip(n.children, n.actions):
                    reached[c] = dist[a] != 0
        return tuple(
            (info.player, info.label) for info in game.infosets if not any(reached[n] for n in info.nodes)
        )

    @cached_property
    def terminal_weights(self) -> dict[int, sp.Expr]:
        """``terminal -> c(z)``, the product of chance probabilities on its path."""
        return {z: self.game.reach_by_chance[z] for z in self.game.terminals}

    def payoff_entries(self, player: int) -> dict[tuple[int, ...], sp.Expr]:
        """Sparse payoff tensor of ``player``: ``(s_0, s_1, ...) -> sum_z c(z) u_player(z)``.

        For two players this is the matrix ``A_player`` of ``x^T A_player y``, exact.
        """
        out: dict[tuple[int, ...], sp.Expr] = {}
        for z, seqs in self.terminal_sequences.items():
            w = self.terminal_weights[z] * self.game.payoffs[z][player]
            out[seqs] = out.get(seqs, sp.S.Zero) + w
        return {k: sp.expand(v) for k, v in out.items() if sp.expand(v) != 0}

    def payoff_matrix(self, player: int) -> sp.ImmutableSparseMatrix:
        """``A_player`` as a sympy sparse matrix, shape ``(n_0, n_1)`` (two-player games only).

        Raises
        ------
        NotSupportedError
            If the game does not have exactly two players.
        """
        if self.game.num_players != 2:
            raise NotSupportedError("a payoff matrix needs exactly two players")
        return sp.ImmutableSparseMatrix(*self.shape, self.payoff_entries(player))

    def numeric_matrix(self, player: int) -> dict[int, dict[int, object]]:
        """``A_player`` as ``{row: {col: QQ}}`` for the exact LP (two players, numeric payoffs).

        Raises
        ------
        NotSupportedError
            If a payoff or probability contains a symbol, or the game does not have two players.
        """
        if self.game.num_players != 2:
            raise NotSupportedError("the sequence-form LP needs exactly two players")
        if not self.game.is_symbolic:
            return self._numeric_matrices[player]
        out: dict[int, dict[int, object]] = {}
        for (i, j), v in self.payoff_entries(player).items():
            if not v.is_Rational:
                names = ", ".join(sorted(map(str, v.free_symbols)))
                raise NotSupportedError(
                    f"payoffs contain the symbol(s) {names}; substitute numbers before solving"
                )
            out.setdefault(i, {})[j] = QQ(int(v.p), int(v.q))
        return out

    @cached_property
    def _numeric_matrices(self) -> tuple[dict[int, dict[int, object]], ...]:
        """Both players' ``A_p`` in ``QQ`` for a game without symbols, in one pass over the tree:
        chance's reach probabilities and the payoffs are multiplied as exact rationals, not sympy
        expressions (each distinct number is converted once)."""
        game = self.game
        to_qq: dict[sp.Expr, object] = {}

        def qq(v: sp.Expr):
            if v not in to_qq:
                to_qq[v] = QQ(int(v.p), int(v.q))
            return to_qq[v]

        one = QQ(1)
        reach = [one] * len(game.nodes)
        for n in game.nodes:
            if n.player == CHANCE:
                r = reach[n.index]
                for c, prob in zip(n.children, n.probabilities):
                    reach[c] = r * qq(prob)
            elif n.children:
                r = reach[n.index]
                for c in n.children:
                    reach[c] = r
        payoffs = game.payoffs
        out: list[dict[int, dict[int, object]]] = [{} for _ in game.players]
        for z, (s0, s1) in self.terminal_sequences.items():
            u = payoffs[z]
            w = reach[z]
            for p in (0, 1):
                v = u[p]
                if v == 0 or not w:
                    continue
                row = out[p].setdefault(s0, {})
                row[s1] = row[s1] + w * qq(v) if s1 in row else w * qq(v)
        kept = tuple({i: {j: v for j, v in row.items() if v} for i, row in m.items()} for m in out)
        return tuple({i: row for i, row in m.items() if row} for m in kept)

    def plan_symbols(self, player: int, prefix: str | None = None) -> tuple[sp.Symbol, ...]:
        """One symbol per sequence of ``player``: ``x_{∅}, x_{K:bet}, ...`` (``y`` for player 1, ...).

        The empty sequence's symbol is included for uniformity; its value is always 1.
        """
        letter = prefix or ("xyzw"[player] if player < 4 else f"x{player}")
        return tuple(
            sp.Symbol(f"{letter}_{{{self.label(player, k)}}}", nonnegative=True)
            for k in range(self.shape[player])
        )

    def bilinear_payoff(self, player: int = 0) -> sp.Expr:
        """``U_player`` as a polynomial in the realization-plan symbols of :meth:`plan_symbols` (x_∅ = 1)."""
        syms = [dict(zip(range(n), self.plan_symbols(p))) for p, n in enumerate(self.shape)]
        total = sp.S.Zero
        for seqs, w in self.payoff_entries(player).items():
            term = w
            for p, s in enumerate(seqs):
                if s != 0:
                    term *= syms[p][s]
            total += term
        return sp.expand(total)

    def behaviour_payoff(self, player: int = 0, parameters: Mapping | None = None) -> sp.Expr:
        """``U_player`` in behaviour parameters: each realization probability is the product of the
        behaviour probabilities along its sequence (Kuhn 1953).

        Parameters
        ----------
        parameters : mapping, optional
            ``(player, information-set label, action label) -> expression``; defaults to
            :func:`behaviour_symbols` (the last action of each set gets 1 minus the others).
        """
        params = behaviour_symbols(self.game) if parameters is None else dict(parameters)

        def probability(p: int, label: str, action: str) -> sp.Expr:
            if (p, label, action) not in params:
                raise KeyError(f"no behaviour parameter for {(p, label, action)}")
            return params[(p, label, action)]

        realization = [
            self.realization(p, lambda label, action, p=p: probability(p, label, action))
            for p in range(self.game.num_players)
        ]
        total = sp.S.Zero
        for seqs, w in self.payoff_entries(player).items():
            term = w
            for p, s in enumerate(seqs):
                term *= realization[p][s]
            total += term
        return sp.expand(total)

    def realization(self, player: int, probability) -> list[sp.Expr]:
        """The realization plan of a behaviour strategy: ``x[k]``, for each sequence ``k`` of
        ``player``, is the product of the behaviour probabilities along it (Kuhn 1953); ``x[0] = 1``.

        ``probability(information-set label, action label)`` gives the behaviour probability.
        """
        x = [sp.S.One] * self.shape[player]
        for k, seq in enumerate(self.sequences[player]):
            if seq is not None:  # a sequence comes after its parent sequence
                info = self.game.infosets[seq[0]]
                x[k] = x[self.parent[info.index]] * probability(info.label, info.actions[seq[1]])
        return x

    def behaviour(self, player: int, x) -> dict[str, dict[str, sp.Expr]]:
        """The behaviour strategy of a realization plan ``x`` (indexed by sequence):
        ``b(I, a) = x(I, a) / x(parent of I)``, ``information-set label -> {action: probability}``;
        an information set the plan never reaches gets the uniform distribution (it changes no
        payoff)."""
        out = {}
        for info in self.game.infosets_of(player):
            reach = sp.sympify(x[self.parent[info.index]])
            if reach == 0 or (not reach.is_number and sp.simplify(reach) == 0):
                out[info.label] = {a: sp.Rational(1, len(info.actions)) for a in info.actions}
            else:
                out[info.label] = {
                    a: sp.cancel(x[self.index[player][(info.index, j)]] / reach)
                    for j, a in enumerate(info.actions)
                }
        return out


def plan_symbol_name(player: int, label: str, prefix: str | None = None) -> str:
    """``"x_{K:bet}"``: the name of the realization-plan symbol of sequence ``label`` (``x``, ``y``, ``z``, ``w``
    for players 0-3, ``x4`` ... beyond, or ``prefix``)."""
    letter = prefix or ("xyzw"[player] if player < 4 else f"x{player}")
    return f"{letter}_{{{label}}}"


def behaviour_symbols(game: Game, names: Mapping | None = None) -> dict[tuple[int, str, str], sp.Expr]:
    """Behaviour parameters of every information set: ``(player, infoset label, action) -> expression``.

    Each action but the last gets a symbol (``b_{label:action}``, or the name the user gives in
    ``names``, keyed the same way); the last action gets ``1 -`` the others, so the parameters
    are free in a product of simplices.
    """
    names = dict(names or {})
    out: dict[tuple[int, str, str], sp.Expr] = {}
    for info in game.infosets:
        rest = sp.S.One
        for k, a in enumerate(info.actions):
            key = (info.player, info.label, a)
            if k == len(info.actions) - 1 and key not in names:
                out[key] = sp.expand(rest)
            else:
                sym = names.get(key) or sp.Symbol(f"b_{{{info.label}:{a}}}", nonnegative=True)
                out[key] = sym
                rest -= sym
    return out


def game_sequence_form(game: Game) -> GameSequenceForm:
    """Compute the sequence form of ``game``.

    Parameters
    ----------
    game : Game
        Any number of players; perfect recall required.

    Returns
    -------
    GameSequenceForm
        Player ``p`` has ``1 + sum over p's information sets of #actions`` sequences.

    Raises
    ------
    ImperfectRecallError
        If the game lacks perfect recall (naming an information set where it fails).

    Examples
    --------
    >>> from derive.games.textbook import matching_pennies
    >>> sf = game_sequence_form(matching_pennies())
    >>> sf.shape
    (3, 3)
    >>> sf.bilinear_payoff(0)
    x_{coin:heads}*y_{guess:heads} - x_{coin:heads}*y_{guess:tails} - x_{coin:tails}*y_{guess:heads} + x_{coin:tails}*y_{guess:tails}

    References
    ----------
    Koller, Megiddo & von Stengel (1994); von Stengel (1996), section 3.
    """
    cached = game.__dict__.get("_sequence_form")
    if cached is not None:  # a game is immutable: its sequence form is computed once
        return cached
    game.require_perfect_recall()
    sequences = []
    for p in range(game.num_players):
        seqs: list[tuple[int, int] | None] = [None]
        for info in game.infosets_of(p):
            seqs.extend((info.index, a) for a in range(len(info.actions)))
        sequences.append(tuple(seqs))
    # the code of (information set, action) (Game.action_codes) -> the sequence's position, 0 for none
    position = []
    for p in range(game.num_players):
        at = {-1: 0}
        for k, seq in enumerate(sequences[p]):
            if seq is not None:
                at[game.action_codes[seq[0]] + seq[1]] = k
        position.append(at)
    last = game.last_own_moves
    parent = {info.index: position[info.player][last[info.player][info.nodes[0]]] for info in game.infosets}
    terminal_sequences = {
        z: tuple(position[p][last[p][z]] for p in range(game.num_players)) for z in game.terminals
    }
    if any(n.player == CHANCE and not n.probabilities for n in game.nodes if n.children):
        raise GameModelError("a chance node has no probabilities")
    sf = GameSequenceForm(game, tuple(sequences), parent, terminal_sequences)
    game.__dict__["_sequence_form"] = sf
    return sf
