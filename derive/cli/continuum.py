"""``derive continuum``: a poker model with hands uniform on [0, 1], derived from its rules: the
thresholds and the value as exact functions of the bet, with their proof; ``--convergence`` also
solves the N-card games and draws their values converging (:mod:`derive.continuum` does the work).
"""

from __future__ import annotations

import json

import sympy as sp

from derive.cli.arguments import UsageError, add_command, quiet_argument
from derive.presentation.errors import OutputError

__all__ = ["add_parser", "run"]


def add_parser(sub) -> None:
    con = add_command(
        sub,
        "continuum",
        help="derive a poker model with hands uniform on [0, 1]: thresholds and value as functions of the bet, proved",
    )
    con.add_argument(
        "model",
        metavar="MODEL",
        nargs="?",
        default=None,
        help="von-neumann, borel, kuhn-continuum, one-raise-continuum, karlin-restrepo-K (K bets and raises), "
        "newman (the bettor picks any size), limit-poker (sizes in --bet-range L..U) or endgame "
        "(Ferguson's basic endgame, --rounds, --stack, --win); "
        "--list names them with their sources",
    )
    con.add_argument("--list", action="store_true", help="list the models with their sources, and stop")
    con.add_argument(
        "--bet", default=None, metavar="B", help="also give the thresholds and value at this bet (exact)"
    )
    con.add_argument(
        "--bet-range",
        default=None,
        metavar="L..U",
        help="limit-poker: the bettor's sizes, L <= U exact (U may be oo), e.g. 1..1 (von Neumann's at B = 1)",
    )
    con.add_argument(
        "--figure",
        default=None,
        metavar="FILE",
        help="newman, limit-poker: draw the bet size as a function of the hand, and the value as the range "
        "widens (.png, .pdf or .svg)",
    )
    con.add_argument("--rounds", default=None, metavar="N", help="endgame: betting rounds (default 1)")
    con.add_argument(
        "--stack", default=None, metavar="S", help="endgame: each player's stack, in pots (default 1, exact)"
    )
    con.add_argument(
        "--win", default=None, metavar="P", help="endgame: I's probability of a winning hand (default 1/2)"
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
    quiet_argument(con)


def _list(out) -> int:
    """Each model with what it is and its source, as ``derive games`` lists the games."""
    from derive.continuum.bet_size import BET_SIZE_MODELS, NEWMAN_SOURCE
    from derive.continuum.rules import model_list

    for name, description, source in model_list():
        print(f"{name:<20} {description}  [{source}]", file=out)
    for name, description in BET_SIZE_MODELS.items():
        print(f"{name:<20} {description}  [{NEWMAN_SOURCE}]", file=out)
    from derive.continuum.endgame import ENDGAME_DESCRIPTION, ENDGAME_SOURCE

    print(f"{'endgame':<20} {ENDGAME_DESCRIPTION}  [{ENDGAME_SOURCE}]", file=out)
    return 0


def _target(name: str | None):
    if name is None:
        return None
    from pathlib import Path

    target = Path(name)
    if target.suffix.lower() not in (".png", ".pdf", ".svg") or not target.parent.exists():
        raise OutputError(f"cannot write {name!r}: give a .png, .pdf or .svg in an existing folder")
    return target


def _bet_range(text: str):
    low, sep, high = text.partition("..")
    if not sep or not low.strip() or not high.strip():
        raise UsageError(f"--bet-range takes L..U (exact numbers, U may be oo), got {text!r}")
    return low.strip(), high.strip()


def _run_bet_size(args, out, err) -> int:
    """``newman`` and ``limit-poker``: derive, prove, print; ``--figure`` draws the sizes."""
    from derive.continuum.bet_size import (
        bet_size_model,
        derive_bet_size,
        limit_rules,
        newman_rules,
        prove_bet_size,
        value_bounds,
        von_neumann_value,
    )
    from derive.continuum.bet_size_report import bet_size_json, bet_size_latex, bet_size_text
    from derive.games.one_card import GameDefinitionError

    if args.bet is not None or args.convergence is not None:
        raise UsageError(f"{args.model} takes no --bet or --convergence (its sizes are the bettor's choice)")
    if args.model == "limit-poker" and args.bet_range is None:
        raise UsageError("limit-poker needs --bet-range L..U, e.g. --bet-range 1/2..4")
    if args.model == "newman" and args.bet_range is not None:
        raise UsageError("newman takes no --bet-range (its sizes are [0, oo)); use limit-poker")
    target = _target(args.figure)
    try:
        rules = bet_size_model(args.model, None if args.bet_range is None else _bet_range(args.bet_range))
    except GameDefinitionError as exc:
        raise UsageError(str(exc)) from None
    sol = derive_bet_size(rules)
    proof = prove_bet_size(sol)
    bounds = value_bounds(sol) if args.model == "limit-poker" else ()
    if target is not None:
        from derive.figures.bet_size_plot import draw_bet_sizes
        from derive.figures.save import save_figure

        shown = [sol] if args.model == "newman" else [sol, derive_bet_size(newman_rules())]
        points = []
        for width in (1, 2, 4, 9, 16, 64, 256, 1024):
            root = sp.sqrt(width)
            low, high = 2 / root, 2 * root
            points.append((width, derive_bet_size(limit_rules(low, high)).value))
        widening = {"points": points, "newman": sp.Rational(1, 7), "von_neumann": von_neumann_value(2)}
        save_figure(draw_bet_sizes(shown, widening), target)
        print(f"figure: {target}", file=err)
    if args.json:
        print(json.dumps(bet_size_json(sol, proof, bounds), indent=2, ensure_ascii=False), file=out)
    elif args.latex:
        out.write(bet_size_latex(sol, proof, bounds))
    else:
        out.write(bet_size_text(sol, proof, bounds))
    return 0 if proof.proved else 1


def _run_endgame(args, out) -> int:
    """``endgame``: derive, prove, print (text or ``--json``)."""
    from derive.continuum.endgame import (
        EndgameRules,
        derive_endgame,
        endgame_json,
        endgame_latex,
        endgame_text,
        prove_endgame,
    )
    from derive.games.one_card import GameDefinitionError

    given = [args.bet, args.bet_range, args.figure, args.convergence]
    if any(v is not None for v in given):
        raise UsageError("endgame takes --rounds, --stack, --win, --json and --latex only")
    rounds = "1" if args.rounds is None else args.rounds.strip()
    if not rounds.isdigit():
        raise UsageError(f"--rounds takes a whole number from 1 to 12, got {args.rounds!r}")
    try:
        rules = EndgameRules(
            int(rounds),
            "1" if args.stack is None else args.stack,
            "1/2" if args.win is None else args.win,
        )
    except GameDefinitionError as exc:
        raise UsageError(str(exc)) from None
    sol = derive_endgame(rules)
    proof = prove_endgame(sol)
    if args.json:
        print(json.dumps(endgame_json(sol, proof), indent=2, ensure_ascii=False), file=out)
    elif args.latex:
        out.write(endgame_latex(sol, proof))
    else:
        out.write(endgame_text(sol, proof))
    return 0 if proof.proved else 1


def run(args, out, err) -> int:
    from derive.continuum.derivation import DEFAULT_SAMPLES, derive_continuum
    from derive.continuum.report import continuum_json, continuum_latex, continuum_text
    from derive.continuum.rules import B, continuum_model
    from derive.games.one_card import exact_amount

    if args.list:
        if args.model is not None:
            raise UsageError("--list lists every model: give it without MODEL")
        return _list(out)
    if args.model is None:
        raise UsageError("give a MODEL (derive continuum --list names them)")
    if args.model == "endgame":
        return _run_endgame(args, out)
    if any(v is not None for v in (args.rounds, args.stack, args.win)):
        raise UsageError("--rounds, --stack and --win are for endgame")
    if args.model in ("newman", "limit-poker"):
        return _run_bet_size(args, out, err)
    if args.bet_range is not None or args.figure is not None:
        raise UsageError("--bet-range and --figure are for newman and limit-poker")
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
