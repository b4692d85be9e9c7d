"""Cross-check against Gambit: the .efg export read by pygambit, solved by its exact LP.

pygambit.nash.lp_solve(game, rational=True) is an established, independent exact
solver; derive's certified value must equal its value on every listed game, and
Gambit's equilibrium must have exploitability 0 in derive's own verifier.
"""

from __future__ import annotations

import pytest
import sympy as sp

from derive.cli import main
from derive.extensive_form import GameModelError
from derive.formats import write_efg
from derive.games.one_card import one_card_poker, to_extensive_form
from derive.sequence_form.strategies import behaviour_strategy
from derive.solving.zero_sum.from_rules import solve
from derive.verification import exploitability

gbt = pytest.importorskip("pygambit")

import gambit_api as api  # noqa: E402

GAMES = [(n, k, 1) for n in range(3, 8) for k in (1, 2, 3)] + [
    (3, 1, "1/2"),
    (3, 2, "3/2"),
    (4, 2, "5/2"),
    (5, 1, "2/3"),
    (11, 1, 1),  # two-character card names ("10", "11") must still give unique labels
]


def _gambit_solution(game, tmp_path):
    path = tmp_path / "game.efg"
    path.write_text(write_efg(game))
    g = gbt.read_efg(str(path))
    result = gbt.nash.lp_solve(g, rational=True)
    return g, api.equilibria(result)[0]


@pytest.mark.parametrize("n, k, bet", GAMES, ids=[f"N{n}-k{k}-b{b}" for n, k, b in GAMES])
def test_value_matches_gambit_lp(n, k, bet, tmp_path):
    """Same exact value as Gambit's rational sequence-form LP; Gambit's equilibrium is optimal for derive."""
    game = to_extensive_form(one_card_poker(n, k, bet=bet))
    g, eq = _gambit_solution(game, tmp_path)
    gambit_value = sp.Rational(str(api.payoffs(eq)[0]))
    assert solve(game).value == gambit_value
    profile = []
    for p, (sets, probs) in enumerate(zip(api.infosets(g), api.behaviour_probs(eq))):
        mapping = {}
        for (label, actions), row in zip(sets, probs):
            mapping[label] = {a: sp.Rational(str(x)) for a, x in zip(actions, row)}
        profile.append(behaviour_strategy(game, p, mapping))
    assert exploitability(game, profile) == 0


def test_efg_structure():
    """The export has one chance node, one p line per decision node and one t line per terminal."""
    game = to_extensive_form(one_card_poker(4, 2))
    lines = write_efg(game).splitlines()
    assert sum(line.startswith("c ") for line in lines) == 1
    assert sum(line.startswith("t ") for line in lines) == len(game.terminals)
    assert sum(line.startswith("p ") for line in lines) == sum(
        1 for n in game.nodes if n.children and not n.is_chance
    )


def test_export_cli_and_errors(tmp_path, capsys):
    """`derive export --format efg` writes the file; a symbolic bet or a bad path is refused."""
    out = tmp_path / "kuhn.efg"
    assert main(["export", "--format", "efg", "--out", str(out)]) == 0
    assert out.read_text().startswith('EFG 2 R "Kuhn poker"')
    assert main(["export", "--format", "nfg"]) == 2
    assert "invalid choice: 'nfg'" in capsys.readouterr().err
    assert main(["export", "--out", str(tmp_path / "missing" / "x.efg")]) == 2
    b = sp.Symbol("b", positive=True)
    with pytest.raises(GameModelError, match="symbols b"):
        write_efg(to_extensive_form(one_card_poker(3, 1, bet=b)))
