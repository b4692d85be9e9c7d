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
        (["solve", "--deck", "1"], "deck must have at least 2 cards, got 1"),
        (["solve", "--deck", "three"], "--deck must be an integer, got 'three'"),
        (["solve", "--ante", "0"], "ante must be positive, got '0'"),
        (["solve", "--ante", "abc"], "ante must be a positive number, got 'abc'"),
        (["solve", "--bet", "-1"], "bet must be positive, got '-1'"),
        (["solve", "--max-bets", "-1"], "max_bets must be an integer >= 0, got -1"),
        (["solve", "--deck", "5000"], "tree nodes, more than the limit"),
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
    assert proc.stderr.strip() == "derive: error: deck must have at least 2 cards, got 0"
