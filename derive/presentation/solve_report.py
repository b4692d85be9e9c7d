"""What ``derive solve GAME`` prints: the exact value, an equilibrium and the optimal sets, as text or JSON.

Presentation only: it calls :func:`derive.solving.zero_sum.solve_zero_sum` and
formats the result; it computes nothing else.
"""

from __future__ import annotations

import json
import re

import sympy as sp

from derive.extensive_form.game import Game
from derive.presentation.text import to_text
from derive.solving.zero_sum import OptimalSet, ZeroSumSolution, solve_zero_sum

__all__ = ["dominance_summary", "plain", "solution_json", "solve_report"]


def plain(expr: object) -> str:
    """Terminal text of an exact expression, with plan variables as ``x[K:bet]`` instead of ``x_{K:bet}``.

    Examples
    --------
    >>> plain(sp.Symbol("x_{K:bet}") / 3 + sp.Rational(1, 3))
    'x[K:bet]/3 + 1/3'
    """
    return re.sub(r"_\{([^{}]*)\}", r"[\1]", to_text(expr))


def _count(n: int, noun: str) -> str:
    """``"1 information set"``, ``"3 information sets"``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _kind(game: Game) -> str:
    if game.is_zero_sum:
        return "zero-sum"
    if game.is_constant_sum:
        return f"constant-sum ({to_text(game.constant_sum)})"
    return "general-sum"


def solution_json(solution: ZeroSumSolution) -> dict:
    """The solution as JSON-ready data: exact numbers as strings.

    Keys: ``game`` (title, players, nodes, kind), ``value`` (to the first player), ``values``
    (each player's), ``players``, ``strategies`` (player name -> information-set label ->
    action -> probability), ``off_path`` (``{"player", "information_set"}`` objects),
    ``refinement`` (``"quasi-perfect"`` or ``"none"``), ``method`` and, when derived, ``optimal_sets``: for each
    player ``{"player", "dimension", "parameters", "constraints", "usable", "vertices"}`` with each
    vertex a realization plan (sequence label -> probability).
    """
    game = solution.game
    doc: dict = {
        "game": {
            "title": game.title,
            "players": list(game.players),
            "nodes": len(game.nodes),
            "information_sets": len(game.infosets),
            "kind": _kind(game),
        },
        "value": str(solution.value),
        "values": [str(v) for v in solution.values],
        "players": list(game.players),
        "strategies": {
            game.players[p]: {
                label: {a: str(v) for a, v in dist.items()} for label, dist in solution.strategies[p].items()
            }
            for p in (0, 1)
        },
        "off_path": [{"player": game.players[p], "information_set": label} for p, label in solution.off_path],
        "refinement": solution.refinement,
        "method": solution.method,
    }
    if solution.optimal_sets:
        doc["optimal_sets"] = [_set_json(game, s) for s in solution.optimal_sets]
    return doc


def dominance_summary(game: Game) -> tuple[list[str], list[dict]]:
    """Text lines and JSON rows of iterated elimination (strict, then weak) of dominated reduced strategies."""
    from derive.dominance.general import dominated_strategies
    from derive.extensive_form.game import NotSupportedError

    lines: list[str] = []
    rows: list[dict] = []
    for weak in (False, True):
        kind = "weakly" if weak else "strictly"
        by = "a pure strategy" if weak else "a pure or mixed strategy"
        try:
            result = dominated_strategies(game, weak=weak, mixed=not weak)
        except NotSupportedError as exc:
            lines.append(f"dominance ({kind}): not computed: {exc}")
            continue
        if not weak and not result.mixed:
            by = "a pure strategy (mixed dominators not checked: too many strategies)"
        left = ", ".join(f"{len(r)} of {game.players[p]}" for p, r in enumerate(result.remaining))
        lines.append(
            f"iterated elimination of reduced strategies {kind} dominated by {by}: "
            f"{len(result.removed)} removed, {left} remain"
        )
        for d in result.removed:
            rows.append(
                {
                    "player": game.players[d.strategy.player],
                    "strategy": d.strategy.label,
                    "dominated_by": d.dominator_label,
                    "kind": d.kind,
                    "round": d.round,
                    "weak_elimination": weak,
                }
            )
            if len(result.removed) <= 12:
                lines.append(
                    f"  round {d.round}: {game.players[d.strategy.player]} [{d.strategy.label}] "
                    f"{d.kind}ly dominated by {d.dominator_label}"
                )
    return lines, rows


def _set_json(game: Game, s: OptimalSet) -> dict:
    return {
        "player": game.players[s.player],
        "dimension": s.dimension,
        "parameters": [plain(p) for p in s.parameters],
        "constraints": [plain(c) for c in s.constraints],
        "usable": list(s.usable),
        "vertices_enumerated": s.vertices_enumerated,
        "vertices": [{k: str(v) for k, v in plan.items() if k != "∅"} for plan in s.vertex_plans()],
        "certificate": s.certificate,
        "admissible": _admissible_json(s),
    }


def _admissible_json(s: OptimalSet) -> dict:
    """Which members are admissible: faces as equations and vertex plans, and the plans only dominated members play."""
    a = s.admissible
    if a is None or not a.checked:
        return {"decided": False}
    plans = s.vertex_plans()
    return {
        "decided": True,
        "all": a.all_admissible,
        "faces": [
            {
                "equations": [f"{plain(eq.lhs)} = {plain(eq.rhs)}" for eq in eqs],
                "dimension": face.dimension,
                "vertices": [{k: str(v) for k, v in plans[i].items() if k != "∅"} for i in face.vertices],
            }
            for face, eqs in zip(a.faces, a.equations)
        ],
        "only_in_dominated_members": list(a.only_dominated),
        "meaning": "admissible = not weakly dominated (normal-form perfect); quasi-perfect strategies are admissible",
    }


def solve_report(
    game: Game, *, all_optimal: bool = False, as_json: bool = False, refine: str = "quasi-perfect"
) -> str:
    """Solve ``game`` exactly and return the report (text, or JSON when ``as_json``).

    ``refine`` chooses the equilibrium shown (see :func:`derive.solving.zero_sum.solve_zero_sum`).

    Raises
    ------
    NotSupportedError, ImperfectRecallError
        For a game the exact solver does not handle (one line saying what is missing).
    """
    from derive.verification.subgames import subgame_perfection

    solution = solve_zero_sum(game, all_optimal=all_optimal, refine=refine)
    perfection = subgame_perfection(game, solution.strategies)
    dominance_lines, dominance_rows = dominance_summary(game) if all_optimal else ([], [])
    if as_json:
        doc = solution_json(solution)
        doc["subgame_perfect"] = perfection.is_subgame_perfect
        doc["subgames"] = len(perfection.roots)
        if all_optimal:
            doc["dominance"] = dominance_rows
        return json.dumps(doc, indent=2, ensure_ascii=False)
    players = game.players
    lines = [
        f"{game.title or 'game'}: {len(players)} players ({', '.join(players)}), {_kind(game)}, "
        f"{len(game.nodes)} nodes, {_count(len(game.infosets), 'information set')}",
        f"game value to {players[0]}: {to_text(solution.value)} ({players[1]}: {to_text(solution.values[1])})",
    ]
    off = set(solution.off_path)
    kind = "quasi-perfect equilibrium" if solution.refinement == "quasi-perfect" else "equilibrium"
    for p in (0, 1):
        lines.append(f"{players[p]}'s {kind} strategy (probability of each action at each information set):")
        width = max((len(label) for label in solution.strategies[p]), default=0)
        for label, dist in solution.strategies[p].items():
            flag = "  (off the path of play)" if (p, label) in off else ""
            acts = ", ".join(f"{a} {to_text(v)}" for a, v in dist.items())
            lines.append(f"  {label:<{max(width, 12)}} {acts}{flag}")
        if not solution.strategies[p]:
            lines.append("  (no moves)")
    failures = ", ".join(
        " ".join(a for _, a in perfection.histories[r]) or "the root" for r in perfection.failures
    )
    lines.append(
        f"subgame perfect: {'yes' if perfection.is_subgame_perfect else 'no, not an equilibrium after ' + failures}"
        f" ({_count(len(perfection.roots), 'subgame')}, the whole game included)"
    )
    lines.extend(dominance_lines)
    for s in solution.optimal_sets:
        lines.extend(_set_text(game, s))
    lines.append(f"method: {solution.method}")
    return "\n".join(lines)


def _set_text(game: Game, s: OptimalSet) -> list[str]:
    name = game.players[s.player]
    if s.dimension == 0:
        head = f"{name}'s optimal strategy is unique (realization plan):"
    else:
        params = ", ".join(plain(p) for p in s.parameters)
        count = f"{len(s.vertices)} vertices" if s.vertices_enumerated else "vertices not enumerated"
        head = f"{name}'s optimal set: dimension {s.dimension}, parameters {params}, {count}"
    lines = [head]
    shown = {k: v for k, v in s.plan.items() if k != "∅" and v != 0}
    width = max([16, *(len(k) for k in shown)])
    for k, v in shown.items():
        lines.append(f"  {k:<{width}} {plain(v)}")
    if s.dimension:
        lines.append("  where " + ", ".join(plain(c) for c in s.constraints))
        if not s.vertices_enumerated:
            lines.append(f"  ({s.certificate})")
        for point in s.vertices:
            lines.append("  vertex " + ", ".join(f"{plain(k)} = {to_text(v)}" for k, v in point.items()))
    unused = [k for k, v in s.plan.items() if v == sp.S.Zero]
    if unused:
        lines.append(f"  never played by an optimal strategy: {', '.join(unused)}")
    if s.admissible is not None:
        lines.append("  " + s.admissible.describe(name, plain))
    return lines
