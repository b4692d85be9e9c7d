"""Built-in textbook games against the published game files they transcribe (Gambit's catalog)."""

from __future__ import annotations

from pathlib import Path

import pytest

from derive.formats import read_game
from derive.games.registry import load_game

pygambit = pytest.importorskip("pygambit")
CATALOG = Path(pygambit.__file__).parent / "catalog_data"


def _outcomes(game) -> dict[tuple, tuple]:
    """Each terminal's payoffs keyed by its history, ``((mover's number, action), ...)``."""
    return {
        tuple((game.nodes[n].player, a) for n, a in game.history(t)): tuple(game.payoffs[t])
        for t in game.terminals
    }


def test_selten_horse_is_the_catalog_game():
    """`selten-horse` has the catalog file's histories, payoffs and information sets (Selten 1975, fig. 1)."""
    ours = load_game("selten-horse")
    theirs = read_game(CATALOG / "journals/ijgt/selten1975/fig1.efg")
    assert ours.num_players == theirs.num_players == 3
    assert _outcomes(theirs) == _outcomes(ours)
    assert len(_outcomes(ours)) == 5
    assert (
        sorted(len(i.nodes) for i in ours.infosets)
        == sorted(len(i.nodes) for i in theirs.infosets)
        == [1, 1, 2]
    )


def test_selten_horse_equilibrium_components():
    """Both components of Selten's horse, exactly: (1, 1, 1) with player 3's L at least 3/4, and
    (3, 2, 2) with player 2's L at most 2/3 (payoffs by hand from figure 1)."""
    from derive.solving.general_sum.support_enumeration import support_enumeration

    result = support_enumeration(load_game("selten-horse"))
    assert result.is_complete
    assert sorted({tuple(e.payoffs) for e in result.equilibria}) == [(1, 1, 1), (3, 2, 2)]
    ranges = sorted(str(r) for e in result.equilibria for r in e.ranges)
    assert ranges == ["Interval.Lopen(0, 2/3)", "Interval.Ropen(3/4, 1)"]
