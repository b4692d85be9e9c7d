"""Newman's and the limit bet-size models as text, JSON and LaTeX: rules, derivation, solution, proof.

Renders :class:`~derive.continuum.bet_size.BetSizeSolution` and its
:class:`~derive.continuum.bet_size.BetSizeProof`; computes nothing but the decimals beside exact numbers.
"""

from __future__ import annotations

import sympy as sp

from derive.continuum.bet_size import BetSizeProof, BetSizeSolution, ProofStep
from derive.continuum.report import document_head
from derive.notation.latex import escape_text, to_latex
from derive.notation.text import to_text

__all__ = ["bet_size_json", "bet_size_latex", "bet_size_rules_sentence", "bet_size_text"]

_PLAYERS = ("I (bettor)", "II (caller)", "the value")


def _equation(eq) -> str:
    if isinstance(eq, sp.Eq):
        return f"{sp.sstr(eq.lhs)} = {sp.sstr(eq.rhs)}"
    return sp.sstr(eq)


def bet_size_rules_sentence(sol: BetSizeSolution) -> str:
    """The rules in one sentence, with the ante convention."""
    r = sol.rules
    sizes = "any size s > 0" if r.low == 0 and r.high is sp.oo else f"any size s in {r.range_text()}"
    if r.fixed:
        sizes = f"the size {r.low}"
    return (
        f"each player antes {r.ante} (the pot is {r.pot}) and holds a hand uniform on [0, 1]; I checks "
        f"(a showdown for the pot) or bets {sizes}; II folds or calls; the higher hand wins at a showdown; "
        f"payoffs are I's net winnings in chips"
    )


def _strategy_lines(sol: BetSizeSolution) -> list[str]:
    """One line per interval of hands, in the order of the hands."""
    a, b = sol.bluff_cut, sol.value_cut
    lines: list[tuple[sp.Expr, str]] = []
    if sol.interior_bluffs is not None:
        lo, hi = sol.interior_bluffs
        if lo < hi:
            lines.append(
                (
                    lo,
                    f"x in ({lo}, {hi}): bluff with s = {to_text(sol.bluff_size)} "
                    "(s = P/u - P, u the root in [0, 1] of 2 u^3 - 3 u^2 + r, r linear in x)",
                )
            )
    for atom in sol.atoms:
        lo, hi = atom.bluffs
        lines.append((lo, f"x in [{lo}, {hi}]: bluff with s = {atom.size}"))
    lines.append((a, f"x in [{a}, {b}]: check"))
    for atom in sol.atoms:
        lo, hi = atom.values
        lines.append((lo, f"x in [{lo}, {hi}]: bet s = {atom.size} for value"))
    if sol.interior_values is not None:
        lo, hi = sol.interior_values
        if lo < hi:
            lines.append(
                (
                    lo,
                    f"x in ({lo}, {hi}): bet s = {to_text(sol.value_size)} for value "
                    f"(s = P (sqrt((1 - a)/(2 (1 - x))) - 1), P = {sol.rules.pot}, a = {a})",
                )
            )
    return [text for _, text in sorted(lines, key=lambda p: p[0])]


def _strategy_parts(sol: BetSizeSolution) -> list[tuple[sp.Expr, sp.Expr, str]]:
    """``(lo, hi, LaTeX of the action)`` per interval of hands, in order."""
    L = to_latex
    parts = [(sol.bluff_cut, sol.value_cut, "check")]
    for atom in sol.atoms:
        parts.append((*atom.bluffs, rf"bluff, $s = {L(atom.size)}$"))
        parts.append((*atom.values, rf"bet $s = {L(atom.size)}$ for value"))
    if sol.interior_bluffs is not None:
        if sol.interior_bluffs[0] < sol.interior_bluffs[1]:
            parts.append((*sol.interior_bluffs, rf"bluff, $s = {L(sol.bluff_size)}$"))
        if sol.interior_values[0] < sol.interior_values[1]:
            parts.append((*sol.interior_values, rf"bet $s = {L(sol.value_size)}$ for value"))
    return sorted(parts, key=lambda p: p[0])


def _sample_hands(sol: BetSizeSolution) -> list[sp.Expr]:
    out = []
    for pair in (sol.interior_bluffs, sol.interior_values):
        if pair is not None and pair[0] < pair[1]:
            out.append((pair[0] + pair[1]) / 2)
    return out


def bet_size_text(sol: BetSizeSolution, proof: BetSizeProof, bounds: tuple[ProofStep, ...] = ()) -> str:
    """The derivation for a terminal: rules, each step's equation, the strategies, the value and the proof.

    Parameters
    ----------
    sol : BetSizeSolution
    proof : BetSizeProof
    bounds : tuple of ProofStep, optional
        :func:`~derive.continuum.bet_size.value_bounds`' steps, printed after the proof.
    """
    r = sol.rules
    out = [f"{r.name}: {r.source}", f"Rules: {bet_size_rules_sentence(sol)}.", ""]
    out.append("Derivation (indifference conditions, solved exactly; P is the pot, a the bluffs' cut):")
    for k, step in enumerate(sol.steps, start=1):
        out.append(f"  {k}. {step.title}:")
        out.append(f"       {_equation(step.equation)}")
        out.append(f"       => {step.result}")
    out.append("")
    out.append("Solution:")
    out.append(
        f"  I (bettor), hand x: bluffs on [0, {sol.bluff_cut}], checks on [{sol.bluff_cut}, {sol.value_cut}], "
        f"bets for value on [{sol.value_cut}, 1]"
    )
    for line in _strategy_lines(sol):
        out.append(f"    {line}")
    out.append(f"  II (caller), facing a bet of s: calls with y >= c(s) = {to_text(sol.threshold)}")
    for atom in sol.atoms:
        out.append(f"    c({atom.size}) = {atom.threshold}")
    for h in _sample_hands(sol):
        kind, size = sol.action(h)
        shown = "check" if size is None else f"bet {to_text(size)} ~ {float(size):.4f}"
        out.append(f"  e.g. x = {h}: {shown}")
    out.append(
        f"  value to I = {sol.value} ~ {float(sol.value):.6f} (ante {r.ante}, pot {r.pot}; "
        f"{sp.nsimplify(sol.value * 2 / r.pot)} of an ante per ante)"
    )
    out.append("")
    verdict = "every step holds" if proof.proved else "NOT PROVED: a step fails"
    out.append(f"Proof ({len(proof.steps)} exact comparisons, {verdict}):")
    for p in proof.steps:
        mark = "ok" if p.holds else "FAILS"
        out.append(f"  [{mark}] {_PLAYERS[p.player]}, {p.hands}: {p.claim}")
        out.append(f"         {to_text(p.expression)} {p.sign}")
    if proof.proved:
        out.append("  Gain from deviating: I 0, II 0, exactly, for every hand and every size.")
    for p in bounds:
        mark = "ok" if p.holds else "FAILS"
        out.append(f"  [{mark}] the value, {p.hands}: {p.claim}: {to_text(p.expression)} {p.sign}")
    return "\n".join(out) + "\n"


def _step_json(p: ProofStep) -> dict:
    return {
        "player": p.player,
        "hands": p.hands,
        "claim": p.claim,
        "expression": str(p.expression),
        "sign": p.sign,
        "holds": p.holds,
    }


def bet_size_json(sol: BetSizeSolution, proof: BetSizeProof, bounds: tuple[ProofStep, ...] = ()) -> dict:
    """The derivation as JSON-ready data; exact expressions as strings (``x`` the hand, ``s`` the size)."""
    r = sol.rules
    return {
        "model": r.name,
        "source": r.source,
        "rules": {
            "ante": str(r.ante),
            "pot": str(r.pot),
            "bet_range": [str(r.low), "oo" if r.high is sp.oo else str(r.high)],
            "payoff": "I's net winnings in chips",
        },
        "derivation": [
            {"step": st.title, "equation": _equation(st.equation), "result": st.result} for st in sol.steps
        ],
        "bettor": {
            "bluff_cut": str(sol.bluff_cut),
            "value_cut": str(sol.value_cut),
            "strategy": _strategy_lines(sol),
            "bet_size": {
                "bluff": {
                    "hands": None if sol.interior_bluffs is None else [str(v) for v in sol.interior_bluffs],
                    "size": str(sol.bluff_size),
                },
                "value": {
                    "hands": None if sol.interior_values is None else [str(v) for v in sol.interior_values],
                    "size": str(sol.value_size),
                },
                "atoms": [
                    {
                        "size": str(atom.size),
                        "bluffs": [str(v) for v in atom.bluffs],
                        "values": [str(v) for v in atom.values],
                    }
                    for atom in sol.atoms
                ],
            },
            "hand_betting": {"bluff": str(sol.bluff_hand), "value": str(sol.value_hand)},
        },
        "caller": {
            "threshold": str(sol.threshold),
            "at_atoms": {str(atom.size): str(atom.threshold) for atom in sol.atoms},
        },
        "value": str(sol.value),
        "value_convention": f"to I, ante {r.ante} each, pot {r.pot}",
        "proof": {
            "proved": proof.proved,
            "steps": [_step_json(p) for p in proof.steps],
            "gain_from_deviating": [str(g) for g in proof.gains],
            "value_bounds": [_step_json(p) for p in bounds],
        },
    }


def bet_size_latex(sol: BetSizeSolution, proof: BetSizeProof, bounds: tuple[ProofStep, ...] = ()) -> str:
    """A standalone LaTeX document (amsmath): rules, derivation, solution, proof."""
    r = sol.rules
    L = to_latex
    out = [
        *document_head(r.name, r.source),
        rf"\emph{{Rules:}} {escape_text(bet_size_rules_sentence(sol))}.",
        "",
        r"\subsection*{Derivation}",
        r"\begin{enumerate}",
    ]
    for step in sol.steps:
        out.append(
            rf"\item {escape_text(step.title)}: \[{L(step.equation)}\] giving "
            + ", ".join(rf"${escape_text(name)} = {L(value)}$" for name, value in step.results)
            + "."
        )
    out.append(r"\end{enumerate}")
    out.append(r"\subsection*{Solution}")
    out.append(r"\begin{itemize}")
    for lo, hi, what in _strategy_parts(sol):
        out.append(rf"\item $x \in [{L(lo)}, {L(hi)}]$: {what}")
    out.append(rf"\item II calls a bet of $s$ with $y \ge c(s) = {L(sol.threshold)}$")
    out.append(r"\end{itemize}")
    out.append(rf"The value to I is $v = {L(sol.value)}$ (ante ${L(r.ante)}$ each, pot ${L(r.pot)}$).")
    out.append(r"\subsection*{Proof}")
    out.append(r"\begin{enumerate}")
    for p in proof.steps + tuple(bounds):
        sign = {">= 0": r"\ge 0", "<= 0": r"\le 0", "= 0": "= 0"}[p.sign]
        mark = "" if p.holds else r" \textbf{(fails)}"
        out.append(
            rf"\item {escape_text(_PLAYERS[p.player])}, {escape_text(p.hands)}: {escape_text(p.claim)}: "
            rf"\[{L(p.expression)} {sign}\]{mark}"
        )
    out.append(r"\end{enumerate}")
    if proof.proved:
        out.append(
            r"So no hand of I gains by another size or by checking, and no threshold of II gains at any size: "
            r"the gain from deviating is exactly $0$ and $v$ is the value. $\square$"
        )
    out.append(r"\end{document}")
    return "\n".join(out) + "\n"
