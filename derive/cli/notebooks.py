"""``derive notebooks``: run the course's notebooks and export them to HTML, or copy them into a
folder for a class (:mod:`derive.presentation.notebooks` does the work).
"""

from __future__ import annotations

from derive.cli.arguments import UsageError, add_command, int_arg, quiet_argument
from derive.notation.text import count

__all__ = ["add_parser", "run"]


def add_parser(sub) -> None:
    """``derive notebooks``: ``--html OUT`` (run and export) or ``--copy DIR`` (copy for a class)."""
    nbs = add_command(sub, "notebooks", help="run the notebooks and export them to HTML")
    nbs.description = "Run the notebooks and export them to HTML, or copy them for a class."
    nbs.add_argument("--html", metavar="OUT", help="output folder for the HTML files (or give --copy DIR)")
    nbs.add_argument(
        "--dir", default=None, help="folder of the notebooks (default: the course's, shipped with derive)"
    )
    nbs.add_argument("--timeout", default="600", help="seconds allowed per cell (default 600)")
    quiet_argument(nbs)
    nbs.add_argument(
        "--copy", metavar="DIR", help="copy the course's notebooks into DIR (a class's own copies)"
    )
    nbs.add_argument("--force", action="store_true", help="with --copy, overwrite notebooks already in DIR")


def _notebooks_copy(args, out) -> int:
    from derive.presentation.notebook_execution import copy_notebooks

    if args.html is not None or args.dir is not None:
        raise UsageError("--copy copies the course's notebooks; run them with --html in a second command")
    written = copy_notebooks(args.copy, force=args.force)
    print(
        f"copied {count(len(written), 'notebook')} into {args.copy}/ (open them with: jupyter lab {args.copy})",
        file=out,
    )
    return 0


def run(args, out, err) -> int:
    from derive.presentation.notebook_execution import export_html, packaged_notebooks

    if args.copy is not None:
        return _notebooks_copy(args, out)
    if args.html is None:
        raise UsageError("give --html OUT (run the notebooks and export HTML) or --copy DIR")
    if args.dir is None:
        args.dir = packaged_notebooks()
    timeout = int_arg(args.timeout, "--timeout")
    if timeout <= 0:
        raise UsageError(f"--timeout must be a positive number of seconds, got {args.timeout!r}")
    written = export_html(args.dir, args.html, timeout=timeout, progress=args.progress)
    print(f"wrote {count(len(written), 'HTML page')} under {args.html}/", file=out)
    return 0
