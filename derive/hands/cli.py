"""The command ``derive hands``: :func:`hands_main` prints a hand table, or the Hoyle text's draw
claims, checked; bad input is one line on the error stream and exit status 2.
"""

from __future__ import annotations

import argparse
from typing import TextIO

from derive.hands.claims import hoyle_claims
from derive.hands.counting import hand_table
from derive.hands.errors import HandsError
from derive.hands.report import claims_text

__all__ = [
    "hands_main",
]


class _UsageError(Exception):
    pass


class _Exit(Exception):
    def __init__(self, status: int) -> None:
        self.status = status


class _Parser(argparse.ArgumentParser):
    out: TextIO | None = None

    def error(self, message: str):  # one line, exit status 2
        raise _UsageError(message)

    def exit(self, status: int = 0, message: str | None = None):
        if message:
            raise _UsageError(message.strip())
        raise _Exit(status)

    def _print_message(self, message: str, file=None) -> None:
        if message and self.out is not None:
            self.out.write(message)

    def format_help(self) -> str:
        """The help, opening with the line that says what the command does."""
        description, self.description = self.description, None  # printed once, first
        try:
            text = super().format_help()
        finally:
            self.description = description
        return f"{description}\n\n{text}" if description else text


def _int_option(text: str, what: str, low: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise HandsError(f"{what} must be an integer, got {text!r}") from None
    if value < low:
        raise HandsError(f"{what} must be at least {low}, got {value}")
    return value


def hands_main(argv: list[str] | None, out: TextIO, err: TextIO) -> int:
    """``derive hands``: print a hand table, or the draw-odds claims of the Hoyle text.

    ``--hand-size N [--ranks R] [--suits S]`` prints the class, formula,
    count and exact probability of each class of ``N``-card hands;
    ``--draws`` prints the Hoyle text's draw claims, exact, with verdicts.

    Parameters
    ----------
    argv : list of str or None
        The arguments after ``hands`` (None: ``sys.argv[1:]``, as argparse does).
    out, err : text streams
        Where the table and the error go.

    Returns
    -------
    int
        0 on success, 2 on bad input (one line ``derive: error: ...`` on ``err``).

    Raises
    ------
    Nothing: errors in what the user typed are reported on ``err``.

    Examples
    --------
    >>> import io, sys
    >>> hands_main(["--hand-size", "3", "--ranks", "4", "--suits", "1"], sys.stdout, sys.stdout)
    3-card hands from a deck of 4 ranks × 1 suit (4 cards): C(4,3) = 4 hands
    class            formula                               count  probability
    straight flush   C(3,1)·C(1,1)                             3          3/4
    three of a kind  C(4,1)·C(1,3)                             0            0
    straight         C(3,1)·C(1,1)^3 - C(3,1)·C(1,1)           0            0
    flush            C(4,3)·C(1,1) - C(3,1)·C(1,1)             1          1/4
    one pair         C(4,1)·C(1,2)·C(3,1)·C(1,1)               0            0
    high card        (C(4,3) - C(3,1))·(C(1,1)^3 - C(1,1))     0            0
    total            C(4,3)                                    4            1
    classes: three-card poker, as in three-card-poker-frequencies.txt; ace high or low (A-J-Q up to Q-K-A), no wrap-around; a straight beats a flush; 3 straights of 3 among 4 ranks
    0
    >>> hands_main(["--hand-size", "4"], sys.stdout, sys.stdout)
    derive: error: hand size 4 is not supported: 3 (three-card poker) or 5 (draw poker)
    2
    """
    parser = _Parser(
        prog="derive hands",
        description="Poker hand probabilities, exact: a table of hand classes, or the Hoyle text's draw odds.",
    )
    parser.out = out
    parser.add_argument("--hand-size", help="cards in a hand: 3 (three-card poker) or 5 (draw poker)")
    parser.add_argument("--ranks", default="13", help="ranks in the deck, the top one the ace (default 13)")
    parser.add_argument("--suits", default="4", help="suits in the deck (default 4)")
    parser.add_argument(
        "--draws", action="store_true", help="print the Hoyle text's draw-odds claims, checked"
    )
    try:
        args = parser.parse_args(None if argv is None else list(argv))
        if args.hand_size is None and not args.draws:
            raise HandsError("give --hand-size N (3 or 5), or --draws")
        ranks = _int_option(args.ranks, "--ranks", 1)
        suits = _int_option(args.suits, "--suits", 1)
        blocks = []
        if args.hand_size is not None:
            blocks.append(hand_table(_int_option(args.hand_size, "--hand-size", 1), ranks, suits).to_text())
        if args.draws:
            if (ranks, suits) != (13, 4):
                raise HandsError(
                    "--draws checks the Hoyle text on its 52-card deck: leave out --ranks and --suits"
                )
            blocks.append(
                "Hoyle's draw odds (draws from the 52 cards less those held), exact:\n"
                + claims_text(hoyle_claims())
            )
    except _Exit as e:
        return e.status
    except (_UsageError, HandsError) as e:
        message = " ".join(str(e).split())
        err.write(f"derive: error: {message}\n")
        return 2
    try:
        out.write("\n\n".join(blocks) + "\n")
    except BrokenPipeError:  # e.g. `derive hands --hand-size 5 | head`
        pass
    return 0
