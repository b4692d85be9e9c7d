"""Dominated choices at a player's last decisions, for games with too many plans to list.

A situation of Leduc hold'em has 47,125 plans of the opener and 532,899 of the dealer
(:func:`derive.sequence_form.plans.count_plans`), too many for the plan-by-plan elimination of
:mod:`derive.dominance.plans`.  This module finds the same kind of "stupid mistake" (Miao 2014,
after Swanson 2005) one information set at a time, in the sequence form, without listing plans.

Let ``I`` be an information set of player ``p`` after which ``p`` never moves again (a *last
decision*: calling or folding facing the last raise, say), and ``a``, ``b`` two of its actions.
Two plans of ``p`` that differ only in playing ``a`` or ``b`` at ``I`` differ in payoff only on the
plays through ``I``, and there by

    D(y) = x(I) * sum over opponent sequences o of (A_p[(I, b), o] - A_p[(I, a), o]) y(o),

where ``A_p`` is ``p``'s sequence-form payoff matrix (Koller, Megiddo & von Stengel 1994), ``x(I)``
the realization of ``I``'s parent sequence and ``y`` the opponent's realization plan.  Over the
opponent's pure strategies the linear form ``sum_o c(o) y(o)`` is minimised (maximised) by
backward induction over his information sets, exactly as a best response is computed.  Hence

* ``b`` **strictly** dominates ``a`` at ``I`` iff that minimum is ``> 0``;
* ``b`` **weakly** dominates ``a`` at ``I`` iff the minimum is ``0`` and the maximum ``> 0``;

and then every plan playing ``a`` at ``I`` is (strictly or weakly) dominated by the same plan
playing ``b`` there: the choice is a dominated choice, and the plan-level statement holds exactly.
:func:`dominated_choices` removes such choices round by round, for both players at once, each
round against the opponent's remaining choices, and gives each removal a reason and a *witness*:
an opponent choice on a pure strategy against which ``b`` earns strictly more.

What it does not find: a plan dominated only through choices at several information sets at once
(a sub-plan below an earlier decision).  Where a game's plans can be listed,
:mod:`derive.dominance.plans` does the complete plan-by-plan elimination.
"""

from __future__ import annotations

from dataclasses import dataclass

from sympy.polys.domains import QQ

from derive.extensive_form.game import NotSupportedError
from derive.sequence_form.general import GameSequenceForm

__all__ = ["ChoiceDomination", "ChoiceDominanceResult", "dominated_choices", "last_decisions"]


@dataclass(frozen=True)
class ChoiceDomination:
    """One eliminated choice.

    Attributes
    ----------
    player : int
    infoset : str
        The information set's label (a last decision of ``player``).
    action : str
        The dominated action.
    dominator : str
        An action of the same information set that dominates it.
    kind : str
        ``"strict"`` or ``"weak"``.
    round : int
        Elimination round (1 = dominated in the full game).
    witness : str or None
        For a weak domination, an opponent choice ``"<information set>:<action>"`` on a pure strategy
        of his against which ``dominator`` earns strictly more (``"∅"`` when what favours it are the
        plays on which he makes no move); ``None`` for a strict one.
    gain : Rational
        The least advantage of ``dominator``, ``min_y D(y) / x(I)``: chips times chance's probability
        (``> 0`` strict, ``0`` weak).
    reason : str
        One line: what is dominated, by what, and when it earns less.
    """

    player: int
    infoset: str
    action: str
    dominator: str
    kind: str
    round: int
    witness: str | None
    gain: object
    reason: str


@dataclass(frozen=True)
class ChoiceDominanceResult:
    """Iterated elimination of dominated choices at last decisions.

    Attributes
    ----------
    sf : GameSequenceForm
    eliminated : tuple of ChoiceDomination
        In elimination order.
    remaining : (dict, dict)
        For each player, ``information set index -> indices of the actions that survive``.
    last_decisions : (int, int)
        How many information sets of each player are last decisions (the ones examined).
    weak : bool
        Whether weak dominance was used (else strict only).
    """

    sf: GameSequenceForm
    eliminated: tuple[ChoiceDomination, ...]
    remaining: tuple[dict[int, tuple[int, ...]], dict[int, tuple[int, ...]]]
    last_decisions: tuple[int, int]
    weak: bool


def last_decisions(sf: GameSequenceForm, player: int) -> tuple[int, ...]:
    """Indices of ``player``'s information sets after which he never moves again, in game order."""
    return tuple(
        i.index
        for i in sf.infosets_of(player)
        if not any(sf.children(player, sf.index[player][(i.index, a)]) for a in range(len(i.actions)))
    )


def _columns(sf: GameSequenceForm, player: int) -> dict[int, dict[int, object]]:
    """``own sequence -> {opponent sequence: A_player entry}``."""
    matrix = sf.numeric_matrix(player)
    if player == 0:
        return matrix
    out: dict[int, dict[int, object]] = {}
    for i, row in matrix.items():
        for j, v in row.items():
            out.setdefault(j, {})[i] = v
    return out


def _extremum(sf, opponent: int, c: dict[int, object], allowed, pick) -> tuple[object, dict[int, int], dict]:
    """``pick`` (min or max) of ``sum_o c(o) y(o)`` over the opponent's pure strategies that use only
    ``allowed`` actions, by backward induction; returns the value, the chosen action per information
    set and each sequence's value (its ``c`` plus the picked values of the information sets after it)."""
    val = dict(c)
    chosen: dict[int, int] = {}
    index = sf.index[opponent]
    for info in sf.bottom_up(opponent):
        options = [(val.get(index[(info.index, a)], QQ(0)), a) for a in allowed[info.index]]
        best = pick(options, key=lambda t: t[0])
        chosen[info.index] = best[1]
        parent = sf.parent[info.index]
        val[parent] = val.get(parent, QQ(0)) + best[0]
    return val.get(0, QQ(0)), chosen, val


def _witness(sf, opponent: int, val: dict, chosen: dict[int, int], allowed) -> str:
    """The first choice, from the top of the tree, of the maximising pure strategy ``chosen`` that earns the
    dominator strictly more than another allowed action there: the opponent's choice that makes the
    difference positive (``"∅"`` if none does, which a weak domination never gives)."""
    index = sf.index[opponent]
    stack = [0]
    while stack:
        s = stack.pop()
        after = sorted(sf.children(opponent, s))
        for i in after:
            here = val.get(index[(i, chosen[i])], QQ(0))
            if any(val.get(index[(i, b)], QQ(0)) < here for b in allowed[i]):
                return sf.label(opponent, index[(i, chosen[i])])
        stack.extend(index[(i, chosen[i])] for i in reversed(after))
    return "∅"


def dominated_choices(sf: GameSequenceForm, weak: bool = True) -> ChoiceDominanceResult:
    """Eliminate dominated choices at both players' last decisions, round by round (see the module docstring).

    Parameters
    ----------
    sf : GameSequenceForm
        Of a two-player game with perfect recall and numeric payoffs (any sum).
    weak : bool
        Eliminate weakly dominated choices too (default); ``False``: strict only.

    Returns
    -------
    ChoiceDominanceResult
        The first dominator in action order is reported, a strict one before a weak one.

    Raises
    ------
    NotSupportedError
        If the game does not have two players or its payoffs contain a symbol.

    Examples
    --------
    In Kuhn poker (cards Q < K < A) the opener holding Q, having checked and been bet to, folds
    rather than calls, and the dealer holding A calls a bet; these are weak dominations (against
    a strategy that never reaches the information set the two choices earn the same):

    >>> from derive.games.one_card import kuhn_poker, to_extensive_form
    >>> from derive.sequence_form.general import game_sequence_form
    >>> r = dominated_choices(game_sequence_form(to_extensive_form(kuhn_poker())))
    >>> [(d.round, d.infoset, d.action, d.dominator, d.kind) for d in r.eliminated]  # doctest: +NORMALIZE_WHITESPACE
    [(1, 'Q:xb', 'call', 'fold', 'weak'), (1, 'A:xb', 'fold', 'call', 'weak'),
     (1, 'A:x', 'check', 'bet', 'weak'), (1, 'A:b', 'fold', 'call', 'weak'),
     (1, 'Q:b', 'call', 'fold', 'weak'), (2, 'K:x', 'bet', 'check', 'weak')]
    >>> r.eliminated[0].reason
    'opener at Q:xb: call is weakly dominated by fold: never earns more; earns less against a strategy of dealer that plays bet at K:x'

    References
    ----------
    Miao (2014), "stupid mistakes" after Swanson (2005); Koller, Megiddo & von Stengel (1994) for
    the sequence form; iterated elimination of conditionally dominated choices.
    """
    game = sf.game
    if game.num_players != 2:
        raise NotSupportedError(f"dominated choices need a two-player game, not {game.num_players} players")
    infos = game.infosets
    remaining = [{i.index: tuple(range(len(i.actions))) for i in sf.infosets_of(p)} for p in (0, 1)]
    columns = (_columns(sf, 0), _columns(sf, 1))
    lasts = (last_decisions(sf, 0), last_decisions(sf, 1))
    eliminated: list[ChoiceDomination] = []
    rnd = 0
    while True:
        rnd += 1
        found: list[tuple[int, int, int]] = []
        for p in (0, 1):
            q = 1 - p
            for i in lasts[p]:
                acts = remaining[p][i]
                if len(acts) < 2:
                    continue
                for a in acts:
                    record = _dominator(sf, p, i, a, acts, columns[p], remaining[q], weak)
                    if record is None:
                        continue
                    b, kind, gain, witness = record
                    info = infos[i]
                    me, them = game.players[p], game.players[q]
                    when = ""
                    if witness == "∅":
                        when = f"; earns less on the plays where {them} makes no move"
                    elif witness is not None:
                        w_info, _, w_action = witness.rpartition(":")
                        when = f"; earns less against a strategy of {them} that plays {w_action} at {w_info}"
                    reason = (
                        f"{me} at {info.label}: {info.actions[a]} is {kind}ly dominated by {info.actions[b]}: "
                        f"{'always earns less' if kind == 'strict' else 'never earns more'}{when}"
                    )
                    eliminated.append(
                        ChoiceDomination(
                            p, info.label, info.actions[a], info.actions[b], kind, rnd, witness, gain, reason
                        )
                    )
                    found.append((p, i, a))
        if not found:
            break
        for p, i, a in found:
            remaining[p][i] = tuple(x for x in remaining[p][i] if x != a)
    return ChoiceDominanceResult(
        sf, tuple(eliminated), (remaining[0], remaining[1]), (len(lasts[0]), len(lasts[1])), weak
    )


def _dominator(sf, p, i, a, acts, columns, allowed, weak):
    """``(b, kind, gain, witness)`` for the first action of ``acts`` dominating ``a`` at ``i``, else None."""
    index = sf.index[p]
    row_a = columns.get(index[(i, a)], {})
    weak_hit = None
    for b in acts:
        if b == a:
            continue
        row_b = columns.get(index[(i, b)], {})
        c = {o: row_b.get(o, QQ(0)) - row_a.get(o, QQ(0)) for o in set(row_a) | set(row_b)}
        c = {o: v for o, v in c.items() if v}
        if not c:
            continue  # the two choices earn the same against everything
        low, _, _ = _extremum(sf, 1 - p, c, allowed, min)
        if low > 0:
            return b, "strict", low, None
        if weak and weak_hit is None and low == 0:
            high, chosen, val = _extremum(sf, 1 - p, c, allowed, max)
            if high > 0:
                weak_hit = (b, "weak", low, _witness(sf, 1 - p, val, chosen, allowed))
    return weak_hit
