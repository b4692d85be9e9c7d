"""The parser's parts that several commands share, and the checks of what the user typed.

Each command module (:mod:`derive.cli.solve`, :mod:`derive.cli.draw`, ...) adds its subcommand with
:func:`add_command` and the shared options below; :mod:`derive.cli.run` puts them together.  A value
the user mistyped raises :class:`UsageError`, which :func:`derive.cli.run.main` prints as one line
with exit status 2.
"""

from __future__ import annotations

import argparse

from derive.games.one_card import GameDefinitionError

__all__ = [
    "UsageError",
    "Parser",
    "add_command",
    "quiet_argument",
    "refine_argument",
    "game_spec_argument",
    "game_arguments",
    "param_argument",
    "refined_or_plain",
    "seconds_arg",
    "int_arg",
]


class UsageError(Exception):
    """A mistake in what the user typed: one line on stderr, exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse's parser, its errors raised as :class:`UsageError` (one line, no usage text)."""

    def error(self, message: str):  # one line, exit status 2
        raise UsageError(message)

    def format_help(self) -> str:
        """The help, opening with the line that says what the command does."""
        description, self.description = self.description, None  # printed once, first
        try:
            text = super().format_help()
        finally:
            self.description = description
        return f"{description}\n\n{text}" if description else text


def add_command(sub, name: str, help: str, **kwargs) -> argparse.ArgumentParser:
    """A subcommand whose ``--help`` opens with ``help`` as a sentence."""
    parser = sub.add_parser(name, help=help, **kwargs)
    parser.description = help[0].upper() + help[1:] + "."
    return parser


def quiet_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quiet", action="store_true", help="print no progress lines on stderr")


def refine_argument(parser: argparse.ArgumentParser, beliefs: bool = False) -> None:
    """``--refine``; with ``beliefs`` (``derive solve``) also sequential, intuitive and d1."""
    more = (
        "; for a general-sum game, sequential (each component's beliefs and sequential part, Kreps & "
        "Wilson 1982; for a signalling game also the intuitive criterion and D1), intuitive or d1 (the "
        "same, for signalling games only)"
        if beliefs
        else ""
    )
    parser.add_argument(
        "--refine",
        default="quasi-perfect",
        choices=["quasi-perfect", "none", *(("sequential", "intuitive", "d1") if beliefs else ())],
        help="which equilibrium to print: quasi-perfect (default; the exact limit of the perturbed LP, "
        "sensible off the path of play) or none (whichever optimal vertex the LP's basis gives; faster, "
        f"but it may fold the best hand where optimal play never goes){more}",
    )


def game_spec_argument(parser: argparse.ArgumentParser) -> None:
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


def game_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--deck", default="3", help="number of cards N >= 2 (default 3: Q < K < A)")
    parser.add_argument(
        "--max-bets", default="1", help="bets plus raises allowed, k >= 0 (default 1: Kuhn poker)"
    )
    parser.add_argument(
        "--ante",
        default="1",
        help="ante in chips, exact: e.g. 1, 1/2 or 0.5 (a decimal is read exactly) (default 1)",
    )
    parser.add_argument("--bet", default="1", help="bet size in chips, exact: e.g. 2, 3/2 or 1.5 (default 1)")


class _Once(argparse.Action):
    """Store an option's value, refusing it a second time (the last would otherwise silently win)."""

    def __call__(self, parser, namespace, values, option_string=None):
        if getattr(namespace, self.dest, None) is not None:
            parser.error(
                f"{option_string} is given twice ({getattr(namespace, self.dest)} and {values}): "
                "one parameter at a time"
            )
        setattr(namespace, self.dest, values)


class _UpToTwo(argparse.Action):
    """The first ``--param`` in ``param``, a second in ``param2``, any more in ``param_extra`` (the
    command refuses them in one line)."""

    def __call__(self, parser, namespace, values, option_string=None):
        if getattr(namespace, "param", None) is None:
            namespace.param = values
        elif getattr(namespace, "param2", None) is None:
            namespace.param2 = values
        else:
            namespace.param_extra = [*(getattr(namespace, "param_extra", None) or []), values]


def param_argument(parser: argparse.ArgumentParser, two: bool = False) -> None:
    """``--param NAME=LO..HI``; ``two``: it may be given twice (a box of two parameters)."""
    if two:
        parser.add_argument(
            "--param",
            action=_UpToTwo,
            metavar="NAME=LO..HI",
            help="answer as exact functions of the parameter NAME on [LO, HI], e.g. bet=0..4 "
            "(`derive games` lists each game's parameters; one-card poker: ante, bet); give it twice "
            "for a map of regions over a box of two parameters",
        )
        parser.set_defaults(param2=None, param_extra=None)
        return
    parser.add_argument(
        "--param",
        action=_Once,
        metavar="NAME=LO..HI",
        help="answer as exact functions of the parameter NAME on [LO, HI], e.g. bet=0..4 "
        "(`derive games` lists each game's parameters; one-card poker: ante, bet)",
    )


def refined_or_plain(compute, args, err):
    """``compute(args.refine)``; if the quasi-perfect refinement cannot be certified, say so in one line
    on stderr and fall back to the LP's equilibrium (``--refine none``), which is still exact and certified."""
    from derive.solving.linear_program import ExactLPError

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


def seconds_arg(text: str, what: str) -> float:
    """A positive number of seconds (an integer or a decimal such as 2.5)."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not value > 0 or value == float("inf"):
        raise UsageError(f"{what} must be a positive number of seconds, got {text!r}")
    return value


def int_arg(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise GameDefinitionError(f"{what} must be an integer, got {text!r}") from None
