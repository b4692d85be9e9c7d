"""What ``derive solve GAME`` prints for a one-player game: the value and every decision, as text or JSON.

Presentation only: :func:`derive.derivation.solve.solve` calls
:func:`derive.solving.one_player.solve_decision_problem` (a best response to chance); this module
formats the result.  The text gives the value, how many information sets take each
action, then each information set with its reach probability and each action's exact expected value
(a decimal beside), the optimal actions marked.  A game with more than :data:`MAX_SHOWN` information
sets is cut to the closest decisions (the smallest gap between the best action and the next), with
the totals stated; ``all_sets`` (``derive solve GAME --all``) and the JSON list every one.
"""

from __future__ import annotations

import json

import sympy as sp

from derive.extensive_form.game import Game
from derive.notation.text import count, to_text
from derive.solving.one_player.decision_problem import DecisionSolution, InformationSetDecision

__all__ = ["MAX_SHOWN", "decision_json", "decision_report", "decision_text"]

#: Information sets listed in the text before it is cut to the closest decisions.
MAX_SHOWN = 30

_KIND = "one player against chance (a decision problem)"


def _decimal(q: sp.Rational, places: int = 6) -> str:
    """``q`` rounded half away from zero to ``places`` decimals, by integer arithmetic."""
    p, d = abs(int(q.p)), int(q.q)
    whole = (2 * p * 10**places + d) // (2 * d)
    text = str(whole).rjust(places + 1, "0")
    sign = "-" if q < 0 and whole else ""
    return f"{sign}{text[:-places]}.{text[-places:]}"


def _number(q: sp.Rational | None) -> str:
    """``"-393/392 ≈ -1.002551"``; an integer alone (``"-1"``); ``"-"`` for no value."""
    if q is None:
        return "-"
    return to_text(q) if q.is_Integer else f"{to_text(q)} ≈ {_decimal(q)}"


def _count(n: int, noun: str) -> str:
    return count(n, noun, thousands=True)


def decision_json(solution: DecisionSolution) -> dict:
    """The solution as JSON-ready data: exact numbers as strings.

    Parameters
    ----------
    solution : DecisionSolution

    Returns
    -------
    dict
        Keys ``game`` (title, players, nodes, information_sets, kind), ``players`` (the one name),
        ``value`` (the optimal expected payoff), ``information_sets`` (in the game's order, each
        ``{"label", "reach", "actions": {action: expected value given the set is reached, or null
        when chance never reaches it}, "optimal": [actions], "on_path": whether the optimal strategy
        reaches it}``), ``strategy`` (``label -> action``, one optimal pure strategy) and ``method``.

    Raises
    ------
    None
    """
    game = solution.game
    return {
        "game": {
            "title": game.title,
            "players": list(game.players),
            "nodes": len(game.nodes),
            "information_sets": len(game.infosets),
            "kind": _KIND,
        },
        "players": list(game.players),
        "value": str(solution.value),
        "information_sets": [
            {
                "label": d.label,
                "reach": str(d.reach),
                "actions": {a: None if v is None else str(v) for a, v in d.values.items()},
                "optimal": list(d.optimal),
                "on_path": d.on_path,
            }
            for d in solution.decisions
        ],
        "strategy": dict(solution.strategy),
        "method": solution.method,
    }


def _closest(decisions: tuple[InformationSetDecision, ...], limit: int) -> tuple[InformationSetDecision, ...]:
    """The ``limit`` decisions with the smallest gap between the best action and the next, in game order
    (sets with one action or never reached come last)."""

    def key(d: InformationSetDecision) -> tuple:
        gap = d.gap
        return (gap is None, gap if gap is not None else 0, d.index)

    chosen = sorted(decisions, key=key)[:limit]
    return tuple(sorted(chosen, key=lambda d: d.index))


def _set_lines(d: InformationSetDecision, width: int) -> list[str]:
    note = ""
    if d.reach == 0:
        note = "  (chance never leads here: no expected values, every action optimal)"
    elif not d.on_path:
        note = "  (the optimal strategy does not come here)"
    lines = [f"  {d.label}  reach {_number(d.reach)}{note}"]
    if d.reach == 0:
        return lines
    for a, v in d.values.items():
        mark = "*" if a in d.optimal else " "
        lines.append(f"    {mark} {a:<{width}}  {_number(v)}")
    return lines


def decision_text(solution: DecisionSolution, all_sets: bool = False, limit: int = MAX_SHOWN) -> str:
    """The solution as plain text: value, totals, then the information sets (cut past ``limit``).

    Parameters
    ----------
    solution : DecisionSolution
    all_sets : bool
        List every information set, however many.
    limit : int
        Past this many information sets (and without ``all_sets``), only the ``limit`` closest
        decisions are listed, in the game's order, and a line says how many are left out.

    Returns
    -------
    str

    Raises
    ------
    None
    """
    game = solution.game
    decisions = solution.decisions
    lines = [
        f"{game.title or 'game'}: 1 player ({solution.player}) against chance, {len(game.nodes):,} nodes, "
        f"{_count(len(decisions), 'information set')}",
        "solved as a best response to chance (the player's only opponent): backward induction over his "
        "information sets",
        f"value to {solution.player} (the optimal expected payoff): {_number(solution.value)}",
    ]
    if decisions:
        counts = ", ".join(f"{a} at {_count(n, 'information set')}" for a, n in solution.counts().items())
        ties = solution.ties
        tie_text = (
            "no ties"
            if not ties
            else f"{_count(len(ties), 'information set')} with a tie (every optimal action is marked; "
            "the strategy takes the first)"
        )
        lines.append(f"the optimal strategy chooses {counts}; {tie_text}")
        lines.append(
            "each information set: reach = the probability that chance leads play there when the player's "
            "own moves do; each action's expected value given the set is reached, with optimal play after; "
            "* marks the optimal action(s)"
        )
        cut = not all_sets and len(decisions) > limit
        shown = _closest(decisions, limit) if cut else decisions
        width = max(len(a) for d in shown for a in d.values)
        for d in shown:
            lines.extend(_set_lines(d, width))
        if cut:
            lines.append(
                f"(Cut: {len(shown):,} of {len(decisions):,} information sets shown, the closest decisions "
                "(the smallest gap between the best action and the next) in the game's order; "
                f"{len(decisions) - len(shown):,} more are not printed; --all or --json lists every one.)"
            )
    else:
        lines.append("the player never moves: the value is chance's expectation")
    lines.append(f"method: {solution.method}")
    return "\n".join(lines)


def decision_report(game: Game, *, as_json: bool = False, all_sets: bool = False, progress=None) -> str:
    """Solve the one-player ``game`` and return the report, as text or (``as_json``) JSON.

    Parameters
    ----------
    game : Game
        One player and chance, perfect recall, numeric payoffs.
    as_json : bool
        JSON (:func:`decision_json`) instead of text (:func:`decision_text`).
    all_sets : bool
        In the text, list every information set instead of cutting past :data:`MAX_SHOWN`.
    progress : callable, optional
        Hears one line per stage.

    Returns
    -------
    str

    Raises
    ------
    NotSupportedError, ImperfectRecallError
        From :func:`derive.solving.one_player.solve_decision_problem` (one line), through
        :func:`derive.derivation.solve.solve`.
    """
    from derive.derivation.solve import solve
    from derive.solving.choice import Route, SolverChoice

    solution = solve(game, progress=progress, choice=SolverChoice(Route.DECISION_PROBLEM)).result
    if as_json:
        return json.dumps(decision_json(solution), indent=2, ensure_ascii=False)
    return decision_text(solution, all_sets=all_sets)
