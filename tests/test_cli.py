"""The command line: solve, reproduce, and one-line errors with exit status 2."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from derive.cli import main


def _run(args):
    out, err = io.StringIO(), io.StringIO()
    status = main(args, out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_solve_json_one_raise():
    """`derive solve --deck 3 --max-bets 2 --json` prints the exact value "-1/18" and both strategies."""
    status, out, _ = _run(["solve", "--deck", "3", "--max-bets", "2", "--json"])
    assert status == 0
    doc = json.loads(out)
    assert doc["value"] == "-1/18"
    assert set(doc["strategies"]) == {"opener", "dealer"}
    assert doc["strategies"]["dealer"]["Q:x"] == {"check": "2/3", "bet": "1/3"}
    assert doc["strategies"]["dealer"]["K:b"] == {"fold": "2/3", "call": "1/3", "raise": "0"}
    for dist in doc["strategies"]["opener"].values():
        assert sum(__import__("fractions").Fraction(p) for p in dist.values()) == 1


def test_solve_text_kuhn_with_bet_size():
    """Text output of a non-default bet size states the exact value in chips."""
    status, out, _ = _run(["solve", "--deck", "3", "--max-bets", "1", "--bet", "3/2"])
    assert status == 0
    # -1/28 is confirmed independently by sympy's exact simplex in test_lp.py
    assert "game value to the opener: -1/28 chips (dealer: 1/28)" in out


@pytest.mark.parametrize(
    "args, message",
    [
        (["solve", "--deck", "1"], "--deck must have at least 2 cards, got 1"),
        (["solve", "--deck", "three"], "--deck must be an integer, got 'three'"),
        (["solve", "--ante", "0"], "--ante must be positive, got '0'"),
        (["solve", "--ante", "abc"], "--ante must be a positive number, got 'abc'"),
        (["solve", "--bet", "-1"], "--bet must be positive, got '-1'"),
        (["solve", "--max-bets", "-1"], "--max-bets must be an integer >= 0, got -1"),
        (["draw", "--deck", "400", "--max-bets", "6"], "tree nodes, more than the limit of 500,000"),
        (["solve", "--deck", "2000", "--max-bets", "6"], "90,002 rows, more than the limit of 36,000"),
        (["solve", "--deck", "99999999999999999999"], "--deck must have at most 2000 cards"),
        (["solve", "--max-bets", "495"], "--max-bets must be at most 100, got 495"),
        (["solve", "--bet", "1/0"], "--bet must be a positive number, got '1/0'"),
        (["solve", "--bet", "1/10000"], "--bet/--ante = 1/10000 is outside [1/1000, 1000]"),
        (
            ["solve", "--param", "bet=0..1e999"],
            "--param 'bet=0..1e999': 1e999 is outside [-1000000, 1000000]",
        ),
        (["solve", "--param", "bet=-1..1"], "--param 'bet=-1..1': the bet cannot be negative, got -1"),
        (
            ["latex", "beer-quiche", "--param", "taste=0..4"],
            "`derive solve beer-quiche --param taste=0..4` lists",
        ),
        (["reproduce", "--out", ""], "the output folder must not be empty"),
        (["latex", "--out", " "], "the output folder must not be empty"),
        (["frobnicate"], "invalid choice: 'frobnicate'"),
    ],
)
def test_bad_input_one_line_exit_2(args, message):
    """Bad input: one line on stderr naming the bad value, exit status 2, nothing on stdout."""
    status, out, err = _run(args)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("derive: error: ")
    assert message in err


def test_reproduce_unwritable_output(tmp_path):
    """An output path that is a file is refused before any work, nothing written."""
    target = tmp_path / "file.txt"
    target.write_text("x")
    status, out, err = _run(["reproduce", "--out", str(target)])
    assert status == 2 and "is not a folder" in err
    assert target.read_text() == "x"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.txt"]


def test_console_script_exit_status():
    """The installed entry point exits 2 with no traceback on bad input."""
    proc = subprocess.run(
        [sys.executable, "-m", "derive.cli", "solve", "--deck", "0"], capture_output=True, text=True
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip() == "derive: error: --deck must have at least 2 cards, got 0"


def test_reproduce_writes_figures_and_latex_identically(tmp_path):
    """`derive reproduce --out DIR` prints both values and families, writes PNG/PDF and LaTeX,
    and a rerun writes the same bytes."""
    status, out, _ = _run(["reproduce", "--out", str(tmp_path / "a")])
    assert status == 0
    assert out.count("game value to the opener: -1/18") == 2
    assert "optimal family, α ∈ [0, 1/3]" in out and "optimal family, α ∈ [0, 1]" in out
    # each α is defined where it is printed; the thesis's α is not Kuhn's (issue 10, item 6)
    assert "α ∈ [0, 1/3]  (α: opener bets with Q (bluff)" in out
    assert (
        "α ∈ [0, 1]  (α: opener checkraises with A (sandbagging), the thesis's α" in out
        and "not Kuhn's" in out
    )
    assert "ξ = 1/3, η = 1/3" in out
    assert "β = α + 1/3, γ = 3α" in out
    # issue 11: the quasi-perfect equilibrium is printed, and no ace folds in it, on or off the path
    assert out.count("quasi-perfect equilibrium (exact limit of the perturbed LP") == 2
    assert "opener: the member α = 1/3" in out and "opener: the member α = 0" in out
    assert "A:xbr*: call;" in out and "A:br*: call" in out
    assert (
        "full game: the dealer's only admissible optimal strategy is the one with (p_{A:betcall} = 1, p_{A:raise} = 1)"
        in out
    )
    _run(["reproduce", "--out", str(tmp_path / "b")])
    files_a = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*") if p.is_file())
    files_b = sorted(p.relative_to(tmp_path / "b") for p in (tmp_path / "b").rglob("*") if p.is_file())
    assert files_a == files_b
    names = {str(p) for p in files_a}
    for stem in ("kuhn_opener", "kuhn_dealer", "one_raise_opener", "one_raise_dealer"):
        assert f"{stem}_strategy.png" in names and f"{stem}_strategy.pdf" in names
    assert "latex/kuhn_value.tex" in names and "latex/one_raise_family_opener.tex" in names
    for rel in files_a:
        assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes(), rel
    value = (tmp_path / "a" / "latex" / "kuhn_value.tex").read_text()
    assert "v = - \\frac{1}{18}" in value
    letters = (tmp_path / "a" / "latex" / "kuhn_payoff_letters_by_dealer.tex").read_text()
    assert "\\xi \\left(\\frac{3 \\beta - \\gamma - 1}{6}\\right)" in letters


def test_hands_subcommand():
    """`derive hands --hand-size 3` prints the three-card table with exact counts; bad sizes exit 2."""
    status, out, _ = _run(["hands", "--hand-size", "3"])
    assert status == 0
    assert "22100" in out and "three of a kind" in out and "1/425" in out
    status, out, err = _run(["hands", "--hand-size", "99"])
    assert status == 2 and out == "" and err.count("\n") == 1 and "hand size 99" in err


# --------------------------------------------------------------------------- issue 26, the command line


def test_ctrl_c_is_one_line_and_exit_130(monkeypatch):
    """Ctrl-C (KeyboardInterrupt) anywhere in a command: "derive: interrupted", exit 130, no traceback."""
    from derive.cli import games

    def interrupted(*_args):
        raise KeyboardInterrupt

    monkeypatch.setattr(games, "run", interrupted)
    status, out, err = _run(["games"])
    assert (status, out, err) == (130, "", "derive: interrupted\n")


def test_sigint_to_a_running_command_prints_one_line():
    """A real SIGINT to `derive solve` in the middle of its work: one line, exit 130, no traceback."""
    import signal
    import time

    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "  # even if started ignoring it
            "import derive.cli, sys; print('ready', flush=True); "
            "sys.exit(derive.cli.main(['solve', 'leduc', '--param', 'bet2=1..8']))",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout.readline() == "ready\n"
    first = proc.stderr.readline()  # the solve's first progress line: it is under way (minutes of work)
    assert first.startswith("derive: ")
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:  # never leave minutes of work running behind a failed test
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130 and err.splitlines()[-1] == "derive: interrupted" and out == ""
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


def test_long_fractions_get_a_decimal_beside_them():
    """Leduc's value is a 31-digit fraction: the text gives "≈ -0.0856064241" beside it (JSON stays exact)."""
    status, out, _ = _run(["solve", "leduc", "--refine", "none", "--quiet"])
    assert status == 0
    value = "-1454920850547486749701863871533/16995463438839962469905132501930"
    assert f"game value to opener: {value} ≈ -0.0856064241 (dealer: " in out
    assert "JQ:xbc/      check 9/1325, bet 1316/1325\n" in out  # short fractions stay as they are
    status, out, _ = _run(["solve", "leduc", "--refine", "none", "--json", "--quiet"])
    assert json.loads(out)["value"] == value


def test_all_on_leduc_answers_at_once_with_what_is_not_derived():
    """`derive solve leduc --all` states the sizes and the cap instead of running for an hour; the value
    and the equilibrium are still given, exact."""
    import time

    start = time.monotonic()
    status, out, _ = _run(["solve", "leduc", "--all", "--refine", "none", "--quiet"])
    assert status == 0 and time.monotonic() - start < 30
    assert "game value to opener: -1454920850547486749701863871533/" in out
    assert (
        "optimal sets: not derived: the players have 337 and 337 sequences, more than the 150 a player up "
        "to which --all derives them" in out
    )
    status, out, _ = _run(["solve", "leduc", "--all", "--refine", "none", "--quiet", "--json"])
    doc = json.loads(out)
    assert "optimal_sets" not in doc and doc["optimal_sets_not_derived"].startswith(
        "not derived: the players"
    )


def test_renamed_duplicate_labels_are_reported(tmp_path):
    """Two actions called "Meet" are read as Meet_1 and Meet_2, as Gambit does, and derive says so."""
    path = tmp_path / "dup.efg"
    path.write_text(
        'EFG 2 R "dup" { "A" "B" }\n""\n'
        'p "" 1 1 "x" { "Meet" "Meet" } 0\nt "" 1 "o1" { 1, -1 }\nt "" 2 "o2" { 0, 0 }\n'
    )
    status, out, err = _run(["solve", str(path), "--quiet"])
    assert status == 0 and "x            Meet_1 1, Meet_2 0" in out
    assert err == (
        "derive: warning: the actions at player 1's information set 'x': repeated or empty labels renamed "
        "as Gambit does, 'Meet' -> 'Meet_1', 'Meet' -> 'Meet_2'\n"
    )


def test_a_bad_output_folder_is_refused_before_the_work(tmp_path):
    """`derive latex` and `derive draw` check --out first (a path under a file, Leduc's 30 s derivation
    never starts), with one line naming the path, exit 2, and nothing created."""
    blocker = tmp_path / "afile"
    blocker.write_text("")
    for args in (
        ["latex", "leduc", "--out", str(blocker / "sub")],
        ["latex", "kuhn", "--param", "bet=0..4", "--out", str(blocker / "q")],
        ["draw", "kuhn", "--out", str(blocker / "d")],
    ):
        status, out, err = _run(args)
        assert status == 2 and out == ""
        assert (
            err.strip()
            == f"derive: error: cannot create output folder {str(blocker / args[-1].rsplit('/', 1)[-1])!r}: {str(blocker)!r} is not a folder"
        )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


def test_probing_a_new_output_folder_leaves_nothing(tmp_path):
    from derive.presentation.output_files import probe_output_folder

    probe_output_folder(tmp_path / "a" / "b" / "c")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("game", "param", "why"),
    [
        (
            "myerson",
            "B=-1..1",
            "B (the bet) is the amount of a raise and of a meet, in dollars: it cannot be below 0, got -1",
        ),
        ("reiley", "ante=-2..1", "ante is each player's ante, in chips: it cannot be below 0, got -2"),
        (
            "beer-quiche",
            "weak=0..2",
            "weak is the probability that the Sender is weak: it cannot be above 1, got 2",
        ),
        ("leduc", "bet2=-1..2", "cannot be below 0, got -1"),
    ],
)
def test_param_outside_the_rules_is_refused(game, param, why):
    """A negative amount or a probability above 1 is refused like one-card poker's --bet -1."""
    status, out, err = _run(["solve", game, "--param", param])
    assert status == 2 and out == "" and why in err and len(err.splitlines()) == 1
