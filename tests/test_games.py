"""Rules of one-card poker: facts of the games, payoffs, and bad input."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy as sp

from derive.games.one_card import (
    Action,
    GameDefinitionError,
    kuhn_poker,
    one_card_poker,
    one_raise_poker,
    to_extensive_form,
)

X, B, C, R, F = Action.CHECK, Action.BET, Action.CALL, Action.RAISE, Action.FOLD


def test_kuhn_facts():
    """Kuhn poker (Kuhn 1950): deck Q < K < A, ante 1, one bet of 1, each risks at most 2."""
    g = kuhn_poker()
    assert g.deck == ("Q", "K", "A")
    assert (g.ante, g.bet, g.max_bets, g.max_utility) == (1, 1, 1, 2)
    assert g.num_players == 2


def test_one_raise_facts():
    """The thesis's game (Miao 2014): one raise allowed, each player risks at most 3."""
    g = one_raise_poker()
    assert g.max_bets == 2 and g.max_utility == 3
    assert g.legal_actions((X, B)) == (F, C, R)
    assert g.legal_actions((X, B, R)) == (F, C)
    assert g.legal_actions((B,)) == (F, C, R)


def test_card_removal_deals():
    """Each of the N(N-1) ordered deals of distinct cards has probability 1/(N(N-1))."""
    for n in (2, 3, 5):
        deals = one_card_poker(n).deals()
        assert len(deals) == n * (n - 1)
        assert all(p == sp.Rational(1, n * (n - 1)) for _, p in deals)
        assert all(c0 != c1 for (c0, c1), _ in deals)
        assert sum(p for _, p in deals) == 1


@pytest.mark.parametrize(
    "history, cards, payoff",
    [
        ((X, X), ("A", "Q"), 1),
        ((X, X), ("Q", "A"), -1),
        ((B, F), ("Q", "A"), 1),
        ((B, C), ("Q", "A"), -2),
        ((X, B, F), ("A", "Q"), -1),
        ((X, B, C), ("A", "K"), 2),
        ((X, B, R, F), ("A", "Q"), 2),
        ((X, B, R, C), ("Q", "A"), -3),
        ((B, R, F), ("K", "A"), -2),
        ((B, R, C), ("A", "K"), 3),
    ],
)
def test_payoffs(history, cards, payoff):
    """Fold facing n bets loses ante + (n-1) bets; a showdown after n bets wins ante + n bets."""
    assert one_raise_poker().payoff(cards, history) == payoff


def test_symbolic_bet_payoff():
    """Ante and bet may be positive symbols: payoffs are then expressions."""
    b = sp.Symbol("b", positive=True)
    g = one_card_poker(3, 2, ante=1, bet=b)
    assert g.payoff(("Q", "A"), (X, B, R, C)) == -(1 + 2 * b)


def test_num_nodes_matches_tree():
    """The node count used to refuse huge games before building equals the built tree's."""
    for rules in (kuhn_poker(), one_raise_poker(), one_card_poker(4, 3)):
        assert len(to_extensive_form(rules).nodes) == rules.num_nodes
    assert kuhn_poker().num_nodes == 55


def test_exact_amounts():
    """Amounts are exact: strings, fractions and floats become Rationals."""
    g = one_card_poker(3, 1, ante="1/2", bet=0.25)
    assert g.ante == sp.Rational(1, 2) and g.bet == sp.Rational(1, 4)
    assert one_card_poker(3, 1, bet=Fraction(3, 2)).bet == sp.Rational(3, 2)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"deck": 1}, "deck must have at least 2 cards, got 1"),
        ({"deck": True}, "deck must be an integer"),
        ({"deck": ("A", "A")}, "distinct"),
        ({"max_bets": -1}, "max_bets must be an integer >= 0, got -1"),
        ({"max_bets": 1.5}, "max_bets must be an integer >= 0, got 1.5"),
        ({"ante": 0}, "ante must be positive, got 0"),
        ({"bet": -2}, "bet must be positive, got -2"),
        ({"bet": "abc"}, "bet must be a positive number, got 'abc'"),
        ({"ante": None}, "ante must be a positive number, got None"),
        ({"bet": sp.Symbol("b")}, "declare its symbols with positive=True"),
    ],
)
def test_bad_rules(kwargs, message):
    """Bad rule parameters raise GameDefinitionError naming the bad value."""
    with pytest.raises(GameDefinitionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        one_card_poker(**kwargs)


def test_one_alpha():
    """One α (issue 40): Kuhn's published family, Kuhn's letters and the thesis's α are the same
    symbol, nonnegative, not three symbols that only print alike."""
    from derive.games.one_card import KUHN_LETTERS, KUHN_PARAMETERS, ONE_RAISE_PARAMETERS, alpha
    from derive.games.published import kuhn_family

    (published,) = kuhn_family().parameters
    assert published is alpha and KUHN_LETTERS[0]["Q"]["bet"] is alpha
    assert KUHN_PARAMETERS[0].symbol is alpha
    assert ONE_RAISE_PARAMETERS[0].symbol is alpha
    assert alpha.is_nonnegative
    assert sp.Symbol("alpha") != alpha  # a bare Symbol("alpha") would be another symbol
