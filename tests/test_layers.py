"""The layers of the data flow (docs/DESIGN.md), read from the source with ``ast`` (issue 40).

Nothing below presentation imports presentation or the command line, not even inside a function
(derivation, the stage just below presentation, imports no figures either);
``derive.notation`` imports nothing of derive's; and derive's modules import each other without a
cycle, counting every import a module runs when it is imported (those under ``if TYPE_CHECKING:``
too, and the package ``__init__`` each import runs first).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "derive"

#: The stages below presentation (docs/DESIGN.md): none of them imports presentation or cli.
LOWER = (
    "solving",
    "figures",
    "sequence_form",
    "dominance",
    "verification",
    "extensive_form",
    "games",
    "formats",
    "derivation",
)
UPPER = ("derive.presentation", "derive.cli")
#: What the derivation stage (the front door: solve, the thesis's derivations) never imports: it
#: computes and presentation renders, so neither output nor drawing reaches it.
ABOVE_DERIVATION = (*UPPER, "derive.figures")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _resolve(name: str) -> str | None:
    """The module of derive that ``name`` (a module, or a name imported from one) is in."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def _imports(module: str) -> tuple[set[str], set[str]]:
    """``(at import, anywhere)``: the modules of derive that ``module`` imports when it is imported
    (its body, class bodies, ``if TYPE_CHECKING:`` and ``try`` blocks), and those it imports at all
    (inside functions too)."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    top: set[str] = set()
    anywhere: set[str] = set()

    def targets(node) -> list[str]:
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*parent, *([node.module] if node.module else [])])
            names = [f"{base}.{a.name}" for a in node.names]
        return [m for m in map(_resolve, names) if m is not None and m != module]

    def walk(node, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                found = targets(child)
                anywhere.update(found)
                if not in_function:
                    top.update(found)
            else:
                walk(child, in_function or isinstance(child, FUNCTIONS))

    walk(ast.parse(path.read_text(encoding="utf-8")), False)
    return top, anywhere


IMPORTS = {m: _imports(m) for m in MODULES}


def _graph() -> dict[str, set[str]]:
    """Each module -> the modules its import runs: what it imports, and the packages above each of
    those that are not its own packages (their ``__init__`` runs first)."""
    graph = {}
    for m, (top, _) in IMPORTS.items():
        edges = set(top)
        for t in top:
            parts = t.split(".")
            edges.update(
                p
                for p in (".".join(parts[:k]) for k in range(1, len(parts)))
                if p in MODULES and not (m == p or m.startswith(p + "."))
            )
        graph[m] = edges - {m}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as a path (its first module again at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(v: str) -> list[str] | None:
        state[v] = 1
        path.append(v)
        for w in sorted(graph.get(v, ())):
            if state.get(w) == 1:
                return path[path.index(w) :] + [w]
            if w not in state:
                found = visit(w)
                if found:
                    return found
        path.pop()
        state[v] = 2
        return None

    for v in sorted(graph):
        if v not in state:
            found = visit(v)
            if found:
                return found
    return None


def _stage(module: str) -> str:
    return module.split(".")[1] if "." in module else ""


@pytest.mark.parametrize("stage", LOWER)
def test_no_lower_stage_imports_presentation_or_the_command_line(stage):
    """solving, figures, sequence_form, dominance, verification, extensive_form, games, formats and
    derivation never import derive.presentation or derive.cli, at the top or inside a function: what they print
    comes from derive.notation."""
    upward = sorted(
        f"{m} imports {t}"
        for m, (_, anywhere) in IMPORTS.items()
        if _stage(m) == stage
        for t in anywhere
        if t.startswith(UPPER)
    )
    assert upward == []


def test_derivation_imports_no_output():
    """derive.derivation computes what presentation renders: it imports neither presentation, the
    command line nor figures, at the top or inside a function; presentation imports it."""
    upward = sorted(
        f"{m} imports {t}"
        for m, (_, anywhere) in IMPORTS.items()
        if _stage(m) == "derivation"
        for t in anywhere
        if t.startswith(ABOVE_DERIVATION)
    )
    assert upward == []
    assert "derive.derivation.solve" in IMPORTS["derive.presentation.solve_report"][0]
    assert "derive.derivation.thesis" in IMPORTS["derive.presentation.reproduce"][0]


def test_notation_imports_nothing_of_derive():
    """derive.notation sits below every stage: sympy and the standard library only."""
    inside = sorted(
        f"{m} imports {t}"
        for m, (_, anywhere) in IMPORTS.items()
        if _stage(m) == "notation"
        for t in anywhere
        if _stage(t) != "notation"
    )
    assert inside == []


def test_no_import_cycle():
    """No module of derive imports itself again through others when it is imported (imports under
    ``if TYPE_CHECKING:`` count; a function's own imports do not)."""
    assert _cycle(_graph()) is None


def test_the_checks_can_fail():
    """The readers see what they look for: presentation.latex imports notation.latex, the command line
    imports presentation inside functions, and a cycle through a package's ``__init__`` is found."""
    assert "derive.notation.latex" in IMPORTS["derive.presentation.latex"][0]
    top, anywhere = IMPORTS["derive.cli.solve"]
    assert any(t.startswith("derive.presentation") for t in anywhere - top)
    assert "derive.solving.refinements.epsilon_lp" in IMPORTS["derive.solving.refinements.quasi_perfect"][0]
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
    graph = _graph()
    # importing derive.solving.families.polytope runs derive.solving.families's __init__ first; from
    # inside derive.solving, derive.solving's own __init__ is already running
    optimal_sets = graph["derive.solving.zero_sum.optimal_sets"]
    assert {"derive.solving.families.polytope", "derive.solving.families"} <= optimal_sets
    assert "derive.solving" not in optimal_sets
    assert "derive.solving" in graph["derive.presentation.latex"]
