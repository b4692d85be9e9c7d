"""``derive export``: write a game as a Gambit extensive-form file (exact rationals), to standard
output or a file (:mod:`derive.formats` writes it).
"""

from __future__ import annotations

from derive.cli.arguments import add_command, game_arguments, game_spec_argument
from derive.cli.game_input import game_from_args
from derive.presentation.errors import OutputError

__all__ = ["add_parser", "run"]


def add_parser(sub) -> None:
    """``derive export``: the game, the format and the output file."""
    exp = add_command(sub, "export", help="write a game in another tool's format (Gambit .efg)")
    exp.add_argument("--format", default="efg", choices=["efg"], help="file format (default: efg)")
    game_spec_argument(exp)
    game_arguments(exp)
    exp.add_argument("--out", default="-", help="output file (default: standard output)")
    exp.add_argument("--force", action="store_true", help="overwrite an existing output file")
    exp.add_argument(
        "--ascii",
        action="store_true",
        help="write printable ASCII labels only, for pygambit 16.7's reader (default: keep UTF-8 labels)",
    )


def run(args, out, err) -> int:
    from pathlib import Path

    from derive.formats import gambit_compatible, write_efg

    target = None if args.out == "-" else Path(args.out)
    if target is not None and (target.is_dir() or not target.parent.exists()):
        raise OutputError(f"cannot write {args.out!r}: not a file in an existing folder")
    if target is not None and target.exists() and not args.force:
        raise OutputError(f"{args.out!r} exists; use --force to overwrite it")
    if target is not None and target.suffix.lower() != ".efg":
        raise OutputError(f"derive export writes Gambit .efg files; {args.out!r} does not end in .efg")
    game, changes = gambit_compatible(game_from_args(args), ascii_only=args.ascii)
    why = "pygambit 16.7 reads printable ASCII labels only" if args.ascii else "as Gambit reads labels"
    for message in changes:
        print(f"derive: {message} ({why})", file=err)
    text = write_efg(game)
    if target is None:
        out.write(text)
    else:
        from derive.presentation.output_files import atomic_write

        try:
            atomic_write(target, text.encode())
        except OSError as exc:
            raise OutputError(f"cannot write {args.out!r}: {exc.strerror}") from None
        print(f"wrote {args.out}", file=out)
    return 0
