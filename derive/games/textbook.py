"""Textbook games typed in with the builder API (:mod:`derive.extensive_form.build`).

Each function returns a :class:`~derive.extensive_form.Game`; amounts may be
sympy symbols (a pot ``P``, a bet ``B``), so the same game can be derived
symbolically or solved for numbers.  With the default amounts, Myerson's and
Reiley's games are the games of Gambit's catalog (``books/myerson1991/fig2_1``,
``journals/other/reiley2008/fig1``); the tests check it.
"""

from __future__ import annotations

import sympy as sp

from derive.extensive_form.build import chance, decision, exact_value, extensive_form, payoff
from derive.extensive_form.game import Game

__all__ = ["beer_quiche", "job_market", "matching_pennies", "myerson_poker", "reiley_poker", "selten_horse"]


def _symbols_of(*amounts: sp.Expr) -> tuple[sp.Symbol, ...]:
    return tuple(sorted(set().union(*(a.free_symbols for a in amounts)), key=str))


def matching_pennies() -> Game:
    """Matching pennies as an extensive form: the guesser does not see the coin.

    Player 0 ("Matcher") shows heads or tails; player 1 ("Guesser") guesses without seeing it;
    the matcher wins 1 if they match.  Value 0, unique optimal strategies (1/2, 1/2).

    Examples
    --------
    >>> matching_pennies().infosets[1].nodes
    (1, 4)
    """

    def guess(mine: str):
        return decision(
            "Guesser", "guess", {g: payoff(1, -1) if g == mine else payoff(-1, 1) for g in ("heads", "tails")}
        )

    return extensive_form(
        ["Matcher", "Guesser"],
        decision("Matcher", "coin", {c: guess(c) for c in ("heads", "tails")}),
        title="Matching pennies",
        comment="von Neumann & Morgenstern (1944), section 18; as an extensive form with one information set",
    )


def _one_card(title, players, cards, outcome, ante, bet, comment) -> Game:
    ante, bet = exact_value(ante, "ante"), exact_value(bet, "bet")
    first, second = players
    actions1, actions2 = outcome["actions"]

    def branch(card: str):
        won = outcome["wins"][card]
        pot = ante + bet
        raise_, fold = actions1
        meet, pass_ = actions2
        fold_pay = ante if outcome["fold_wins"][card] else -ante
        return decision(
            first,
            card,
            {
                raise_: decision(
                    second,
                    outcome["infoset"],
                    {
                        meet: payoff(pot if won else -pot, -pot if won else pot),
                        pass_: payoff(ante, -ante),
                    },
                ),
                fold: payoff(fold_pay, -fold_pay),
            },
        )

    return extensive_form(
        players,
        chance({c: (sp.Rational(1, 2), branch(c)) for c in cards}),
        title=title,
        symbols=_symbols_of(ante, bet),
        comment=comment,
    )


def myerson_poker(ante: object = 1, bet: object = 1) -> Game:
    """Myerson's simple card game (Myerson 1991, section 2.1, fig. 2.1).

    A card is red or black with probability 1/2 each; only player 1 ("Fred") sees it.  Each
    player has ``ante`` in the pot.  Fred raises (adding ``bet``) or folds; if he folds, he wins
    the ante with a red card and loses it with a black one (Myerson's unusual rule).  After a
    raise, player 2 ("Alice") meets (adding ``bet``; the card decides ``ante + bet``) or passes
    (Fred wins ``ante``).  With ``ante = bet = 1`` the value to Fred is 1/3.

    Parameters
    ----------
    ante, bet : number, str or sympy expression
        Exact amounts (symbols allowed; a float only when it is exactly a short decimal such as
        0.5, see :mod:`derive.extensive_form.exact`).

    Raises
    ------
    GameModelError
        If an amount is a float that is not exactly a short decimal (``1/3``; the message gives
        the exact form) or not a number.

    Examples
    --------
    >>> P, B = sp.symbols("P B", positive=True)
    >>> g = myerson_poker(P, B)
    >>> g.payoffs[3], g.symbols
    ((B + P, -B - P), (B, P))
    """
    return _one_card(
        "Myerson's card game",
        ("Fred", "Alice"),
        ("Red", "Black"),
        {
            "actions": (("Raise", "Fold"), ("Meet", "Pass")),
            "infoset": "raised",
            "wins": {"Red": True, "Black": False},
            "fold_wins": {"Red": True, "Black": False},
        },
        ante,
        bet,
        "Myerson (1991), Game Theory: Analysis of Conflict, section 2.1, figure 2.1",
    )


def reiley_poker(ante: object = 1, bet: object = 1) -> Game:
    """Stripped-down poker (Reiley, Urbancic & Walker 2008, figure 1).

    A king or a queen with probability 1/2 each, seen by the Professor only; both ante
    ``ante``.  The Professor bets ``bet`` or folds (losing the ante with either card); after a
    bet the Student calls (the card decides ``ante + bet``) or folds (the Professor wins the
    ante).  With ``ante = bet = 1`` the value to the Professor is 1/3.

    Raises
    ------
    GameModelError
        If an amount is a float that is not exactly a short decimal (``1/3``; the message gives
        the exact form) or not a number (:mod:`derive.extensive_form.exact`).

    References
    ----------
    D. H. Reiley, M. B. Urbancic and M. Walker (2008), "Stripped-down poker: a classroom game with
    signaling and bluffing", Journal of Economic Education 39(4), 323-341.
    """
    return _one_card(
        "Stripped-down poker",
        ("Professor", "Student"),
        ("King", "Queen"),
        {
            "actions": (("Bet", "Fold"), ("Call", "Fold")),
            "infoset": "bet",
            "wins": {"King": True, "Queen": False},
            "fold_wins": {"King": False, "Queen": False},
        },
        ante,
        bet,
        "Reiley, Urbancic & Walker (2008), Journal of Economic Education 39(4), figure 1",
    )


def beer_quiche(weak: object = "1/10", taste: object = 1) -> Game:
    """The beer-quiche signaling game (Cho & Kreps 1987, section II), a general-sum game.

    Chance makes the Sender weak (probability ``weak``) or strong; he sees his type and has beer
    or quiche for breakfast; the Receiver sees the breakfast only and duels or not.  The Sender
    gets ``taste`` (1 in the paper) for his preferred breakfast (quiche if weak, beer if strong)
    plus 2 if there is no duel; the Receiver gets 1 for dueling a weak Sender or not dueling a
    strong one, else 0.  ``taste`` may be a symbol: the cost of eating the other breakfast.

    Raises
    ------
    GameModelError
        If ``weak`` or ``taste`` is a float that is not exactly a short decimal (``weak=0.1`` is
        refused: write ``"1/10"`` or ``"0.1"``; ``0.5`` is 1/2), or not a number (or symbol); see
        :mod:`derive.extensive_form.exact`.

    References
    ----------
    I.-K. Cho and D. M. Kreps (1987), "Signaling games and stable equilibria", QJE 102(2), 179-221.
    """
    p = exact_value(weak, "probability of the weak type")
    t = exact_value(taste, "value of the preferred breakfast")

    def sender(kind: str):
        likes = "quiche" if kind == "weak" else "beer"

        def receiver(food: str):
            taste = t if food == likes else 0
            good_duel = 1 if kind == "weak" else 0
            return decision(
                "Receiver",
                food,
                {
                    "duel": payoff(taste, good_duel),
                    "not": payoff(taste + 2, 1 - good_duel),
                },
            )

        return decision("Sender", kind, {food: receiver(food) for food in ("beer", "quiche")})

    return extensive_form(
        ["Sender", "Receiver"],
        chance({"weak": (p, sender("weak")), "strong": (1 - p, sender("strong"))}),
        title="Beer-quiche signaling game",
        symbols=_symbols_of(p, t),
        comment="Cho & Kreps (1987), section II",
    )


def job_market(high: object = "1/3", cost_high: object = "1/2", cost_low: object = "3/2") -> Game:
    """Job-market signalling (Spence 1973) with two types, two education levels and two wages.

    Chance makes the Worker's productivity high (2, probability ``high``) or low (1); he sees it and
    gets an education or not, at a cost of ``cost_high`` or ``cost_low`` to the high or low type
    (none without education).  The Employer sees the education only and pays a high wage (2) or a
    low wage (1): a finite stand-in for Spence's competitive wage equal to expected productivity,
    she gets 1 when the wage is the worker's productivity, else 0, so she pays the high wage exactly
    when she believes the worker is high with probability at least 1/2.  The Worker gets the wage
    minus his cost.

    With the defaults (``1/2 <= 1 <= 3/2``: the high type gains by education only when it raises the
    wage, the low type never) there is a separating equilibrium (the high type educates, the low
    type does not, wages 2 and 1), and, with the prior below 1/2, pooling equilibria without
    education at the low wage, sustained by the belief that an educated worker is high with
    probability at most 1/2; the intuitive criterion rejects the pooling ones (the low type can
    never gain by education, so it must come from the high type, who then gains by it) and keeps
    the separating one, the least-cost separating equilibrium (Cho & Kreps 1987, section VI).

    Raises
    ------
    GameModelError
        If an amount is a float that is not exactly a short decimal or not a number
        (:mod:`derive.extensive_form.exact`).

    References
    ----------
    M. Spence (1973), "Job market signaling", Quarterly Journal of Economics 87(3), 355-374.
    I.-K. Cho and D. M. Kreps (1987), "Signaling games and stable equilibria", QJE 102(2), 179-221.
    """
    p = exact_value(high, "probability of the high type")
    costs = {
        "high": exact_value(cost_high, "education cost of the high type"),
        "low": exact_value(cost_low, "education cost of the low type"),
    }
    productivity = {"high": 2, "low": 1}

    def worker(kind: str):
        def employer(level: str):
            cost = costs[kind] if level == "educated" else 0
            return decision(
                "Employer",
                level,
                {
                    f"{wage} wage": payoff(productivity[wage] - cost, 1 if wage == kind else 0)
                    for wage in ("high", "low")
                },
            )

        return decision("Worker", kind, {level: employer(level) for level in ("educated", "uneducated")})

    return extensive_form(
        ["Worker", "Employer"],
        chance({"high": (p, worker("high")), "low": (1 - p, worker("low"))}),
        title="Job-market signalling",
        symbols=_symbols_of(p, *costs.values()),
        comment="Spence (1973), Quarterly Journal of Economics 87(3); two types, two education levels, two wages",
    )


def selten_horse() -> Game:
    """Selten's horse (Selten 1975, figure 1), a three-player game with no proper subgame.

    Player 1 moves R (to player 2) or L (to player 3); player 2, after R, moves R, ending the game
    with payoffs (1, 1, 1), or L (to player 3); player 3 does not know whether player 1 or player 2
    moved L (one information set) and chooses R or L.  Payoffs after player 2's L: (4, 4, 0) for R,
    (0, 0, 1) for L; after player 1's L: (3, 2, 2) for R, (0, 0, 0) for L.  It is the game of
    Gambit's catalog (``journals/ijgt/selten1975/fig1``); the tests check it.

    Its equilibria form two components: players 1 and 2 play R while player 3 plays L with
    probability at least 3/4 (payoffs (1, 1, 1)), and player 1 plays L while player 3 plays R and
    player 2 plays L with probability at most 2/3 (payoffs (3, 2, 2)).  Subgame perfection, with no
    proper subgame to check, keeps both; only the first holds sequential (and trembling-hand
    perfect) equilibria, since after player 1's R player 2 gains 4 by L against player 3's R.

    References
    ----------
    R. Selten (1975), "Reexamination of the perfectness concept for equilibrium points in extensive
    games", International Journal of Game Theory 4(1), 25-55, figure 1.
    """

    def third(first: tuple[int, int, int], second: tuple[int, int, int]):
        return decision("Player 3", "3:1", {"R": payoff(*first), "L": payoff(*second)})

    return extensive_form(
        ["Player 1", "Player 2", "Player 3"],
        decision(
            "Player 1",
            "1:1",
            {
                "R": decision("Player 2", "2:1", {"R": payoff(1, 1, 1), "L": third((4, 4, 0), (0, 0, 1))}),
                "L": third((3, 2, 2), (0, 0, 0)),
            },
        ),
        title="Selten's horse",
        comment="Selten (1975), International Journal of Game Theory 4(1), figure 1",
    )
