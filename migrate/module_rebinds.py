"""Whether a module-level name bound once to a value computed at import (`P =
TypeVar("P", bound=AxisParams)`, `log = logging.getLogger(__name__)`, `SCALE = [2.0]`) is
the same object wherever it is imported from (issue 23, cm51).

`from .params import P` binds the very object `params.py` reads as `P`, provided nothing
rebinds `P` there afterwards. The static reader already refuses a name bound more than once
or deleted in its module (a function's `global P` store or `del P` included:
`Evaluator.changed`) and a module whose namespace is changed dynamically, by itself or by any
module of the tree (`params.P = ...`, `setattr(params, "P", ...)`, `sys.modules[...] = ...`:
`dynamic_namespaces`). `rebinding` adds what those do not read:

- the one binding must be a statement of the module's top level, not one inside an `if`,
  `try`, `with` or loop, which may not run (or run again);
- no module of the tree may hand the module object on (`m = params`, `patch(params)`,
  `importlib.reload(params)`, `_self = sys.modules[__name__]` in params.py,
  `mod = importlib.import_module("pkg.params")`): whatever receives it may rebind the name
  unseen (a lookup whose value an expression statement drops hands it to no one).
  Each use of the module object is found by LibCST's `FullyQualifiedNameProvider`
  (`FullRepoManager` over the tree's files that name the module): an import binding it, a
  read of one of its attributes (`params.log`) and `getattr` / `hasattr` of it are the only
  harmless uses; a lookup by a computed name may be of it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import libcst as cst
import libcst.matchers as m
from libcst.metadata import FullRepoManager, FullyQualifiedNameProvider, ParentNodeProvider

from migrate.source_files import runnable_source
from migrate.static import ModuleInfo
from migrate.static_refs import code_of, literal_string
from migrate.tree_names import module_name, package_root, tree_paths

#: `ModuleInfo.memo` key: `escape` of the module
_ESCAPE = "module_escape"
#: builtins that only read the module object handed to them
_READERS = frozenset({"getattr", "hasattr"})


def rebinding(owner: ModuleInfo, name: str) -> str:
    """How module-level `name` of `owner`'s module, bound once and nothing in its module
    rebinding it (`Evaluator.changed`), may still not be the object an import of it
    binds, in words; "" when it surely is."""
    assert owner.path is not None
    if not _bound_at_top(owner.module, name):  # in the live branch of a constant `if`
        return nested_binding(owner.module, name) or \
            f"'{name}' is not bound by a statement of the module's top level"
    if _ESCAPE not in owner.memo:  # one answer per module read, whichever name asks
        owner.memo[_ESCAPE] = escape(owner.path)
    return owner.memo[_ESCAPE]


def _bound_at_top(module: cst.Module, name: str) -> bool:
    """Whether a statement of `module`'s top level assigns `name`."""
    return any(_assigns(small, name) for stmt in module.body
               if isinstance(stmt, cst.SimpleStatementLine) for small in stmt.body)


def _assigns(small: cst.CSTNode, name: str) -> bool:
    targets = ([t.target for t in small.targets] if isinstance(small, cst.Assign)
               else [small.target] if isinstance(small, cst.AnnAssign)
               and small.value is not None else [])
    return any(isinstance(t, cst.Name) and t.value == name for t in targets)


def nested_binding(module: cst.Module, name: str) -> str:
    """How an assignment of `name` inside a top-level `if`, `try`, `with` or loop of
    `module` binds it, in words; "" when none does."""
    for stmt in module.body:
        if isinstance(stmt, (cst.SimpleStatementLine, cst.FunctionDef, cst.ClassDef)):
            continue
        found = [a for a in (*m.findall(stmt, m.Assign()), *m.findall(stmt, m.AnnAssign()))
                 if _assigns(a, name)]
        if found:
            keyword = type(stmt).__name__.lower().removesuffix("star")
            return (f"`{code_of(found[0]).strip()}` is bound inside a top-level `{keyword}` "
                    "statement")
    return ""


def escape(path: Path) -> str:
    """The first use, in any module of `path`'s tree, handing the module object of `path`
    on (where it may get a name rebound), in words; "" when every use only imports it or
    reads its attributes."""
    here = path.resolve()
    root = package_root(here)
    if root == here.parent:  # a module outside any package: no other module names it
        return ""
    qualified = module_name(here, root)
    stem = here.parent.name if here.stem == "__init__" else here.stem
    users = [p.resolve() for p, _ in tree_paths(here, include_self=True)
             if stem in (runnable_source(p) or "")]
    why = ""
    if users:
        manager = FullRepoManager(str(root), [str(p) for p in users],
                                  {FullyQualifiedNameProvider, ParentNodeProvider})
        for user in users:
            why = _first_escape(manager, user, root, qualified, user == here)
            if why:
                break
    return why


def _first_escape(manager: FullRepoManager, user: Path, root: Path, qualified: str,
                  own: bool) -> str:
    """The first use of module `qualified` in `user` (the module itself: `own`) that hands
    the module object on, in words; ""."""
    try:
        wrapper = manager.get_metadata_wrapper_for_path(str(user))
        names = wrapper.resolve(FullyQualifiedNameProvider)
        parents = wrapper.resolve(ParentNodeProvider)
    except (cst.ParserSyntaxError, OSError, UnicodeDecodeError, ValueError):
        return f"{os.path.relpath(user, root)} cannot be read to check it"
    for node, qnames in names.items():
        if not isinstance(node, (cst.Name, cst.Attribute, cst.Subscript, cst.Call)):
            continue
        spelled = {q.name for q in qnames}
        if isinstance(node, (cst.Subscript, cst.Call)):  # `sys.modules[...]`, import_module(...)
            if not _looks_up(node, names, qualified, own):
                continue
        elif qualified not in spelled:
            continue
        parent = parents.get(node)
        if isinstance(parent, cst.Expr):
            continue  # `importlib.import_module("pkg.params")` alone: its value goes nowhere
        if isinstance(parent, cst.Attribute) and parent.value is node:
            continue  # `params.log`: a store of an attribute is `dynamic_namespaces`'
        if isinstance(node, cst.Subscript) and isinstance(parent, (cst.AssignTarget, cst.Del)):
            continue  # `sys.modules[...] = ...`: `dynamic_namespaces`'
        if _in_import(node, parents):
            continue
        if isinstance(parent, cst.Arg) and isinstance(call := parents.get(parent), cst.Call) \
                and isinstance(call.func, cst.Name) and call.func.value in _READERS:
            continue
        stmt: cst.CSTNode = node
        while not isinstance(stmt, (cst.BaseSmallStatement, cst.BaseCompoundStatement)) \
                and stmt in parents:
            stmt = parents[stmt]
        text = code_of(stmt).strip().splitlines()[0] if stmt is not node else code_of(node)
        return (f"module {qualified.rpartition('.')[2]} is handed on (`{text}` in "
                f"{os.path.relpath(user, root)}), where its names may be rebound")
    return ""


#: calls handing back a module object by its name
_LOADERS = frozenset({"importlib.import_module", "builtins.__import__"})


def _looks_up(node: cst.Subscript | cst.Call, names: Any, qualified: str, own: bool) -> bool:
    """Whether `node` may be module `qualified`'s object looked up by name:
    `sys.modules[KEY]` or `importlib.import_module(KEY)` whose KEY names it (by its dotted or
    last name), is computed (`sys.modules[__name__]` is another module's own outside it)."""
    key: cst.BaseExpression | None = None
    if isinstance(node, cst.Subscript):
        if not any(q.name == "sys.modules" for q in names.get(node.value, ())):
            return False
        index = node.slice[0].slice if len(node.slice) == 1 else None
        key = index.value if isinstance(index, cst.Index) else None
    else:
        if not any(q.name in _LOADERS for q in names.get(node.func, ())):
            return False
        key = node.args[0].value if node.args else None
    if key is None:  # a slice, no argument: no lookup by name
        return False
    if isinstance(key, cst.Name) and key.value == "__name__":
        return own
    text = literal_string(key)
    last = qualified.rpartition(".")[2]
    return text is None or text == qualified or text.rpartition(".")[2] == last


def _in_import(node: cst.CSTNode, parents: dict[cst.CSTNode, cst.CSTNode]) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, (cst.Import, cst.ImportFrom)):
            return True
        if isinstance(node, cst.BaseSmallStatement | cst.BaseCompoundStatement):
            return False
    return False
