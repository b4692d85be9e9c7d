"""``derive latex``: a standalone LaTeX document deriving Kuhn poker and the one-raise game step by
step; with GAME, the derivation of that game (``--sections thesis``: the thesis's sections for any
two-player constant-sum game); with ``--param``, its value as a function of a parameter; with two
``--param``, the map of regions over a box (a constant-sum game's values and optimal strategies, a
general-sum game's equilibrium families).

The documents are written by :mod:`derive.presentation` (imported when the command runs).
"""

from __future__ import annotations

from derive.cli.arguments import UsageError, add_command, param_argument, quiet_argument, seconds_arg
from derive.cli.game_input import game_from_args, parametric_game, slug

__all__ = ["add_parser", "run"]


def add_parser(sub) -> None:
    """``derive latex``: which games, the folder, the PDF, the names of the parameters."""
    lat = add_command(sub, "latex", help="write a standalone LaTeX document deriving the games step by step")
    lat.add_argument("--out", default="derivation", help="output folder (default: derivation)")
    lat.add_argument(
        "--game",
        default="all",
        choices=["all", "kuhn", "one-raise"],
        help="without GAME: the thesis's own document (Miao 2014) for Kuhn poker, the one-raise game or both "
        "(families in α with the 'stupid mistakes' removed, per-card tables; default: all); `derive latex kuhn` "
        "writes the same document as `--game kuhn` (as kuhn.tex), other games the derivation every game gets",
    )
    lat.add_argument(
        "--sections",
        choices=["thesis", "general"],
        default=None,
        help="which document GAME gets: 'thesis' the thesis's sections (plans per situation, dominance, payoff "
        "collected by plans, indifference, the families with their range, strategy panels per situation, "
        "per-situation values, off-path play; a two-player constant-sum game whose plans can be listed, "
        "with the players' own names and generated parameters unless the game says otherwise), 'general' "
        "the derivation every game gets (also the sequence form; any size, any number of players); default: "
        "thesis for kuhn and one-raise, general for every other game",
    )
    lat.add_argument("--pdf", action="store_true", help="also compile it with pdflatex")
    lat.add_argument(
        "--keep-tex-aux",
        action="store_true",
        help="with --pdf, keep pdflatex's .aux and .log files beside the PDF (default: removed)",
    )
    lat.add_argument(
        "--name",
        action="append",
        default=[],
        metavar="PARAM=SEQUENCE",
        help="write the optimal sets in a parameter you name, the realization of one sequence "
        "(e.g. --name alpha=Q:bet); repeatable; a game given as GAME only",
    )
    lat.add_argument(
        "--time-limit",
        default="120",
        metavar="SECONDS",
        help="seconds for deriving a game's optimal sets; past it the document is written without them "
        "(default: 120)",
    )
    lat.add_argument(
        "game_spec",
        nargs="?",
        default=None,
        metavar="GAME",
        help="any game of two or more players (built-in name or .efg/.nfg file): derive it instead "
        "(constant-sum: its value and optimal sets; otherwise every equilibrium, with subgame perfection)",
    )
    lat.add_argument(
        "--general-sum",
        action="store_true",
        help="write a two-player game that is almost constant-sum (a mistyped payoff?) as a general-sum game",
    )
    lat.add_argument("--rationalize", action="store_true", help="see `derive solve --help`")
    param_argument(lat, two=True)
    quiet_argument(lat)


def run(args, out, err) -> int:
    from derive.presentation.output_files import probe_output_folder
    from derive.presentation.reproduce import write_document

    probe_output_folder(args.out)  # a bad folder is refused before the derivation, not after it

    sections = getattr(args, "sections", None)
    if sections is not None and (args.param is not None or getattr(args, "param2", None) is not None):
        raise UsageError(
            "--sections chooses a game's derivation; with --param the document is the value by parameter"
        )
    if sections == "general" and args.game_spec is None:
        raise UsageError(
            "--sections general needs a game given as GAME (a name from 'derive games' or a file)"
        )
    if getattr(args, "param2", None) is not None or getattr(args, "param_extra", None):
        return _plane_document(args, out)
    if args.param is not None:
        from derive.presentation.parametric_document import write_parametric_document
        from derive.solving.forked import usable_processes
        from derive.solving.parameters.parametric_lp import parametric_solve

        if args.game_spec is None and args.game == "all":
            raise UsageError("--param needs one game: derive latex GAME --param NAME=LO..HI (e.g. kuhn)")
        if args.name:
            raise UsageError(
                "--name writes a game's optimal sets in a parameter you name; with --param each piece shows one "
                "optimal strategy: give --name without --param"
            )
        if args.game_spec is not None and args.game != "all":
            raise UsageError("give either GAME or --game, not both")
        args.game = args.game_spec or args.game
        game, symbol, lo, hi = parametric_game(args)
        if game.num_players == 2 and game.constant_sum is None:
            raise UsageError(
                f"derive latex --param writes the value of a constant-sum game; {game.title or args.game} is "
                f"general-sum: `derive solve {args.game} --param {args.param}` lists every equilibrium piecewise"
            )
        sol = parametric_solve(game, symbol, lo, hi, progress=args.progress, processes=usable_processes())
        stem = f"{slug(args)}_by_{symbol}"
        written = write_parametric_document(
            sol,
            args.out,
            stem,
            args.pdf,
            progress=args.progress,
            keep_aux=args.keep_tex_aux,
            game_name=args.game,
        )
        print(f"wrote {', '.join(str(p) for p in written)}", file=out)
        return 0
    if args.game_spec is not None and args.game != "all":
        raise UsageError("give either GAME or --game, not both")
    if args.game_spec is not None and _thesis_game(args):
        seconds_arg(args.time_limit, "--time-limit")  # checked though the thesis's games take a second
        # one game, one document: `derive latex kuhn` is `derive latex --game kuhn`, written as kuhn.tex
        written = write_document(
            args.out,
            (args.game_spec,),
            args.pdf,
            progress=args.progress,
            keep_aux=args.keep_tex_aux,
            stem=args.game_spec,  # a key of GAMES: kuhn, one-raise
        )
        print(f"wrote {', '.join(str(p) for p in written)}", file=out)
        return 0
    if args.game_spec is not None:
        # any other game: the thesis's sections with generated names, or the general derivation
        thesis = sections == "thesis"
        if thesis:
            if args.general_sum:
                raise UsageError(
                    "--general-sum writes a general-sum game's derivation: give --sections general"
                )
            seconds_arg(args.time_limit, "--time-limit")
        args.game = args.game_spec
        names = _parameter_names(args.name)
        game = game_from_args(args)
        if thesis:
            from derive.presentation.reproduce import write_thesis_document as write

            extra = {}
        else:
            from derive.presentation.general_document import write_general_document as write

            extra = {
                "time_limit": seconds_arg(args.time_limit, "--time-limit"),
                "general_sum": args.general_sum,
            }
        written = write(
            game,
            args.out,
            slug(args),
            args.pdf,
            progress=args.progress,
            names=names,
            keep_aux=args.keep_tex_aux,
            **extra,
        )
        print(f"wrote {', '.join(str(p) for p in written)}", file=out)
        return 0
    if args.name:
        raise UsageError("--name needs a game given as GAME (a name from 'derive games' or a file)")
    games = ("kuhn", "one-raise") if args.game == "all" else (args.game,)
    written = write_document(args.out, games, args.pdf, progress=args.progress, keep_aux=args.keep_tex_aux)
    print(f"wrote {', '.join(str(p) for p in written)}", file=out)
    return 0


def _thesis_game(args) -> bool:
    """Whether GAME is one of the thesis's games (built with the thesis's names, families in α, the 'stupid
    mistakes'), asked for without an option that only the general derivation has (``--name``,
    ``--general-sum``, ``--rationalize``)."""
    from derive.presentation.reproduce import GAMES

    return (
        args.game_spec in GAMES
        and getattr(args, "sections", None) != "general"
        and not (args.name or args.general_sum or args.rationalize)
    )


def _parameter_names(items: list[str]) -> dict[str, str]:
    """``["alpha=Q:bet"]`` as ``{"alpha": "Q:bet"}``; a malformed item or name is a usage error naming it."""
    names: dict[str, str] = {}
    for item in items:
        name, sep, label = item.partition("=")
        name, label = name.strip(), label.strip()
        if not sep or not label or not name.isidentifier():
            raise UsageError(f"--name {item!r}: give PARAM=SEQUENCE, e.g. alpha=Q:bet, PARAM a Python name")
        if name in names:
            raise UsageError(f"--name {item!r}: {name} is named twice")
        names[name] = label
    return names


def _plane_document(args, out) -> int:
    """``derive latex GAME --param A=LO..HI --param B=LO..HI``: the map and the table of regions (a
    constant-sum game's values and optimal strategies, a general-sum game's equilibrium families)."""
    from derive.cli.game_input import plane_game
    from derive.presentation.plane_document import write_plane_document

    if args.game_spec is None and args.game == "all":
        raise UsageError("--param needs one game: derive latex GAME --param A=LO..HI --param B=LO..HI")
    if args.name:
        raise UsageError("--name does not combine with --param")
    if args.game_spec is not None and args.game != "all":
        raise UsageError("give either GAME or --game, not both")
    args.game = args.game_spec or args.game
    game, symbols, box = plane_game(args)
    if game.num_players != 2:
        raise UsageError(
            f"two --param map a two-player game; {game.title or args.game} has {game.num_players} players"
        )
    if game.constant_sum is None:
        from derive.solving.parameters.plane_general import plane_equilibria

        sol = plane_equilibria(game, symbols, box, progress=args.progress)
    else:
        from derive.solving.parameters.plane import plane_solve

        sol = plane_solve(game, symbols, box, progress=args.progress)
    stem = f"{slug(args)}_by_{symbols[0]}_{symbols[1]}"
    written = write_plane_document(
        sol, args.out, stem, args.pdf, progress=args.progress, keep_aux=args.keep_tex_aux, game_name=args.game
    )
    print(f"wrote {', '.join(str(p) for p in written)}", file=out)
    return 0
