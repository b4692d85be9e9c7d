"""Experiments: playing hands by Monte Carlo, simple opponents, and values over a sweep of rules.

:func:`simulate` plays ``n`` hands of a one-card poker game between two
behaviour strategies, exactly as the rules say: chance deals an ordered pair
of cards with the probabilities of the game's chance node (card removal,
``1 / (N (N - 1))`` each), then the players act in turn, each drawing an
action with the probabilities of his strategy at his information set, until
a terminal history.  The exact probabilities are converted to floats only to
draw the random numbers; the payoffs and the mean are exact.  The random
numbers come from a seeded :class:`numpy.random.Generator`, so a seed gives
the same hands on every run and every machine (numpy's PCG64 stream).

The running mean of the opener's payoff ``m_n = (u_1 + ... + u_n) / n`` is
compared with the exact expected payoff ``E[u] =``
:func:`derive.sequence_form.payoff.expected_payoff`, and
:meth:`Simulation.confidence_band` gives the usual 95 % band of the normal
approximation (central limit theorem): ``m_n ± 1.96 s_n / sqrt(n)``, with
``s_n`` the sample standard deviation of the first ``n`` payoffs.  The band
is approximate (and meaningless for the first few hands); the mean falls
outside it in about 5 % of the runs at a fixed ``n``.

:func:`simple_strategies` gives some classroom opponents (always call,
never bluff, always bet ...), and :func:`values_by_bet_size` and
:func:`value_table` solve a family of games exactly (with
:func:`derive.solving.zero_sum.from_rules.solve`) for tables and the value-against-bet-size figure.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import sympy as sp

from derive.extensive_form.exact import exact_number
from derive.extensive_form.game import Game
from derive.games.one_card import PLAYER_NAMES, Action
from derive.games.one_card.words import card_of, rules_of
from derive.sequence_form.strategies import BehaviourStrategy, infosets

__all__ = [
    "SimulationError",
    "Simulation",
    "simple_strategies",
    "simulate",
    "terminal_labels",
    "with_parameters",
]

#: Two-sided 95 % quantile of the standard normal distribution.
_Z95 = 1.959963984540054


class SimulationError(ValueError):
    """Bad input to a simulation: hands, seed, strategies or a symbolic game."""


@dataclass(frozen=True)
class Simulation:
    """The hands played by :func:`simulate` and their statistics.

    Attributes
    ----------
    game : Game
        The game played (:func:`derive.games.one_card.to_extensive_form`).
    opener, dealer : BehaviourStrategy
        The strategies played.
    seed : int or None
        The seed the generator was made from (None if a Generator was given).
    outcomes : numpy.ndarray of int, shape (n,)
        For each hand, the index of its terminal in the game's terminals in tree order
        (:func:`terminal_labels`).
    terminal_payoffs : tuple of sympy.Rational
        The opener's exact payoff, in chips, at each terminal, in the same order.
    """

    game: Game
    opener: BehaviourStrategy
    dealer: BehaviourStrategy
    seed: int | None
    outcomes: np.ndarray
    terminal_payoffs: tuple[sp.Rational, ...]

    @property
    def hands(self) -> int:
        """Number of hands played, ``n``."""
        return int(self.outcomes.shape[0])

    @cached_property
    def payoffs(self) -> np.ndarray:
        """The opener's payoff in each hand, in chips, as floats, shape (n,) (for statistics and plots)."""
        table = np.array([float(u) for u in self.terminal_payoffs])
        return table[self.outcomes]

    def counts(self) -> dict[str, int]:
        """How often each terminal was reached: ``{"QK:xbc": count, ...}`` (terminals never reached omitted)."""
        found = np.bincount(self.outcomes, minlength=len(self.terminal_payoffs))
        return {label: int(c) for (_, label), c in zip(terminal_labels(self.game), found) if c}

    @cached_property
    def mean(self) -> sp.Rational:
        """The exact mean payoff to the opener, ``(u_1 + ... + u_n) / n`` (a Rational, in chips)."""
        found = np.bincount(self.outcomes, minlength=len(self.terminal_payoffs))
        total = sum((int(c) * u for c, u in zip(found, self.terminal_payoffs) if c), sp.S.Zero)
        return sp.Rational(total, self.hands)

    @property
    def standard_error(self) -> float:
        """``s / sqrt(n)``: the sample standard deviation (ddof 1) over the root of ``n``; NaN if ``n = 1``."""
        if self.hands < 2:
            return float("nan")
        return float(np.std(self.payoffs, ddof=1) / np.sqrt(self.hands))

    def running_mean(self) -> np.ndarray:
        """``m_k = (u_1 + ... + u_k) / k`` for ``k = 1 .. n``, floats, shape (n,)."""
        return np.cumsum(self.payoffs) / np.arange(1, self.hands + 1)

    def confidence_band(self, level: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
        """Lower and upper edge of the normal-approximation confidence band of the running mean.

        ``m_k ± z s_k / sqrt(k)`` with ``s_k`` the sample standard deviation
        (ddof 1) of the first ``k`` payoffs and ``z`` the two-sided normal
        quantile of ``level`` (1.96 for 95 %).  The first entry (``k = 1``)
        is NaN: one hand gives no spread.

        Parameters
        ----------
        level : float
            Coverage in (0, 1); default 0.95.

        Returns
        -------
        (numpy.ndarray, numpy.ndarray)
            Each of shape (n,), in chips.

        Raises
        ------
        SimulationError
            If ``level`` is not strictly between 0 and 1.
        """
        if not (isinstance(level, numbers.Real) and 0 < level < 1):
            raise SimulationError(f"level must be strictly between 0 and 1, got {level!r}")
        from statistics import NormalDist

        z = _Z95 if level == 0.95 else NormalDist().inv_cdf(0.5 + level / 2)
        u = self.payoffs
        k = np.arange(1, self.hands + 1)
        mean = np.cumsum(u) / k
        # Running variance from the running sums (payoffs are small: no cancellation trouble).
        with np.errstate(invalid="ignore", divide="ignore"):
            var = (np.cumsum(u * u) - k * mean * mean) / (k - 1)
            half = z * np.sqrt(np.maximum(var, 0.0) / k)
        half[0] = np.nan
        return mean - half, mean + half

    def within(self, value: object, standard_errors: float = 4.0) -> bool:
        """Whether ``|mean - value| <= standard_errors * standard_error`` (``value`` exact, e.g. -1/18).

        ``value`` is read by the rule of :mod:`derive.extensive_form.exact` (a float other than a
        short decimal raises :class:`SimulationError`); ``standard_errors`` is a tolerance, a float.
        """
        exact = exact_number(value, "value", SimulationError, symbolic=False)
        return abs(float(self.mean - exact)) <= standard_errors * self.standard_error


def terminal_labels(game: Game) -> tuple[tuple[int, str], ...]:
    """The terminals of one-card poker's ``game`` in tree order (preorder, deal by deal): ``(node index,
    label)``, the label the deal and the betting, ``"QK:xbc"``."""
    out = []
    nodes = game.nodes
    root = nodes[0]

    def walk(k: int, prefix: str) -> None:
        node = nodes[k]
        if not node.children:
            out.append((k, prefix))
            return
        for action, child in zip(game.infosets[node.infoset].actions, node.children):
            walk(child, prefix + Action(action).letter)

    for deal, child in zip(root.actions, root.children):
        walk(child, f"{deal}:")
    return tuple(out)


def _check_strategy(game: Game, strategy: object, player: int) -> BehaviourStrategy:
    name = PLAYER_NAMES[player]
    if not isinstance(strategy, BehaviourStrategy):
        raise SimulationError(
            f"the {name}'s strategy must be a BehaviourStrategy, got {type(strategy).__name__}"
        )
    if strategy.player != player:
        raise SimulationError(f"the {name}'s strategy is player {strategy.player}'s, not player {player}'s")
    for info in infosets(game, player):
        dist = strategy.probabilities.get(info.label)
        if dist is None:
            raise SimulationError(f"the {name}'s strategy says nothing at information set {info.label!r}")
        for action in info.actions:
            p = sp.sympify(dist.get(action, 0))
            if not p.is_Rational:
                raise SimulationError(
                    f"the {name}'s probability of {action} at {info.label!r} is {p}, not a number; "
                    "fix its parameters first (with_parameters)"
                )
            if p < 0:
                raise SimulationError(f"the {name}'s probability of {action} at {info.label!r} is negative")
        total = sp.Add(*(sp.sympify(dist.get(a, 0)) for a in info.actions))
        if total != 1:
            raise SimulationError(f"the {name}'s probabilities at {info.label!r} sum to {total}, not 1")
    return strategy


def _check_seed(seed: object) -> tuple[np.random.Generator, int | None]:
    if isinstance(seed, np.random.Generator):
        return seed, None
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or seed < 0:
        raise SimulationError(f"seed must be a non-negative integer or a numpy Generator, got {seed!r}")
    return np.random.default_rng(int(seed)), int(seed)


def simulate(
    game: Game,
    opener: BehaviourStrategy,
    dealer: BehaviourStrategy,
    hands: int,
    seed: int | np.random.Generator = 0,
) -> Simulation:
    """Play ``hands`` hands of ``game`` between two behaviour strategies (Monte Carlo).

    Each hand: chance draws the deal ``(c_0, c_1)`` with the exact chance
    probabilities; then, at each decision node, the player to act draws an
    action with probability ``P(a | I)`` of his strategy at his information
    set ``I`` (which depends only on his card and the betting), until the
    hand ends.  The opener's payoff is that of the terminal reached.  The
    hands are played in parallel (numpy), one betting step at a time; the
    result depends only on the seed.

    Parameters
    ----------
    game : Game
        One-card poker (:func:`derive.games.one_card.to_extensive_form`), numeric ante and bet.
    opener, dealer : BehaviourStrategy
        Player 0's and player 1's strategies, with numeric (Rational)
        probabilities at every information set (e.g. from
        :func:`derive.sequence_form.strategies.behaviour_strategy`, :func:`with_parameters`
        or :attr:`derive.solving.zero_sum.from_rules.Equilibrium.strategies`).
    hands : int
        Number of hands, ``n >= 1``.
    seed : int or numpy.random.Generator
        Seed of ``numpy.random.default_rng`` (default 0), or a Generator
        (whose state then advances).

    Returns
    -------
    Simulation
        The terminal reached in each hand; exact mean, running mean and
        confidence band.

    Raises
    ------
    SimulationError
        If ``hands`` is not a positive integer, the seed is not a
        non-negative integer or Generator, a strategy is for the wrong
        player, misses an information set, has a symbolic probability or
        probabilities not summing to 1, or the game's payoffs are symbolic.

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker
    >>> from derive.games.one_card import to_extensive_form
    >>> from derive.solving.zero_sum.from_rules import solve
    >>> game = to_extensive_form(kuhn_poker())
    >>> eq = solve(game)
    >>> sim = simulate(game, *eq.strategies, hands=20_000, seed=1)
    >>> sim.hands, sim.within(eq.value)
    (20000, True)
    >>> sim.mean == simulate(game, *eq.strategies, hands=20_000, seed=1).mean
    True
    """
    if isinstance(hands, bool) or not isinstance(hands, numbers.Integral) or hands < 1:
        raise SimulationError(f"hands must be a positive integer, got {hands!r}")
    hands = int(hands)
    rng, seed_value = _check_seed(seed)
    strategies = (_check_strategy(game, opener, 0), _check_strategy(game, dealer, 1))
    nodes = game.nodes
    terminals = terminal_labels(game)
    payoffs = []
    for k, _ in terminals:
        u = nodes[k].outcome[0]
        if not u.is_Rational:
            raise SimulationError(f"the game's payoffs are symbolic ({u}); substitute numbers to play it")
        payoffs.append(u)

    # Flatten the tree: decision nodes get ids 0..D-1, terminals -1-k (k = index in tree order).
    terminal_index = {node: k for k, (node, _) in enumerate(terminals)}
    width = max(len(i.actions) for i in game.infosets)
    cumulative: list[list[float]] = []
    children: list[list[int]] = []

    def flatten(k: int) -> int:
        if k in terminal_index:
            return -1 - terminal_index[k]
        me = len(cumulative)
        cumulative.append([])
        children.append([])
        node = nodes[k]
        info = game.infosets[node.infoset]
        dist = strategies[info.player].probabilities[info.label]
        moves = tuple(zip(info.actions, node.children))
        probs = [sp.Rational(dist.get(a, 0)) for a, _ in moves]
        running = sp.S.Zero
        cum = []
        for p in probs:
            running += p
            cum.append(float(running))  # exact cumulative sums, floats only to compare with uniforms
        cum[-1] = 2.0  # the last action takes the rest (u < 1 always)
        kids = [flatten(child) for _, child in moves]
        pad = width - len(kids)
        cumulative[me] = cum + [2.0] * pad
        children[me] = kids + [kids[-1]] * pad
        return me

    root = nodes[0]
    starts = [flatten(child) for child in root.children]
    chance = np.array([float(p) for p in root.probabilities])
    cum_table = np.array(cumulative)
    child_table = np.array(children, dtype=np.int64)

    deal = rng.choice(len(starts), size=hands, p=chance / chance.sum())
    node = np.array(starts, dtype=np.int64)[deal]
    depth = rules_of(game).max_bets + 2  # longest betting: check, max_bets bets and raises, call or fold
    uniforms = rng.random((hands, depth))
    for step in range(depth):
        live = node >= 0
        if not live.any():
            break
        rows = node[live]
        action = (uniforms[live, step][:, None] >= cum_table[rows]).sum(axis=1)
        node[live] = child_table[rows, action]
    if (node >= 0).any():  # pragma: no cover - the depth bound above is exact
        raise SimulationError("a hand did not end within the betting round")
    outcomes = -1 - node
    return Simulation(game, strategies[0], strategies[1], seed_value, outcomes, tuple(payoffs))


def with_parameters(strategy: BehaviourStrategy, values: Mapping[sp.Symbol, object]) -> BehaviourStrategy:
    """The strategy with its parameters fixed, e.g. Kuhn's letters ``{α: 1/6, β: 1/2, γ: 1/2}``.

    Parameters
    ----------
    strategy : BehaviourStrategy
        Probabilities may be expressions in parameters (e.g. from
        :func:`derive.sequence_form.strategies.kuhn_strategies`).
    values : mapping
        Parameter symbol -> exact value (int, ``"1/3"``, Rational; a float only when it is
        exactly a short decimal such as 0.5, see :mod:`derive.extensive_form.exact`).

    Returns
    -------
    BehaviourStrategy
        The same information sets with the values substituted.

    Raises
    ------
    SimulationError
        If a value is a float that is not exactly a short decimal (``1/3``;
        the message gives the exact form) or not a number, or a probability
        leaves ``[0, 1]`` after substitution.

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker
    >>> from derive.games.one_card import to_extensive_form
    >>> from derive.sequence_form.strategies import kuhn_strategies
    >>> from derive.games.one_card import alpha, beta, gamma
    >>> game = to_extensive_form(kuhn_poker())
    >>> opener, _ = kuhn_strategies(game)
    >>> fixed = with_parameters(opener, {alpha: "1/6", beta: "1/2", gamma: "1/2"})
    >>> fixed.probability("Q", "bet")
    1/6
    """
    exact = {}
    for sym, value in values.items():
        v = exact_number(
            value, f"value of {sym}", SimulationError, not_a_number="{name} must be a number, got {value!r}"
        )
        if not v.is_Rational:
            raise SimulationError(f"value of {sym} must be an exact number, got {value!r}")
        exact[sym] = v
    out = {}
    for info, dist in strategy.probabilities.items():
        new = {}
        for action, p in dist.items():
            q = sp.expand(sp.sympify(p).subs(exact))
            if q.is_number and not (0 <= q <= 1):
                raise SimulationError(f"probability of {action} at {info!r} becomes {q}, not in [0, 1]")
            new[action] = q
        out[info] = new
    return BehaviourStrategy(strategy.player, out)


def simple_strategies(game: Game, player: int) -> dict[str, BehaviourStrategy]:
    """Classroom opponents: simple rules of thumb as behaviour strategies.

    * ``"always call"`` -- never bets or raises; calls every bet (a "calling station");
    * ``"never bluff"`` -- bets and raises only with the highest card;
      facing a bet calls with the upper half of the deck (K and A in
      ``Q < K < A``), folds the rest;
    * ``"always bet"`` -- bets and raises whenever allowed, calls at the cap;
    * ``"always fold"`` -- checks, and folds to every bet;
    * ``"uniform"`` -- every legal action equally likely.

    Parameters
    ----------
    game : Game
        One-card poker (:func:`derive.games.one_card.to_extensive_form`).
    player : int
        0 (opener) or 1 (dealer).

    Returns
    -------
    dict
        Name -> BehaviourStrategy (exact probabilities).

    Raises
    ------
    SimulationError
        If ``player`` is not 0 or 1.

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker
    >>> from derive.games.one_card import to_extensive_form
    >>> game = to_extensive_form(kuhn_poker())
    >>> rock = simple_strategies(game, 1)["never bluff"]
    >>> rock.probability("K:b", "call"), rock.probability("K:x", "bet")
    (1, 0)
    """
    if isinstance(player, bool) or player not in (0, 1):
        raise SimulationError(f"player must be 0 (opener) or 1 (dealer), got {player!r}")
    rules = rules_of(game)
    top = rules.deck[-1]
    n = rules.num_cards

    def pick(acts, choice: Action) -> dict[str, sp.Expr]:
        return {a.value: sp.S.One if a is choice else sp.S.Zero for a in acts}

    def rule(name, info) -> dict[str, sp.Expr]:
        acts = tuple(Action(a) for a in info.actions)
        card = card_of(info.label)
        facing = Action.FOLD in acts
        aggressive = Action.RAISE if Action.RAISE in acts else Action.BET if Action.BET in acts else None
        if name == "uniform":
            return {a.value: sp.Rational(1, len(acts)) for a in acts}
        if name == "always call":
            return pick(acts, Action.CALL if facing else Action.CHECK)
        passive = Action.CALL if facing else Action.CHECK
        if name == "always bet":
            return pick(acts, aggressive or passive)
        if name == "always fold":
            return pick(acts, Action.FOLD if facing else Action.CHECK)
        # never bluff
        if card == top:
            return pick(acts, aggressive or passive)
        if facing:
            return pick(acts, Action.CALL if 2 * rules.rank(card) >= n - 1 else Action.FOLD)
        return pick(acts, Action.CHECK)

    names = ("always call", "never bluff", "always bet", "always fold", "uniform")
    return {
        name: BehaviourStrategy(player, {info.label: rule(name, info) for info in infosets(game, player)})
        for name in names
    }
