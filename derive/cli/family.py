"""``derive family``: check a built-in game's published families of equilibria exactly (Kuhn's
one-parameter family, the three-player Kuhn family; :mod:`derive.presentation.family_report`).
"""

from __future__ import annotations

from derive.cli.arguments import UsageError, add_command

__all__ = ["add_parser", "run"]


def add_parser(sub) -> None:
    """``derive family``: the game and ``--json``."""
    fam = add_command(
        sub,
        "family",
        help="check a built-in game's published families of equilibria exactly (kuhn, kuhn3)",
    )
    fam.add_argument("game", metavar="GAME", help="a built-in game with published families: kuhn or kuhn3")
    fam.add_argument("--json", action="store_true", help="print JSON")


def run(args, out, err) -> int:
    from derive.games.published import UnknownFamilyError
    from derive.presentation.family_report import family_report

    try:
        print(family_report(args.game, as_json=args.json), file=out)
    except UnknownFamilyError as exc:
        raise UsageError(str(exc)) from None
    return 0
