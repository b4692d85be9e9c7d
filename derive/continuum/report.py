"""A continuous model's derivation as text, JSON and LaTeX: rules, structure, payoff, equations, solution, proof."""

from __future__ import annotations

import sympy as sp

from derive.continuum.derivation import ContinuumDerivation
from derive.continuum.rules import B
from derive.continuum.structure import MAX_CANDIDATES, MAX_EDITS, SEARCH_SECONDS, Derived
from derive.notation.latex import escape_text, to_latex
from derive.notation.text import count, plural, to_text

__all__ = ["continuum_json", "continuum_latex", "continuum_text", "rules_sentence"]


def rules_sentence(rules) -> str:
    """The rules in one sentence."""
    first = "checks (to a showdown)" if rules.opener_alternative == "check" else "folds (losing his ante)"
    if rules.opener_alternative == "check" and rules.dealer_may_bet:
        first = "checks"
    after = "; after a check the dealer checks (showdown) or bets" if rules.dealer_may_bet else ""
    raises = "no raise" if rules.max_bets == 1 else f"at most {rules.max_bets} bets and raises in all"
    return (
        f"each player antes {rules.ante} and holds a hand uniform on [0, 1]; the opener {first} or bets "
        f"{rules.bet}{after}; facing a bet a player folds, calls{' or raises' if rules.max_bets > 1 else ''} "
        f"({raises}); the higher hand wins at a showdown"
    )


def _ordered(piece: Derived) -> list[tuple[sp.Symbol, sp.Expr]]:
    return [(t, piece.solution.thresholds[t]) for t in piece.solution.structure.symbols]


def _num(expr: sp.Expr) -> str:
    return f"{float(expr):.4f}"


def continuum_text(derivation: ContinuumDerivation, bet: sp.Expr | None = None) -> str:
    """The derivation for a terminal: each piece's structure, payoff, equations, solution and proof.

    Parameters
    ----------
    derivation : ContinuumDerivation
    bet : sympy.Rational, optional
        Also print the thresholds and the value at this bet (exact, with decimals beside).
    """
    r = derivation.rules
    lines = [f"{r.name}: {r.source}", f"Rules: {rules_sentence(r)}.", ""]
    for k, piece in enumerate(derivation.pieces, start=1):
        sol, proof = piece.solution, piece.proof
        s = sol.structure
        lines.append(f"Piece {k}: B in {proof.interval}")
        lines.append(f"  Structure ({_found_text(piece)}):")
        for edit in piece.edits:
            lines.append(f"    edit of the read-off: {edit}")
        lines.append(f"    opener: {s.describe(0)}")
        lines.append(f"    dealer: {s.describe(1)}")
        order = " <= ".join(["0", *(str(t) for t in s.symbols), "1"])
        lines.append(f"    ordering: {order}")
        lines.append("  Expected payoff to the opener (integrated over the cells):")
        lines.append(f"    E = {to_text(sp.collect(sol.payoff, B))}")
        lines.append("  Indifference at each threshold (value of the plan below minus the plan above = 0):")
        for e in sol.equations:
            who = "opener" if e.player == 0 else "dealer"
            lines.append(f"    {e.threshold} ({who}: {e.below} | {e.above}): {to_text(e.equation)} = 0")
        lines.append("  Solution:")
        for t, v in _ordered(piece):
            lines.append(f"    {t} = {to_text(v)}")
        lines.append(f"    value to the opener = {to_text(sol.value)}")
        lines.append("  Ordering at the solution (each gap >= 0):")
        for g in sol.ordering:
            lines.append(f"    {to_text(g)}")
        lines.append(
            f"  Proof: {count(len(proof.checks), 'comparison')} of the prescribed plan with every other plan at both ends of "
            f"every cell (values are linear in the hand on a cell); {proof.tight} "
            f"{plural(proof.tight, 'is an equality (an indifferent hand)', 'are equalities (indifferent hands)')}"
            "; "
            f"every distinct difference and gap is >= 0 on B in {proof.interval}:"
        )
        for p in proof.proofs:
            lines.append(f"    {p}")
        lines.append("  Gain from deviating: opener 0, dealer 0, exactly, for every B in the interval.")
        if bet is not None and proof.interval.contains(bet):
            values = piece.solution.at(bet)
            lines.append(f"  At B = {bet}:")
            for t in s.symbols:
                lines.append(f"    {t} = {values[t]} ~ {_num(values[t])}")
            v = sol.value.subs(B, bet)
            lines.append(f"    value = {v} ~ {_num(v)}")
        lines.append("")
    if derivation.not_found:
        lines.append(_not_derived(derivation, str))
    return "\n".join(lines).rstrip() + "\n"


def _found_text(piece: Derived) -> str:
    """How the piece's structure was found, for the text report."""
    if piece.source == "pattern":
        return (
            f"the pattern of Karlin & Restrepo (1957)'s solution for {piece.solution.structure.rules.max_bets} "
            f"bets, screened at B = {piece.sample}"
        )
    return f"read off the exact {piece.deck}-card game at B = {piece.sample}; {count(piece.tried, 'candidate')} tried"


def _found_json(piece: Derived) -> dict:
    """How the piece's structure was found, for JSON (the N-card read-off's fields, or the pattern's)."""
    if piece.source == "pattern":
        return {"pattern": "Karlin & Restrepo (1957)", "bet": str(piece.sample)}
    return {
        "deck": piece.deck,
        "bet": str(piece.sample),
        "candidates": piece.tried,
        "edits": list(piece.edits),
    }


def _not_derived(derivation: ContinuumDerivation, show) -> str:
    """What was searched at the bets where nothing was proved: the N-card game read off and the caps."""
    bets = derivation.not_found
    return (
        f"Not derived: at the {plural(len(bets), 'bet')} {', '.join(show(b) for b in bets)} no threshold "
        f"structure within {MAX_EDITS} edits of the order read off the exact {derivation.deck}-card game was "
        f"proved (the search's caps: {MAX_CANDIDATES} candidates, {SEARCH_SECONDS:.0f} s a bet)."
    )


def continuum_json(derivation: ContinuumDerivation, bet: sp.Expr | None = None) -> dict:
    """The derivation as JSON-ready data; exact expressions as strings."""
    r = derivation.rules
    out = {
        "model": r.name,
        "source": r.source,
        "rules": {
            "ante": str(r.ante),
            "bet": "B",
            "max_bets": r.max_bets,
            "opener_alternative": r.opener_alternative,
            "dealer_may_bet": r.dealer_may_bet,
        },
        "pieces": [],
        "not_found": [str(b) for b in derivation.not_found],
    }
    for piece in derivation.pieces:
        sol, proof = piece.solution, piece.proof
        s = sol.structure
        entry = {
            "interval": [str(proof.interval.lo), str(proof.interval.hi)],
            "read_from": _found_json(piece),
            "opener": s.describe(0),
            "dealer": s.describe(1),
            "order": [str(t) for t in s.symbols],
            "payoff": str(sol.payoff),
            "equations": [
                {"threshold": str(e.threshold), "player": e.player, "equation": str(e.equation)}
                for e in sol.equations
            ],
            "thresholds": {str(t): str(v) for t, v in _ordered(piece)},
            "value": str(sol.value),
            "proof": {
                "comparisons": len(proof.checks),
                "indifferent": proof.tight,
                "conditions": [str(p.condition) for p in proof.proofs],
                "gain_from_deviating": ["0", "0"],
            },
        }
        if bet is not None and proof.interval.contains(bet):
            values = sol.at(bet)
            entry["at_bet"] = {
                "bet": str(bet),
                "thresholds": {str(t): str(values[t]) for t in s.symbols},
                "value": str(sol.value.subs(B, bet)),
            }
        out["pieces"].append(entry)
    return out


def _segments_latex(structure, player: int) -> list[str]:
    cuts = structure.cuts
    return [
        rf"{escape_text(plan.label)} on $({to_latex(cuts[first])}, {to_latex(cuts[last + 1])})$"
        for plan, first, last in structure.segments(player)
    ]


def _long_sum_latex(lhs: str, expr: sp.Expr, per_line: int = 6) -> str:
    """``lhs &= t_1 + ... `` broken every ``per_line`` terms, grouped by powers of the bet."""
    poly = sp.Poly(sp.expand(expr), B)
    terms = []
    for (k,), coeff in sorted(poly.terms(), reverse=True):
        terms.extend(sp.Add.make_args(sp.expand(coeff * B**k)))
    chunks = [terms[i : i + per_line] for i in range(0, len(terms), per_line)] or [[sp.S.Zero]]
    rows = []
    for i, chunk in enumerate(chunks):
        text = " ".join(
            (
                ""
                if (i == 0 and j == 0)
                else ("- " if sp.Mul.make_args(t)[0].could_extract_minus_sign() else "+ ")
            )
            + to_latex(
                -t if (sp.Mul.make_args(t)[0].could_extract_minus_sign() and not (i == 0 and j == 0)) else t
            )
            for j, t in enumerate(chunk)
        )
        rows.append((rf"{lhs} &= " if i == 0 else "&\\quad ") + text)
    return r" \\ ".join(rows)


def document_head(title: str, source: str) -> list[str]:
    """The first lines of every [0, 1] model's standalone document (amsmath): the preamble,
    ``\\begin{document}``, the title as an unnumbered section and the source, then a blank line
    (``title`` and ``source`` plain text, escaped here)."""
    return [
        r"\documentclass[11pt]{article}",
        r"\usepackage[margin=2cm]{geometry}",
        r"\usepackage{amsmath,amssymb}",
        r"\allowdisplaybreaks",
        r"\begin{document}",
        rf"\section*{{{escape_text(title)}}}",
        rf"\emph{{Source:}} {escape_text(source)}.",
        "",
    ]


def continuum_latex(derivation: ContinuumDerivation) -> str:
    """A standalone LaTeX document deriving the model (amsmath): rules, payoff, equations, solution, proof."""
    r = derivation.rules
    L = to_latex
    out = [
        *document_head(r.name, r.source),
        rf"\emph{{Rules:}} {escape_text(rules_sentence(r))}.",
        "",
    ]
    for k, piece in enumerate(derivation.pieces, start=1):
        sol, proof = piece.solution, piece.proof
        s = sol.structure
        iv = proof.interval
        hi = r"\infty" if iv.hi is sp.oo else L(iv.hi)
        out.append(rf"\subsection*{{Piece {k}: $B \in ({L(iv.lo)}, {hi})$}}")
        if piece.source == "pattern":
            found = (
                "The order of the thresholds is the pattern of Karlin \\& Restrepo's (1957) solution, "
                rf"built for {r.max_bets} bets and screened at $B = {L(piece.sample)}$"
            )
        else:
            found = (
                rf"The order of the thresholds was read off the exact {piece.deck}-card game at $B = {L(piece.sample)}$ "
                rf"({count(piece.tried, 'candidate')} tried)"
                + (" and edited (" + escape_text("; ".join(piece.edits)) + ")" if piece.edits else "")
            )
        out.append(found + r", then proved. Hands play")
        out.append(r"\begin{itemize}")
        for p, name in ((0, "opener"), (1, "dealer")):
            out.append(rf"\item {name}: " + "; ".join(_segments_latex(s, p)))
        out.append(r"\end{itemize}")
        order = r" \le ".join(["0", *(L(t) for t in s.symbols), "1"])
        out.append(
            rf"with ${order}$. Integrating the payoff over the cells gives the opener's expected payoff"
        )
        out.append(r"\begin{align*}")
        out.append(_long_sum_latex("E", sol.payoff))
        out.append(r"\end{align*}")
        out.append(r"At each threshold the hand on it is indifferent between the plans on its two sides:")
        out.append(r"\begin{align*}")
        out.append(r" \\ ".join(rf"{L(e.equation)} &= 0 && ({L(e.threshold)})" for e in sol.equations))
        out.append(r"\end{align*}")
        out.append(r"whose solution is")
        out.append(r"\begin{align*}")
        rows = [rf"{L(t)} &= {L(v)}" for t, v in _ordered(piece)]
        rows.append(rf"v &= {L(sol.value)}")
        out.append(r" \\ ".join(rows))
        out.append(r"\end{align*}")
        out.append(
            rf"\emph{{Proof.}} On each cell a plan's value is linear in the hand, so the prescribed plan is a best "
            rf"response there when it is at least as good as each other plan at the cell's ends: "
            rf"{count(len(proof.checks), 'comparison')}, {proof.tight} of them "
            rf"{plural(proof.tight, 'an equality', 'equalities')}. The distinct differences and the "
            r"gaps of the ordering are"
        )
        out.append(r"\begin{align*}")
        out.append(r" \\ ".join(rf"{L(p.condition)} &\ge 0" for p in proof.proofs))
        out.append(r"\end{align*}")
        out.append(
            r"none of whose factors has a root in the interval, and each is non-negative at a rational point of it. "
            r"So no hand of either player gains by deviating: the gain from deviating is exactly $0$ and $v$ is the "
            r"value of the game. $\square$"
        )
    if derivation.not_found:
        out.append("")
        out.append(_not_derived(derivation, lambda b: f"${L(b)}$"))
    out.append(r"\end{document}")
    return "\n".join(out) + "\n"
