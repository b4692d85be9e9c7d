"""Write a numeric :class:`~derive.extensive_form.game.Game` as a Gambit ``EFG 2 R`` file, exactly."""

from __future__ import annotations

from collections import Counter
from os import PathLike
from pathlib import Path

import sympy as sp

from derive.extensive_form.game import Game, GameModelError
from derive.formats.tokens import (
    GambitFormatError,
    _digits_of_int,
    _node_text,
    _quoted,
    _short,
)

__all__ = ["gambit_compatible", "save_efg", "write_efg"]


def _quote(text: str) -> str:
    out = []
    for i, ch in enumerate(text):
        if ch == '"':
            out.append('\\"')
        elif ch == "\\" and (i + 1 == len(text) or text[i + 1] in '"\\'):
            out.append("\\\\")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _write_number(value: sp.Expr, where: str) -> str:
    if not isinstance(value, sp.Expr) or not value.is_Rational:
        raise GameModelError(
            f"{where}: {_short(str(value))} is not a rational number; Gambit files hold exact rationals"
        )
    p, q = int(value.p), int(value.q)
    return _digits_of_int(p) if q == 1 else f"{_digits_of_int(p)}/{_digits_of_int(q)}"


def write_efg(game: Game) -> str:
    """The game as a Gambit ``EFG 2 R`` file, with exact rationals (``p/q``).

    Nodes are written in preorder; information sets are numbered per player in
    :attr:`Game.infosets` order; each chance node gets its own chance information set; each node
    with an outcome gets its own Gambit outcome, labelled with the node's ``outcome_label``.
    Labels are quoted as described in the module docstring, so :func:`parse_efg` reads the text
    back into a game equal to ``game`` (provided its information-set and action labels are
    non-empty, as those of every game this module reads are).

    Parameters
    ----------
    game : Game
        Any game whose payoffs and probabilities are rational numbers.

    Returns
    -------
    str
        The file's text (ending with a newline).

    Raises
    ------
    GameModelError
        If a payoff or probability contains a symbol (the message names the symbols) or is not a
        rational number.

    References
    ----------
    Gambit documentation, "The extensive game (.efg) file format",
    https://gambitproject.readthedocs.io/en/latest/formats.efg.html
    """
    symbols: set[sp.Symbol] = set()
    for node in game.nodes:
        for v in (*(node.outcome or ()), *node.probabilities):
            symbols |= v.free_symbols
    if symbols:
        names = ", ".join(sorted(str(s) for s in symbols))
        raise GameModelError(
            f"cannot write game {_quoted(game.title)} as a Gambit file: its payoffs or probabilities contain the "
            f"symbols {names}; substitute numbers first"
        )
    number_in_player: dict[int, int] = {}
    counters: Counter = Counter()
    for info in game.infosets:
        counters[info.player] += 1
        number_in_player[info.index] = counters[info.player]
    lines = [
        f"EFG 2 R {_quote(game.title)} {{ {' '.join(_quote(p) for p in game.players)} }}",
        _quote(game.comment),
        "",
    ]
    n_chance = n_outcomes = 0
    for node in game.nodes:
        where = f"node {_node_text(node.index, node.label)}"
        if node.outcome is None:
            outcome = "0"
        else:
            n_outcomes += 1
            values = ", ".join(_write_number(v, f"payoff at {where}") for v in node.outcome)
            outcome = f"{n_outcomes} {_quote(node.outcome_label)} {{ {values} }}"
        if node.is_terminal:
            lines.append(f"t {_quote(node.label)} {outcome}")
        elif node.is_chance:
            n_chance += 1
            moves = " ".join(
                f"{_quote(a)} {_write_number(p, f'probability of {_quoted(a)} at chance {where}')}"
                for a, p in zip(node.actions, node.probabilities)
            )
            lines.append(f'c {_quote(node.label)} {n_chance} "" {{ {moves} }} {outcome}')
        else:
            info = game.infosets[node.infoset]
            moves = " ".join(_quote(a) for a in node.actions)
            lines.append(
                f"p {_quote(node.label)} {node.player + 1} {number_in_player[info.index]} "
                f"{_quote(info.label)} {{ {moves} }} {outcome}"
            )
    return "\n".join(lines) + "\n"


def save_efg(game: Game, path: str | PathLike) -> Path:
    """Write :func:`write_efg`'s text to ``path`` (UTF-8).

    Parameters
    ----------
    game : Game
        Any game with rational payoffs and probabilities.
    path : str or path-like
        The file to write (replaced if it exists).

    Returns
    -------
    pathlib.Path
        The path written.

    Raises
    ------
    GameModelError
        As :func:`write_efg` (nothing is written).
    GambitFormatError
        If the file cannot be written (names the path and the reason).

    References
    ----------
    Gambit documentation, "The extensive game (.efg) file format",
    https://gambitproject.readthedocs.io/en/latest/formats.efg.html
    """
    text = write_efg(game)
    p = Path(path)
    try:
        p.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise GambitFormatError(f"cannot be written: {exc.strerror or exc}", source=str(p)) from None
    return p


def _ascii_label(text: str) -> str:
    """``text`` as Gambit 16.7 accepts a label: printable ASCII, single inner spaces, none at the ends."""
    import unicodedata

    # pygambit 16.7 reads a backslash before a closing quote as escaping it: write none at all
    decomposed = unicodedata.normalize("NFKD", text).replace("\\", "/")
    ascii_text = "".join(
        c if 32 <= ord(c) < 127 else ("" if unicodedata.combining(c) else "?") for c in decomposed
    )
    return " ".join(ascii_text.split())


def _utf8_label(text: str) -> str:
    """``text`` with single inner spaces, none at the ends, no backslash and no control character;
    any other character (``é``, ``→``, ``♠``) kept."""
    text = "".join("?" if ord(c) < 32 or 127 <= ord(c) < 160 else c for c in text.replace("\\", "/"))
    return " ".join(text.split())


def gambit_compatible(game: Game, *, ascii_only: bool = True) -> tuple[Game, tuple[str, ...]]:
    """The game with every label made readable by Gambit, and a message for each label changed.

    Gambit reads labels without leading, trailing or doubled spaces, an information-set label
    once per player, a node label once in the game, and pygambit 16.7 cannot read a label ending
    in a backslash; its reader also refuses any character outside printable ASCII.
    Backslashes become ``/``, spaces are collapsed, and a label that would repeat gets a suffix
    ``_2``, ``_3`` ... .  With ``ascii_only`` (for pygambit 16.7), accented letters also lose their
    accents (``é`` -> ``e``) and other characters outside ASCII become ``?``; without it, UTF-8
    labels (``Kopf→``) are kept as they are.  Structure, payoffs and probabilities are unchanged.

    Parameters
    ----------
    game : Game
        The game to relabel.
    ascii_only : bool, optional
        Write printable ASCII only (default True, what pygambit 16.7 reads); False keeps UTF-8.

    Returns
    -------
    (Game, tuple of str)
        The relabelled game (``game`` itself if nothing changed) and messages such as
        ``"action '♠ raise' written as '? raise'"``.
    """
    import dataclasses

    messages: list[str] = []

    def fix(text: str, what: str, taken: dict[str, int] | None = None) -> str:
        # taken: the labels in use -> the next suffix to try for a label repeating it
        new = _ascii_label(text) if ascii_only else _utf8_label(text)
        if taken is not None:
            if new and new in taken:
                base, k = new, taken[new]
                while f"{base}_{k}" in taken:
                    k += 1
                taken[base] = k + 1
                new = f"{base}_{k}"
            taken.setdefault(new, 2)
        if new != text:
            messages.append(f"{what} {_quoted(text)} written as {_quoted(new)}")
        return new

    taken_players: dict[str, int] = {}
    players = tuple(fix(p, "player", taken_players) for p in game.players)
    taken: dict[int, dict[str, int]] = {}
    infosets = []
    for info in game.infosets:
        label = fix(info.label, "information set", taken.setdefault(info.player, {}))
        seen: dict[str, int] = {}
        actions = tuple(fix(a, f"action of {_quoted(label)}", seen) for a in info.actions)
        infosets.append(dataclasses.replace(info, label=label, actions=actions))
    nodes = []
    taken_nodes: dict[str, int] = {}  # Gambit 16.7 reads a node label once in the whole game
    for n in game.nodes:
        chance_seen: dict[str, int] = {}
        actions = (
            infosets[n.infoset].actions
            if n.infoset is not None
            else tuple(fix(a, f"chance action at node {n.index}", chance_seen) for a in n.actions)
        )
        nodes.append(
            dataclasses.replace(
                n,
                actions=actions,
                label=fix(n.label, f"label of node {n.index}", taken_nodes),
                outcome_label=fix(n.outcome_label, f"outcome label at node {n.index}"),
            )
        )
    label = _ascii_label if ascii_only else _utf8_label
    comment = "".join(
        c if 32 <= ord(c) < 127 or c in "\n\t" or (not ascii_only and ord(c) >= 160) else "?"
        for c in game.comment
    )
    if not messages and label(game.title) == game.title and comment == game.comment:
        return game, ()
    title = fix(game.title, "title")
    if comment != game.comment:
        messages.append(
            f"comment: {'characters outside ASCII' if ascii_only else 'control characters'} written as '?'"
        )
    new = Game(
        players=players,
        nodes=tuple(nodes),
        infosets=tuple(infosets),
        title=title,
        symbols=game.symbols,
        comment=comment,
        metadata=game.metadata,
    )
    return new, tuple(messages)
