"""``derive check``: check a strategy profile read from a JSON file exactly: each player's best
response and regret, and the exploitability (:mod:`derive.presentation.strategic_report`).
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


def run(args, out, err) -> int:
    from pathlib import Path

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
    strategies = doc.get("strategies", doc) if isinstance(doc, dict) else doc
    if not isinstance(strategies, (dict, list)) or not all(
        isinstance(s, dict) for s in (strategies.values() if isinstance(strategies, dict) else strategies)
    ):
        raise UsageError(
            f"{args.profile!r}: give {{player: {{information set: {{action: probability}}}}}} "
            '(or the output of derive solve --json, with its "strategies")'
        )
    print(check_report(game, strategies, as_json=args.json), file=out)
    return 0
