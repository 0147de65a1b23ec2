"""The shape ARCHITECTURE.md draws, read from the source: arrows point one way (interfaces ->
arena -> agents -> games -> kernel), and within a game's package no two modules import each
other, however indirectly, so each can be read and imported from the bottom (its codes) up."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "credo"
LAYERS = ["kernel", "games", "agents", "arena", "interfaces"]  # each may import only those before it
GAMES = ["dirge", "divine", "dogma", "jol"]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """The credo modules a file imports, at its top or inside a function, but not those named
    under `if TYPE_CHECKING:` (annotations only: nothing is imported when the code runs)."""
    tree = ast.parse(path.read_text())
    checking = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                and getattr(block.test, "id", None) == "TYPE_CHECKING" for n in ast.walk(block)}
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found = set()
    for node in ast.walk(tree):
        if id(node) in checking:
            continue
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package[:len(package) - node.level + 1]
                base = ".".join(up + ([node.module] if node.module else []))
            found.add(base)
            found |= {f"{base}.{a.name}" for a in node.names}  # `from . import views` imports a module
    return {name for name in found if name.startswith("credo")}


def sources() -> dict[str, Path]:
    return {module_name(path): path for path in ROOT.rglob("*.py")}


def test_arrows_point_one_way():
    wrong = []
    for name, path in sources().items():
        parts = name.split(".")
        if len(parts) < 2 or parts[1] not in LAYERS:
            continue
        layer = LAYERS.index(parts[1])
        for target in imports(path):
            other = target.split(".")
            if len(other) > 1 and other[1] in LAYERS and LAYERS.index(other[1]) > layer:
                wrong.append(f"{name} imports {target}")
    assert wrong == []


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in graph:
        if v not in index:
            visit(v)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_a_games_modules_import_each_other_one_way(game):
    package = f"credo.games.{game}"
    modules = {name: path for name, path in sources().items() if name.startswith(package + ".")}
    # the package's __init__ gathers the game for credo.games.load: the modules below it do not import it
    graph = {name: {t for t in imports(path) if t in modules and t != name} for name, path in modules.items()}
    assert cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
