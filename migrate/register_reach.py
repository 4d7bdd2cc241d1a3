"""Whether a function of another module of the tree can register at all, asked before its
body is read as a registration helper (`static._helper_of`).

Reading a helper's body follows each call it makes into the module defining the callee,
and reading a module's names costs a LibCST resolution of the whole module: a kernel
module calling the shared math (`funcs.activation.relu(...)`) would have every math
module read. A call registers only when it names one of `static.REGISTERING` (by that
name, an alias of it imported by that name, or an attribute of that name), so a module
whose text never spells one, and none of whose imported modules of the tree (followed
through their imports) does, has no function that registers. Such a module is not read.
Import statements are read with `ast` (anywhere in a module: more than the tree's
evaluator follows), once per version of a file; the answer for a module holds as long as
no file of what it imports changes (checked on each question by the files' `file_state`).
The module being migrated counts as registering wherever it is met: its text in memory
may not be the file's.
"""

from __future__ import annotations

import ast
from pathlib import Path

from migrate.source_files import file_state
from migrate.static_refs import find_module_file

#: per module: the files its imports reach, with their states when last asked, and
#: those of them that spell a registering call
_KNOWN: dict[Path, tuple[tuple[tuple[Path, int, int], ...], frozenset[Path]]] = {}
#: per version of a file: the files of the tree its imports name, and whether its text
#: spells a registering call
_FILES: dict[tuple[Path, int, int], tuple[frozenset[Path], bool]] = {}


def may_register(path: Path, registering: tuple[str, ...], migrated: Path | None) -> bool:
    """Whether module `path`, or a module of the tree it imports (transitively), spells
    one of `registering`; `migrated` (the module being migrated) counts as one that does."""
    start = path.resolve()
    known = _KNOWN.get(start)
    try:
        if known is None or not all(file_state(s[0]) == s for s in known[0]):
            known = _reach(start, registering)
    except OSError:
        known = None
    if known is None:
        return True
    _KNOWN[start] = known
    reached = {s[0] for s in known[0]}
    return bool(known[1]) or (migrated is not None and migrated.resolve() in reached)


def _reach(start: Path, registering: tuple[str, ...]
           ) -> tuple[tuple[tuple[Path, int, int], ...], frozenset[Path]] | None:
    """The states of `start` and every module of the tree its imports reach, followed
    through theirs, and which of them spell a registering call; None when one of them
    cannot be read (what it imports is unknown)."""
    seen: dict[Path, tuple[Path, int, int]] = {}
    spelling: set[Path] = set()
    todo = [start]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        state = seen[path] = file_state(path)
        if state not in _FILES:
            try:
                _FILES[state] = _scan(path, registering)
            except (SyntaxError, ValueError, UnicodeDecodeError, RecursionError, MemoryError):
                return None  # nested past what `ast` parses, say: anything may register
        imported, spells = _FILES[state]
        if spells:
            spelling.add(path)
        todo.extend(imported - seen.keys())
    return tuple(seen[p] for p in sorted(seen)), frozenset(spelling)


def _scan(path: Path, registering: tuple[str, ...]) -> tuple[frozenset[Path], bool]:
    """The files of the tree `path`'s import statements (anywhere in it) name, and whether
    its text spells one of `registering`. For `from a.b import c`: a, a.b and a.b.c
    wherever each is a module (a module too many only makes the answer `True` more often).
    """
    text = path.read_text(encoding="utf-8")
    spelled: set[str] = set()
    for node in ast.walk(ast.parse(text, str(path))):
        if isinstance(node, ast.Import):
            spelled.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            sep = "" if base.endswith(".") or not base else "."
            spelled.update(f"{base}{sep}{a.name}" for a in node.names if a.name != "*")
            spelled.add(base)
    out: set[Path] = set()
    for module in spelled:
        level = len(module) - len(module.lstrip("."))
        parts = [p for p in module.lstrip(".").split(".") if p]
        if level and len(path.resolve().parents) >= level:
            package = path.resolve().parents[level - 1] / "__init__.py"
            if package.is_file():
                out.add(package.resolve())
        for cut in range(1, len(parts) + 1):
            found = find_module_file("." * level + ".".join(parts[:cut]), path)
            if found is not None:
                out.add(found.resolve())
    return frozenset(out), any(name in text for name in registering)
