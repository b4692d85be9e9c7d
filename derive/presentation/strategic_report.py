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
from dataclasses import replace

import sympy as sp

from derive.extensive_form.game import Game, NotSupportedError
from derive.notation.text import to_text, with_decimal

__all__ = ["MAX_TEXT_CELLS", "check_report", "strategic_report"]

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
    from derive.verification.best_response import behaviour_profile, game_best_response, profile_payoffs

    game.require_perfect_recall()
    profile = behaviour_profile(game, strategies)
    payoffs = profile_payoffs(profile)
    responses = []
    for p in range(game.num_players):
        r = game_best_response(profile, p)
        ordered = {info.label: r.choice[info.label] for info in game.infosets_of(p)}  # in the game's order
        responses.append(replace(r, choice=ordered))
    nash_conv = sp.simplify(sum((r.regret for r in responses), sp.S.Zero))
    exploitability = nash_conv / 2 if game.num_players == 2 and game.is_constant_sum else None
    if as_json:
        doc = {
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
        return json.dumps(doc, indent=2, ensure_ascii=False)
    lines = [f"{game.title or 'game'}: the profile checked exactly"]
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
    return "\n".join(lines)
