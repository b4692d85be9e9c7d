"""``derive casino``: Three Card Poker against the dealer, exactly: the optimal play, the house edge,
simpler strategies and Pair Plus, for the pay tables given (:mod:`derive.casino` does the work).
"""

from __future__ import annotations

import json

from derive.cli.arguments import UsageError, add_command

__all__ = ["add_parser", "run"]


def add_parser(sub) -> None:
    cas = add_command(
        sub,
        "casino",
        help="derive a casino game exactly: Three Card Poker's optimal play and house edge against the dealer",
    )
    cas.add_argument("game", choices=["three-card-poker"], metavar="GAME", help="the game: three-card-poker")
    cas.add_argument(
        "--qualifier",
        default="Q",
        metavar="RANK",
        help="the dealer qualifies with RANK-high or better (default Q)",
    )
    cas.add_argument(
        "--ante-bonus",
        default="5,4,1",
        metavar="SF,TRIPS,STRAIGHT",
        help="Ante Bonus pays (to 1) for a straight flush, three of a kind, a straight (default 5,4,1)",
    )
    cas.add_argument(
        "--pair-plus",
        default="40,30,6,4,1",
        metavar="SF,TRIPS,STRAIGHT,FLUSH,PAIR",
        help="Pair Plus pays (to 1) for a straight flush, three of a kind, a straight, a flush, a pair "
        "(default 40,30,6,4,1)",
    )
    form = cas.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="print JSON (exact values as strings)")
    form.add_argument("--latex", action="store_true", help="print a LaTeX fragment (amsmath, booktabs)")
    cas.add_argument("--all", action="store_true", help="also list every one of the 1755 classes of hands")


def _casino_rules(args):
    """The rules of the options; a bad value is a usage error naming the option and the value."""
    from derive.casino import CasinoError, ThreeCardPokerRules

    fields = {}
    for option, key, text in (
        ("--qualifier", "qualifier", args.qualifier),
        ("--ante-bonus", "ante_bonus", args.ante_bonus),
        ("--pair-plus", "pair_plus", args.pair_plus),
    ):
        value = text if key == "qualifier" else [item.strip() for item in text.split(",")]
        try:
            ThreeCardPokerRules(**{key: value})
        except CasinoError as exc:
            raise UsageError(f"{option} {text}: {exc}") from None
        fields[key] = value
    return ThreeCardPokerRules(**fields)


def run(args, out, err) -> int:
    from derive.casino import (
        three_card_poker,
        three_card_poker_json,
        three_card_poker_latex,
        three_card_poker_text,
    )

    analysis = three_card_poker(_casino_rules(args))
    if args.json:
        print(
            json.dumps(three_card_poker_json(analysis, all_hands=args.all), indent=2, ensure_ascii=False),
            file=out,
        )
    elif args.latex:
        out.write(three_card_poker_latex(analysis))
    else:
        print(three_card_poker_text(analysis, all_hands=args.all), file=out)
    return 0
