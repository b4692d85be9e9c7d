"""What ``derive solve GAME`` prints for a game too large for support enumeration: equilibria found
from CFR's support, exact, with the published family they lie in.

Presentation only: :func:`derive.derivation.solve.solve` runs
:func:`derive.solving.general_sum.from_cfr.equilibria_from_cfr` (the search),
:func:`derive.extensive_form.isomorphism.match_games` (is the game a built-in one with published
families, up to names?) and :func:`derive.verification.membership.published_membership` (does a
found family lie in a published one?); this module formats what they return.  The published families are used only to *name*
what was found, after it was found and verified: the search never sees them.
"""

from __future__ import annotations

import json

import sympy as sp

from derive.extensive_form.game import Game
from derive.notation.text import count, plural, to_text
from derive.presentation.game_summary import game_header as _header
from derive.presentation.game_summary import game_json as _game_json
from derive.presentation.game_summary import plain
from derive.presentation.subgame_report import verdict_json, verdict_text

__all__ = ["found_render", "found_report"]


def found_report(
    game: Game,
    *,
    as_json: bool = False,
    all_families: bool = False,
    reason: str = "",
    progress=None,
    time_limit: float | None = None,
) -> str:
    """Exact equilibria of ``game`` found from CFR's support, as text or JSON.

    Parameters
    ----------
    game : Game
        Any number of players, perfect recall, numeric payoffs.
    as_json : bool
        JSON instead of text: ``{"game", "players", "found_from", "why", "runs": [{"start",
        "iterations", "float_nash_conv"}], "families": [...], "attempts": [{"run", "threshold",
        "outcome", "support"}], "same_game_as", "method"}``; each family ``{"run", "threshold",
        "parameters": [{"name", "player", "information_set", "action"}], "payoffs", "domain",
        "strategies", "verified", "member": {"point", "strategies", "payoffs", "nash_conv"},
        "subgame_perfect", "subgames", "not_an_equilibrium_after" (and the other keys of
        :func:`~derive.presentation.subgame_report.verdict_json`),
        "published": [{"name", "contains", "on_path", "differences", "substitution",
        "payoffs_in_its_parameters", "member_point", "member_inside"}]}``, every number an exact
        string and every expression as sympy writes it (``2*b11 + 1``, not the text's ``2b11 + 1``),
        for ``sympy.sympify`` once the found parameters' names (which hold ``:`` and ``>``) are
        replaced by symbols.
    all_families : bool
        Every verified family (default: the largest found from each CFR run).
    reason : str
        Why the game is not enumerated (printed first).
    progress : callable, optional
    time_limit : float, optional
        Seconds for the search.

    Returns
    -------
    str

    Raises
    ------
    NotSupportedError
        If no family was found and verified (the message says what was tried and what became of
        it), or the game is outside what CFR takes (symbolic payoffs, imperfect recall, too large).
    TimeLimitError
        When ``time_limit`` is reached.
    """
    from derive.derivation.solve import solve
    from derive.solving.choice import Route, SolverChoice

    solution = solve(
        game,
        all_optimal=all_families,
        progress=progress,
        time_limit=time_limit,
        choice=SolverChoice(Route.CFR_FAMILIES, reason),
    )
    return found_render(solution, as_json=as_json, all_families=all_families)


def found_render(solution, *, as_json: bool = False, all_families: bool = False) -> str:
    """The report of a :class:`~derive.derivation.solve.Solution` of the route
    :attr:`~derive.solving.choice.Route.CFR_FAMILIES`, as text or JSON (:func:`found_report`); it
    computes nothing.  Every family of ``solution.shown`` is listed; ``all_families`` says that they
    are every family found (``--all``), not the largest of each run."""
    game = solution.game
    found, shown, named, reason = solution.result, list(solution.shown), solution.match, solution.reason or ""
    entries = [{"published": pub, "subgames": v} for pub, v in zip(solution.published, solution.verdicts)]
    if as_json:
        return json.dumps(_json(game, found, shown, entries, named, reason), indent=2, ensure_ascii=False)
    return _text(game, found, shown, entries, named, reason, all_families)


def _domain_text(conditions, params) -> str:
    """The domain's inequalities: one-parameter bounds as ``lo <= t <= hi``, the others as ``expr >= 0``."""
    from derive.solving.families.polytope import slack

    low: dict = {}
    high: dict = {}
    rest = []
    for c in conditions:
        e = slack(c)
        syms = e.free_symbols & set(params)
        if len(syms) == 1 and sp.Poly(e, *syms).total_degree() == 1:
            (t,) = syms
            a = e.coeff(t)
            bound = -(e - a * t) / a
            if a > 0:
                low[t] = max(low.get(t, bound), bound)
            else:
                high[t] = min(high.get(t, bound), bound)
        else:
            rest.append(f"{plain(e)} >= 0")
    bounds = []
    for t in params:
        if t in low or t in high:
            lo = f"{to_text(low[t])} <= " if t in low else ""
            hi = f" <= {to_text(high[t])}" if t in high else ""
            bounds.append(f"{lo}{plain(t)}{hi}")
    return ", ".join(bounds + rest)


def _parameter_text(game: Game, meaning, named) -> str:
    p, label, action = meaning
    text = f"{game.players[p]}'s probability of {action} at {label}"
    if named is not None and named[2].infosets[(p, label)] != label:
        name, builtin, match = named
        text += f" ({name}: {match.actions[(p, label)][action]} at {match.infosets[(p, label)]})"
    return text


def _mixed(dist: dict) -> bool:
    return any(sp.sympify(x) not in (sp.S.Zero, sp.S.One) for x in dist.values())


def _play_lines(game: Game, strategies, indent: str) -> list[str]:
    """Per player: the information sets where play is not pure, one a line, then the pure choices."""
    lines = []
    for p, play in enumerate(strategies):
        mixed = [(label, dist) for label, dist in play.items() if _mixed(dist)]
        pure = [
            (label, next(a for a, x in dist.items() if sp.sympify(x) == 1))
            for label, dist in play.items()
            if not _mixed(dist)
        ]
        lines.append(f"{indent}{game.players[p]}:")
        width = max([8, *(len(label) for label, _ in mixed)])
        for label, dist in mixed:
            acts = ", ".join(f"{a} {plain(x)}" for a, x in dist.items() if sp.sympify(x) != 0)
            lines.append(f"{indent}  {label:<{width}} {acts}")
        if pure:
            lines.append(f"{indent}  always: " + ", ".join(f"{label} {a}" for label, a in pure))
    return lines


def _start(run) -> str:
    return "uniform start" if run.seed is None else f"random start, seed {run.seed}"


def _text(game: Game, found, shown, entries, named, reason: str, all_families: bool) -> str:
    players = game.players
    lines = [_header(game)]
    if reason:
        lines.append(
            f"support enumeration is out of reach ({reason}); equilibria found from CFR's support instead"
        )
    runs = "; ".join(
        f"run {k + 1} ({_start(r)}): {r.iterations:,} iterations, float NashConv {r.nash_conv:.1e}"
        for k, r in enumerate(found.runs)
    )
    lines.append(f"CFR+ in floats, only to guess which actions are used: {runs}")
    verified = sum(a.outcome == "verified" for a in found.attempts)
    which = "every one" if all_families else "the largest from each run"
    lines.append(
        f"{count(len(found.attempts), 'support')} tried, {verified} gave "
        f"{plural(verified, 'a family', 'families')} of equilibria derived exactly and "
        f"verified for every member; {which}:"
    )
    if named is not None:
        same = all(k[1] == v for k, v in named[2].infosets.items())
        what = (
            "its published families"
            if same
            else f"the game is the built-in {named[0]} up to names: its published families"
        )
        lines.append(f"({what} name what was found, after it was found: the search never saw them)")
    for k, (f, entry) in enumerate(zip(shown, entries), start=1):
        lines.append("")
        lines.append(
            f"family {k}, found from CFR's support (run {f.run + 1}, {_start(found.runs[f.run])}; threshold "
            f"{f.threshold}): {count(len(f.parameters), 'parameter')}"
        )
        lines.append(
            "  payoffs: " + ", ".join(f"{players[p]} {plain(sp.factor(u))}" for p, u in enumerate(f.payoffs))
        )
        if f.parameters:
            lines.append("  parameters (probabilities the indifference equations leave free):")
            width = max(len(plain(t)) for t in f.parameters)
            for t in f.parameters:
                lines.append(
                    f"    {plain(t):<{width}}  {_parameter_text(game, f.parameter_actions[t], named)}"
                )
            lines.append("  domain: " + _domain_text(f.conditions, f.parameters))
        lines.append("  play in the family:")
        lines.extend(_play_lines(game, f.family.strategies, "    "))
        lines.append("  verified: every member is a Nash equilibrium (check_profile_family, exact)")
        written = " (the family's behaviour as written)" if entry["subgames"].subgames > 1 else ""
        lines.append(f"  {verdict_text(game, entry['subgames'])}{written}")
        for pub, m, pays, match in entry["published"]:
            subst = ", ".join(f"{plain(t)} = {plain(v)}" for t, v in m.substitution.items())
            where = (
                ""
                if m.contains
                else (
                    " wherever play goes (it differs only at "
                    + ", ".join(f"{players[p]} {_named(match, p, label)}" for p, label in m.differences)
                    + ", which no member reaches)"
                )
            )
            lines.append(f"  lies in {pub.name} (published: {pub.source}){where}: {subst}")
            lines.append(
                "    payoffs in its parameters: "
                + ", ".join(f"{players[p]} {plain(u)}" for p, u in enumerate(pays))
            )
        if named is not None and not entry["published"]:
            lines.append(f"  lies in none of the published families of {named[0]} (checked exactly)")
        point = ", ".join(f"{plain(t)} = {to_text(v)}" for t, v in f.point.items())
        lines.append(
            f"  an exact equilibrium in it{' (CFR' + chr(39) + 's play rounded into the domain)' if f.point else ''}"
            f"{': ' + point if point else ''}; payoffs ({', '.join(to_text(u) for u in f.member_payoffs)}); "
            f"exact NashConv {to_text(f.member_nash_conv)}"
        )
    first = shown[0]
    lines.append("")
    lines.append("the exact equilibrium of family 1 (probability of each action at each information set):")
    for p, play in enumerate(first.member):
        lines.append(f"  {players[p]}:")
        width = max([8, *(len(label) for label in play)])
        for label, dist in play.items():
            lines.append(f"    {label:<{width}} " + ", ".join(f"{a} {to_text(x)}" for a, x in dist.items()))
    failed = [a for a in found.attempts if a.outcome != "verified"]
    if failed:
        lines.append(f"supports that gave no verified family ({len(failed)}):")
        for a in failed:
            lines.append(f"  run {a.run + 1}, threshold {a.threshold}: {a.outcome}")
    lines.append(f"method: {found.method}")
    return "\n".join(lines)


def _named(match, p: int, label: str) -> str:
    """The game's own label of the built-in game's information set ``label`` (with the built-in's
    label when they differ)."""
    mine = match.inverse().infosets[(p, label)]
    return mine if mine == label else f"{mine} ({label})"


def _code(expr) -> str:
    """An exact expression as sympy writes it (``2*b11 + 1``): what a program reading the JSON parses."""
    return str(sp.sympify(expr))


def _json(game: Game, found, shown, entries, named, reason: str) -> dict:
    players = game.players

    def strategies(profile) -> dict:
        return {
            players[p]: {
                label: {a: _code(sp.sympify(x)) for a, x in dist.items()} for label, dist in play.items()
            }
            for p, play in enumerate(profile)
        }

    families = []
    for f, entry in zip(shown, entries):
        families.append(
            {
                "run": f.run + 1,
                "threshold": f.threshold,
                "parameters": [
                    {
                        "name": _code(t),
                        "player": players[f.parameter_actions[t][0]],
                        "information_set": f.parameter_actions[t][1],
                        "action": f.parameter_actions[t][2],
                    }
                    for t in f.parameters
                ],
                "payoffs": [_code(u) for u in f.payoffs],
                "domain": [_code(c) for c in f.conditions],
                "strategies": strategies(f.family.strategies),
                "verified": "every member is a Nash equilibrium (check_profile_family, exact)",
                "member": {
                    "point": {_code(t): str(v) for t, v in f.point.items()},
                    "strategies": strategies(f.member),
                    "payoffs": [str(u) for u in f.member_payoffs],
                    "nash_conv": str(f.member_nash_conv),
                },
                **verdict_json(game, entry["subgames"]),
                "published": [
                    {
                        "name": pub.name,
                        "source": pub.source,
                        "contains": m.contains,
                        "on_path": m.contains_on_path,
                        "differences": [
                            {"player": players[p], "information_set": _named(match, p, label)}
                            for p, label in m.differences
                        ],
                        "substitution": {_code(t): _code(v) for t, v in m.substitution.items()},
                        "payoffs_in_its_parameters": [_code(u) for u in pays],
                        "member_point": {_code(t): str(v) for t, v in (m.point or {}).items()},
                        "member_inside": m.member_inside,
                    }
                    for pub, m, pays, match in entry["published"]
                ],
            }
        )
    return {
        "game": _game_json(game),
        "players": list(players),
        "found_from": "CFR's support (floats only to guess; every result exact and verified)",
        "why": reason,
        "same_game_as": None if named is None else named[0],
        "runs": [
            {"start": _start(r), "iterations": r.iterations, "float_nash_conv": r.nash_conv}
            for r in found.runs
        ],
        "families": families,
        "attempts": [
            {
                "run": a.run + 1,
                "threshold": a.threshold,
                "outcome": a.outcome,
                "support": {
                    players[p]: {label: list(acts) for label, acts in s.items()}
                    for p, s in enumerate(a.support)
                },
            }
            for a in found.attempts
        ],
        "method": found.method,
    }
