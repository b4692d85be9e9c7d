"""The general extensive-form model and the builder API: structure, outcomes, recall, sums, errors."""

from __future__ import annotations

import pytest
import sympy as sp

from derive.extensive_form import (
    Game,
    GameModelError,
    ImperfectRecallError,
    chance,
    decision,
    extensive_form,
    payoff,
)
from derive.games.one_card import kuhn_poker, one_card_poker, to_extensive_form
from derive.games.textbook import beer_quiche, matching_pennies, myerson_poker, reiley_poker


def test_matching_pennies_structure():
    """Two information sets; the guesser's spans both of the matcher's choices; zero-sum."""
    g = matching_pennies()
    assert [len(i.nodes) for i in g.infosets] == [1, 2]
    assert g.infosets[1].actions == ("heads", "tails")
    assert g.is_zero_sum and g.has_perfect_recall
    assert sorted(g.payoffs.values()) == sorted([(1, -1), (-1, 1), (-1, 1), (1, -1)])


def test_outcomes_add_up_along_the_play():
    """Antes booked at the root and an all-zero outcome on a decision: payoffs are sums along the path."""
    g = extensive_form(
        ["A", "B"],
        decision(
            "A",
            "a",
            {
                "in": decision("B", "b", {"l": payoff(3, 1), "r": payoff(0, 4)}, outcome=(0, 0)),
                "out": payoff(2, 2),
            },
            outcome=(-1, -1),
        ),
    )
    assert [g.payoffs[z] for z in g.terminals] == [(2, 0), (-1, 3), (1, 1)]
    # every play sums to 2 although no single outcome does after the antes
    assert g.constant_sum == 2 and not g.is_zero_sum


def test_zero_sum_decided_by_plays_not_outcomes():
    """An outcome (-1, -1) at the root and (+2, 0) / (0, +2) at the leaves: every play sums to 0."""
    g = extensive_form(
        ["A", "B"],
        decision("A", "a", {"x": payoff(2, 0), "y": payoff(0, 2)}, outcome=(-1, -1)),
    )
    assert g.is_zero_sum


def test_general_sum_detected():
    """Beer-quiche is not constant-sum."""
    assert beer_quiche().constant_sum is None


def test_symbolic_payoffs_in_declared_symbols():
    """Myerson's game with pot P and bet B: payoffs are expressions; an undeclared symbol is refused."""
    P, B = sp.symbols("P B", positive=True)
    g = myerson_poker(P, B)
    assert g.is_symbolic and set(g.symbols) == {P, B}
    assert max(g.payoffs.values(), key=lambda u: str(u))  # payoffs exist
    assert (B + P, -B - P) in g.payoffs.values()
    with pytest.raises(GameModelError, match="undeclared symbol Q"):
        extensive_form(["A"], decision("A", "a", {"x": payoff(sp.Symbol("Q"))}), symbols=(P,))


@pytest.mark.parametrize(
    "tree, message",
    [
        (chance({"h": (1 / 3, payoff(1, -1)), "t": (2 / 3, payoff(-1, 1))}), "0.3333333333333333 is a float"),
        (chance({"h": ("1/3", payoff(1, -1)), "t": ("1/3", payoff(-1, 1))}), "sum to 2/3, not exactly 1"),
        (chance({"h": ("0.25", payoff(1, -1)), "t": ("1/2", payoff(-1, 1))}), "sum to 3/4, not exactly 1"),
        (decision("Nobody", "a", {"x": payoff(1, -1)}), "unknown player 'Nobody'"),
        (decision("A", "a", {"x": payoff(1, -1, 0)}), "has 3 entries for 2 players"),
        (
            decision(
                "A",
                "a",
                {"x": decision("B", "b", {"l": payoff(0, 0)}), "y": decision("B", "b", {"r": payoff(0, 0)})},
            ),
            "information set 'b' of player 'B': its nodes offer different actions",
        ),
    ],
    ids=["float", "sum", "decimal", "player", "length", "actions"],
)
def test_bad_games_are_refused_with_a_named_reason(tree, message):
    """Each fault is a GameModelError whose message names the value or information set."""
    with pytest.raises(GameModelError, match=message.replace("(", r"\(").replace(")", r"\)")):
        extensive_form(["A", "B"], tree)


def test_absent_minded_driver_has_imperfect_recall():
    """Piccione & Rubinstein (1997): one information set crossed twice on a play; the error names it."""
    g = extensive_form(
        ["driver"],
        decision(
            "driver",
            "intersection",
            {
                "exit": payoff(0),
                "continue": decision("driver", "intersection", {"exit": payoff(4), "continue": payoff(1)}),
            },
        ),
    )
    assert not g.has_perfect_recall
    with pytest.raises(ImperfectRecallError, match="information set 'intersection' of player 'driver'"):
        g.require_perfect_recall()


def test_forgetting_ones_own_move_is_imperfect_recall():
    """A player who forgets his first move: the error names the later information set."""
    g = extensive_form(
        ["A", "B"],
        decision(
            "A",
            "first",
            {
                "l": decision("A", "second", {"u": payoff(1, -1), "d": payoff(0, 0)}),
                "r": decision("A", "second", {"u": payoff(0, 0), "d": payoff(1, -1)}),
            },
        ),
    )
    assert g.perfect_recall_failure is not None and "'second'" in g.perfect_recall_failure


def test_game_is_immutable_and_compares_by_value():
    """Two builds of one game are equal; fields cannot be assigned."""
    assert matching_pennies() == matching_pennies()
    g = matching_pennies()
    with pytest.raises(AttributeError):
        g.title = "x"  # type: ignore[misc]
    assert isinstance(g, Game)


@pytest.mark.parametrize("deck, bets", [(3, 1), (3, 2), (4, 2), (5, 3)])
def test_one_card_builder_produces_the_game_of_the_rules(deck, bets):
    """The general model of one-card poker has the rules' nodes, information sets (card and betting) and
    payoffs."""
    from derive.games.one_card import Action

    rules = one_card_poker(deck, bets)
    g = to_extensive_form(rules)
    assert len(g.nodes) == rules.num_nodes
    deals = {"".join(cards): cards for cards, _ in rules.deals()}
    terminals = set()
    for z in g.terminals:
        history = g.history(z)
        cards = deals[history[0][1]]
        actions = tuple(Action(a) for _, a in history[1:])
        assert rules.is_terminal(actions) and g.payoffs[z][0] == rules.payoff(cards, actions)
        terminals.add((cards, actions))
        for k in range(len(actions)):
            node = g.nodes[g.nodes[z].parent]
            for _ in range(len(actions) - 1 - k):
                node = g.nodes[node.parent]
            player = rules.player_to_act(actions[:k])
            letters = "".join(a.letter for a in actions[:k])
            label = f"{cards[player]}:{letters}" if letters else cards[player]
            assert (node.player, g.infosets[node.infoset].label) == (player, label)
    assert len(terminals) == len(g.terminals)
    assert g.is_zero_sum and g.has_perfect_recall


def test_catalog_poker_games_typed_in_match_their_numbers():
    """Reiley's game: the Professor loses the ante by folding with either card."""
    g = reiley_poker()
    folds = [g.payoffs[z] for z in g.terminals if g.history(z)[-1] == (0, "Fold")]
    assert folds == [(-1, 1), (-1, 1)]
    assert kuhn_poker().name == to_extensive_form(kuhn_poker()).title


def test_malformed_node_tables_are_refused():
    """Nodes built by hand must form a tree: a node no parent lists, one listed twice, a root with a parent."""
    from derive.extensive_form import InformationSet, Node

    info = (InformationSet(0, 0, "I", ("a",), (0,)),)
    orphan = (
        Node(0, -1, 0, 0, (1,), ("a",)),
        Node(1, 0, None, None, (), (), outcome=(sp.S.One,)),
        Node(2, 0, None, None, (), (), outcome=(sp.Integer(5),)),
    )
    with pytest.raises(GameModelError, match="node 2 is listed as a child 0 times"):
        Game(players=("A",), nodes=orphan, infosets=info)
    twice = (Node(0, -1, 0, 0, (1, 1), ("a", "b")), Node(1, 0, None, None, (), ()))
    with pytest.raises(GameModelError, match="node 1 is listed as a child 2 times"):
        Game(players=("A",), nodes=twice, infosets=(InformationSet(0, 0, "I", ("a", "b"), (0,)),))
    with pytest.raises(GameModelError, match="root"):
        Game(players=("A",), nodes=(Node(0, 0, None, None, (), ()),), infosets=())


def test_imperfect_recall_message_is_deterministic():
    """The two own histories are named in a fixed order (shorter first, then by label), whatever the hash seed."""
    import subprocess
    import sys

    code = (
        "from derive.extensive_form import *\n"
        "g = extensive_form(['A', 'B'], decision('A', 'first', {"
        "'R': decision('A', 'second', {'u': payoff(1, -1), 'd': payoff(0, 0)}),"
        "'L': decision('A', 'second', {'u': payoff(0, 0), 'd': payoff(1, -1)})}))\n"
        "print(g.perfect_recall_failure)\n"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env={"PYTHONHASHSEED": str(seed)}
        ).stdout
        for seed in (1, 2, 3)
    }
    assert len(outputs) == 1
    assert "('L' at 'first' and 'R' at 'first')" in outputs.pop()
