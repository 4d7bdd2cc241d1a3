"""The packages stay layered and free of import cycles.

phi is the bottom layer; legacy_fluid may use phi; compat may use phi and
legacy_fluid; migrate may use all three; fluidphi (the public API and the CLI) sits
on top. Imports inside
functions count (they are still dependencies), and so do imports under
``if TYPE_CHECKING:`` (a type a module names is a dependency too, even if the import
never runs). Inside phi, the core (``phi.common``, ``phi.core``) never imports a
backend (``phi.backends``): backends register themselves and are found by name.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("phi", "legacy_fluid", "compat", "migrate", "fluidphi")
ALLOWED = {
    "phi": {"phi"},
    "legacy_fluid": {"phi", "legacy_fluid"},
    "compat": {"phi", "legacy_fluid", "compat"},
    "migrate": {"phi", "legacy_fluid", "compat", "migrate"},
    "fluidphi": {"phi", "legacy_fluid", "compat", "migrate", "fluidphi"},
}
FIRST_PARTY = set(PACKAGES)


def _modules() -> dict[str, Path]:
    mods = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            mods[".".join(parts)] = path
    return mods


CORE = ("phi.common", "phi.core")
BACKENDS = "phi.backends"


def _imports(path: Path) -> Iterator[tuple[int, str]]:
    """(line, dotted name) of every import, first-party or not: at module level, inside
    functions and under ``if TYPE_CHECKING:`` alike."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                yield node.lineno, f"{node.module}.{alias.name}"


def test_each_package_imports_only_the_layers_below() -> None:
    offenders = []
    for module, path in _modules().items():
        package = module.split(".")[0]
        for line, name in _imports(path):
            top = name.split(".")[0]
            if top in FIRST_PARTY and top not in ALLOWED[package]:
                offenders.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert not offenders, "\n".join(offenders)


def _core_imports_of_backends(modules: dict[str, Path]) -> list[str]:
    return [f"{module}:{line} imports {name}"
            for module, path in modules.items()
            if module.startswith(CORE)
            for line, name in _imports(path)
            if name == BACKENDS or name.startswith(BACKENDS + ".")]


def test_the_core_never_imports_a_backend() -> None:
    offenders = _core_imports_of_backends(_modules())
    assert not offenders, "\n".join(offenders)


def test_a_core_import_of_a_backend_is_found(tmp_path: Path) -> None:
    core = tmp_path / "dense_tensor.py"
    core.write_text("from typing import TYPE_CHECKING\n"
                    "if TYPE_CHECKING:\n    from phi.backends.cpu import cpu_context\n")
    backend = tmp_path / "gpu_context.py"
    backend.write_text("from phi.core.device_context import DeviceContext\n")
    found = _core_imports_of_backends({"phi.core.dense_tensor": core,
                                       "phi.backends.gpu.gpu_context": backend})
    assert [f.partition(" ")[2] for f in found] == ["imports phi.backends.cpu.cpu_context"]


def test_type_checking_imports_count_as_dependencies(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_text("from typing import TYPE_CHECKING\nimport os\n"
                    "if TYPE_CHECKING:\n    from legacy_fluid.framework.operator import Op\n"
                    "def f():\n    import json\n")
    assert sorted(name for _, name in _imports(path)) == [
        "json", "legacy_fluid.framework.operator.Op", "os", "typing.TYPE_CHECKING"]


def _graph(packages: tuple[str, ...]) -> dict[str, set[str]]:
    mods = {m: p for m, p in _modules().items() if m.split(".")[0] in packages}

    def owner(name: str) -> str | None:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {m: set() for m in mods}
    for module, path in mods.items():
        for _, name in _imports(path):
            target = owner(name)
            if target is not None and target != module:
                graph[module].add(target)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (iterative Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root, edges in graph.items():
        if root in index:
            continue
        work = [(root, iter(sorted(edges)))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_cycles_in_the_runtime_packages() -> None:
    cycles = _cycles(_graph(("phi", "legacy_fluid", "compat", "migrate")))
    assert not cycles, "import cycles:\n" + "\n".join(" <-> ".join(c) for c in cycles)


def test_a_type_only_import_back_is_a_cycle(tmp_path: Path) -> None:
    low, high = tmp_path / "low.py", tmp_path / "high.py"
    low.write_text("from typing import TYPE_CHECKING\n"
                   "if TYPE_CHECKING:\n    from pkg.high import Op\n")
    high.write_text("from pkg.low import Ctx\n")
    graph = {module: {name.rpartition(".")[0] for _, name in _imports(path)} - {"typing"}
             for module, path in (("pkg.low", low), ("pkg.high", high))}
    assert _cycles(graph) == [["pkg.high", "pkg.low"]]


def test_the_cycle_finder_finds_cycles() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []
