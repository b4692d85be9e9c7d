"""Beliefs, sequential equilibria and signalling refinements of a solution, as text, JSON and LaTeX.

It renders what :func:`derive.derivation.solve.solve` returns with ``refine`` one of
``sequential``, ``intuitive``, ``d1`` (:attr:`~derive.derivation.solve.Solution.assessments` and
:attr:`~derive.derivation.solve.Solution.refinements`) and computes nothing.
"""

from __future__ import annotations

import re

import sympy as sp

from derive.notation.latex import escape_sentence, escape_text, to_latex
from derive.presentation.game_summary import plain

__all__ = ["beliefs_json", "beliefs_latex", "beliefs_text"]

SOURCES = (
    "sequential equilibria: Kreps & Wilson (1982); intuitive criterion: Cho & Kreps (1987); "
    "D1: Banks & Sobel (1987)"
)
SAME_PBE = (
    "perfect Bayesian (textbook): the same assessments, as every belief at these off-path information sets "
    "is consistent (each node is reached by a deviation of its own)"
)


def plain_text(text: str) -> str:
    """``text`` with plan variables written ``x[A:xb:call]`` (as :func:`plain` writes them)."""
    return re.sub(r"_\{([^{}]*)\}", r"[\1]", text)


def values_text(t, values) -> str:
    """``"y = 0"``, ``"0 < y <= 1/2"``: a set of values of the parameter ``t``."""
    name = plain(t)
    pieces = values.args if isinstance(values, sp.Union) else (values,)
    out = []
    for piece in pieces:
        if isinstance(piece, sp.FiniteSet):
            out.extend(f"{name} = {plain(v)}" for v in piece)
        elif isinstance(piece, sp.Interval):
            lo = "<" if piece.left_open else "<="
            hi = "<" if piece.right_open else "<="
            out.append(f"{plain(piece.inf)} {lo} {name} {hi} {plain(piece.sup)}")
        else:
            out.append(f"{name} in {piece}")
    return " or ".join(out) if out else "no value"


def _plan_items(family, p):
    """A plan family's nonzero sequence probabilities of player ``p`` (the empty sequence left out)."""
    return [(label, v) for label, v in family.plans[p].items() if label != "∅" and sp.sympify(v) != 0]


def _strategies_text(game, family) -> str:
    if family.plans is not None:
        return "; ".join(
            f"{game.players[p]} plan "
            + ", ".join(f"[{label}] {plain(v)}" for label, v in _plan_items(family, p))
            for p in range(len(family.plans))
        )
    parts = []
    for p, mixed in enumerate(family.strategies):
        mix = ", ".join(f"[{label}] {plain(v)}" for label, v in mixed.items() if sp.sympify(v) != 0)
        parts.append(f"{game.players[p]} {mix}")
    return "; ".join(parts)


def _where(assessment, cell) -> str:
    t = assessment.family.parameter
    return "" if t is None else values_text(t, cell.values) + ": "


def _fixed_sets(a) -> list[str]:
    """The off-path information sets of a piece where consistency fixes the beliefs."""
    return sorted({i.infoset for c in a.cells for i in c.infosets if i.determined})


def pbe_note(a) -> str:
    """How the textbook's perfect Bayesian equilibria (any belief off the path) compare."""
    fixed = _fixed_sets(a)
    if not fixed:
        return SAME_PBE
    return (
        "perfect Bayesian (textbook, any belief off the path): more beliefs at "
        + ", ".join(fixed)
        + ", where consistency fixes them (the nodes reached through the fewest moves off the path share them)"
    )


def _partly_decided(a) -> str | None:
    """``"where 0 <= t < 1; not decided where t = 1"`` for a piece with a parameter and some cells decided."""
    t = a.family.parameter
    if t is None or a.refusal is not None or all(c.refusal is not None for c in a.cells):
        return None
    good = [c.values for c in a.cells if c.refusal is None and c.sequential]
    undecided = [c.values for c in a.cells if c.refusal is not None]
    where = values_text(t, sp.Union(*good)) if good else "no decided value"
    return f"where {where}; not decided where {values_text(t, sp.Union(*undecided))}"


def _sequential_line(a) -> str:
    family = a.family
    if a.refusal is not None or not a.decided:
        why = a.refusal or next(c.refusal for c in a.cells if c.refusal)
        partly = _partly_decided(a)
        if partly is not None:
            return f"sequential: {partly} ({why})"
        return "sequential: not decided (" + why + ")"
    if a.verdict == "none":
        return f"sequential: no member ({a.failure})"
    if a.verdict == "every member" or family.parameter is None:
        return "sequential: every member" if family.parameter is not None else "sequential: yes"
    return f"sequential: where {values_text(family.parameter, a.sequential_values)}"


def beliefs_text(solution) -> list[str]:
    """The lines of the beliefs and refinements section (empty without assessments)."""
    if not solution.assessments:
        return []
    game = solution.game
    lines = [f"beliefs and refinements ({SOURCES}):"]
    for k, a in enumerate(solution.assessments):
        family = a.family
        head = f"component {family.component}"
        if family.payoffs:
            head += f", payoffs ({', '.join(plain(v) for v in family.payoffs)})"
        rng = "" if family.parameter is None else f" for {values_text(family.parameter, family.values)}"
        lines.append(f"  {head}: {_strategies_text(game, family)}{rng}")
        lines.append(f"    {_sequential_line(a)}")
        decided = [c for c in a.cells if c.refusal is None]
        if decided:
            for info in decided[0].infosets:
                if info.on_path and len(info.nodes) > 1:
                    lines.append(
                        f"      on the path, {info.infoset} ({game.players[info.player]}): {plain_text(info.text)}"
                    )
        for cell in a.cells:
            if cell.refusal is not None:
                continue
            for info in cell.infosets:
                if len(info.nodes) < 2:
                    continue
                who = game.players[info.player]
                if info.on_path:
                    continue
                mixes = f" ({who} mixes there)" if info.mixing and info.ranges is not None else ""
                lines.append(
                    f"      {_where(a, cell)}{info.infoset} ({who}, off the path): {plain_text(info.text)}{mixes}"
                )
            if cell.failure and family.parameter is not None and a.verdict == "some members":
                lines.append(f"      {_where(a, cell)}not sequential: {cell.failure}")
        if a.decided and a.verdict != "none" and any(not i.on_path for c in a.cells for i in c.infosets):
            lines.append(f"    {pbe_note(a)}")
        if solution.refinements:
            for v in solution.refinements[k]:
                at = f" at {v.message}" if v.message else ""
                lines.append(f"    {v.criterion}: {v.verdict}{at}: {v.reason}")
    return lines


def _belief_json(info) -> dict:
    doc = {"information_set": info.infoset, "on_path": info.on_path}
    if info.on_path:
        doc["beliefs"] = {x: plain(b) for x, b in zip(info.nodes, info.beliefs)}
    else:
        doc["beliefs"] = (
            None
            if info.ranges is None
            else {x: {"min": plain(lo), "max": plain(hi)} for x, (lo, hi) in zip(info.nodes, info.ranges)}
        )
        doc["conditions"] = list(info.inequalities)
        doc["text"] = plain_text(info.text)
        doc["mixing"] = info.mixing
        if info.determined:
            doc["fixed_by_consistency"] = True
        if info.completion is not None:
            doc["own_moves_avoid_it"] = {"best_replies": list(info.completion)}
    return doc


def _verdict_json(v) -> dict:
    return {"verdict": v.verdict, "deviation": v.message, "type": v.type, "reason": v.reason}


def beliefs_json(solution) -> list[dict]:
    """The ``components`` list of the JSON report: per piece its payoffs, strategies, ``sequential``
    (null where no member is), ``intuitive_criterion`` and ``d1`` (null for a game that is not a
    signalling game)."""
    game = solution.game
    out = []
    for k, a in enumerate(solution.assessments):
        family = a.family
        t = family.parameter
        doc = {
            "component": family.component,
            "payoffs": [plain(v) for v in family.payoffs],
            **(
                {
                    "strategies": {
                        game.players[p]: {label: plain(v) for label, v in mixed.items() if sp.sympify(v) != 0}
                        for p, mixed in enumerate(family.strategies)
                    }
                }
                if family.plans is None
                else {
                    "plans": {
                        game.players[p]: {label: plain(v) for label, v in _plan_items(family, p)}
                        for p in range(len(family.plans))
                    }
                }
            ),
            "parameter": None if t is None else plain(t),
            "range": None if t is None else values_text(t, family.values),
        }
        if not a.decided:
            doc["sequential"] = None
            doc["not_decided"] = a.refusal or next(c.refusal for c in a.cells if c.refusal)
        elif a.verdict == "none":
            doc["sequential"] = None
            doc["not_sequential"] = a.failure
        else:
            doc["sequential"] = {
                "members": a.verdict if t is not None else "every member",
                "where": None if t is None else values_text(t, a.sequential_values),
                "cells": [
                    {
                        "values": None if t is None else values_text(t, c.values),
                        "sequential": c.sequential,
                        "failure": c.failure,
                        "information_sets": [_belief_json(i) for i in c.infosets if len(i.nodes) > 1],
                    }
                    for c in a.cells
                ],
            }
            doc["perfect_bayesian"] = pbe_note(a)
        if solution.refinements:
            ic, d1 = solution.refinements[k]
            doc["intuitive_criterion"], doc["d1"] = _verdict_json(ic), _verdict_json(d1)
        else:
            doc["intuitive_criterion"] = doc["d1"] = None
        out.append(doc)
    return out


def _mu_latex(node: str, infoset: str) -> str:
    r"""``\mu(\text{weak} \mid \text{beer})``."""
    return rf"\mu(\text{{{escape_text(node)}}} \mid \text{{{escape_text(infoset)}}})"


def _interval_latex(name: str, lo, hi) -> str:
    if lo == hi:
        return f"{name} = {to_latex(lo)}"
    if lo == 0 and hi == 1:
        return rf"0 \le {name} \le 1"
    if lo == 0:
        return rf"{name} \le {to_latex(hi)}"
    if hi == 1:
        return rf"{name} \ge {to_latex(lo)}"
    return rf"{to_latex(lo)} \le {name} \le {to_latex(hi)}"


def _values_latex(t, values, rename) -> str:
    """``$y_{4} = 0$``, ``$0 < y_{4} \\le \\frac{1}{2}$``: a set of values of the parameter ``t``."""
    name = to_latex(rename(t))
    pieces = values.args if isinstance(values, sp.Union) else (values,)
    out = []
    for piece in pieces:
        if isinstance(piece, sp.FiniteSet):
            out.extend(f"${name} = {to_latex(v)}$" for v in piece)
        elif isinstance(piece, sp.Interval):
            lo = "<" if piece.left_open else r"\le"
            hi = "<" if piece.right_open else r"\le"
            out.append(f"${to_latex(piece.inf)} {lo} {name} {hi} {to_latex(piece.sup)}$")
        else:
            out.append(f"${name} \\in {to_latex(piece)}$")
    return " or ".join(out) if out else "no value"


def _beliefs_display(info) -> str:
    """The beliefs at one information set as displayed mathematics (one line per node past two)."""
    if info.on_path:
        rows = [f"{_mu_latex(x, info.infoset)} = {to_latex(b)}" for x, b in zip(info.nodes, info.beliefs)]
        rows = rows[:1] if len(rows) == 2 else rows
    else:
        rows = [
            _interval_latex(_mu_latex(x, info.infoset), lo, hi)
            for x, (lo, hi) in zip(info.nodes, info.ranges)
        ]
        rows = rows[:1] if len(rows) == 2 else rows
    if len(rows) == 1:
        return "\\[ " + rows[0] + " \\]"
    return "\\begin{gather*}\n" + " \\\\\n".join(rows) + "\n\\end{gather*}"


def _play_latex(game, family, names, rename) -> str:
    if family.plans is not None:
        return "; ".join(
            f"{escape_text(game.players[p])}'s realization plan: "
            + ", ".join(
                f"\\texttt{{{escape_text(label)}}} ${to_latex(rename(v))}$"
                for label, v in _plan_items(family, p)
            )
            for p in range(len(family.plans))
        )
    parts = []
    for p, mixed in enumerate(family.strategies):
        terms = []
        for label, v in mixed.items():
            v = sp.sympify(v)
            if v == 0:
                continue
            name = names[p][label] if names else f"\\texttt{{{escape_text(label)}}}"
            v = rename(v)
            tex = f"({to_latex(v)})" if isinstance(v, sp.Add) else to_latex(v)
            terms.append(name if v == 1 else f"${tex}$\\,{name}")
        parts.append(f"{escape_text(game.players[p])} plays {' + '.join(terms)}")
    return "; ".join(parts)


def _sequential_latex(a, rename) -> str:
    family = a.family
    if a.refusal is not None or not a.decided:
        why = a.refusal or next(c.refusal for c in a.cells if c.refusal)
        t = family.parameter
        if _partly_decided(a) is not None:
            good = [c.values for c in a.cells if c.refusal is None and c.sequential]
            undecided = sp.Union(*(c.values for c in a.cells if c.refusal is not None))
            where = _values_latex(t, sp.Union(*good), rename) if good else "no decided value"
            return (
                f"\\emph{{Sequential:}} where {where}; not decided where {_values_latex(t, undecided, rename)} "
                f"({escape_sentence(why)})."
            )
        return f"\\emph{{Sequential:}} not decided ({escape_sentence(why)})."
    if a.verdict == "none":
        return f"\\emph{{Sequential:}} no member. {escape_sentence(_sentence(a.failure))}"
    if family.parameter is None:
        return "\\emph{Sequential:} yes."
    if a.verdict == "every member":
        return "\\emph{Sequential:} every member."
    return f"\\emph{{Sequential:}} where {_values_latex(family.parameter, a.sequential_values, rename)}."


def _sentence(text: str) -> str:
    text = text.strip()
    return (text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")) if text else text


def beliefs_latex(solution, names=None, rename=None) -> str:
    r"""The section "Beliefs and refinements" of a derivation document.

    Parameters
    ----------
    solution : GeneralSolution or Solution
        With ``assessments`` (one :class:`~derive.solving.refinements.beliefs.Assessment` per piece
        of a component), ``refinements`` (per piece, the intuitive criterion's and D1's verdicts, or
        empty) and, for a :class:`~derive.derivation.general.GeneralSolution`, ``beliefs_refusal``.
    names : sequence of dict, optional
        Per player, ``reduced strategy label -> its name in the document`` (``R1``); default the
        label in typewriter type.
    rename : callable, optional
        ``expr -> expr`` giving the pieces' parameters their short symbols in the document.

    Returns
    -------
    str
        Per piece: its play, its sequential verdict (Kreps & Wilson 1982) with the reason where no
        member is, the beliefs on the path (Bayes' rule) and, cell by cell, the exact ranges of the
        beliefs off the path as displayed mathematics (:math:`\mu(\text{weak} \mid \text{beer}) \ge 1/2`),
        and for a signalling game the intuitive criterion's and D1's verdicts with their reasons; a
        one-line section when the assessments were refused; empty when there is neither.
    """
    refusal = getattr(solution, "beliefs_refusal", "")
    if not solution.assessments and not refusal:
        return ""
    rename = rename or sp.sympify
    game = solution.game
    out = [r"\section{Beliefs and refinements}"]
    if refusal:
        out.append(escape_sentence(f"Not derived: {refusal}."))
        return "\n".join(out)
    signalling = bool(solution.refinements)
    out.append(
        "An \\emph{assessment} pairs a profile with a belief at every information set: a distribution over its "
        "nodes. It is a \\emph{sequential equilibrium} when the beliefs are consistent (limits of Bayes' rule "
        "along totally mixed profiles tending to the profile) and every player's play is a best reply to his "
        "belief wherever he moves (Kreps \\& Wilson 1982). On the path of play the beliefs follow from Bayes' "
        "rule; off the path they are cut, exactly, to those that make the play there a best reply. Below, "
        "each piece of each equilibrium component, with its beliefs at the information sets of two or more nodes."
        + (
            " Of the sequential outcomes of this signalling game, the intuitive criterion (Cho \\& Kreps 1987) "
            "and D1 (Banks \\& Sobel 1987) keep those that survive when the Receiver's belief after an unsent "
            "message rules out the types that could not gain by it."
            if signalling
            else ""
        )
    )
    for k, a in enumerate(solution.assessments):
        family = a.family
        t = family.parameter
        head = f"Component {family.component}"
        if family.payoffs:
            head += ": payoffs $(" + ", ".join(to_latex(rename(v)) for v in family.payoffs) + ")$"
        out.append(f"\\subsection{{{head}}}")
        rng = "" if t is None else f", for {_values_latex(t, family.values, rename)}"
        out.append(f"{_play_latex(game, family, names, rename)}{rng}.")
        out.append(_sequential_latex(a, rename))
        decided = [c for c in a.cells if c.refusal is None]
        on = [i for i in (decided[0].infosets if decided else ()) if i.on_path and len(i.nodes) > 1]
        for info in on:
            who = escape_text(game.players[info.player])
            out.append(
                f"On the path, at {_text(info.infoset)} ({who}), by Bayes' rule:\n{_beliefs_display(info)}"
            )
        for cell in decided:
            for info in cell.infosets:
                if info.on_path or len(info.nodes) < 2:
                    continue
                who = escape_text(game.players[info.player])
                where = "" if t is None else f"Where {_values_latex(t, cell.values, rename)}: "
                lead = f"{where}off the path, at {_text(info.infoset)} ({who})"
                lead = lead[:1].upper() + lead[1:]
                if info.ranges is None:
                    out.append(f"{lead}, no belief justifies the play.")
                    continue
                mixes = f", where {who} mixes, so the belief keeps {who} indifferent" if info.mixing else ""
                out.append(f"{lead}{mixes}:\n{_beliefs_display(info)}")
            if cell.failure and t is not None and a.verdict == "some members":
                out.append(
                    f"Where {_values_latex(t, cell.values, rename)}: not sequential. "
                    + escape_sentence(_sentence(cell.failure))
                )
        if a.decided and a.verdict != "none" and any(not i.on_path for c in a.cells for i in c.infosets):
            fixed = _fixed_sets(a)
            out.append(
                "These are also the perfect Bayesian equilibria of the textbooks (any belief off the path): "
                "every belief at these off-path information sets is consistent, as each node is reached by a "
                "deviation of its own."
                if not fixed
                else "The perfect Bayesian equilibria of the textbooks (any belief off the path) allow more beliefs at "
                + ", ".join(_text(f) for f in fixed)
                + ", where consistency fixes them: the nodes reached through the fewest moves off the path share them."
            )
        if signalling:
            for v in solution.refinements[k]:
                at = f" at {_text(v.message)}" if v.message else ""
                out.append(
                    f"\\emph{{{escape_text(v.criterion[:1].upper() + v.criterion[1:])}:}} {escape_text(v.verdict)}{at}. "
                    + escape_sentence(_sentence(v.reason))
                )
    return "\n\n".join(out)


def _text(label: str) -> str:
    return f"\\textsf{{{escape_text(label)}}}"
