"""Kernel classes defined in another class's body: `class RollOp(FluidOperator): class
Kernel(FluidKernel): ...`, registered as `register_op_kernel("roll", "CPU", RollOp.Kernel,
...)`.

The codemod rewrites module-level class statements, so such a kernel is not migrated; it
gets a row of its own, named by its dotted path (`RollOp.Kernel`), skipped with the reason,
its op read from a top-level registration call naming it (its first argument, a string).
The statement registering it names no kernel class the codemod reads: it is no
unreadable registration of the module's other kernels.
"""

from __future__ import annotations

import libcst as cst

from migrate.static import ModuleInfo
from migrate.static_refs import code_of, literal_string

#: how the row of a nested kernel class reads
NESTED = ("a kernel class defined in the body of class {outer} (registered as `{name}`); the "
          "codemod rewrites module-level kernel classes only; not migrated")


def nested_kernels(info: ModuleInfo) -> dict[str, str]:
    """Each kernel class nested in a module-level class of `info` (at any depth), by its
    dotted path: its row's reason."""
    out: dict[str, str] = {}

    def walk(cls: cst.ClassDef, path: str) -> None:
        for stmt in cls.body.body:
            if not isinstance(stmt, cst.ClassDef):
                continue
            name = f"{path}.{stmt.name.value}"
            if any(info.base_subclasses(b.value, "OpKernel") for b in stmt.bases
                   if b.keyword is None):
                out[name] = NESTED.format(outer=path, name=name)
            walk(stmt, name)

    for outer, cls in info.classes.items():
        walk(cls, outer)
    return out


def nested_ops(info: ModuleInfo, nested: dict[str, str]) -> dict[str, list[str]]:
    """The ops the top-level calls naming a nested kernel class (an argument spelled as
    its dotted path) register it for: their first argument, where it is a string."""
    out: dict[str, list[str]] = {}
    for stmt in info.module.body if nested else ():
        for call in _calls(stmt):
            named = [code_of(a.value).strip() for a in call.args[1:]]
            op = literal_string(call.args[0].value) if call.args else None
            for name in nested:
                if name in named and op is not None and op not in out.get(name, []):
                    out.setdefault(name, []).append(op)
    return out


def _calls(stmt: cst.CSTNode) -> list[cst.Call]:
    found: list[cst.Call] = []

    class Calls(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:  # noqa: N802 (LibCST's name)
            found.append(node)

    stmt.visit(Calls())
    return found
