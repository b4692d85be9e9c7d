"""Gambit's file formats: derive's reader and writer checked against pygambit's own reading.

Every game of pygambit's catalog (``pygambit.catalog.games()``; the files ship inside the
package under ``pygambit/catalog_data``) is read by both programs and compared node by node, then
written by derive and read back by both.  Error tests check that every problem is one
:class:`~derive.formats.GambitFormatError` line naming the file, the line and the culprit.
"""

from __future__ import annotations

import io
from fractions import Fraction
from pathlib import Path

import gambit_api as api
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from derive.extensive_form.build import chance, decision, extensive_form, payoff
from derive.extensive_form.game import CHANCE, GameModelError
from derive.formats import GambitFormatError, parse_efg, parse_nfg, read_game, save_efg, write_efg

try:
    import pygambit as gbt
    from pygambit import catalog as gbt_catalog
except ImportError:  # pragma: no cover - pygambit is a test dependency
    gbt = gbt_catalog = None

needs_gambit = pytest.mark.skipif(gbt is None, reason="pygambit is not installed")


def _catalog() -> list[tuple[str, Path]]:
    """``(slug, file)`` for every catalog game: pygambit lists slugs, the files sit in the package."""
    if gbt is None:
        return []
    from importlib.resources import files

    root = Path(str(files("pygambit") / "catalog_data"))
    out = []
    for slug in gbt_catalog.games()["Game"]:
        found = [p for p in (root / f"{slug}.efg", root / f"{slug}.nfg") if p.is_file()]
        assert len(found) == 1, f"catalog game {slug} has no single file under {root}"
        out.append((slug, found[0]))
    return out


CATALOG = _catalog()
CATALOG_IDS = [slug for slug, _ in CATALOG]


# --------------------------------------------------------------------------- summaries
def _fraction(value) -> Fraction:
    """An exact value (pygambit Rational or Decimal, sympy Rational) as a Fraction."""
    return Fraction(str(value))


def _gambit_tree_summary(g) -> dict:
    """pygambit's view of a tree game, in preorder: movers, information sets, actions, payoffs, odds."""
    nodes = api.tree(g)  # outcomes on inner nodes are added along each play (api.play_payoffs)
    inner = [n for n in nodes if not n.is_terminal]
    return {
        "players": len(list(g.players)),
        "nodes": len(nodes),
        "infosets": tuple(tuple(len(actions) for _, actions in sets) for sets in api.infosets(g, nodes)),
        "movers": tuple(None if n.is_terminal else CHANCE if n.is_chance else n.player for n in nodes),
        "members": tuple(n.infoset for n in inner),
        "actions": tuple(n.actions for n in inner),
        "node labels": tuple(n.label for n in nodes),
        "payoffs": tuple(api.play_payoffs(g, nodes)),
        "chance": tuple(n.probs for n in inner if n.is_chance),
        "perfect recall": g.is_perfect_recall,
        "title": g.title,
    }


def _derive_summary(game) -> dict:
    """The same view of a derive Game."""
    number = {info.index: k for p in range(game.num_players) for k, info in enumerate(game.infosets_of(p))}
    inner = [n for n in game.nodes if not n.is_terminal]
    return {
        "players": game.num_players,
        "nodes": len(game.nodes),
        "infosets": tuple(
            tuple(len(i.actions) for i in game.infosets_of(p)) for p in range(game.num_players)
        ),
        "movers": tuple(n.player for n in game.nodes),
        "members": tuple(None if n.is_chance else (n.player, number[n.infoset]) for n in inner),
        "actions": tuple(n.actions for n in inner),
        "node labels": tuple(n.label for n in game.nodes),
        "payoffs": tuple(tuple(_fraction(v) for v in game.payoffs[t]) for t in game.terminals),
        "chance": tuple(tuple(_fraction(p) for p in n.probabilities) for n in inner if n.is_chance),
        "perfect recall": game.has_perfect_recall,
        "title": game.title,
    }


def _exact(values) -> tuple:
    return tuple(_fraction(v) for v in values)


def _table_payoffs(game) -> dict:
    """A strategic game read by derive: ``strategy labels profile -> exact payoffs`` at its leaves."""
    out = {}
    for t in game.terminals:
        out[tuple(a for _, a in game.history(t))] = _exact(game.payoffs[t])
    return out


def _gambit_table_payoffs(g) -> dict:
    """pygambit's strategic game: ``strategy labels profile -> exact payoffs`` over every profile
    (zeros for Gambit's null outcome)."""
    return api.table(g)


# --------------------------------------------------------------------------- the catalog
@needs_gambit
def test_catalog_lists_every_game_file_in_the_package():
    """``catalog.games()`` names 38 games, one file each under ``catalog_data``: 32 ``.efg``, 6 ``.nfg``
    (pygambit 16.7; 17.0.0b2 adds two ``.nfg`` games, :data:`gambit_api.CATALOG_ADDED_IN_17`)."""
    from importlib.resources import files

    root = Path(str(files("pygambit") / "catalog_data"))
    on_disk = sorted(p for p in root.rglob("*") if p.suffix in (".efg", ".nfg"))
    assert sorted(path for _, path in CATALOG) == on_disk
    added = {slug for slug, _ in CATALOG} & api.CATALOG_ADDED_IN_17
    assert added == (api.CATALOG_ADDED_IN_17 if api.V17 else set())
    common = [path for slug, path in CATALOG if slug not in added]
    assert len(common) == 38
    assert sum(path.suffix == ".nfg" for path in common) == 6


@needs_gambit
def test_catalog_imperfect_recall_and_one_player_games():
    """The catalog's imperfect-recall and one-player games: derive and pygambit find the same five and two."""
    games = {slug: read_game(path) for slug, path in CATALOG}
    imperfect = sorted(slug for slug, g in games.items() if not g.has_perfect_recall)
    assert imperfect == [
        "books/shohamleytonbrown2008/fig5_12",
        "books/vonstengel2022/fig10.7",
        "journals/geb/gilboa1997/fig1",
        "journals/geb/gilboa1997/fig2",
        "journals/geb/wichardt2008",
    ]
    assert imperfect == sorted(slug for slug, _ in CATALOG if not gbt_catalog.load(slug).is_perfect_recall)
    one_player = sorted(slug for slug, g in games.items() if g.num_players == 1)
    assert one_player == ["journals/geb/gilboa1997/fig1", "journals/geb/gilboa1997/fig2"]
    driver = games["journals/geb/gilboa1997/fig1"]
    assert "imperfect recall at information set '1:1'" in driver.perfect_recall_failure


@needs_gambit
@pytest.mark.parametrize("slug, path", CATALOG, ids=CATALOG_IDS)
def test_catalog_game_agrees_with_pygambit(slug, path):
    """derive reads the file as pygambit does: same tree, information sets, actions, payoffs, odds, recall."""
    game = read_game(path)
    assert game.metadata["source"] == str(path)
    assert game.metadata["rationalized"] == ()
    g = gbt_catalog.load(slug)
    assert game.title == g.title
    assert game.comment == g.description
    if path.suffix == ".efg":
        assert _derive_summary(game) == _gambit_tree_summary(g)
    else:
        assert game.num_players == len(list(g.players))
        assert game.metadata["strategies"] == tuple(tuple(labels) for labels in api.strategy_labels(g))
        assert _table_payoffs(game) == _gambit_table_payoffs(g)
        assert game.has_perfect_recall and g.is_perfect_recall
        # one information set per player, spanning all earlier players' choices
        assert [len(game.infosets_of(p)) for p in range(game.num_players)] == [1] * game.num_players
        assert len(game.infosets[-1].nodes) == len(game.terminals) // len(game.infosets[-1].actions)


@needs_gambit
@pytest.mark.parametrize("slug, path", CATALOG, ids=CATALOG_IDS)
def test_catalog_round_trip_through_pygambit(slug, path):
    """pygambit reads derive's ``write_efg`` text into the game it read from the catalog file."""
    game = read_game(path)
    text = write_efg(game)
    assert text.startswith("EFG 2 R ")
    back = gbt.read_efg(io.StringIO(text))
    original = gbt_catalog.load(slug)
    if api.is_tree(original):
        assert _gambit_tree_summary(back) == _gambit_tree_summary(original)
    else:
        # a strategic game comes back as its tree: the tree derive built from the table
        assert _gambit_tree_summary(back) == _derive_summary(game)
        assert back.description == original.description


@pytest.mark.parametrize("slug, path", CATALOG, ids=CATALOG_IDS)
def test_catalog_round_trip_through_derive(slug, path):
    """``parse_efg(write_efg(game)) == game`` and writing again gives the same text."""
    game = read_game(path)
    text = write_efg(game)
    again = parse_efg(text, source=f"{slug}.efg")
    assert again == game
    assert again.payoffs == game.payoffs
    assert write_efg(again) == text


# --------------------------------------------------------------------------- file errors
def test_missing_file_is_named(tmp_path):
    """A missing file: one line naming the path."""
    path = tmp_path / "absent.efg"
    with pytest.raises(GambitFormatError, match=r"absent\.efg: no such file$") as info:
        read_game(path)
    assert "\n" not in str(info.value)
    assert info.value.source == str(path)


def test_directory_is_refused(tmp_path):
    """A directory is not a game file."""
    with pytest.raises(GambitFormatError, match="is a directory"):
        read_game(tmp_path)


def test_empty_file_and_unknown_header(tmp_path):
    """An empty (or blank) file and a file that starts with neither EFG nor NFG."""
    empty = tmp_path / "empty.efg"
    empty.write_text("  \n\n")
    with pytest.raises(GambitFormatError, match=r"empty\.efg: the file is empty"):
        read_game(empty)
    other = tmp_path / "game.agg"
    other.write_text('\n#AGG\n2 "x"\n')
    with pytest.raises(GambitFormatError, match=r"game\.agg, line 2: unknown header '#AGG'"):
        read_game(other)


def test_non_utf8_label_names_the_byte_offset(tmp_path):
    """Latin-1 bytes in a label: the message gives the byte, its offset and its line."""
    data = b'EFG 2 R "t" { "A" }\n""\np "caf\xe9" 1 1 "" { "x" } 0\nt "" 0\n'
    path = tmp_path / "latin1.efg"
    path.write_bytes(data)
    with pytest.raises(GambitFormatError) as info:
        read_game(path)
    offset = data.index(b"\xe9")
    assert str(info.value).startswith(f"{path}, line 3: not UTF-8 text: byte 0xe9 at offset {offset}")


@needs_gambit
def test_truncated_catalog_file(tmp_path):
    """A catalog file cut in half (by characters, then by lines) is refused, naming the line."""
    source = next(path for slug, path in CATALOG if slug == "books/shohamleytonbrown2008/fig6_2")
    text = source.read_text()
    half = tmp_path / "half.efg"
    half.write_text(text[: len(text) // 2])
    with pytest.raises(GambitFormatError) as info:
        read_game(half)
    assert str(info.value) == (
        f"{half}, line 18: expected '{{' opening the actions of node 10, found the end of the file "
        "(is the file truncated?)"
    )

    lines = text.splitlines(keepends=True)
    cut = "".join(lines[: len(lines) // 2])
    half.write_text(cut)
    n_nodes = sum(1 for line in cut.splitlines() if line[:2] in ("c ", "p ", "t "))
    with pytest.raises(GambitFormatError) as info:
        read_game(half)
    last_line = len(cut.rstrip().splitlines())
    assert str(info.value).startswith(f"{half}, line {last_line}: the file ends after node {n_nodes - 1};")
    assert "is the file truncated?" in str(info.value)


TINY = """EFG 2 R "Tiny" { "Ann" "Bob" }
""
p "root" 1 1 "A" { "l" "r" } 0
p "" 2 1 "B" { "x" "y" } 0
t "" 1 "o1" { 1, -1 }
t "" 2 "o2" { -1, 1 }
t "" 3 "o3" { 0, 0 }
"""


@pytest.mark.parametrize(
    "old, new, expected",
    [
        (
            'p "" 2 1',
            'q "" 2 1',
            r"<string>, line 4: expected node 1 \(a line starting with 'c', 'p' or 't'\), found 'q'",
        ),
        (
            "{ -1, 1 }",
            "{ -1, @ }",
            r"line 6: expected the payoff of player 2 in node 3 \(outcome 2\) \(a number\), found '@'",
        ),
        ("{ -1, 1 }", "{ -1 }", r"line 6: node 3 \(outcome 2\) has 1 payoff for 2 players"),
        ("{ -1, 1 }", "{ -1, 1, 2 }", r"line 6: node 3 \(outcome 2\) lists more than 2 payoffs"),
        ('2 1 "B"', '3 1 "B"', r"line 4: node 1: no player 3; the game has 2 players"),
        ('t "" 3 "o3" { 0, 0 }', 't "" 4', r"line 7: node 4: outcome 4 is used before it is defined"),
        (
            't "" 3 "o3" { 0, 0 }',
            't "" 1 "o1" { 1, 1 }',
            r"line 7: node 4: outcome 1 is defined differently from its first definition at line 5",
        ),
        (
            't "" 3 "o3" { 0, 0 }',
            't "" 0 "none" { 0, 0 }',
            r"line 7: node 4: outcome 0 \(no outcome\) cannot have a label or payoffs",
        ),
        ('{ "l" "r" }', "{ }", r"line 3: node 0 \('root'\) has an empty list of actions"),
        ('"Tiny"', "Tiny", r"line 1: expected the game's title \(a quoted string\), found 'Tiny'"),
        ("EFG 2 R", "EFG 3 R", r"line 1: unsupported EFG version '3'"),
        (
            "{ 0, 0 }\n",
            '{ 0, 0 }\nt "" 0\n',
            r"line 8: unexpected 't' after the last node \(the tree is complete at node 4\)",
        ),
        (
            '"o2" { -1, 1 }',
            '"o2" { -1, 1/0 }',
            r"line 6: the payoff of player 2 in node 3 \(outcome 2\) '1/0' divides by zero",
        ),
        (
            '"o3" { 0, 0 }',
            '"o3 { 0, 0 }',
            r"line 7: a string opened here is never closed \(the file ends inside it\)",
        ),
    ],
    ids=[
        "node-type",
        "garbage-payoff",
        "short-payoffs",
        "long-payoffs",
        "player-range",
        "undefined-outcome",
        "redefined-outcome",
        "outcome-zero",
        "no-actions",
        "unquoted-title",
        "version",
        "trailing",
        "zero-division",
        "open-string",
    ],
)
def test_malformed_efg_names_line_and_token(old, new, expected):
    """Each malformed file gives one line naming the line and the offending token, node or value."""
    assert old in TINY
    with pytest.raises(GambitFormatError, match=expected) as info:
        parse_efg(TINY.replace(old, new, 1))
    assert "\n" not in str(info.value)
    assert str(info.value).startswith("<string>, line ")


def test_infoset_redescribed_differently_or_undescribed():
    """An information set whose repeated description differs, or that is used before it is described."""
    text = """EFG 2 R "t" { "A" "B" }
p "" 1 1 "" { "l" "r" } 0
p "" 2 1 "b" { "x" "y" } 0
t "" 0
t "" 0
p "" 2 1 "b" { "x" "z" } 0
t "" 0
t "" 0
"""
    with pytest.raises(
        GambitFormatError,
        match=r"line 6: node 4: information set 1 of player 2 is described "
        r"differently from its first description at line 3",
    ):
        parse_efg(text)
    with pytest.raises(
        GambitFormatError, match=r"line 3: node 1: information set 7 of player 2 is used before"
    ):
        parse_efg(text.replace('2 1 "b" { "x" "y" }', "2 7", 1))


# --------------------------------------------------------------------------- exactness
FLOATS = """EFG 2 R "OpenSpiel-style" { "Ann" }
""
p "" 1 1 "" { "stop" "go" } 0
t "" 1 "stopped" { 0.1 }
c "deal" 1 "" { "a" 0.3333333333333333 "b" 0.3333333333333333 "c" 0.3333333333333333 } 0
t "" 2 "" { 0.6666666666666666 }
t "" 3 "" { 1 }
t "" 4 "" { 2.5e-1 }
"""


def test_float_probabilities_are_refused_then_rationalized():
    """Rounded floats are refused by default; ``rationalize=True`` reads 1/3 and records each change."""
    with pytest.raises(GambitFormatError) as info:
        parse_efg(FLOATS, source="spiel.efg")
    assert str(info.value) == (
        "spiel.efg, line 5: chance node 2 ('deal'): probability 0.3333333333333333 of 'a' looks like a rounded "
        "float; write an exact fraction such as 1/3, or use rationalize=True (--rationalize)"
    )
    # refused even when the rounded floats happen to sum to exactly 1 (Python's 1/3 and 1 - 1/3)
    two = FLOATS.replace(
        '"a" 0.3333333333333333 "b" 0.3333333333333333 "c" 0.3333333333333333',
        '"a" 0.3333333333333333 "b" 0.6666666666666667',
    )
    with pytest.raises(GambitFormatError, match="0.3333333333333333 of 'a' looks like a rounded float"):
        parse_efg(two.replace('t "" 4 "" { 2.5e-1 }\n', ""))
    game = parse_efg(FLOATS, rationalize=True, source="spiel.efg")
    third = sp.Rational(1, 3)
    assert game.nodes[2].probabilities == (third, third, third)
    assert game.metadata["rationalized"] == (
        "node 2 ('deal'): probability of 'a' 0.3333333333333333 read as 1/3",
        "node 2 ('deal'): probability of 'b' 0.3333333333333333 read as 1/3",
        "node 2 ('deal'): probability of 'c' 0.3333333333333333 read as 1/3",
        "node 3 (outcome 2): payoff of player 1 0.6666666666666666 read as 2/3",
    )
    # short decimals are exact, as in Gambit: 0.1 is 1/10 and 2.5e-1 is 1/4, with or without rationalize
    assert game.payoffs[1] == (sp.Rational(1, 10),)
    assert game.payoffs[5] == (sp.Rational(1, 4),)
    assert all(isinstance(v, sp.Rational) for u in game.payoffs.values() for v in u)


def test_rationalize_cannot_rescue_a_wrong_sum():
    """Probabilities that still do not sum to 1 after rationalizing are an error naming the node."""
    text = FLOATS.replace('"c" 0.3333333333333333', '"c" 0.3', 1)
    with pytest.raises(
        GambitFormatError,
        match=r"line 5: chance node 2 \('deal'\) probabilities sum to "
        r"29/30, not 1 even after rationalizing",
    ):
        parse_efg(text, rationalize=True)
    exact = FLOATS.replace("0.3333333333333333", "1/3").replace('"c" 1/3', '"c" 1/2')
    with pytest.raises(GambitFormatError, match=r"sum to 7/6, not 1$"):
        parse_efg(exact)
    with pytest.raises(GambitFormatError, match=r"probability -1/3 of 'a' is negative"):
        parse_efg(exact.replace('"a" 1/3', '"a" -1/3'))


def test_decimals_are_exact_like_gambit():
    """Integers, fractions, decimals and exponents are read exactly and agree with pygambit's values."""
    text = """EFG 2 D "numbers" { "A" "B" }
t "" 1 "" { .80 1.60e1 }
"""
    game = parse_efg(text)
    assert game.payoffs[0] == (sp.Rational(4, 5), sp.Integer(16))
    if gbt is not None:
        g = gbt.read_efg(io.StringIO(text))
        assert api.tree(g)[0].payoffs == _exact(game.payoffs[0])


def test_outcome_on_internal_node_adds_up_along_the_play():
    """Antes booked at the root chance node are added to every play's payoff (Gambit's rule)."""
    text = """EFG 2 R "Antes" { "Ann" "Bob" }
""
c "deal" 1 "" { "high" 1/2 "low" 1/2 } 1 "antes" { -1, -1 }
p "" 1 1 "" { "bet" "fold" } 2 "bet" { -1, 0 }
t "" 3 "win" { 3, 0 }
t "" 4 "lose" { 0, 2 }
p "" 1 1 "" { "bet" "fold" } 0
t "" 3
t "" 4
"""
    game = parse_efg(text)
    assert game.nodes[0].outcome == (-1, -1)
    assert game.payoffs == {
        2: (sp.Integer(1), sp.Integer(-1)),  # ante, bet, win: -1 - 1 + 3
        3: (sp.Integer(-2), sp.Integer(1)),
        5: (sp.Integer(2), sp.Integer(-1)),
        6: (sp.Integer(-1), sp.Integer(1)),
    }
    assert game.metadata["outcomes"] == {0: 1, 1: 2, 2: 3, 3: 4, 5: 3, 6: 4}
    if gbt is not None:
        assert _derive_summary(game) == _gambit_tree_summary(gbt.read_efg(io.StringIO(text)))
    assert parse_efg(write_efg(game)) == game


def test_chance_infoset_shared_by_two_nodes():
    """A chance information set used at two nodes gives both the same actions and probabilities."""
    text = """EFG 2 R "two draws" { "A" }
c "first" 5 "coin" { "H" 1/3 "T" 2/3 } 0
c "second" 5 0
t "" 1 "" { 1 }
t "" 0
t "" 0
"""
    game = parse_efg(text)
    assert game.nodes[1].actions == ("H", "T")
    assert game.nodes[1].probabilities == (sp.Rational(1, 3), sp.Rational(2, 3))
    assert game.metadata["chance_infosets"] == {0: (5, "coin"), 1: (5, "coin")}
    assert game.reach_by_chance[2] == sp.Rational(1, 9)


# --------------------------------------------------------------------------- labels
def test_infoset_player_and_action_labels():
    """Empty or repeated Gambit labels get unique derive labels (``"p:k"``, ``"Player k"``, ``x_1``)."""
    text = """EFG 2 R "labels" { "" "Bob" "Bob" }
p "" 1 3 "" { "" "y" } 0
p "" 2 1 "same" { "x" "x" } 0
t "" 0
t "" 0
p "" 2 2 "same" { "a" "b" } 0
p "" 3 1 "2:2" { "m" "" "" } 0
t "" 0
t "" 0
t "" 0
t "" 0
"""
    game = parse_efg(text)
    assert game.players == ("Player 1", "Player 2", "Player 3")
    assert [(i.player, i.label, i.actions) for i in game.infosets] == [
        (0, "1:3", ("_1", "y")),
        (1, "2:1", ("x_1", "x_2")),
        (1, "2:2", ("a", "b")),
        (2, "2:2", ("m", "_1", "_2")),  # a unique Gambit label is kept, even one that looks generated
    ]
    assert game.metadata["gambit_infosets"] == ((1, 3, ""), (2, 1, "same"), (2, 2, "same"), (3, 1, "2:2"))
    if gbt is not None:
        # pygambit 16.7 refuses a player's repeated non-empty information-set label ...
        with pytest.raises(ValueError, match="Infoset label must be unique for the player"):
            gbt.read_efg(io.StringIO(text))
        # ... and otherwise renames empty or repeated action labels as derive does
        unique = text.replace('2 2 "same"', '2 2 "other"')
        g = gbt.read_efg(io.StringIO(unique))
        assert _derive_summary(parse_efg(unique)) == _gambit_tree_summary(g)
    # an empty label's generated name never takes a label the file gives another set of the player
    clash = parse_efg(text.replace('2 1 "same"', '2 1 ""').replace('2 2 "same"', '2 2 "2:1"'))
    assert [i.label for i in clash.infosets_of(1)] == ["2:1_2", "2:1"]


LABEL_CASES = [
    "ends with a backslash \\",
    'say "hi"',
    "C:\\path\\",
    "\\\\",
    '\\"',
    "x\\y",
    "two\nlines",
    "é ü",
]


@pytest.mark.parametrize("label", LABEL_CASES)
def test_labels_round_trip_through_derive(label):
    """Quotes, backslashes (also at the end), newlines and non-ASCII text come back unchanged."""
    game = extensive_form(
        [label, "B"],
        decision(0, label, {label: payoff(1, -1, label=label), "other": payoff(0, 0)}, label=label),
        title=label,
        comment=label,
    )
    back = parse_efg(write_efg(game))
    assert back == game
    assert back.title == back.comment == back.players[0] == back.nodes[0].label == label


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet='ab\\" \n{}', min_size=1, max_size=12))
def test_any_label_round_trips(label):
    """Any label over the awkward characters reads back as written."""
    game = extensive_form(["A"], decision(0, label, {label: None, label + "2": payoff(1, label=label)}))
    assert parse_efg(write_efg(game)) == game


@needs_gambit
def test_backslash_labels_and_pygambit():
    """What pygambit 16.7 reads of derive's quoting: quotes and inner backslashes yes, a final backslash no.

    Gambit's lexer keeps ``\\\\`` as two backslashes and treats the next character as escaped, so the
    closing quote after a final backslash is never seen: no text makes Gambit read a label ending in
    a backslash.  derive writes such a backslash as ``\\\\`` and reads it back; pygambit refuses the file.
    """
    ok = extensive_form(
        ["A", "B"],
        decision(0, 'x\\y say "hi"', {"a\\b": payoff(1, 2), '"q"': payoff(3, 4)}, label="C:\\dir\\file"),
    )
    root = api.tree(gbt.read_efg(io.StringIO(write_efg(ok))))[0]
    assert root.label == "C:\\dir\\file"
    assert root.infoset_label == 'x\\y say "hi"'
    assert list(root.actions) == ["a\\b", '"q"']

    trailing = extensive_form(["A", "B"], decision(0, "I", {"a": payoff(1, 2)}, label="ends in \\"))
    text = write_efg(trailing)
    assert 'p "ends in \\\\" 1 1' in text
    assert parse_efg(text).nodes[0].label == "ends in \\"
    with pytest.raises(ValueError, match="(End of file|Invalid label|Expected)"):
        gbt.read_efg(io.StringIO(text))

    # and derive reads pygambit's own quoting of a backslash correctly (pygambit itself reads 3 of them)
    h = api.tree_with_root_label(["A"], "t", "c\\d")
    assert parse_efg(h.to_efg()).nodes[0].label == "c\\d"
    assert api.tree(gbt.read_efg(io.StringIO(h.to_efg())))[0].label == "c\\\\\\d"


# --------------------------------------------------------------------------- writer
def test_symbolic_game_cannot_be_written():
    """A game with symbols in payoffs or probabilities names them; nothing is written."""
    P, B = sp.symbols("P B", positive=True)
    game = extensive_form(
        ["1", "2"],
        chance(
            {
                "red": ("1/2", decision("1", "red", {"raise": payoff(P + B, -P - B), "fold": payoff(-P, P)})),
                "black": (
                    "1/2",
                    decision("1", "black", {"raise": payoff(-P - B, P + B), "fold": payoff(-P, P)}),
                ),
            }
        ),
        title="Myerson",
        symbols=(P, B),
    )
    with pytest.raises(GameModelError, match=r"contain the symbols B, P; substitute numbers first"):
        write_efg(game)
    numeric = extensive_form(
        ["1"], chance({"a": (sp.Symbol("q"), payoff(1)), "b": (1 - sp.Symbol("q"), payoff(0))})
    )
    with pytest.raises(GameModelError, match="symbols q"):
        write_efg(numeric)


def test_irrational_payoff_cannot_be_written():
    """Gambit files hold rationals: sqrt(2) is refused with the node named."""
    game = extensive_form(["A"], decision(0, "I", {"a": payoff(sp.sqrt(2)), "b": payoff(0)}))
    with pytest.raises(GameModelError, match=r"payoff at node 1: sqrt\(2\) is not a rational number"):
        write_efg(game)


def test_save_and_read_back(tmp_path):
    """``save_efg`` writes UTF-8 text that ``read_game`` reads into an equal game."""
    game = extensive_form(
        ["Ann", "Bob"],
        chance(
            {
                "H": ("1/3", decision("Ann", "h", {"up": payoff("1/2", "-1/2"), "down": payoff(0, 0)})),
                "T": ("2/3", decision("Bob", "t", {"up": payoff(-1, 1), "down": None})),
            },
            outcome=(-1, -1),
            label="coin",
        ),
        title="saved",
    )
    path = save_efg(game, tmp_path / "saved.efg")
    text = path.read_text(encoding="utf-8")
    assert 'c "coin" 1 "" { "H" 1/3 "T" 2/3 } 1 "" { -1, -1 }' in text
    assert 't "" 2 "" { 1/2, -1/2 }' in text
    assert read_game(path) == game
    assert read_game(path).metadata["source"] == str(path)


# --------------------------------------------------------------------------- strategic games
PD_PAYOFF = """NFG 1 R "Prisoner's dilemma" { "Row" "Col" } { { "C" "D" } { "c" "d" } }
"payoff version"

3 3 5 0 0 5 1 1
"""
PD_OUTCOME = """NFG 1 R "Prisoner's dilemma" { "Row" "Col" }
{ { "C" "D" } { "c" "d" } }
"outcome version"
{
{ "reward" 3, 3 }
{ "temptation" 5, 0 }
{ "sucker" 0, 5 }
}
1 2 3 0
"""


@pytest.mark.parametrize("text", [PD_PAYOFF, PD_OUTCOME], ids=["payoff-version", "outcome-version"])
def test_nfg_prisoners_dilemma(text):
    """Player 1's strategy varies fastest in the payoff list; the tree has Col's one set after Row."""
    game = parse_nfg(text)
    assert game.players == ("Row", "Col")
    assert [(i.label, i.actions, i.nodes) for i in game.infosets] == [
        ("1:1", ("C", "D"), (0,)),
        ("2:1", ("c", "d"), (1, 4)),
    ]
    expected = {("C", "c"): (3, 3), ("D", "c"): (5, 0), ("C", "d"): (0, 5)}
    expected[("D", "d")] = (1, 1) if "payoff" in game.comment else (0, 0)
    assert _table_payoffs(game) == {k: _exact(v) for k, v in expected.items()}
    # the leaves in preorder: Row's choice first, then Col's
    assert [game.history(t) for t in game.terminals][1] == ((0, "C"), (1, "d"))
    if "outcome" in game.comment:
        assert game.nodes[game.terminals[0]].outcome_label == "reward"
        assert game.nodes[game.terminals[3]].outcome is None  # outcome 0: no outcome
    if gbt is not None:
        g = gbt.read_nfg(io.StringIO(text))
        assert _table_payoffs(game) == _gambit_table_payoffs(g)
    assert parse_efg(write_efg(game)) == game


def test_nfg_strategy_counts_and_three_players():
    """A header giving strategy counts names strategies "1", "2", ...; three players, 2x3x2 profiles."""
    values = list(range(12 * 3))
    text = 'NFG 1 R "counts" { "A" "B" "C" } { 2 3 2 }\n' + " ".join(map(str, values)) + "\n"
    game = parse_nfg(text, source="counts.nfg")
    assert game.metadata["strategies"] == (("1", "2"), ("1", "2", "3"), ("1", "2"))
    table = _table_payoffs(game)
    # profile (s1, s2, s3), 0-based, is entry s1 + 2*s2 + 6*s3 of the flat list
    for (a, b, c), u in table.items():
        k = (int(a) - 1) + 2 * (int(b) - 1) + 6 * (int(c) - 1)
        assert u == _exact(values[3 * k : 3 * k + 3])
    if gbt is not None:
        assert table == _gambit_table_payoffs(gbt.read_nfg(io.StringIO(text)))
    with pytest.raises(
        GambitFormatError, match=r"counts\.nfg, line 2: the file ends after 35 of the 36 payoffs"
    ):
        parse_nfg(text.rsplit(" ", 1)[0] + "\n", source="counts.nfg")
    with pytest.raises(GambitFormatError, match=r"line 2: unexpected '99' after the last of the 12 profiles"):
        parse_nfg(text.rstrip() + " 99\n")
    with pytest.raises(
        GambitFormatError, match=r"line 1: the number of strategies of player 2 must be at least 1"
    ):
        parse_nfg(text.replace("{ 2 3 2 }", "{ 2 0 2 }"))


def test_nfg_outcome_index_out_of_range():
    """An outcome index beyond the defined outcomes is named with its profile."""
    with pytest.raises(
        GambitFormatError, match=r"line 9: outcome index 7 of profile 4: only 3 outcomes are defined"
    ):
        parse_nfg(PD_OUTCOME.replace("1 2 3 0", "1 2 3 7"))


def test_read_game_dispatches_on_header(tmp_path):
    """``read_game`` reads NFG text whatever the file's extension says."""
    path = tmp_path / "pd.txt"
    path.write_text(PD_PAYOFF)
    game = read_game(path)
    assert game.metadata["format"] == "nfg"
    assert game.title == "Prisoner's dilemma"
