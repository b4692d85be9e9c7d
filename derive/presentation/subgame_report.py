"""Subgame-perfection verdicts (:class:`~derive.verification.subgame_families.SubgameVerdict`) as text,
JSON and LaTeX, for the reports of ``derive solve`` and the general-sum derivation document.

Presentation only: the verdicts are decided in :mod:`derive.verification.subgame_families`.
"""

from __future__ import annotations

from collections.abc import Callable

from derive.extensive_form.game import Game
from derive.notation.text import to_text
from derive.presentation.game_summary import count, plain
from derive.verification.subgame_families import SubgameVerdict, history_text

__all__ = ["verdict_json", "verdict_latex", "verdict_text"]


def _subgames(verdict: SubgameVerdict) -> str:
    """``"3 subgames, the whole game included"``, or that the game has no proper subgame."""
    if verdict.subgames == 1:
        return "the game has no proper subgame"
    return f"{count(verdict.subgames, 'subgame')}, the whole game included"


def _after(game: Game, verdict: SubgameVerdict, roots) -> str:
    """The histories of ``roots``, joined by semicolons."""
    return "; ".join(history_text(game, verdict.histories[r]) for r in roots)


def verdict_text(game: Game, verdict: SubgameVerdict) -> str:
    """One line for a text report: ``"subgame perfect: no, not an equilibrium after Entrant In (2 subgames, ...)"``.

    A family reads ``every member`` / ``no member`` / ``exactly the members where ...``; what was not
    decided is said with its reason; a completion of open play is listed.

    Parameters
    ----------
    game : Game
    verdict : SubgameVerdict

    Returns
    -------
    str
    """
    family = verdict.members == "family"
    tail = f" ({_subgames(verdict)})"
    if verdict.failures:
        where = _after(game, verdict, verdict.failures)
        if family:
            return f"subgame perfect: no member, none is an equilibrium after {where}{tail}"
        return f"subgame perfect: no, not an equilibrium after {where}{tail}"
    parts = []
    if verdict.member_set is not None:
        t, where = verdict.member_set
        parts.append(f"exactly the members with {plain(t)} in {to_text(where)}")
    elif verdict.conditions:
        conds = "; ".join(_condition_text(game, verdict, c) for c in verdict.conditions)
        note = f" ({verdict.notes[0]})" if verdict.notes else ""
        parts.append(f"exactly the members where {conds}{note}")
    if verdict.undecided:
        parts.append(
            "not decided "
            + "; ".join(
                "after "
                + " and after ".join(history_text(game, verdict.histories[r]) for r in roots)
                + f": {why}"
                for why, roots in _by_reason(verdict)
            )
        )
    if parts:
        return "subgame perfect: " + "; ".join(parts) + tail
    if family:
        return f"subgame perfect: every member{tail}"
    done = ""
    if verdict.completion:
        done = (
            ", with the play its reduced strategies leave open completed by best replies ("
            + ", ".join(f"{game.players[p]} {a} at {label}" for p, label, a in verdict.completion)
            + ")"
        )
    return f"subgame perfect: yes{done}{tail}"


def _by_reason(verdict: SubgameVerdict) -> list[tuple[str, list[int]]]:
    """The undecided subgames grouped by their reason, in order of first appearance."""
    groups: dict[str, list[int]] = {}
    for r, why in verdict.undecided:
        groups.setdefault(why, []).append(r)
    return list(groups.items())


def _condition_text(game: Game, verdict: SubgameVerdict, c) -> str:
    """One condition as text: ``"<gain> <= 0 (<player> gains nothing by [<deviation>] after <history>)"``."""
    return (
        f"{plain(c.gain)} <= 0 ({game.players[c.player]} gains nothing by [{c.deviation}] after "
        f"{history_text(game, verdict.histories[c.root])})"
    )


def verdict_json(game: Game, verdict: SubgameVerdict) -> dict:
    """The verdict as JSON data, with the keys of the zero-sum report and the histories.

    Keys: ``subgame_perfect`` (true, false, or null when not decided or decided by conditions),
    ``subgames`` (how many, the whole game included), ``not_an_equilibrium_after`` (the histories
    of the subgames where it fails: per subgame a list of ``{"player", "action"}``, the mover
    ``"chance"`` for chance), and when present ``subgame_perfect_when`` (``{"after", "player",
    "deviation", "gain", "condition"}``: a member is subgame perfect exactly when every ``gain <=
    0``), ``not_decided`` (``{"after", "reason"}``), ``completion`` (``{"player",
    "information_set", "action"}``) and ``members`` (``"family"`` for a family).
    """

    def moves(r: int) -> list[dict]:
        """The history of subgame ``r`` as ``[{"player", "action"}, ...]``."""
        return [
            {"player": "chance" if p < 0 else game.players[p], "action": a} for p, a in verdict.histories[r]
        ]

    doc: dict = {
        "subgame_perfect": verdict.subgame_perfect,
        "subgames": verdict.subgames,
        "not_an_equilibrium_after": [moves(r) for r in verdict.failures],
    }
    if verdict.conditions:
        doc["subgame_perfect_when"] = [
            {
                "after": moves(c.root),
                "player": game.players[c.player],
                "deviation": c.deviation,
                "gain": str(c.gain),
                "condition": f"{c.gain} <= 0",
            }
            for c in verdict.conditions
        ]
    if verdict.member_set is not None:
        doc["subgame_perfect_members"] = {
            "parameter": str(verdict.member_set[0]),
            "set": str(verdict.member_set[1]),
        }
    if verdict.undecided:
        doc["not_decided"] = [{"after": moves(r), "reason": why} for r, why in verdict.undecided]
    if verdict.completion:
        doc["completion"] = [
            {"player": game.players[p], "information_set": label, "action": a}
            for p, label, a in verdict.completion
        ]
    if verdict.members == "family":
        doc["members"] = "family"
    return doc


def verdict_latex(
    game: Game, verdict: SubgameVerdict, math: Callable[[object], str], escape: Callable[[str], str]
) -> str:
    """The verdict as a LaTeX sentence or two (for the derivation document).

    Parameters
    ----------
    game : Game
    verdict : SubgameVerdict
    math : callable
        An expression's LaTeX, without the dollars.
    escape : callable
        Escapes plain text (labels, player names) for LaTeX.

    Returns
    -------
    str
    """
    family = verdict.members == "family"
    head = "\\emph{Subgame perfection.} "
    if verdict.subgames == 1:
        return head + (
            "The game has no proper subgame (every information set that meets a subtree below the root also "
            "reaches outside it), so "
            + ("every member is subgame perfect." if family else "this equilibrium is subgame perfect.")
        )

    def after(r: int) -> str:
        """The history of subgame ``r``, escaped."""
        return escape(history_text(game, verdict.histories[r]))

    count_text = f"The game has {verdict.subgames - 1} proper subgame{'s' if verdict.subgames > 2 else ''}. "
    if verdict.failures:
        where = "; ".join(f"after {after(r)}" for r in verdict.failures)
        if family:
            return (
                head
                + count_text
                + f"No member is subgame perfect: none is a Nash equilibrium of the subgame {where}."
            )
        return head + count_text + f"Not subgame perfect: it is no Nash equilibrium of the subgame {where}."
    parts = [head + count_text]
    if verdict.conditions:
        rows = []
        for c in verdict.conditions:
            rows.append(
                f"\\item after {after(c.root)}, {escape(game.players[c.player])} gains nothing by "
                f"\\texttt{{{escape(c.deviation)}}}: ${math(c.gain)} \\le 0$"
            )
        note = f" ({escape(verdict.notes[0])})" if verdict.notes else ""
        solved = ""
        if verdict.member_set is not None:
            t, where = verdict.member_set
            solved = f" Solved exactly: the members with ${math(t)} \\in {math(where)}$."
        parts.append(
            "A member is subgame perfect exactly when it meets these conditions (each gain is multiplied by "
            f"the movers' positive probabilities of reaching the subgame){note}:\n\\begin{{itemize}}\n"
            + "\n".join(rows)
            + "\n\\end{itemize}"
            + solved
        )
    if verdict.undecided:
        parts.append(
            "Not decided: "
            + "; ".join(
                "in the subgame"
                + ("s" if len(roots) > 1 else "")
                + " after "
                + " and after ".join(after(r) for r in roots)
                + f", {escape(why)}"
                for why, roots in _by_reason(verdict)
            )
            + "."
        )
    if verdict.conditions or verdict.undecided:
        return " ".join(parts)
    if family:
        return head + count_text + "Every member is subgame perfect (checked on every subgame, exactly)."
    done = ""
    if verdict.completion:
        done = (
            " Its reduced strategies leave open what a player does where his own earlier move excludes the play; "
            "completed by best replies ("
            + ", ".join(
                f"{escape(game.players[p])} \\texttt{{{escape(a)}}} at \\texttt{{{escape(label)}}}"
                for p, label, a in verdict.completion
            )
            + ") it is a Nash equilibrium of every subgame."
        )
    return head + count_text + "Subgame perfect: a Nash equilibrium of every subgame, checked exactly." + done
