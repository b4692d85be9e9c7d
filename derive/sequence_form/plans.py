"""The plan form of any two-player game with perfect recall: plans per situation.

A *situation* of player ``p`` is an information set of ``p`` whose nodes follow
no earlier move of ``p`` (the first information set of ``p`` on a play): in
one-card poker the opener's card, and the dealer's card with "checked to" or
"bet to".  With perfect recall every information set of ``p`` lies below
exactly one situation, so a reduced pure strategy of ``p`` (Kuhn 1953; von
Stengel 1996) is one *plan* per situation: an action at the situation, then
recursively a plan at every own information set that follows the chosen
action; information sets that ``p``'s own earlier choices exclude are left
out.  Miao (2014) calls a plan a *complete strategy*; after Swanson (2005) a
plan that is never better is a "stupid mistake" (:mod:`derive.dominance.plans`).

A mixed strategy is then a probability distribution on each situation's plans
(a product of simplices), and player ``i``'s expected payoff is the bilinear form

    U_i(x, y) = x^T P_i y,    P_i[m, n] = sum over terminals z consistent with plans m and n of c(z) u_i(z),

where ``c(z)`` is chance's probability of ``z`` and ``z`` is consistent with a
plan when the plan contains every own choice on the path to ``z``
(``P_i = T_0^T A_i T_1`` with the sequence-form matrix ``A_i`` of Koller,
Megiddo & von Stengel 1994 and ``T_p`` mapping a plan to its sequences).

**Plays without a move.**  A terminal on whose path a player never moves lies
below none of his situations.  Such a player gets one extra, *empty* plan (no
choices, label ``"∅"``) in a group of its own, the last, whose situation is
``None``; it is always played (probability 1).  Its row or column collects the
terminals where that player does not move, so ``x^T P y`` is the exact payoff
for every game; the empty plan exists only when such a terminal exists (in
one-card poker both players always move, and the shapes are the thesis's).

**Plan names.**  If ``game.metadata["plan_names"]`` is given it names plans:
a callable ``f(player, situation_label, choices) -> str or None`` or a mapping
``(player, choices) -> str``, with ``choices`` the plan's ``((information-set
label, action), ...)`` in tree order; ``None`` or a missing key falls back to
the generated name.  The generated name joins the action labels in tree order
(``"check"`` + ``"raise"`` = ``"checkraise"``, the thesis's names).  Where an
action is followed by several own information sets, their parts are written
in tree order inside parentheses, separated by ``|``: ``"bet(call|fold)"``
(call at the first information set after bet, fold at the second).  Should
two generated names of a situation coincide, that situation's plans are named
by their choices instead (``"K: bet, K:br: call"``).

**Plan labels.**  A plan's :attr:`Plan.label` is ``"situation:name"`` with the situation's label
(``"K:x:betfold"``).  ``game.metadata["plan_label_situations"]``, a mapping ``(player, situation
label) -> text``, writes another text for a situation in the labels of its plans: one-card poker's
builder writes the card alone (``"K:x"`` and ``"K:b"`` both as ``"K"``), so the dealer's plans are
labelled ``"K:betfold"`` and ``"K:call"``, the thesis's names (a checked-to plan starts with check
or bet, a bet-to plan with fold, call or raise, so they stay distinct).  Labels must stay unique
per player; a situation the mapping leaves out keeps its label.
``game.metadata["situation_names"]``, a mapping ``(player, label) -> text``,
may give situations a wording for reasons (``"K, bet to"``), and
``game.metadata["situation_order"]``, a mapping ``(player, label) -> sort key``, their order (one-card
poker lists them by card rank, as the thesis does; otherwise they come in the order of
``game.infosets``).  The order decides which dominator and witness are reported first.
``game.metadata["situation_verb"]``, a string, is the word between a player and his situation in
:func:`describe_plan` (default ``"at"``: ``"opener at K: checkraise"``; one-card poker's builder gives
``"holds"``, the thesis's ``"opener holds K: checkraise"``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

import sympy as sp
from sympy.polys.domains import QQ

from derive.extensive_form.exact import exact_number
from derive.extensive_form.game import Game, GameModelError, InformationSet, NotSupportedError
from derive.sequence_form.general import GameSequenceForm, game_sequence_form

__all__ = [
    "MAX_PLANS",
    "game_of",
    "GamePlanForm",
    "Plan",
    "PlanDistributionError",
    "count_plans",
    "describe_plan",
    "game_plan_form",
    "situation_text",
]

#: The word between a player and his situation when ``game.metadata`` gives none (``"opener at K"``).
DEFAULT_SITUATION_VERB = "at"

#: Largest number of plans listed for one situation (counted first, see :func:`count_plans`).
MAX_PLANS = 4096


class PlanDistributionError(ValueError):
    """Plan probabilities or behaviour probabilities are missing, inexact, negative or do not sum to 1."""


@dataclass(frozen=True)
class Plan:
    """One plan: a reduced pure strategy of ``player`` below one situation.

    Attributes
    ----------
    player : int
    situation : str or None
        Label of the situation (an information set of ``player``); ``None`` for the empty plan.
    choices : tuple of (str, str)
        ``(information-set label, action)`` pairs, in tree order, the situation's first.
    name : str
        E.g. ``"checkraise"`` (see the module docstring); ``""`` for the empty plan.
    sequences : frozenset of int
        The player's sequences the plan contains, as indices into the sequence form's list.
    situation_label : str or None
        How :attr:`label` writes the situation (``game.metadata["plan_label_situations"]``, see the
        module docstring: ``"K"`` for one-card poker's ``"K:x"``); ``None`` writes ``situation``.

    References
    ----------
    Miao (2014), "complete strategies"; Kuhn (1953) and von Stengel (1996), reduced strategies.
    """

    player: int
    situation: str | None
    choices: tuple[tuple[str, str], ...]
    name: str
    sequences: frozenset[int] = field(compare=False, repr=False)
    situation_label: str | None = field(default=None, compare=False, repr=False)

    @property
    def label(self) -> str:
        """``"situation:name"``, e.g. ``"A:checkraise"``, ``"K:x:betfold"`` (``"K:betfold"`` in one-card
        poker, see :attr:`situation_label`); ``"∅"`` for the empty plan."""
        if self.situation is None:
            return "∅"
        return f"{self.situation if self.situation_label is None else self.situation_label}:{self.name}"

    @property
    def is_empty(self) -> bool:
        """Whether this is the empty plan of plays without a move of ``player``."""
        return self.situation is None


@dataclass(frozen=True)
class GamePlanForm:
    """Plans per situation and the plan-form payoff matrices ``P_0``, ``P_1`` (see the module docstring).

    Attributes
    ----------
    game : Game
    situations : (tuple, tuple)
        Each player's situations (:class:`~derive.extensive_form.game.InformationSet`) in the order
        of ``game.infosets``, then ``None`` for the empty plan's group if he has one.
    plans : (tuple of Plan, tuple of Plan)
        Each player's plans, grouped by situation.  Within a situation they are ordered as the thesis
        lists them: by the last information set they reach, in the order of ``game.infosets``, then by the action taken there;
        a branching plan ends at several information sets, compared in tree order (so
        ``C(C|C), C(C|D), C(D|C), C(D|D)``).
    groups : (tuple of tuple of int, tuple of tuple of int)
        ``groups[p][k]``: indices of the plans of ``situations[p][k]``.
    payoffs : (dict, dict)
        Sparse ``P_0`` and ``P_1``: ``(opener plan, dealer plan) -> exact value`` (sympy).
    sequence_form : GameSequenceForm
        The sequence form the plan form was computed from.

    References
    ----------
    Miao (2014), the payoff over complete strategies per card; Koller, Megiddo & von Stengel (1994)
    and von Stengel (1996) for sequences and realization plans.
    """

    game: Game
    situations: tuple[tuple[InformationSet | None, ...], tuple[InformationSet | None, ...]]
    plans: tuple[tuple[Plan, ...], tuple[Plan, ...]]
    groups: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
    payoffs: tuple[dict[tuple[int, int], sp.Expr], dict[tuple[int, int], sp.Expr]]
    sequence_form: GameSequenceForm = field(compare=False, repr=False)

    @property
    def entries(self) -> dict[tuple[int, int], sp.Expr]:
        """Sparse ``P_0`` (player 0's payoff): ``(opener plan, dealer plan) -> exact value``."""
        return self.payoffs[0]

    @property
    def shape(self) -> tuple[int, int]:
        """``(m_0, m_1)``: the numbers of plans of player 0 and player 1."""
        return (len(self.plans[0]), len(self.plans[1]))

    @cached_property
    def index(self) -> tuple[dict[Plan, int], dict[Plan, int]]:
        """For each player, ``Plan -> position``."""
        return tuple({plan: k for k, plan in enumerate(ps)} for ps in self.plans)  # type: ignore[return-value]

    def find(self, player: int, label: str) -> Plan:
        """The plan of ``player`` labelled ``label`` (``"K:checkraise"``, ``"∅"``).

        Raises
        ------
        KeyError
            Naming the label and the player.
        """
        for plan in self.plans[player]:
            if plan.label == label:
                return plan
        raise KeyError(f"no plan {label!r} of player {self.game.players[player]!r}")

    def matrix(self, player: int = 0) -> sp.ImmutableSparseMatrix:
        """``P_player``, shape ``(m_0, m_1)``: ``U_player = x^T P_player y``."""
        return sp.ImmutableSparseMatrix(*self.shape, self.payoffs[player])

    def numeric_matrix(self, player: int = 0) -> dict[int, dict[int, object]]:
        """``P_player`` as ``{row: {col: QQ}}`` for an exact LP.

        Raises
        ------
        NotSupportedError
            If an entry holds a symbol (naming the symbols).
        """
        out: dict[int, dict[int, object]] = {}
        for (i, j), v in self.payoffs[player].items():
            if not v.is_Rational:
                names = ", ".join(sorted(map(str, v.free_symbols)))
                raise NotSupportedError(f"payoffs contain the symbol(s) {names}; substitute numbers first")
            out.setdefault(i, {})[j] = QQ(int(v.p), int(v.q))
        return out

    def situation_text(self, player: int, situation: str | None) -> str:
        """The wording of a situation: ``metadata["situation_names"]``'s, else its label (see :func:`situation_text`)."""
        return situation_text(self.game, player, situation)

    def describe(self, plan: Plan) -> str:
        """E.g. ``"opener at K: checkraise"``, or ``"dealer makes no move"`` (see :func:`describe_plan`)."""
        return describe_plan(self.game, plan)

    # ------------------------------------------------------------ conversions
    def read_plan_probabilities(self, player: int, probabilities) -> tuple[sp.Expr, ...]:
        """Read and check a distribution on each situation's plans; returns one value per plan.

        ``probabilities`` is a sequence in plan order, or a mapping keyed by :class:`Plan`, plan
        index or plan label (missing plans get 0; the empty plan always gets 1).  Values are exact
        (int, Fraction, ``"1/3"``, sympy, symbols allowed).

        Raises
        ------
        PlanDistributionError
            For a float that is not a short decimal, a negative number, an unknown plan, or a
            situation whose probabilities do not sum to 1 (naming it).
        """
        plans = self.plans[player]
        if isinstance(probabilities, Mapping):
            values = [sp.S.Zero] * len(plans)
            labels = {p.label: k for k, p in enumerate(plans)}
            for key, v in probabilities.items():
                k = self.index[player].get(key) if isinstance(key, Plan) else labels.get(key, key)
                if not isinstance(k, int) or not 0 <= k < len(plans):
                    raise PlanDistributionError(f"player {self.game.players[player]!r} has no plan {key!r}")
                values[k] = exact_number(v, f"probability of plan {plans[k].label!r}", PlanDistributionError)
        else:
            values = list(probabilities)
            if len(values) != len(plans):
                raise PlanDistributionError(
                    f"{len(values)} plan probabilit{'ies' if len(values) != 1 else 'y'} given for "
                    f"{len(plans)} plan{'s' if len(plans) != 1 else ''}"
                )
            values = [
                exact_number(v, f"probability of plan {plans[k].label!r}", PlanDistributionError)
                for k, v in enumerate(values)
            ]
        for k, p in enumerate(plans):
            if p.is_empty:
                values[k] = sp.S.One
            elif values[k].is_number and values[k] < 0:
                raise PlanDistributionError(f"plan {p.label!r} has negative probability {values[k]}")
        for sit, group in zip(self.situations[player], self.groups[player]):
            total = sp.expand(sum((values[k] for k in group), sp.S.Zero))
            if total != 1 and sp.simplify(total - 1) != 0:
                raise PlanDistributionError(
                    f"plan probabilities at situation {sit.label!r} sum to {total}, not 1"
                )
        return tuple(values)

    def realization_plan(self, player: int, probabilities) -> dict[tuple[str, str], sp.Expr]:
        """``(information-set label, action) -> realization probability`` of a plan distribution.

        ``x(s)`` is the total probability of the plans containing sequence ``s``
        (Koller, Megiddo & von Stengel 1994).  Raises as :meth:`read_plan_probabilities`.
        """
        x, sf, infos = self._realization(player, probabilities), self.sequence_form, self.game.infosets
        return {
            (infos[seq[0]].label, infos[seq[0]].actions[seq[1]]): x[k]
            for k, seq in enumerate(sf.sequences[player])
            if seq is not None
        }

    def behaviour_strategy(self, player: int, probabilities) -> dict[str, dict[str, sp.Expr]]:
        """``information-set label -> {action: probability}`` of a plan distribution (Kuhn 1953).

        ``b(I, a) = x(I, a) / x(parent of I)``; an information set the distribution never reaches
        (``x(parent) = 0``) gets the uniform distribution, which changes no payoff
        (:meth:`~derive.sequence_form.general.GameSequenceForm.behaviour`).  Raises as
        :meth:`read_plan_probabilities`.
        """
        return self.sequence_form.behaviour(player, self._realization(player, probabilities))

    def _realization(self, player: int, probabilities) -> list[sp.Expr]:
        values = self.read_plan_probabilities(player, probabilities)
        x = [sp.S.Zero] * self.sequence_form.shape[player]
        for plan, v in zip(self.plans[player], values):
            for s in plan.sequences:
                x[s] += v
        x[0] = sp.S.One  # the empty sequence (the empty plan lists it too)
        return [sp.expand(v) for v in x]

    def plan_probabilities(self, player: int, behaviour: Mapping) -> tuple[sp.Expr, ...]:
        """Plan probabilities of a behaviour strategy: the product of the behaviour probabilities along
        each plan's choices (1 for the empty plan).

        Parameters
        ----------
        behaviour : mapping
            ``information-set label -> {action: probability}`` (a missing action has probability 0).

        Raises
        ------
        PlanDistributionError
            One line naming the information set: one of ``player``'s is missing, a label or an action
            is unknown, a value is not exact, a number is outside [0, 1], or an information set's
            probabilities do not add up to exactly 1.
        """
        self._check_behaviour(player, behaviour)
        out = []
        for plan in self.plans[player]:
            value = sp.S.One
            for label, action in plan.choices:
                if label not in behaviour:
                    raise PlanDistributionError(
                        f"no probabilities at information set {label!r} of player {self.game.players[player]!r}"
                    )
                value *= exact_number(
                    behaviour[label].get(action, 0),
                    f"probability of {action!r} at {label!r}",
                    PlanDistributionError,
                )
            out.append(sp.expand(value))
        return tuple(out)

    def _check_behaviour(self, player: int, behaviour: Mapping) -> None:
        who = self.game.players[player]
        infosets = {info.label: info for info in self.game.infosets_of(player)}
        for label, dist in behaviour.items():
            if label not in infosets:
                raise PlanDistributionError(f"player {who!r} has no information set {label!r}")
            unknown = set(dist) - set(infosets[label].actions)
            if unknown:
                raise PlanDistributionError(
                    f"information set {label!r} of player {who!r} has no action {sorted(map(str, unknown))[0]!r}"
                )
            values = [
                exact_number(v, f"probability of {a!r} at {label!r}", PlanDistributionError)
                for a, v in dist.items()
            ]
            for a, v in zip(dist, values):
                if not v.free_symbols and not (0 <= v <= 1):
                    raise PlanDistributionError(f"probability {v} of {a!r} at {label!r} is not in [0, 1]")
            total = sp.expand(sum(values, sp.S.Zero))
            if total != 1 and sp.simplify(total - 1) != 0:
                raise PlanDistributionError(
                    f"the probabilities at information set {label!r} of player {who!r} add up to {total}, not 1"
                )

    def payoff(self, x, y, player: int = 0) -> sp.Expr:
        """``x^T P_player y`` for plan probabilities ``x``, ``y`` (one value per plan, exact)."""
        return sp.expand(sum((v * x[i] * y[j] for (i, j), v in self.payoffs[player].items()), sp.S.Zero))


# ---------------------------------------------------------------- construction
def game_of(game) -> Game:
    """``game`` itself, or the :class:`Game` held by its ``.game`` (a result that carries its game).

    Raises
    ------
    TypeError
        If ``game`` is neither.
    """
    if isinstance(game, Game):
        return game
    inner = getattr(game, "game", None)
    if isinstance(inner, Game):
        return inner
    raise TypeError(f"expected a Game (or an object holding one as .game), got {type(game).__name__}")


def situation_text(game: Game, player: int, situation: str | None) -> str:
    """The wording of ``player``'s situation labelled ``situation`` (an information-set label).

    ``game.metadata["situation_names"][(player, situation)]`` if given (``"K, checked to"``), else
    the label itself; ``"no move"`` for ``None`` (the empty plan's situation).
    """
    if situation is None:
        return "no move"
    names = game.metadata.get("situation_names") or {}
    return str(names.get((player, situation), situation))


def describe_plan(game: Game | GamePlanForm, plan: Plan) -> str:
    """A plan in words: player, situation and plan name, as the reasons of dominance say it.

    ``"<player> <verb> <situation>: <name>"`` with the player's name from ``game.players``, the
    verb ``game.metadata["situation_verb"]`` (default ``"at"``) and the situation worded by
    :func:`situation_text`: ``"opener at K: checkraise"`` for most games, ``"opener holds K:
    checkraise"`` and ``"dealer holds K, checked to: betfold"`` for one-card poker
    (:func:`derive.games.one_card.to_extensive_form`); ``"dealer makes no move"`` for the empty plan.

    Parameters
    ----------
    game : Game or GamePlanForm
        The game whose plan it is (only its players and metadata are read).
    plan : Plan
        A plan of ``game`` (:func:`game_plan_form`).
    """
    game = game.game if isinstance(game, GamePlanForm) else game
    who = game.players[plan.player]
    if plan.is_empty:
        return f"{who} makes no move"
    verb = str(game.metadata.get("situation_verb") or DEFAULT_SITUATION_VERB)
    return f"{who} {verb} {situation_text(game, plan.player, plan.situation)}: {plan.name}"


def count_plans(sf: GameSequenceForm, info: InformationSet) -> int:
    """How many plans start at ``info`` (a situation), counted without listing them.

    At one information set each action is followed by its own continuations (counts add); the
    information sets after one sequence are independent (counts multiply), as in
    :func:`derive.dominance.general.count_reduced_strategies`.
    """
    p = info.player

    def at(i: int) -> int:
        total = 0
        for a in range(len(sf.game.infosets[i].actions)):
            n = 1
            for child in sf.children(p, sf.index[p][(i, a)]):
                n *= at(child)
            total += n
        return total

    return at(info.index)


def _list_plans(sf: GameSequenceForm, info: InformationSet):
    """``(choices, sequences, generated name, leaves)`` of every plan at ``info``, in lexicographic tree
    order; ``leaves`` are the sequences (indices) of its choices that no own move follows."""
    p, infos = info.player, sf.game.infosets

    def at(i: int) -> list[tuple[tuple, frozenset, str, tuple]]:
        here = infos[i]
        out = []
        for a, action in enumerate(here.actions):
            k = sf.index[p][(i, a)]
            children = sf.children(p, k)
            combos = [((), frozenset({k}), [], () if children else (k,))]
            for child in children:
                combos = [
                    (c + c2, s | s2, n + [n2], f + f2)
                    for c, s, n, f in combos
                    for c2, s2, n2, f2 in at(child)
                ]
            for c, s, names, leaves in combos:
                tail = names[0] if len(names) == 1 else f"({'|'.join(names)})" if names else ""
                out.append((((here.label, action), *c), s, action + tail, leaves))
        return out

    return at(info.index)


def _name_plans(game: Game, player: int, situation: str, listed) -> list[str]:
    generated = [name for _, _, name, _ in listed]
    if len(set(generated)) < len(generated):
        generated = [", ".join(f"{i}: {a}" for i, a in choices) for choices, *_ in listed]
    hook = game.metadata.get("plan_names")
    if hook is None:
        return generated
    out = []
    for (choices, *_), name in zip(listed, generated):
        given = hook(player, situation, choices) if callable(hook) else hook.get((player, choices))
        out.append(name if given is None else str(given))
    if len(set(out)) < len(out):
        raise GameModelError(
            f"metadata['plan_names'] gives two plans at situation {situation!r} the same name"
        )
    return out


def game_plan_form(game: Game, max_plans: int = MAX_PLANS) -> GamePlanForm:
    """Compute the plan form of a two-player game with perfect recall (see the module docstring).

    Parameters
    ----------
    game : Game
        Two players, perfect recall; payoffs numeric or symbolic, any sum.
    max_plans : int
        Refuse a situation with more plans than this (counted before listing).

    Returns
    -------
    GamePlanForm
        ``P_0``, ``P_1`` of shape ``(m_0, m_1)``, ``m_p`` = total number of ``p``'s plans.

    Raises
    ------
    NotSupportedError
        For other than two players, or a situation with more than ``max_plans`` plans (giving the
        count and the cap).
    ImperfectRecallError
        If recall is imperfect (naming an information set).

    Examples
    --------
    >>> from derive.games.one_card import kuhn_poker, to_extensive_form
    >>> pf = game_plan_form(to_extensive_form(kuhn_poker()))
    >>> pf.shape, [len(g) for g in pf.groups[1]]
    ((9, 12), [2, 2, 2, 2, 2, 2])
    >>> [p.name for p in pf.plans[0] if p.situation == "A"]
    ['bet', 'checkfold', 'checkcall']

    References
    ----------
    Miao (2014), complete strategies per card; Kuhn (1953) and von Stengel (1996) for reduced
    strategies; Koller, Megiddo & von Stengel (1994) for sequences.
    """
    if game.num_players != 2:
        raise NotSupportedError(
            f"the plan form needs a two-player game, not a {game.num_players}-player game"
        )
    game.require_perfect_recall()
    sf = game_sequence_form(game)
    order = game.metadata.get("situation_order")
    written = game.metadata.get("plan_label_situations") or {}
    situations, plans, groups, ext = [], [], [], []
    for p in (0, 1):
        sits: list[InformationSet | None] = [i for i in game.infosets_of(p) if sf.parent[i.index] == 0]
        if order:
            sits.sort(key=lambda i: order[(p, i.label)])
        mine: list[Plan] = []
        grouped: list[tuple[int, ...]] = []
        for info in sits:
            n = count_plans(sf, info)
            if n > max_plans:
                raise NotSupportedError(
                    f"player {game.players[p]!r} has {n} plans at situation {info.label!r}, more than the cap of {max_plans}"
                )
            listed = sorted(_list_plans(sf, info), key=lambda t: t[3])
            names = _name_plans(game, p, info.label, listed)
            start = len(mine)
            short = written.get((p, info.label))
            short = None if short is None else str(short)
            mine.extend(Plan(p, info.label, c, nm, s, short) for (c, s, *_), nm in zip(listed, names))
            grouped.append(tuple(range(start, len(mine))))
        if any(seqs[p] == 0 for seqs in sf.terminal_sequences.values()):
            sits.append(None)
            mine.append(Plan(p, None, (), "", frozenset({0})))
            grouped.append((len(mine) - 1,))
        if written:
            seen: dict[str, Plan] = {}
            for plan in mine:
                if plan.label in seen:
                    raise GameModelError(
                        f"metadata['plan_label_situations'] gives two plans of player {game.players[p]!r} "
                        f"the label {plan.label!r} (at situations {seen[plan.label].situation!r} and "
                        f"{plan.situation!r})"
                    )
                seen[plan.label] = plan
        by_seq: dict[int, list[int]] = {}
        for k, plan in enumerate(mine):
            for s in plan.sequences:
                by_seq.setdefault(s, []).append(k)
        situations.append(tuple(sits))
        plans.append(tuple(mine))
        groups.append(tuple(grouped))
        ext.append(by_seq)
    payoffs = tuple(_plan_entries(sf.payoff_entries(u), ext) for u in (0, 1))
    return GamePlanForm(game, tuple(situations), tuple(plans), tuple(groups), payoffs, sf)  # type: ignore[arg-type]


def _plan_entries(weights: dict[tuple[int, ...], sp.Expr], ext) -> dict[tuple[int, int], sp.Expr]:
    """``P = T_0^T A T_1``: each sequence-pair weight goes to every pair of plans containing the pair."""
    numeric = all(v.is_Rational for v in weights.values())
    zero = QQ(0) if numeric else sp.S.Zero
    acc: dict[tuple[int, int], object] = {}
    for (s0, s1), w in weights.items():
        w = QQ(int(w.p), int(w.q)) if numeric else w
        for i in ext[0].get(s0, ()):
            for j in ext[1].get(s1, ()):
                acc[(i, j)] = acc.get((i, j), zero) + w
    if numeric:
        return {k: QQ.to_sympy(v) for k, v in acc.items() if v}
    out = {k: sp.expand(v) for k, v in acc.items()}
    return {k: v for k, v in out.items() if v != 0}
