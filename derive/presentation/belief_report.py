"""Beliefs, sequential equilibria and signalling refinements of a solution, as text, JSON and LaTeX.

It renders what :func:`derive.derivation.solve.solve` returns with ``refine`` one of
``sequential``, ``intuitive``, ``d1`` (:attr:`~derive.derivation.solve.Solution.assessments` and
:attr:`~derive.derivation.solve.Solution.refinements`) and computes nothing.
"""

from __future__ import annotations

import sympy as sp

from derive.notation.latex import escape_sentence
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


def _strategies_text(game, family) -> str:
    parts = []
    for p, mixed in enumerate(family.strategies):
        mix = ", ".join(f"[{label}] {plain(v)}" for label, v in mixed.items() if sp.sympify(v) != 0)
        parts.append(f"{game.players[p]} {mix}")
    return "; ".join(parts)


def _where(assessment, cell) -> str:
    t = assessment.family.parameter
    return "" if t is None else values_text(t, cell.values) + ": "


def _sequential_line(a) -> str:
    family = a.family
    if a.refusal is not None or not a.decided:
        return (
            "sequential: not decided (" + (a.refusal or next(c.refusal for c in a.cells if c.refusal)) + ")"
        )
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
                        f"      on the path, {info.infoset} ({game.players[info.player]}): {info.text}"
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
                    f"      {_where(a, cell)}{info.infoset} ({who}, off the path): {info.text}{mixes}"
                )
            if cell.failure and family.parameter is not None and a.verdict == "some members":
                lines.append(f"      {_where(a, cell)}not sequential: {cell.failure}")
        if a.decided and a.verdict != "none" and any(not i.on_path for c in a.cells for i in c.infosets):
            lines.append(f"    {SAME_PBE}")
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
        doc["text"] = info.text
        doc["mixing"] = info.mixing
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
            "strategies": {
                game.players[p]: {label: plain(v) for label, v in mixed.items() if sp.sympify(v) != 0}
                for p, mixed in enumerate(family.strategies)
            },
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
            doc["perfect_bayesian"] = SAME_PBE
        if solution.refinements:
            ic, d1 = solution.refinements[k]
            doc["intuitive_criterion"], doc["d1"] = _verdict_json(ic), _verdict_json(d1)
        else:
            doc["intuitive_criterion"] = doc["d1"] = None
        out.append(doc)
    return out


def beliefs_latex(solution) -> str:
    """A LaTeX section on beliefs and refinements (empty without assessments)."""
    if not solution.assessments:
        return ""
    lines = [
        r"\section{Beliefs and refinements}",
        escape_sentence(
            "Each piece of each component with its sequential part and the beliefs that support it "
            f"({SOURCES})."
        ),
        r"\begin{itemize}",
    ]
    for line in beliefs_text(solution)[1:]:
        if line.startswith("  component"):
            lines.append(r"\item " + escape_sentence(line.strip()))
        else:
            lines.append(r"\\ " + escape_sentence(line.strip()))
    lines.append(r"\end{itemize}")
    return "\n".join(lines)
