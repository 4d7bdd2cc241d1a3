"""Kernel and maker classes whose bases or mixins are classes of other modules of the tree
(`class CubeKernel(UnaryBase)` with `from .base import UnaryBase`).

`tree_mro` is Python's C3 order over every class of the tree a class inherits from, each
base found where it is defined (`tree_origins.origin_of`: LibCST's qualified names,
through re-exports); bases outside the tree are named, as `ModuleInfo.class_mro` names
them. A migrated kernel's function is written into the subclass's module, so a base's
code moves there: `transplant_imports` says what it needs imported there, or why it would
not mean the same there (a module-level name it reads that the subclass's module binds
to something else). The base's module is only read, never rewritten for it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst
from libcst.metadata import ScopeProvider

from migrate.cst_walk import wrapper_of
from migrate.inert_bases import is_inert_base, plain_base
from migrate.module_rebinds import nested_binding
from migrate.moved_reads import moved_import, own_state
from migrate.static import ModuleInfo, c3_merge, info_for
from migrate.static_eval import class_bases
from migrate.static_refs import ClassRef, UnresolvableError, code_of, dotted
from migrate.tree_names import reads_module_binding
from migrate.tree_origins import Origin, origin_of

#: packages of the framework itself: a base there (OpKernel, OpProtoAndCheckerMaker) is
#: never read as a class of the tree, even where the tree given holds the framework
FRAMEWORK = ("legacy_fluid.framework.", "phi.", "compat.")

#: (the defining file, "" for the module being read, class name) or ("?", qualified name)
_Key = tuple[str, str]


@dataclass(frozen=True)
class TreeMro:
    """The classes of the tree in C3 order, the bases outside it (qualified names) and,
    for each class of another module, that module (by `id` of the ClassDef)."""

    classes: list[cst.ClassDef]
    outside: list[str]
    owners: dict[int, ModuleInfo] = field(default_factory=dict)


def tree_mro(info: ModuleInfo, name: str) -> TreeMro:
    """`name`'s MRO across the tree; UnresolvableError when C3 finds no order."""
    table: dict[_Key, tuple[cst.ClassDef, ModuleInfo]] = {}
    linear = _linearize(info, name, (), table)
    classes = [table[k][0] for k in linear if k in table]
    owners = {id(table[k][0]): table[k][1] for k in linear
              if k in table and table[k][1] is not info}
    outside = list(dict.fromkeys(k[1] for k in linear if k not in table))
    info.foreign_owners.update(owners)
    return TreeMro(classes, outside, owners)


def _where(info: ModuleInfo) -> str:
    return str(info.path.resolve()) if info.path is not None else ""


def _linearize(info: ModuleInfo, name: str, busy: tuple[_Key, ...],
               table: dict[_Key, tuple[cst.ClassDef, ModuleInfo]]) -> list[_Key]:
    key = (_where(info), name)
    cls = info.classes[name]
    if key in busy:
        raise UnresolvableError(f"class {name} inherits from itself")
    table[key] = (cls, info)
    bases: list[_Key] = []
    seqs: list[list[_Key]] = []
    for base in class_bases(cls):
        if is_inert_base(info, base):
            continue
        home, base_name = _base_of(info, plain_base(info, base))
        if home is None:
            bases.append(("?", base_name))
            seqs.append([("?", base_name)])
        else:
            bases.append((_where(home), base_name))
            seqs.append(_linearize(home, base_name, (*busy, key), table))
    seqs.append(list(bases))
    return c3_merge(key, seqs, name)


def _base_of(info: ModuleInfo, base: cst.BaseExpression) -> tuple[ModuleInfo | None, str]:
    """The module of the tree defining `base` and its name there, or (None, the name
    outside the tree)."""
    d = dotted(base)
    if d is not None and d in info.classes:
        return info, d
    outside = info.imports.resolve(base) or code_of(base)
    if d is None or info.path is None:
        return None, outside
    origin = origin_in(info, d)
    if origin is None or origin.path is None or origin.qualified.startswith(FRAMEWORK):
        return None, outside  # the framework's own classes (OpKernel) are not the tree's
    cname = origin.qualified.rsplit(".", 1)[-1]
    home = info_for(info, ClassRef(cname, origin.path))
    return (home, cname) if cname in home.classes else (None, outside)


def origin_in(info: ModuleInfo, dotted_name: str) -> Origin | None:
    """`origin_of` for a name of `info`'s module as its classes read it: a name only the
    class of a factory of another module reads is bound here by the import that reading
    adds (`factory_classes.Expansion.homes`), which the file does not hold, so it is
    resolved in the factory's module."""
    assert info.path is not None
    homes = info.factories.homes if info.factories is not None else {}
    return origin_of(homes.get(dotted_name.partition(".")[0], info.path), dotted_name)


def base_class(info: ModuleInfo, expr: cst.BaseExpression) -> tuple[str, ModuleInfo] | None:
    """(name, module of the tree) of the class `expr` names in `info`'s module, or None."""
    home, name = _base_of(info, expr)
    return (name, home) if home is not None else None


def find_tree_method(info: ModuleInfo, class_name: str, method: str
                     ) -> tuple[cst.ClassDef, cst.FunctionDef, ModuleInfo] | None:
    """The first `def method` of `class_name`'s MRO across the tree, with its module."""
    mro = tree_mro(info, class_name)
    for cls in mro.classes:
        for stmt in cls.body.body:
            if isinstance(stmt, cst.FunctionDef) and stmt.name.value == method:
                return cls, stmt, mro.owners.get(id(cls), info)
    return None


def global_reads(owner: ModuleInfo, cls: cst.ClassDef) -> set[str]:
    """The module-level (or builtin) names `cls`'s body (a function: all of it) reads, by
    LibCST's ScopeProvider; a class's `__init_subclass__` is left out: it runs
    when a subclass is built, never in the kernel function a subclass migrates to
    (`booked_publish`)."""
    memo = owner.memo.setdefault("global_reads", {})
    if id(cls) in memo:
        return memo[id(cls)]
    inside: set[int] = set()

    class Ids(cst.CSTVisitor):
        def on_visit(self, node: cst.CSTNode) -> bool:
            if isinstance(node, cst.FunctionDef) and node.name.value == "__init_subclass__" \
                    and any(node is s for s in cls.body.body):
                return False
            inside.add(id(node))
            return True

    # what is carried elsewhere: a class's body, never its decorators or bases, which run
    # once, where the statement is; a function whole (a lifted copy is the whole `def`)
    (cls.body if isinstance(cls, cst.ClassDef) else cls).visit(Ids())
    scopes = wrapper_of(owner.module).resolve(ScopeProvider)
    out: set[str] = set()
    for scope in {s for s in scopes.values() if s is not None}:
        for access in scope.accesses:
            if id(access.node) not in inside or not isinstance(access.node, cst.Name):
                continue
            if reads_module_binding(access):
                out.add(access.node.value)
    memo[id(cls)] = out
    return out


def transplant_imports(target: ModuleInfo, owner: ModuleInfo, cls: cst.ClassDef,
                       role: str = "inherits from") -> dict[str, tuple[str, str]]:
    """What `cls` (a class of `owner`'s module) needs to mean the same written into
    `target`'s module: each module-level name it reads has one origin, the same in both
    modules, or one `target` does not bind at all and can import under that name (then
    name -> (module as `target` imports it, name); "" for `import name`; the name spelled
    with its alias where only an aliased import binds it: `moved_reads.moved_import`), and
    none is state of `owner`'s module (`moved_reads.own_state`).
    UnresolvableError says why not (`role`: how the refusal names the class's use, "holds
    a kernel" for a held one)."""
    where = _shown(owner.path)
    needs: dict[str, tuple[str, str]] = {}
    for name in sorted(global_reads(owner, cls)):
        if owner.path is None or target.path is None:
            raise UnresolvableError(f"{role} {cls.name.value} of {where}, which is not "
                                    "read as a file")
        theirs = origin_of(owner.path, name)
        if theirs is None:
            nested = nested_binding(owner.module, name)  # `if ENABLED: log = ...`
            raise UnresolvableError(f"{role} {cls.name.value} ({where}), which reads "
                                    f"'{name}': " + (f"state of its module ({nested})" if nested
                                                     else "no single binding of it is "
                                                     "statically known there"))
        state = own_state(owner, theirs, name)
        if state:
            raise UnresolvableError(f"{role} {cls.name.value} ({where}), which reads "
                                    f"'{name}', state of its module ({state}); written here "
                                    "it would read the value it had when imported")
        ours = origin_in(target, name)
        if ours == theirs:
            continue
        spec = moved_import(target, theirs, name) if ours is None else None
        if spec is None:
            bound = "does not bind it" if ours is None else f"binds it to {ours.qualified}"
            raise UnresolvableError(f"{role} {cls.name.value} ({where}), which reads "
                                    f"'{name}' ({theirs.qualified}); this module {bound}")
        needs[name] = spec
    return needs


def _shown(path: Path | None) -> str:
    return f"{path.parent.name}/{path.name}" if path is not None else "another module"
