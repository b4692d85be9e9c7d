"""What ``derive solve GAME`` prints for a two-player general-sum game whose reduced strategic form is
too large: exact equilibria from the sequence form, as text or JSON.

Presentation only: :func:`derive.derivation.solve.solve` calls
:func:`derive.solving.general_sum.sequence_form.lemke_equilibrium` and, for small sequence forms,
:func:`derive.solving.general_sum.extreme_equilibria.sequence_form_extreme_equilibria`
(:func:`derive.derivation.solve.sequence_form_equilibria`); this module formats what they return.
"""

from __future__ import annotations

import json

from derive.derivation.solve import (  # moved to the derivation stage; importable from here as before
    ENUMERATION_SEQUENCES,
    PRIORS,
    sequence_form_equilibria,
)
from derive.extensive_form.game import Game, NotSupportedError
from derive.notation.text import to_text
from derive.presentation.game_summary import game_header as _header
from derive.presentation.game_summary import game_json as _game_json

__all__ = [
    "ENUMERATION_SEQUENCES",
    "PRIORS",
    "sequence_form_equilibria",
    "sequence_form_render",
    "sequence_form_report",
]

#: Equilibria whose strategies the text shows in full (the others by their payoffs; all with ``all_priors``).
SHOWN = 10


def sequence_form_report(
    game: Game,
    *,
    as_json: bool = False,
    all_priors: bool = False,
    reason: str = "",
    progress=None,
    time_limit: float | None = None,
) -> str:
    """Exact equilibria of a two-player game from its sequence form, as text or JSON.

    Every extreme equilibrium when each player has at most :data:`ENUMERATION_SEQUENCES` sequences
    and the vertex enumeration ends within the time limit; otherwise the equilibrium Lemke's method
    reaches from the uniform prior (with ``all_priors``, also from :data:`PRIORS` - 1 random ones,
    the distinct equilibria listed).

    Parameters
    ----------
    game : Game
        Two players, perfect recall, numeric payoffs.
    as_json : bool
        JSON: ``{"game", "players", "why", "method", "all_extreme": bool, "equilibria": [{"payoffs",
        "strategies", "plans", "prior", "pivots", "nash_conv", "subgame_perfect", "subgames",
        "not_an_equilibrium_after", ...}]}`` (the subgame keys of
        :func:`~derive.presentation.subgame_report.verdict_json`), every number an exact string.
    all_priors : bool
        Run Lemke's method from several priors, and show every equilibrium's strategies in the text.
    reason : str
        Why the strategic form is not used (printed first).
    progress : callable, optional
    time_limit : float, optional

    Returns
    -------
    str

    Raises
    ------
    NotSupportedError, ImperfectRecallError, TimeLimitError
        As :func:`~derive.solving.general_sum.sequence_form.lemke_equilibrium`.
    """
    from derive.derivation.solve import solve
    from derive.solving.choice import Route, SolverChoice

    solution = solve(
        game,
        all_optimal=all_priors,
        general_sum=True,
        progress=progress,
        time_limit=time_limit,
        choice=SolverChoice(Route.SEQUENCE_FORM, reason),
    )
    return sequence_form_render(solution, as_json=as_json, all_priors=all_priors)


def sequence_form_render(solution, *, as_json: bool = False, all_priors: bool = False) -> str:
    """The report of a :class:`~derive.derivation.solve.Solution` of the route
    :attr:`~derive.solving.choice.Route.SEQUENCE_FORM` (:func:`sequence_form_report`); it computes
    nothing.  ``all_priors`` shows every equilibrium's strategies in the text.

    Raises
    ------
    NotSupportedError
        In the text, when the solution holds no equilibrium (a bug, reported rather than hidden).
    """
    from derive.presentation.subgame_report import verdict_json, verdict_text

    game = solution.game
    equilibria, all_extreme, note, method = solution.result
    verdicts = solution.verdicts
    reason = solution.reason or ""
    players = game.players
    if as_json:
        doc = {
            "game": _game_json(game),
            "players": list(players),
            "why": reason,
            "found": note,
            "all_extreme": all_extreme,
            "equilibria": [
                {
                    "payoffs": [str(u) for u in eq.payoffs],
                    "strategies": {
                        players[p]: {
                            label: {a: str(v) for a, v in dist.items()}
                            for label, dist in eq.strategies[p].items()
                        }
                        for p in (0, 1)
                    },
                    "plans": {
                        players[p]: {k: str(v) for k, v in eq.plans[p].items() if k != "∅"} for p in (0, 1)
                    },
                    "prior": eq.prior,
                    "pivots": eq.pivots,
                    "nash_conv": str(eq.nash_conv),
                    **verdict_json(game, v),
                }
                for eq, v in zip(equilibria, verdicts)
            ],
            "method": method,
        }
        return json.dumps(doc, indent=2, ensure_ascii=False)
    if not equilibria:
        raise NotSupportedError("the sequence form gave no equilibrium (a bug; reported, not hidden)")
    lines = [_header(game)]
    if reason:
        lines.append(f"{reason}; so the sequence form instead")
    lines.append(note + ":")
    for k, eq in enumerate(equilibria, start=1):
        how = "" if all_extreme else f" (prior {eq.prior}, {eq.pivots:,} pivots)"
        lines.append(
            f"  {k}. payoffs ({', '.join(to_text(u) for u in eq.payoffs)}){how}; exact NashConv {to_text(eq.nash_conv)}"
        )
        lines.append(f"     {verdict_text(game, verdicts[k - 1])}")
        if k > SHOWN and not all_priors:
            continue
        for p in (0, 1):
            lines.append(f"     {players[p]} (probability of each action at each information set):")
            width = max([8, *(len(label) for label in eq.strategies[p])])
            unreached = _unreached(game, eq, p)
            for label, dist in eq.strategies[p].items():
                flag = "  (the player's own play never gets here)" if label in unreached else ""
                acts = ", ".join(f"{a} {to_text(v)}" for a, v in dist.items())
                lines.append(f"       {label:<{width}} {acts}{flag}")
    if len(equilibria) > SHOWN and not all_priors:
        lines.append(f"  (strategies shown for the first {SHOWN}; --all or --json shows every one)")
    lines.append(f"method: {method}")
    return "\n".join(lines)


def _unreached(game: Game, eq, p: int) -> set[str]:
    """The information sets of ``p`` whose parent sequence has realization probability 0 in the plan."""
    from derive.sequence_form.general import game_sequence_form

    sf = game_sequence_form(game)
    plan = eq.plans[p]
    return {info.label for info in game.infosets_of(p) if plan[sf.label(p, sf.parent[info.index])] == 0}
