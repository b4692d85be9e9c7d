"""Read Gambit's extensive-game format (``EFG 2 R``) into a :class:`~derive.extensive_form.game.Game`.

Reference: Gambit documentation, "The extensive game (.efg) file format"
(https://gambitproject.readthedocs.io/en/latest/formats.html).
"""

from __future__ import annotations

from fractions import Fraction

from derive.extensive_form.game import CHANCE, Game, GameModelError, InformationSet, Node
from derive.formats.tokens import (
    _ROUNDED_FLOAT_DIGITS,
    GambitFormatError,
    _distinct,
    _filled,
    _InfosetDef,
    _is_decimal,
    _node_text,
    _OutcomeDef,
    _Parser,
    _quoted,
    _rational,
    _Record,
    _renamed,
    _short,
    _show,
    _significant_digits,
)

__all__ = ["parse_efg"]


def _efg_records(parser: _Parser, n_players: int):
    records: list[_Record] = []
    infosets: dict[tuple[int, int], _InfosetDef] = {}  # (player number, 0 for chance; number)
    outcomes: dict[int, _OutcomeDef] = {}
    stack: list[list[int]] = [[-1, 1]]  # [parent, children still to read]
    while stack:
        if stack[-1][1] == 0:
            stack.pop()
            continue
        stack[-1][1] -= 1
        parent = stack[-1][0]
        index = len(records)
        token = parser.next()
        if token.kind == "eof" and index == 0:
            raise parser.error("the file ends after its header: there are no nodes", token)
        if token.kind == "eof":
            missing = stack[-1][1] + 1 + sum(s[1] for s in stack[:-1])
            raise parser.error(
                f"the file ends after node {index - 1}; the tree needs at least {missing} more "
                f"node{'s' if missing > 1 else ''} (is the file truncated?)",
                token,
            )
        if token.kind != "word" or token.text not in ("c", "p", "t"):
            raise parser.error(
                f"expected node {index} (a line starting with 'c', 'p' or 't'), found {token.describe()}",
                token,
            )
        rec = _Record(token.text, token.line, parser.string(f"the label of node {index}"), parent)
        where = f"node {_node_text(index, rec.label)}"
        if rec.kind in "cp":
            if rec.kind == "p":
                number_token = parser.peek()
                rec.player = parser.integer(f"the player of {where}", minimum=1)
                if rec.player > n_players:
                    raise parser.error(
                        f"{where}: no player {rec.player}; the game has {n_players} player"
                        f"{'s' if n_players > 1 else ''}",
                        number_token,
                    )
            what = "information set" if rec.kind == "p" else "chance information set"
            rec.infoset = parser.integer(f"the {what} number of {where}")
            key = (rec.player or 0, rec.infoset)
            name = f"{what} {rec.infoset}" + (f" of player {rec.player}" if rec.player else "")
            if parser.peek().kind == "string":
                defn = _efg_infoset(parser, rec.kind == "c", where)
                old = infosets.get(key)
                if old is None:
                    infosets[key] = defn
                    if rec.kind == "c":
                        _check_chance(parser, defn, index, rec.label)
                elif (old.label, old.actions, old.probs) != (defn.label, defn.actions, defn.probs):
                    raise parser.error(
                        f"{where}: {name} is described differently from its first description at line "
                        f"{old.line}",
                        parser.tokens[parser.pos - 1],
                    )
            elif key not in infosets:
                raise parser.error(
                    f"{where}: {name} is used before it is described (its actions are not given)",
                    parser.peek(),
                )
        rec.outcome = _efg_outcome(parser, outcomes, n_players, where)
        if rec.kind in "cp":
            n_children = len(infosets[(rec.player or 0, rec.infoset)].actions)
            stack.append([index, n_children])
        if parent >= 0:
            records[parent].children.append(index)
        records.append(rec)
    token = parser.peek()
    if token.kind != "eof":
        raise parser.error(
            f"unexpected {token.describe()} after the last node (the tree is complete at node "
            f"{len(records) - 1})",
            token,
        )
    return records, infosets, outcomes


def _efg_infoset(parser: _Parser, chance: bool, where: str) -> _InfosetDef:
    start = parser.peek()
    label = parser.next().text
    parser.expect("{", f"'{{' opening the actions of {where}")
    actions: list[str] = []
    probs: list[Fraction] = []
    texts: list[str] = []
    while parser.peek().kind == "string":
        action = parser.next().text
        actions.append(action)
        if chance:
            value, text = parser.number(f"the probability of action {_quoted(action)} at {where}")
            probs.append(parser.maybe_rationalize(value, text, f"{where}: probability of {_quoted(action)}"))
            texts.append(text)
    token = parser.next()
    if token.kind != "}":
        expected = "an action label and its probability" if chance else "an action label (a quoted string)"
        raise parser.error(f"{where}: expected {expected} or '}}', found {token.describe()}", token)
    if not actions:
        raise parser.error(f"{where} has an empty list of actions", token)
    return _InfosetDef(start.line, label, tuple(actions), tuple(probs), tuple(texts))


def _check_chance(parser: _Parser, defn: _InfosetDef, index: int, label: str) -> None:
    node = f"chance node {_node_text(index, label)}"
    for action, p in zip(defn.actions, defn.probs):
        if p < 0:
            raise GambitFormatError(
                f"{node}: probability {_show(p)} of {_quoted(action)} is negative",
                source=parser.source,
                line=defn.line,
            )
    total = sum(defn.probs, Fraction(0))
    if not parser.rationalize:
        for action, text in zip(defn.actions, defn.texts):
            if _is_decimal(text) and _significant_digits(text) > _ROUNDED_FLOAT_DIGITS:
                raise GambitFormatError(
                    f"{node}: probability {_short(text)} of {_quoted(action)} looks like a rounded float; "
                    "write an exact fraction such as 1/3, or use rationalize=True (--rationalize)",
                    source=parser.source,
                    line=defn.line,
                )
    if total == 1:
        return
    floats = any(_is_decimal(t) and _significant_digits(t) > _ROUNDED_FLOAT_DIGITS for t in defn.texts)
    message = f"{node} probabilities sum to {_show(total)}, not 1"
    if parser.rationalize and floats:
        message += " even after rationalizing"
    elif floats:
        message += "; they look like rounded floats: use rationalize=True (--rationalize)"
    raise GambitFormatError(message, source=parser.source, line=defn.line)


def _efg_outcome(parser: _Parser, outcomes: dict[int, _OutcomeDef], n_players: int, where: str) -> int:
    number_token = parser.peek()
    number = parser.integer(f"the outcome number of {where}")
    if parser.peek().kind != "string":
        if number and number not in outcomes:
            raise parser.error(f"{where}: outcome {number} is used before it is defined", number_token)
        return number
    if number == 0:
        raise parser.error(f"{where}: outcome 0 (no outcome) cannot have a label or payoffs", parser.peek())
    label_token = parser.next()
    values = parser.payoffs(n_players, f"{where} (outcome {number})")
    old = outcomes.get(number)
    if old is None:
        outcomes[number] = _OutcomeDef(label_token.line, label_token.text, values)
    elif (old.label, old.payoffs) != (label_token.text, values):
        raise parser.error(
            f"{where}: outcome {number} is defined differently from its first definition at line {old.line}",
            label_token,
        )
    return number


def parse_efg(text: str, *, rationalize: bool = False, source: str = "<string>") -> Game:
    """Read a Gambit extensive game (``EFG 2 R`` or ``EFG 2 D``) exactly.

    Parameters
    ----------
    text : str
        The file's contents.
    rationalize : bool, optional
        Replace each decimal with more than 14 significant digits (a printed binary float such
        as ``0.3333333333333333``) by the simplest fraction within ``1e-9`` of it, and record each
        change in ``metadata["rationalized"]``.  Off by default: decimals are read exactly.
    source : str, optional
        The file name that error messages and ``metadata["source"]`` give.

    Returns
    -------
    Game
        The game, nodes in the file's (pre)order; ``metadata`` holds ``source``, ``format``
        (``"efg"``), ``rationalized`` (a tuple of messages), ``renamed`` (a message for each
        information set whose repeated or empty action labels were renamed), ``gambit_infosets`` (for each
        information set in :attr:`Game.infosets` order, its Gambit player number, information-set
        number and label), ``chance_infosets`` (node index -> Gambit chance set number and label)
        and ``outcomes`` (node index -> Gambit outcome number).  See the module docstring for
        how labels are mapped.

    Raises
    ------
    GambitFormatError
        One line naming ``source``, the line and the token, node or value at fault: a bad header,
        a missing or unexpected token, an undefined or inconsistently redefined information set or
        outcome, a player number out of range, a whole number beyond ``2**31 - 1``, a number Gambit
        does not read (``+1``, ``1e+3``), a payoff vector of the wrong length, a truncated
        file, text after the last node, chance probabilities that are negative or do not sum to
        exactly 1 (decimals that look like rounded floats suggest ``rationalize=True``).

    References
    ----------
    Gambit documentation, "The extensive game (.efg) file format",
    https://gambitproject.readthedocs.io/en/latest/formats.efg.html

    Examples
    --------
    Two players each ante 1 (an outcome at the root, added along every play); chance deals a high
    card with probability 0.25, read exactly as 1/4; outcome 3 is defined once and then reused:

    >>> game = parse_efg('''EFG 2 R "Ante" { "Ann" "Bob" } ""
    ... c "deal" 1 "" { "high" 0.25 "low" 3/4 } 1 "antes" { -1, -1 }
    ... p "" 1 1 "Ann" { "bet" "fold" } 0
    ... t "" 2 "Ann wins" { 2, 0 }
    ... t "" 3 "Bob wins" { 0, 2 }
    ... p "" 1 1 "Ann" { "bet" "fold" } 0
    ... t "" 3
    ... t "" 3
    ... ''')
    >>> game
    <Game 'Ante': 2 players, 7 nodes, 1 information set, zero-sum>
    >>> game.nodes[0].probabilities
    (1/4, 3/4)
    >>> game.payoffs
    {2: (1, -1), 3: (-1, 1), 5: (-1, 1), 6: (-1, 1)}
    >>> game.infosets[0].label, game.infosets[0].nodes
    ('Ann', (1, 4))
    """
    parser = _Parser(text, source, rationalize)
    title, raw_players = parser.header("EFG", "2")
    comment = parser.string("the comment") if parser.peek().kind == "string" else ""
    records, infoset_defs, outcome_defs = _efg_records(parser, len(raw_players))
    players = _filled(raw_players, lambda i: f"Player {i + 1}")
    n_players = len(players)

    # information sets: by player, then first appearance in preorder (the builder's order)
    first_seen: dict[tuple[int, int], int] = {}
    for index, rec in enumerate(records):
        if rec.kind == "p":
            first_seen.setdefault((rec.player, rec.infoset), index)
    keys = sorted(first_seen, key=lambda k: (k[0], first_seen[k]))
    position = {k: i for i, k in enumerate(keys)}
    labels: dict[tuple[int, int], str] = {}
    for p in range(1, n_players + 1):
        mine = [k for k in keys if k[0] == p]
        filled = _filled([infoset_defs[k].label for k in mine], lambda i, p=p, mine=mine: f"{p}:{mine[i][1]}")
        labels.update(zip(mine, filled))
    actions = {k: tuple(_distinct(d.actions)) for k, d in infoset_defs.items()}
    renamed = [
        message
        for k, d in infoset_defs.items()
        for message in _renamed(
            f"the actions at chance's information set {k[1]}"
            if k[0] == 0
            else f"the actions at player {k[0]}'s information set {_quoted(labels.get(k, str(k[1])))}",
            d.actions,
            actions[k],
        )
    ]
    members: dict[tuple[int, int], list[int]] = {k: [] for k in keys}

    nodes = []
    for index, rec in enumerate(records):
        outcome = outcome_defs[rec.outcome] if rec.outcome else None
        vector = None if outcome is None else tuple(_rational(v) for v in outcome.payoffs)
        common = dict(
            index=index,
            parent=rec.parent,
            children=tuple(rec.children),
            outcome=vector,
            label=rec.label,
            outcome_label="" if outcome is None else outcome.label,
        )
        if rec.kind == "t":
            nodes.append(Node(player=None, infoset=None, actions=(), **common))
        elif rec.kind == "c":
            defn = infoset_defs[(0, rec.infoset)]
            nodes.append(
                Node(
                    player=CHANCE,
                    infoset=None,
                    actions=actions[(0, rec.infoset)],
                    probabilities=tuple(_rational(p) for p in defn.probs),
                    **common,
                )
            )
        else:
            key = (rec.player, rec.infoset)
            members[key].append(index)
            nodes.append(Node(player=rec.player - 1, infoset=position[key], actions=actions[key], **common))
    infosets = tuple(
        InformationSet(i, k[0] - 1, labels[k], actions[k], tuple(members[k])) for i, k in enumerate(keys)
    )
    metadata = {
        "source": source,
        "format": "efg",
        "rationalized": tuple(parser.messages),
        "renamed": tuple(renamed),
        "gambit_infosets": tuple((k[0], k[1], infoset_defs[k].label) for k in keys),
        "chance_infosets": {
            i: (rec.infoset, infoset_defs[(0, rec.infoset)].label)
            for i, rec in enumerate(records)
            if rec.kind == "c"
        },
        "outcomes": {i: rec.outcome for i, rec in enumerate(records) if rec.outcome},
    }
    try:
        return Game(
            players=tuple(players),
            nodes=tuple(nodes),
            infosets=infosets,
            title=title,
            comment=comment,
            metadata=metadata,
        )
    except GambitFormatError:
        raise
    except GameModelError as exc:
        raise GambitFormatError(str(exc), source=source) from None
