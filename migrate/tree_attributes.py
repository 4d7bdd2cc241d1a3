"""Whether another module of the tree may set a kernel class's attribute or change what it
holds: `OffsetKernel._STEPS[4] = 10.0` or `WindowKernel.NAMES = ("lo",)` in a module the
kernel's own module never imports. A class constant (`class_members.constant_of`) is one
only when none does.

Read: every module of the kernel's outermost package (a module of no package: those of its
folder) whose text names the attribute. A use counts unless its receiver is a name that
module binds once, at its top level, to a class statement of the tree that is no class of
the kernel's MRO (`tree_origins.class_statement`, through imports and re-exports, by
LibCST's `ScopeProvider`), or the `self` of a method of a class of that module:
`DriftKernel.NAMES = ...` and `self.NAMES = ...` there leave `ClampKernel.NAMES` as it is.
"""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import libcst.matchers as m
from libcst.metadata import GlobalScope, ScopeProvider

from migrate.cst_walk import parsed_text, wrapper_of
from migrate.source_files import compiles, runnable_source
from migrate.static_changes import attribute_change, attribute_stores
from migrate.tree_origins import class_statement

#: the most modules around a kernel `tree_change` reads
MAX_TREE_FILES = 400


def tree_change(path: Path, name: str, read: set[Path], mutable: bool,
                mro: frozenset[tuple[Path, str]]) -> str:
    """How a module near `path` other than those of `read` may set attribute `name`
    (`K.NAME = ...`, `del`, `setattr`) or, `mutable`, change or hand out what it holds
    (`static_changes.attribute_change`), with the module's path; "" when none does. `mro`:
    the kernel's classes, as (file, name)."""
    top = path.resolve().parent
    while (top.parent / "__init__.py").is_file() and (top / "__init__.py").is_file():
        top = top.parent
    files = sorted(f for f in (top.rglob("*.py") if (top / "__init__.py").is_file()
                               else top.glob("*.py")) if f.is_file())
    if len(files) > MAX_TREE_FILES:
        return (f"cannot be checked across the {len(files)} modules of {top.name}/ (the "
                f"codemod reads at most {MAX_TREE_FILES})")
    for file in files:
        shown = file.relative_to(top.parent).as_posix()
        if file.resolve() in read:
            continue
        text = runnable_source(file)
        if text is None or name not in text:  # no module Python could run changes anything
            continue
        module = parsed_text(text)
        if module is None:
            if not compiles(text):
                continue
            return f"cannot be checked in {shown}, which LibCST does not parse"
        others = _other_classes(file, module, name, mro)
        why = attribute_change(module, name, others) if mutable else ""
        stores = attribute_stores(module, others)
        if not why and (name in stores or "*" in stores):
            why = "is also assigned as an attribute"
        if why:
            return f"{why} in {shown}"
    return ""


def _other_classes(file: Path, module: cst.Module, name: str,
                   mro: frozenset[tuple[Path, str]]) -> frozenset[str]:
    """The receivers of `.name` in `module` that stand for a class statement of the tree
    other than the kernel's classes: names bound once, at the module's top level."""
    wrapper = wrapper_of(module)
    scopes = wrapper.resolve(ScopeProvider)
    selves = _own_selves(module)
    out: set[str] = set()
    anything: set[str] = set()  # a local somewhere, or bound more than once
    for node in m.findall(module, m.Attribute(value=m.Name(), attr=m.Name(name))):
        receiver = node.value.value  # type: ignore[attr-defined]
        scope = scopes.get(node.value)
        bound = list(scope[receiver]) if scope is not None else []
        if len(bound) == 1 and any(bound[0].node is p for p in selves):
            out.add(receiver)  # an instance of a class of this module: no kernel
            continue
        if len(bound) != 1 or not isinstance(bound[0].scope, GlobalScope) or \
                len(list(bound[0].scope[receiver])) != 1:
            anything.add(receiver)
        elif receiver not in out:
            origin = class_statement(file, receiver)
            if isinstance(origin, str) or origin.path is None or (
                    origin.path.resolve(), origin.qualified.rpartition(".")[2]) in mro:
                anything.add(receiver)
            else:
                out.add(receiver)
    # the filter goes by name: a name also read as something else is no other class
    return frozenset(out - anything)


def _own_selves(module: cst.Module) -> list[cst.Param]:
    """The first parameters (`self`, a classmethod's `cls`) of the methods of the classes
    of `module`, none of them a class of the kernel's MRO (whose modules are read by
    `constant_of` itself): what they name is no kernel, so `self.NAME = ...` there sets
    another object's attribute. A static method's first parameter is anything."""
    out: list[cst.Param] = []
    for cls in m.findall(module, m.ClassDef()):
        for fn in cls.body.body:  # type: ignore[attr-defined]
            if not isinstance(fn, cst.FunctionDef) or not fn.params.params:
                continue
            if all(m.matches(d.decorator, m.Name("classmethod")) for d in fn.decorators):
                out.append(fn.params.params[0])
    return out
