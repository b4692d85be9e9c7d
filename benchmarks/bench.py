"""Benchmark: derive's exact solve against pygambit's exact LP and OpenSpiel's CFR+ and LP, as whole processes.

Three tables, printed as markdown (``--out FILE`` also writes them):

1. **derive and Gambit.**  ``derive solve --json`` (``--refine none``: the LP's vertex, what
   Gambit computes; and the default quasi-perfect equilibrium) against a script that reads the
   same game (the Gambit .efg written by ``derive export``) and calls
   ``pygambit.nash.lp_solve(game, rational=True)``.  Both exact values must be equal.  Besides
   the whole-process times, each side's solve alone (in-process, after reading the game and
   importing) is reported.
2. **derive and OpenSpiel.**  OpenSpiel's C++ CFR+ (``pyspiel.CFRPlusSolver``): iterations and
   solver seconds until the average policy's exploitability (``pyspiel.exploitability``, not
   counted in the time) is at most 1e-3 and 1e-6, within ``--cfr-budget`` seconds; OpenSpiel's
   float sequence-form LP (``sequence_form_lp.solve_zero_sum_game``) as a whole process, whose
   value must agree with derive's exact one to 1e-6.  Kuhn poker and Leduc hold'em are
   OpenSpiel's own ``kuhn_poker`` and ``leduc_poker``; the one-card games are derive's .efg,
   read by ``pyspiel.load_efg_game``.
3. **Growth** of derive's time with the deck size N and the number of bets k.
4. **Parametric solves** (``--param``): pieces, breakpoints, degrees and time; **two-parameter maps**
   (``--only plane``, issue 42): regions, LP solves, cells and time.
5. **Equilibria found from nothing** (issue 24): ``derive solve`` on three-player Kuhn poker (the
   built-in ``kuhn3`` and OpenSpiel's ``kuhn_poker(players=3)`` exported as a Gambit file, read with
   ``--rationalize``), whose goal is under a minute, and on ``rake-poker`` (Lemke's method in the
   sequence form); what each found (the published sub-families named, or the payoffs).
6. **Scale** (``--only scale``, issue 25): Liar's Dice, imperfect-information Goofspiel, Leduc variants
   and large one-card games: derive's exact value, whole-process time and peak memory, against HiGHS
   alone on the same floating-point sequence-form LP (the limit: ``run()`` of the model derive builds,
   timed in-process), and OpenSpiel's LP value where it finishes within ``--openspiel-cap`` seconds.
7. **Small three-player games** (``--only small``, issue 38): derive's complete equilibrium sets of 50
   seeded random games (payoffs in {0, 1, 2}, and generic), time against Gambit's ``enumpoly_solve``,
   and which equilibria either misses.

Each time is the median of ``--repeat`` runs (CFR+: one run); peak memory is the child's
maximum resident set size.

Usage: python benchmarks/bench.py [--repeat 3] [--out docs/benchmark.md] [--quick] [--cfr-budget 60]
[--only gambit|openspiel|growth|parametric|plane|found|scale|small] [--scale-cap 300] [--openspiel-cap 120]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

#: tests/gambit_api.py lets the Gambit scripts run with pygambit 16.7 or 17.0.0b2 (their APIs differ)
TESTS = Path(__file__).resolve().parent.parent / "tests"

GAMBIT_SCRIPT = f"""
import sys, time
sys.path.insert(0, {str(TESTS)!r})
import gambit_api as api
import pygambit as gbt
g = gbt.read_efg(sys.argv[1])
t = time.perf_counter()
eq = api.equilibria(gbt.nash.lp_solve(g, rational=True))[0]
print(api.payoffs(eq)[0], time.perf_counter() - t)
"""

DERIVE_SOLVE_SCRIPT = """
import sys, time
from derive.games.one_card import one_card_poker
from derive.solving.zero_sum.from_rules import solve_rules
rules = one_card_poker(int(sys.argv[1]), int(sys.argv[2]))
t = time.perf_counter()
value = solve_rules(rules, refine="none").value
print(value, time.perf_counter() - t)
"""

OPENSPIEL_SCRIPT = """
import json, sys, time
import pyspiel
spec, mode, budget = sys.argv[1], sys.argv[2], float(sys.argv[3])
game = pyspiel.load_efg_game(open(spec).read()) if spec.endswith(".efg") else pyspiel.load_game(spec)
if mode == "lp":
    from open_spiel.python.algorithms import sequence_form_lp
    t = time.perf_counter()
    value = sequence_form_lp.solve_zero_sum_game(game)[0]
    print(json.dumps({"value": float(value), "seconds": time.perf_counter() - t}))
    sys.exit(0)
solver = pyspiel.CFRPlusSolver(game)
targets, reached, spent, iterations, step, expl = [1e-3, 1e-6], {}, 0.0, 0, 1, None
while targets and spent < budget:
    t = time.perf_counter()
    for _ in range(step):
        solver.evaluate_and_update_policy()
    spent += time.perf_counter() - t
    iterations += step
    expl = pyspiel.exploitability(game, solver.average_policy())
    while targets and expl <= targets[0]:
        reached[str(targets.pop(0))] = [iterations, spent]
    step = max(1, iterations // 4)  # exploitability is checked every ~25 % more iterations
print(json.dumps({"reached": reached, "iterations": iterations, "seconds": spent, "exploitability": expl}))
"""

GAMBIT_GAMES = [(3, 2), (5, 2), (7, 2), (7, 3), (10, 2), (12, 2), (13, 3), (20, 2), (52, 2), (52, 6)]
GAMBIT_QUICK = [(3, 2), (7, 2), (12, 2), (52, 6)]
GAMBIT_MAX_NODES = 3_000  # beyond this Gambit's exact LP takes minutes (N=20: over 2 min); not run
OPENSPIEL_GAMES = ["kuhn", (10, 2), (13, 3), (52, 6), "leduc"]
OPENSPIEL_QUICK = ["kuhn", (10, 2), "leduc"]
HIGHS_SCRIPT = """
import json, sys, time
from sympy.polys.domains import QQ
from derive.solving.lp import transpose
from derive.solving.linear_program import highs_model
from derive.solving.zero_sum.sequence_form_lp import ONE_LP_SEQUENCES, _program
spec = sys.argv[1:]
if spec[0] == "deck":  # one-card poker, as derive.solving.zero_sum.from_rules.solve_rules builds it
    from derive.games.one_card import one_card_poker
    from derive.sequence_form.from_rules import MAX_ENTRIES, matrix_entries, one_card_sequence_form
    rules = one_card_poker(int(spec[1]), int(spec[2]))
    sf = one_card_sequence_form(rules)
    if matrix_entries(rules) > MAX_ENTRIES:  # the LP with running sums over the cards
        from derive.solving.zero_sum import running_sums
        prog, _ = running_sums._program(sf, QQ(1))
        programs = [(prog, {sf.shape[0]: QQ(1)})]
    else:
        matrix = sf.numeric_matrix(0)
        mats = (matrix, transpose(matrix, sign=-1))
else:  # as derive.solving.zero_sum.sequence_form_lp.solve_zero_sum builds it
    from derive.games.registry import load_game
    from derive.sequence_form.general import game_sequence_form
    sf = game_sequence_form(load_game(spec[0]))
    mats = (sf.numeric_matrix(0), transpose(sf.numeric_matrix(1)))
if spec[0] != "deck" or matrix_entries(rules) <= MAX_ENTRIES:
    programs = [(_program(sf, mats[0], 0), {sf.shape[0]: QQ(1)})]
    if sum(sf.shape) < ONE_LP_SEQUENCES:  # derive solves each player's LP
        programs.append((_program(sf, mats[1], 1), {sf.shape[1]: QQ(1)}))
seconds, value = 0.0, None
for prog, cost in programs:
    h = highs_model(prog, cost)
    t = time.perf_counter()
    h.run()
    seconds += time.perf_counter() - t
    value = h.getInfo().objective_function_value if value is None else value
rows = sum(len(p.rows) for p, _ in programs)
print(json.dumps({"seconds": seconds, "value": value, "rows": rows, "lps": len(programs)}))
"""

OPENSPIEL_LP_SCRIPT = """
import json, sys, time
import pyspiel
from open_spiel.python.algorithms import sequence_form_lp
name, params = sys.argv[1], json.loads(sys.argv[2])
game = pyspiel.load_game(name, params)
if game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
    game = pyspiel.convert_to_turn_based(game)
t = time.perf_counter()
value = sequence_form_lp.solve_zero_sum_game(game)[0]
print(json.dumps({"value": float(value), "seconds": time.perf_counter() - t}))
"""

#: The scale table (issue 25): (label, derive's arguments after ``solve``, the LP HiGHS is timed on,
#: OpenSpiel's game and parameters or None).  Leduc's variants have no OpenSpiel counterpart (its
#: ``leduc_poker`` has three ranks and two raises).
SCALE_GAMES = (
    *(
        (
            f"Liar's Dice, 1 die each, {f} faces",
            [f"liars-dice:faces={f}"],
            [f"liars-dice:faces={f}"],
            ("liars_dice", {"dice_sides": f, "numdice": 1}),
        )
        for f in range(2, 7)
    ),
    *(
        (
            f"Goofspiel, imperfect information, {c} cards",
            [f"goofspiel:cards={c}"],
            [f"goofspiel:cards={c}"],
            (
                "goofspiel",
                {"imp_info": True, "num_cards": c, "points_order": "descending", "returns_type": "win_loss"},
            ),
        )
        for c in (3, 4, 5)
    ),
    *(
        (
            f"Leduc, {r} ranks, {k} raise{'s' if k > 1 else ''} a round",
            [f"leduc:ranks={r},raises={k}"],
            [f"leduc:ranks={r},raises={k}"],
            ("leduc_poker", {}) if (r, k) == (3, 2) else None,
        )
        for r in (3, 4)
        for k in (1, 2, 3)
    ),
    ("one-card, N=52, max bets 6", ["--deck", "52", "--max-bets", "6"], ["deck", "52", "6"], None),
    ("one-card, N=1000, max bets 2", ["--deck", "1000", "--max-bets", "2"], ["deck", "1000", "2"], None),
)
#: Games whose default quasi-perfect solve is timed too (each costs several times the plain solve).
SCALE_REFINED = {"Leduc, 3 ranks, 2 raises a round", "one-card, N=52, max bets 6"}

GROWTH_N = [13, 26, 52, 104]
GROWTH_K = [1, 2, 3, 4, 6, 8]


class _Timeout(RuntimeError):
    """A child process ran past its time cap (it was ended)."""


def _run(cmd: list[str], cap: float | None = None) -> tuple[float, int, str]:
    """Wall time (s), peak RSS (MiB) and stdout of one process; past ``cap`` seconds it is ended
    and :class:`_Timeout` raised."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL)
        while cap is not None:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - start > cap:
                proc.kill()
                os.wait4(proc.pid, 0)
                raise _Timeout(f"{' '.join(cmd)} took over {cap:g} s")
            time.sleep(0.05)
        else:
            _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode()
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed with status {proc.returncode}")
    return elapsed, usage.ru_maxrss // 1024, text


def _measure(cmd: list[str], repeat: int) -> tuple[float, int, str]:
    """Median wall time, largest peak memory and the first stdout of ``repeat`` runs."""
    t, mem, outs = _measure_all(cmd, repeat)
    return t, mem, outs[0]


def _measure_all(cmd: list[str], repeat: int) -> tuple[float, int, list[str]]:
    runs = [_run(cmd) for _ in range(repeat)]
    return statistics.median(r[0] for r in runs), max(r[1] for r in runs), [r[2] for r in runs]


def _inner(outs: list[str]) -> tuple[str, float]:
    """``(value, median in-process seconds)`` from children that print ``value seconds``."""
    return outs[0].split()[0], statistics.median(float(o.split()[1]) for o in outs)


def _median_inner(cmd: list[str], repeat: int) -> tuple[str, float]:
    return _inner(_measure_all(cmd, repeat)[2])


def _nodes(n: int, k: int) -> int:
    from derive.games.one_card import one_card_poker

    return one_card_poker(n, k).num_nodes


def _name(game) -> str:
    if game == "kuhn":
        return "Kuhn poker (N=3, 1 bet)"
    if game == "leduc":
        return "Leduc hold'em"
    return f"N={game[0]}, max bets {game[1]}"


def _gambit_table(args, derive, tmp: Path) -> list[str]:
    script = tmp / "gambit_lp.py"
    script.write_text(GAMBIT_SCRIPT)
    inner = tmp / "derive_solve.py"
    inner.write_text(DERIVE_SOLVE_SCRIPT)
    lines = [
        "## derive and Gambit's exact LP",
        "",
        "derive (s): `derive solve --refine none --json`, whole process (the LP's vertex, what Gambit's "
        "lp_solve computes); quasi-perfect (s): the default `derive solve --json`; Gambit (s): a process "
        "reading the .efg and running `lp_solve(rational=True)`; ratio: Gambit / derive, whole processes; "
        "solve only: each side's solve call alone, in-process (derive's `solve_rules`, Gambit's `lp_solve`).",
        "",
        "| game | nodes | value | derive (s) | quasi-perfect (s) | Gambit (s) | ratio | solve only: derive / Gambit (s) "
        "| derive peak MiB | Gambit peak MiB |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for n, k in GAMBIT_QUICK if args.quick else GAMBIT_GAMES:
        nodes = _nodes(n, k)
        spec = ["solve", "--deck", str(n), "--max-bets", str(k), "--json"]
        t_ours, mem_ours, out = _measure(derive + spec + ["--refine", "none"], args.repeat)
        ours = json.loads(out)["value"]
        t_qpe, _, out = _measure(derive + spec, args.repeat)
        if json.loads(out)["value"] != ours:
            raise SystemExit(f"the quasi-perfect equilibrium's value differs for N={n}, k={k}")
        value, inner_ours = _median_inner([sys.executable, str(inner), str(n), str(k)], args.repeat)
        if value != ours:
            raise SystemExit(f"solve_rules and derive solve differ for N={n}, k={k}")
        gambit = ("not run", "-", f"{inner_ours:.3f} / -", "-")
        if nodes <= GAMBIT_MAX_NODES:
            efg = tmp / f"g{n}_{k}.efg"
            cmd = derive + ["export", "--deck", str(n), "--max-bets", str(k), "--out", str(efg)]
            subprocess.run(cmd, check=True, capture_output=True)
            t_gbt, mem_gbt, outs = _measure_all([sys.executable, str(script), str(efg)], args.repeat)
            theirs, inner_gbt = _inner(outs)
            if theirs != ours:
                raise SystemExit(f"values differ for N={n}, k={k}: derive {ours}, Gambit {theirs}")
            gambit = (
                f"{t_gbt:.2f}",
                f"{t_gbt / t_ours:.0f}x",
                f"{inner_ours:.3f} / {inner_gbt:.2f}",
                str(mem_gbt),
            )
        lines.append(
            f"| N={n}, max bets {k} | {nodes:,} | {ours} | {t_ours:.2f} | {t_qpe:.2f} | {gambit[0]} | {gambit[1]} "
            f"| {gambit[2]} | {mem_ours} | {gambit[3]} |"
        )
        print(f"Gambit: N={n} k={k} done", file=sys.stderr, flush=True)
    return lines


def _openspiel_table(args, derive, tmp: Path) -> list[str]:
    script = tmp / "openspiel_run.py"
    script.write_text(OPENSPIEL_SCRIPT)
    budget = str(args.cfr_budget)
    lines = [
        "## derive and OpenSpiel",
        "",
        "derive: whole process, exact value (`--refine none` / the default quasi-perfect equilibrium). "
        "OpenSpiel LP: `sequence_form_lp.solve_zero_sum_game` (floats, cvxopt), whole process, and its "
        "distance from derive's exact value. CFR+: OpenSpiel's C++ `CFRPlusSolver`, iterations and solver "
        f"seconds until the average policy's exploitability is at most 1e-3 and 1e-6 (checked every ~25 % more "
        f"iterations, so counts are within 25 %; the checks are not timed); at most {args.cfr_budget:g} s.",
        "",
        "| game | derive exact (s) | derive quasi-perfect (s) | derive MiB | OpenSpiel LP (s) | LP error "
        "| CFR+ to 1e-3 | CFR+ to 1e-6 | CFR+ MiB |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for game in OPENSPIEL_QUICK if args.quick else OPENSPIEL_GAMES:
        if isinstance(game, tuple):
            n, k = game
            spec = ["solve", "--deck", str(n), "--max-bets", str(k), "--json"]
            target = str(tmp / f"os{n}_{k}.efg")
            cmd = derive + ["export", "--deck", str(n), "--max-bets", str(k), "--out", target]
            subprocess.run(cmd, check=True, capture_output=True)
        else:
            spec = ["solve", game, "--json"]
            target = {"kuhn": "kuhn_poker", "leduc": "leduc_poker"}[game]
        t_none, mem, out = _measure(derive + spec + ["--refine", "none"], args.repeat)
        exact = Fraction(json.loads(out)["value"])
        t_qpe, _, _ = _measure(derive + spec, args.repeat)
        t_lp, _, out = _measure([sys.executable, str(script), target, "lp", budget], args.repeat)
        error = abs(json.loads(out)["value"] - float(exact))
        if error > 1e-6:
            raise SystemExit(f"OpenSpiel's LP value differs from derive's by {error:g} on {_name(game)}")
        _, mem_cfr, out = _run([sys.executable, str(script), target, "cfr", budget])
        cfr = json.loads(out)

        lines.append(
            f"| {_name(game)} | {t_none:.2f} | {t_qpe:.2f} | {mem} | {t_lp:.2f} | {error:.0e} | {_reach(cfr, '0.001')} "
            f"| {_reach(cfr, '1e-06')} | {mem_cfr} |"
        )
        print(f"OpenSpiel: {_name(game)} done", file=sys.stderr, flush=True)
    return lines


def _reach(cfr: dict, goal: str) -> str:
    if goal in cfr["reached"]:
        iterations, seconds = cfr["reached"][goal]
        return f"{iterations:,} it, {seconds:.2f} s"
    return f"not in {cfr['seconds']:.0f} s ({cfr['iterations']:,} it, {cfr['exploitability']:.1e})"


def _growth_table(args, derive, tmp: Path) -> list[str]:
    inner = tmp / "derive_solve.py"
    inner.write_text(DERIVE_SOLVE_SCRIPT)
    lines = [
        "## How derive's time grows",
        "",
        "`derive solve --refine none --json`, whole process, and `solve_rules` alone (in-process), "
        "for N cards with k = 2 bets and for N = 52 with k bets.",
        "",
        "| game | nodes | sequences per player | whole process (s) | solve only (s) | peak MiB |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    from derive.games.one_card import one_card_poker
    from derive.sequence_form.from_rules import one_card_sequence_form

    games = [(n, 2) for n in GROWTH_N] + [(52, k) for k in GROWTH_K if k != 2]
    if args.quick:
        games = [(13, 2), (52, 2), (52, 6)]
    for n, k in games:
        rules = one_card_poker(n, k)
        shape = one_card_sequence_form(rules).shape
        spec = ["solve", "--deck", str(n), "--max-bets", str(k), "--json", "--refine", "none"]
        t, mem, _ = _measure(derive + spec, args.repeat)
        _, inner_t = _median_inner([sys.executable, str(inner), str(n), str(k)], args.repeat)
        lines.append(
            f"| N={n}, max bets {k} | {rules.num_nodes:,} | {shape[0]:,} / {shape[1]:,} | {t:.2f} | {inner_t:.3f} "
            f"| {mem} |"
        )
        print(f"growth: N={n} k={k} done", file=sys.stderr, flush=True)
    return lines


#: Parametric solves: (label, derive arguments).
PARAMETRIC = (
    ("Kuhn poker, bet in [0, 4]", ["solve", "kuhn", "--param", "bet=0..4"]),
    ("one-raise poker, bet in [0, 4]", ["solve", "one-raise", "--param", "bet=0..4"]),
    (
        "N=13, max bets 2, bet in [1/2, 4]",
        ["solve", "--deck", "13", "--max-bets", "2", "--param", "bet=1/2..4"],
    ),
    ("Myerson, B in [0, 10]", ["solve", "myerson", "--param", "B=0..10"]),
    ("Reiley, bet in [1/2, 5]", ["solve", "reiley", "--param", "bet=1/2..5"]),
    ("Leduc, bet2 in [4, 401/100]", ["solve", "leduc", "--param", "bet2=4..401/100"]),
    ("Leduc, bet2 in [1, 8]", ["solve", "leduc", "--param", "bet2=1..8"]),
)


def _parametric_table(args, derive, tmp: Path) -> list[str]:
    lines = [
        "## Parametric solves (`--param`)",
        "",
        "`derive solve GAME --param NAME=LO..HI --json --quiet`, whole process: the pieces, the breakpoints "
        "where the value's formula changes, the largest degree of a value formula's numerator and "
        "denominator, and the LP solves at rational points.",
        "",
        "| game and interval | pieces | value breakpoints | largest degree | LP solves | whole process (s) | peak MiB |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    import sympy as sp

    for label, spec in PARAMETRIC:
        if args.quick and "Leduc" in label:
            continue
        t, mem, out = _measure(derive + spec + ["--json", "--quiet"], args.repeat)
        doc = json.loads(out)
        pieces = doc["pieces"]
        changes = sum(1 for a, b in zip(pieces, pieces[1:]) if a["value"] != b["value"])
        degree = max(
            max(
                sp.Poly(part, sp.Symbol(doc["parameter"])).degree()
                for part in sp.fraction(sp.sympify(p["value"]))
            )
            for p in pieces
        )
        lines.append(
            f"| {label} | {len(pieces)} | {changes} | {degree} | {doc['solves']} | {t:.2f} | {mem} |"
        )
        print(f"parametric: {label} done", file=sys.stderr, flush=True)
    return lines


#: Two-parameter maps (issue 42): label, the command's arguments, the goal in seconds (None: none,
#: and the row may report where the map stopped).
PLANE = (
    (
        "Kuhn poker, ante x bet in [1, 3] x [1/2, 4]",
        ["solve", "kuhn", "--param", "ante=1..3", "--param", "bet=1/2..4"],
        10,
    ),
    (
        "one-raise poker, bet x raise in [1/2, 3]^2",
        ["solve", "one-raise", "--param", "bet=1/2..3", "--param", "raise=1/2..3"],
        60,
    ),
    (
        "one-raise poker, bet x raise in [1/2, 3]^2, with --plot map.png",
        ["solve", "one-raise", "--param", "bet=1/2..3", "--param", "raise=1/2..3", "--plot", "{tmp}/map.png"],
        60,
    ),
    (
        "Leduc hold'em, bet1 x bet2 in [209/100, 21/10] x [409/100, 41/10]",
        ["solve", "leduc", "--param", "bet1=209/100..21/10", "--param", "bet2=409/100..41/10"],
        None,
    ),
)

#: Seconds after which a two-parameter map is ended and reported as not finished.
PLANE_CAP = 900


def _plane_table(args, derive, tmp: Path) -> list[str]:
    lines = [
        "## Two-parameter maps (two `--param`)",
        "",
        "`derive solve GAME --param A=LO..HI --param B=LO..HI --json --quiet`, whole process: the regions, "
        "whether the payoffs were found homogeneous (solved in B/A), the LP solves at rational points, "
        "how the box was covered (the open cells of the final decomposition, or the sub-boxes of the subdivision "
        "where the boundaries' degree is above the decomposition's cap), and the goal of issue 42.",
        "",
        "| game and box | regions | homogeneous | LP solves | covered by | whole process (s) | goal (s) | peak MiB |",
        "|---|---:|---|---:|---:|---:|---:|---:|",
    ]
    for label, spec, goal in PLANE:
        spec = [part.replace("{tmp}", str(tmp)) for part in spec]
        cmd = derive + spec + ["--json", "--quiet"]
        if goal is None:
            # a row without a goal (Leduc) may stop at a cap or run past PLANE_CAP: run it once
            try:
                t, mem, out = _run(cmd, PLANE_CAP)
            except (_Timeout, RuntimeError):
                lines.append(f"| {label} | {_stopped(cmd)} | | | | | | |")
                print(f"plane: {label} stopped", file=sys.stderr, flush=True)
                continue
        else:
            t, mem, out = _measure(cmd, args.repeat)
        doc = json.loads(out)
        homogeneous = "no" if doc["homogeneous"] is None else f"degree {doc['homogeneous']['degree']}"
        covered = f"{doc['subboxes']} sub-boxes" if doc.get("subboxes") else f"{doc['cells']} cells"
        lines.append(
            f"| {label} | {len(doc['regions'])} | {homogeneous} | {doc['solves']} | {covered} | {t:.2f} "
            f"| {goal if goal is not None else ''} | {mem} |"
        )
        print(f"plane: {label} done", file=sys.stderr, flush=True)
    return lines


def _stopped(cmd: list[str]) -> str | None:
    """None when ``cmd`` finishes within :data:`PLANE_CAP` seconds with status 0; else what stopped
    it: its last line on stderr with the time, or "not finished in N s"."""
    start = time.perf_counter()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=PLANE_CAP)
    except subprocess.TimeoutExpired:
        return f"not finished in {PLANE_CAP} s"
    if proc.returncode == 0:
        return None
    last = (proc.stderr.strip().splitlines() or ["(no message)"])[-1]
    return f"stopped after {time.perf_counter() - start:.0f} s: {last}"


#: The goal for each game of the "found from nothing" table (issue 24's done-when).
FOUND_GOAL_SECONDS = 60


def _found_table(args, derive, tmp: Path) -> list[str]:
    export = tmp / "kuhn3_openspiel.efg"
    subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, pyspiel; from open_spiel.python.algorithms import gambit; "
            "open(sys.argv[1], 'w').write(gambit.export_gambit(pyspiel.load_game('kuhn_poker', {'players': 3})))",
            str(export),
        ],
        check=True,
    )
    lines = [
        "## Equilibria found from nothing",
        "",
        f"`derive solve GAME --json`, whole process (goal: under {FOUND_GOAL_SECONDS} s). Three-player Kuhn "
        "poker: CFR+ guesses supports, families derived and verified exactly, then named by the published "
        "Szafron-Gibson-Sturtevant sub-families they lie in; rake-poker (13 cards, a bet and a raise, a rake "
        "of 1/20): Lemke's method in the sequence form.",
        "",
        "| game | whole process (s) | peak MiB | found |",
        "|---|---:|---:|---|",
    ]
    games = [
        ("kuhn3 (built-in)", ["kuhn3"]),
        ("kuhn3 (OpenSpiel's .efg, --rationalize)", [str(export), "--rationalize"]),
        ("rake-poker", ["rake-poker"]),
    ]
    for name, spec in games:
        t, mem, out = _measure(derive + ["solve", *spec, "--json", "--quiet"], args.repeat)
        doc = json.loads(out)
        if "families" in doc:
            subs = sorted({pub["name"].rsplit(" ", 1)[-1] for f in doc["families"] for pub in f["published"]})
            found = f"{len(doc['families'])} families, in sub-families {', '.join(subs) or 'none'}"
        else:
            found = "payoffs " + ", ".join(" / ".join(e["payoffs"]) for e in doc["equilibria"])
        flag = "" if t < FOUND_GOAL_SECONDS else " (over the goal)"
        lines.append(f"| {name} | {t:.1f}{flag} | {mem} | {found} |")
        print(f"found: {name} done", file=sys.stderr, flush=True)
    return lines


#: Seconds after which Gambit's enumpoly_solve is stopped on one game (small table).
ENUMPOLY_CAP = 20.0

ENUMPOLY_SCRIPT = f"""
import json, sys, time
sys.path.insert(0, {str(TESTS)!r})
import gambit_api as api
import pygambit as gbt
g = gbt.read_nfg(sys.argv[1])
t = time.perf_counter()
eqs = api.equilibria(gbt.nash.enumpoly_solve(g))
seconds = time.perf_counter() - t
equilibria = [[[float(x) for x in probs] for probs in api.strategy_probs(eq)] for eq in eqs]
print(json.dumps({{"seconds": seconds, "equilibria": equilibria}}))
"""


def _small_table(args, derive, tmp: Path) -> list[str]:
    """Issue 38: random three-player games, derive's whole equilibrium set against Gambit's enumpoly."""
    sys.path.insert(0, str(TESTS))
    from strategic_regrets import in_piece, nfg_text, random_game

    from derive.formats import parse_nfg
    from derive.solving.general_sum.support_enumeration import support_enumeration

    count = 10 if args.quick else 50
    lines = [
        "## Small three-player games (issue 38)",
        "",
        f"{count} seeded random games each (`tests/strategic_regrets.py`, `random_game(seed)` for seeds 0..{count - 1}): "
        "2 or 3 strategies per player (2x2x2 to 3x3x3, at most 27 cells), payoffs in {0, 1, 2} (ties "
        "everywhere) or generic (-9..9).  derive: `derive solve FILE --json --quiet`, whole process "
        "(median of the runs), and the enumeration alone in-process.  Gambit: `pygambit.nash.enumpoly_solve` "
        f"in a child process, stopped after {ENUMPOLY_CAP:g} s.  An equilibrium of Gambit's counts as found "
        "by derive when it lies in one of derive's pieces (to 1e-6); an isolated equilibrium of derive's "
        "counts as found by Gambit when one of Gambit's is within 1e-6 of it.",
        "",
        "| games | derive mean (s) | derive worst (s) | in-process mean / worst (s) | complete | isolated + families "
        "| enumpoly mean (s) | enumpoly worst (s) | enumpoly stopped | Gambit's not in derive's | derive's isolated missed by enumpoly |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    script = tmp / "enumpoly.py"
    script.write_text(ENUMPOLY_SCRIPT)
    for generic in (False, True):
        times, inner, gambit_times, stopped, complete = [], [], [], 0, 0
        isolated = families = missed_by_derive = missed_by_gambit = 0
        for seed in range(count):
            sizes, payoffs = random_game(seed, generic)
            path = tmp / f"game{seed}.nfg"
            text = nfg_text(f"seed{seed}", sizes, payoffs)
            path.write_text(text)
            t, _, out = _measure(derive + ["solve", str(path), "--json", "--quiet"], args.repeat)
            times.append(t)
            complete += json.loads(out)["complete"]
            started = time.perf_counter()
            result = support_enumeration(parse_nfg(text), time_limit=None)
            inner.append(time.perf_counter() - started)
            isolated += sum(1 for e in result.equilibria if e.is_isolated)
            families += sum(1 for e in result.equilibria if not e.is_isolated)
            try:
                _, _, gout = _run([sys.executable, str(script), str(path)], cap=ENUMPOLY_CAP)
            except _Timeout:
                stopped += 1
                gambit_times.append(ENUMPOLY_CAP)
                continue
            found = json.loads(gout)
            gambit_times.append(found["seconds"])
            for profile in found["equilibria"]:
                if not any(in_piece(e, profile, 1e-6) for e in result.equilibria):
                    missed_by_derive += 1
            for e in result.equilibria:
                if e.is_isolated and not any(in_piece(e, profile, 1e-6) for profile in found["equilibria"]):
                    missed_by_gambit += 1
        kind = "generic payoffs" if generic else "payoffs in {0, 1, 2}"
        gambit_done = [g for g in gambit_times if g < ENUMPOLY_CAP]
        gambit_mean = f"{statistics.mean(gambit_done):.3f}" if gambit_done else "-"
        gambit_worst = f"{max(gambit_done):.3f}" if gambit_done else "-"
        lines.append(
            f"| {count}, {kind} | {statistics.mean(times):.2f} | {max(times):.2f} | "
            f"{statistics.mean(inner):.2f} / {max(inner):.2f} | {complete} of {count} | {isolated} + {families} | "
            f"{gambit_mean} | {gambit_worst} | {stopped} | {missed_by_derive} | {missed_by_gambit} (of the games it finished) |"
        )
        print(f"small: {kind} done", file=sys.stderr, flush=True)
    return lines


def _short(value: Fraction) -> str:
    """An exact value as written, or its decimal and the size of its fraction when long."""
    text = str(value)
    if len(text) <= 22:
        return text
    return f"{float(value):.10f} ({len(str(value.numerator))}/{len(str(value.denominator))}-digit fraction)"


def _scale_table(args, derive, tmp: Path) -> list[str]:
    highs = tmp / "highs_alone.py"
    highs.write_text(HIGHS_SCRIPT)
    openspiel = tmp / "openspiel_lp.py"
    openspiel.write_text(OPENSPIEL_LP_SCRIPT)
    cap, os_cap = args.scale_cap, args.openspiel_cap
    lines = [
        "## Scale: bigger games (issue 25)",
        "",
        f"derive (s): `derive solve GAME --refine none --json`, whole process (at most {cap:g} s), its peak "
        "memory and exact value (certified: exact best responses); HiGHS alone (s): `run()` of the "
        "floating-point model derive builds for the same LP (`derive.solving.linear_program.highs_model`: the sequence-"
        "form LP of each player, one LP with the opponent's plan from its duals from 10,000 sequences, the LP "
        "with running sums over the cards for a large one-card game), timed in-process, without building "
        "the game, the model or anything exact; ratio: derive / HiGHS alone, the figure to shrink. "
        "Quasi-perfect (s): the default `derive solve GAME --json` where timed, with the cost its method line "
        "reports (exact steps of the ε-search per player, the largest dense block of a basis it solved). "
        f"OpenSpiel LP: `sequence_form_lp.solve_zero_sum_game` (floats, cvxopt), at most {os_cap:g} s, and its "
        "distance from derive's exact value.",
        "",
        "| game | value | derive (s) | derive peak MiB | HiGHS alone (s) | ratio | LP rows | quasi-perfect (s) "
        "| OpenSpiel LP value | OpenSpiel LP (s) |",
        "|---|---:|---:|---:|---:|---:|---:|---|---:|---:|",
    ]
    for label, spec, lp_spec, os_game in SCALE_GAMES:
        if args.quick and ("5 cards" in label or "4 ranks" in label or "N=1000" in label):
            continue
        base = derive + ["solve", *spec, "--json", "--quiet"]
        try:
            t, mem, outs = _measure_all_capped(base + ["--refine", "none"], args.repeat, cap)
        except _Timeout:
            lines.append(f"| {label} | - | not in {cap:g} s | - | - | - | - | - | - | - |")
            print(f"scale: {label} over the cap", file=sys.stderr, flush=True)
            continue
        exact = Fraction(json.loads(outs[0])["value"])
        highs_doc = json.loads(_run([sys.executable, str(highs), *lp_spec], cap)[2])
        agree = "" if abs(highs_doc["value"] - float(exact)) <= 1e-6 else " (float value off)"
        refined = "-"
        if label in SCALE_REFINED:
            t_q, _, out = _measure_capped(base, args.repeat, cap)
            doc = json.loads(out)
            if Fraction(doc["value"]) != exact:
                raise SystemExit(f"the quasi-perfect equilibrium's value differs on {label}")
            steps = re.search(r"finish: ([\d and]+) exact steps", doc["method"])
            block = re.search(
                r"largest dense block (\d+) unknowns\) for the (\d+) coefficients", doc["method"]
            )
            refined = f"{t_q:.2f} ({t_q / t:.1f}x)"
            if steps and block:
                refined += (
                    f": {steps[1]} exact steps, each a basis with a dense block of up to {block[1]}, "
                    f"for {block[2]} coefficients in ε"
                )
        os_value = os_time = "-"
        if os_game is not None and os_cap > 0:
            try:
                _, _, out = _run([sys.executable, str(openspiel), os_game[0], json.dumps(os_game[1])], os_cap)
                os_doc = json.loads(out)
                os_value = f"{os_doc['value']:.10f} ({abs(os_doc['value'] - float(exact)):.0e})"
                os_time = f"{os_doc['seconds']:.2f}"
            except _Timeout:
                os_value, os_time = "-", f"not in {os_cap:g} s"
            except RuntimeError:
                os_value, os_time = "-", "failed"
        h = highs_doc["seconds"]
        lines.append(
            f"| {label} | {_short(exact)} | {t:.2f} | {mem} | {h:.3f}{agree} | {t / h:.0f}x | {highs_doc['rows']:,} "
            f"| {refined} | {os_value} | {os_time} |"
        )
        print(f"scale: {label} done", file=sys.stderr, flush=True)
    return lines


def _measure_all_capped(cmd: list[str], repeat: int, cap: float) -> tuple[float, int, list[str]]:
    runs = [_run(cmd, cap) for _ in range(repeat)]
    return statistics.median(r[0] for r in runs), max(r[1] for r in runs), [r[2] for r in runs]


def _measure_capped(cmd: list[str], repeat: int, cap: float) -> tuple[float, int, str]:
    t, mem, outs = _measure_all_capped(cmd, repeat, cap)
    return t, mem, outs[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--quick", action="store_true", help="fewer games")
    parser.add_argument("--cfr-budget", type=float, default=60.0, help="seconds of CFR+ per game")
    parser.add_argument(
        "--only",
        choices=["gambit", "openspiel", "growth", "parametric", "plane", "found", "scale", "small"],
        help="one table only",
    )
    parser.add_argument("--scale-cap", type=float, default=300.0, help="seconds per derive run (scale table)")
    parser.add_argument(
        "--openspiel-cap",
        type=float,
        default=120.0,
        help="seconds per OpenSpiel LP (scale table; 0: not run)",
    )
    args = parser.parse_args()
    derive = [sys.executable, "-m", "derive.cli"]
    header = [
        f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
        f"median of {args.repeat} runs, each a whole process unless marked in-process.",
        "",
    ]
    tables = {
        "gambit": _gambit_table,
        "openspiel": _openspiel_table,
        "growth": _growth_table,
        "parametric": _parametric_table,
        "plane": _plane_table,
        "found": _found_table,
        "scale": _scale_table,
        "small": _small_table,
    }
    with tempfile.TemporaryDirectory() as tmp:
        for key, table in tables.items():
            if args.only in (None, key):
                header += table(args, derive, Path(tmp)) + [""]
    text = "\n".join(header)
    print(text)
    if args.out:
        args.out.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
