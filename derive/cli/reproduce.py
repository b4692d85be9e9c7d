"""``derive reproduce``: derive Kuhn poker and the one-raise game, write every figure and the LaTeX
under a folder, and print the values and families (:mod:`derive.presentation.reproduce` does the work).
"""

from __future__ import annotations

from derive.cli.arguments import add_command, quiet_argument, refine_argument

__all__ = ["add_parser", "run"]


def add_parser(sub) -> None:
    """``derive reproduce``: the folder and the refinement."""
    rep = add_command(
        sub, "reproduce", help="derive Kuhn poker and the one-raise game; write figures and LaTeX"
    )
    rep.add_argument("--out", default="figures", help="output folder (default: figures)")
    refine_argument(rep)
    quiet_argument(rep)


def run(args, out, err) -> int:
    from derive.notation.text import count
    from derive.presentation.reproduce import reproduce, summary

    reports, written = reproduce(args.out, progress=args.progress, refine=args.refine)
    print(summary(reports), file=out)
    print(f"wrote {count(len(written), 'file')} under {args.out}/", file=out)
    return 0
