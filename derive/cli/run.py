"""The ``derive`` command line's start: :func:`main` parses the arguments, runs the command and turns
what goes wrong into one line on stderr and an exit status (2: the input, 1: the environment or an
exact solver giving up, 130: Ctrl-C).

The parser is assembled from the command modules (:data:`COMMANDS`), each of which adds its
subcommand and runs it; ``derive hands`` is handed to :func:`derive.hands.hands_main` unparsed.
"""

from __future__ import annotations

import argparse
import sys
import zlib
from collections.abc import Sequence

from derive.cli import (
    casino,
    check,
    continuum,
    draw,
    export,
    family,
    games,
    latex,
    notebooks,
    reproduce,
    solve,
    strategic,
)
from derive.cli.arguments import Parser, UsageError, add_command
from derive.cli.progress import Progress
from derive.extensive_form.game import GameModelError
from derive.games.one_card import GameDefinitionError
from derive.presentation.errors import OutputError

__all__ = ["COMMANDS", "build_parser", "main"]


#: The commands, in the order ``derive --help`` lists them: each module adds its subcommand
#: (``add_parser``) and runs it (``run``).  ``hands`` has its own parser, in :mod:`derive.hands`.
COMMANDS = {
    "reproduce": reproduce,
    "latex": latex,
    "hands": None,
    "casino": casino,
    "continuum": continuum,
    "notebooks": notebooks,
    "export": export,
    "solve": solve,
    "games": games,
    "family": family,
    "draw": draw,
    "strategic": strategic,
    "check": check,
}


def build_parser() -> argparse.ArgumentParser:
    """The parser of ``derive`` and of each command."""
    parser = Parser(
        prog="derive", description="Derive the equilibria of small games exactly, step by step (poker first)."
    )
    parser.add_argument("--version", action="version", version=f"derive {_version()}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    for module in COMMANDS.values():
        if module is None:  # hands: parsed by derive.hands; listed here for `derive --help`
            add_command(
                sub,
                "hands",
                help="count poker hands; check Hoyle's draw odds (derive hands --help)",
                add_help=False,
            )
        else:
            module.add_parser(sub)
    return parser


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("derive")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "unknown"


def _internal_errors() -> tuple[type[Exception], ...]:
    from derive.solving.linear_program import ExactLPError
    from derive.solving.parameters.parametric_lp import ParametricError
    from derive.solving.zero_sum.from_rules import SymbolicGameError

    return (ExactLPError, ParametricError, SymbolicGameError)


def _notebook_error() -> type[Exception]:
    from derive.presentation.notebook_execution import NotebookError

    return NotebookError


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
    parser = build_parser()
    if not argv:  # bare `derive`: say what it can do
        print(parser.format_help(), file=err, end="")
        return 2
    args = None
    finished = False
    try:
        args = parser.parse_args(argv)
        args.progress = Progress(err, getattr(args, "quiet", False))
        args.err = err
        status = COMMANDS[args.command].run(args, out, err)
        finished = True
        return status
    except (UsageError, GameDefinitionError, GameModelError, OutputError, _notebook_error()) as exc:
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
        # an error or Ctrl-C leaves no empty folder behind (files already written stay)
        output_files = sys.modules.get("derive.presentation.output_files")
        if output_files is not None:
            output_files.forget_new_folders() if finished else output_files.remove_empty_new_folders()
