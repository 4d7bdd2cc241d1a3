"""Where a module-level name of a module in the tree comes from: followed through the
tree's re-exports (`from .base import DataType` where base.py imports it from
`phi.common`) to the module that defines it.

Each hop is LibCST's: the name is read, in its module, as `FullyQualifiedNameProvider`
reads it (`qualified_names`), with the module name and package `FullRepoManager` gives
the file (relative imports resolved from the file's package). A hop whose qualified name
is a module of the tree goes on in that module; one outside the tree
(`phi.common.DataType`) ends there. A `from M import *` of a tree module binds what M
exports (LibCST does not follow star imports; `Evaluator.star_exports` says what they
bind). A name bound more than once, or conditionally, has no single origin: `origin_of`
gives None and the caller refuses.
"""

from __future__ import annotations

import keyword
import tokenize
from dataclasses import dataclass
from pathlib import Path

import libcst as cst

from migrate.qualified_names import fully_qualified, qualified_at_end
from migrate.source_files import file_state
from migrate.static_eval import Evaluator
from migrate.static_refs import find_module_file, load_module
from migrate.tree_names import module_name, note_reads, package_root

#: names the first question also reads: keywords, but asked about as names
_CONSTANTS = frozenset({"None", "True", "False"})
#: hops followed before giving up (a cycle of re-exports never ends)
_MAX_HOPS = 16


@dataclass(frozen=True)
class Origin:
    """`qualified`: the defining module's name and the name (`pkg.base.alloc_like`,
    `phi.common.DataType`); `path`: the defining file when it is a module of the tree."""

    qualified: str
    path: Path | None = None


def _qualified_in(path: Path, name: str) -> str | None:
    """The one fully qualified name `name` has at the end of `path`'s module, as LibCST's
    FullyQualifiedNameProvider gives a read of it there; None when it has none or several.
    The first question about a file answers for every name its code spells, and keeps
    what the module reads for `tree_names.uses_elsewhere` (one scope analysis of the
    module, shared with every other reading of it)."""
    state = file_state(path)
    known = _QUALIFIED.setdefault(state, {})
    if name not in known:
        module = load_module(path)[0]
        root = package_root(path)
        names = [name]
        if not known:
            names += sorted((_code_names(path) | _CONSTANTS) - {name})
            note_reads(path, state, module, fully_qualified(module, path, root))
        for n, found in qualified_at_end(module, path, root, names).items():
            spelled = {q.name for q in found}
            known[n] = next(iter(spelled)) if len(spelled) == 1 else None
    return known[name]


def _code_names(path: Path) -> set[str]:
    """The names `path`'s code spells (its NAME tokens but keywords: every name it binds or
    reads, and attribute names; a name read only in an f-string's field is asked about on
    its own); none when it does not tokenize."""
    try:
        with tokenize.open(path) as f:
            return {t.string for t in tokenize.generate_tokens(f.readline)
                    if t.type == tokenize.NAME and not keyword.iskeyword(t.string)}
    except (OSError, SyntaxError, tokenize.TokenError):
        return set()


#: per version of a file: name -> its one qualified name there (None: none or several)
_QUALIFIED: dict[tuple[Path, int, int], dict[str, str | None]] = {}


def _tree_module(root: Path, qualified: str) -> tuple[Path, str] | None:
    """The tree's file for the longest module prefix of `qualified`, and the rest."""
    parts = qualified.split(".")
    for cut in range(len(parts), 0, -1):
        target = root.joinpath(*parts[:cut])
        for cand in (target.with_suffix(".py"), target / "__init__.py"):
            if cand.is_file() and module_name(cand, root) == ".".join(parts[:cut]):
                return cand.resolve(), ".".join(parts[cut:])
    return None


def _defines(path: Path, name: str) -> bool:
    """Whether `path` binds `name` at its top level other than by an import."""
    module = load_module(path)[0]
    for stmt in module.body:
        if isinstance(stmt, (cst.ClassDef, cst.FunctionDef)) and stmt.name.value == name:
            return True
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                targets = ([t.target for t in small.targets] if isinstance(small, cst.Assign)
                           else [small.target] if isinstance(small, cst.AnnAssign) else [])
                if any(isinstance(t, cst.Name) and t.value == name for t in targets):
                    return True
    return False


def _star_source(path: Path, name: str) -> Path | None:
    """The tree module whose `from M import *` in `path` binds `name` (first one that
    exports it; None when no star import of the tree binds it)."""
    _, imports = load_module(path)
    found: Path | None = None
    for mod in imports.star_modules:
        target = find_module_file(mod, path)
        if target is None:
            continue
        other_module, other_imports = load_module(target)
        if name in Evaluator(other_module, other_imports, target).exported():
            found = target.resolve()  # a later star import rebinds it
    return found


def origin_of(path: Path, dotted_name: str) -> Origin | None:
    """The origin of `dotted_name` (`DataType`, `base.UnaryBase`) as module `path` reads it
    at its top level; None when it cannot be known statically."""
    path = path.resolve()
    root = package_root(path)
    head, _, rest = dotted_name.partition(".")
    qualified = _qualified_in(path, head)
    if qualified is None:
        star = _star_source(path, head)
        if star is None:
            return None
        found = origin_of(star, head)
        if found is None:
            return None
        qualified = found.qualified
    elif qualified == f"{module_name(path, root)}.{head}" and not _defines(path, head):
        star = _star_source(path, head)
        if star is None:
            return None  # read but not bound at the top level (a builtin, or unbound)
        found = origin_of(star, head)
        if found is None:
            return None
        qualified = found.qualified
    if rest:
        qualified = f"{qualified}.{rest}"
    return _follow(root, qualified)


def _follow(root: Path, qualified: str) -> Origin | None:
    for _ in range(_MAX_HOPS):
        hit = _tree_module(root, qualified)
        if hit is None:
            return Origin(qualified)  # outside the tree
        path, rest = hit
        if not rest:
            return Origin(qualified)  # a module of the tree
        head, _, tail = rest.partition(".")
        if _defines(path, head):
            return Origin(qualified, path) if not tail else None  # an attribute of a value
        nxt = origin_of(path, head)
        if nxt is None:
            return None
        if not tail:
            return nxt
        qualified = f"{nxt.qualified}.{tail}"
    return None


def class_statement(path: Path, name: str) -> Origin | str:
    """The origin of the class `name` names in module `path` (imported, through any
    re-exports), when it is a class statement of a module of the tree; else why not, in
    words ("imported from pkg.lazy, which the codemod cannot trace to its class
    statement"). A name outside the tree gives its origin (no path)."""
    origin = origin_of(path, name)
    if origin is not None and origin.path is None:
        return origin
    if origin is not None:
        cls = origin.qualified.rpartition(".")[2]
        if any(isinstance(s, cst.ClassDef) and s.name.value == cls
               for s in load_module(origin.path)[0].body):
            return origin
    _, imports = load_module(path)
    source = imports.from_modules.get(name)
    target = find_module_file(source, path) if source is not None else None
    where = (module_name(target, package_root(target)) if target is not None
             else source or "this module")
    bound = ("" if origin is None else f" ({origin.qualified.rpartition('.')[0]} binds it "
             "other than by a class statement)")
    return f"imported from {where}, which the codemod cannot trace to its class statement{bound}"


def relative_module(from_file: Path, target: Path) -> str:
    """`target`'s module as a relative import of `from_file`'s module spells it
    (`..act.gated`); both files of one package tree."""
    root = package_root(from_file)
    here = module_name(from_file, root).split(".")
    if from_file.name != "__init__.py":
        here.pop()
    there = module_name(target, root).split(".")
    common = 0
    while common < min(len(here), len(there)) and here[common] == there[common]:
        common += 1
    return "." * (len(here) - common + 1) + ".".join(there[common:])


def import_spec(target: Path, origin: Origin, name: str) -> tuple[str, str] | None:
    """How `target` imports `origin` under `name`: `from M import name` (M relative when
    it is a module of target's folder), `import name`; None when no import binds it so."""
    if origin.qualified == name:
        return "", name
    module, _, last = origin.qualified.rpartition(".")
    if last != name or not module or module == "builtins":
        return None
    if origin.path is not None and origin.path.parent == target.resolve().parent and \
            origin.path.stem != "__init__":
        return f".{origin.path.stem}", name
    return module, name
