"""What ``derive solve GAME`` prints: the exact value, an equilibrium and the optimal sets, as text or JSON.

Presentation only: :func:`derive.derivation.solve.solve` asks
:func:`derive.solving.choice.choose_solver` for the route and runs its solver
(:func:`derive.solving.zero_sum.sequence_form_lp.solve_zero_sum` for two-player constant-sum games,
:func:`derive.solving.general_sum.two_player.all_equilibria` for two-player general-sum games, ...);
this module formats the :class:`~derive.derivation.solve.Solution` it returns and computes nothing.
"""

from __future__ import annotations

import json

import sympy as sp

from derive.derivation.solve import (  # moved to the derivation stage; importable from here as before
    MAX_ALL_SEQUENCES,
    Solution,
    almost_constant_sum_refusal,
    iterated_dominance,
    optimal_sets_cap,
    solve,
)
from derive.extensive_form.game import Game
from derive.notation.text import to_text, with_decimal
from derive.presentation.belief_report import beliefs_json, beliefs_text
from derive.presentation.game_summary import count as _count
from derive.presentation.game_summary import game_header as _header
from derive.presentation.game_summary import game_json as _game_json
from derive.presentation.game_summary import in_situation_order, plain
from derive.solving.choice import STRATEGIC_STRATEGIES, Route
from derive.solving.zero_sum.sequence_form_lp import OptimalSet, ZeroSumSolution

__all__ = [
    "MAX_ALL_SEQUENCES",
    "STRATEGIC_STRATEGIES",
    "almost_constant_sum_refusal",
    "dominance_summary",
    "equilibria_json",
    "optimal_sets_cap",
    "plain",
    "solution_json",
    "solve_render",
    "solve_report",
]


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
        "game": _game_json(game),
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
    """Text lines and JSON rows of iterated elimination (strict, then weak) of dominated reduced strategies
    (:func:`derive.derivation.solve.iterated_dominance`)."""
    return dominance_text(game, iterated_dominance(game))


def dominance_text(game: Game, steps) -> tuple[list[str], list[dict]]:
    """Text lines and JSON rows of :func:`~derive.derivation.solve.iterated_dominance`'s ``steps``."""
    lines: list[str] = []
    rows: list[dict] = []
    for step in steps:
        weak = step.weak
        kind = "weakly" if weak else "strictly"
        by = "a pure strategy" if weak else "a pure or mixed strategy"
        result = step.result
        if result is None:
            lines.append(f"dominance ({kind}): not computed: {step.refusal}")
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
    game: Game,
    *,
    all_optimal: bool = False,
    as_json: bool = False,
    refine: str = "quasi-perfect",
    general_sum: bool = False,
    progress=None,
    time_limit: float | None = None,
) -> str:
    """Solve ``game`` exactly and return the report (text, or JSON when ``as_json``).

    One-player games are solved as a best response to chance
    (:func:`derive.presentation.decision_report.decision_report`: the value, each information set's
    reach probability and each action's expected value; ``all_optimal`` lists every information set).
    Two-player constant-sum games get the value, an equilibrium (``refine`` chooses which, see
    :func:`derive.solving.zero_sum.sequence_form_lp.solve_zero_sum`) and, with ``all_optimal``, the optimal sets;
    other two-player games every equilibrium (:func:`derive.solving.general_sum.two_player.all_equilibria`),
    or, when their reduced strategic form is too large, exact equilibria from the sequence form
    (:func:`derive.presentation.sequence_form_report.sequence_form_report`; ``all_optimal`` runs
    Lemke's method from several priors);
    games with three or more players every equilibrium by support enumeration, or, when that is
    out of reach, families of equilibria found from CFR's support and verified exactly
    (:func:`derive.presentation.found_report.found_report`; ``all_optimal`` lists every family found).  A two-player game
    that is *almost* constant-sum (:attr:`~derive.extensive_form.game.Game.is_almost_constant_sum`:
    most likely a mistyped payoff) is refused, naming the terminals that break the sum, unless
    ``general_sum`` is set.  ``progress`` (a callable taking one line) hears each stage;
    ``time_limit`` (seconds) bounds the enumerations, which can grow exponentially.

    Raises
    ------
    NotSupportedError, ImperfectRecallError
        For a game the exact solver does not handle (one line saying what is missing), an almost
        constant-sum game without ``general_sum``, or an enumeration over its size or time limit.
    """
    solution = solve(
        game,
        all_optimal=all_optimal,
        refine=refine,
        general_sum=general_sum,
        progress=progress,
        time_limit=time_limit,
    )
    return solve_render(solution, as_json=as_json, all_optimal=all_optimal)


def solve_render(solution: Solution, *, as_json: bool = False, all_optimal: bool = False) -> str:
    """The report of :func:`derive.derivation.solve.solve`'s ``solution``, as text or JSON; it computes
    nothing.  ``all_optimal`` (``--all``) lists every information set of a one-player game, every
    equilibrium's strategies from the sequence form, every family found from CFR's support.

    Raises
    ------
    NotSupportedError
        The sequence form's text, when the solution holds no equilibrium (a bug, reported).
    """
    route = solution.route
    if route is Route.DECISION_PROBLEM:
        from derive.presentation.decision_report import decision_json, decision_text

        if as_json:
            return json.dumps(decision_json(solution.result), indent=2, ensure_ascii=False)
        return decision_text(solution.result, all_sets=all_optimal)
    if route is Route.SEQUENCE_FORM:
        from derive.presentation.sequence_form_report import sequence_form_render

        return sequence_form_render(solution, as_json=as_json, all_priors=all_optimal)
    if route is Route.STRATEGIC_FORM:
        return _general_sum_report(solution, as_json)
    if route is Route.CFR_FAMILIES:
        from derive.presentation.found_report import found_render

        return found_render(solution, as_json=as_json, all_families=all_optimal)
    if route is Route.SUPPORT_ENUMERATION:
        return _support_report(solution, as_json)
    return _zero_sum_report(solution, as_json)


def _zero_sum_report(result: Solution, as_json: bool) -> str:
    """A constant-sum game: the value, the equilibrium, subgame perfection, dominance and the optimal sets."""
    game, solution, perfection = result.game, result.result, result.perfection
    not_derived = result.optimal_sets_not_derived
    dominance_lines, dominance_rows = dominance_text(game, result.dominance)
    if as_json:
        doc = solution_json(solution)
        doc["subgame_perfect"] = perfection.is_subgame_perfect
        doc["subgames"] = len(perfection.roots)
        doc["not_an_equilibrium_after"] = [
            [
                {"player": "chance" if p < 0 else game.players[p], "action": a}
                for p, a in perfection.histories[r]
            ]
            for r in perfection.failures
        ]
        if result.dominance:
            doc["dominance"] = dominance_rows
        if not_derived is not None:
            doc["optimal_sets_not_derived"] = not_derived
        if result.assessments:
            doc["components"] = beliefs_json(result)
        return json.dumps(doc, indent=2, ensure_ascii=False)
    players = game.players
    lines = [
        _header(game),
        f"game value to {players[0]}: {with_decimal(solution.value)} ({players[1]}: "
        f"{with_decimal(solution.values[1])})",
    ]
    off = set(solution.off_path)
    kind = "quasi-perfect equilibrium" if solution.refinement == "quasi-perfect" else "equilibrium"
    for p in (0, 1):
        lines.append(f"{players[p]}'s {kind} strategy (probability of each action at each information set):")
        width = max((len(label) for label in solution.strategies[p]), default=0)
        for label, dist in in_situation_order(game, p, solution.strategies[p]):  # one-card poker: by card
            flag = "  (off the path of play)" if (p, label) in off else ""
            acts = ", ".join(f"{a} {with_decimal(v, 6)}" for a, v in dist.items())
            lines.append(f"  {label:<{max(width, 12)}} {acts}{flag}")
        if not solution.strategies[p]:
            lines.append("  (no moves)")
    if perfection.failures:  # the history's movers named as the general-sum reports name them
        from derive.verification.subgame_families import history_text

        failures = "; ".join(history_text(game, perfection.histories[r]) for r in perfection.failures)
    lines.append(
        f"subgame perfect: {'yes' if perfection.is_subgame_perfect else 'no, not an equilibrium after ' + failures}"
        f" ({_count(len(perfection.roots), 'subgame')}, the whole game included)"
    )
    lines.extend(dominance_lines)
    for s in solution.optimal_sets:
        lines.extend(_set_text(game, s))
    if not_derived is not None:
        lines.append(f"optimal sets: {not_derived}")
    lines.extend(beliefs_text(result))
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


def equilibria_json(eqs, verdicts=None) -> dict:
    """Every equilibrium of a two-player game (:class:`~derive.solving.general_sum.two_player.AllEquilibria`) as JSON data.

    Keys: ``extreme`` (each ``{"payoffs": [one exact string per player], "strategies": {player:
    {reduced strategy: probability}}, "plans": {player: {sequence: probability}}}``),
    ``nash_subsets`` (each ``{"component", "dimension", "extreme": [indices into each player's
    extreme strategies], "payoffs": [expressions], "families": [per player {"player",
    "parameters", "strategy", "indifference", "constraints", "vertices", "best_replies"}]}``),
    ``extreme_strategies`` (each player's list), ``components``, ``strategic_form`` (the shape) and
    ``method``.  With ``verdicts`` (:func:`~derive.verification.subgame_families.all_equilibria_verdicts`),
    each extreme equilibrium and each Nash subset also has the keys of
    :func:`~derive.presentation.subgame_report.verdict_json` (``subgame_perfect``, ``subgames``,
    ``not_an_equilibrium_after`` ...).
    """
    from derive.presentation.subgame_report import verdict_json

    game = eqs.form.game
    players = game.players
    if verdicts is None:
        verdicts = ([None] * len(eqs.extreme), [None] * len(eqs.subsets))

    def flag(v) -> dict:
        """The verdict's JSON keys, or none when no verdict was given."""
        return {} if v is None else verdict_json(game, v)

    def mixed(dist: dict) -> dict:
        return {k: str(v) for k, v in dist.items()}

    def family(f) -> dict:
        return {
            "player": players[f.player],
            "dimension": f.dimension,
            "parameters": [plain(p) for p in f.parameters],
            "strategy": {k: plain(v) for k, v in f.strategy.items()},
            "indifference": [f"{plain(e.lhs)} = {plain(e.rhs)}" for e in f.indifference],
            "constraints": [plain(c) for c in f.constraints],
            "vertices": [mixed({k: v for k, v in f.at(v).items() if v != 0}) for v in f.vertices],
            "best_replies": list(f.best_replies),
        }

    return {
        "strategic_form": list(eqs.form.shape),
        "extreme": [
            {
                "payoffs": [str(v) for v in e.payoffs],
                "strategies": {players[p]: mixed(e.strategies[p]) for p in (0, 1)},
                "plans": {players[p]: {k: str(v) for k, v in e.plans[p].items() if k != "∅"} for p in (0, 1)},
                **flag(v),
            }
            for e, v in zip(eqs.extreme, verdicts[0])
        ],
        "extreme_strategies": {players[p]: [mixed(x) for x in eqs.extreme_strategies[p]] for p in (0, 1)},
        "nash_subsets": [
            {
                "component": s.component + 1,
                "dimension": s.dimension,
                "extreme": [list(s.extreme[0]), list(s.extreme[1])],
                "payoffs": [plain(v) for v in s.payoffs],
                "families": [family(f) for f in s.families],
                **flag(v),
            }
            for s, v in zip(eqs.subsets, verdicts[1])
        ],
        "components": eqs.components,
        "method": eqs.method,
    }


def _general_sum_report(solution: Solution, as_json: bool) -> str:
    """Every equilibrium of a two-player general-sum game (``--all`` adds the dominance summary)."""
    from derive.presentation.subgame_report import verdict_text

    game, eqs, verdicts = solution.game, solution.result, solution.verdicts
    dominance_lines, dominance_rows = dominance_text(game, solution.dominance)
    if as_json:
        doc = {
            "game": _game_json(game),
            "players": list(game.players),
            "equilibria": equilibria_json(eqs, verdicts),
        }
        if solution.dominance:
            doc["dominance"] = dominance_rows
        if solution.assessments:
            doc["components"] = beliefs_json(solution)
        return json.dumps(doc, indent=2, ensure_ascii=False)
    players = game.players
    m, n = eqs.form.shape
    lines = [
        _header(game),
        f"{_count(len(eqs.extreme), 'extreme equilibrium')} of the reduced "
        f"strategic form ({m} x {n}), {_count(len(eqs.subsets), 'maximal Nash subset')} in "
        f"{_count(eqs.components, 'component')}:",
    ]
    for k, e in enumerate(eqs.extreme, start=1):
        lines.append(f"  {k}. payoffs ({', '.join(to_text(v) for v in e.payoffs)})")
        for p in (0, 1):
            mix = ", ".join(f"[{label}] {to_text(v)}" for label, v in e.strategies[p].items())
            lines.append(f"       {players[p]}: {mix}")
        lines.append(f"       {verdict_text(game, verdicts[0][k - 1])}")
    pairs = {
        (tuple(sorted(e.strategies[0].items())), tuple(sorted(e.strategies[1].items()))): k
        for k, e in enumerate(eqs.extreme, start=1)
    }
    for k, s in enumerate(eqs.subsets, start=1):
        if s.dimension == 0:
            x, y = eqs.extreme_strategies[0][s.extreme[0][0]], eqs.extreme_strategies[1][s.extreme[1][0]]
            number = pairs[(tuple(sorted(x.items())), tuple(sorted(y.items())))]
            lines.append(f"Nash subset {k} (component {s.component + 1}): extreme equilibrium {number} alone")
            continue
        lines.append(
            f"Nash subset {k} (component {s.component + 1}, dimension {s.dimension}): every pair below is an "
            f"equilibrium; payoffs ({', '.join(plain(v) for v in s.payoffs)})"
        )
        for f in s.families:
            mix = ", ".join(f"[{label}] {plain(v)}" for label, v in f.strategy.items() if v != 0)
            where = f" for {_range_text(f)}" if f.parameters else ""
            lines.append(f"  {players[f.player]}: {mix}{where}")
            if len(f.best_replies) > 1:
                lines.append(
                    f"    (it leaves {players[1 - f.player]} indifferent among "
                    f"{', '.join(f'[{b}]' for b in f.best_replies)})"
                )
        lines.append(f"  {verdict_text(game, verdicts[1][k - 1])}")
    lines.extend(dominance_lines)
    lines.extend(beliefs_text(solution))
    lines.append(f"method: {eqs.method}")
    return "\n".join(lines)


def _range_text(family) -> str:
    """The range of a family: ``"2/3 <= x[T] <= 1"`` for one parameter with two bounds, else the inequalities."""
    from derive.solving.families.polytope import slack

    if len(family.parameters) == 1 and len(family.constraints) == 2:
        (t,) = family.parameters
        bounds = []
        for c in family.constraints:
            e = slack(c)
            a = e.coeff(t)
            bounds.append((a > 0, -(e - a * t) / a))
        lows = [b for up, b in bounds if up]
        highs = [b for up, b in bounds if not up]
        if len(lows) == 1 and len(highs) == 1:
            return f"{to_text(lows[0])} <= {plain(t)} <= {to_text(highs[0])}"
    return ", ".join(plain(c) for c in family.constraints)


def _support_report(solution: Solution, as_json: bool) -> str:
    """Every equilibrium of a small game with three or more players, by support enumeration, each verified."""
    from derive.presentation.subgame_report import verdict_json, verdict_text
    from derive.solving.general_sum.support_enumeration import SUPPORT_METHOD

    game, result, verdicts = solution.game, solution.result, solution.verdicts
    eqs = result.equilibria
    players = game.players

    def mixed(dist: dict) -> dict:
        return {k: v for k, v in dist.items() if v != 0}

    method = SUPPORT_METHOD
    if as_json:
        doc = {
            "game": _game_json(game),
            "players": list(players),
            "equilibria": [
                {
                    "payoffs": [plain(u) for u in e.payoffs],
                    "strategies": {
                        players[p]: {k: plain(v) for k, v in mixed(e.strategies[p]).items()}
                        for p in range(len(players))
                    },
                    "parameters": [plain(t) for t in e.parameters],
                    "ranges": [plain(r) for r in e.ranges],
                    "conditions": [plain(c) for c in e.conditions],
                    "witness": {plain(t): str(v) for t, v in e.witness.items()},
                    "verification": e.verification,
                    **({"algebraic": e.algebraic} if e.algebraic else {}),
                    **verdict_json(game, v),
                }
                for e, v in zip(eqs, verdicts)
            ],
            "undecided": [
                {
                    "supports": {players[p]: list(s) for p, s in enumerate(u.supports)},
                    "conditions": [plain(c) for c in u.conditions],
                    "reason": u.reason,
                }
                for u in result.undecided
            ],
            "complete": result.is_complete,
            "support_profiles": result.support_profiles,
            "method": method,
        }
        if solution.assessments:
            doc["components"] = beliefs_json(solution)
        return json.dumps(doc, indent=2, ensure_ascii=False)
    isolated = [e for e in eqs if e.is_isolated]
    shape = " x ".join(str(m) for m in result.strategies)
    lines = [
        _header(game),
        f"{len(isolated)} isolated equilibri{'um' if len(isolated) == 1 else 'a'} and "
        f"{_count(len(eqs) - len(isolated), 'family')} (support enumeration over the {shape} reduced "
        f"strategic form, {result.support_profiles:,} support profiles, exact):".replace(
            "familys", "families"
        ),
    ]
    for k, e in enumerate(eqs, start=1):
        head = f"  {k}. payoffs ({', '.join(plain(u) for u in e.payoffs)})"
        if e.parameters:
            where = (
                f"{plain(e.parameters[0])} in {plain(e.ranges[0])}"
                if e.ranges
                else ", ".join(plain(c) for c in e.conditions)
            )
            head += f" for {where}"
        lines.append(head)
        for p in range(len(players)):
            lines.append(
                f"       {players[p]}: "
                + ", ".join(f"[{k2}] {plain(v)}" for k2, v in mixed(e.strategies[p]).items())
            )
        if e.algebraic:
            lines.append(f"       (exact, in Q(α) for α {e.algebraic})")
        if e.parameters:
            point = ", ".join(f"{plain(t)} = {to_text(v)}" for t, v in e.witness.items())
            lines.append(f"       a member: {point}; verified: {e.verification}")
        lines.append(f"       {verdict_text(game, verdicts[k - 1])}")
    if result.undecided:
        lines.append(
            f"not decided, so not listed as equilibria ({_count(len(result.undecided), 'candidate')}; "
            "the list above may be incomplete):"
        )
        for u in result.undecided:
            sup = "; ".join(f"{players[p]} {{{', '.join(s)}}}" for p, s in enumerate(u.supports))
            lines.append(f"  supports {sup}: {u.reason}")
    lines.extend(beliefs_text(solution))
    lines.append(f"method: {method}")
    return "\n".join(lines)
