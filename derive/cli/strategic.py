"""``derive strategic``: print a two-player game's reduced strategic form
(:mod:`derive.presentation.strategic_report`).
"""

from __future__ import annotations

from derive.cli.arguments import add_command
from derive.cli.game_input import game_from_args

__all__ = ["add_parser", "run"]


def add_parser(sub) -> None:
    """``derive strategic``: the game and ``--json``."""
    stg = add_command(sub, "strategic", help="print a two-player game's reduced strategic form")
    stg.add_argument(
        "game", metavar="GAME", help="a built-in game (see `derive games`) or a Gambit .efg/.nfg file"
    )
    stg.add_argument("--json", action="store_true", help="print JSON (exact payoffs as strings; any size)")
    stg.add_argument("--rationalize", action="store_true", help="see `derive solve --help`")


def run(args, out, err) -> int:
    from derive.presentation.strategic_report import strategic_report

    print(strategic_report(game_from_args(args), as_json=args.json), file=out)
    return 0
