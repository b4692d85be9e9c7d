"""Dominated strategies of any two-player game with perfect recall, by iterated elimination.

A *reduced pure strategy* chooses one action at every information set that the
player's own earlier choices do not exclude (Kuhn 1953; von Stengel 1996): in
sequence-form terms, a 0-1 realization plan.  Against the opponent's reduced
strategy ``t`` player ``p``'s payoff from ``s`` is ``x_s^T A_p y_t`` (exact).
A strategy ``s'`` **strictly** dominates ``s`` when it earns more against
every remaining opponent strategy, **weakly** when never less and sometimes
more.  :func:`dominated_strategies` removes, round by round and for both
players at once, every strategy dominated by a remaining pure strategy of the
same player, and reports each removal with its dominator, kind, round and a
witness (an opponent strategy against which the dominator earns strictly
more).  Strict elimination keeps every equilibrium; weak elimination keeps the
value of a zero-sum game but may discard optimal strategies.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import sympy as sp

from derive.extensive_form.game import Game, NotSupportedError
from derive.sequence_form.general import GameSequenceForm, game_sequence_form

__all__ = [
    "GameDominance",
    "ReducedStrategy",
    "StrategyDomination",
    "count_reduced_strategies",
    "dominated_strategies",
    "payoff_table",
    "reduced_strategies",
]

#: Largest number of reduced pure strategies per player enumerated.
MAX_STRATEGIES = 4096
#: Largest product of the two players' numbers of reduced strategies for which dominance by mixed
#: strategies is checked (one exact LP per strategy and round; Kuhn poker: 27 x 64).
MAX_MIXED_PAIRS = 5000


@dataclass(frozen=True)
class ReducedStrategy:
    """A reduced pure strategy: ``choices`` is ``((information-set label, action), ...)`` in tree order."""

    player: int
    choices: tuple[tuple[str, str], ...]
    sequences: frozenset[int]

    @property
    def label(self) -> str:
        """E.g. ``"Red: Raise, Black: Fold"``."""
        return ", ".join(f"{i}: {a}" for i, a in self.choices) or "(no move)"


@dataclass(frozen=True)
class StrategyDomination:
    """One eliminated strategy: ``kind`` is ``"strict"`` or ``"weak"``; ``witness`` an opponent strategy
    against which the dominator earns strictly more; ``round`` counts from 1.  A mixed dominator is
    given by ``mixture`` (strategy and exact probability pairs), with ``dominator`` its first strategy."""

    strategy: ReducedStrategy
    dominator: ReducedStrategy
    kind: str
    round: int
    witness: ReducedStrategy
    mixture: tuple[tuple[ReducedStrategy, object], ...] = ()

    @property
    def dominator_label(self) -> str:
        """``"[top]"`` for a pure dominator, ``"1/2 [top] + 1/2 [bottom]"`` for a mixed one."""
        if not self.mixture:
            return f"[{self.dominator.label}]"
        return " + ".join(f"{w} [{d.label}]" for d, w in self.mixture)


@dataclass(frozen=True)
class GameDominance:
    """The result of iterated elimination: the removals in order and the surviving strategies."""

    game: Game
    removed: tuple[StrategyDomination, ...]
    remaining: tuple[tuple[ReducedStrategy, ...], tuple[ReducedStrategy, ...]]
    weak: bool
    mixed: bool = False


def count_reduced_strategies(sf: GameSequenceForm, player: int) -> int:
    """How many reduced pure strategies ``player`` has, counted without listing them.

    Below a sequence, the choices at the information sets it leads to are independent, so their
    counts multiply; at one information set each action is followed by its own continuations, so
    their counts add (the recursion :func:`reduced_strategies` enumerates).

    Examples
    --------
    >>> from derive.games.registry import load_game
    >>> from derive.sequence_form.general import game_sequence_form
    >>> sf = game_sequence_form(load_game("kuhn"))
    >>> count_reduced_strategies(sf, 0), count_reduced_strategies(sf, 1)
    (27, 64)
    """
    game = sf.game

    def below(seq: int) -> int:
        total = 1
        for info_index in sf.children(player, seq):
            actions = game.infosets[info_index].actions
            total *= sum(below(sf.index[player][(info_index, a)]) for a in range(len(actions)))
        return total

    return below(0)


def reduced_strategies(sf: GameSequenceForm, player: int) -> tuple[ReducedStrategy, ...]:
    """All reduced pure strategies of ``player``, in lexicographic order of the tree.

    Raises
    ------
    NotSupportedError
        If there are more than :data:`MAX_STRATEGIES`.
    """
    game = sf.game

    def below(seq: int) -> list[tuple[tuple[tuple[str, str], ...], frozenset[int]]]:
        options = []
        for info_index in sf.children(player, seq):
            info = game.infosets[info_index]
            here = []
            for a, action in enumerate(info.actions):
                k = sf.index[player][(info_index, a)]
                for choices, seqs in below(k):
                    here.append((((info.label, action), *choices), seqs | {k}))
                    if len(here) > MAX_STRATEGIES:
                        raise NotSupportedError(f"more than {MAX_STRATEGIES} reduced strategies")
            options.append(here)
        out = []
        for combo in itertools.product(*options):
            out.append(
                (tuple(c for part in combo for c in part[0]), frozenset().union(*(part[1] for part in combo)))
            )
            if len(out) > MAX_STRATEGIES:
                raise NotSupportedError(
                    f"player {game.players[player]!r} has more than {MAX_STRATEGIES} reduced strategies"
                )
        return out

    return tuple(ReducedStrategy(player, c, s | {0}) for c, s in below(0))


def payoff_table(sf, p, mine, theirs) -> dict:
    """Player ``p``'s payoffs in the reduced strategic form: ``(s, t) -> x_s^T A_p y_t``.

    ``s`` ranges over ``mine`` (``p``'s reduced strategies), ``t`` over ``theirs``; computed through
    per-strategy column sums of the sequence form.  Exact ``QQ`` for numeric payoffs; sympy
    expressions when they hold symbols.
    """
    from sympy.polys.domains import QQ

    entries = sf.payoff_entries(p)
    if all(v.is_Rational for v in entries.values()):
        zero, convert = QQ(0), QQ.from_sympy
    else:
        zero, convert = sp.S.Zero, sp.sympify
    columns: dict[int, dict[int, object]] = {}
    for (i, j), v in entries.items():
        own, other = (i, j) if p == 0 else (j, i)
        columns.setdefault(own, {})
        columns[own][other] = columns[own].get(other, zero) + convert(v)
    table = {}
    for s in mine:
        row: dict[int, object] = {}
        for k in s.sequences:
            for j, v in columns.get(k, {}).items():
                row[j] = row.get(j, zero) + v
        for t in theirs:
            table[(s, t)] = sum((v for j, v in row.items() if j in t.sequences), zero)
    return table


def _dominates(table, d, s, others, weak):
    """``(kind, witness)`` if ``d`` dominates ``s`` against ``others``, else ``None`` (stops at the first failure)."""
    strict = True
    best, witness = None, None
    for t in others:
        diff = table[(d, t)] - table[(s, t)]
        if diff < 0 or (diff == 0 and not weak):
            return None
        if diff == 0:
            strict = False
        elif best is None or diff > best:
            best, witness = diff, t
    if witness is None:
        return None
    return ("strict" if strict else "weak"), witness


def _mixed_dominator(table, s, mine, others):
    """A mixture of ``mine`` (without ``s``) earning strictly more than ``s`` against every ``others``, or None.

    The LP ``max e  s.t.  sum_d w_d A[d, t] - e >= A[s, t] for all t,  sum_d w_d = 1,  w >= 0`` is solved
    by HiGHS and re-solved exactly (:func:`derive.solving.linear_program.exact_lp`); an exact solution with ``e > 0`` is a
    certificate.  Returns ``(mixture, witness)``.
    """
    from sympy.polys.domains import QQ

    from derive.solving.linear_program import ExactLPError, LinearProgram, exact_lp, screen_lp

    candidates = [d for d in mine if d is not s]
    if len(candidates) < 2:
        return None
    n = len(candidates)
    prog = LinearProgram(n + 1, [], [], [], {n})
    prog.add_row({k: QQ(1) for k in range(n)}, QQ(1), QQ(1))
    for t in others:
        row = {k: table[(d, t)] for k, d in enumerate(candidates) if table[(d, t)] != 0}
        row[n] = QQ(-1)
        prog.add_row(row, table[(s, t)], None)
    try:
        if screen_lp(prog, {n: QQ(1)}) <= 1e-9:  # floating-point screen: clearly not dominated
            return None
        z = exact_lp(prog, {n: QQ(1)})
    except ExactLPError:
        return None
    if z[n] <= 0:
        return None
    mixture = tuple((d, QQ.to_sympy(z[k])) for k, d in enumerate(candidates) if z[k] > 0)
    gains = [
        sum((z[k] * table[(d, t)] for k, d in enumerate(candidates) if z[k]), QQ(0)) - table[(s, t)]
        for t in others
    ]
    witness = others[max(range(len(others)), key=lambda k: gains[k])]
    return mixture, witness


def dominated_strategies(game: Game, weak: bool = False, mixed: bool = False) -> GameDominance:
    """Iterated elimination of strategies dominated by pure strategies (strict only, or also weak).

    Parameters
    ----------
    game : Game
        Two players, perfect recall, numeric payoffs (general-sum allowed).
    weak : bool
        Also remove weakly dominated strategies (by pure strategies).
    mixed : bool
        Also remove strategies strictly dominated by a *mixed* strategy, found by an exact LP
        (Myerson 1991, section 3.1: these are exactly the strategies that are never a best
        response); each removal carries the exact mixture.  Done only while the product of the
        players' numbers of reduced strategies is at most :data:`MAX_MIXED_PAIRS`;
        ``GameDominance.mixed`` says whether it was.

    Returns
    -------
    GameDominance

    Raises
    ------
    NotSupportedError
        For other than two players, symbolic payoffs, or too many reduced strategies.
    ImperfectRecallError
        If recall is imperfect.

    Examples
    --------
    >>> from derive.games.textbook import myerson_poker
    >>> dominated_strategies(myerson_poker()).removed  # nothing is strictly dominated
    ()
    >>> [(d.strategy.label, d.dominator_label) for d in dominated_strategies(myerson_poker(), mixed=True).removed]
    [('Red: Fold, Black: Fold', '1/3 [Red: Raise, Black: Raise] + 2/3 [Red: Raise, Black: Fold]')]
    >>> result = dominated_strategies(myerson_poker(), weak=True)
    >>> [(d.strategy.label, d.dominator.label, d.kind) for d in result.removed]
    [('Red: Fold, Black: Raise', 'Red: Raise, Black: Raise', 'weak'), ('Red: Fold, Black: Fold', 'Red: Raise, Black: Raise', 'weak')]

    References
    ----------
    Myerson (1991), sections 2.5 and 3.1; Kuhn (1953) for reduced strategies.
    """
    if game.num_players != 2:
        raise NotSupportedError(f"dominance is computed for two-player games, not {game.num_players}")
    if game.is_symbolic:
        raise NotSupportedError("dominance needs numeric payoffs; substitute the symbols first")
    sf = game_sequence_form(game)
    strategies = [list(reduced_strategies(sf, p)) for p in (0, 1)]
    table = [payoff_table(sf, p, strategies[p], strategies[1 - p]) for p in (0, 1)]
    mixed = mixed and len(strategies[0]) * len(strategies[1]) <= MAX_MIXED_PAIRS
    removed: list[StrategyDomination] = []
    rnd = 0
    while True:
        rnd += 1
        drop: list[StrategyDomination] = []
        for p in (0, 1):
            others = strategies[1 - p]
            for s in strategies[p]:
                for d in strategies[p]:
                    if d is not s:
                        found = _dominates(table[p], d, s, others, weak)
                        if found is not None:
                            drop.append(StrategyDomination(s, d, found[0], rnd, found[1]))
                            break
        if not drop and mixed:
            for p in (0, 1):
                removed_now: set[int] = set()
                for s in strategies[p]:
                    found = _mixed_dominator(table[p], s, strategies[p], strategies[1 - p])
                    # a mixture that uses a strategy removed in this round waits for the next round
                    if found is not None and not any(id(d) in removed_now for d, _ in found[0]):
                        mixture, witness = found
                        drop.append(StrategyDomination(s, mixture[0][0], "strict", rnd, witness, mixture))
                        removed_now.add(id(s))
        if not drop:
            break
        # keep at least one dominator per player: never remove a strategy whose dominator is also removed
        # only when it would empty the player's set (ties of mutually weakly dominating strategies)
        gone = {id(x.strategy) for x in drop}
        for p in (0, 1):
            if all(id(s) in gone for s in strategies[p]):
                keep = next(x.strategy for x in drop if x.strategy.player == p)
                gone.discard(id(keep))
        drop = [x for x in drop if id(x.strategy) in gone]
        removed.extend(drop)
        for p in (0, 1):
            strategies[p] = [s for s in strategies[p] if id(s) not in gone]
    return GameDominance(game, tuple(removed), (tuple(strategies[0]), tuple(strategies[1])), weak, mixed)
