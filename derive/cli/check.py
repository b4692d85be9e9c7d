"""``derive check``: check a strategy profile read from a JSON file exactly: each player's best
response and regret, and the exploitability (:mod:`derive.presentation.strategic_report`).

The file may also be the output of ``derive solve GAME --param NAME=LO..HI --json`` or one of its
pieces, with the value given with the game (``derive check kuhn:bet=5/8 pieces.json``): the piece
holding it is checked, its formulas evaluated there (:mod:`derive.cli.profile_input`).  So may the
map of two ``--param`` (``derive check kuhn:ante=2,bet=3 map.json``): the region holding the point;
for a general-sum game (``beer-quiche:weak=1/3,taste=1``) every member that region lists, each
extreme equilibrium and each pair of a family's extreme strategies
(:func:`derive.presentation.strategic_report.map_region_check_report`).
"""

from __future__ import annotations

import json

from derive.cli.arguments import UsageError, add_command
from derive.cli.game_input import game_from_args

__all__ = ["add_parser", "run"]


def add_parser(sub) -> None:
    """``derive check``: the game, the profile file and ``--json``."""
    chk = add_command(
        sub,
        "check",
        help="check a strategy profile exactly: each player's best response and regret, and the exploitability",
    )
    chk.add_argument(
        "game",
        metavar="GAME",
        help="a built-in game (see `derive games`), with its parameters' values if any (kuhn:bet=5/8), "
        "or a Gambit .efg/.nfg file",
    )
    chk.add_argument(
        "profile",
        metavar="PROFILE.json",
        help='the profile: {player: {information set: {action: probability}}}, probabilities exact ("1/3"); '
        'the output of `derive solve GAME --json` (its "strategies") is one; so is the output of '
        '`derive solve GAME --param NAME=LO..HI --json`, or one of its "pieces", with the value given '
        "with the game (GAME:NAME=VALUE): the piece holding it is checked, its formulas evaluated there; "
        "or of two --param, with both values (GAME:A=x,B=y): the region holding the point (a general-sum "
        "game's: every extreme equilibrium and family pair it lists)",
    )
    chk.add_argument("--json", action="store_true", help="print JSON")
    chk.add_argument("--rationalize", action="store_true", help="see `derive solve --help`")


def run(args, out, err) -> int:
    from pathlib import Path

    from derive.cli.profile_input import map_region, profile_from_document
    from derive.presentation.strategic_report import check_report

    game = game_from_args(args)
    try:
        text = Path(args.profile).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read {args.profile!r}: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        doc = json.loads(text, parse_float=str)  # 0.3 in the file is read as exactly 3/10
    except json.JSONDecodeError as exc:
        raise UsageError(f"{args.profile!r} is not JSON: {exc.msg} at line {exc.lineno}") from None
    _require_same_game(doc, game, args.profile)
    region = map_region(doc, args.game, args.profile, err)
    if region is not None:  # a general-sum map: every member of the region holding the point
        from derive.presentation.strategic_report import map_region_check_report

        print(map_region_check_report(game, region, as_json=args.json), file=out)
        return 0
    strategies = profile_from_document(doc, args.game, args.profile, err)
    print(check_report(game, strategies, as_json=args.json), file=out)
    return 0


def _require_same_game(doc, game, file: str) -> None:
    """UsageError (one line) when ``doc``, an output over parameters (``"pieces"`` or ``"regions"``),
    names another game than ``game`` (titles compared before their parameters' brackets)."""
    if not (
        isinstance(doc, dict) and ("pieces" in doc or "regions" in doc) and isinstance(doc.get("game"), str)
    ):
        return
    title = (game.title or "").split(" (")[0]
    theirs = doc["game"].split(" (")[0]
    if title and theirs and title != theirs:
        raise UsageError(f"{file!r} holds the solution of {theirs}, not of {title}: give its game")
