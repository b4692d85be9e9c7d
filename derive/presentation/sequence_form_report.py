"""What ``derive solve GAME`` prints for a two-player general-sum game whose reduced strategic form is
too large: exact equilibria from the sequence form, as text or JSON.

Presentation only: it calls :func:`derive.solving.general_sum.sequence_form.lemke_equilibrium` and,
for small sequence forms, :func:`derive.solving.general_sum.extreme_equilibria.sequence_form_extreme_equilibria`,
and formats what they return.
"""

from __future__ import annotations

import json

from derive.extensive_form.game import Game, NotSupportedError
from derive.notation.text import to_text
from derive.presentation.game_summary import game_header as _header
from derive.presentation.game_summary import game_json as _game_json

__all__ = ["sequence_form_equilibria", "sequence_form_report"]

#: Largest number of sequences of either player for which every extreme equilibrium is enumerated.
ENUMERATION_SEQUENCES = 40
#: Equilibria whose strategies the text shows in full (the others by their payoffs; all with ``all_priors``).
SHOWN = 10
#: Priors tried with ``all_priors`` (the uniform one, then seeds 1, 2 ...).
PRIORS = 5


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
    from derive.presentation.subgame_report import verdict_json, verdict_text
    from derive.sequence_form.general import game_sequence_form
    from derive.verification.subgame_families import plan_verdict

    equilibria, all_extreme, note, method = sequence_form_equilibria(
        game, all_priors=all_priors, progress=progress, time_limit=time_limit
    )

    sf = game_sequence_form(game)
    position = [{sf.label(p, k): k for k in range(sf.shape[p])} for p in (0, 1)]
    verdicts = [
        plan_verdict(game, [{position[p][k]: v for k, v in eq.plans[p].items()} for p in (0, 1)])
        for eq in equilibria
    ]
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


def sequence_form_equilibria(
    game: Game, *, all_priors: bool = False, progress=None, time_limit: float | None = None
) -> tuple[list, bool, str, str]:
    """The exact equilibria :func:`sequence_form_report` reports, before they are formatted.

    Parameters
    ----------
    game : Game
        Two players, perfect recall, numeric payoffs.
    all_priors : bool
        Where Lemke's method is used, run it from :data:`PRIORS` priors, not only the uniform one.
    progress : callable, optional
    time_limit : float, optional

    Returns
    -------
    (list, bool, str, str)
        The equilibria (each with ``payoffs``, ``strategies``, ``plans``, ``prior``, ``pivots``,
        ``nash_conv``), whether they are every extreme equilibrium, a sentence on what was found, and
        the method.

    Raises
    ------
    NotSupportedError, ImperfectRecallError, TimeLimitError
        As :func:`~derive.solving.general_sum.sequence_form.lemke_equilibrium`.
    """
    from derive.sequence_form.general import game_sequence_form
    from derive.solving.general_sum.extreme_equilibria import sequence_form_extreme_equilibria
    from derive.solving.general_sum.sequence_form import lemke_equilibrium
    from derive.solving.limits import TimeLimit, TimeLimitError

    limit = TimeLimit(time_limit, progress, "the sequence form")
    nx, ny = game_sequence_form(game).shape
    equilibria, all_extreme, note = [], False, ""
    if max(nx, ny) <= ENUMERATION_SEQUENCES:
        budget = None if limit.remaining is None else max(limit.remaining / 2, 0.001)
        try:
            result = sequence_form_extreme_equilibria(game, progress=progress, time_limit=budget)
            equilibria, all_extreme = list(result.equilibria), True
            note = (
                f"every extreme equilibrium of the sequence form ({nx} + {ny} sequences; best-reply polyhedra "
                f"with {result.vertices[0]:,} and {result.vertices[1]:,} vertices)"
            )
        except (TimeLimitError, NotSupportedError) as exc:
            note = f"the vertex enumeration stopped ({exc}); Lemke's method instead"
    if not all_extreme:
        seeds = [None, *range(1, PRIORS)] if all_priors else [None]
        seen = set()
        for seed in seeds:
            remaining = limit.remaining
            eq = lemke_equilibrium(game, seed=seed, progress=progress, time_limit=remaining)
            key = (tuple(sorted(eq.plans[0].items())), tuple(sorted(eq.plans[1].items())))
            if key not in seen:
                seen.add(key)
                equilibria.append(eq)
        count = f"{len(equilibria)} distinct equilibri{'um' if len(equilibria) == 1 else 'a'}"
        note = (note + "; " if note else "") + (
            f"Lemke's method in the sequence form ({nx} + {ny} sequences) from {len(seeds)} prior"
            f"{'s' if len(seeds) > 1 else ''}: {count}"
        )
    method = (
        "the sequence form (Koller, Megiddo & von Stengel 1996): "
        + (
            "extreme equilibria as completely labelled vertex pairs of the best-reply polyhedra, vertices by cddlib "
            "in exact rationals"
            if all_extreme
            else "Lemke's method from a prior (von Stengel, van den Elzen & Talman 2002), every pivot exact (FLINT "
            "rationals, lexicographic ratio test)"
        )
        + "; every equilibrium checked by exact NashConv"
    )
    return equilibria, all_extreme, note, method
