"""``derive solve``: a game's value and an equilibrium, exactly; ``--all`` each player's optimal set,
``--param`` the answer as functions of a parameter, ``--matrix``/``--bimatrix`` a game typed as rows.

The game comes from :mod:`derive.cli.game_input`; the solving and the report are in
:mod:`derive.solving` and :mod:`derive.presentation` (imported when the command runs).
"""

from __future__ import annotations

import argparse
import json

from derive.cli.arguments import (
    UsageError,
    add_command,
    game_arguments,
    game_spec_argument,
    param_argument,
    quiet_argument,
    refine_argument,
    refined_or_plain,
    seconds_arg,
)
from derive.cli.game_input import game_from_args, only_defaults, parametric_game, rules_from_args
from derive.games.one_card import PLAYER_NAMES

__all__ = ["TIME_LIMIT", "add_parser", "run"]

#: Default ``--time-limit`` of ``derive solve``, in seconds.
TIME_LIMIT = 120


def add_parser(sub) -> None:
    """``derive solve``: the game, the form of the answer, the time limit; or a typed matrix."""
    sol = add_command(
        sub, "solve", help="solve a game exactly: value, an equilibrium, optionally all optimal strategies"
    )
    game_spec_argument(sol)
    game_arguments(sol)
    sol.add_argument("--json", action="store_true", help="print JSON")
    sol.add_argument(
        "--all",
        action="store_true",
        help="also derive each player's whole optimal set (a one-player game: list every information set)",
    )
    refine_argument(sol, beliefs=True)
    param_argument(sol, two=True)
    sol.add_argument(
        "--plot",
        metavar="FILE",
        help="with two --param: draw the map of regions to FILE (.png, .pdf or .svg)",
    )
    sol.add_argument(
        "--general-sum",
        action="store_true",
        help="solve a two-player game that is almost constant-sum (a mistyped payoff?) as a general-sum game",
    )
    sol.add_argument(
        "--time-limit",
        default=None,
        metavar="SECONDS",
        help=f"stop an enumeration of equilibria that runs longer (default {TIME_LIMIT}); with two --param, "
        "stop the map (default: none; Leduc's takes minutes)",
    )
    quiet_argument(sol)
    _matrix_arguments(sol)


def _matrix_arguments(sol: argparse.ArgumentParser) -> None:
    form = sol.add_mutually_exclusive_group()
    form.add_argument(
        "--matrix",
        metavar="ROWS",
        help='solve a zero-sum matrix game typed as rows, e.g. "[[3,-1],[-2,1]]" (the row player gets '
        "the entry; exact numbers such as -1/3 or 0.25)",
    )
    form.add_argument(
        "--bimatrix",
        metavar="A;B",
        help="solve a bimatrix game: the row player's payoffs, \";\", the column player's, e.g. "
        '"[[3,0],[5,1]];[[3,5],[0,1]]"',
    )


def run(args, out, err) -> int:
    limit = seconds_arg(args.time_limit or str(TIME_LIMIT), "--time-limit")
    if args.matrix is not None or args.bimatrix is not None:
        return _solve_matrix(args, out, err, limit)
    if args.refine in ("sequential", "intuitive", "d1") and (args.param is not None or args.game is None):
        raise UsageError(
            f"--refine {args.refine} derives the beliefs of a game's equilibria: give a GAME (not --param, "
            "--matrix or the one-card poker options)"
        )
    if getattr(args, "param2", None) is not None or getattr(args, "param_extra", None):
        if args.all or args.general_sum:
            raise UsageError(
                "two --param give a map of regions; they do not combine with --all or --general-sum"
            )
        return _solve_plane(args, out)
    if getattr(args, "plot", None) is not None:
        raise UsageError("--plot draws the map of two parameters: give two --param NAME=LO..HI")
    if args.param is not None:
        if args.all or args.general_sum:
            raise UsageError(
                "--param gives the pieces of one optimal strategy; it does not combine with --all or --general-sum"
            )
        return _solve_parametric(args, out)
    if args.game is not None or args.all:
        from derive.solving.limits import TimeLimitError

        game = game_from_args(args)
        for message in game.metadata.get("rationalized", ()):
            print(f"derive: {message}", file=err)
        try:
            report = _game_report(game, args, err, limit)
        except TimeLimitError as exc:
            raise TimeLimitError(f"{exc} (--time-limit SECONDS allows more)") from None
        print(report, file=out)
        return 0
    from derive.solving.zero_sum.from_rules import solve_rules

    rules = rules_from_args(args, tree=False)
    if rules.num_nodes > 20_000 and args.progress:
        args.progress(
            f"solving {rules.name} in the sequence form, without its {rules.num_nodes:,}-node tree ..."
        )
    eq = refined_or_plain(lambda refine: solve_rules(rules, refine=refine, progress=args.progress), args, err)
    strategies = {
        PLAYER_NAMES[p]: {
            label: {a: str(prob) for a, prob in dist.items()} for label, dist in eq.strategies[p].items()
        }
        for p in (0, 1)
    }
    if args.json:
        doc = {
            "game": {
                "deck": list(rules.deck),
                "max_bets": rules.max_bets,
                "ante": str(rules.ante),
                "bet": str(rules.bet),
                "name": rules.name,
            },
            "value": str(eq.value),
            "values": [str(eq.value), str(-eq.value)],
            "players": list(PLAYER_NAMES),
            "strategies": strategies,
            "off_path": [{"player": PLAYER_NAMES[p], "information_set": label} for p, label in eq.off_path],
            "refinement": args.refine,
            "method": eq.method,
        }
        print(json.dumps(doc, indent=2), file=out)
        return 0
    print(f"{rules.name}", file=out)
    print(f"game value to the opener: {_decimal(eq.value)} chips (dealer: {_decimal(-eq.value)})", file=out)
    kind = "quasi-perfect equilibrium" if args.refine == "quasi-perfect" else "equilibrium"
    for p in (0, 1):
        print(
            f"{PLAYER_NAMES[p]}'s {kind} strategy (probability of each action at each information set):",
            file=out,
        )
        width = max([10, *(len(label) for label in eq.strategies[p])])
        off = {label for q, label in eq.off_path if q == p}
        for label, dist in eq.strategies[p].items():
            flag = "  (off the path of play)" if label in off else ""
            acts = ", ".join(f"{a} {_decimal(v, 6)}" for a, v in dist.items())
            print(f"  {label:<{width}} {acts}{flag}", file=out)
    print(f"method: {eq.method}", file=out)
    return 0


def _solve_matrix(args, out, err, limit) -> int:
    """``derive solve --matrix ROWS`` / ``--bimatrix A;B``: the typed game, solved as any other."""
    from derive.games.matrix import matrix_game, read_bimatrix, read_matrix

    if args.game is not None or args.param is not None:
        raise UsageError("--matrix/--bimatrix is a game of its own: give it without GAME and without --param")
    only_defaults(args)
    if args.matrix is not None:
        game = matrix_game(read_matrix(args.matrix, "--matrix"))
    else:
        game = matrix_game(*read_bimatrix(args.bimatrix, "--bimatrix"))
    print(_game_report(game, args, err, limit), file=out)
    return 0


def _game_report(game, args, err, limit) -> str:
    """The solve report (text or JSON) of a game given as GAME or typed as a matrix, refined as asked."""
    from derive.presentation.solve_report import solve_report

    return refined_or_plain(
        lambda refine: solve_report(
            game,
            all_optimal=args.all,
            as_json=args.json,
            refine=refine,
            general_sum=args.general_sum,
            progress=args.progress,
            time_limit=limit,
        ),
        args,
        err,
    )


def _solve_parametric(args, out) -> int:
    from derive.presentation import parametric_report as report

    game, symbol, lo, hi = parametric_game(args)
    if game.num_players == 2 and game.constant_sum is None:
        import sympy as sp

        from derive.solving.parameters.symbolic_payoffs import piecewise_equilibria

        res = piecewise_equilibria(game, symbol, sp.Interval(lo, hi))
        text = report.general_sum_json(res, game) if args.json else report.general_sum_text(res, game)
        print(text, file=out)
        return 0
    from derive.solving.forked import usable_processes
    from derive.solving.parameters.parametric_lp import parametric_solve

    sol = parametric_solve(game, symbol, lo, hi, progress=args.progress, processes=usable_processes())
    print(
        report.parametric_json(sol) if args.json else report.parametric_text(sol, game_name=args.game),
        file=out,
    )
    return 0


def _solve_plane(args, out) -> int:
    """``derive solve GAME --param A=LO..HI --param B=LO..HI [--plot FILE]``: the map of regions."""
    from derive.cli.game_input import plane_game

    plot = _plot_path(args.plot) if args.plot is not None else None
    game, symbols, box = plane_game(args)
    if game.num_players != 2:
        raise UsageError(
            f"two --param solve a two-player game; {game.title or args.game} has {game.num_players} players"
        )
    from derive.presentation import plane_report as report
    from derive.solving.limits import TimeLimit

    said = ["starting"]

    def progress(message: str) -> None:
        said[0] = message
        if args.progress is not None:
            args.progress(message)

    seconds = seconds_arg(args.time_limit, "--time-limit") if args.time_limit is not None else None
    limit = TimeLimit(seconds, what="the two-parameter map")
    if game.constant_sum is None:
        from derive.solving.parameters.plane_general import plane_equilibria

        with limit.interrupting(lambda: f"at: {said[0]}"):
            res = plane_equilibria(game, symbols, box, progress=progress)
        if plot is not None:
            from derive.figures.plane_map import draw_plane_map
            from derive.figures.save import save_figure

            save_figure(draw_plane_map(res, game_name=args.game), plot)
        text = (
            report.plane_equilibria_json(res) if args.json else report.plane_equilibria_text(res, args.game)
        )
        print(text, file=out)
        return 0
    from derive.solving.parameters.plane import plane_solve

    with limit.interrupting(lambda: f"at: {said[0]}"):
        sol = plane_solve(game, symbols, box, progress=progress)
    if plot is not None:
        from derive.figures.plane_map import draw_plane_map
        from derive.figures.save import save_figure

        save_figure(draw_plane_map(sol, game_name=args.game), plot)
    print(report.plane_json(sol) if args.json else report.plane_text(sol, game_name=args.game), file=out)
    return 0


def _plot_path(text: str):
    """The ``--plot`` file, its suffix and folder checked before any work (UsageError)."""
    from pathlib import Path

    path = Path(text)
    if path.suffix.lower() not in (".png", ".pdf", ".svg"):
        raise UsageError(f"--plot {text!r}: give a .png, .pdf or .svg file")
    if not path.parent.is_dir():
        raise UsageError(f"--plot {text!r}: the folder {str(path.parent)!r} does not exist")
    return path


def _decimal(value, places: int = 10) -> str:
    """The exact text of ``value``, with a decimal beside a long fraction."""
    from derive.notation.text import with_decimal

    return with_decimal(value, places)
