"""The command line on general games: derive games / solve GAME / draw / latex GAME / export GAME, and bad files."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from derive.cli import main
from derive.extensive_form import decision, extensive_form, payoff
from derive.formats import read_game
from derive.games.textbook import myerson_poker

pygambit = pytest.importorskip("pygambit")

import gambit_api as api  # noqa: E402

CATALOG = api.CATALOG

#: A game a user types in: a chance move to a one-card bluffing game (the Reiley numbers, another labelling).
TYPED_IN = """EFG 2 R "A typed-in bluffing game" { "Ann" "Bob" }
""

c "deal" 1 "" { "high" 1/2 "low" 1/2 } 0
p "" 1 1 "Ann high" { "bet" "fold" } 0
p "" 2 1 "Bob facing a bet" { "call" "fold" } 0
t "" 1 "" { 2, -2 }
t "" 2 "" { 1, -1 }
t "" 3 "" { -1, 1 }
p "" 1 2 "Ann low" { "bet" "fold" } 0
p "" 2 1 "Bob facing a bet" { "call" "fold" } 0
t "" 4 "" { -2, 2 }
t "" 2 "" { 1, -1 }
t "" 3 "" { -1, 1 }
"""


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_games_lists_the_built_in_games_with_sources():
    """Each built-in game is listed with its source."""
    status, out, _ = run("games")
    assert status == 0
    for name, source in [
        ("kuhn", "Kuhn (1950)"),
        ("one-raise", "Miao (2014)"),
        ("myerson", "Myerson (1991)"),
        ("reiley", "Reiley"),
    ]:
        line = next(line for line in out.splitlines() if line.startswith(name + " "))
        assert source in line


def test_solve_a_typed_in_file(tmp_path):
    """A game a user writes as a .efg file: exact value 1/3 and the equilibrium by information-set label."""
    path = tmp_path / "bluff.efg"
    path.write_text(TYPED_IN)
    status, out, _ = run("solve", str(path), "--json")
    assert status == 0
    doc = json.loads(out)
    assert doc["value"] == "1/3" and doc["players"] == ["Ann", "Bob"]
    assert doc["strategies"]["Ann"]["Ann low"] == {"bet": "1/3", "fold": "2/3"}
    assert doc["strategies"]["Bob"]["Bob facing a bet"] == {"call": "2/3", "fold": "1/3"}


@pytest.mark.parametrize(
    "name, value",
    [
        ("books/myerson1991/fig2_1.efg", "1/3"),
        ("journals/other/reiley2008/fig1.efg", "1/3"),
        ("books/vonstengel2022/fig10.1.efg", None),
        ("books/vonstengel2022/fig10.12.efg", None),
        ("journals/mor/vonstengelforges2008/fig6.efg", None),
    ],
)
def test_solve_catalog_games_with_all_optimal_sets(name, value):
    """The five zero-sum catalog games: value (published where known), optimal sets with vertices in JSON;
    the value agrees with Gambit's exact enummixed_solve."""
    status, out, _ = run("solve", str(CATALOG / name), "--all", "--json")
    assert status == 0
    doc = json.loads(out)
    gambit_game = pygambit.read_efg(str(CATALOG / name))
    eq = api.equilibria(pygambit.nash.enummixed_solve(gambit_game, rational=True))[0]
    assert doc["value"] == str(api.payoffs(eq)[0])
    if value is not None:
        assert doc["value"] == value
    assert [s["player"] for s in doc["optimal_sets"]] == doc["players"]
    for s in doc["optimal_sets"]:
        assert s["dimension"] >= 0 and len(s["vertices"]) >= 1
        assert {"player", "dimension", "vertices"} <= set(s)


def test_solve_one_raise_all():
    """The thesis's game through the general engine: value -1/18; optimal sets of dimension 3 and 2."""
    status, out, _ = run("solve", "one-raise", "--all", "--json")
    doc = json.loads(out)
    assert status == 0 and doc["value"] == "-1/18"
    assert [s["dimension"] for s in doc["optimal_sets"]] == [3, 2]
    assert len(doc["optimal_sets"][1]["vertices"]) == 4


def test_solve_text_output_names_the_optimal_set():
    """Text output: value, strategies by information set, and the optimal sets."""
    status, out, _ = run("solve", "kuhn", "--all")
    assert status == 0
    assert "game value to opener: -1/18 (dealer: 1/18)" in out
    assert "opener's optimal set: dimension 1" in out
    assert "dealer's optimal strategy is unique" in out


def test_poker_options_still_give_the_poker_output():
    """Without GAME, --deck/--max-bets keep their output (information sets K:xb ...)."""
    status, out, _ = run("solve", "--deck", "3", "--max-bets", "2", "--json")
    assert status == 0 and json.loads(out)["value"] == "-1/18"


@pytest.mark.parametrize(
    "argv, message",
    [
        (["solve", "no-such-game"], "unknown game 'no-such-game'"),
        (["solve", "missing.efg"], "missing.efg"),
        (["solve", str(CATALOG / "books/shohamleytonbrown2008/fig5_12.efg")], "imperfect recall"),
        (["solve", "kuhn", "--deck", "4"], "--deck applies to one-card poker"),
        (["solve", "kuhn", "--bet", "3"], "(give it with the name: kuhn:bet=3)"),
        (
            ["solve", "myerson:Q=3"],
            "no option or parameter 'Q' (its options: none; its parameters: ante, P, bet, B)",
        ),
        (
            ["solve", "myerson:B=-1"],
            "B (the bet) is the amount of a raise and of a meet, in dollars: it cannot be below 0",
        ),
        (["solve", "myerson:B=x"], "B is an exact number (e.g. 2, 1/2, 0.25), not 'x'"),
        (["solve", "myerson:bet=3,B=4"], "B is given twice"),
        (
            ["solve", "beer-quiche:weak=2"],
            "weak is the probability that the Sender is weak: it cannot be above 1",
        ),
        (["solve", str(CATALOG / "journals/geb/wichardt2008.efg")], "imperfect recall at information set"),
    ],
)
def test_bad_games_are_one_line_and_exit_2(argv, message, tmp_path, monkeypatch):
    """Unknown names, missing files, unsupported games: one line on stderr, exit status 2."""
    monkeypatch.chdir(tmp_path)
    status, out, err = run(*argv)
    assert status == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_a_strategic_form_is_described_by_its_strategies():
    """A .nfg file's first line gives its strategies (3 x 3), and the tree derive holds it as in brackets."""
    status, out, _ = run("solve", str(CATALOG / "journals/other/shapley1974/fig2.nfg"))
    assert status == 0
    assert out.splitlines()[0].endswith(
        "general-sum, 3 x 3 strategies (held as a tree of 13 nodes, 2 information sets)"
    )


def test_one_card_strategies_are_listed_by_card():
    """``derive solve kuhn`` lists each player's information sets by card, Q before K before A, as
    ``derive solve --deck 3`` does (the tree's own order starts the dealer's at K)."""
    status, out, _ = run("solve", "kuhn")
    dealer = out[out.index("dealer's quasi-perfect") :].splitlines()[1:7]
    assert status == 0 and [line.split()[0] for line in dealer] == ["Q:x", "Q:b", "K:x", "K:b", "A:x", "A:b"]


def test_a_parameter_fixed_with_the_name():
    """``myerson:B=3`` is Myerson's game with bet 3 (value B/(B + 2) = 3/5); ``kuhn:bet=3`` has value 0
    (a bet of 2 or more: Kuhn's game is fair); the parametric output points at this form."""
    status, out, _ = run("solve", "myerson:B=3", "--json")
    assert status == 0 and json.loads(out)["value"] == "3/5"
    status, out, _ = run("solve", "myerson:P=2,B=3", "--json")
    assert status == 0 and json.loads(out)["value"] == "6/7"
    status, out, _ = run("solve", "kuhn:bet=3", "--json")
    assert status == 0 and json.loads(out)["value"] == "0"
    status, out, _ = run("solve", "myerson:P=2", "--param", "B=0..4")
    assert status == 0 and "`derive solve myerson:P=2,B=VALUE --all` at a point of the piece" in out
    status, out, err = run("solve", "myerson:bet=3", "--param", "B=0..4")  # B is the bet: given twice
    assert status == 2 and "myerson: bet is given twice" in err
    status, out, _ = run("solve", "--deck", "4", "--param", "bet=1..2")
    assert status == 0 and "`derive solve --deck 4 --max-bets 1 --ante 1 --bet VALUE --all`" in out


def test_bad_files_are_one_line_and_exit_2(tmp_path):
    """Truncated, malformed, non-UTF-8 files and float probabilities: one line, exit 2, nothing written."""
    source = (CATALOG / "books/myerson1991/fig2_1.efg").read_text()
    cases = {
        "truncated.efg": source[: len(source) // 2],
        "garbage.efg": source.replace('"Raise"', "Raise", 1),
        "floats.efg": TYPED_IN.replace("1/2", "0.3333333333333333", 1).replace(
            'low" 1/2', 'low" 0.6666666666666666'
        ),
    }
    for name, text in cases.items():
        (tmp_path / name).write_text(text)
    (tmp_path / "latin1.efg").write_bytes(TYPED_IN.replace("Ann", "Ann\xe9").encode("latin-1"))
    for name in [*cases, "latin1.efg"]:
        status, out, err = run("solve", str(tmp_path / name))
        assert status == 2 and out == "" and err.count("\n") == 1, (name, err)
        assert name in err
    assert "rationalize" in run("solve", str(tmp_path / "floats.efg"))[2]
    status, out, err = run("solve", str(tmp_path / "floats.efg"), "--rationalize", "--json")
    assert status == 0 and "0.3333333333333333 read as 1/3" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*cases, "latin1.efg"])


def test_draw_writes_the_tree_and_the_equilibrium(tmp_path):
    """derive draw GAME writes the game tree and, for a zero-sum game, the equilibrium on it."""
    status, out, _ = run("draw", "reiley", "--out", str(tmp_path), "--format", "svg")
    assert status == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["reiley_equilibrium.svg", "reiley_game_tree.svg"]
    status, _, err = run("draw", "beer-quiche", "--out", str(tmp_path / "bq"))
    assert status == 0 and "no equilibrium drawn" in err
    assert [p.name for p in (tmp_path / "bq").iterdir()] == ["beer-quiche_game_tree.png"]


def test_export_then_read_back_is_the_same_game(tmp_path):
    """derive export GAME writes a .efg that derive reads back as the same game."""
    target = tmp_path / "myerson.efg"
    status, _, _ = run("export", "myerson", "--out", str(target))
    assert status == 0
    back = read_game(target)
    original = myerson_poker()
    assert back.payoffs == original.payoffs and back.players == original.players
    assert [i.label for i in back.infosets] == [i.label for i in original.infosets]


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_latex_of_a_catalog_game_compiles(tmp_path):
    """derive latex GAME --pdf writes the document, the tree, and a PDF."""
    status, out, _ = run(
        "latex", str(CATALOG / "books/vonstengel2022/fig10.12.efg"), "--out", str(tmp_path), "--pdf"
    )
    assert status == 0
    assert (tmp_path / "fig10_12.pdf").stat().st_size > 10_000
    tex = (tmp_path / "fig10_12.tex").read_text()
    assert "All optimal strategies" in tex and "\\begin{align*}" in tex


def test_latex_refuses_unsupported_games_and_writes_nothing(tmp_path):
    """A one-player game (a general-sum one is written, tests/test_general_documents.py): one line,
    exit 2, no folder created."""
    status, _, err = run("latex", "three-card-poker", "--out", str(tmp_path / "doc"))
    assert status == 2 and "is a 1-player game" in err
    assert not (tmp_path / "doc").exists()


def test_export_makes_labels_gambit_readable(tmp_path):
    """Labels outside printable ASCII are transliterated, each change reported; pygambit reads the file."""
    source = tmp_path / "odd.efg"
    source.write_text(
        TYPED_IN.replace('"Ann high"', '"Ann ♠  high"').replace(
            '"bet" "fold" } 0\np "" 2', '"bét" "fold" } 0\np "" 2', 1
        )
    )
    target = tmp_path / "out.efg"
    status, _, err = run("export", str(source), "--out", str(target), "--ascii")
    assert status == 0
    assert "information set 'Ann ♠  high' written as 'Ann ? high'" in err and "'bét' written as 'bet'" in err
    back = pygambit.read_efg(str(target))
    assert [label for label, _ in api.infosets(back)[0]][:1] == ["Ann ? high"]
    # without --ascii, UTF-8 labels are kept (only the doubled space goes), and derive reads them back
    utf8 = tmp_path / "utf8.efg"
    status, _, err = run("export", str(source), "--out", str(utf8))
    assert status == 0 and err.count("\n") == 1
    assert "information set 'Ann ♠  high' written as 'Ann ♠ high' (as Gambit reads labels)" in err
    text = utf8.read_text(encoding="utf-8")
    assert '"Ann ♠ high"' in text and '"bét"' in text
    assert read_game(str(utf8)).infosets[0].label == "Ann ♠ high"
    status, _, err = run("export", "kuhn", "--out", str(tmp_path / "k.nfg"))
    assert status == 2 and "does not end in .efg" in err and not (tmp_path / "k.nfg").exists()


def test_export_of_a_label_ending_in_a_backslash_is_readable_by_gambit(tmp_path):
    """pygambit 16.7 cannot read a label ending in a backslash; export writes '/' and says so."""
    from derive.formats import gambit_compatible, write_efg

    game = extensive_form(["A", "B"], decision("A", "dir\\", {"in\\": payoff(1, -1), "out": payoff(0, 0)}))
    fixed, changes = gambit_compatible(game)
    assert "information set 'dir\\\\' written as 'dir/'" in changes
    path = tmp_path / "b.efg"
    path.write_text(write_efg(fixed))
    back = pygambit.read_efg(str(path))
    assert list(api.infosets(back)[0][0][1]) == ["in/", "out"]


def test_poker_json_names_the_players():
    """The one-card options' JSON carries "players" like every game's JSON."""
    status, out, _ = run("solve", "--json")
    doc = json.loads(out)
    assert status == 0 and doc["players"] == ["opener", "dealer"] and doc["value"] == "-1/18"
    assert set(doc["strategies"]) == {"opener", "dealer"}


def test_help_opens_with_what_each_command_does(capsys):
    """Every subcommand's --help starts with a sentence saying what it does (issue 10, item 8)."""
    for command in ["solve", "games", "draw", "latex", "export", "notebooks", "reproduce", "hands"]:
        out = io.StringIO()
        try:
            status = main([command, "--help"], out=out, err=out)
        except SystemExit as exc:  # argparse's --help exits after printing to standard output
            status = exc.code
        text = out.getvalue() + capsys.readouterr().out
        assert status == 0, command
        first = text.splitlines()[0]
        assert first.endswith(".") and not first.startswith("usage"), (command, first)
        assert text.count(first) == 1, (command, "the description is printed twice")


def test_bare_derive_prints_its_usage():
    """`derive` with no command prints the usage and the commands, exit 2."""
    status, out, err = run()
    assert status == 2 and "usage: derive" in err and "solve" in err


def test_errors_leave_nothing_behind(tmp_path, monkeypatch):
    """A missing notebooks folder, a bad --timeout, an existing export target: exit 2, nothing written."""
    monkeypatch.chdir(tmp_path)
    status, _, err = run("notebooks", "--html", "site", "--dir", "missing")
    assert status == 2 and not (tmp_path / "site").exists()
    for bad in ("0", "-5"):
        status, _, err = run("notebooks", "--html", "site", "--timeout", bad)
        assert status == 2 and "--timeout" in err and not (tmp_path / "site").exists()
    target = tmp_path / "k.efg"
    target.write_text("keep")
    status, _, err = run("export", "kuhn", "--out", str(target))
    assert status == 2 and "--force" in err and target.read_text() == "keep"
    assert run("export", "kuhn", "--out", str(target), "--force")[0] == 0
    assert target.read_text().startswith("EFG 2 R")


def test_latex_pdf_without_pdflatex_writes_the_tex_and_names_the_packages(tmp_path, monkeypatch):
    """Issue 39, item 5: `derive latex --pdf` with no pdflatex writes the .tex and its figures, exits 2,
    and says in one line that pdflatex is missing and which Debian packages provide it."""
    import shutil as shutil_module

    which = shutil_module.which
    monkeypatch.setattr(
        shutil_module, "which", lambda name, *a, **k: None if name == "pdflatex" else which(name)
    )
    for argv, tex, figure in (
        (
            ["latex", "--game", "kuhn", "--out", str(tmp_path / "doc"), "--pdf", "--quiet"],
            "derivation.tex",
            "kuhn_strategy_panels.pdf",
        ),
        (
            ["latex", "myerson", "--out", str(tmp_path / "doc2"), "--pdf", "--quiet"],
            "myerson.tex",
            "myerson_game_tree.pdf",
        ),
    ):
        status, out, err = run(*argv)
        folder = Path(argv[argv.index("--out") + 1])
        assert status == 2 and err.count("\n") == 1, err
        assert err == (
            f"derive: error: wrote {folder / tex} and its figures, but pdflatex was not found, so no PDF: "
            "install a LaTeX engine (Debian or Ubuntu: apt-get install texlive-latex-base "
            "texlive-latex-recommended texlive-pictures) and run again\n"
        )
        assert (folder / tex).stat().st_size > 1000 and (folder / figure).is_file()
        assert not (folder / tex).with_suffix(".pdf").exists()
        assert not [p for p in folder.iterdir() if p.name.startswith(".tmp")]


def test_family_checks_the_published_families_exactly():
    """`derive family kuhn3`: the three sub-families of Szafron, Gibson & Sturtevant (2013) are
    verified, with each player's value as an expression; `derive family kuhn`: Kuhn's alpha family,
    value -1/18.  JSON carries the certificates as identities."""
    status, out, err = run("family", "kuhn3")
    assert status == 0 and err == ""
    assert out.count("every member is a Nash equilibrium (decided exactly)") == 3
    assert "values: P1 -(2b21 + 1)/48, P2 -1/48, P3 (b21 + 1)/24" in out
    assert out.count("values: P1 -(2b11 + 1)/48, P2 -1/48, P3 (b11 + 1)/24") == 2
    assert "    P1: K:xbf call 1/2; A:xxb call 1; A:xbf call 1; A:xbc call 1\n" in out  # the profile itself
    status, out, _ = run("family", "kuhn3", "--json")
    doc = json.loads(out)
    assert [f["is_equilibrium"] for f in doc["families"]] == [True, True, True]
    assert doc["families"][0]["strategies"]["P2"]["A:x"] == {
        "check": "-2b11 - 2b21 + 1",
        "bet": "2b11 + 2b21",
    }
    assert doc["families"][2]["certificates"][0] == {
        "player": "P1",
        "deviation": "Q:xxb: call",
        "identity": "-b11*c11/6 - b11/24 - c11/8 + 1/12 = 1/24*(-4*b11*c11 - b11 - 3*c11 + 2)",
    }
    status, out, _ = run("family", "kuhn")
    assert status == 0 and "values: opener -1/18, dealer 1/18" in out


def test_family_of_an_unknown_game_is_one_line_exit_2():
    status, out, err = run("family", "leduc")
    assert (status, out) == (2, "")
    assert err == "derive: error: no published family of 'leduc' is built in (families: kuhn, kuhn3)\n"


def test_latex_with_parameters_the_user_names(tmp_path):
    """derive latex kuhn --name alpha=Q:bet writes Kuhn's family in α (Kuhn 1950, p. 101): A bets 3α,
    K calls with α + 1/3, α in [0, 1/3]; a bad name or sequence is one line, exit 2, nothing written."""
    status, out, err = run("latex", "kuhn", "--name", "alpha=Q:bet", "--out", str(tmp_path / "k"), "--quiet")
    assert status == 0, err
    tex = (tmp_path / "k" / "kuhn.tex").read_text()
    assert (
        "Their solutions form a family of dimension 1 in $\\alpha$ (the parameter you named: "
        "$\\alpha = x_{\\text{Q:bet}}$, the probability that opener's own moves follow \\texttt{Q:bet}):"
        in tex
    )
    # the indifference equations stay in plan variables: α appears only once it is defined
    assert tex.index("\\alpha") > tex.index("Their solutions form a family")
    assert "x_{\\text{A:bet}} &= 3 \\alpha \\\\" in tex
    assert "x_{\\text{K:xb:call}} &= \\alpha + \\frac{1}{3} \\\\" in tex
    assert "\\alpha \\geq 0, \\quad \\alpha \\leq \\frac{1}{3}" in tex
    for argv, message in [
        (("--name", "alpha=Q:bluff"), "parameter alpha: 'Q:bluff' is no sequence of either player"),
        (("--name", "xi=Q:x:bet"), "parameter xi: the realization of 'Q:x:bet' is 1/3 in the whole set"),
        (("--name", "1a=Q:bet"), "--name '1a=Q:bet': give PARAM=SEQUENCE"),
        (("--name", "a=Q:bet", "--name", "a=A:bet"), "a is named twice"),
    ]:
        status, out, err = run("latex", "kuhn", *argv, "--out", str(tmp_path / "bad"), "--quiet")
        assert status == 2 and message in err and len(err.strip().splitlines()) == 1, err
        assert not (tmp_path / "bad").exists()


def test_ctrl_c_leaves_no_empty_folder_and_no_traceback(tmp_path, monkeypatch):
    """Issue 39, item 5: Ctrl-C during `derive reproduce` (here while the figures are drawn, after
    the output folders were made) prints "derive: interrupted", exits 130 and leaves no empty folder;
    a folder that already held a file is kept with it."""
    from derive.presentation import output_files

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(output_files, "draw_in_parallel", interrupted)
    monkeypatch.setattr("derive.presentation.reproduce.draw_in_parallel", interrupted)
    status, out, err = run("reproduce", "--out", str(tmp_path / "new" / "figures"), "--quiet")
    assert (status, out, err) == (130, "", "derive: interrupted\n")
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "kept").mkdir()
    (tmp_path / "kept" / "notes.txt").write_text("mine")
    status, _, _ = run("reproduce", "--out", str(tmp_path / "kept"), "--quiet")
    assert status == 130
    assert sorted(p.name for p in (tmp_path / "kept").iterdir()) == ["notes.txt"]


ZERO_SUM_ENTRY = """EFG 2 R "Zero-sum entry" { "Entrant" "Incumbent" }
""

p "" 1 1 "" { "Out" "In" } 0
t "" 1 "" { 2, -2 }
p "" 2 1 "" { "Share" "Fight" } 0
t "" 2 "" { 1, -1 }
t "" 3 "" { -1, 1 }
"""


def test_zero_sum_subgame_failure_names_the_movers(tmp_path):
    """The zero-sum report names the history where an equilibrium is not subgame perfect with its
    movers, as the general-sum reports do: the LP's vertex (--refine none) lets the incumbent share
    off the path, which is not an equilibrium of the subgame after the entry (Fight gains 2 there)."""
    path = tmp_path / "entry.efg"
    path.write_text(ZERO_SUM_ENTRY)
    status, out, _ = run("solve", str(path), "--refine", "none")
    assert status == 0
    assert "  2:1          Share 1, Fight 0  (off the path of play)" in out
    assert (
        "subgame perfect: no, not an equilibrium after Entrant In (2 subgames, the whole game included)"
        in out
    )
    status, out, _ = run("solve", str(path))  # the quasi-perfect equilibrium fights off the path
    assert "Share 0, Fight 1  (off the path of play)" in out and "subgame perfect: yes" in out


def test_latex_of_a_thesis_game_is_one_document_for_both_spellings(tmp_path):
    """Issue 40, item 3: `derive latex kuhn` writes the thesis's document (Kuhn's family in α, Kuhn
    1950, p. 101; the quasi-perfect off-path play), the same text as `derive latex --game kuhn`; with
    --name the general derivation is written as before; GAME and --game together are refused."""
    for game in ("kuhn", "one-raise"):
        status, _, err = run("latex", game, "--out", str(tmp_path / "a"), "--quiet")
        assert status == 0, err
        status, _, err = run("latex", "--game", game, "--out", str(tmp_path / game), "--quiet")
        assert status == 0, err
        one = (tmp_path / "a" / f"{game}.tex").read_text()
        assert one == (tmp_path / game / "derivation.tex").read_text()
        stem = game.replace("-", "_")
        assert (tmp_path / "a" / f"{stem}_strategy_panels.pdf").exists()
    kuhn = (tmp_path / "a" / "kuhn.tex").read_text()
    assert "\\section{Kuhn poker (Kuhn 1950)}" in kuhn and "\\alpha" in kuhn
    assert "\\section{The sequence form}" not in kuhn
    status, _, err = run("latex", "kuhn", "--game", "kuhn", "--out", str(tmp_path / "both"))
    assert status == 2 and err == "derive: error: give either GAME or --game, not both\n"
    status, _, err = run("latex", "kuhn", "--time-limit", "soon", "--out", str(tmp_path / "bad"))
    assert status == 2 and "--time-limit" in err and not (tmp_path / "bad").exists()
