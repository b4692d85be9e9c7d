"""Read Gambit's strategic-game format (``NFG 1 R``, payoff and outcome versions) as an extensive game.

Reference: Gambit documentation, "The strategic game (.nfg) file format"
(https://gambitproject.readthedocs.io/en/latest/formats.html).
"""

from __future__ import annotations

import math
from fractions import Fraction

from derive.extensive_form.build import decision, extensive_form, payoff
from derive.extensive_form.game import Game, GameModelError
from derive.formats.tokens import (
    GambitFormatError,
    _distinct,
    _filled,
    _Parser,
    _quoted,
    _renamed,
    _show_int,
)

__all__ = ["parse_nfg"]


def parse_nfg(text: str, *, rationalize: bool = False, source: str = "<string>") -> Game:
    """Read a Gambit strategic game (``NFG 1 R``, payoff or outcome version) as an extensive game.

    Player 1 moves at the root, choosing a strategy; player 2 moves at one information set
    spanning all of player 1's choices, and so on, so that no player sees another's choice.
    Strategy names become action labels; the payoffs (or the outcome's payoffs) sit at the leaves.

    Parameters
    ----------
    text : str
        The file's contents.
    rationalize : bool, optional
        As in :func:`parse_efg` (for payoffs).
    source : str, optional
        The file name that error messages and ``metadata["source"]`` give.

    Returns
    -------
    Game
        The game; ``metadata`` holds ``source``, ``format`` (``"nfg"``), ``rationalized``,
        ``renamed`` (a message for each player whose repeated or empty strategy labels were
        renamed) and ``strategies`` (each player's strategy labels).  Information sets are labelled ``"1:1"``,
        ``"2:1"``, ...; a strategic game given by strategy counts has strategies ``"1"``, ``"2"``, ...
        In the payoff list player 1's strategy varies fastest (Gambit's convention), so the
        ``k``-th payoff vector (from 0) belongs to the profile whose digits, player 1's the least
        significant, spell ``k``.  Outcome 0 of the outcome version is "no outcome" (zero payoffs).

    Raises
    ------
    GambitFormatError
        One line naming ``source``, the line and the token at fault: a bad header, a strategy count
        that is not a whole number from 1 to ``2**31 - 1``, too few or too many payoffs or outcome
        indices, an outcome index out of range.

    References
    ----------
    Gambit documentation, "The strategic game (.nfg) file format, payoff version" and
    "... outcome version", https://gambitproject.readthedocs.io/en/latest/formats.html
    """
    parser = _Parser(text, source, rationalize)
    title, raw_players = parser.header("NFG", "1")
    n_players = len(raw_players)
    parser.expect("{", "'{' opening the strategies")
    strategies: list[list[str] | int] = []  # labels, or a count of strategies
    if parser.peek().kind == "{":
        for p in range(n_players):
            parser.expect("{", f"'{{' opening the strategies of player {p + 1}")
            names = []
            while parser.peek().kind == "string":
                names.append(parser.next().text)
            token = parser.expect("}", f"a strategy name or '}}' closing player {p + 1}'s strategies")
            if not names:
                raise parser.error(f"player {p + 1} has no strategies", token)
            strategies.append(names)
    else:
        # the labels "1", "2", ... are made once the table is read: a file claiming 2**31 - 1
        # strategies ends long before that many payoffs
        for p in range(n_players):
            strategies.append(parser.integer(f"the number of strategies of player {p + 1}", minimum=1))
    parser.expect("}", f"'}}' closing the strategies of the {n_players} players")
    comment = parser.string("the comment") if parser.peek().kind == "string" else ""
    counts = [s if isinstance(s, int) else len(s) for s in strategies]
    n_profiles = math.prod(counts)

    table: list[tuple[tuple[Fraction, ...] | None, str]] = []
    if parser.peek().kind == "{":
        parser.next()
        defined: list[tuple[tuple[Fraction, ...], str]] = []
        while parser.peek().kind == "{":
            parser.next()
            label = parser.string(f"the label of outcome {len(defined) + 1}")
            defined.append((parser.payoffs(n_players, f"outcome {len(defined) + 1}", opened=True), label))
        parser.expect("}", "'{' opening an outcome or '}' closing the list of outcomes")
        for k in range(n_profiles):
            token = parser.peek()
            if token.kind == "eof":
                raise parser.error(
                    f"the file ends after {k} of the {_show_int(n_profiles)} outcome indices", token
                )
            index = parser.integer(f"the outcome index of profile {k + 1}")
            if index > len(defined):
                raise parser.error(
                    f"outcome index {index} of profile {k + 1}: only {len(defined)} "
                    + ("outcome is defined" if len(defined) == 1 else "outcomes are defined"),
                    token,
                )
            table.append((None, "") if index == 0 else defined[index - 1])
    else:
        for k in range(n_profiles):
            values = []
            for p in range(n_players):
                token = parser.peek()
                if token.kind == "eof":
                    raise parser.error(
                        f"the file ends after {k * n_players + p} of the "
                        f"{_show_int(n_profiles * n_players)} payoffs",
                        token,
                    )
                value, text_ = parser.number(f"payoff {k * n_players + p + 1}")
                values.append(
                    parser.maybe_rationalize(value, text_, f"profile {k + 1}: payoff of player {p + 1}")
                )
            table.append((tuple(values), ""))
    token = parser.peek()
    if token.kind != "eof":
        raise parser.error(
            f"unexpected {token.describe()} after the last of the {n_profiles} profiles", token
        )

    players = _filled(raw_players, lambda i: f"Player {i + 1}")
    labels = [_distinct(s) if isinstance(s, list) else [str(k + 1) for k in range(s)] for s in strategies]
    renamed = [
        message
        for p, s in enumerate(strategies)
        if isinstance(s, list)
        for message in _renamed(f"the strategies of {_quoted(players[p])}", s, labels[p])
    ]
    strides = [math.prod(counts[:p]) for p in range(n_players + 1)]
    # bottom-up, without recursion (a file may list thousands of players): the subtrees below
    # player p's moves, one for each choice of the players before p, by its offset in the table
    level = [None if values is None else payoff(*values, outcome_label=label) for values, label in table]
    for p in reversed(range(n_players)):
        level = [
            decision(p, f"{p + 1}:1", {a: level[offset + s * strides[p]] for s, a in enumerate(labels[p])})
            for offset in range(strides[p])
        ]

    metadata = {
        "source": source,
        "format": "nfg",
        "rationalized": tuple(parser.messages),
        "renamed": tuple(renamed),
        "strategies": tuple(tuple(s) for s in labels),
    }
    try:
        return extensive_form(players, level[0], title=title, comment=comment, symbols=(), metadata=metadata)
    except GameModelError as exc:
        raise GambitFormatError(str(exc), source=source) from None
