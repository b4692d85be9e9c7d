"""Subgame perfection of equilibria given as mixtures of reduced strategies, and of whole families.

:func:`~derive.verification.subgames.subgame_perfection` decides it for a behaviour profile that
says what every player does at every information set.  The general-sum solvers return something
less: mixtures of *reduced* strategies (realization plans), which leave open what a player does
where his own earlier move excludes the play (Kuhn 1953; von Stengel 1996).  Whether such an
equilibrium is subgame perfect (Selten 1965) then depends on the subgame, here called ``r``, and on
the players who move in it (its *movers*):

* **Determined subgames.**  When every mover's own earlier moves reach ``r`` with positive
  probability (his realization of the last own sequence on the path to ``r``, ``x_p(sigma_p(r))``,
  is positive), his play in ``r`` is ``x_p(tau) / x_p(sigma_p(r))`` wherever his own moves in ``r``
  do not exclude it, and play at what they exclude changes nobody's payoff in ``r``.  So whether the
  profile is a Nash equilibrium of ``r`` is decided by the plans alone.  Multiplying by the movers'
  positive reaches, it is one when no mover ``p`` gains by any pure reduced strategy ``k`` of his in
  ``r``::

      G(p, k) = sum over leaves z of r of  c_r(z) u_p(z) [ [tau_p(z) in k] x_p(sigma_p(r)) - x_p(tau_p(z)) ]
                                          * prod over the other movers q of x_q(tau_q(z))  <=  0,

  with ``c_r(z)`` chance's probability of ``z`` from ``r`` on and ``tau_p(z)`` ``p``'s last sequence at
  ``z`` (``sigma_p(r)`` is taken to be in every ``k``).  Players who do not move in ``r`` contribute a
  common positive factor and are left out.  For two players whose plans are affine in separate
  parameters (a maximal Nash subset, :mod:`derive.solving.general_sum.two_player`) ``G`` is bilinear,
  so its largest and smallest values on the product of the two polytopes are taken at pairs of
  vertices: "every member", "no member" and the exact conditions in between are decided from the
  vertex pairs alone.
* **Subgames a player's own move excludes.**  When a mover's reach is 0, his play in ``r`` is not
  fixed by his reduced strategy, and the profile is subgame perfect only for some *completion* of
  it.  For an exact profile the completion is built bottom-up: in each such subgame, deepest
  first, the free players choose best replies (pure, exact) to what is already fixed.  If the
  completed profile is an equilibrium in every subgame, the profile is subgame perfect and the
  completion says how; if it fails only where the completion was chosen, another completion might
  succeed, and this is reported as *not decided*, never as a failure.

Families given in behaviour strategies (found from CFR's support) specify play everywhere; they are
judged as written, with each mover's realization counted from ``r`` on (no completion).

Everything is exact; a family's conditions are rational functions of its parameters.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import sympy as sp

from derive.extensive_form.game import CHANCE, Game, NotSupportedError
from derive.sequence_form.general import game_sequence_form

__all__ = [
    "MAX_SUBGAME_STRATEGIES",
    "SubgameCondition",
    "SubgameVerdict",
    "all_equilibria_verdicts",
    "behaviour_family_verdict",
    "behaviour_plans",
    "history_text",
    "mixed_plans",
    "nash_subset_verdict",
    "plan_behaviour",
    "plan_verdict",
    "strategy_sequences",
    "support_family_verdict",
    "support_verdict",
]

#: Largest number of pure reduced strategies of one mover in one subgame for which a family's
#: conditions are written out (more: that subgame is reported as not decided).
MAX_SUBGAME_STRATEGIES = 2000


@dataclass(frozen=True)
class SubgameCondition:
    """One condition a member of a family must meet to be subgame perfect: ``gain <= 0``.

    Attributes
    ----------
    root : int
        The node that starts the subgame.
    player : int
        The mover who must not gain there.
    deviation : str
        His pure reduced strategy in the subgame, ``"<information set>: <action>, ..."``.
    gain : sympy.Expr
        What he gains by it, times the movers' positive reaches of the subgame (the ``G`` of the
        module docstring), in the family's parameters.
    """

    root: int
    player: int
    deviation: str
    gain: sp.Expr


@dataclass(frozen=True)
class SubgameVerdict:
    """Whether an equilibrium, or every member of a family, is subgame perfect, as far as decided exactly.

    Attributes
    ----------
    roots : tuple of int
        The nodes that start a subgame, the root (0, the whole game) first.
    histories : dict
        ``root -> ((mover, action), ...)``: the moves leading to it (:data:`CHANCE` for chance).
    failures : tuple of int
        Subgames where the profile (for a family: every member) is not a Nash equilibrium.
    conditions : tuple of SubgameCondition
        For a family: a member is subgame perfect exactly when every condition holds (besides what
        :attr:`undecided` leaves open); the conditions that hold on the whole family are left out.
    undecided : tuple of (int, str)
        ``(root, reason)`` for each subgame where it was not decided.
    completion : tuple of (int, str, str)
        ``(player, information-set label, action)``: how play the reduced strategies leave open was
        completed (by best replies) for a profile found subgame perfect; empty when none was needed.
    members : str
        ``"point"`` for one profile, ``"family"`` for a family (it changes only the wording).
    notes : tuple of str
        Remarks on the conditions (whether the family's listed member meets them).
    member_set : (sympy.Symbol, sympy.Set) or None
        For a family in one parameter whose conditions were solved exactly: the parameter and the
        set of its values whose members are subgame perfect (besides :attr:`undecided`).
    """

    roots: tuple[int, ...]
    histories: dict[int, tuple]
    failures: tuple[int, ...] = ()
    conditions: tuple[SubgameCondition, ...] = ()
    undecided: tuple[tuple[int, str], ...] = ()
    completion: tuple[tuple[int, str, str], ...] = ()
    members: str = "point"
    notes: tuple[str, ...] = field(default=())
    member_set: tuple[sp.Symbol, sp.Set] | None = None

    @property
    def subgame_perfect(self) -> bool | None:
        """True: subgame perfect (every member); False: not (no member); None: not decided, or
        decided by :attr:`conditions` (some members are, some may not be)."""
        if self.failures:
            return False
        if self.conditions or self.undecided:
            return None
        return True

    @property
    def subgames(self) -> int:
        """How many subgames the game has, the whole game included."""
        return len(self.roots)


def history_text(game: Game, history: Sequence[tuple[int, str]]) -> str:
    """The moves of a history as one phrase: ``"Entrant In, Incumbent Fight"``, ``"chance weak, Sender beer"``.

    >>> from derive.games.textbook import matching_pennies
    >>> history_text(matching_pennies(), ((0, "heads"),))
    'Matcher heads'
    """
    words = []
    for p, action in history:
        who = "chance" if p == CHANCE else game.players[p]
        words.append(f"{who} {action}")
    return ", ".join(words) or "the start"


# --------------------------------------------------------------------------------- the subgames


@dataclass(frozen=True)
class _Subgame:
    """One proper subgame: its movers, their reaching sequences, its leaves."""

    root: int
    movers: tuple[int, ...]
    sigma: dict[int, int]  # mover -> index of his last own sequence on the path to the root
    leaves: tuple[tuple[int, sp.Expr], ...]  # (terminal, chance probability from the root on)
    infosets: tuple[int, ...]  # indices of the information sets inside it


def _subgame_data(game: Game) -> tuple[tuple[int, ...], dict[int, tuple], tuple[_Subgame, ...]]:
    """``(roots, histories, proper subgames)`` of ``game``, computed once per game."""
    cached = game.__dict__.get("_subgame_data")
    if cached is not None:
        return cached
    from derive.verification.subgames import subgame_roots

    sf = game_sequence_form(game)
    roots = subgame_roots(game)
    histories = {r: game.history(r) for r in roots}
    code_to_seq = []
    for p in range(game.num_players):
        at = {-1: 0}
        for k, seq in enumerate(sf.sequences[p]):
            if seq is not None:
                at[game.action_codes[seq[0]] + seq[1]] = k
        code_to_seq.append(at)
    end = _subtree_ends(game)
    proper = []
    for r in roots[1:]:
        inside = range(r, end[r])
        infos = sorted({game.nodes[n].infoset for n in inside if game.nodes[n].infoset is not None})
        movers = tuple(sorted({game.infosets[i].player for i in infos}))
        sigma = {p: code_to_seq[p][game.last_own_moves[p][r]] for p in movers}
        chance: dict[int, sp.Expr] = {r: sp.S.One}
        leaves = []
        for n in inside:
            node = game.nodes[n]
            for k, c in enumerate(node.children):
                chance[c] = chance[n] * (node.probabilities[k] if node.player == CHANCE else sp.S.One)
            if node.is_terminal:
                leaves.append((n, chance[n]))
        proper.append(_Subgame(r, movers, sigma, tuple(leaves), tuple(infos)))
    data = (roots, histories, tuple(proper))
    game.__dict__["_subgame_data"] = data
    return data


def _subtree_ends(game: Game) -> list[int]:
    """``end[n]``: one past the last node of ``n``'s subtree (nodes are in preorder)."""
    end = list(range(1, len(game.nodes) + 1))
    for node in reversed(game.nodes):
        for c in node.children:
            end[node.index] = max(end[node.index], end[c])
    return end


def _pure_strategies(game: Game, sub: _Subgame, p: int) -> list[tuple[str, frozenset[int]]] | None:
    """``p``'s pure reduced strategies in ``sub``: ``(label, sequences)``, or None past
    :data:`MAX_SUBGAME_STRATEGIES`."""
    sf = game_sequence_form(game)
    inside = set(sub.infosets)

    def below(seq: int) -> list[tuple[tuple[str, ...], frozenset[int]]] | None:
        """``(choices, sequences)`` of every pure continuation of ``p`` after his sequence ``seq`` inside the subgame, or None past the cap."""
        options = []
        for i in sf.children(p, seq):
            if i not in inside:
                continue
            info = game.infosets[i]
            here = []
            for a, action in enumerate(info.actions):
                k = sf.index[p][(i, a)]
                rest = below(k)
                if rest is None:
                    return None
                here += [((f"{info.label}: {action}", *c), s | {k}) for c, s in rest]
            options.append(here)
        out = []
        for combo in itertools.product(*options):
            out.append(
                (tuple(c for part in combo for c in part[0]), frozenset().union(*(x[1] for x in combo)))
            )
            if len(out) > MAX_SUBGAME_STRATEGIES:
                return None
        return out

    listed = below(sub.sigma[p])
    if listed is None:
        return None
    return [(", ".join(c), s) for c, s in listed]


def _gains(
    game: Game, sub: _Subgame, plans: Sequence[Mapping[int, sp.Expr]]
) -> list[SubgameCondition] | None:
    """Every ``G(p, k)`` of the module docstring in ``sub`` (``plans[p]``: sequence index -> realization,
    a missing sequence 0), or None when a mover has too many pure strategies there."""
    sf = game_sequence_form(game)
    out = []
    for p in sub.movers:
        strategies = _pure_strategies(game, sub, p)
        if strategies is None:
            return None
        reach = plans[p].get(sub.sigma[p], sp.S.Zero)
        weight: dict[int, sp.Expr] = {}  # p's last sequence -> the leaves' weight against the others
        own = sp.S.Zero
        for z, c in sub.leaves:
            seqs = sf.terminal_sequences[z]
            u = game.payoffs[z][p]
            if u == 0 or c == 0:
                continue
            w = c * u
            for q in sub.movers:
                if q != p:
                    w = w * plans[q].get(seqs[q], sp.S.Zero)
            if w == 0:
                continue
            weight[seqs[p]] = weight.get(seqs[p], sp.S.Zero) + w
            own += w * plans[p].get(seqs[p], sp.S.Zero)
        for label, seqs in strategies:
            got = sum((w for s, w in weight.items() if s in seqs or s == sub.sigma[p]), sp.S.Zero)
            out.append(SubgameCondition(sub.root, p, label, sp.expand(got * reach - own)))
    return out


# --------------------------------------------------------------------------------- plans


def mixed_plans(
    game: Game, mixed: Sequence[Mapping[str, sp.Expr]], sequences: Sequence[Mapping[str, frozenset[int]]]
) -> tuple[dict[int, sp.Expr], ...]:
    """Each player's realization plan of a mixture of reduced strategies.

    Parameters
    ----------
    game : Game
    mixed : sequence of mapping
        Per player, ``reduced strategy label -> probability`` (exact; expressions allowed).
    sequences : sequence of mapping
        Per player, ``reduced strategy label -> the sequence indices it plays`` (the empty sequence,
        0, included), as :func:`derive.dominance.general.reduced_strategies` lists them.

    Returns
    -------
    tuple of dict
        Per player, ``sequence index -> realization`` (sequences never played are left out).

    Raises
    ------
    KeyError
        If a strategy of ``mixed`` is not in ``sequences``.
    """
    out = []
    for p in range(game.num_players):
        plan: dict[int, sp.Expr] = {}
        for label, prob in mixed[p].items():
            prob = sp.sympify(prob)
            if prob == 0:
                continue
            for k in sequences[p][label]:
                plan[k] = plan.get(k, sp.S.Zero) + prob
        out.append({k: sp.expand(v) for k, v in plan.items()})
    return tuple(out)


def _behaviour_from_plans(
    game: Game, plans
) -> tuple[list[dict[str, dict[str, sp.Expr]]], set[tuple[int, int]]]:
    """Behaviour strategies of exact plans, and ``(player, information-set index)`` of the sets the
    player's own moves exclude (there: uniform, to be completed)."""
    sf = game_sequence_form(game)
    out: list[dict[str, dict[str, sp.Expr]]] = []
    open_sets = set()
    for p in range(game.num_players):
        strategy = {}
        for info in game.infosets_of(p):
            reach = plans[p].get(sf.parent[info.index], sp.S.Zero)
            if reach == 0:
                strategy[info.label] = {a: sp.Rational(1, len(info.actions)) for a in info.actions}
                open_sets.add((p, info.index))
            else:
                strategy[info.label] = {
                    a: sp.cancel(plans[p].get(sf.index[p][(info.index, k)], sp.S.Zero) / reach)
                    for k, a in enumerate(info.actions)
                }
        out.append(strategy)
    return out, open_sets


def plan_behaviour(game: Game, plans: Sequence[Mapping[int, sp.Expr]]) -> list[dict[str, dict[str, sp.Expr]]]:
    """Behaviour strategies of exact realization plans: ``x(sigma a) / x(sigma)`` at each information
    set, uniform where the player's own moves exclude it (play there changes no payoff).

    Parameters
    ----------
    game : Game
    plans : sequence of mapping
        Per player, ``sequence index -> realization`` (missing: 0).

    Returns
    -------
    list of dict
        Per player, ``information-set label -> {action: probability}``.
    """
    return _behaviour_from_plans(game, plans)[0]


def _strict_reply(small: Game, behaviour, player: int) -> tuple[dict[str, str], dict[str, bool]]:
    """A pure best reply of ``player`` in the game ``small`` to the others' ``behaviour`` (backward
    induction, the first best action at ties), and at each of his information sets whether its action
    is the only best one there (a strict best; False where the others never lead play into it).
    """
    sf = game_sequence_form(small)
    index = {(info.index): info for info in small.infosets}

    def move(node, k):
        """The probability of the ``k``-th move at ``node``: 1 for ``player``'s own moves (his reply is chosen), the others' behaviour otherwise."""
        if node.player == player:
            return sp.S.One
        info = index[node.infoset]
        return sp.sympify(behaviour[info.player][info.label][info.actions[k]])

    reach = small.reach(move)
    value: dict[int, sp.Expr] = {}
    for z, seqs in sf.terminal_sequences.items():
        w = reach[z] * small.payoffs[z][player]
        if w != 0:
            value[seqs[player]] = value.get(seqs[player], sp.S.Zero) + w
    choice, strict = {}, {}
    for info in sf.bottom_up(player):
        options = [value.get(sf.index[player][(info.index, a)], sp.S.Zero) for a in range(len(info.actions))]
        top = max(options)
        best = options.index(top)
        choice[info.label] = info.actions[best]
        strict[info.label] = options.count(top) == 1
        parent = sf.parent[info.index]
        value[parent] = value.get(parent, sp.S.Zero) + top
    return choice, strict


def plan_verdict(game: Game, plans: Sequence[Mapping[int, sp.Expr]]) -> SubgameVerdict:
    """Whether an exact equilibrium given by realization plans is subgame perfect (module docstring).

    Parameters
    ----------
    game : Game
        Any number of players, perfect recall, numeric payoffs.
    plans : sequence of mapping
        Per player, ``sequence index -> exact realization`` (missing: 0), e.g. from
        :func:`mixed_plans`; a Nash equilibrium of ``game``.

    Returns
    -------
    SubgameVerdict
        ``failures``: determined subgames where it is no equilibrium (then it is not subgame
        perfect, whatever the completion); ``undecided``: subgames where the completion by best
        replies fails but another might not; ``completion``: the completion, when one was needed
        and it succeeds.

    Raises
    ------
    NotSupportedError, ImperfectRecallError
        As :func:`~derive.verification.subgames.subgame_perfection`.
    """
    from derive.verification.subgames import _subgame, subgame_perfection

    roots, histories, proper = _subgame_data(game)
    if not proper:
        return SubgameVerdict(roots, histories)
    behaviour, open_sets = _behaviour_from_plans(game, plans)
    free_at = {
        sub.root: tuple(p for p in sub.movers if plans[p].get(sub.sigma[p], sp.S.Zero) == 0) for sub in proper
    }
    filled: dict[tuple[int, int], bool] = {}  # (player, information set) -> whether the choice is forced
    completion: list[tuple[int, str, str]] = []
    for sub in reversed(proper):  # deepest first: a subgame's descendants come after it in preorder
        free = free_at[sub.root]
        todo = {
            p: [
                i
                for i in sub.infosets
                if game.infosets[i].player == p and (p, i) in open_sets and (p, i) not in filled
            ]
            for p in free
        }
        if not any(todo.values()):
            continue
        small = _subgame(game, sub.root)
        labels = {info.label for info in small.infosets}
        alone = sum(1 for p in free if todo[p]) == 1
        for p in free:
            if not todo[p]:
                continue
            current = {
                q: {k: v for k, v in behaviour[q].items() if k in labels} for q in range(game.num_players)
            }
            choice, strict = _strict_reply(small, current, p)
            for i in todo[p]:
                info = game.infosets[i]
                chosen = choice[info.label]
                behaviour[p][info.label] = {a: sp.S.One if a == chosen else sp.S.Zero for a in info.actions}
                filled[(p, i)] = alone and strict[info.label]
                completion.append((p, info.label, chosen))
    checked = subgame_perfection(game, behaviour)
    end = _subtree_ends(game)
    failures, undecided = [], []
    for r in checked.failures:
        free = free_at.get(r, ())
        inside = [key for key in filled if r <= game.infosets[key[1]].nodes[0] < end[r]]
        if not free or all(filled[key] for key in inside):
            failures.append(r)
        else:
            who = " and ".join(game.players[p] for p in free)
            undecided.append(
                (
                    r,
                    f"{who}'s own earlier move excludes this subgame, so the reduced strategies leave "
                    f"{'their' if len(free) > 1 else 'that'} play there open; completed by best replies it "
                    "is not an equilibrium there, and those replies are not the only ones",
                )
            )
    done = not failures and not undecided
    return SubgameVerdict(
        roots,
        histories,
        failures=tuple(failures),
        undecided=tuple(undecided),
        completion=tuple(sorted(completion)) if done else (),
    )


# --------------------------------------------------------------------------------- families


def nash_subset_verdict(
    game: Game,
    strategies: Sequence[Mapping[str, sp.Expr]],
    sequences: Sequence[Mapping[str, frozenset[int]]],
    vertices: Sequence[Sequence[Mapping[sp.Symbol, sp.Expr]]],
) -> SubgameVerdict:
    """Whether the members of a two-player maximal Nash subset are subgame perfect (module docstring).

    Parameters
    ----------
    game : Game
        Two players, perfect recall, numeric payoffs.
    strategies : (mapping, mapping)
        Each player's family, ``reduced strategy label -> probability`` affine in his own parameters
        only (:attr:`~derive.solving.general_sum.two_player.EquilibriumFamily.strategy`).
    sequences : (mapping, mapping)
        Each player's ``reduced strategy label -> sequence indices``.
    vertices : (sequence, sequence)
        Each player's family's vertices, ``{parameter: Rational}`` (one empty dict for a single
        strategy): the subset is the product of their convex hulls.

    Returns
    -------
    SubgameVerdict
        ``failures``: subgames where no member is an equilibrium (a gain positive at every vertex
        pair, hence everywhere); ``conditions``: the gains that are positive at some vertex pair
        and not at all (a member is subgame perfect exactly when none is positive);
        ``undecided``: subgames a mover's own earlier move excludes at some member (there the
        reduced strategies leave his play open); for a segment (one parameter in all), the
        conditions solved into :attr:`SubgameVerdict.member_set`.

    Raises
    ------
    NotSupportedError
        For other than two players.
    """
    if game.num_players != 2:
        raise NotSupportedError(f"a Nash subset has two players, this game {game.num_players}")
    roots, histories, proper = _subgame_data(game)
    if not proper:
        return SubgameVerdict(roots, histories, members="family")
    plans = mixed_plans(game, strategies, sequences)
    own_points = [list(v) or [{}] for v in vertices]
    pairs = [{**a, **b} for a in own_points[0] for b in own_points[1]]
    failures, conditions, undecided = [], [], []
    params = sorted({t for pt in pairs for t in pt}, key=str)
    interval = member_set = None
    if len(params) == 1:  # a segment: the conditions are solved for its parameter
        (t,) = params
        ends = [pt[t] for pt in pairs]
        interval = (t, sp.Interval(min(ends), max(ends)))
        member_set = interval[1]
    for sub in proper:
        reaches = {
            p: [sp.sympify(plans[p].get(sub.sigma[p], 0)).subs(v) for v in own_points[p]] for p in sub.movers
        }
        excluded = [p for p in sub.movers if any(x == 0 for x in reaches[p])]
        if excluded:
            who = " and ".join(game.players[p] for p in excluded)
            where = (
                "every member" if all(all(x == 0 for x in reaches[p]) for p in excluded) else "some members"
            )
            undecided.append(
                (
                    sub.root,
                    f"{who}'s own earlier move excludes it (at {where}), so the reduced strategies leave that "
                    "play open (the extreme equilibria are decided one by one)",
                )
            )
            continue
        gains = _gains(game, sub, plans)
        if gains is None:
            undecided.append(
                (sub.root, f"a mover has more than {MAX_SUBGAME_STRATEGIES} pure strategies in it")
            )
            continue
        here = []
        for g in gains:
            values = [g.gain.subs(pt) for pt in pairs]
            if max(values) <= 0:
                continue
            if min(values) > 0:
                failures.append(sub.root)
                break
            here.append(g)
        else:
            if here and interval is not None:
                solved = _solved_on_interval(here, interval)
                if solved == sp.S.EmptySet:
                    failures.append(sub.root)
                    continue
                member_set = None if solved is None or member_set is None else member_set.intersect(solved)
            conditions += here
    if not conditions or member_set is None:
        member_set = None
    elif member_set == sp.S.EmptySet:  # each subgame has members, none is an equilibrium of all of them
        failures += sorted({c.root for c in conditions})
        conditions, member_set = [], None
    return SubgameVerdict(
        roots,
        histories,
        failures=tuple(failures),
        conditions=tuple(_distinct(conditions)),
        undecided=tuple(undecided),
        members="family",
        member_set=None if member_set is None else (interval[0], member_set),
    )


def _distinct(conditions: list[SubgameCondition]) -> list[SubgameCondition]:
    """The conditions with each gain kept once (two deviations may give the same inequality)."""
    seen, out = set(), []
    for c in conditions:
        key = (c.root, sp.factor(c.gain))
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def _decide_on_family(
    game: Game, plans_for, reach_positive, witness: Mapping[sp.Symbol, sp.Expr], interval=None
) -> SubgameVerdict:
    """The family verdict when the gains are rational functions of the parameters.

    ``plans_for(sub)`` gives the plans to judge subgame ``sub`` by; ``reach_positive(expr)`` whether
    a mover's reach is positive at every member.  A gain that is identically 0 or a negative
    constant holds; a positive constant makes the subgame a failure at every member; any other is
    a condition.  A subgame with a mover whose reach is not positive throughout is not decided.
    With ``interval = (t, range)`` (a family in one parameter ``t`` over the sympy set ``range``),
    each subgame's conditions are solved for ``t`` exactly
    (:func:`sympy.solve_univariate_inequality`): no solution in the range is a failure at every
    member, the whole range means they hold, and otherwise the set is kept as
    :attr:`SubgameVerdict.member_set`.
    """
    roots, histories, proper = _subgame_data(game)
    failures, conditions, undecided = [], [], []
    member_set = None if interval is None else interval[1]
    for sub in proper:
        plans = plans_for(sub)
        excluded = [p for p in sub.movers if not reach_positive(plans[p].get(sub.sigma[p], sp.S.Zero))]
        if excluded:
            who = " and ".join(game.players[p] for p in excluded)
            undecided.append(
                (
                    sub.root,
                    f"{who}'s own earlier move excludes this subgame, so the reduced strategies leave that "
                    "play open",
                )
            )
            continue
        gains = _gains(game, sub, plans)
        if gains is None:
            undecided.append(
                (sub.root, f"a mover has more than {MAX_SUBGAME_STRATEGIES} pure strategies in it")
            )
            continue
        here = []
        for g in gains:
            gain = sp.factor(sp.cancel(sp.together(g.gain)))
            if gain == 0 or (gain.is_number and gain <= 0):
                continue
            if gain.is_number and gain > 0:
                failures.append(sub.root)
                break
            here.append(SubgameCondition(g.root, g.player, g.deviation, gain))
        else:
            solved = _solved_on_interval(here, interval) if here and interval is not None else None
            if solved is None:
                conditions += here
                if interval is not None:
                    member_set = None
                    interval = None  # the conditions stand; no exact set of members
            elif solved == sp.S.EmptySet:
                failures.append(sub.root)
            elif solved != interval[1]:
                conditions += here
                member_set = solved if member_set is None else member_set.intersect(solved)
    if not conditions:
        member_set = None
    elif member_set == sp.S.EmptySet:  # each subgame has members, none is an equilibrium of all of them
        failures += sorted({c.root for c in conditions})
        conditions, member_set = [], None
    notes: tuple[str, ...] = ()
    if conditions and witness:
        meets = all(sp.sympify(c.gain).subs(witness) <= 0 for c in conditions)
        notes = (
            "the member shown meets every condition" if meets else "the member shown does not meet them",
        )
    return SubgameVerdict(
        roots,
        histories,
        failures=tuple(failures),
        conditions=tuple(_distinct(conditions)),
        undecided=tuple(undecided),
        members="family",
        notes=notes,
        member_set=None if member_set is None else (interval[0], member_set),
    )


def _solved_on_interval(conditions: list[SubgameCondition], interval) -> sp.Set | None:
    """The points of ``interval = (t, range)`` where every gain is ``<= 0``, exactly; None when sympy
    cannot solve one of the inequalities."""
    t, where = interval
    out = where
    for c in conditions:
        gain = sp.sympify(c.gain)
        if gain.free_symbols - {t}:
            return None
        try:
            part = sp.solve_univariate_inequality(sp.Le(gain, 0), t, relational=False, domain=sp.S.Reals)
        except Exception:  # sympy raises many kinds; the conditions then stand unsolved
            return None
        out = out.intersect(part)
    return out


def support_family_verdict(
    game: Game,
    strategies: Sequence[Mapping[str, sp.Expr]],
    sequences: Sequence[Mapping[str, frozenset[int]]],
    witness: Mapping[sp.Symbol, sp.Expr] | None = None,
    interval: tuple[sp.Symbol, sp.Set] | None = None,
) -> SubgameVerdict:
    """Whether the members of a support-enumeration family are subgame perfect (module docstring).

    Every strategy of the family's supports has positive probability at every member, so a mover's
    reach of a subgame is either identically 0 (then the subgame is not decided: his play there is
    open) or positive throughout (then the conditions are exact).

    Parameters
    ----------
    game : Game
        Any number of players, perfect recall, numeric payoffs.
    strategies : sequence of mapping
        Per player ``reduced strategy label -> probability``, rational functions of the parameters
        (:attr:`~derive.solving.general_sum.support_candidates.SupportEquilibrium.strategies`).
    sequences : sequence of mapping
        Per player ``reduced strategy label -> sequence indices``.
    witness : mapping, optional
        A member, ``{parameter: Rational}``: the verdict's notes say whether it meets the conditions.
    interval : (sympy.Symbol, sympy.Set), optional
        For a family in one parameter: the parameter and its exact range; the conditions are then
        solved for it (:attr:`SubgameVerdict.member_set`).

    Returns
    -------
    SubgameVerdict
    """
    roots, histories, proper = _subgame_data(game)
    if not proper:
        return SubgameVerdict(roots, histories, members="family")
    plans = mixed_plans(game, strategies, sequences)
    return _decide_on_family(game, lambda sub: plans, lambda e: sp.cancel(e) != 0, witness or {}, interval)


def behaviour_family_verdict(
    game: Game,
    strategies: Sequence[Mapping[str, Mapping[str, sp.Expr]]],
    witness: Mapping[sp.Symbol, sp.Expr] | None = None,
) -> SubgameVerdict:
    """Whether the members of a family of behaviour profiles are subgame perfect, as written.

    The profiles say what every player does at every information set, so each subgame's play is
    the behaviour there: each mover's realization is counted from the subgame's root on (1 at his
    reaching sequence), no completion is needed, and the gains are those of the module docstring.

    Parameters
    ----------
    game : Game
        Any number of players, perfect recall, numeric payoffs.
    strategies : sequence of mapping
        Per player ``information-set label -> {action: probability}``, expressions in the
        parameters (a missing action has probability 0).
    witness : mapping, optional
        A member, ``{parameter: Rational}``: the verdict's notes say whether it meets the conditions.

    Returns
    -------
    SubgameVerdict
    """
    roots, histories, proper = _subgame_data(game)
    if not proper:
        return SubgameVerdict(roots, histories, members="family")
    sf = game_sequence_form(game)

    def plans_for(sub: _Subgame) -> list[dict[int, sp.Expr]]:
        """Each player's realization counted from ``sub``'s root on (1 at his reaching sequence), in the parameters."""
        plans = []
        for p in range(game.num_players):
            plan = {sub.sigma.get(p, 0): sp.S.One}
            for i in sub.infosets:  # a player's information sets come parents first
                info = game.infosets[i]
                if info.player != p:
                    continue
                base = plan.get(sf.parent[i], sp.S.Zero)
                for k, a in enumerate(info.actions):
                    plan[sf.index[p][(i, k)]] = sp.expand(
                        base * sp.sympify(strategies[p][info.label].get(a, 0))
                    )
            plans.append(plan)
        return plans

    return _decide_on_family(game, plans_for, lambda e: True, witness or {})


# --------------------------------------------------------------------------------- solver results


def strategy_sequences(game: Game) -> tuple[dict[str, frozenset[int]], ...]:
    """Per player, ``reduced strategy label -> the sequence indices it plays`` (the empty one included),
    as :func:`derive.dominance.general.reduced_strategies` labels them.

    Raises
    ------
    NotSupportedError
        If a player has more than :data:`derive.dominance.general.MAX_STRATEGIES` reduced strategies.
    """
    from derive.dominance.general import reduced_strategies

    sf = game_sequence_form(game)
    return tuple({s.label: s.sequences for s in reduced_strategies(sf, p)} for p in range(game.num_players))


def all_equilibria_verdicts(eqs) -> tuple[tuple[SubgameVerdict, ...], tuple[SubgameVerdict, ...]]:
    """Subgame perfection of every extreme equilibrium and every maximal Nash subset of a two-player game.

    Parameters
    ----------
    eqs : AllEquilibria
        From :func:`derive.solving.general_sum.two_player.all_equilibria`.

    Returns
    -------
    (tuple of SubgameVerdict, tuple of SubgameVerdict)
        One :func:`plan_verdict` per extreme equilibrium (in ``eqs.extreme``'s order) and one
        :func:`nash_subset_verdict` per Nash subset (in ``eqs.subsets``'s order).
    """
    game = eqs.form.game
    sequences = [dict(zip(eqs.form.strategies[p], eqs.form.sequences[p])) for p in (0, 1)]
    extreme = tuple(plan_verdict(game, mixed_plans(game, e.strategies, sequences)) for e in eqs.extreme)
    subsets = tuple(
        nash_subset_verdict(
            game, [f.strategy for f in s.families], sequences, [f.vertices for f in s.families]
        )
        for s in eqs.subsets
    )
    return extreme, subsets


def support_verdict(game: Game, equilibrium, sequences=None) -> SubgameVerdict:
    """Subgame perfection of one result of support enumeration: :func:`plan_verdict` for an isolated
    equilibrium, :func:`support_family_verdict` (with its witness) for a family.

    Parameters
    ----------
    game : Game
    equilibrium : SupportEquilibrium
        From :func:`derive.solving.general_sum.support_enumeration.support_enumeration`.
    sequences : sequence of mapping, optional
        :func:`strategy_sequences` of ``game`` (computed when not given).

    Returns
    -------
    SubgameVerdict
        For an isolated equilibrium with irrational probabilities whose check cannot be done, a
        verdict whose every proper subgame is not decided, saying why.
    """
    roots, histories, proper = _subgame_data(game)
    if not proper:
        return SubgameVerdict(roots, histories, members="point" if equilibrium.is_isolated else "family")
    sequences = sequences or strategy_sequences(game)
    if not equilibrium.is_isolated:
        interval = None
        if len(equilibrium.parameters) == 1 and equilibrium.ranges:
            interval = (equilibrium.parameters[0], equilibrium.ranges[0])
        return support_family_verdict(game, equilibrium.strategies, sequences, equilibrium.witness, interval)
    plans = mixed_plans(game, equilibrium.strategies, sequences)
    if all(v.is_Rational for plan in plans for v in plan.values()):
        return plan_verdict(game, plans)
    return SubgameVerdict(
        roots,
        histories,
        undecided=tuple(
            (sub.root, "the probabilities are irrational; only rational profiles are checked here")
            for sub in proper
        ),
    )


def behaviour_plans(
    game: Game, strategies: Sequence[Mapping[str, Mapping[str, sp.Expr]]]
) -> tuple[dict[int, sp.Expr], ...]:
    """Each player's realization plan of a behaviour profile: products of his probabilities along
    his sequences (``strategies[p]``: ``information-set label -> {action: probability}``)."""
    sf = game_sequence_form(game)
    out = []
    for p in range(game.num_players):
        plan = {0: sp.S.One}
        for info in game.infosets_of(p):  # parents first
            base = plan.get(sf.parent[info.index], sp.S.Zero)
            for k, a in enumerate(info.actions):
                plan[sf.index[p][(info.index, k)]] = sp.expand(
                    base * sp.sympify(strategies[p][info.label].get(a, 0))
                )
        out.append(plan)
    return tuple(out)
