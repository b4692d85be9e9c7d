"""The ``derive`` command line.

``derive reproduce [--out DIR]``
    Derive Kuhn poker and the one-raise game; write figures and LaTeX under
    DIR (default ``figures``); print the values and families.
``derive solve [GAME] [--all] [--json] [--rationalize]``
    Solve a game exactly: GAME is a built-in name (``derive games``) or a Gambit
    ``.efg``/``.nfg`` file; without GAME, the one-card poker game of
    ``--deck N --max-bets K [--ante A] [--bet B]``.  ``--all`` adds each
    player's whole optimal set.  A one-player game (``three-card-poker``) is
    solved as a best response to chance: the value and each information set's
    reach probability and actions' expected values (``--all``: every set).
``derive games``
    List the built-in games with their sources.
``derive draw [GAME] [--format png|pdf|svg|tikz] [--out DIR]``
    Draw the game tree with its information sets and, for a two-player
    constant-sum game, an equilibrium on it.
``derive latex [GAME] [--out DIR] [--game all|kuhn|one-raise] [--pdf]``
    Write a standalone LaTeX document deriving the games step by step; with
    GAME, the derivation of that two-player constant-sum game.
``derive hands --hand-size N [--ranks R] [--suits S] [--draws]``
    Count poker hands by class (formulas, exact probabilities) or check the
    classic draw odds (Hoyle) in docs/sources/.
``derive casino three-card-poker [--qualifier Q] [--ante-bonus 5,4,1] [--pair-plus 40,30,6,4,1] [--json|--latex] [--all]``
    Three Card Poker against the dealer, exactly: the optimal play (Q-6-4 or better), the house
    edge, the element of risk, simpler strategies and Pair Plus; the borderline hands' counts.
``derive continuum MODEL [--bet B] [--json|--latex] [--convergence FILE]``
    Derive a continuous poker model (hands uniform on [0, 1]) from its rules: the thresholds and
    the value as exact functions of the bet B, with the proof that they are an equilibrium; MODEL
    is von-neumann, borel, kuhn-continuum, one-raise-continuum or karlin-restrepo-K.
    ``--convergence FILE`` also solves the N-card games and draws their values converging.
``derive export [GAME] --format efg [--deck N --max-bets K --ante A --bet B] [--out FILE]``
    Write the game as a Gambit extensive-form file (exact rationals).
``derive notebooks --html OUT [--dir notebooks]``
    Run the notebooks and export them to HTML (MathJax renders the LaTeX).

Errors in what the user typed are one line on standard error and exit
status 2, never a traceback, and nothing is written.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import zlib
from collections.abc import Sequence

from derive.extensive_form.game import GameModelError
from derive.games.one_card import PLAYER_NAMES, GameDefinitionError, one_card_poker
from derive.presentation.errors import OutputError
from derive.presentation.text import to_text

__all__ = ["main"]

#: Default ``--time-limit`` of ``derive solve``, in seconds.
TIME_LIMIT = 120


class _UsageError(Exception):
    pass


class _Progress:
    """Progress lines on stderr for a command that may run long (``--quiet`` turns them off).

    A command that ends within :attr:`DELAY` seconds prints nothing; after that the stage under way
    is printed, and every later stage as it starts; while one stage lasts, a line every
    :attr:`HEARTBEAT` seconds says it is still running.  Call it with one line per stage; ``close``
    stops the heartbeat.
    """

    DELAY = 2.0
    HEARTBEAT = 30.0

    def __init__(self, err, quiet: bool) -> None:
        import threading
        import time

        self._err, self._quiet, self._time = err, quiet, time.monotonic
        self._started = self._time()
        self._stage: str | None = None
        self._shown = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True) if not quiet else None
        if self._thread is not None:
            self._thread.start()

    def __call__(self, message: str) -> None:
        if self._quiet:
            return
        self._stage, self._shown = message, False
        if self._time() - self._started >= self.DELAY:
            self._print(message)

    def _print(self, message: str) -> None:
        self._shown = True
        try:
            print(f"derive: {message}", file=self._err, flush=True)
        except (OSError, ValueError):  # stderr closed: progress is not worth a failure
            pass

    def _watch(self) -> None:
        if self._stop.wait(self.DELAY):
            return
        last = self._time()
        while True:
            stage = self._stage
            if stage is not None and not self._shown:
                self._print(stage)
                last = self._time()
            elif self._time() - last >= self.HEARTBEAT:
                what = re.sub(r" \([0-9.]+ s\)$", "", stage or "starting")  # one clock in the line
                self._print(f"still working ({self._time() - self._started:.0f} s): {what}")
                last = self._time()
            if self._stop.wait(1.0):
                return

    def close(self) -> None:
        self._stop.set()


def _internal_errors() -> tuple[type[Exception], ...]:
    from derive.solving.lp import ExactLPError
    from derive.solving.parameters.parametric_lp import ParametricError
    from derive.solving.zero_sum.one_card import SymbolicGameError

    return (ExactLPError, ParametricError, SymbolicGameError)


def _notebook_error() -> type[Exception]:
    from derive.presentation.notebooks import NotebookError

    return NotebookError


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit status 2
        raise _UsageError(message)

    def format_help(self) -> str:
        """The help, opening with the line that says what the command does."""
        description, self.description = self.description, None  # printed once, first
        try:
            text = super().format_help()
        finally:
            self.description = description
        return f"{description}\n\n{text}" if description else text


def _command(sub, name: str, help: str, **kwargs) -> argparse.ArgumentParser:
    """A subcommand whose ``--help`` opens with ``help`` as a sentence."""
    parser = sub.add_parser(name, help=help, **kwargs)
    parser.description = help[0].upper() + help[1:] + "."
    return parser


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="derive", description="Derive the equilibria of small games exactly, step by step (poker first)."
    )
    parser.add_argument("--version", action="version", version=f"derive {_version()}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    rep = _command(sub, "reproduce", help="derive Kuhn poker and the one-raise game; write figures and LaTeX")
    rep.add_argument("--out", default="figures", help="output folder (default: figures)")
    _refine_argument(rep)
    _quiet_argument(rep)
    lat = _command(sub, "latex", help="write a standalone LaTeX document deriving the games step by step")
    lat.add_argument("--out", default="derivation", help="output folder (default: derivation)")
    lat.add_argument(
        "--game", default="all", choices=["all", "kuhn", "one-raise"], help="which game(s) (default: all)"
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
        help="any two-player constant-sum game (built-in name or .efg/.nfg file): derive it instead",
    )
    lat.add_argument("--rationalize", action="store_true", help="see `derive solve --help`")
    _param_argument(lat)
    _quiet_argument(lat)
    _command(
        sub,
        "hands",
        help="count poker hands; check Hoyle's draw odds (derive hands --help)",
        add_help=False,
    )
    _casino_arguments(sub)
    _continuum_arguments(sub)
    nbs = _command(sub, "notebooks", help="run the notebooks and export them to HTML")
    nbs.add_argument("--html", required=True, metavar="OUT", help="output folder for the HTML files")
    nbs.add_argument("--dir", default="notebooks", help="folder of the notebooks (default: notebooks)")
    nbs.add_argument("--timeout", default="600", help="seconds allowed per cell (default 600)")
    _quiet_argument(nbs)
    exp = _command(sub, "export", help="write a game in another tool's format (Gambit .efg)")
    exp.add_argument("--format", default="efg", choices=["efg"], help="file format (default: efg)")
    _game_spec_argument(exp)
    _game_arguments(exp)
    exp.add_argument("--out", default="-", help="output file (default: standard output)")
    exp.add_argument("--force", action="store_true", help="overwrite an existing output file")
    exp.add_argument(
        "--ascii",
        action="store_true",
        help="write printable ASCII labels only, for pygambit 16.7's reader (default: keep UTF-8 labels)",
    )
    sol = _command(
        sub, "solve", help="solve a game exactly: value, an equilibrium, optionally all optimal strategies"
    )
    _game_spec_argument(sol)
    _game_arguments(sol)
    sol.add_argument("--json", action="store_true", help="print JSON")
    sol.add_argument(
        "--all",
        action="store_true",
        help="also derive each player's whole optimal set (a one-player game: list every information set)",
    )
    _refine_argument(sol)
    _param_argument(sol)
    sol.add_argument(
        "--general-sum",
        action="store_true",
        help="solve a two-player game that is almost constant-sum (a mistyped payoff?) as a general-sum game",
    )
    sol.add_argument(
        "--time-limit",
        default=str(TIME_LIMIT),
        metavar="SECONDS",
        help=f"stop an enumeration of equilibria that runs longer (default {TIME_LIMIT})",
    )
    _quiet_argument(sol)
    _command(sub, "games", help="list the built-in games with their sources")
    fam = _command(
        sub,
        "family",
        help="check a built-in game's published families of equilibria exactly (kuhn, kuhn3)",
    )
    fam.add_argument("game", metavar="GAME", help="a built-in game with published families: kuhn or kuhn3")
    fam.add_argument("--json", action="store_true", help="print JSON")
    drw = _command(sub, "draw", help="draw a game's tree with its information sets, and its equilibrium")
    _game_spec_argument(drw)
    _game_arguments(drw)
    drw.add_argument(
        "--format",
        default="png",
        choices=["png", "pdf", "svg", "tikz"],
        help="file format (default: png); tikz writes a tikzpicture to \\input in LaTeX",
    )
    drw.add_argument("--out", default=".", help="output folder (default: the current folder)")
    _draw_part_arguments(drw)
    _refine_argument(drw)
    _param_argument(drw)
    _quiet_argument(drw)
    _matrix_arguments(sol)
    _strategic_and_check_commands(sub)
    _notebook_copy_arguments(nbs)
    return parser


def _draw_part_arguments(drw: argparse.ArgumentParser) -> None:
    drw.add_argument(
        "--subtree",
        metavar="PART",
        help="draw only a part: a card (kuhn: K is the deals KQ and KA), a chance action at the root, or "
        "an information-set label (the subtrees below its nodes)",
    )
    drw.add_argument(
        "--width",
        metavar="LENGTH",
        help="with --format tikz, the picture's width, e.g. 15cm, 6in or 345pt (default: an article's text "
        "width, 12.1cm); the layout is scaled to it, the font never",
    )


def _draw_part(args, game):
    """``(game, stem suffix)``: the part of ``game`` named by ``--subtree`` (the whole game without it),
    refused in one line when it has too many leaves to draw legibly."""
    from derive.figures.extensive_tree import MAX_DRAW_LEAVES
    from derive.figures.subtree import subtree_game
    from derive.figures.tikz import MAX_TIKZ_LEAVES

    suffix = ""
    if args.subtree is not None:
        game = subtree_game(game, args.subtree)
        suffix = "_" + "".join(c if c.isalnum() or c in "-_" else "_" for c in args.subtree)
    cap = MAX_TIKZ_LEAVES if args.format == "tikz" else MAX_DRAW_LEAVES
    if len(game.terminals) > cap:
        raise _UsageError(
            f"{game.title or 'the tree'} has {len(game.terminals):,} leaves, more than the {cap} a "
            f"{args.format.upper()} drawing shows legibly: draw one part with --subtree "
            "(a card, a chance action at the root or an information-set label)"
        )
    return game, suffix


def _width_cm(text: str | None) -> float | None:
    """``--width``: ``15cm``, ``150mm``, ``6in``, ``345pt`` or a number of centimetres."""
    if text is None:
        return None
    match = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]*)?)\s*(cm|mm|in|pt)?\s*", text)
    factor = {"cm": 1.0, "mm": 0.1, "in": 2.54, "pt": 2.54 / 72.27, None: 1.0}
    value = float(match[1]) * factor[match[2]] if match else 0.0
    if not value > 0:
        raise _UsageError(f"--width must be a positive length such as 15cm, 6in or 345pt, got {text!r}")
    return value


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


def _strategic_and_check_commands(sub) -> None:
    stg = _command(sub, "strategic", help="print a two-player game's reduced strategic form")
    stg.add_argument(
        "game", metavar="GAME", help="a built-in game (see `derive games`) or a Gambit .efg/.nfg file"
    )
    stg.add_argument("--json", action="store_true", help="print JSON (exact payoffs as strings; any size)")
    stg.add_argument("--rationalize", action="store_true", help="see `derive solve --help`")
    chk = _command(
        sub,
        "check",
        help="check a strategy profile exactly: each player's best response and regret, and the exploitability",
    )
    chk.add_argument(
        "game", metavar="GAME", help="a built-in game (see `derive games`) or a Gambit .efg/.nfg file"
    )
    chk.add_argument(
        "profile",
        metavar="PROFILE.json",
        help='the profile: {player: {information set: {action: probability}}}, probabilities exact ("1/3"); '
        'the output of `derive solve GAME --json` (its "strategies") is one',
    )
    chk.add_argument("--json", action="store_true", help="print JSON")
    chk.add_argument("--rationalize", action="store_true", help="see `derive solve --help`")


def _casino_arguments(sub) -> None:
    cas = _command(
        sub,
        "casino",
        help="derive a casino game exactly: Three Card Poker's optimal play and house edge against the dealer",
    )
    cas.add_argument("game", choices=["three-card-poker"], metavar="GAME", help="the game: three-card-poker")
    cas.add_argument(
        "--qualifier",
        default="Q",
        metavar="RANK",
        help="the dealer qualifies with RANK-high or better (default Q)",
    )
    cas.add_argument(
        "--ante-bonus",
        default="5,4,1",
        metavar="SF,TRIPS,STRAIGHT",
        help="Ante Bonus pays (to 1) for a straight flush, three of a kind, a straight (default 5,4,1)",
    )
    cas.add_argument(
        "--pair-plus",
        default="40,30,6,4,1",
        metavar="SF,TRIPS,STRAIGHT,FLUSH,PAIR",
        help="Pair Plus pays (to 1) for a straight flush, three of a kind, a straight, a flush, a pair "
        "(default 40,30,6,4,1)",
    )
    form = cas.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="print JSON (exact values as strings)")
    form.add_argument("--latex", action="store_true", help="print a LaTeX fragment (amsmath, booktabs)")
    cas.add_argument("--all", action="store_true", help="also list every one of the 1755 classes of hands")


def _continuum_arguments(sub) -> None:
    con = _command(
        sub,
        "continuum",
        help="derive a poker model with hands uniform on [0, 1]: thresholds and value as functions of the bet, proved",
    )
    con.add_argument(
        "model",
        metavar="MODEL",
        help="von-neumann, borel, kuhn-continuum, one-raise-continuum or karlin-restrepo-K (K bets and raises)",
    )
    con.add_argument(
        "--bet", default=None, metavar="B", help="also give the thresholds and value at this bet (exact)"
    )
    form = con.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="print JSON (exact expressions as strings)")
    form.add_argument(
        "--latex", action="store_true", help="print a standalone LaTeX document of the derivation"
    )
    con.add_argument(
        "--convergence",
        default=None,
        metavar="FILE",
        help="also solve the N-card games (N = 3 .. 199) at the bet (default 1) and draw their values "
        "converging (.png, .pdf or .svg)",
    )
    _quiet_argument(con)


def _cmd_continuum(args, out, err) -> int:
    from derive.continuum.derivation import DEFAULT_SAMPLES, derive_continuum
    from derive.continuum.report import continuum_json, continuum_latex, continuum_text
    from derive.continuum.rules import B, continuum_model
    from derive.games.one_card import exact_amount

    rules = continuum_model(args.model)
    bet = exact_amount(args.bet, "--bet") if args.bet is not None else None
    target = None
    if args.convergence is not None:
        from pathlib import Path

        target = Path(args.convergence)
        if target.suffix.lower() not in (".png", ".pdf", ".svg") or not target.parent.exists():
            raise OutputError(
                f"cannot write {args.convergence!r}: give a .png, .pdf or .svg in an existing folder"
            )
    samples = ((bet,) if bet is not None else ()) + DEFAULT_SAMPLES
    derivation = derive_continuum(rules, samples, progress=args.progress)
    if args.json:
        data = continuum_json(derivation, bet)
    if target is not None:
        from derive.continuum.limit import convergence
        from derive.figures.convergence_plot import draw_convergence
        from derive.figures.save import save_figure

        at = bet if bet is not None else exact_amount(1, "bet")
        piece = derivation.piece_at(at)
        if piece is None:
            raise OutputError(f"no derived piece covers the bet {at}: no continuum value to converge to")
        conv = convergence(rules.at(at), piece.solution.value.subs(B, at), progress=args.progress)
        save_figure(draw_convergence([conv]), target)
        order = "not measured" if conv.order is None else f"error ~ N^{conv.order:.2f}"
        lines = [f"N-card values at B = {at} against the continuum value {conv.limit}: {order}"]
        lines += [f"  N = {c.deck}: {c.value} ~ {float(c.value):.6f}" for c in conv.values]
        if args.json:
            data["convergence"] = {
                "bet": str(at),
                "limit": str(conv.limit),
                "order": conv.order,
                "values": {str(c.deck): str(c.value) for c in conv.values},
                "figure": str(target),
            }
        else:
            print("\n".join(lines), file=err if args.latex else out)
    if args.json:
        print(json.dumps(data, indent=2, ensure_ascii=False), file=out)
    elif args.latex:
        out.write(continuum_latex(derivation))
    else:
        out.write(continuum_text(derivation, bet))
    return 0


def _refined_or_plain(compute, args, err):
    """``compute(args.refine)``; if the quasi-perfect refinement cannot be certified, say so in one line
    on stderr and fall back to the LP's equilibrium (``--refine none``), which is still exact and certified."""
    from derive.solving.lp import ExactLPError

    if args.refine != "quasi-perfect":
        return compute(args.refine)
    try:
        return compute("quasi-perfect")
    except ExactLPError as exc:
        text = str(exc)
        if text.startswith("not attempted"):
            line = f"derive: the quasi-perfect refinement was {text}; showing the LP's equilibrium (--refine none)"
        else:
            line = f"derive: the quasi-perfect equilibrium was not found ({text}); showing the LP's (--refine none)"
        print(line, file=err)
        args.refine = "none"
        return compute("none")


def _quiet_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quiet", action="store_true", help="print no progress lines on stderr")


def _refine_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--refine",
        default="quasi-perfect",
        choices=["quasi-perfect", "none"],
        help="which equilibrium to print: quasi-perfect (default; the exact limit of the perturbed LP, "
        "sensible off the path of play) or none (whichever optimal vertex the LP's basis gives; faster, "
        "but it may fold the best hand where optimal play never goes)",
    )


def _game_spec_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "game",
        nargs="?",
        default=None,
        metavar="GAME",
        help="a built-in game (see `derive games`) or a Gambit .efg/.nfg file; "
        "without it, the one-card poker game of --deck/--max-bets/--ante/--bet",
    )
    parser.add_argument(
        "--rationalize",
        action="store_true",
        help="read decimal chance probabilities that look like rounded floats as simple fractions",
    )


def _load(args):
    """The general game named by ``args.game``, or the one-card game of the poker options."""
    from derive.games.registry import load_game

    if args.game is not None:
        _only_defaults(args)
        game = load_game(args.game, rationalize=args.rationalize)
        _warn_renamed(game, getattr(args, "err", sys.stderr))
        return game
    from derive.games.one_card import to_extensive_form

    return to_extensive_form(_rules(args))


def _warn_renamed(game, err, shown: int = 3) -> None:
    """A line on ``err`` for each information set whose repeated labels were renamed (a few, then a count)."""
    messages = game.metadata.get("renamed", ())
    for message in messages[:shown]:
        print(f"derive: warning: {message}", file=err)
    if len(messages) > shown:
        print(f"derive: warning: and {len(messages) - shown} more information sets' labels renamed", file=err)


def _only_defaults(args) -> None:
    for flag, default in (("deck", "3"), ("max_bets", "1"), ("ante", "1"), ("bet", "1")):
        if getattr(args, flag, default) != default:
            raise _UsageError(
                f"--{flag.replace('_', '-')} applies to one-card poker, not to GAME {args.game!r}"
            )


def _param_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--param",
        metavar="NAME=LO..HI",
        help="answer as exact functions of the parameter NAME on [LO, HI], e.g. bet=0..4 "
        "(`derive games` lists each game's parameters; one-card poker: ante, bet)",
    )


#: Largest |LO| and |HI| of --param (a bet or a pot of a million chips; beyond, HiGHS's floats overflow).
PARAM_BOUND = 10**6


def _parametric_game(args):
    """``(game, symbol, lo, hi)`` for ``--param NAME=LO..HI``: the game built with NAME a symbol."""
    import sympy as sp

    from derive.extensive_form.build import exact_value
    from derive.games.registry import BUILTIN_GAMES, parse_game_spec

    match = re.fullmatch(r"\s*([A-Za-z_]\w*)\s*=\s*(.+?)\s*\.\.\s*(.+?)\s*", args.param)
    if not match:
        raise _UsageError(f"--param {args.param!r}: give NAME=LO..HI, e.g. bet=0..4")
    name, *ends = match.groups()
    values = []
    for text in ends:
        try:
            value = exact_value(text, "an end")
        except GameModelError:
            value = None
        if value is None or not value.is_Rational:
            raise _UsageError(f"--param {args.param!r}: {text!r} is not an exact number (e.g. 2, 1/2, 0.25)")
        values.append(value)
    lo, hi = values
    if lo >= hi:
        raise _UsageError(f"--param {args.param!r}: the interval must have LO < HI")
    for text, value in zip(ends, values):
        if abs(value) > PARAM_BOUND:
            raise _UsageError(f"--param {args.param!r}: {text} is outside [-{PARAM_BOUND}, {PARAM_BOUND}]")
    symbol = sp.Symbol(name, positive=True) if lo >= 0 else sp.Symbol(name, real=True)
    if args.game is None:
        if name not in ("ante", "bet"):
            raise _UsageError(f"--param {args.param!r}: one-card poker's parameters are ante and bet")
        if lo < 0:
            raise _UsageError(f"--param {args.param!r}: the {name} cannot be negative, got {ends[0]}")
        if getattr(args, name, "1") != "1":
            raise _UsageError(f"give --{name} or --param {name}=LO..HI, not both")
        amounts = {"ante": getattr(args, "ante", "1"), "bet": getattr(args, "bet", "1"), name: symbol}
        n = _int_arg(getattr(args, "deck", "3"), "--deck")
        k = _int_arg(getattr(args, "max_bets", "1"), "--max-bets")
        from derive.games.one_card import to_extensive_form

        return to_extensive_form(_one_card_poker(n, k, amounts["ante"], amounts["bet"])), symbol, lo, hi
    _only_defaults(args)
    parsed = (BUILTIN_GAMES[args.game], {}) if args.game in BUILTIN_GAMES else parse_game_spec(args.game)
    if parsed is None:
        raise _UsageError(
            f"--param needs a built-in game or the one-card options, not {args.game!r}: a Gambit file names no "
            "parameters (build the game in Python with a sympy symbol and call parametric_solve)"
        )
    spec, options = parsed
    if not spec.parameters:
        raise _UsageError(f"{spec.name} has no parameters to vary")
    try:
        return spec.build_with(options, **{name: symbol}), symbol, lo, hi
    except GameModelError:
        if lo < 0:  # the builder wants the amount positive
            raise _UsageError(
                f"--param {args.param!r}: {spec.name}'s {name} cannot be negative, got {ends[0]}"
            ) from None
        raise


def _solve_parametric(args, out) -> int:
    from derive.presentation import parametric_report as report

    game, symbol, lo, hi = _parametric_game(args)
    if game.num_players == 2 and game.constant_sum is None:
        import sympy as sp

        from derive.solving.parameters.symbolic_payoffs import piecewise_equilibria

        res = piecewise_equilibria(game, symbol, sp.Interval(lo, hi))
        text = report.general_sum_json(res, game) if args.json else report.general_sum_text(res, game)
        print(text, file=out)
        return 0
    from derive.solving.parameters.parametric_lp import parametric_solve

    sol = parametric_solve(game, symbol, lo, hi, progress=args.progress)
    print(report.parametric_json(sol) if args.json else report.parametric_text(sol), file=out)
    return 0


def _game_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--deck", default="3", help="number of cards N >= 2 (default 3: Q < K < A)")
    parser.add_argument(
        "--max-bets", default="1", help="bets plus raises allowed, k >= 0 (default 1: Kuhn poker)"
    )
    parser.add_argument("--ante", default="1", help="ante in chips, e.g. 1 or 1/2 (default 1)")
    parser.add_argument("--bet", default="1", help="bet size in chips, e.g. 2 or 3/2 (default 1)")


def _rules(args, tree: bool = True):
    """The one-card rules of the options; ``tree=False``: only the sequence form will be built
    (``derive solve``), so its size is what is capped, not the tree's."""
    from derive.games.one_card_tree import MAX_NODES

    n = _int_arg(args.deck, "--deck")
    k = _int_arg(args.max_bets, "--max-bets")
    rules = _one_card_poker(n, k, args.ante, args.bet)
    if not tree:
        from derive.sequence_form.from_rules import MAX_ENTRIES, matrix_entries, one_card_sequence_form

        entries = matrix_entries(rules)
        if entries > MAX_ENTRIES:  # solved by the LP with running sums over the cards: its rows are capped
            from derive.solving.zero_sum.running_sums import MAX_ROWS, running_sum_rows

            rows = running_sum_rows(one_card_sequence_form(rules))
            if rows > MAX_ROWS:
                raise GameDefinitionError(
                    f"--deck {n} --max-bets {k} gives a sequence form with {entries:,} payoff entries, more than "
                    f"the {MAX_ENTRIES:,} solved as a matrix, and an LP with running sums over the cards of "
                    f"{rows:,} rows, more than the limit of {MAX_ROWS:,} (about 30 s and 300 MB on two cores)"
                )
        return rules
    if rules.num_nodes > MAX_NODES:
        raise GameDefinitionError(
            f"--deck {n} --max-bets {k} gives {rules.num_nodes:,} tree nodes, more than the limit of {MAX_NODES:,}"
        )
    return rules


def _decimal(value, places: int = 10) -> str:
    """The exact text of ``value``, with a decimal beside a long fraction."""
    from derive.presentation.text import with_decimal

    return with_decimal(value, places)


def _one_card_poker(n, k, ante, bet):
    """:func:`one_card_poker`, its errors naming the options the user typed (``--max-bets``, not
    ``max_bets``)."""
    try:
        return one_card_poker(n, k, ante, bet)
    except GameDefinitionError as exc:
        text = re.sub(r"^(deck|max_bets|ante|bet)\b", lambda m: "--" + m[1].replace("_", "-"), str(exc))
        raise GameDefinitionError(text.replace("--bet/ante", "--bet/--ante")) from None


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("derive")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "unknown"


def _seconds_arg(text: str, what: str) -> float:
    """A positive number of seconds (an integer or a decimal such as 2.5)."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not value > 0 or value == float("inf"):
        raise _UsageError(f"{what} must be a positive number of seconds, got {text!r}")
    return value


def _int_arg(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise GameDefinitionError(f"{what} must be an integer, got {text!r}") from None


def _cmd_family(args, out, err) -> int:
    from derive.games.published import UnknownFamilyError
    from derive.presentation.family_report import family_report

    try:
        print(family_report(args.game, as_json=args.json), file=out)
    except UnknownFamilyError as exc:
        raise _UsageError(str(exc)) from None
    return 0


def _casino_rules(args):
    """The rules of the options; a bad value is a usage error naming the option and the value."""
    from derive.casino import CasinoError, ThreeCardPokerRules

    fields = {}
    for option, key, text in (
        ("--qualifier", "qualifier", args.qualifier),
        ("--ante-bonus", "ante_bonus", args.ante_bonus),
        ("--pair-plus", "pair_plus", args.pair_plus),
    ):
        value = text if key == "qualifier" else [item.strip() for item in text.split(",")]
        try:
            ThreeCardPokerRules(**{key: value})
        except CasinoError as exc:
            raise _UsageError(f"{option} {text}: {exc}") from None
        fields[key] = value
    return ThreeCardPokerRules(**fields)


def _cmd_casino(args, out, err) -> int:
    from derive.casino import (
        three_card_poker,
        three_card_poker_json,
        three_card_poker_latex,
        three_card_poker_text,
    )

    analysis = three_card_poker(_casino_rules(args))
    if args.json:
        print(
            json.dumps(three_card_poker_json(analysis, all_hands=args.all), indent=2, ensure_ascii=False),
            file=out,
        )
    elif args.latex:
        out.write(three_card_poker_latex(analysis))
    else:
        print(three_card_poker_text(analysis, all_hands=args.all), file=out)
    return 0


def _cmd_games(args, out, err) -> int:
    from derive.games.registry import BUILTIN_GAMES

    for g in BUILTIN_GAMES.values():
        print(f"{g.name:<18} {g.description}  [{g.source}]", file=out)
        if g.parameters:
            names = ", ".join(
                f"{p.name}" + (f" ({'/'.join(p.aliases)})" if p.aliases else "") + f" = {p.default}"
                for p in g.parameters
            )
            print(f"{'':<18}   parameters (--param NAME=LO..HI): {names}", file=out)
        if g.options:
            names = ", ".join(o.describe() for o in g.options)
            print(f"{'':<18}   options ({g.name}:NAME=VALUE,...): {names}", file=out)
    print("or a path to a Gambit .efg/.nfg file", file=out)
    return 0


def _slug(args) -> str:
    from pathlib import Path

    if args.game is None:
        return f"one_card_N{args.deck}_k{args.max_bets}"
    stem = Path(args.game).stem if Path(args.game).suffix else args.game
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in stem)


def _cmd_draw(args, out, err) -> int:
    from pathlib import Path

    from derive.extensive_form.game import GameModelError as _ModelError
    from derive.figures import save_figure
    from derive.figures.extensive_tree import draw_extensive_form
    from derive.figures.tikz import tikz_game_tree
    from derive.presentation.reproduce import _atomic_write
    from derive.solving.zero_sum.sequence_form_lp import solve_zero_sum

    folder = Path(args.out)
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"cannot write into {args.out!r}: not a folder")
    if args.param is not None:
        if args.subtree is not None or args.width is not None:
            raise _UsageError("--param draws the value as a plot; --subtree and --width draw trees")
        return _draw_parametric(args, out, folder)
    tikz = args.format == "tikz"
    width = _width_cm(args.width)
    if width is not None and not tikz:
        raise _UsageError("--width sets a TikZ picture's width: use it with --format tikz")
    whole = _load(args)
    game, part = _draw_part(args, whole)
    suffix = "tex" if tikz else args.format
    drawings = [(f"{_slug(args)}{part}_game_tree.{suffix}", None, game.title)]
    try:
        solution = _refined_or_plain(
            lambda refine: solve_zero_sum(whole, refine=refine, progress=args.progress), args, err
        )
    except _ModelError as exc:  # not solvable yet: draw the tree only, and say why
        print(f"derive: no equilibrium drawn: {exc}", file=err)
    else:
        kind = "a quasi-perfect equilibrium" if args.refine == "quasi-perfect" else "an equilibrium"
        title = f"{game.title}: {kind} (value {to_text(solution.value)})"
        drawings.append((f"{_slug(args)}{part}_equilibrium.{suffix}", solution, title))
    pictures = {  # laid out before anything is written: a picture that does not fit writes nothing
        name: tikz_game_tree(
            game,
            None if sol is None else dict(enumerate(sol.strategies)),
            width=width,
            fill=width is not None,
        )
        for name, sol, _ in drawings
        if tikz
    }
    written = []
    for name, solution, title in drawings:
        path = folder / name
        args.progress(f"drawing {path} ({len(game.nodes):,} nodes)")
        profile = None if solution is None else dict(enumerate(solution.strategies))
        try:
            if tikz:
                folder.mkdir(parents=True, exist_ok=True)
                header = f"% {title}: a tikzpicture (needs \\usepackage{{tikz}}); written by derive draw\n"
                _atomic_write(path, (header + pictures[name]).encode())
                written.append(path)
            else:
                off = set() if solution is None else set(solution.off_path)
                fig = draw_extensive_form(game, profile, title=title, off_path=off)
                written.append(save_figure(fig, path))
        except OSError as exc:
            raise OutputError(f"cannot write {path}: {exc.strerror}") from None
    print(f"wrote {', '.join(str(p) for p in written)}", file=out)
    return 0


def _draw_parametric(args, out, folder) -> int:
    from derive.figures import save_figure
    from derive.figures.value_plots import draw_parametric_value
    from derive.solving.parameters.parametric_lp import parametric_solve

    if args.format == "tikz":
        raise _UsageError("--param draws the value as a plot: use --format png, pdf or svg")
    game, symbol, lo, hi = _parametric_game(args)
    if game.constant_sum is None:
        raise _UsageError(
            "--param draws the value of a constant-sum game; use `derive solve --param` for this one"
        )
    sol = parametric_solve(game, symbol, lo, hi, progress=args.progress)
    path = folder / f"{_slug(args)}_value_by_{symbol}.{args.format}"
    try:
        written = save_figure(draw_parametric_value(sol), path)
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror}") from None
    print(f"wrote {written}", file=out)
    return 0


def _cmd_solve(args, out, err) -> int:
    limit = _seconds_arg(args.time_limit, "--time-limit")
    if args.matrix is not None or args.bimatrix is not None:
        return _solve_matrix(args, out, err, limit)
    if args.param is not None:
        if args.all or args.general_sum:
            raise _UsageError(
                "--param gives the pieces of one optimal strategy; it does not combine with --all or --general-sum"
            )
        return _solve_parametric(args, out)
    if args.game is not None or args.all:
        from derive.presentation.solve_report import solve_report
        from derive.solving.limits import TimeLimitError

        game = _load(args)
        for message in game.metadata.get("rationalized", ()):
            print(f"derive: {message}", file=err)
        try:
            report = _refined_or_plain(
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
        except TimeLimitError as exc:
            raise TimeLimitError(f"{exc} (--time-limit SECONDS allows more)") from None
        print(report, file=out)
        return 0
    from derive.solving.zero_sum.one_card import solve_rules

    rules = _rules(args, tree=False)
    if rules.num_nodes > 20_000 and args.progress:
        args.progress(
            f"solving {rules.name} in the sequence form, without its {rules.num_nodes:,}-node tree ..."
        )
    eq = _refined_or_plain(
        lambda refine: solve_rules(rules, refine=refine, progress=args.progress), args, err
    )
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
    from derive.presentation.solve_report import solve_report

    if args.game is not None or args.param is not None:
        raise _UsageError("give either GAME, --param or --matrix/--bimatrix, not both")
    _only_defaults(args)
    if args.matrix is not None:
        game = matrix_game(read_matrix(args.matrix, "--matrix"))
    else:
        game = matrix_game(*read_bimatrix(args.bimatrix, "--bimatrix"))
    report = _refined_or_plain(
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
    print(report, file=out)
    return 0


def _cmd_strategic(args, out, err) -> int:
    from derive.presentation.strategic_report import strategic_report

    print(strategic_report(_load(args), as_json=args.json), file=out)
    return 0


def _cmd_check(args, out, err) -> int:
    from pathlib import Path

    from derive.presentation.strategic_report import check_report

    game = _load(args)
    try:
        text = Path(args.profile).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise _UsageError(f"cannot read {args.profile!r}: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        doc = json.loads(text, parse_float=str)  # 0.3 in the file is read as exactly 3/10
    except json.JSONDecodeError as exc:
        raise _UsageError(f"{args.profile!r} is not JSON: {exc.msg} at line {exc.lineno}") from None
    strategies = doc.get("strategies", doc) if isinstance(doc, dict) else doc
    if not isinstance(strategies, (dict, list)) or not all(
        isinstance(s, dict) for s in (strategies.values() if isinstance(strategies, dict) else strategies)
    ):
        raise _UsageError(
            f"{args.profile!r}: give {{player: {{information set: {{action: probability}}}}}} "
            '(or the output of derive solve --json, with its "strategies")'
        )
    print(check_report(game, strategies, as_json=args.json), file=out)
    return 0


def _cmd_reproduce(args, out, err) -> int:
    from derive.presentation.reproduce import reproduce, summary

    reports, written = reproduce(args.out, progress=args.progress, refine=args.refine)
    print(summary(reports), file=out)
    print(f"wrote {len(written)} files under {args.out}/", file=out)
    return 0


def _cmd_latex(args, out, err) -> int:
    from derive.presentation.reproduce import write_document

    if args.param is not None:
        from derive.presentation.parametric_document import write_parametric_document
        from derive.solving.parameters.parametric_lp import parametric_solve

        if args.game_spec is None and args.game == "all":
            raise _UsageError("--param needs one game: derive latex GAME --param NAME=LO..HI (e.g. kuhn)")
        if args.game_spec is not None and args.game != "all":
            raise _UsageError("give either GAME or --game, not both")
        args.game = args.game_spec or args.game
        game, symbol, lo, hi = _parametric_game(args)
        if game.num_players == 2 and game.constant_sum is None:
            raise _UsageError(
                f"derive latex --param writes the value of a constant-sum game; {game.title or args.game} is "
                f"general-sum: `derive solve {args.game} --param {args.param}` lists every equilibrium piecewise"
            )
        sol = parametric_solve(game, symbol, lo, hi, progress=args.progress)
        stem = f"{_slug(args)}_by_{symbol}"
        written = write_parametric_document(
            sol, args.out, stem, args.pdf, progress=args.progress, keep_aux=args.keep_tex_aux
        )
        print(f"wrote {', '.join(str(p) for p in written)}", file=out)
        return 0
    if args.game_spec is not None:
        from derive.presentation.general_document import write_general_document

        if args.game != "all":
            raise _UsageError("give either GAME or --game, not both")
        args.game = args.game_spec
        names = _parameter_names(args.name)
        game = _load(args)
        written = write_general_document(
            game,
            args.out,
            _slug(args),
            args.pdf,
            progress=args.progress,
            names=names,
            time_limit=_seconds_arg(args.time_limit, "--time-limit"),
            keep_aux=args.keep_tex_aux,
        )
        print(f"wrote {', '.join(str(p) for p in written)}", file=out)
        return 0
    if args.name:
        raise _UsageError("--name needs a game given as GAME (a name from 'derive games' or a file)")
    games = ("kuhn", "one-raise") if args.game == "all" else (args.game,)
    written = write_document(args.out, games, args.pdf, progress=args.progress, keep_aux=args.keep_tex_aux)
    print(f"wrote {', '.join(str(p) for p in written)}", file=out)
    return 0


def _parameter_names(items: list[str]) -> dict[str, str]:
    """``["alpha=Q:bet"]`` as ``{"alpha": "Q:bet"}``; a malformed item or name is a usage error naming it."""
    names: dict[str, str] = {}
    for item in items:
        name, sep, label = item.partition("=")
        name, label = name.strip(), label.strip()
        if not sep or not label or not name.isidentifier():
            raise _UsageError(f"--name {item!r}: give PARAM=SEQUENCE, e.g. alpha=Q:bet, PARAM a Python name")
        if name in names:
            raise _UsageError(f"--name {item!r}: {name} is named twice")
        names[name] = label
    return names


def _cmd_export(args, out, err) -> int:
    from pathlib import Path

    from derive.formats import gambit_compatible, write_efg

    target = None if args.out == "-" else Path(args.out)
    if target is not None and (target.is_dir() or not target.parent.exists()):
        raise OutputError(f"cannot write {args.out!r}: not a file in an existing folder")
    if target is not None and target.exists() and not args.force:
        raise OutputError(f"{args.out!r} exists; use --force to overwrite it")
    if target is not None and target.suffix.lower() != ".efg":
        raise OutputError(f"derive export writes Gambit .efg files; {args.out!r} does not end in .efg")
    game, changes = gambit_compatible(_load(args), ascii_only=args.ascii)
    why = "pygambit 16.7 reads printable ASCII labels only" if args.ascii else "as Gambit reads labels"
    for message in changes:
        print(f"derive: {message} ({why})", file=err)
    text = write_efg(game)
    if target is None:
        out.write(text)
    else:
        from derive.presentation.reproduce import _atomic_write

        try:
            _atomic_write(target, text.encode())
        except OSError as exc:
            raise OutputError(f"cannot write {args.out!r}: {exc.strerror}") from None
        print(f"wrote {args.out}", file=out)
    return 0


def _notebook_copy_arguments(nbs: argparse.ArgumentParser) -> None:
    """``--copy DIR`` and ``--force``; ``--html`` no longer required, ``--dir`` by default the packaged notebooks."""
    nbs.description = "Run the notebooks and export them to HTML, or copy them for a class."
    for action in nbs._actions:
        if action.dest == "html":
            action.required = False
            action.help = "output folder for the HTML files (or give --copy DIR)"
        elif action.dest == "dir":
            action.default = None
            action.help = "folder of the notebooks (default: the course's, shipped with derive)"
    nbs.add_argument(
        "--copy", metavar="DIR", help="copy the course's notebooks into DIR (a class's own copies)"
    )
    nbs.add_argument("--force", action="store_true", help="with --copy, overwrite notebooks already in DIR")


def _notebooks_copy(args, out) -> int:
    from derive.presentation.notebooks import copy_notebooks

    if args.html is not None or args.dir is not None:
        raise _UsageError("--copy copies the course's notebooks; run them with --html in a second command")
    written = copy_notebooks(args.copy, force=args.force)
    print(
        f"copied {len(written)} notebooks into {args.copy}/ (open them with: jupyter lab {args.copy})",
        file=out,
    )
    return 0


def _cmd_notebooks(args, out, err) -> int:
    from derive.presentation.notebooks import export_html, packaged_notebooks

    if args.copy is not None:
        return _notebooks_copy(args, out)
    if args.html is None:
        raise _UsageError("give --html OUT (run the notebooks and export HTML) or --copy DIR")
    if args.dir is None:
        args.dir = packaged_notebooks()
    timeout = _int_arg(args.timeout, "--timeout")
    if timeout <= 0:
        raise _UsageError(f"--timeout must be a positive number of seconds, got {args.timeout!r}")
    written = export_html(args.dir, args.html, timeout=timeout, progress=args.progress)
    print(f"wrote {len(written)} HTML files under {args.html}/", file=out)
    return 0


def _interrupted(err) -> int:
    """Ctrl-C: one line, no traceback, exit status 130 (128 + SIGINT), as a shell reports it."""
    try:
        print("derive: interrupted", file=err, flush=True)
    except (OSError, ValueError):
        pass
    return 130


def main(argv: Sequence[str] | None = None, out=None, err=None) -> int:
    """Run the command line; return the exit status (0 success, 2 bad input).

    Examples
    --------
    >>> main(["solve", "--deck", "1"], err=sys.stdout)
    derive: error: --deck must have at least 2 cards, got 1
    2
    """
    out = out or sys.stdout
    err = err or sys.stderr
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["hands"]:
        from derive.hands import hands_main

        try:
            return hands_main(argv[1:], out, err)
        except KeyboardInterrupt:
            return _interrupted(err)
    parser = _build_parser()
    if not argv:  # bare `derive`: say what it can do
        print(parser.format_help(), file=err, end="")
        return 2
    args = None
    try:
        args = parser.parse_args(argv)
        args.progress = _Progress(err, getattr(args, "quiet", False))
        args.err = err
        commands = {
            "solve": _cmd_solve,
            "latex": _cmd_latex,
            "reproduce": _cmd_reproduce,
            "notebooks": _cmd_notebooks,
            "export": _cmd_export,
            "games": _cmd_games,
            "family": _cmd_family,
            "draw": _cmd_draw,
            "casino": _cmd_casino,
            "continuum": _cmd_continuum,
            "strategic": _cmd_strategic,
            "check": _cmd_check,
        }
        return commands[args.command](args, out, err)
    except (_UsageError, GameDefinitionError, GameModelError, OutputError, _notebook_error()) as exc:
        print(f"derive: error: {exc}", file=err)
        return 2
    except BrokenPipeError:  # e.g. `derive solve --json | head`
        return 0
    except KeyboardInterrupt:
        return _interrupted(err)
    except (OSError, zlib.error) as exc:  # the environment, not the input: a full disk ...
        print(f"derive: error: {getattr(exc, 'strerror', None) or exc}", file=err)
        return 1
    except _internal_errors() as exc:
        print(f"derive: error: {exc}", file=err)
        return 1
    finally:
        if args is not None and hasattr(args, "progress"):
            args.progress.close()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
