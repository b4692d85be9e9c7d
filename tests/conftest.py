"""Shared fixtures: the canonical games are built once per test session."""

from __future__ import annotations

import pytest

from derive.games.one_card import (
    KUHN_PARAMETERS,
    ONE_RAISE_PARAMETERS,
    kuhn_poker,
    one_raise_poker,
    thesis_excluded_plans,
    to_extensive_form,
)
from derive.solving.families.optimal_families import optimal_families


@pytest.fixture(scope="session")
def kuhn():
    """Kuhn poker's game (:func:`derive.games.one_card.to_extensive_form`)."""
    return to_extensive_form(kuhn_poker())


@pytest.fixture(scope="session")
def one_raise():
    """The one-raise game (Miao 2014)."""
    return to_extensive_form(one_raise_poker())


@pytest.fixture(scope="session")
def kuhn_sets(kuhn):
    """Kuhn poker's optimal sets in Kuhn's letters."""
    return optimal_families(kuhn, KUHN_PARAMETERS)


@pytest.fixture(scope="session")
def thesis_sets(one_raise):
    """The one-raise game's optimal sets after the thesis's stupid mistakes are removed."""
    return optimal_families(one_raise, ONE_RAISE_PARAMETERS, exclude=thesis_excluded_plans())


@pytest.fixture(scope="session")
def one_raise_full_sets(one_raise):
    """The one-raise game's optimal sets, nothing removed."""
    return optimal_families(one_raise, ONE_RAISE_PARAMETERS)


#: CFR searches already run in this test session, by the game's Gambit text and the search's limits.
_CFR_SEARCHES: dict = {}


@pytest.fixture
def cfr_search_once(monkeypatch):
    """Run each CFR search of :func:`derive.solving.general_sum.from_cfr.equilibria_from_cfr` once per
    test session: three-player Kuhn poker's search takes about 30 s, and several tests print the same
    result as text, JSON and a document.  The search itself is tested where it first runs; the later
    tests reuse its (immutable) result for the same game and limits."""
    from derive.formats.writer import write_efg
    from derive.solving.general_sum import from_cfr

    search = from_cfr.equilibria_from_cfr

    def once(game, *args, progress=None, **kwargs):
        key = (write_efg(game), args, tuple(sorted(kwargs.items())))
        if key not in _CFR_SEARCHES:
            _CFR_SEARCHES[key] = search(game, *args, progress=progress, **kwargs)
        return _CFR_SEARCHES[key]

    monkeypatch.setattr(from_cfr, "equilibria_from_cfr", once)
