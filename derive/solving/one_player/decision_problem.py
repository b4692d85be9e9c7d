"""One-player games solved exactly: a decision-maker against chance, by backward induction.

A game with one player and chance is a *decision problem* (Raiffa 1968, ch. 1-2: decision trees
"folded back" from the tips).  Its solution is a best response to chance.  With perfect recall
(Kuhn 1953) the player's information sets form a forest, every set ``I`` has one parent sequence
``sigma(I)`` (his own moves before it), and backward induction over the sets, deepest first, gives
the optimal expected payoff (von Stengel 1996, section 3, with no opponent):

    V(s) = g(s) + sum over the information sets J after sequence s of  max_a V(J, a),

where ``g(s) = sum of c(z) u(z)`` over the terminals ``z`` whose last own move is ``s`` and ``c(z)``
is chance's probability of the play.  The optimal value is ``V(empty sequence)``.

What a student reads at an information set ``I`` is conditional on reaching it:

* its *reach probability* ``r(I) = sum over the nodes h of I of c(h)``, the probability that
  chance leads play into ``I`` when the player's own earlier moves lead there (his own moves are
  the same at every node of ``I``, by perfect recall);
* the *expected value of each action* ``a`` given that ``I`` is reached, with optimal play after
  it: ``V(I, a) / r(I)`` (chance's conditional distribution over the nodes of ``I`` is ``c(h) / r(I)``,
  Bayes' rule);
* the *optimal actions*, those of highest value (every one on a tie).  They are optimal at every
  information set, also at those the optimal strategy itself does not reach (after another of its
  own choices): the backward induction is sequentially rational.  An information set that chance
  never reaches (``r(I) = 0``) has no conditional values; every action is optimal there.

One optimal pure behaviour strategy takes, at each set, the first optimal action in the set's
order.  Its expected payoff is then recomputed by a forward pass over the tree
(:func:`derive.verification.best_response.profile_payoffs`), independent of the backward induction,
and must equal the value.  Everything is exact (rationals).
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp
from sympy.polys.domains import QQ

from derive.extensive_form.game import Game, ImperfectRecallError, NotSupportedError
from derive.sequence_form.general import game_sequence_form
from derive.solving.zero_sum.best_response import best_response_values
from derive.verification.best_response import BehaviourProfile, profile_payoffs

__all__ = ["DecisionSolution", "InformationSetDecision", "solve_decision_problem"]

#: How the solution is found and checked (the ``method`` of every :class:`DecisionSolution`).
METHOD = (
    "backward induction over the player's information sets (a best response to chance; perfect recall, "
    "Kuhn 1953), exact rationals; the optimal strategy's expected payoff, recomputed by a forward pass "
    "over the tree, equals the value"
)


@dataclass(frozen=True)
class InformationSetDecision:
    """The decision at one information set of a one-player game.

    Attributes
    ----------
    index : int
        Position in ``game.infosets``.
    label : str
        The information set's label.
    reach : sympy.Rational
        The probability that chance leads play into the set when the player's own earlier moves lead
        there (the sum of chance's probabilities of its nodes), in [0, 1].
    values : dict of str to sympy.Rational or None
        ``action -> expected payoff given the set is reached``, with optimal play afterwards, in the
        set's action order; ``None`` for every action when ``reach`` is 0 (nothing to condition on).
    optimal : tuple of str
        The actions of highest value, in the set's order (every action when ``reach`` is 0).
    choice : str
        The action the optimal strategy of :class:`DecisionSolution` takes: the first of ``optimal``.
    on_path : bool
        Whether the optimal strategy reaches the set with positive probability.
    """

    index: int
    label: str
    reach: sp.Rational
    values: dict[str, sp.Rational | None]
    optimal: tuple[str, ...]
    choice: str
    on_path: bool

    @property
    def value(self) -> sp.Rational | None:
        """The set's value: the expected payoff of its optimal actions given it is reached (None if unreached)."""
        return self.values[self.choice]

    @property
    def gap(self) -> sp.Rational | None:
        """How much the best action beats the best of the others, given the set is reached: 0 on a tie,
        ``None`` with a single action or when chance never reaches the set."""
        ranked = sorted((v for v in self.values.values() if v is not None), reverse=True)
        if len(ranked) < 2:
            return None
        return ranked[0] - ranked[1]


@dataclass(frozen=True)
class DecisionSolution:
    """A one-player game solved exactly: the optimal expected payoff and the decision at every information set.

    Attributes
    ----------
    game : Game
    value : sympy.Rational
        The player's optimal expected payoff (the best response to chance).
    decisions : tuple of InformationSetDecision
        One per information set, in the order of ``game.infosets``.
    strategy : dict of str to str
        One optimal pure behaviour strategy: ``information-set label -> action``.
    certified : sympy.Rational
        The strategy's expected payoff computed by a forward pass over the tree, independently of
        the backward induction; equal to ``value``.
    method : str
        How the solution was found and checked.
    """

    game: Game
    value: sp.Rational
    decisions: tuple[InformationSetDecision, ...]
    strategy: dict[str, str]
    certified: sp.Rational
    method: str = METHOD

    @property
    def player(self) -> str:
        """The decision-maker's name."""
        return self.game.players[0]

    def decision(self, label: str) -> InformationSetDecision:
        """The decision at the information set labelled ``label``.

        Raises
        ------
        KeyError
            If the game has no such information set (the message names the label).
        """
        for d in self.decisions:
            if d.label == label:
                return d
        raise KeyError(f"no information set {label!r} of {self.player!r}")

    def behaviour(self) -> dict[str, dict[str, sp.Rational]]:
        """The optimal strategy as behaviour probabilities: ``label -> {action: 1 or 0}``."""
        return {
            d.label: {
                a: sp.S.One if a == d.choice else sp.S.Zero for a in self.game.infosets[d.index].actions
            }
            for d in self.decisions
        }

    def counts(self) -> dict[str, int]:
        """How many information sets take each action in the optimal strategy, ``{action: count}``,
        actions in order of first appearance."""
        out: dict[str, int] = {}
        for d in self.decisions:
            out[d.choice] = out.get(d.choice, 0) + 1
        return out

    @property
    def ties(self) -> tuple[InformationSetDecision, ...]:
        """The information sets, reached by chance, where two or more actions are optimal."""
        return tuple(d for d in self.decisions if d.reach != 0 and len(d.optimal) > 1)


def _qq(value: sp.Expr) -> object:
    r = sp.Rational(value)
    return QQ(int(r.p), int(r.q))


def _rational(value: object) -> sp.Rational:
    return sp.Rational(int(value.numerator), int(value.denominator))


def solve_decision_problem(game: Game) -> DecisionSolution:
    """Solve a one-player game exactly, as a best response to chance (see the module docstring).

    Parameters
    ----------
    game : Game
        One player and chance, perfect recall, numeric payoffs and probabilities (any tree size:
        the work is one pass over the nodes and one over the information sets).

    Returns
    -------
    DecisionSolution
        The value (the player's optimal expected payoff, in the payoffs' units), every information
        set's reach probability, each action's exact expected value given the set is reached, the
        optimal actions (all of them on a tie) and one optimal pure behaviour strategy, certified.

    Raises
    ------
    NotSupportedError
        If the game has more than one player, or symbols in its payoffs or probabilities (one line
        saying so).
    ImperfectRecallError
        If recall is imperfect (an absent-minded driver, a forgotten move): one line naming an
        information set where it fails.

    Examples
    --------
    A coin lands heads with probability 1/3, unseen; betting on heads pays 3 or costs 1:

    >>> from derive.extensive_form import chance, decision, extensive_form, payoff
    >>> coin = extensive_form(["you"], chance({
    ...     "heads": ("1/3", decision("you", "guess", {"bet": payoff(3), "pass": payoff(0)})),
    ...     "tails": ("2/3", decision("you", "guess", {"bet": payoff(-1), "pass": payoff(0)}))}))
    >>> solution = solve_decision_problem(coin)
    >>> solution.value, solution.strategy
    (1/3, {'guess': 'bet'})
    >>> d = solution.decision("guess")
    >>> d.reach, d.values, d.optimal
    (1, {'bet': 1/3, 'pass': 0}, ('bet',))

    References
    ----------
    Kuhn (1953), "Extensive games and the problem of information" (perfect recall, behaviour
    strategies); Raiffa (1968), *Decision Analysis*, ch. 1-2 (decision trees, averaging out and
    folding back); von Stengel (1996), section 3 (best responses in the sequence form).
    """
    if game.num_players != 1:
        raise NotSupportedError(
            f"{game.title or 'this game'} has {game.num_players} players; the decision-problem solver "
            "takes one player against chance"
        )
    failure = game.perfect_recall_failure
    if failure is not None:
        raise ImperfectRecallError(
            f"{failure}; a one-player game is solved by backward induction only with perfect recall"
        )
    if game.is_symbolic:
        names = ", ".join(str(s) for s in game.symbols) or "symbols"
        raise NotSupportedError(
            f"the game has symbolic payoffs or probabilities ({names}); substitute numbers to solve it"
        )
    sf = game_sequence_form(game)
    chance_reach = game.reach_by_chance
    payoffs = game.payoffs
    g: dict[int, object] = {}
    for z in game.terminals:
        s = sf.terminal_sequences[z][0]
        g[s] = g.get(s, QQ(0)) + _qq(chance_reach[z]) * _qq(payoffs[z][0])
    value, _, infoset_value = best_response_values(sf, 0, g, maximize=True)
    index = sf.index[0]

    def sequence_value(k: int) -> object:
        return g.get(k, QQ(0)) + sum((infoset_value[c] for c in sf.children(0, k)), QQ(0))

    # top-down (parents first): whether the optimal strategy reaches each set
    decisions: dict[int, InformationSetDecision] = {}
    for info in reversed(sf.bottom_up(0)):
        reach = sum((_qq(chance_reach[n]) for n in info.nodes), QQ(0))
        totals = [sequence_value(index[(info.index, a)]) for a in range(len(info.actions))]
        best = max(totals)
        optimal = tuple(a for a, t in zip(info.actions, totals) if t == best)
        if reach == 0:
            values = dict.fromkeys(info.actions)
        else:
            values = {a: _rational(t / reach) for a, t in zip(info.actions, totals)}
        parent = sf.sequences[0][sf.parent[info.index]]
        if parent is None:
            on_path = True
        else:
            before = decisions[parent[0]]
            on_path = before.on_path and before.choice == game.infosets[parent[0]].actions[parent[1]]
        decisions[info.index] = InformationSetDecision(
            info.index, info.label, _rational(reach), values, optimal, optimal[0], on_path and reach != 0
        )
    ordered = tuple(decisions[info.index] for info in game.infosets)
    strategy = {d.label: d.choice for d in ordered}
    value = _rational(value)
    certified = _certify(game, ordered)
    if certified != value:  # pragma: no cover - a bug, never an input error
        raise AssertionError(f"the optimal strategy earns {certified}, not the value {value}")
    return DecisionSolution(game, value, ordered, strategy, certified)


def _certify(game: Game, decisions: tuple[InformationSetDecision, ...]) -> sp.Rational:
    """The expected payoff of the strategy taking each decision's ``choice``, by a forward pass over the tree."""
    chosen = {d.index: d.choice for d in decisions}
    probabilities = tuple(
        tuple(sp.S.One if a == chosen[info.index] else sp.S.Zero for a in info.actions)
        for info in game.infosets
    )
    (payoff,) = profile_payoffs(BehaviourProfile(game, probabilities))
    return sp.Rational(payoff)
