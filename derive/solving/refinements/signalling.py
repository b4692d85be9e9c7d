"""Signalling games: the intuitive criterion (Cho & Kreps 1987) and D1 (Banks & Sobel 1987), exactly.

**The structure** (:func:`signalling_structure`).  A signalling game is read off the tree: chance
moves first and picks the Sender's *type*; each type is a decision node of the Sender alone in its
information set, offering the same *messages*; after each message the Receiver, who sees the
message but not the type, has one information set holding one node per type, and each of her
*responses* ends the play.

**The tests**, on an equilibrium outcome: the types' equilibrium payoffs ``u*(θ)`` and the messages
sent with positive probability.  For a message ``m`` off the path, ``BR(T, m)`` is the set of the
Receiver's best responses to ``m`` under some belief supported on the types ``T``; its pure
members suffice for the least and greatest payoff of a type, and its mixed members are the unions
of ``Δ(S)`` over the sets ``S`` of responses that are all optimal under one belief (exact,
Fourier-Motzkin on the belief simplex, :mod:`.linear_feasibility`).

* Intuitive criterion (Cho & Kreps 1987, section IV): type ``θ`` is *equilibrium-dominated* at
  ``m`` when ``max_{r in BR(Θ, m)} u(θ, m, r) < u*(θ)``; with ``J(m)`` the other types (all types
  if every one is dominated), the outcome *fails* when some type ``θ'`` has
  ``min_{r in BR(J(m), m)} u(θ', m, r) > u*(θ')``: it gains by ``m`` against every best response to
  beliefs that ``m`` comes from ``J(m)``.
* D1 (Banks & Sobel 1987; Cho & Kreps 1987, section V): with ``D(θ, m)`` (``D0``) the mixed best
  responses to ``m`` against which ``θ`` gains strictly (breaks even), type ``θ`` is deleted at ``m``
  when ``D(θ, m) ∪ D0(θ, m) ⊆ D(θ', m)`` for another type ``θ'``; the outcome *survives* when at every
  off-path message some best response to a belief on the types not deleted (all types if every one
  is) gives no type more than ``u*``, and *fails* otherwise.

Both are tests of an outcome of a sequential equilibrium, so a piece of a component is tested on
its sequential cells (:mod:`.beliefs`), whose outcome must be one (else the verdict is not decided).

References
----------
I.-K. Cho and D. M. Kreps (1987), "Signaling games and stable equilibria", QJE 102(2), 179-221.
J. S. Banks and J. Sobel (1987), "Equilibrium selection in signaling games", Econometrica 55(3),
647-661.
M. Spence (1973), "Job market signaling", QJE 87(3), 355-374.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import sympy as sp

from derive.extensive_form.game import Game, NotSupportedError
from derive.notation.text import to_text
from derive.sequence_form.general import game_sequence_form
from derive.solving.refinements.beliefs import Assessment, family_plans
from derive.solving.refinements.linear_feasibility import feasible

__all__ = ["RefinementVerdict", "SignallingGame", "refinement_verdicts", "signalling_structure"]


@dataclass(frozen=True)
class SignallingGame:
    """The parts of a signalling game (see the module docstring).

    Attributes
    ----------
    sender, receiver : int
    receiver_name : str
    types : tuple of str
        Chance's action labels, in order.
    prior : tuple of sympy.Expr
    type_infosets : tuple of int
        The Sender's information set of each type.
    messages : tuple of str
    response_infosets : tuple of int
        The Receiver's information set after each message.
    responses : tuple of tuple of str
        Her responses after each message.
    payoff : dict
        ``(type, message, response) -> (Sender's payoff, Receiver's payoff)``, by index.
    """

    sender: int
    receiver: int
    receiver_name: str
    types: tuple[str, ...]
    prior: tuple[sp.Expr, ...]
    type_infosets: tuple[int, ...]
    messages: tuple[str, ...]
    response_infosets: tuple[int, ...]
    responses: tuple[tuple[str, ...], ...]
    payoff: dict


@dataclass(frozen=True)
class RefinementVerdict:
    """One criterion's verdict on a piece of a component.

    Attributes
    ----------
    criterion : str
        ``"intuitive criterion"`` or ``"D1"``.
    verdict : str
        ``"survives"``, ``"fails"``, ``"not sequential"`` (no member is) or ``"not decided"``.
    message : str or None
        The deviation that breaks it (when it fails).
    type : str or None
        The type that gains by it (when it fails and one type does against every response).
    reason : str
        In words.
    """

    criterion: str
    verdict: str
    message: str | None = None
    type: str | None = None
    reason: str = ""


def signalling_structure(game: Game) -> SignallingGame:
    """Read ``game`` as a signalling game.

    Raises
    ------
    NotSupportedError
        If it is not one, with the first part that does not fit (one line).
    """
    if game.num_players != 2:
        raise NotSupportedError(f"not a signalling game: it has {game.num_players} players, not two")
    root = game.root
    if not root.is_chance:
        raise NotSupportedError(
            "not a signalling game: chance does not move first (to pick the Sender's type)"
        )
    nodes = game.nodes
    senders = [nodes[c] for c in root.children]
    if any(n.is_terminal or n.is_chance for n in senders) or len({n.player for n in senders}) != 1:
        raise NotSupportedError("not a signalling game: one player does not move after every type")
    sender = senders[0].player
    receiver = 1 - sender
    if any(len(game.infosets[n.infoset].nodes) != 1 for n in senders):
        raise NotSupportedError("not a signalling game: the Sender does not see his type")
    messages = senders[0].actions
    if any(n.actions != messages for n in senders):
        raise NotSupportedError("not a signalling game: the types do not offer the same messages")
    response_infosets = []
    payoff = {}
    for m, message in enumerate(messages):
        after = [nodes[n.children[m]] for n in senders]
        if any(a.is_terminal or a.player != receiver for a in after) or len({a.infoset for a in after}) != 1:
            raise NotSupportedError(
                f"not a signalling game: the Receiver does not move, in one information set, after {message}"
            )
        info = game.infosets[after[0].infoset]
        if set(info.nodes) != {a.index for a in after}:
            raise NotSupportedError(
                f"not a signalling game: the Receiver's information set after {message} holds other nodes"
            )
        response_infosets.append(info.index)
        for k, a in enumerate(after):
            for r, c in enumerate(a.children):
                if not nodes[c].is_terminal:
                    raise NotSupportedError(
                        "not a signalling game: the play goes on after the Receiver's response"
                    )
                u = game.payoffs[c]
                payoff[(k, m, r)] = (u[sender], u[receiver])
    return SignallingGame(
        sender,
        receiver,
        game.players[receiver],
        tuple(root.actions),
        tuple(root.probabilities),
        tuple(n.infoset for n in senders),
        tuple(messages),
        tuple(response_infosets),
        tuple(game.infosets[i].actions for i in response_infosets),
        payoff,
    )


# ------------------------------------------------------------------------ best responses


def _jointly_optimal(sg: SignallingGame, m: int, types, actions) -> bool:
    """Whether some belief on ``types`` makes every response in ``actions`` optimal after ``m``."""
    types = list(types)
    v = {(k, r): sg.payoff[(k, m, r)][1] for k in types for r in range(len(sg.responses[m]))}
    system = [({k: sp.S.One}, sp.S.Zero, False) for k in types]
    system.append(({k: sp.S.One for k in types}, -sp.S.One, False))
    system.append(({k: -sp.S.One for k in types}, sp.S.One, False))
    for a in actions:
        for b in range(len(sg.responses[m])):
            if b != a:
                system.append(({k: v[(k, a)] - v[(k, b)] for k in types}, sp.S.Zero, False))
    return feasible(system, types)


def _supports(sg: SignallingGame, m: int, types) -> list[tuple[int, ...]]:
    """The sets of responses all optimal under one belief on ``types`` (the mixed best responses)."""
    n = len(sg.responses[m])
    return [
        s
        for size in range(1, n + 1)
        for s in itertools.combinations(range(n), size)
        if _jointly_optimal(sg, m, types, s)
    ]


def _mixed_exists(sg: SignallingGame, m: int, support, conditions) -> bool:
    """Whether some mixture over ``support`` meets ``conditions``: ``(type, sign, level, strict)`` for
    ``sign * (u(type, m, r) - level) >= 0`` (``> 0`` when strict)."""
    variables = list(support)
    system = [({a: sp.S.One}, sp.S.Zero, False) for a in variables]
    system.append(({a: sp.S.One for a in variables}, -sp.S.One, False))
    system.append(({a: -sp.S.One for a in variables}, sp.S.One, False))
    for k, sign, level, strict in conditions:
        system.append(({a: sign * sg.payoff[(k, m, a)][0] for a in variables}, -sign * level, strict))
    return feasible(system, variables)


def _names(sg, types) -> str:
    names = [f"the {sg.types[k]} type" for k in types]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _outcome_name(sg, sent) -> str:
    on = sorted({m for k in sent for m in sent[k]})
    if len(on) == 1:
        return f"{sg.messages[on[0]]} pooling"
    if all(len(sent[k]) == 1 for k in sent) and len({sent[k][0] for k in sent}) == len(sent):
        return "the separating equilibrium"
    return "this equilibrium"


# ------------------------------------------------------------------------ the criteria


def _intuitive(sg: SignallingGame, star, off, name) -> RefinementVerdict:
    every = range(len(sg.types))
    notes = []
    for m in off:
        pure = [s[0] for s in _supports(sg, m, every) if len(s) == 1]
        best = {k: max(sg.payoff[(k, m, r)][0] for r in pure) for k in every}
        dominated = [k for k in every if best[k] < star[k]]
        rest = [k for k in every if k not in dominated] or list(every)
        replies = [s[0] for s in _supports(sg, m, rest) if len(s) == 1]
        msg = sg.messages[m]
        because = ""
        if dominated and len(dominated) < len(sg.types):
            because = (
                f"{_names(sg, dominated)} can never gain by {msg} against any best response of the {sg.receiver_name} "
                f"(at most {', '.join(to_text(best[k]) for k in dominated)} against "
                f"{', '.join(to_text(star[k]) for k in dominated)}), so the {sg.receiver_name} should believe {msg} comes "
                f"from {_names(sg, rest)}; "
            )
        for k in every:
            worst = min(sg.payoff[(k, m, r)][0] for r in replies)
            if worst > star[k]:
                return RefinementVerdict(
                    "intuitive criterion",
                    "fails",
                    msg,
                    sg.types[k],
                    f"{because}then the {sg.types[k]} type gains by {msg}: every best response to such beliefs "
                    f"gives him at least {to_text(worst)}, more than his {to_text(star[k])} in equilibrium: {name} fails",
                )
        words = ", ".join(sg.responses[m][r] for r in replies)
        lead = because or f"at {msg} no type is equilibrium-dominated; "
        notes.append(f"{lead}no type gains by {msg} against every best response ({words}) to such beliefs")
    reason = "; ".join(notes) if notes else "every message is sent on the path of play: nothing to test"
    return RefinementVerdict("intuitive criterion", "survives", reason=f"{reason}: {name} survives")


def _d1(sg: SignallingGame, star, off, name) -> RefinementVerdict:
    every = list(range(len(sg.types)))
    notes = []
    for m in off:
        supports = _supports(sg, m, every)
        msg = sg.messages[m]

        def covered(
            k, j, m=m, supports=supports
        ):  # D(k) ∪ D0(k) ⊆ D(j): no best response with u_k >= u*_k, u_j <= u*_j
            return not any(
                _mixed_exists(sg, m, s, [(k, 1, star[k], False), (j, -1, star[j], False)]) for s in supports
            )

        deleted = [k for k in every if any(j != k and covered(k, j) for j in every)]
        rest = [k for k in every if k not in deleted] or every
        keeps = [
            s
            for s in _supports(sg, m, rest)
            if _mixed_exists(sg, m, s, [(k, -1, star[k], False) for k in every])
        ]
        because = ""
        if deleted and len(deleted) < len(every):
            because = (
                f"D1 deletes {_names(sg, deleted)} at {msg} (every response that lets "
                f"{'it' if len(deleted) == 1 else 'them'} gain or break even lets another type gain strictly), so "
                f"the {sg.receiver_name} should believe {msg} comes from {_names(sg, rest)}; "
            )
        if not keeps:
            gainer = next(
                (
                    k
                    for k in every
                    if min(sg.payoff[(k, m, s[0])][0] for s in _supports(sg, m, rest) if len(s) == 1)
                    > star[k]
                ),
                None,
            )
            who = (
                f"the {sg.types[gainer]} type gains by {msg}"
                if gainer is not None
                else f"some type gains by {msg}"
            )
            return RefinementVerdict(
                "D1",
                "fails",
                msg,
                None if gainer is None else sg.types[gainer],
                f"{because}against every best response to such beliefs {who}: {name} fails",
            )
        words = " or ".join("/".join(sg.responses[m][r] for r in s) for s in keeps)
        notes.append(f"{because}a best response ({words}) keeps every type from gaining by {msg}")
    reason = "; ".join(notes) if notes else "every message is sent on the path of play: nothing to test"
    return RefinementVerdict("D1", "survives", reason=f"{reason}: {name} survives")


def refinement_verdicts(
    game: Game, sg: SignallingGame, assessment: Assessment
) -> tuple[RefinementVerdict, RefinementVerdict]:
    """The intuitive criterion's and D1's verdicts on a piece of a component.

    Parameters
    ----------
    game : Game
    sg : SignallingGame
        :func:`signalling_structure` of ``game``.
    assessment : Assessment
        :func:`derive.solving.refinements.beliefs.assess` of the piece.

    Returns
    -------
    (RefinementVerdict, RefinementVerdict)
        Tested on the outcome of the piece's sequential cells: ``"not sequential"`` when it has
        none, ``"not decided"`` when its cells were not all decided or their outcomes differ.

    Examples
    --------
    >>> from derive.games.textbook import beer_quiche
    >>> from derive.solving.refinements.beliefs import assess, pure_family
    >>> g = beer_quiche()
    >>> quiche = {(0, "weak"): "quiche", (0, "strong"): "quiche", (1, "beer"): "duel", (1, "quiche"): "not"}
    >>> ic, d1 = refinement_verdicts(g, signalling_structure(g), assess(g, pure_family(g, quiche)))
    >>> ic.verdict, ic.message, ic.type, d1.verdict
    ('fails', 'beer', 'strong', 'fails')
    """
    if not assessment.decided:
        why = assessment.refusal or next(c.refusal for c in assessment.cells if c.refusal)
        return tuple(RefinementVerdict(c, "not decided", reason=why) for c in ("intuitive criterion", "D1"))
    cells = [c for c in assessment.cells if c.sequential]
    if not cells:
        why = f"no member is sequential ({assessment.failure})"
        return tuple(
            RefinementVerdict(c, "not sequential", reason=why) for c in ("intuitive criterion", "D1")
        )
    family = assessment.family
    sf = game_sequence_form(game)
    plans = family_plans(sf, family)
    t = family.parameter
    outcomes = set()
    for cell in cells:
        s = None if t is None else (cell.values.inf + cell.values.sup) / 2
        if isinstance(cell.values, sp.FiniteSet):
            s = next(iter(cell.values))

        def at(e, s=s):
            e = sp.sympify(e)
            return e if t is None else sp.cancel(e)

        sent, star = {}, []
        for k, info in enumerate(sg.type_infosets):
            sigma = [plans[sg.sender][sf.index[sg.sender][(info, m)]] for m in range(len(sg.messages))]
            value = 0
            for m, p in enumerate(sigma):
                rinfo = sg.response_infosets[m]
                rho = [
                    plans[sg.receiver][sf.index[sg.receiver][(rinfo, r)]] for r in range(len(sg.responses[m]))
                ]
                value += p * sum(q * sg.payoff[(k, m, r)][0] for r, q in enumerate(rho))
            value = sp.cancel(value)
            if t is not None and t in value.free_symbols and not isinstance(cell.values, sp.FiniteSet):
                return tuple(
                    RefinementVerdict(c, "not decided", reason="the types' payoffs vary along the component")
                    for c in ("intuitive criterion", "D1")
                )
            star.append(at(value).subs(t, s) if t is not None else value)
            sent[k] = tuple(m for m, p in enumerate(sigma) if (p if t is None else p.subs(t, s)) != 0)
        outcomes.add((tuple(sorted(sent.items())), tuple(star)))
    if len(outcomes) > 1:
        return tuple(
            RefinementVerdict(c, "not decided", reason="the outcome changes along the sequential members")
            for c in ("intuitive criterion", "D1")
        )
    ((sent_items, star),) = outcomes
    sent = dict(sent_items)
    on = {m for ms in sent.values() for m in ms}
    off = [m for m in range(len(sg.messages)) if m not in on]
    name = _outcome_name(sg, sent)
    return _intuitive(sg, star, off, name), _d1(sg, star, off, name)
