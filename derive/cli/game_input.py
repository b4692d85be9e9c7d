"""The game a command works on, from its options: a built-in name or a Gambit file (GAME), the
one-card poker of ``--deck/--max-bets/--ante/--bet``, or a game with a parameter (``--param``).

Used by the commands that take a game (:mod:`derive.cli.solve`, :mod:`derive.cli.draw`,
:mod:`derive.cli.latex`, :mod:`derive.cli.export`, ...); a mistyped option is a
:class:`~derive.cli.arguments.UsageError` or a :class:`~derive.games.one_card.GameDefinitionError`
naming the option.
"""

from __future__ import annotations

import re
import sys

from derive.cli.arguments import UsageError, int_arg
from derive.extensive_form.game import GameModelError
from derive.games.one_card import GameDefinitionError, one_card_poker

__all__ = [
    "game_from_args",
    "only_defaults",
    "PARAM_BOUND",
    "parametric_game",
    "plane_game",
    "rules_from_args",
    "slug",
]


def game_from_args(args):
    """The general game named by ``args.game``, or the one-card game of the poker options."""
    from derive.games.registry import load_game

    if args.game is not None:
        only_defaults(args)
        game = load_game(args.game, rationalize=args.rationalize)
        _warn_renamed(game, getattr(args, "err", sys.stderr))
        return game
    from derive.games.one_card import to_extensive_form

    return to_extensive_form(rules_from_args(args))


def _warn_renamed(game, err, shown: int = 3) -> None:
    """A line on ``err`` for each information set whose repeated labels were renamed (a few, then a count)."""
    messages = game.metadata.get("renamed", ())
    for message in messages[:shown]:
        print(f"derive: warning: {message}", file=err)
    if len(messages) > shown:
        more = len(messages) - shown
        which = "information set's label" if more == 1 else "information sets' labels"
        print(f"derive: warning: and {more} more {which} renamed", file=err)


def only_defaults(args) -> None:
    """Refuse the one-card options with a GAME; for a parameter the game has, say how to give it."""
    from derive.games.registry import BUILTIN_GAMES

    for flag, default in (("deck", "3"), ("max_bets", "1"), ("ante", "1"), ("bet", "1")):
        value = getattr(args, flag, default)
        if value != default:
            builtin = BUILTIN_GAMES.get(str(args.game).partition(":")[0])
            names = {a for p in builtin.parameters for a in (p.name, *p.aliases)} if builtin else set()
            hint = f" (give it with the name: {builtin.name}:{flag}={value})" if flag in names else ""
            raise UsageError(
                f"--{flag.replace('_', '-')} applies to one-card poker, not to GAME {args.game!r}{hint}"
            )


#: Largest |LO| and |HI| of --param (a bet or a pot of a million chips; beyond, HiGHS's floats overflow).
PARAM_BOUND = 10**6


def parametric_game(args):
    """``(game, symbol, lo, hi)`` for ``--param NAME=LO..HI``: the game built with NAME a symbol."""
    import sympy as sp

    from derive.games.registry import BUILTIN_GAMES, parse_game_spec

    name, ends, lo, hi = _read_param(args.param)
    symbol = sp.Symbol(name, positive=True) if lo >= 0 else sp.Symbol(name, real=True)
    if args.game is None:
        if name not in ("ante", "bet"):
            raise UsageError(f"--param {args.param!r}: one-card poker's parameters are ante and bet")
        if lo < 0:
            raise UsageError(f"--param {args.param!r}: the {name} cannot be negative, got {ends[0]}")
        if getattr(args, name, "1") != "1":
            raise UsageError(f"give --{name} or --param {name}=LO..HI, not both")
        amounts = {"ante": getattr(args, "ante", "1"), "bet": getattr(args, "bet", "1"), name: symbol}
        n = int_arg(getattr(args, "deck", "3"), "--deck")
        k = int_arg(getattr(args, "max_bets", "1"), "--max-bets")
        from derive.games.one_card import to_extensive_form

        return to_extensive_form(_one_card_poker(n, k, amounts["ante"], amounts["bet"])), symbol, lo, hi
    only_defaults(args)
    parsed = (BUILTIN_GAMES[args.game], {}) if args.game in BUILTIN_GAMES else parse_game_spec(args.game)
    if parsed is None:
        raise UsageError(
            f"--param needs a built-in game or the one-card options, not {args.game!r}: a Gambit file names no "
            "parameters (build the game in Python with a sympy symbol and call parametric_solve)"
        )
    spec, options = parsed
    if not spec.parameters:
        raise UsageError(f"{spec.name} has no parameters to vary")
    declared = next((p for p in spec.parameters if name in (p.name, *p.aliases)), None)
    if declared is not None and (why := declared.outside(lo, hi, name)):
        raise UsageError(f"--param {args.param!r}: {why}")
    try:
        return spec.build_with(options, **{name: symbol}), symbol, lo, hi
    except GameModelError:
        if lo < 0:  # the builder wants the amount positive
            raise UsageError(
                f"--param {args.param!r}: {spec.name}'s {name} cannot be negative, got {ends[0]}"
            ) from None
        raise


def _read_param(text: str):
    """``(name, (lo text, hi text), lo, hi)`` of ``NAME=LO..HI`` (UsageError naming the option)."""
    from derive.extensive_form.build import exact_value

    match = re.fullmatch(r"\s*([A-Za-z_]\w*)\s*=\s*(.+?)\s*\.\.\s*(.+?)\s*", text)
    if not match:
        raise UsageError(f"--param {text!r}: give NAME=LO..HI, e.g. bet=0..4")
    name, *ends = match.groups()
    values = []
    for end in ends:
        try:
            value = exact_value(end, "an end")
        except GameModelError:
            value = None
        if value is None or not value.is_Rational:
            raise UsageError(f"--param {text!r}: {end!r} is not an exact number (e.g. 2, 1/2, 0.25)")
        values.append(value)
    lo, hi = values
    if lo >= hi:
        raise UsageError(f"--param {text!r}: the interval must have LO < HI")
    for end, value in zip(ends, values):
        if abs(value) > PARAM_BOUND:
            raise UsageError(f"--param {text!r}: {end} is outside [-{PARAM_BOUND}, {PARAM_BOUND}]")
    return name, ends, lo, hi


def plane_game(args):
    """``(game, (symbol, symbol), ((lo, hi), (lo, hi)))`` for two ``--param NAME=LO..HI``: the game
    built with both names symbols (a built-in game, or one-card poker's ante and bet).

    Raises
    ------
    UsageError
        For a third ``--param``, a malformed or empty interval, the same name twice, a name the game
        lacks, or a negative amount.
    """
    import sympy as sp

    from derive.games.registry import BUILTIN_GAMES, parse_game_spec

    if getattr(args, "param_extra", None):
        raise UsageError(
            f"--param is given {2 + len(args.param_extra)} times: at most two parameters (a box)"
        )
    read = [_read_param(text) for text in (args.param, args.param2)]
    if read[0][0] == read[1][0]:
        raise UsageError(f"--param {read[0][0]} is given twice: give two different parameters")
    symbols = []
    for name, _, lo, _ in read:
        symbols.append(sp.Symbol(name, positive=True) if lo >= 0 else sp.Symbol(name, real=True))
    box = tuple((lo, hi) for _, _, lo, hi in read)
    amounts = {name: s for (name, *_), s in zip(read, symbols)}
    if args.game is None:
        for (name, ends, lo, _), text in zip(read, (args.param, args.param2)):
            if name not in ("ante", "bet"):
                raise UsageError(f"--param {text!r}: one-card poker's parameters are ante and bet")
            if lo < 0:
                raise UsageError(f"--param {text!r}: the {name} cannot be negative, got {ends[0]}")
            if getattr(args, name, "1") != "1":
                raise UsageError(f"give --{name} or --param {name}=LO..HI, not both")
        n = int_arg(getattr(args, "deck", "3"), "--deck")
        k = int_arg(getattr(args, "max_bets", "1"), "--max-bets")
        given = {"ante": getattr(args, "ante", "1"), "bet": getattr(args, "bet", "1"), **amounts}
        from derive.games.one_card import to_extensive_form

        return to_extensive_form(_one_card_poker(n, k, given["ante"], given["bet"])), tuple(symbols), box
    only_defaults(args)
    parsed = (BUILTIN_GAMES[args.game], {}) if args.game in BUILTIN_GAMES else parse_game_spec(args.game)
    if parsed is None:
        raise UsageError(f"--param needs a built-in game or the one-card options, not {args.game!r}")
    spec, options = parsed
    for (name, _, lo, hi), text in zip(read, (args.param, args.param2)):
        declared = next((p for p in spec.parameters if name in (p.name, *p.aliases)), None)
        if declared is None:
            have = ", ".join(p.name for p in spec.parameters) or "none"
            raise UsageError(
                f"--param {text!r}: {spec.name} has no parameter {name!r} (its parameters: {have})"
            )
        if why := declared.outside(lo, hi, name):
            raise UsageError(f"--param {text!r}: {why}")
    try:
        return spec.build_with(options, **amounts), tuple(symbols), box
    except GameModelError as exc:
        if any(lo < 0 for lo, _ in box):
            raise UsageError(f"--param: {spec.name}'s amounts cannot be negative ({exc})") from None
        raise


def rules_from_args(args, tree: bool = True):
    """The one-card rules of the options; ``tree=False``: only the sequence form will be built
    (``derive solve``), so its size is what is capped, not the tree's."""
    from derive.games.one_card import MAX_NODES

    n = int_arg(args.deck, "--deck")
    k = int_arg(args.max_bets, "--max-bets")
    rules = _one_card_poker(n, k, args.ante, args.bet)
    if not tree:
        from derive.sequence_form.from_rules import MAX_ENTRIES, matrix_entries, one_card_sequence_form

        entries = matrix_entries(rules)
        if entries > MAX_ENTRIES:  # solved by the LP with running sums over the cards: its rows are capped
            from derive.solving.zero_sum.running_sums import MAX_ROWS, running_sum_rows

            rows = running_sum_rows(one_card_sequence_form(rules))
            if rows > MAX_ROWS:
                raise GameDefinitionError(
                    f"--deck {n} --max-bets {k} gives a sequence form with {entries:,} payoff entries, more than "
                    f"the {MAX_ENTRIES:,} solved as a matrix, and an LP with running sums over the cards of "
                    f"{rows:,} rows, more than the limit of {MAX_ROWS:,} (about 30 s and 300 MB on two cores)"
                )
        return rules
    if rules.num_nodes > MAX_NODES:
        raise GameDefinitionError(
            f"--deck {n} --max-bets {k} gives {rules.num_nodes:,} tree nodes, more than the limit of {MAX_NODES:,}"
        )
    return rules


def _one_card_poker(n, k, ante, bet):
    """:func:`one_card_poker`, its errors naming the options the user typed (``--max-bets``, not
    ``max_bets``)."""
    try:
        return one_card_poker(n, k, ante, bet)
    except GameDefinitionError as exc:
        text = re.sub(r"^(deck|max_bets|ante|bet)\b", lambda m: "--" + m[1].replace("_", "-"), str(exc))
        raise GameDefinitionError(text.replace("--bet/ante", "--bet/--ante")) from None


def slug(args) -> str:
    from pathlib import Path

    if args.game is None:
        return f"one_card_N{args.deck}_k{args.max_bets}"
    stem = Path(args.game).stem if Path(args.game).suffix else args.game
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in stem)
