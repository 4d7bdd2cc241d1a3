"""Framework names a package reaches through a re-export module of its own.

A package may import the framework in one module only (`pkg/_compat.py`: `from
legacy_fluid.framework.op_kernel import OpKernel as FluidKernel`) and have every other
module read the names from there: `from .._compat import FluidKernel`, `import
pkg._compat as fw` then `fw.FluidKernel`, `from . import _compat as fw`. `follow` makes a
module's `ImportTable` name such an import by the framework's own qualified name, so an
`OpKernel` subclass, a `register_op_kernel` call, a maker or an operator reached that way
is recognised exactly as a direct import is. Each hop is `tree_origins.origin_of`'s
(LibCST's fully qualified names, through the tree's re-exports); a star import of the
module already binds what its `__all__` names (`Evaluator.star_bindings`).
"""

from __future__ import annotations

import weakref
from pathlib import Path

from migrate.static_refs import (
    TABLE_FOLLOWERS,
    EnumRef,
    ImportTable,
    find_module_file,
    load_module,
)

#: packages of the framework (as `tree_bases.FRAMEWORK`, which imports the codemod's
#: static reader and so cannot be imported from here)
FRAMEWORK = ("legacy_fluid.framework.", "phi.", "compat.")

#: the tables `follow` rewrote or is rewriting (each once; a cycle of re-exports stops)
_DONE: weakref.WeakSet[ImportTable] = weakref.WeakSet()


def _top_package(path: Path) -> str:
    from migrate.tree_names import module_name, package_root

    return module_name(path.resolve(), package_root(path)).split(".")[0]


def follow(imports: ImportTable, path: Path | None) -> None:
    """Rewrite `imports` (of module `path`) in place: a name imported from a module of the
    tree that binds it to a framework name is that framework name; a module of the tree
    imported under a name (`fw`) lends the framework names it binds to `fw.NAME`. Only an
    import of a module of the tree whose own table names a framework name is asked about
    (`origin_of` confirms it: the name is not rebound there)."""
    if path is None or imports in _DONE or not path.is_file():
        return
    _DONE.add(imports)
    top = _top_package(path)
    if f"{top}.".startswith(FRAMEWORK):
        return  # the framework's own modules name it directly
    from migrate.tree_origins import origin_of

    for local, qualified in list(imports.names.items()):
        if qualified.startswith(FRAMEWORK) or not (
                qualified.startswith(".") or qualified.split(".")[0] == top):
            continue
        source = imports.from_modules.get(local)
        name = qualified[len(source):].lstrip(".") if source is not None else ""
        other = _table(source, path) if source is not None and source.strip(".") else None
        hit = other.names.get(name, "") if other is not None else ""
        if hit.startswith(FRAMEWORK):
            origin = origin_of(path, local)
            if origin is not None and origin.path is None and origin.qualified == hit:
                imports.names[local] = hit
            continue
        lent = _lent(qualified, path)  # a module of the tree imported under a name
        if lent:
            imports.reexported[local] = lent
    for spelled in imports.plain_modules:  # `import pkg._fw`: `pkg._fw.TeamKernel`
        if spelled.split(".")[0] == top and (lent := _lent(spelled, path)):
            imports.reexported[spelled] = lent


def _lent(module: str, path: Path) -> dict[str, str]:
    """The framework names module `module` of the tree binds, by name ({} if none, or no
    module of the tree)."""
    table = _table(module, path)
    return {} if table is None else {
        n: q for n, q in table.names.items() if q.startswith(FRAMEWORK)}


def _table(module: str, path: Path) -> ImportTable | None:
    """The import table (its re-exports followed) of module `module` of the tree as `path`
    imports it; None when it is no module of the tree."""
    target = find_module_file(module, path)
    if target is None:
        return None
    imports = load_module(target)[1]
    follow(imports, target)
    return imports


def named_dtype(value: object) -> object:
    """A registration's dtype given by its name (`"float32"`, which `register_op_kernel`
    reads as `DataType.FLOAT32`) as the `EnumRef` it stands for; anything else as given."""
    from phi.common import DataType


    if not isinstance(value, str):
        return value
    try:
        return EnumRef("DataType", DataType.parse(value).name)
    except ValueError:
        return value


TABLE_FOLLOWERS.append(follow)
