"""Two parameters for a general-sum game (beer-quiche in weak x taste): the LaTeX document of its map
and ``derive check`` at a point of a region.

The document must state each region's conditions and its families (their members as the text
output gives them); ``derive check GAME:A=x,B=y map.json`` must check every member the region
holding the point lists, each player's regret 0 at a point inside each region, and report a file
whose probabilities were changed as not an equilibrium.
"""

from __future__ import annotations

import io
import json
import shutil

import pytest
import sympy as sp

from derive.cli.run import main
from derive.games.registry import BUILTIN_GAMES, load_game
from derive.presentation.plane_document import plane_document
from derive.presentation.plane_report import plane_equilibria_text
from derive.solving.parameters.plane_general import plane_equilibria

WEAK, TASTE = sp.Symbol("weak", positive=True), sp.Symbol("taste", positive=True)
BOX = ((0, 1), (0, 2))
MAP = ["solve", "beer-quiche", "--param", "weak=0..1", "--param", "taste=0..2"]


def _run(argv):
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, out=out, err=err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def bq_map():
    game = BUILTIN_GAMES["beer-quiche"].build_with({}, weak=WEAK, taste=TASTE)
    return plane_equilibria(game, (WEAK, TASTE), BOX)


@pytest.fixture(scope="module")
def map_json(tmp_path_factory):
    status, out, _ = _run([*MAP, "--json", "--quiet"])
    assert status == 0
    path = tmp_path_factory.mktemp("map") / "map.json"
    path.write_text(out)
    return path


# --------------------------------------------------------------------------- the document


def test_the_map_has_two_regions(bq_map):
    assert [r.conditions for r in bq_map.regions] == [((1 - 2 * WEAK,),), ((2 * WEAK - 1,),)]
    assert [len(r.extreme) for r in bq_map.regions] == [4, 1]
    assert [len(r.subsets) for r in bq_map.regions] == [2, 1]


def test_the_document_states_each_region_and_its_families(bq_map):
    tex = plane_document(bq_map, "map.pdf")
    assert tex.startswith("\\documentclass") and tex.rstrip().endswith("\\end{document}")
    assert "\\usepackage{amsmath,amssymb,booktabs,graphicx,longtable,array}" in tex
    assert "\\includegraphics[width=0.72\\textwidth]{map.pdf}" in tex
    # the table of regions: conditions, how many equilibria in how many families, the checked point
    assert (
        "1 & $1 - 2 \\mathit{weak} \\ge 0$ & 4 extreme equilibria in 2 families & $(\\frac{1}{3}, 1)$" in tex
    )
    assert (
        "2 & $2 \\mathit{weak} - 1 \\ge 0$ & 1 extreme equilibrium in 1 family & $(\\frac{2}{3}, 1)$" in tex
    )
    # each region's section: its conditions, borders and point
    assert (
        "\\subsection*{Region 1}\nConditions: $1 - 2 \\mathit{weak} \\ge 0$. Borders: region 2 along $\\mathit{weak} = \\frac{1}{2}$"
        in tex
    )
    assert "Checked at $\\mathit{weak} = \\frac{1}{3}$, $\\mathit{taste} = 1$: 4 extreme equilibria" in tex
    assert "\\subsection*{Region 2}\nConditions: $2 \\mathit{weak} - 1 \\ge 0$." in tex
    # the families, their members as the text output gives them
    assert (
        "\\item Family 1: Sender: [weak: quiche, strong: quiche] $1$; Receiver: any mix of "
        "([beer: duel, quiche: not] $\\frac{\\mathit{taste}}{2}$, [beer: not, quiche: not] "
        "$1 - \\frac{\\mathit{taste}}{2}$) and ([beer: duel, quiche: not] $1$) (extreme equilibria 1, 2)."
    ) in tex
    assert (
        "\\item Family 2: Sender: [weak: beer, strong: beer] $1$; Receiver: any mix of "
        "([beer: not, quiche: duel] $\\frac{\\mathit{taste}}{2}$, [beer: not, quiche: not] "
        "$1 - \\frac{\\mathit{taste}}{2}$) and ([beer: not, quiche: duel] $1$) (extreme equilibria 3, 4)."
    ) in tex
    assert (
        "\\item Family 1: Sender: [weak: beer, strong: beer] $\\frac{1 - \\mathit{weak}}{\\mathit{weak}}$, "
        "[weak: quiche, strong: beer] $\\frac{2\\,\\mathit{weak} - 1}{\\mathit{weak}}$; Receiver: "
        "[beer: duel, quiche: duel] $1 - \\frac{\\mathit{taste}}{2}$, [beer: not, quiche: duel] "
        "$\\frac{\\mathit{taste}}{2}$ (extreme equilibrium 1)."
    ) in tex
    # each extreme equilibrium with both payoffs (a thin space between two names: taste weak)
    assert "\\emph{payoff} $\\mathit{taste}\\,\\mathit{weak} + 2$" in tex
    assert "\\emph{payoff} $- \\mathit{taste}\\,\\left(\\mathit{weak} - 2\\right)$" in tex
    assert tex.count("\\emph{payoff}") == 2 * (4 + 1)
    # the same families as the text output
    text = plane_equilibria_text(bq_map)
    assert "family 1: Sender: [weak: quiche, strong: quiche] 1; Receiver: any mix of" in text
    assert "optimal strateg" not in tex  # no value, no optimal strategies: equilibria


def test_latex_command_writes_the_document_and_the_map(tmp_path):
    out = tmp_path / "doc"
    status, said, err = _run(
        [
            "latex",
            "beer-quiche",
            "--param",
            "weak=0..1",
            "--param",
            "taste=0..2",
            "--out",
            str(out),
            "--quiet",
        ]
    )
    assert status == 0, err
    tex = out / "beer-quiche_by_weak_taste.tex"
    figure = out / "beer-quiche_by_weak_taste_map.pdf"
    assert said.strip() == f"wrote {figure}, {tex}"
    assert figure.stat().st_size > 5_000 and "Region 2" in tex.read_text()


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_the_document_compiles(tmp_path):
    status, _, err = _run(
        ["latex", "beer-quiche", "--param", "weak=1/20..9/10", "--param", "taste=1/2..4"]
        + ["--out", str(tmp_path), "--pdf", "--quiet"]
    )
    assert status == 0, err
    assert (tmp_path / "beer-quiche_by_weak_taste.pdf").stat().st_size > 20_000
    tex = (tmp_path / "beer-quiche_by_weak_taste.tex").read_text()
    assert tex.count("\\subsection*{Region") == 3


def test_latex_refuses_one_param_of_a_general_sum_game(tmp_path):
    status, out, err = _run(["latex", "beer-quiche", "--param", "weak=0..1", "--out", str(tmp_path / "d")])
    assert status == 2 and out == "" and err.count("\n") == 1 and "general-sum" in err
    assert not (tmp_path / "d").exists()


# --------------------------------------------------------------------------- derive check at a point


def _regrets(doc) -> list[list[str]]:
    return [[p["regret"] for p in member["players"]] for member in doc["members"]]


@pytest.mark.parametrize(
    "point, region, members",
    [
        (("1/3", "1"), 1, 4),  # the region's own checked point
        (("1/7", "3/2"), 1, 4),
        (("2/5", "1/9"), 1, 4),
        (("2/3", "1"), 2, 1),
        (("5/6", "7/4"), 2, 1),
        (("3/5", "1/3"), 2, 1),
    ],
)
def test_check_takes_the_region_and_finds_every_regret_zero(map_json, point, region, members):
    a, b = point
    status, out, err = _run(["check", f"beer-quiche:weak={a},taste={b}", str(map_json), "--json"])
    assert status == 0, err
    assert f"checking region {region} of 2" in err
    doc = json.loads(out)
    assert doc["region"] == region and doc["point"] == {"weak": a, "taste": b}
    assert len(doc["members"]) == members  # every extreme equilibrium; the families' pairs are the same
    assert [m["extreme_equilibrium"] for m in doc["members"]] == list(range(1, members + 1))
    assert all(regrets == ["0", "0"] for regrets in _regrets(doc))
    assert doc["is_nash_equilibrium"] is True and doc["on_curves"] == []
    assert "every member the region lists" in doc["checked"]


def test_check_evaluates_the_formulas_exactly(map_json):
    """At weak = 3/4, taste = 1/2: the weak type mixes beer in with (1 - weak)/weak = 1/3, the
    Receiver duels after beer with 1 - taste/2 = 3/4; the payoffs taste*(2 - weak) and weak."""
    status, out, _ = _run(["check", "beer-quiche:weak=3/4,taste=1/2", str(map_json), "--json"])
    assert status == 0
    (member,) = json.loads(out)["members"]
    assert member["strategies"] == {
        "Sender": {"weak: beer, strong: beer": "1/3", "weak: quiche, strong: beer": "2/3"},
        "Receiver": {"beer: duel, quiche: duel": "3/4", "beer: not, quiche: duel": "1/4"},
    }
    assert member["behaviour"]["Sender"] == {
        "weak": {"beer": "1/3", "quiche": "2/3"},
        "strong": {"beer": "1", "quiche": "0"},
    }
    assert [p["payoff"] for p in member["players"]] == ["5/8", "3/4"]
    # the same numbers as a direct check of that profile in the game with the numbers put in
    from derive.verification.best_response import behaviour_profile, profile_payoffs

    game = load_game("beer-quiche:weak=3/4,taste=1/2")
    profile = behaviour_profile(game, member["behaviour"])
    assert profile_payoffs(profile) == (sp.Rational(5, 8), sp.Rational(3, 4))


def test_check_text_says_which_members_and_the_verdict(map_json):
    status, out, _ = _run(["check", "beer-quiche:weak=1/3,taste=1", str(map_json)])
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == (
        f"Beer-quiche signaling game: region 1 of 2 of {str(map_json)!r} at weak = 1/3, taste = 1 (1 - 2*weak >= 0)"
    )
    assert lines[1].startswith(
        "checked: every member the region lists (its 4 extreme equilibria and the pairs of extreme strategies "
        "of its 2 families)"
    )
    assert (
        "extreme equilibrium 1 (family 1): Sender: [weak: quiche, strong: quiche] 1; Receiver: "
        "[beer: duel, quiche: not] 1/2, [beer: not, quiche: not] 1/2"
    ) in lines
    assert out.count("regret 0 (already a best response)") == 8
    assert lines[-1] == (
        "all 4 are Nash equilibria at weak = 1/3, taste = 1 (every player's regret 0), and so is every mix "
        "within each family"
    )


def test_check_on_a_boundary_curve_says_the_map_does_not_solve_there(map_json):
    status, out, _ = _run(["check", "beer-quiche:weak=1/2,taste=1", str(map_json)])
    assert status == 0
    assert (
        "note: the point lies on the curve 2*weak - 1 = 0, where the map does not solve the equilibria" in out
    )


def _tampered(map_json, tmp_path, edit) -> str:
    doc = json.loads(map_json.read_text())
    edit(doc)
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(doc))
    return str(path)


def test_a_changed_probability_is_not_an_equilibrium(map_json, tmp_path):
    def duel_less(doc):  # the Receiver duels after beer with taste/4, not taste/2 (still sums to 1)
        receiver = doc["regions"][0]["equilibria"][0]["strategies"]["Receiver"]
        receiver["beer: duel, quiche: not"] = "taste/4"
        receiver["beer: not, quiche: not"] = "1 - taste/4"

    path = _tampered(map_json, tmp_path, duel_less)
    status, out, _ = _run(["check", "beer-quiche:weak=1/3,taste=1", path, "--json"])
    assert status == 0
    doc = json.loads(out)
    assert doc["is_nash_equilibrium"] is False
    first = doc["members"][0]
    assert first["is_nash_equilibrium"] is False and first["nash_conv"] == "1/3"
    assert [p["regret"] for p in first["players"]] == ["1/3", "0"]  # the weak type would drink beer
    status, out, _ = _run(["check", "beer-quiche:weak=1/3,taste=1", path])
    assert "Sender: payoff 7/3, best-response value 8/3, regret 1/3" in out
    assert out.splitlines()[-1].startswith(
        "not an equilibrium at weak = 1/3, taste = 1: extreme equilibrium 1"
    )


def test_a_changed_family_member_is_not_an_equilibrium(map_json, tmp_path):
    def mix_less(doc):  # the weak type's beer in region 2's family: (1 - weak)/(2 weak), not (1 - weak)/weak
        sender = doc["regions"][1]["families"][0]["Sender"][0]
        sender["weak: beer, strong: beer"] = "(1 - weak)/(2*weak)"
        sender["weak: quiche, strong: beer"] = "1 - (1 - weak)/(2*weak)"

    path = _tampered(map_json, tmp_path, mix_less)
    status, out, _ = _run(["check", "beer-quiche:weak=2/3,taste=1", path, "--json"])
    assert status == 0
    doc = json.loads(out)
    assert [m["is_nash_equilibrium"] for m in doc["members"]] == [True, False]
    assert doc["members"][1]["extreme_equilibrium"] is None and doc["members"][1]["families"] == [1]
    assert [p["regret"] for p in doc["members"][1]["players"]] == ["0", "1/12"]
    assert doc["is_nash_equilibrium"] is False


@pytest.mark.parametrize(
    "spec, edit, message",
    [
        ("beer-quiche:weak=1/3,taste=3", None, "taste = 3 is outside the box of"),
        (
            "beer-quiche:weak=1/3",
            None,
            "give both values with the game, derive check beer-quiche:weak=VALUE,taste=VALUE",
        ),
        (
            "beer-quiche:weak=2/3,taste=1",
            lambda d: d["regions"][1]["equilibria"][0]["strategies"]["Receiver"].update(
                {"beer: not, quiche: duel": "taste/3"}
            ),
            "extreme equilibrium 1 of region 2 of",
        ),
        (
            "beer-quiche:weak=2/3,taste=1",
            lambda d: d["regions"][1]["equilibria"][0]["strategies"]["Sender"].update({"weak: beer": "1/2"}),
            "player 'Sender' has no reduced strategy 'weak: beer'",
        ),
        (
            "beer-quiche:weak=2/3,taste=1",
            lambda d: d["regions"][1]["equilibria"][0]["strategies"]["Sender"].update(
                {"weak: beer, strong: beer": "open(1)"}
            ),
            "is not a rational function",
        ),
        (
            "beer-quiche:weak=2/3,taste=1",
            lambda d: d["regions"][1].pop("families"),
            'region 2 is not {"conditions"',
        ),
    ],
)
def test_bad_input_is_one_line_exit_2(map_json, tmp_path, spec, edit, message):
    path = _tampered(map_json, tmp_path, edit) if edit else str(map_json)
    status, out, err = _run(["check", spec, path])
    assert status == 2 and out == ""
    last = err.strip().splitlines()[-1]
    assert last.startswith("derive: error: ") and message in last, err


def test_the_constant_sum_route_is_unchanged(tmp_path):
    """A constant-sum map still checks one profile, the region's, as before."""
    status, out, _ = _run(
        ["solve", "kuhn", "--param", "ante=1..3", "--param", "bet=1/2..4", "--json", "--quiet"]
    )
    path = tmp_path / "kuhn.json"
    path.write_text(out)
    status, out, err = _run(["check", "kuhn:ante=2,bet=1", str(path)])
    assert status == 0
    assert err == f"derive: checking region 1 of 3 of {str(path)!r}, its formulas at ante = 2, bet = 1\n"
    assert out == (
        "Kuhn poker: the profile checked exactly\n"
        "opener: payoff -1/30, best-response value -1/30, regret 0 (already a best response)\n"
        "dealer: payoff 1/30, best-response value 1/30, regret 0 (already a best response)\n"
        "NashConv 0, exploitability 0: a Nash equilibrium\n"
    )
