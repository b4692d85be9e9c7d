"""Reports of ``derive strategic`` (the reduced strategic form) and ``derive check`` (a profile's regrets).

Examples
--------
>>> from derive.games.matrix import matrix_game
>>> print(strategic_report(matrix_game([[3, -1], [-2, 1]])))
matrix game: reduced strategic form, 2 x 2 (zero-sum: row's payoffs, column gets their negatives)
row's strategies:
  R1  row: r1
  R2  row: r2
column's strategies:
  C1  column: c1
  C2  column: c2
     C1  C2
R1    3  -1
R2   -2   1
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

import sympy as sp

from derive.extensive_form.game import Game, NotSupportedError
from derive.notation.text import to_text, with_decimal

__all__ = [
    "MAX_TEXT_CELLS",
    "MapMember",
    "MapRegionCheck",
    "check_report",
    "map_region_check_report",
    "strategic_report",
]

#: The text printout shows reduced strategic forms of at most this many cells (``--json`` any size).
MAX_TEXT_CELLS = 5_000


def strategic_report(game: Game, *, as_json: bool = False) -> str:
    """The reduced strategic form of a two-player game: each player's reduced pure strategies and the
    payoff table (text, or JSON when ``as_json``).

    Rows are player 0's strategies ``R1``, ``R2``, ..., columns player 1's ``C1``, ``C2``, ...; a
    constant-sum game's cells give player 0's payoff, any other game's both payoffs ``a, b``.

    Parameters
    ----------
    game : Game
        A two-player game with perfect recall and numeric payoffs.
    as_json : bool
        Return JSON: ``game``, ``players``, ``strategies`` (each player's labels) and ``payoffs``
        (``payoffs[p][s][t]``, exact strings).

    Returns
    -------
    str

    Raises
    ------
    NotSupportedError
        For a game that is not two-player, has symbolic payoffs, or whose reduced strategic form is
        over the limit of :func:`derive.solving.general_sum.two_player.strategic_form`; as text, over
        :data:`MAX_TEXT_CELLS` cells (then ``--json`` gives it).
    ImperfectRecallError
        If the game lacks perfect recall.
    """
    from derive.dominance.general import count_reduced_strategies
    from derive.sequence_form.general import game_sequence_form
    from derive.solving.general_sum.two_player import MAX_CELLS, strategic_form

    if game.num_players != 2:
        raise NotSupportedError(
            f"the strategic form here is for two players; this game has {game.num_players}"
        )
    game.require_perfect_recall()
    sf = game_sequence_form(game)
    if not as_json:
        m, n = (count_reduced_strategies(sf, p) for p in (0, 1))
        if MAX_TEXT_CELLS < m * n <= MAX_CELLS:
            raise NotSupportedError(
                f"the reduced strategic form is {m:,} x {n:,}, more than the {MAX_TEXT_CELLS:,} cells printed "
                "as text; --json gives it"
            )
    form = strategic_form(game, sf)
    players = game.players
    title = game.title or "game"
    if as_json:
        doc = {
            "game": title,
            "players": list(players),
            "shape": list(form.shape),
            "strategies": {players[p]: list(form.strategies[p]) for p in (0, 1)},
            "payoffs": [[[str(v) for v in row] for row in form.payoffs[p]] for p in (0, 1)],
        }
        return json.dumps(doc, indent=2, ensure_ascii=False)
    constant = game.constant_sum
    m, n = form.shape
    if constant is not None:
        whose = (
            f"zero-sum: {players[0]}'s payoffs, {players[1]} gets their negatives"
            if constant == 0
            else f"constant-sum {to_text(constant)}: {players[0]}'s payoffs, {players[1]} gets the rest"
        )
    else:
        whose = f"each cell: {players[0]}'s payoff, {players[1]}'s payoff"
    lines = [f"{title}: reduced strategic form, {m} x {n} ({whose})"]
    for p, letter in ((0, "R"), (1, "C")):
        lines.append(f"{players[p]}'s strategies:")
        width = len(f"{letter}{len(form.strategies[p])}")
        lines.extend(f"  {letter + str(k + 1):<{width}}  {s}" for k, s in enumerate(form.strategies[p]))

    def cell(s: int, t: int) -> str:
        a = to_text(sp.Rational(form.payoffs[0][s][t]))
        return a if constant is not None else f"{a}, {to_text(sp.Rational(form.payoffs[1][s][t]))}"

    cells = [[cell(s, t) for t in range(n)] for s in range(m)]
    heads = [f"C{t + 1}" for t in range(n)]
    widths = [max(len(heads[t]), *(len(cells[s][t]) for s in range(m))) for t in range(n)]
    left = len(f"R{m}")
    lines.append(" " * left + "".join(f"  {h:>{w}}" for h, w in zip(heads, widths, strict=True)))
    for s in range(m):
        row = "".join(f"  {c:>{w}}" for c, w in zip(cells[s], widths, strict=True))
        lines.append(f"{'R' + str(s + 1):<{left}}{row}")
    return "\n".join(lines)


def check_report(game: Game, strategies: Mapping | list | tuple, *, as_json: bool = False) -> str:
    """Check a behaviour profile exactly: each player's payoff, best response, best-response value and
    regret, the NashConv and, for a two-player constant-sum game, the exploitability.

    Parameters
    ----------
    game : Game
        Any game with perfect recall.
    strategies : mapping or sequence
        As :func:`derive.verification.best_response.behaviour_profile` reads it (player name ->
        information-set label -> action -> exact probability, as ``derive solve --json`` writes
        its ``"strategies"``).
    as_json : bool
        Return JSON: ``players`` (each with ``payoff``, ``best_response_value``, ``regret`` and
        ``best_response``, one best pure reply), ``nash_conv``, ``exploitability`` (constant-sum
        two-player games, else null) and ``is_nash_equilibrium``.

    Returns
    -------
    str

    Raises
    ------
    IncompleteProfileError
        Naming what is missing or wrong in the profile (a player, an information set, an action,
        probabilities that do not sum to 1, a float that is not exact).
    ImperfectRecallError, NotSupportedError
        See :func:`derive.verification.best_response.game_best_response`.

    Examples
    --------
    >>> from derive.games.matrix import matrix_game
    >>> game = matrix_game([[3, -1], [-2, 1]])
    >>> print(check_report(game, {"row": {"row": {"r1": 1}}, "column": {"column": {"c1": "1/2", "c2": "1/2"}}}))
    matrix game: the profile checked exactly
    row: payoff 1, best-response value 1, regret 0 (already a best response)
    column: payoff -1, best-response value 1, regret 2; a best response: column: c2
    NashConv 2, exploitability 1: not a Nash equilibrium
    """
    game.require_perfect_recall()
    checked = _checked(game, strategies)
    if as_json:
        return json.dumps(_check_doc(game, *checked), indent=2, ensure_ascii=False)
    return "\n".join([f"{game.title or 'game'}: the profile checked exactly", *_check_lines(game, *checked)])


def _checked(game: Game, strategies):
    """The profile's payoffs, each player's best response (in the game's order of information sets),
    the NashConv and the exploitability (two-player constant-sum games, else None)."""
    from derive.verification.best_response import behaviour_profile, game_best_response, profile_payoffs

    profile = behaviour_profile(game, strategies)
    payoffs = profile_payoffs(profile)
    responses = []
    for p in range(game.num_players):
        r = game_best_response(profile, p)
        ordered = {info.label: r.choice[info.label] for info in game.infosets_of(p)}  # in the game's order
        responses.append(replace(r, choice=ordered))
    nash_conv = sp.simplify(sum((r.regret for r in responses), sp.S.Zero))
    exploitability = nash_conv / 2 if game.num_players == 2 and game.is_constant_sum else None
    return payoffs, responses, nash_conv, exploitability


def _check_doc(game: Game, payoffs, responses, nash_conv, exploitability) -> dict:
    return {
        "game": game.title or "game",
        "players": [
            {
                "player": game.players[r.player],
                "payoff": str(payoffs[r.player]),
                "best_response_value": str(r.value),
                "regret": str(r.regret),
                "best_response": r.choice,
            }
            for r in responses
        ],
        "nash_conv": str(nash_conv),
        "exploitability": None if exploitability is None else str(exploitability),
        "is_nash_equilibrium": nash_conv == 0,
    }


def _check_lines(game: Game, payoffs, responses, nash_conv, exploitability) -> list[str]:
    lines = []
    for r in responses:
        head = (
            f"{game.players[r.player]}: payoff {with_decimal(payoffs[r.player])}, best-response value "
            f"{with_decimal(r.value)}, regret {with_decimal(r.regret)}"
        )
        if r.regret == 0:
            lines.append(f"{head} (already a best response)")
        else:
            reply = ", ".join(f"{label}: {action}" for label, action in r.choice.items())
            lines.append(f"{head}; a best response: {reply}")
    verdict = "a Nash equilibrium" if nash_conv == 0 else "not a Nash equilibrium"
    tail = f"NashConv {with_decimal(nash_conv)}"
    if exploitability is not None:
        tail += f", exploitability {with_decimal(exploitability)}"
    lines.append(f"{tail}: {verdict}")
    return lines


# --------------------------------------------------------------------------- a region of a general-sum map


@dataclass(frozen=True)
class MapMember:
    """One profile of a region of a general-sum map to check (``derive check``).

    Attributes
    ----------
    mixtures : dict
        ``player -> {reduced strategy label: probability}``: the region's formulas evaluated at the
        point (exact).
    equilibrium : int or None
        Its number among the region's extreme equilibria (from 1), None when only a family lists it.
    families : tuple of int
        The families (maximal Nash subsets, from 1) whose extreme strategies it pairs.
    """

    mixtures: dict[str, dict[str, Fraction]]
    equilibrium: int | None
    families: tuple[int, ...] = ()


@dataclass(frozen=True)
class MapRegionCheck:
    """The region of ``derive solve GAME --param A=.. --param B=.. --json`` (a general-sum game) that
    holds a point, as ``derive check`` read it: every member it lists, evaluated there.

    Attributes
    ----------
    file : str
        The file as typed.
    region, regions : int
        The region's number (from 1) and how many the file has.
    point : dict
        ``parameter name -> value`` (exact).
    conditions : tuple of str
        The region's conditions as the file gives them.
    families : int
        How many families the region lists.
    members : tuple of MapMember
        Each extreme equilibrium, and each pair of a family's extreme strategies, once.
    curves : tuple of str
        The file's boundary curves (and the box's edges) through the point, where the map does not
        solve the equilibria.
    """

    file: str
    region: int
    regions: int
    point: dict[str, Fraction]
    conditions: tuple[str, ...]
    families: int
    members: tuple[MapMember, ...]
    curves: tuple[str, ...] = ()


def _number(v) -> str:
    return to_text(sp.Rational(v.numerator, v.denominator)) if isinstance(v, Fraction) else str(v)


def _member_name(member: MapMember) -> str:
    fams = ", ".join(str(j) for j in member.families)
    where = f" (famil{'y' if len(member.families) == 1 else 'ies'} {fams})" if member.families else ""
    if member.equilibrium is not None:
        return f"extreme equilibrium {member.equilibrium}{where}"
    return f"a pair of extreme strategies{where}, not among the listed extreme equilibria"


def map_region_check_report(game: Game, check: MapRegionCheck, *, as_json: bool = False) -> str:
    """Check every member of a general-sum map's region at a point exactly, as :func:`check_report`
    checks any profile: each mixture of reduced strategies is turned into the behaviour strategy that
    plays like it (:func:`derive.verification.mixtures.mixture_behaviour`), then each player's payoff,
    best response and regret, and the NashConv.

    Checking every pair of a family's extreme strategies checks the whole family: a pair is an
    equilibrium when each player's strategy is a best reply to the other's, conditions linear in
    each player's strategy, so every mix within the family is one when all its pairs are.

    Parameters
    ----------
    game : Game
        The game with the point's values put in (``beer-quiche:weak=1/3,taste=1``).
    check : MapRegionCheck
        What the command line read from the file.
    as_json : bool
        Return JSON: ``region``, ``regions``, ``point``, ``conditions``, ``on_curves``, ``checked``
        (which members), ``members`` (each with ``extreme_equilibrium``, ``families``,
        ``strategies``, ``behaviour`` and :func:`check_report`'s ``players``, ``nash_conv``,
        ``is_nash_equilibrium``) and ``is_nash_equilibrium`` (every member is one).

    Returns
    -------
    str

    Raises
    ------
    IncompleteProfileError
        Naming a strategy the game does not have, or a player's probabilities that are negative or
        do not sum to 1 at the point.
    """
    from derive.presentation.parametric_report import _bracket
    from derive.verification.best_response import IncompleteProfileError
    from derive.verification.mixtures import mixture_behaviour

    game.require_perfect_recall()
    at = ", ".join(f"{name} = {_number(v)}" for name, v in check.point.items())
    n_eq = sum(1 for m in check.members if m.equilibrium is not None)
    checked = (
        f"every member the region lists (its {n_eq} extreme equilibri{'um' if n_eq == 1 else 'a'} and the pairs "
        f"of extreme strategies of its {check.families} famil{'y' if check.families == 1 else 'ies'})"
    )
    results = []
    for member in check.members:
        try:
            behaviour = mixture_behaviour(game, member.mixtures)
        except IncompleteProfileError as exc:  # say which member of which region
            raise IncompleteProfileError(
                f"{_member_name(member)} of region {check.region} of {check.file!r} at {at}: {exc}"
            ) from None
        results.append((member, behaviour, _checked(game, behaviour)))
    failed = [member for member, _, c in results if c[2] != 0]
    if as_json:
        doc = {
            "game": game.title or "game",
            "file": check.file,
            "region": check.region,
            "regions": check.regions,
            "point": {name: _number(v) for name, v in check.point.items()},
            "conditions": list(check.conditions),
            "on_curves": list(check.curves),
            "checked": checked,
            "members": [
                {
                    "extreme_equilibrium": member.equilibrium,
                    "families": list(member.families),
                    "strategies": {
                        player: {label: _number(v) for label, v in mix.items()}
                        for player, mix in member.mixtures.items()
                    },
                    "behaviour": {
                        game.players[p]: {
                            label: {a: str(v) for a, v in dist.items()} for label, dist in strategy.items()
                        }
                        for p, strategy in enumerate(behaviour)
                    },
                    **{k: v for k, v in _check_doc(game, *c).items() if k != "game"},
                }
                for member, behaviour, c in results
            ],
            "is_nash_equilibrium": not failed,
        }
        return json.dumps(doc, indent=2, ensure_ascii=False)
    lines = [
        f"{game.title or 'game'}: region {check.region} of {check.regions} of {check.file!r} at {at} "
        f"({', '.join(check.conditions) or 'the whole box'})",
        f"checked: {checked}, each mixture of reduced strategies as the behaviour strategy that plays like it",
    ]
    if check.curves:
        lines.append(
            f"note: the point lies on {'; '.join(check.curves)}, where the map does not solve the equilibria "
            "(there may be more); the region's formulas are checked there"
        )
    for member, _, c in results:
        mixes = "; ".join(
            f"{player}: " + ", ".join(f"{_bracket(label)} {_number(v)}" for label, v in mix.items())
            for player, mix in member.mixtures.items()
        )
        lines += ["", f"{_member_name(member)}: {mixes}", *("  " + line for line in _check_lines(game, *c))]
    lines.append("")
    if failed:
        names = "; ".join(_member_name(m) for m in failed)
        lines.append(
            f"not an equilibrium at {at}: {names} (a player's regret is above 0), so region {check.region} "
            f"of {check.file!r} is wrong there"
        )
    else:
        pairs = [sum(j in m.families for m in check.members) for j in range(1, check.families + 1)]
        lines.append(
            ("it is a Nash equilibrium" if len(results) == 1 else f"all {len(results)} are Nash equilibria")
            + f" at {at} (every player's regret 0)"
            + (", and so is every mix within each family" if any(n > 1 for n in pairs) else "")
        )
    return "\n".join(lines)
