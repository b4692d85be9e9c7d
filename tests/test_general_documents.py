"""Issue 39, item 4: documents for every game, and subgame perfection of general-sum and n-player results.

``derive latex GAME`` writes a two-player general-sum game or a game of three or more players as a
derivation too (every equilibrium or family, a verified member, subgame perfection, the values on
the path), and ``derive solve`` says of every such equilibrium whether it is subgame perfect.
The games: an entry-deterrence game (Selten's chain-store stage game: the entrant stays out or
enters, the incumbent fights or accommodates), whose equilibria are (In, Accommodate) and a
component where the entrant stays out under a threat to fight; small three-player entry games;
beer-quiche (Cho & Kreps 1987) and three-player Kuhn poker (Szafron, Gibson & Sturtevant 2013).
"""

from __future__ import annotations

import io
import json
import shutil

import pytest
import sympy as sp

from derive.cli import main
from derive.formats import parse_efg
from derive.solving.general_sum.support_enumeration import support_enumeration
from derive.solving.general_sum.two_player import all_equilibria
from derive.verification.subgame_families import (
    all_equilibria_verdicts,
    mixed_plans,
    plan_verdict,
    strategy_sequences,
    support_verdict,
)

#: Selten's chain-store stage game (Selten 1978): Out pays (0, 2); after In, Fight (-1, -1) or
#: Accommodate (1, 1).  The one subgame perfect equilibrium is (In, Accommodate).
ENTRY = """EFG 2 R "Entry deterrence" { "Entrant" "Incumbent" }
"Selten's chain-store stage game"

p "" 1 1 "Entrant" { "Out" "In" } 0
t "" 1 "Out" { 0 2 }
p "" 2 1 "Incumbent" { "Fight" "Accommodate" } 0
t "" 2 "Fight" { -1 -1 }
t "" 3 "Accommodate" { 1 1 }
"""

#: P1 stays out (1 each) or enters; then P2 and P3 move at once.  P2's a pays her 1, her b pays 3 when
#: P3 plays c and 0 when d; P3 gets 0 in any case; P1 gets 0 after In.  So P1 stays out whatever
#: follows, and after In only P2 has a preference: a when P3's d has probability at least 2/3.
THREAT = """EFG 2 R "A threat after entry" { "P1" "P2" "P3" }
""

p "" 1 1 "P1" { "Out" "In" } 0
t "" 1 "Out" { 1 1 1 }
p "" 2 1 "P2" { "a" "b" } 0
p "" 3 1 "P3" { "c" "d" } 0
t "" 2 "ac" { 0 1 0 }
t "" 3 "ad" { 0 1 0 }
p "" 3 1 "P3" { "c" "d" } 0
t "" 4 "bc" { 0 3 0 }
t "" 5 "bd" { 0 0 0 }
"""


def run(*argv):
    """Run the command line; ``(status, stdout, stderr)``."""
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def entry_file(tmp_path):
    """The entry-deterrence game as a Gambit file."""
    path = tmp_path / "entry.efg"
    path.write_text(ENTRY)
    return path


def test_entry_deterrence_has_exactly_one_subgame_perfect_equilibrium():
    """(In, Accommodate) is subgame perfect; every equilibrium where the entrant stays out is not,
    failing after In, and so is the whole component they form."""
    game = parse_efg(ENTRY)
    eqs = all_equilibria(game)
    extreme, subsets = all_equilibria_verdicts(eqs)
    perfect = [e for e, v in zip(eqs.extreme, extreme) if v.subgame_perfect]
    assert len(perfect) == 1
    assert perfect[0].strategies == ({"Entrant: In": 1}, {"Incumbent: Accommodate": 1})
    assert perfect[0].payoffs == (1, 1)
    for e, v in zip(eqs.extreme, extreme):
        if v.subgame_perfect is False:
            assert e.strategies[0] == {"Entrant: Out": 1}
            assert [v.histories[r] for r in v.failures] == [((0, "In"),)]
    assert [v.subgame_perfect for v in extreme].count(False) == len(eqs.extreme) - 1
    # the two components: the subgame perfect point, and the threat (Out, Fight with probability >= 1/2)
    assert sorted(v.subgame_perfect for v in subsets) == [False, True]
    threat = next(s for s, v in zip(eqs.subsets, subsets) if v.subgame_perfect is False)
    assert threat.dimension == 1 and threat.payoffs == (0, 2)
    assert subsets[eqs.subsets.index(threat)].failures == (2,)


def test_entry_deterrence_solve_flags_each_equilibrium_in_text_and_json(entry_file):
    """``derive solve`` says of each extreme equilibrium and each Nash subset whether it is subgame perfect, and where not."""
    status, out, _ = run("solve", str(entry_file))
    assert status == 0
    assert out.count("subgame perfect: yes") == 1
    assert out.count("subgame perfect: no, not an equilibrium after Entrant In") == 2
    assert "subgame perfect: no member, none is an equilibrium after Entrant In" in out
    status, out, _ = run("solve", str(entry_file), "--json")
    doc = json.loads(out)["equilibria"]
    flags = {
        tuple(sorted((p, tuple(s)) for p, s in e["strategies"].items())): e["subgame_perfect"]
        for e in doc["extreme"]
    }
    assert flags[(("Entrant", ("Entrant: In",)), ("Incumbent", ("Incumbent: Accommodate",)))] is True
    assert sorted(flags.values()) == [False, False, True]
    for e in doc["extreme"] + doc["nash_subsets"]:
        assert e["subgames"] == 2
        expected = [] if e["subgame_perfect"] else [[{"player": "Entrant", "action": "In"}]]
        assert e["not_an_equilibrium_after"] == expected
    assert sorted(s["subgame_perfect"] for s in doc["nash_subsets"]) == [False, True]


def test_zero_sum_json_names_where_subgame_perfection_fails_too():
    """The zero-sum branch keeps its keys and gains the list of failing histories (empty for Kuhn)."""
    status, out, _ = run("solve", "kuhn", "--json")
    doc = json.loads(out)
    assert status == 0 and doc["subgame_perfect"] is True and doc["subgames"] == 1
    assert doc["not_an_equilibrium_after"] == []


def test_a_threat_family_is_subgame_perfect_on_an_exact_interval():
    """Three players: while P1 stays out, P3's mixture is free; it is subgame perfect exactly when
    P2's choice after In is a best reply to it -- a: d with probability at least 2/3."""
    game = parse_efg(THREAT)
    result = support_enumeration(game, time_limit=None)
    assert result.is_complete
    sequences = strategy_sequences(game)
    found = {}
    for e in result.equilibria:
        if e.is_isolated or e.strategies[0].get("P1: Out") != 1 or len(e.parameters) != 1:
            continue
        (t,) = e.parameters
        if e.strategies[2].get("P3: d") == t and e.strategies[1].get("P2: a") == 1:
            found["a"] = support_verdict(game, e, sequences)
        if e.strategies[2].get("P3: d") == t and e.strategies[1].get("P2: b") == 1:
            found["b"] = support_verdict(game, e, sequences)
    verdict = found["a"]
    assert verdict.subgame_perfect is None  # decided by a condition: some members are, some are not
    t, where = verdict.member_set
    assert where == sp.Interval.Ropen(sp.Rational(2, 3), 1)
    assert [c.deviation for c in verdict.conditions] == ["P2: b"]
    verdict = found["b"]
    t, where = verdict.member_set
    assert where == sp.Interval.Lopen(0, sp.Rational(2, 3))


def test_three_player_solve_reports_subgame_perfection_in_json(tmp_path):
    """Support enumeration's entries carry the flag, the failing history and a one-parameter family's exact set."""
    path = tmp_path / "threat.efg"
    path.write_text(THREAT)
    status, out, _ = run("solve", str(path), "--json")
    assert status == 0
    entries = json.loads(out)["equilibria"]
    assert all({"subgame_perfect", "subgames", "not_an_equilibrium_after"} <= set(e) for e in entries)
    assert all(e["subgames"] == 2 for e in entries)
    isolated = [e for e in entries if not e["parameters"]]
    # P1 always stays out; after In, P2's a is her best reply to d, b to c
    by_play = {
        (tuple(e["strategies"]["P1"]), tuple(e["strategies"]["P2"]), tuple(e["strategies"]["P3"])): e
        for e in isolated
    }
    assert all(play[0] == ("P1: Out",) for play in by_play)
    assert by_play[(("P1: Out",), ("P2: a",), ("P3: d",))]["subgame_perfect"] is True
    assert by_play[(("P1: Out",), ("P2: b",), ("P3: c",))]["subgame_perfect"] is True
    for bad in [(("P1: Out",), ("P2: b",), ("P3: d",)), (("P1: Out",), ("P2: a",), ("P3: c",))]:
        assert by_play[bad]["subgame_perfect"] is False
        assert by_play[bad]["not_an_equilibrium_after"] == [[{"player": "P1", "action": "In"}]]
    sets = [e["subgame_perfect_members"]["set"] for e in entries if "subgame_perfect_members" in e]
    assert sorted(sets) == ["Interval.Lopen(0, 2/3)", "Interval.Ropen(2/3, 1)"]
    status, out, _ = run("solve", str(path))
    assert "subgame perfect: exactly the members with s3[P3: d] in [2/3, 1)" in out


def test_a_completion_is_needed_and_reported_where_own_moves_exclude_a_subgame():
    """Centipede-like: 1 stops at once; whether that is subgame perfect depends on how 1 would play
    later, which his reduced strategy leaves open: completed by best replies, it is (Shoham &
    Leyton-Brown 2008, fig. 5.9 in Gambit's catalog)."""
    text = """EFG 2 R "Two-stage centipede" { "1" "2" }
""

p "" 1 1 "1:1" { "stop" "go" } 0
t "" 1 "" { 1 0 }
p "" 2 1 "2:1" { "stop" "go" } 0
t "" 2 "" { 0 2 }
p "" 1 2 "1:2" { "stop" "go" } 0
t "" 3 "" { 3 1 }
t "" 4 "" { 2 4 }
"""
    game = parse_efg(text)
    eqs = all_equilibria(game)
    sequences = [dict(zip(eqs.form.strategies[p], eqs.form.sequences[p])) for p in (0, 1)]
    verdicts = {
        tuple(e.strategies[1].items()): plan_verdict(game, mixed_plans(game, e.strategies, sequences))
        for e in eqs.extreme
    }
    perfect = verdicts[(("2:1: stop", 1),)]
    assert perfect.subgame_perfect is True
    assert perfect.completion == ((0, "1:2", "stop"),)
    # 2 going on with probability 1/3 is an equilibrium (1 stops at once) but not subgame perfect:
    # after 1 goes, 1 would stop at 1:2 (3 > 2) -- forced -- so 2 must stop
    mixed = [v for k, v in verdicts.items() if dict(k).get("2:1: go", 0) > 0]
    assert mixed and all(v.subgame_perfect is False for v in mixed)
    assert all(v.histories[r] == ((0, "go"),) for v in mixed for r in v.failures)


def test_latex_writes_entry_deterrence_with_its_subgame_perfection(entry_file, tmp_path):
    """The entry-deterrence document names the subgame where the threat fails."""
    status, out, err = run("latex", str(entry_file), "--out", str(tmp_path / "doc"), "--quiet")
    assert status == 0, err
    tex = (tmp_path / "doc" / "entry.tex").read_text()
    assert "\\section{Every equilibrium}" in tex and "\\section{Values along the path}" in tex
    assert "No member is subgame perfect: none is a Nash equilibrium of the subgame after Entrant In." in tex
    assert "Subgame perfect: a Nash equilibrium of every subgame, checked exactly." in tex
    assert "no, after Entrant In" in tex  # the table of extreme equilibria


def test_latex_refuses_an_almost_zero_sum_game_and_writes_it_on_request(tmp_path):
    """A mistyped Kuhn poker keeps the refusal meant for it; --general-sum writes it as general-sum."""
    from derive.formats import write_efg
    from derive.games.registry import load_game

    lines = write_efg(load_game("kuhn")).splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("t ") and "{ -2, 2 }" in line)
    lines[k] = lines[k].replace("{ -2, 2 }", "{ -2, 3 }")
    path = tmp_path / "kuhn_typo.efg"
    path.write_text("\n".join(lines) + "\n")
    status, _, err = run("latex", str(path), "--out", str(tmp_path / "doc"))
    assert status == 2 and "almost zero-sum" in err and "--general-sum" in err and "write it as" in err
    assert not (tmp_path / "doc").exists()


def test_latex_of_a_general_sum_game_no_longer_uses_the_mistyped_zero_sum_wording(tmp_path):
    """Beer-quiche is written, not refused as a mistyped zero-sum game."""
    status, _, err = run("latex", "beer-quiche", "--out", str(tmp_path / "doc"), "--quiet")
    assert status == 0 and "constant-sum" not in err


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_beer_quiche_document_compiles_with_both_pooling_components(tmp_path):
    """Beer-quiche's two pooling components (beer, quiche whatever the type), each subgame perfect (no proper subgame), in a PDF."""
    status, _, err = run("latex", "beer-quiche", "--out", str(tmp_path), "--pdf", "--quiet")
    assert status == 0, err
    assert (tmp_path / "beer-quiche.pdf").stat().st_size > 10_000
    tex = (tmp_path / "beer-quiche.tex").read_text()
    # the Sender's strategies: R1 beer whatever his type, R4 quiche whatever his type
    assert "R1 & \\texttt{weak: beer, strong: beer}" in tex
    assert "R4 & \\texttt{weak: quiche, strong: quiche}" in tex
    assert "4 extreme equilibria and 2 maximal Nash subsets in 2 components" in tex
    one = tex.index("\\subsection{Nash subset 1 (component 1)}")
    two = tex.index("\\subsection{Nash subset 2 (component 2)}")
    assert "One strategy: R4" in tex[one:two] and "One strategy: R1" in tex[two:]
    assert "Sender gets $\\frac{21}{10}$" in tex[one:two] and "Sender gets $\\frac{29}{10}$" in tex[two:]
    # no proper subgame: every member subgame perfect, said so
    assert tex.count("The game has no proper subgame") >= 2
    assert "Receiver's plans against Sender's equilibrium strategy." in tex


@pytest.mark.usefixtures("cfr_search_once")
def test_kuhn3_document_has_its_published_family(tmp_path):
    """Three-player Kuhn poker: the families found from CFR's support, each in the published family
    of Szafron, Gibson & Sturtevant (2013), with a member of exact NashConv 0."""
    status, _, err = run("latex", "kuhn3", "--out", str(tmp_path), "--quiet")
    assert status == 0, err
    tex = (tmp_path / "kuhn3.tex").read_text()
    assert "\\section{Equilibria found from CFR's support}" in tex
    assert "\\subsection{Family 1}" in tex
    assert "Szafron-Gibson-Sturtevant sub-family" in tex
    assert "exact NashConv $0$" in tex
    assert "The game has no proper subgame" in tex
    assert "\\section{Values along the path}" in tex
    assert "support enumeration" in tex.lower() and "4,299,816,960,000 pure strategy profiles" in tex
