"""The layers of docs/architecture.md, enforced on the sources: every ``import`` of every module
(at the top, inside functions and under ``TYPE_CHECKING`` alike) goes down the layers, never up,
and no two modules import each other at run time, however indirectly (an import for the type
checker alone, under ``if TYPE_CHECKING:``, names a class for a hint and runs nothing)."""

from __future__ import annotations

import ast
import sys
from functools import cache
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "tritable"

# What each layer may import of the project (besides itself). A layer not named here (the
# package's own __init__, say) may import anything.
ALLOWED: dict[str, set[str]] = {
    "engine": set(),
    "games": {"engine"},
    "ai": {"engine", "games"},
    "store": {"engine"},
    "interop": {"engine", "games", "ai"},
    "server": {"engine", "games", "ai", "store"},
    "web": {"engine", "games", "ai", "store", "server"},
    "cli": {"engine", "games", "ai", "store", "server", "web", "interop"},
}
STDLIB_ONLY = {"engine", "games"}
"""Layers that import nothing outside the standard library (a game is pure rules)."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _type_checking_only(tree: ast.Module) -> set[int]:
    """The ids of the import nodes under ``if TYPE_CHECKING:``."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                found.update(id(n) for n in ast.walk(inner) if isinstance(n, ast.Import | ast.ImportFrom))
    return found


@cache
def imports(name: str, run_time: bool = False) -> frozenset[str]:
    """Every module ``name`` imports (absolute names; ``from x import y`` names ``x.y`` where that
    is a module, else ``x``); with ``run_time``, those an ``if TYPE_CHECKING:`` leaves out."""
    path = modules()[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    typing_only = _type_checking_only(tree) if run_time else set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in modules() else target)
    return frozenset(found)


def layer(name: str) -> str | None:
    if name == "tritable":  # the package's front door re-exports the engine's public names
        return "engine"
    parts = name.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in ALLOWED else None


def own(name: str, run_time: bool = False) -> list[str]:
    return sorted(i for i in imports(name, run_time) if i == "tritable" or i.startswith("tritable."))


def test_the_sources_are_found() -> None:
    assert "tritable.engine.protocol" in modules()
    assert "tritable.engine.protocol" in imports("tritable.engine.record")


@pytest.mark.parametrize("name", sorted(modules()))
def test_imports_go_down_the_layers(name: str) -> None:
    mine = layer(name)
    if mine is None:
        return
    for target in own(name):
        theirs = layer(target)
        assert theirs is not None, f"{name} imports {target}, above every layer"
        if theirs != mine:
            assert theirs in ALLOWED[mine], f"{name} ({mine}) imports {target} ({theirs})"
        if mine == "games" and theirs == "games":
            # a game imports only itself: games know nothing of each other
            assert target.split(".")[:3] == name.split(".")[:3] or target == "tritable.games", (
                f"{name} imports another game's {target}"
            )


@pytest.mark.parametrize("name", sorted(n for n in modules() if layer(n) in STDLIB_ONLY))
def test_engine_and_games_use_only_the_standard_library(name: str) -> None:
    for target in imports(name):
        top = target.split(".")[0]
        assert top in sys.stdlib_module_names or top in ("tritable", "__future__"), f"{name} imports {target}"


def test_no_import_cycles() -> None:
    graph = {name: [t for t in own(name, run_time=True) if t in modules()] for name in modules()}
    # A package's __init__ re-exporting its modules is not a cycle of theirs: leave the edges
    # from a module to the packages above it out.
    graph = {n: [t for t in ts if not n.startswith(t + ".")] for n, ts in graph.items()}
    seen: dict[str, int] = {}  # 1 on the current path, 2 done
    cycles: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        seen[node] = 1
        for nxt in graph[node]:
            if seen.get(nxt) == 1:
                cycles.append([*path[path.index(nxt) :], nxt])
            elif nxt not in seen:
                visit(nxt, [*path, nxt])
        seen[node] = 2

    for start in graph:
        if start not in seen:
            visit(start, [start])
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)
