"""Benchmark: derive's exact solve against pygambit's exact LP, each timed as a whole process.

For each game, ``derive solve --json`` runs as a user runs it, and a script
that reads the same game (Gambit .efg written by ``derive export``) and calls
``pygambit.nash.lp_solve(game, rational=True)`` runs as another process.  The
median wall time of ``--repeat`` runs and the peak resident memory (from the
child's rusage) are reported with both exact values, which must be equal.
Prints a markdown table; ``--out FILE`` also writes it.

Usage: python benchmarks/bench.py [--repeat 3] [--out docs/benchmark.md] [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GAMBIT_SCRIPT = """
import sys
import pygambit as gbt
g = gbt.read_efg(sys.argv[1])
eq = gbt.nash.lp_solve(g, rational=True).equilibria[0]
print(eq.payoff(list(g.players)[0]))
"""

GAMES = [(3, 2), (5, 2), (7, 2), (7, 3), (10, 2), (20, 2), (52, 2), (52, 6)]
QUICK = [(3, 2), (7, 2), (10, 2), (52, 2)]
GAMBIT_MAX_NODES = 3_000  # beyond this Gambit's exact LP takes minutes (N=20: over 2 min); not run


def _run(cmd: list[str]) -> tuple[float, int, str]:
    """Wall time (s), peak RSS (MiB) and stdout of one process."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode()
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed with status {proc.returncode}")
    return elapsed, usage.ru_maxrss // 1024, text


def _measure(cmd: list[str], repeat: int) -> tuple[float, int, str]:
    runs = [_run(cmd) for _ in range(repeat)]
    return statistics.median(r[0] for r in runs), max(r[1] for r in runs), runs[0][2]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--quick", action="store_true", help="fewer games")
    args = parser.parse_args()
    derive = [sys.executable, "-m", "derive.cli"]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "gambit_lp.py"
        script.write_text(GAMBIT_SCRIPT)
        for n, k in QUICK if args.quick else GAMES:
            from derive.games.one_card import one_card_poker

            nodes = one_card_poker(n, k).num_nodes
            spec = ["solve", "--deck", str(n), "--max-bets", str(k), "--json"]
            t_ours, mem_ours, out = _measure(derive + spec + ["--refine", "none"], args.repeat)
            ours = json.loads(out)["value"]
            t_qpe, _, out = _measure(derive + spec, args.repeat)
            if json.loads(out)["value"] != ours:
                raise SystemExit(f"the quasi-perfect equilibrium's value differs for N={n}, k={k}")
            if nodes <= GAMBIT_MAX_NODES:
                efg = Path(tmp) / f"g{n}_{k}.efg"
                subprocess.run(
                    derive + ["export", "--deck", str(n), "--max-bets", str(k), "--out", str(efg)],
                    check=True,
                    capture_output=True,
                )
                t_gbt, mem_gbt, out = _measure([sys.executable, str(script), str(efg)], args.repeat)
                theirs = out.strip()
                if theirs != ours:
                    raise SystemExit(f"values differ for N={n}, k={k}: derive {ours}, Gambit {theirs}")
                rows.append((n, k, nodes, ours, t_ours, t_qpe, t_gbt, t_gbt / t_ours, mem_ours, mem_gbt))
            else:
                rows.append((n, k, nodes, ours, t_ours, t_qpe, None, None, mem_ours, None))
            print(f"N={n} k={k} done", file=sys.stderr, flush=True)
    lines = [
        f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
        f"median of {args.repeat} runs, each a whole process.",
        "",
        "derive (s): `derive solve --refine none` (the LP's vertex, what Gambit's lp_solve computes); "
        "quasi-perfect (s): the default `derive solve` (the exact limit of the perturbed LP).",
        "",
        "| game | nodes | value | derive (s) | quasi-perfect (s) | Gambit lp_solve (s) | ratio | derive peak MiB "
        "| Gambit peak MiB |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for n, k, nodes, value, t1, tq, t2, ratio, m1, m2 in rows:
        g2 = f"{t2:.2f}" if t2 is not None else "not run"
        r = f"{ratio:.1f}x" if ratio is not None else "-"
        m2s = str(m2) if m2 is not None else "-"
        lines.append(
            f"| N={n}, max bets {k} | {nodes:,} | {value} | {t1:.2f} | {tq:.2f} | {g2} | {r} | {m1} | {m2s} |"
        )
    table = "\n".join(lines) + "\n"
    print(table)
    if args.out:
        args.out.write_text(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
