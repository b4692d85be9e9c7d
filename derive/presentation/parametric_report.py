"""A parametric solution in words, JSON and LaTeX: the pieces, their exact ends, the value and the
optimal strategies on each (:class:`~derive.solving.parameters.parametric_lp.ParametricSolution`).

Nothing here solves; every number shown comes from the solution, which proved it.
"""

from __future__ import annotations

import json

import sympy as sp

from derive.notation.text import count, printed_text, to_text
from derive.presentation.game_summary import in_situation_order
from derive.solving.parameters.parametric_lp import Breakpoint, ParametricSolution

__all__ = [
    "MAX_SETS",
    "OFF_PATH_FILL",
    "at_a_point",
    "breakpoint_text",
    "general_sum_json",
    "general_sum_text",
    "off_path_note",
    "parametric_json",
    "parametric_latex",
    "parametric_text",
    "readable",
]

#: Most information sets whose strategies the text lists per piece (``--json`` gives all).
MAX_SETS = 30

#: Longest polynomial printed in the text beside an algebraic breakpoint.
_MAX_POLY = 70


def at_a_point(sol: ParametricSolution, command: str = "solve", game_name: str | None = None) -> str:
    """The command that derives the game at one value of the parameter: ``derive solve myerson:B=VALUE
    --all`` for a built-in game named ``game_name`` (``GAME`` when not given); one-card poker by its
    options (``--deck 4 --max-bets 1 --bet VALUE``), or by its built-in name for Kuhn's and the
    thesis's deck."""
    t = sol.symbol
    rules = sol.game.metadata.get("rules")
    game = game_name or "GAME"
    if rules is not None and game_name is None:
        n, k = len(rules.deck), rules.max_bets
        game = {(3, 1): "kuhn", (3, 2): "one-raise"}.get((n, k), "")
        if not game or command == "solve":
            others = "".join(f" --{a} {getattr(rules, a)}" for a in ("ante", "bet") if a != str(t))
            return f"derive solve --deck {n} --max-bets {k}{others} --{t} VALUE --all"
    spec = f"{game},{t}=VALUE" if ":" in game else f"{game}:{t}=VALUE"
    return f"derive {command} {spec}" + (" --all" if command == "solve" else "")


def readable(expr):
    """``expr``, or the same rational function without a leading minus on a bracket when one exists:
    ``(2 - bet)/(bet + 2)`` rather than ``-(bet - 2)/(bet + 2)`` (equal, by :func:`sympy.cancel`)."""
    text = to_text(expr)
    if not text.startswith("-("):
        return expr
    other = sp.cancel(expr)
    other_text = to_text(other)
    return other if not other_text.startswith("-") and len(other_text) <= len(text) else expr


def breakpoint_text(point: Breakpoint) -> str:
    """``"1"``, ``"-1 + sqrt(5) ≈ 1.236068"`` or, for a root of a long polynomial,
    ``"≈ 2.345678 (a root of a degree-12 polynomial)"``."""
    if point.is_rational:
        value = point.interval[0]
        return to_text(value) if value.q == 1 else f"{to_text(value)} ≈ {point.decimal()}"
    if point.polynomial.degree() <= 2:
        return f"{to_text(point.point)} ≈ {point.decimal()}"
    poly = to_text(point.polynomial.as_expr())
    if len(poly) <= _MAX_POLY:
        return f"≈ {point.decimal()} (the root of {poly} in [{point.interval[0]}, {point.interval[1]}])"
    return f"≈ {point.decimal()} (a root of a degree-{point.polynomial.degree()} polynomial; --json gives it)"


def _interval(piece, t) -> str:
    left = "[" if piece.closed[0] else "("
    right = "]" if piece.closed[1] else ")"
    return f"{t} in {left}{breakpoint_text(piece.lower)}, {breakpoint_text(piece.upper)}{right}"


def parametric_text(
    sol: ParametricSolution, players: tuple[str, str] | None = None, game_name: str | None = None
) -> str:
    """The pieces in words: each interval, the value on it, each player's optimal strategy.

    Parameters
    ----------
    sol : ParametricSolution
    players : (str, str), optional
        The players' names (default: the game's).
    game_name : str, optional
        The built-in name the game was given by (``myerson``, ``myerson:P=2``), for the command that
        solves it at one point (:func:`at_a_point`).

    Returns
    -------
    str
        Lines of text; strategies are listed for at most :data:`MAX_SETS` information sets a
        player (the rest are counted).
    """
    t = sol.symbol
    names = players or tuple(sol.game.players)
    lines = [
        f"{sol.game.title or 'the game'}: the value and optimal strategies as exact functions of {t} "
        f"on [{to_text(sol.lower)}, {to_text(sol.upper)}]",
        f"{_count(len(sol.pieces), 'piece')}; each proved on its whole interval (both players' basic solutions "
        f"feasible, values adding up to {to_text(sol.constant)}), and checked by exact best responses to its "
        f"whole profile (every information set) at {t} = {', '.join(to_text(c) for c in sol.checked) or '(not checked)'}",
        "on each piece one optimal strategy of each player: the basic solution proved optimal on the whole "
        f"piece (where a player has more, `{at_a_point(sol, game_name=game_name)}` at a point of the piece lists them)",
        f"where a player's own plan never goes he plays {OFF_PATH_FILL}",
    ]
    for k, piece in enumerate(sol.pieces, 1):
        lines.append("")
        lines.append(f"piece {k}: {_interval(piece, t)}")
        lines.append(f"  value to {names[0]}: {to_text(readable(piece.value))}")
        for p in (0, 1):
            strategy = piece.strategies[p]
            lines.append(f"  {names[p]}: an optimal strategy")
            off = set(piece.off_path[p])
            for label, dist in in_situation_order(sol.game, p, strategy)[:MAX_SETS]:
                acts = ", ".join(f"{a} {text}" for a, text in _action_texts(dist, t))
                flag = f"  ({off_path_note(piece, p, label, t)})" if label in off else ""
                lines.append(f"    {label}: {acts}{flag}")
            if len(strategy) > MAX_SETS:
                lines.append(
                    f"    (cut: {MAX_SETS} of {len(strategy)} information sets shown, {len(off)} of all off the path "
                    "of his own play; --json lists all)"
                )
    changes = [c for c in sol.value_changes if not c]
    lines.append("")
    lines.append("breakpoints: " + ("; ".join(breakpoint_text(p) for p in sol.breakpoints) or "none"))
    if changes:
        lines.append(
            f"at {len(changes)} of them only the optimal strategy changes (the value's formula is the same on both sides)"
        )
    lines.append(f"LP solves at rational points: {sol.solves}")
    return "\n".join(lines)


#: What a player plays on a piece where his own plan never goes (the text and the JSON's method).
OFF_PATH_FILL = (
    "his best reply against the other's strategy (it changes no payoff, so the profile stays an "
    "equilibrium): one action, proved best on the whole piece when one is, else the best at the "
    "piece's checked point"
)


def off_path_note(piece, p: int, label: str, t) -> str:
    """Why player ``p`` plays as he does at ``label``, an information set of ``piece.off_path[p]``:
    ``"off the path: his best reply on the whole piece"`` or ``"... his best reply at t = 1/2, not on
    the whole piece"``."""
    if label in piece.off_path_best[p]:
        return "off the path: his best reply on the whole piece"
    return f"off the path: his best reply at {t} = {to_text(piece.check_point)}, not on the whole piece"


def _action_texts(dist, t) -> list[tuple[str, str]]:
    """``(action, to_text(readable(probability)))`` for each action of ``dist`` played with a
    probability other than 0; a lazily shown distribution (a piece's) gives its formulas' printed
    text, so no sympy expression is built for a long formula (the same characters: :func:`readable`
    changes only a text that starts with ``-(``, and those are built)."""
    show = getattr(dist, "text", None)
    if show is not None:
        texts = [(a, show(a)) for a in dist]
        out = [(a, printed_text(text, [str(t)])) for a, text in texts if text != "0"]
        if all(text is not None for _, text in out):
            return [
                (a, to_text(readable(dist[a])) if text.startswith("-(") else text)  # type: ignore[union-attr]
                for a, text in out
            ]
    return [(a, to_text(readable(v))) for a, v in dist.items() if v != 0]


_count = count


def _exact(point: Breakpoint) -> dict:
    """A piece's end exactly: the root of ``"polynomial"`` (irreducible; ``t - r`` for a rational
    ``r``) in ``"interval"`` (rational ends, equal for a rational point)."""
    return {"polynomial": point.polynomial_text, "interval": [str(point.interval[0]), str(point.interval[1])]}


def _point(point: Breakpoint) -> dict:
    return {
        "at": point.text,
        "decimal": point.decimal(),
        "polynomial": point.polynomial_text,
        "interval": [str(point.interval[0]), str(point.interval[1])],
    }


def parametric_json(sol: ParametricSolution) -> str:
    """The solution as JSON: ``"pieces"``, each with ``"from"``, ``"to"``, ``"value"`` (expression
    strings), ``"strategies"`` (player -> information set -> action -> expression; every information
    set, off the path too), ``"off_path"`` (player -> the information sets his own plan never
    reaches), ``"from_exact"`` and ``"to_exact"`` (each end as the root of a polynomial in an
    isolating interval), ``"off_path_best_on_piece"`` (those of them where the action filled in is a best reply
    on the whole piece; at the others it is at ``"checked_at"`` only) and ``"checked_at"`` (the
    rational point where the piece's whole profile was checked); ``"breakpoints"`` with their
    polynomials and isolating intervals.  ``derive check GAME:NAME=VALUE FILE`` reads it back."""
    names = tuple(sol.game.players)
    doc = {
        "game": sol.game.title,
        "players": list(names),
        "parameter": str(sol.symbol),
        "interval": [str(sol.lower), str(sol.upper)],
        "constant_sum": str(sol.constant),
        "pieces": [
            {
                "from": p.lower.text,
                "to": p.upper.text,
                "from_closed": p.closed[0],
                "to_closed": p.closed[1],
                "from_decimal": p.lower.decimal(),
                "to_decimal": p.upper.decimal(),
                "from_exact": _exact(p.lower),
                "to_exact": _exact(p.upper),
                "value": p.value_string(),
                "strategies": {names[k]: p.strategy_texts(k) for k in (0, 1)},
                "off_path": {names[k]: list(p.off_path[k]) for k in (0, 1)},
                "off_path_best_on_piece": {names[k]: list(p.off_path_best[k]) for k in (0, 1)},
                "checked_at": None if p.check_point is None else str(p.check_point),
            }
            for p in sol.pieces
        ],
        "breakpoints": [_point(p) for p in sol.breakpoints],
        "checked_at": [str(c) for c in sol.checked],
        "solves": sol.solves,
        "method": (
            "parametric sequence-form LP (Gass & Saaty 1955; von Stengel 1996): optimal bases proposed by "
            "HiGHS at rational points, solved over Q(t), feasible on each piece by exact sign analysis; "
            "both players' values add up to the constant sum (weak duality); at the information sets of "
            f"off_path (never reached by the player's own plan) he plays {OFF_PATH_FILL} (checked_at; "
            "off_path_best_on_piece lists those proved on the whole piece); each piece's whole profile "
            "checked at checked_at by exact best responses (exploitability 0)"
        ),
    }
    return json.dumps(doc, indent=2, ensure_ascii=False)


def _latex_point(point: Breakpoint) -> str:
    from derive.notation.latex import to_latex

    if point.is_rational or point.polynomial.degree() <= 2:
        return to_latex(point.point)
    return rf"t_{{{point.decimal(4)}}}"


def parametric_latex(sol: ParametricSolution, name: str = "v") -> str:
    r"""The value as a ``\begin{cases}`` display, one line per piece, with each algebraic end named
    ``t_{1.2345}`` and defined below it as the root of its polynomial in its isolating interval.

    Returns
    -------
    str
        A LaTeX fragment (needs amsmath).
    """
    from derive.notation.latex import to_latex

    t = to_latex(sol.symbol)
    rows = []
    for p in sol.pieces:
        left = r"\le" if p.closed[0] else "<"
        right = r"\le" if p.closed[1] else "<"
        rows.append(
            rf"  {to_latex(readable(p.value))} & \text{{if }} {_latex_point(p.lower)} {left} {t} {right} {_latex_point(p.upper)}"
        )
    out = [r"\[", rf"{name}({t}) = \begin{{cases}}", " \\\\\n".join(rows), r"\end{cases}", r"\]"]
    algebraic = [p for p in sol.breakpoints if not p.is_rational and p.polynomial.degree() > 2]
    if algebraic:
        out.append(r"where")
        out.append(r"\begin{itemize}")
        for p in algebraic:
            out.append(
                rf"\item $t_{{{p.decimal(4)}}}$ is the root in $[{to_latex(p.interval[0])}, {to_latex(p.interval[1])}]$ "
                rf"of the degree-{p.polynomial.degree()} polynomial ${to_latex(p.polynomial.as_expr())}$"
            )
        out.append(r"\end{itemize}")
    return "\n".join(out) + "\n"


def _bracket(label: str) -> str:
    """A reduced strategy's label, in brackets when it holds a comma (``[weak: beer, strong: beer]``)."""
    return f"[{label}]" if ", " in label else label


def general_sum_text(res, game) -> str:
    """Every equilibrium of a general-sum game, piece by piece
    (:class:`~derive.solving.parameters.symbolic_payoffs.PiecewiseEquilibria`), in words."""
    t = res.symbol
    names = tuple(game.players)
    lines = [
        f"{game.title or 'the game'}: every Nash equilibrium as an exact function of {t} on {to_text(res.domain)}",
        f"(reduced strategic form; {_count(res.candidates, 'candidate breakpoint')} examined, each piece checked exactly)",
    ]
    for piece in res.pieces:
        lines.append("")
        lines.append(f"{t} in {to_text(piece.where)}:")
        if piece.extreme is None:
            lines.append(f"  not solved at this irrational point ({piece.note})")
            continue
        for k, eq in enumerate(piece.extreme, 1):
            strategies = "; ".join(
                f"{names[p]}: "
                + ", ".join(f"{_bracket(s)} {to_text(readable(v))}" for s, v in eq.strategies[p].items())
                for p in (0, 1)
            )
            lines.append(f"  extreme equilibrium {k}: {strategies}")
            lines.append(
                f"    payoffs: {to_text(readable(eq.payoffs[0]))}, {to_text(readable(eq.payoffs[1]))}"
            )
    lines.append("")
    lines.append("breakpoints: " + (", ".join(to_text(b) for b in res.breakpoints) or "none"))
    return "\n".join(lines)


def general_sum_json(res, game) -> str:
    """The same as JSON: ``"pieces"``, each with ``"where"`` and its ``"equilibria"``."""
    names = tuple(game.players)
    doc = {
        "game": game.title,
        "players": list(names),
        "parameter": str(res.symbol),
        "domain": str(res.domain),
        "pieces": [
            {
                "where": str(piece.where),
                "equilibria": None
                if piece.extreme is None
                else [
                    {
                        "strategies": {
                            names[p]: {s: str(v) for s, v in eq.strategies[p].items()} for p in (0, 1)
                        },
                        "payoffs": [str(v) for v in eq.payoffs],
                    }
                    for eq in piece.extreme
                ],
            }
            for piece in res.pieces
        ],
        "breakpoints": [str(b) for b in res.breakpoints],
    }
    return json.dumps(doc, indent=2, ensure_ascii=False)
