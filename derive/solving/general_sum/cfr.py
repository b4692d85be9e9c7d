"""CFR+ in floating point, for any number of players: a guess of where an equilibrium lies, never a result.

Counterfactual regret minimisation (Zinkevich, Johanson, Bowling & Piccione 2007) in its "+" form
(Tammelin 2014; Tammelin, Burch, Johanson & Bowling 2015): at each iteration every player's
*counterfactual value* of each action at each of his information sets is computed against the
current profile, regrets are accumulated and floored at zero, the next strategy is proportional to
the positive regrets (regret matching+), and the *average* strategy, weighted by the player's own
reach and linearly by the iteration number, is what converges.  In two-player zero-sum games its
NashConv goes to 0; with three or more players there is no such guarantee, but on poker games such
as three-player Kuhn poker the average gets close to an equilibrium (OpenSpiel reports NashConv
0.019 after 200 iterations of plain CFR; CFR+ gets lower).

Here the whole tree is flattened into numpy arrays once (nodes in preorder, grouped by depth), and
an iteration is a few vectorised passes: reach probabilities down the depths, values up them, and
one ``bincount`` per pass for the counterfactual action values.  Its float NashConv is measured with
a best response by backward induction over each player's information sets (the method of
:mod:`derive.verification.best_response`, in floats).

Floats are used *only* to guess the support of an equilibrium
(:mod:`derive.solving.general_sum.from_cfr` turns it into an exact family and verifies it); nothing
computed here is printed as a result.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from derive.extensive_form.game import CHANCE, Game, NotSupportedError
from derive.sequence_form.general import game_sequence_form

__all__ = ["CFRRun", "FloatTree", "cfr_plus"]

#: Largest tree (nodes) flattened for CFR.
MAX_NODES = 2_000_000
#: Default number of iterations of one run.
ITERATIONS = 3000
#: Default float NashConv at which a run stops early.
TARGET = 1e-6


@dataclass(frozen=True)
class FloatTree:
    """A :class:`~derive.extensive_form.game.Game` as float arrays, for CFR (see the module docstring).

    Attributes
    ----------
    game : Game
    parent : numpy.ndarray of int, shape (N,)
        Parent of each node (``-1`` for the root), nodes in preorder.
    mover : numpy.ndarray of int, shape (N,)
        Who moves at each node's parent: a player, ``n`` for chance (``n`` the number of players),
        ``-1`` for the root.
    action : numpy.ndarray of int, shape (N,)
        The global action index (:attr:`infoset_of_action`) of the edge into the node, ``-1`` after
        chance and at the root.
    chance : numpy.ndarray of float, shape (N,)
        The chance probability of the edge into the node (1 elsewhere).
    levels : tuple of numpy.ndarray
        Non-root nodes by depth (depth 1 first).
    utility : numpy.ndarray of float, shape (T, n)
        Payoff of each terminal (:attr:`terminals`) to each player.
    terminals : numpy.ndarray of int, shape (T,)
    infoset_of_action : numpy.ndarray of int, shape (A,)
        For each global action (information sets in the game's order, actions in order), its set.
    first_action : numpy.ndarray of int, shape (I,)
        Global index of each information set's first action.
    first_node : numpy.ndarray of int, shape (I,)
        A node of each information set (its own reach is the same at all of them, perfect recall).
    """

    game: Game
    parent: np.ndarray
    mover: np.ndarray
    action: np.ndarray
    chance: np.ndarray
    levels: tuple[np.ndarray, ...]
    utility: np.ndarray
    terminals: np.ndarray
    infoset_of_action: np.ndarray
    first_action: np.ndarray
    first_node: np.ndarray

    @classmethod
    def of(cls, game: Game) -> FloatTree:
        """Flatten ``game``.

        Raises
        ------
        NotSupportedError
            If the game has symbolic payoffs or probabilities, imperfect recall, or more than
            :data:`MAX_NODES` nodes.
        """
        if game.is_symbolic:
            raise NotSupportedError("the game has symbolic payoffs or probabilities; substitute numbers")
        game.require_perfect_recall()
        if len(game.nodes) > MAX_NODES:
            raise NotSupportedError(
                f"the tree has {len(game.nodes):,} nodes, more than {MAX_NODES:,} for CFR"
            )
        n = game.num_players
        N = len(game.nodes)
        first_action = np.zeros(len(game.infosets), dtype=np.int64)
        total = 0
        for info in game.infosets:
            first_action[info.index] = total
            total += len(info.actions)
        infoset_of_action = np.repeat(np.arange(len(game.infosets)), [len(i.actions) for i in game.infosets])
        parent = np.full(N, -1, dtype=np.int64)
        mover = np.full(N, -1, dtype=np.int64)
        action = np.full(N, -1, dtype=np.int64)
        chance = np.ones(N)
        depth = np.zeros(N, dtype=np.int64)
        for node in game.nodes:
            for k, c in enumerate(node.children):
                parent[c] = node.index
                depth[c] = depth[node.index] + 1
                if node.player == CHANCE:
                    mover[c] = n
                    chance[c] = float(node.probabilities[k])
                else:
                    mover[c] = node.player
                    action[c] = first_action[node.infoset] + k
        levels = tuple(np.flatnonzero(depth == d) for d in range(1, int(depth.max(initial=0)) + 1))
        terminals = np.array(game.terminals, dtype=np.int64)
        utility = np.array([[float(v) for v in game.payoffs[z]] for z in game.terminals]).reshape(
            len(terminals), n
        )
        first_node = np.array([info.nodes[0] for info in game.infosets], dtype=np.int64)
        return cls(
            game,
            parent,
            mover,
            action,
            chance,
            levels,
            utility,
            terminals,
            infoset_of_action,
            first_action,
            first_node,
        )

    @property
    def num_actions(self) -> int:
        """Number of global actions (all information sets' actions)."""
        return len(self.infoset_of_action)

    @cached_property
    def _sequences(self):
        """Per player: each terminal's last own action (``-1``: none) and each information set's
        parent action, for best responses by backward induction."""
        game = self.game
        sf = game_sequence_form(game)
        out = []
        for p in range(game.num_players):
            seq_action = np.full(sf.shape[p], -1, dtype=np.int64)
            for k, seq in enumerate(sf.sequences[p]):
                if seq is not None:
                    seq_action[k] = self.first_action[seq[0]] + seq[1]
            term = np.array([seq_action[sf.terminal_sequences[z][p]] for z in game.terminals], dtype=np.int64)
            order = [i.index for i in sf.bottom_up(p)]
            parent = {i: int(seq_action[sf.parent[i]]) for i in order}
            out.append((term, order, parent))
        return out

    def strategy_array(self, regrets: np.ndarray) -> np.ndarray:
        """Regret matching: each information set's positive regrets normalised (uniform where none is positive)."""
        positive = np.maximum(regrets, 0.0)
        sums = np.bincount(self.infoset_of_action, weights=positive, minlength=len(self.first_action))
        sizes = np.bincount(self.infoset_of_action, minlength=len(self.first_action))
        total = sums[self.infoset_of_action]
        uniform = 1.0 / sizes[self.infoset_of_action]
        return np.where(total > 0, positive / np.where(total > 0, total, 1.0), uniform)

    def reach(self, sigma: np.ndarray) -> np.ndarray:
        """``(N, n + 1)``: each player's own reach probability of each node, and chance's (last column)."""
        n = self.game.num_players
        r = np.ones((len(self.parent), n + 1))
        prob = np.where(self.action >= 0, sigma[np.maximum(self.action, 0)], self.chance)
        for level in self.levels:
            r[level] = r[self.parent[level]]
            r[level, self.mover[level]] *= prob[level]
        return r

    def values(self, sigma: np.ndarray) -> np.ndarray:
        """``(N, n)``: each player's expected payoff below each node under ``sigma``."""
        n = self.game.num_players
        v = np.zeros((len(self.parent), n))
        v[self.terminals] = self.utility
        prob = np.where(self.action >= 0, sigma[np.maximum(self.action, 0)], self.chance)
        for level, (parents, starts) in zip(reversed(self.levels), reversed(self._groups)):
            v[parents] += np.add.reduceat(prob[level, None] * v[level], starts, axis=0)
        return v

    @cached_property
    def _groups(self) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
        """Per depth: the parents of its nodes and where each parent's children start (siblings are
        contiguous among the nodes of one depth taken in preorder)."""
        out = []
        for level in self.levels:
            parents = self.parent[level]
            starts = np.flatnonzero(np.r_[True, parents[1:] != parents[:-1]])
            out.append((parents[starts], starts))
        return tuple(out)

    @staticmethod
    def others(r: np.ndarray, p: int) -> np.ndarray:
        """Chance's and the other players' reach, for player ``p`` (counterfactual weight)."""
        columns = [q for q in range(r.shape[1]) if q != p]
        out = r[:, columns[0]].copy()
        for q in columns[1:]:
            out *= r[:, q]
        return out

    def nash_conv(self, sigma: np.ndarray) -> tuple[float, np.ndarray]:
        """``(NashConv, payoffs)`` of the profile ``sigma`` (global action probabilities), in floats.

        Each player's best-response value by backward induction over his information sets: the
        terminals' payoffs weighted by chance and the others' reach are added per last own action,
        and each set takes its best action's total.
        """
        r = self.reach(sigma)
        everyone = np.prod(r, axis=1)[self.terminals]
        payoffs = everyone @ self.utility
        regret = 0.0
        for p, (term, order, parent) in enumerate(self._sequences):
            g = np.bincount(
                term + 1,
                weights=self.others(r, p)[self.terminals] * self.utility[:, p],
                minlength=self.num_actions + 1,
            )
            value = g[1:].copy()  # per own action: payoff below it, best play after
            root = g[0]
            for i in order:
                a0 = self.first_action[i]
                best = value[a0 : a0 + self.game.infosets[i].actions.__len__()].max()
                if parent[i] < 0:
                    root += best
                else:
                    value[parent[i]] += best
            regret += max(root - payoffs[p], 0.0)
        return float(regret), payoffs

    def cf_values(self, sigma: np.ndarray, r: np.ndarray | None = None) -> np.ndarray:
        """Counterfactual value of each global action: its mover's payoff below it, weighted by chance's
        and the other players' reach, summed over the set's nodes."""
        r = self.reach(sigma) if r is None else r
        v = self.values(sigma)
        n = self.game.num_players
        cf = np.stack([self.others(r, p) for p in range(n)], axis=1)
        edges = np.flatnonzero(self.action >= 0)
        movers = self.mover[edges]
        weights = cf[self.parent[edges], movers] * v[edges, movers]
        return np.bincount(self.action[edges], weights=weights, minlength=self.num_actions)

    def profile(self, sigma: np.ndarray) -> tuple[dict[str, dict[str, float]], ...]:
        """``sigma`` as per-player ``label -> {action: probability}`` (floats)."""
        out = []
        for p in range(self.game.num_players):
            out.append(
                {
                    info.label: {
                        a: float(sigma[self.first_action[info.index] + k]) for k, a in enumerate(info.actions)
                    }
                    for info in self.game.infosets_of(p)
                }
            )
        return tuple(out)


@dataclass(frozen=True)
class CFRRun:
    """One run of CFR+ (floats; a guess, see the module docstring).

    Attributes
    ----------
    average : tuple of dict
        Per player, ``information-set label -> {action: probability}``: the average strategy.
    nash_conv : float
        Its NashConv (floats).
    payoffs : tuple of float
        Each player's payoff under it.
    iterations : int
        Iterations done.
    seconds : float
    seed : int or None
        The seed of the random starting strategy (None: uniform start).
    others_reach : dict
        ``(player, label) -> float``: the probability that chance and the others reach the set under
        the average profile (summed over its nodes).
    own_reach : dict
        ``(player, label) -> float``: the player's own probability of playing to the set.
    """

    average: tuple[dict[str, dict[str, float]], ...]
    nash_conv: float
    payoffs: tuple[float, ...]
    iterations: int
    seconds: float
    seed: int | None
    others_reach: dict[tuple[int, str], float]
    own_reach: dict[tuple[int, str], float]


def cfr_plus(
    game: Game,
    iterations: int = ITERATIONS,
    *,
    target: float = TARGET,
    seed: int | None = None,
    tree: FloatTree | None = None,
    progress: Callable[[str], None] | None = None,
    check_every: int = 100,
) -> CFRRun:
    """Run CFR+ (simultaneous updates, linear averaging) on ``game`` in floating point.

    Parameters
    ----------
    game : Game
        Any number of players, perfect recall, numeric payoffs.
    iterations : int
        The cap on iterations.
    target : float
        Stop early once the average strategy's NashConv is below this (checked every
        ``check_every`` iterations).
    seed : int, optional
        Start from a random strategy drawn with this seed (positive random regrets) instead of the
        uniform one, to reach other equilibria.
    tree : FloatTree, optional
        The flattened game, if already built.
    progress : callable, optional
        Called with one line at each check: iterations and NashConv.
    check_every : int
        Iterations between two NashConv checks.

    Returns
    -------
    CFRRun

    Raises
    ------
    NotSupportedError
        See :meth:`FloatTree.of`; or if ``iterations`` or ``check_every`` is not a positive integer.

    References
    ----------
    Zinkevich et al. (2007), "Regret minimization in games with incomplete information", NIPS;
    Tammelin et al. (2015), "Solving heads-up limit Texas hold'em", IJCAI (CFR+); Lanctot et al.
    (2019), OpenSpiel's ``cfr`` and ``nash_conv``.
    """
    for name, value in (("iterations", iterations), ("check_every", check_every)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise NotSupportedError(f"{name} must be a positive integer, got {value!r}")
    tree = tree or FloatTree.of(game)
    started = time.monotonic()
    regrets = np.zeros(tree.num_actions)
    if seed is not None:
        regrets = np.random.default_rng(seed).random(tree.num_actions)
    total = np.zeros(tree.num_actions)
    infoset = tree.infoset_of_action
    players = np.array([info.player for info in game.infosets], dtype=np.int64)[infoset]
    done = 0
    conv = float("inf")
    for t in range(1, iterations + 1):
        for p in range(game.num_players):  # alternating updates: each player against the others' newest
            mine = players == p
            sigma = tree.strategy_array(regrets)
            r = tree.reach(sigma)
            q = tree.cf_values(sigma, r)
            value = np.bincount(infoset, weights=sigma * q, minlength=len(tree.first_action))
            regrets = np.where(mine, np.maximum(regrets + q - value[infoset], 0.0), regrets)
            own = r[tree.first_node[infoset], players]
            total += np.where(mine, t * own * sigma, 0.0)
        done = t
        if t % check_every == 0 or t == iterations:
            conv, _ = tree.nash_conv(_normalised(tree, total))
            if progress is not None:
                progress(f"CFR+ iteration {t:,}: NashConv {conv:.2e}")
            if conv < target:
                break
    average = _normalised(tree, total)
    conv, payoffs = tree.nash_conv(average)
    r = tree.reach(average)
    others_reach, own_reach = {}, {}
    for info in game.infosets:
        p = info.player
        nodes = np.array(info.nodes)
        others_reach[(p, info.label)] = float(tree.others(r[nodes], p).sum())
        own_reach[(p, info.label)] = float(r[nodes[0], p])
    return CFRRun(
        tree.profile(average),
        conv,
        tuple(float(u) for u in payoffs),
        done,
        time.monotonic() - started,
        seed,
        others_reach,
        own_reach,
    )


def _normalised(tree: FloatTree, total: np.ndarray) -> np.ndarray:
    """The average strategy: each set's accumulated mass normalised (uniform where there is none)."""
    sums = np.bincount(tree.infoset_of_action, weights=total, minlength=len(tree.first_action))[
        tree.infoset_of_action
    ]
    sizes = np.bincount(tree.infoset_of_action, minlength=len(tree.first_action))[tree.infoset_of_action]
    return np.where(sums > 0, total / np.where(sums > 0, sums, 1.0), 1.0 / sizes)
