"""pygambit, the outside reference, through one small interface for its 16.7 and 17.0.0b2 APIs.

Why two versions: pygambit 16.7 has no wheel for Linux x86_64 / CPython 3.11 (pip compiles it from
source, about 12 minutes on two cores), while 17.0.0b2 ships one but changed the API.  The tests work
with both; every difference between the two is handled here, by feature (``hasattr``), never by
comparing version strings.  The differences, 16.7 -> 17.0.0b2:

* ``Game`` splits into ``ExtensiveGame`` and ``StrategicGame``: ``Game.is_tree`` is gone.
* Players, strategies, actions and outcomes are labels (``str``), no longer objects: ``g.players``
  yields labels, ``player.strategies`` becomes ``g.get_strategies(player)``, ``g[profile]`` (the
  outcome of a pure profile) becomes ``g.get_payoffs({player: strategy})``.
* Nodes and information sets are no longer public: ``Game.root``, ``Game.nodes``, ``Game.infosets``,
  ``Node.label``, ``Node.outcome``, ``Infoset.label`` are gone.  Nodes are addressed by ``History``
  through ``H.path(...)`` selectors (``get_player``, ``get_actions``, ``get_action_probs``,
  ``get_members``, ``get_outcome`` and ``get_outcome_payoffs``), and node and information-set labels
  have no getter at all.  Those getters are also slow on deep trees: each call resolves its history
  from the root, and a ``History`` nests the history of every information set on its path, so that
  ``get_histories`` is cubic in the depth of a chain (320 nodes: 40 s) and hashing a History is
  exponential in it (``layout_tree`` on a chain of 40 nodes does not finish).  So :func:`tree` reads
  17's view of a tree from its own ``to_efg()`` text (every node in preorder, with its labels, player,
  information set, actions, probabilities and outcome), and on small trees checks that view node by
  node against those public getters.
* Mixed profiles are indexed by player label (a whole distribution at a time), not by strategy or
  action objects; ``profile.payoff(player)`` becomes ``profile.payoffs[player]``.
* A solver returns a method-specific result: ``lp_solve``, ``lcp_solve`` on a tree, ``logit_solve``,
  ``ipa_solve`` and ``liap_solve`` give one ``equilibrium`` (``None`` when not accepted) instead of a
  list of ``equilibria``.
* ``Game.new_tree`` becomes ``ExtensiveGame(players, title)``.
* The catalog adds two strategic games, :data:`CATALOG_ADDED_IN_17`; the other 38 files are the same.

Behaviour the tests meet that differs (not the API): 17.0.0b2 reads an exponent with a plus sign
(``1e+3`` is 1000; 16.7 refuses it); its ``to_efg`` crashes the interpreter (a segmentation fault) on
trees deeper than about 7,000 levels (see :func:`chain_length`); ``logit_solve`` returns no equilibrium
when it misses its regret target, where 16.7 returned its profile anyway (regret above the target).

Profiles are built from and read as nested lists in Gambit's own order (``data`` of
``mixed_strategy_profile`` / ``mixed_behavior_profile``, which both versions take): players, then a
player's strategies, or a player's information sets (numbered in preorder of their first member, as
:func:`tree` numbers them) and their actions.
"""

from __future__ import annotations

import io
import itertools
import re
import sys
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

try:
    import pygambit as gbt
except ImportError:  # pragma: no cover - pygambit is a test dependency
    gbt = None

#: Whether pygambit has the 17.0 API (``ExtensiveGame``/``StrategicGame`` and label-based access).
V17 = gbt is not None and hasattr(gbt, "ExtensiveGame")

#: The catalog's files (they ship inside the package).
CATALOG = Path(gbt.__file__).parent / "catalog_data" if gbt is not None else None

#: Catalog games pygambit 17.0.0b2 adds to 16.7's 38 (both strategic; every other file is the same).
CATALOG_ADDED_IN_17 = frozenset(
    {
        "journals/dcg/vonstengel1999/6x6_game_with_75_eq",
        "journals/dcg/vonstengel1999/6x6_game_with_75_eq_small_payoffs",
    }
)

#: Trees with at most this many nodes (and depth) have 17's ``to_efg`` view checked against its getters.
CHECK_NODES, CHECK_DEPTH = 3000, 40


# --------------------------------------------------------------------------- games
def read_game(path) -> object:
    """A ``.efg`` or ``.nfg`` file (by its suffix), read by pygambit."""
    path = Path(path)
    return gbt.read_efg(str(path)) if path.suffix == ".efg" else gbt.read_nfg(str(path))


def is_tree(g) -> bool:
    """Whether the game is an extensive (tree) game."""
    if hasattr(g, "is_tree"):
        return g.is_tree
    return isinstance(g, gbt.ExtensiveGame)


def player_labels(g) -> list[str]:
    return [p if isinstance(p, str) else p.label for p in g.players]


def strategy_labels(g) -> list[list[str]]:
    """Each player's strategy labels, in Gambit's order."""
    if hasattr(g, "get_strategies"):
        return [g.get_strategies(p) for p in g.players]
    return [[s.label for s in p.strategies] for p in g.players]


def table(g) -> dict[tuple[str, ...], tuple[Fraction, ...]]:
    """A strategic game: ``strategy labels profile -> exact payoffs`` over every pure profile
    (zeros where Gambit's outcome is the null outcome)."""
    players = list(g.players)
    out = {}
    if hasattr(g, "get_payoffs"):
        for labels in itertools.product(*strategy_labels(g)):
            payoffs = g.get_payoffs(dict(zip(players, labels)))
            out[labels] = tuple(_fraction(payoffs[p]) for p in players)
        return out
    for profile in itertools.product(*(list(p.strategies) for p in players)):
        outcome = g[profile]  # 16.7: None for the null outcome
        out[tuple(s.label for s in profile)] = tuple(
            Fraction(0) if outcome is None else _fraction(outcome[p]) for p in players
        )
    return out


def tree_with_root_label(players: list[str], title: str, label: str):
    """A one-node tree game whose root is labelled ``label``.

    17.0.0b2 has no public way to label a node, so there the game is read from a one-node file instead
    (Gambit's reader keeps a backslash as it is and reads ``\\"`` as a quote); the label it ends up
    with is checked.
    """
    if hasattr(gbt.Game, "new_tree"):
        g = gbt.Game.new_tree(players=players, title=title)
        g.root.label = label
        return g
    names = " ".join(_quote(p) for p in players)
    g = gbt.read_efg(io.StringIO(f'EFG 2 R {_quote(title)} {{ {names} }}\n""\n\nt {_quote(label)} 0\n'))
    assert tree(g)[0].label == label, "the label was not read as given"
    return g


def _quote(text: str) -> str:
    return '"' + text.replace('"', '\\"') + '"'


# --------------------------------------------------------------------------- trees
@dataclass(frozen=True)
class Node:
    """One node of pygambit's view of a tree, in preorder."""

    label: str
    parent: int | None
    children: tuple[int, ...]
    #: ``None`` at a terminal node, ``"chance"`` at a chance node, else the index of the player who moves
    player: int | str | None
    #: ``(player index, information set index)`` at a personal move, else None
    infoset: tuple[int, int] | None
    infoset_label: str | None
    actions: tuple[str, ...]
    #: the action probabilities at a chance node (else empty)
    probs: tuple[Fraction, ...]
    #: the payoffs of the outcome at this node (inner nodes too), or None for the null outcome
    payoffs: tuple[Fraction, ...] | None

    @property
    def is_terminal(self) -> bool:
        return self.player is None

    @property
    def is_chance(self) -> bool:
        return self.player == "chance"


def tree(g) -> list[Node]:
    """pygambit's view of a tree game, every node in preorder (Gambit's own node order)."""
    with _long_integers():
        if hasattr(g, "root"):
            return _tree_from_nodes(g)
        nodes = _tree_from_efg(g.to_efg())
        if len(nodes) <= CHECK_NODES and _depth(nodes) <= CHECK_DEPTH:
            _check_with_getters(g, nodes)
        return nodes


def infosets(g, nodes: list[Node] | None = None) -> list[list[tuple[str, tuple[str, ...]]]]:
    """Each player's information sets in Gambit's order, as ``(label, action labels)`` (``nodes``:
    the game's :func:`tree`, if already at hand)."""
    found: dict[tuple[int, int], tuple[str, tuple[str, ...]]] = {}
    for node in tree(g) if nodes is None else nodes:
        if node.infoset is not None:
            found.setdefault(node.infoset, (node.infoset_label, node.actions))
    out = [[] for _ in g.players]
    for (p, k), info in sorted(found.items()):
        assert k == len(out[p]), "information sets numbered with a gap"
        out[p].append(info)
    return out


def lp_equilibrium(efg_text: str, path: Path) -> tuple[Fraction, list[dict[str, dict[str, Fraction]]]]:
    """Gambit's exact sequence-form LP (``lp_solve(rational=True)``) on a game given as .efg text
    (written to ``path``): the first player's value and the equilibrium as label-keyed behaviour,
    ``[{information set label: {action: probability}}]`` per player."""
    path.write_text(efg_text)
    g = read_game(path)
    eq = equilibria(gbt.nash.lp_solve(g, rational=True))[0]
    profile = [
        {label: {a: _fraction(x) for a, x in zip(actions, row)} for (label, actions), row in zip(sets, probs)}
        for sets, probs in zip(infosets(g), behaviour_probs(eq))
    ]
    return _fraction(payoffs(eq)[0]), profile


def play_payoffs(g, nodes: list[Node] | None = None) -> list[tuple[Fraction, ...]]:
    """Each terminal node's payoffs in preorder: the outcomes along its play added up (Gambit's rule)."""
    nodes = tree(g) if nodes is None else nodes
    zero = tuple(Fraction(0) for _ in g.players)
    total: list[tuple[Fraction, ...]] = []
    for node in nodes:
        acc = zero if node.parent is None else total[node.parent]
        if node.payoffs is not None:
            acc = tuple(a + b for a, b in zip(acc, node.payoffs))
        total.append(acc)
    return [total[k] for k, node in enumerate(nodes) if node.is_terminal]


def chain_length(g, action: str) -> int | None:
    """How many moves a one-player game has if it is a single chain of one-action moves labelled
    ``action`` (else None).

    17.0.0b2's ``to_efg`` (so :func:`tree`) crashes the interpreter on trees deeper than about 7,000
    levels, and its History getters are cubic in the depth, so there a chain is recognised from public
    facts: one player, no chance, one reduced strategy (so every move has a single action), and its
    leaf found by bisection on the length of the path ``action, action, ...``.
    """
    if len(list(g.players)) != 1:
        return None
    if hasattr(g, "root"):
        nodes = tree(g)
        if any(len(n.children) > 1 or n.is_chance or n.actions not in ((), (action,)) for n in nodes):
            return None
        return len(nodes) - 1
    from pygambit import H

    (player,) = g.players
    if g.get_events() or len(g.get_strategies(player)) != 1:
        return None

    def reaches(k: int) -> bool:
        try:
            g.get_actions(H.path(*[action] * k))
        except (KeyError, ValueError):
            return False
        return True

    high = 1
    while reaches(high):
        high *= 2
    low = high // 2  # reaches(low), not reaches(high)
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (mid, high) if reaches(mid) else (low, mid)
    return low if g.get_actions(H.path(*[action] * low)) == [] else None


def _tree_from_nodes(g) -> list[Node]:
    """16.7: walk the public Node objects (iteratively: trees may be thousands of levels deep)."""
    players = list(g.players)
    rows: list[dict] = []
    stack = [(g.root, None)]
    while stack:
        node, parent = stack.pop()
        row = {
            "label": node.label,
            "parent": parent,
            "payoffs": tuple(_fraction(node.outcome[p]) for p in players) if node.outcome else None,
            "player": None,
            "infoset": None,
            "infoset_label": None,
            "actions": (),
            "probs": (),
        }
        if not node.is_terminal:
            acts = list(node.infoset.actions)
            row["actions"] = tuple(a.label for a in acts)
            row["infoset_label"] = node.infoset.label
            if node.player.is_chance:
                row["player"] = "chance"
                row["probs"] = tuple(_fraction(a.prob) for a in acts)
            else:
                row["player"] = node.player.number
                row["infoset"] = (node.player.number, node.infoset.number)
        here = len(rows)
        rows.append(row)
        stack.extend((child, here) for child in reversed(list(node.children)))
    return _with_children(rows)


_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|([{}])|([^\s{},"]+)|[\s,]+', re.S)


class _Text(str):
    """A quoted string of the file (as opposed to a bare word or number)."""


def _tokens(text: str) -> list[str]:
    out: list[str] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        assert m, f"cannot read Gambit's own output at {text[pos : pos + 40]!r}"
        quoted, brace, word = m.groups()
        if quoted is not None:
            out.append(_Text(re.sub(r"\\(.)", r"\1", quoted, flags=re.S)))  # 17 writes \" and \\
        elif brace is not None or word is not None:
            out.append(brace or word)
        pos = m.end()
    return out


def _tree_from_efg(text: str) -> list[Node]:
    """17.0.0b2: the tree as pygambit writes it (``to_efg``): one node per line in preorder,
    ``p label player infoset [label { actions }] outcome [label { payoffs }]``, ``c`` lines with
    ``{ action probability ... }`` and no player, ``t`` lines with an outcome only."""
    tokens = _tokens(text)
    pos = 0

    def take():
        nonlocal pos
        pos += 1
        return tokens[pos - 1]

    def braced() -> list[str]:
        assert take() == "{"
        items = []
        while tokens[pos] != "}":
            items.append(take())
        take()
        return items

    assert take() == "EFG" and take() == "2" and take() in ("R", "D")
    take()  # title
    n_players = len(braced())
    take()  # description
    infoset_defs: dict[tuple[int, int], tuple[str, tuple[str, ...], tuple[Fraction, ...]]] = {}
    outcome_defs: dict[int, tuple[Fraction, ...]] = {}
    rows: list[dict] = []
    open_parents: list[list[int]] = []  # [node index, children still to come]
    while pos < len(tokens):
        kind, label = take(), take()
        row = {"label": label, "parent": None, "player": None, "infoset": None, "infoset_label": None}
        row.update(actions=(), probs=())
        if kind in ("p", "c"):
            player = int(take()) if kind == "p" else 0
            number = int(take())
            if isinstance(tokens[pos], _Text):
                info_label = take()
                items = braced()
                if kind == "c":
                    actions, probs = tuple(items[0::2]), tuple(Fraction(x) for x in items[1::2])
                else:
                    actions, probs = tuple(items), ()
                infoset_defs.setdefault((player, number), (info_label, actions, probs))
            row["infoset_label"], row["actions"], row["probs"] = infoset_defs[(player, number)]
            row["player"] = player - 1 if kind == "p" else "chance"
            row["infoset"] = (player - 1, number - 1) if kind == "p" else None
        else:
            assert kind == "t", f"unexpected node type {kind!r} in Gambit's own output"
        outcome = int(take())
        if outcome and pos < len(tokens) and isinstance(tokens[pos], _Text):
            take()  # outcome label
            payoffs = tuple(Fraction(x) for x in braced())
            assert len(payoffs) == n_players
            outcome_defs.setdefault(outcome, payoffs)
        row["payoffs"] = outcome_defs[outcome] if outcome else None
        if open_parents:
            row["parent"] = open_parents[-1][0]
            open_parents[-1][1] -= 1
            if open_parents[-1][1] == 0:
                open_parents.pop()
        if row["actions"]:
            open_parents.append([len(rows), len(row["actions"])])
        rows.append(row)
    assert not open_parents, "Gambit's own output ends inside the tree"
    return _with_children(rows)


def _with_children(rows: list[dict]) -> list[Node]:
    children: list[list[int]] = [[] for _ in rows]
    for k, row in enumerate(rows):
        if row["parent"] is not None:
            children[row["parent"]].append(k)
    return [Node(children=tuple(c), **row) for row, c in zip(rows, children)]


def _depth(nodes: list[Node]) -> int:
    depth = [0] * len(nodes)
    for k, node in enumerate(nodes):
        if node.parent is not None:
            depth[k] = depth[node.parent] + 1
    return max(depth)


def _check_with_getters(g, nodes: list[Node]) -> None:
    """17.0.0b2: the ``to_efg`` view agrees with the public History getters at every node: mover,
    actions, chance probabilities, outcome payoffs and information set (its first member's history
    is the one ``get_infosets`` lists at that index)."""
    from pygambit import H

    players = list(g.players)
    first_members = {p: [h.actions for h in g.get_infosets(p)] for p in players}
    paths: list[tuple[str, ...]] = []
    for node in nodes:
        if node.parent is None:
            paths.append(())
        else:
            parent = nodes[node.parent]
            paths.append(paths[node.parent] + (parent.actions[parent.children.index(len(paths))],))
        where = H.path(*paths[-1])
        assert tuple(g.get_actions(where)) == node.actions
        mover = g.get_player(where)
        if node.is_terminal:
            assert mover is None
        elif node.is_chance:
            probs = g.get_action_probs(where)
            assert tuple(_fraction(probs[a]) for a in node.actions) == node.probs
        else:
            p, k = node.infoset
            assert mover == players[p]
            assert g.get_members(where)[0].actions == first_members[mover][k]
        outcome = g.get_outcome(where)
        assert (outcome is None) == (node.payoffs is None)
        if outcome is not None:
            payoffs = g.get_outcome_payoffs(outcome)
            assert tuple(_fraction(payoffs[p]) for p in players) == node.payoffs


# --------------------------------------------------------------------------- profiles and solvers
def strategy_profile(g, data, rational: bool = True):
    """A mixed strategy profile from ``data[player][strategy]`` (exact unless ``rational`` is False)."""
    return g.mixed_strategy_profile(data=_numbers(data, rational), rational=rational)


def behaviour_profile(g, data, rational: bool = True):
    """A mixed behaviour profile from ``data[player][information set][action]``."""
    return g.mixed_behavior_profile(data=_numbers(data, rational), rational=rational)


def strategy_probs(profile) -> list[list]:
    """``[player][strategy]`` probabilities of a mixed strategy profile, in Gambit's order."""
    g = profile.game
    if hasattr(g, "get_strategies"):
        return [[prob for _, prob in profile[p]] for p in g.players]
    return [[profile[s] for s in p.strategies] for p in g.players]


def behaviour_probs(profile) -> list[list[list]]:
    """``[player][information set][action]`` probabilities of a mixed behaviour profile."""
    g = profile.game
    if hasattr(g, "get_infosets"):
        return [[[prob for _, prob in action] for _, action in profile[p]] for p in g.players]
    return [[[profile[a] for a in i.actions] for i in p.infosets] for p in g.players]


def payoffs(profile) -> list:
    """Each player's expected payoff under a mixed profile, in player order."""
    players = list(profile.game.players)
    if hasattr(profile, "payoffs"):
        values = profile.payoffs
        return [values[p] for p in players]
    return [profile.payoff(p) for p in players]


def equilibria(result) -> list:
    """The equilibria a solver returned: 17's single-equilibrium results give a list of one (or none)."""
    if hasattr(result, "equilibria"):
        return list(result.equilibria)
    return [] if result.equilibrium is None else [result.equilibrium]


# --------------------------------------------------------------------------- numbers
def _fraction(value) -> Fraction:
    """An exact value (pygambit Rational or Decimal) as a Fraction."""
    return Fraction(str(value))


def _numbers(data, rational: bool):
    if isinstance(data, list | tuple):
        return [_numbers(x, rational) for x in data]
    return gbt.Rational(str(data)) if rational else float(data)


@contextmanager
def _long_integers():
    """Payoffs of thousands of digits pass through ``str``: lift Python's 4,300-digit limit meanwhile."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(limit)
