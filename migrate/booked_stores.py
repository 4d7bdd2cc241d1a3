"""What a booking base's `__init_subclass__` stores on the class it books (`cls.op_type =
op`), read for `booked_publish`.

A migrated booked class becomes a PHI kernel function: the attributes its base's
`__init_subclass__` set on the class are gone with it. That is harmless while no code that
can reach the class reads them. Once the class is replaced, code reaches it only through its
own methods and those of its tree MRO (the compute the PHI kernel is made of); a name of the
class elsewhere keeps it legacy (a use of another module) and the book or the registry no
longer hold it. So a store is allowed when no method of a class of the kernel's tree MRO
reads the attribute through `self`, `cls`, `type(self)`, `self.__class__`, the name of such a
class or `getattr(self, "op_type")` (an `__init_subclass__` runs as a class is built, never in
the PHI kernel, so its reads do not count); one that does refuses the kernel, naming the read (the
PHI kernel would not keep the value). `setattr(cls, name, ...)` with a name that is not a
literal is refused as an attribute the codemod cannot name.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from migrate.booked_objects import Parsed
from migrate.static import ModuleInfo
from migrate.static_refs import code_of
from migrate.tree_bases import tree_mro


def stored_read(info: ModuleInfo, name: str, owner: ModuleInfo,
                init_subclass: cst.FunctionDef) -> str:
    """Why the attributes `init_subclass` (of `owner`) stores on the class it books make
    `name` unsafe to replace (a read of one by its MRO's methods, naming it), or ""."""
    params = init_subclass.params.params
    if not params or owner.path is None:
        return ""
    me = params[0].name.value
    stores = _Stores(me)
    init_subclass.visit(stores)
    if not stores.attrs and not stores.unnamed:
        return ""
    where = Parsed(owner.path)
    base = next((n for n in where.pos if isinstance(n, cst.FunctionDef)
                 and n.name.value == "__init_subclass__" and code_of(n) == code_of(
                     init_subclass)), None)
    at = f" ({where.where(base)})" if base is not None else ""
    if stores.unnamed:
        return (f"its base's `__init_subclass__`{at} sets an attribute of the class by a "
                f"computed name (`{code_of(stores.unnamed[0]).strip()}`), which the PHI kernel "
                "would not keep")
    try:
        mro = tree_mro(info, name)
    except Exception:  # an MRO the codemod cannot order: not proven
        return "its tree MRO cannot be ordered, so what reads its stored attributes is not known"
    classes = {c.name.value for c in mro.classes}
    for cls in mro.classes:
        path = mro.owners.get(id(cls), info).path
        if path is None:
            continue
        parsed = Parsed(path)
        node = next((s for s in parsed.module.body if isinstance(s, cst.ClassDef)
                     and s.name.value == cls.name.value), None)
        if node is None:
            continue
        reads = _Reads(parsed, stores.attrs, classes)
        node.visit(reads)
        if reads.found:
            read, method = reads.found[0]
            attr = stores.attrs & reads.names(read)
            return (f"its base's `__init_subclass__`{at} stores `{me}.{min(attr)}` on the class, "
                    f"which `{code_of(read).strip()}` reads in `{node.name.value}.{method}` "
                    f"({parsed.where(read)}); the PHI kernel would not keep it")
    return ""


class _Stores(cst.CSTVisitor):
    def __init__(self, me: str) -> None:
        self.me = me
        self.attrs: set[str] = set()
        self.unnamed: list[cst.Call] = []

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:  # noqa: N802 (LibCST's)
        t = node.target
        if isinstance(t, cst.Attribute) and m.matches(t.value, m.Name(self.me)):
            self.attrs.add(t.attr.value)

    def visit_Call(self, node: cst.Call) -> None:  # noqa: N802 (LibCST's name)
        if m.matches(node.func, m.Name("setattr")) and node.args and m.matches(
                node.args[0].value, m.Name(self.me)):
            named = node.args[1].value if len(node.args) > 1 else None
            if isinstance(named, cst.SimpleString):
                self.attrs.add(named.evaluated_value)
            else:
                self.unnamed.append(node)


class _Reads(cst.CSTVisitor):
    """Reads of `attrs` in a class's methods through the instance, its class or a class of
    `classes`: (the node, the method)."""

    def __init__(self, parsed: Parsed, attrs: set[str], classes: set[str]) -> None:
        self.parsed, self.attrs, self.classes = parsed, attrs, classes
        self.found: list[tuple[cst.CSTNode, str]] = []
        self.methods: list[tuple[str, str]] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:  # noqa: N802 (LibCST's)
        if not self.methods and node.name.value == "__init_subclass__":
            return False  # it runs as a class is built, never in the PHI kernel
        params = node.params.params
        self.methods.append((node.name.value, params[0].name.value if params else ""))
        return True

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:  # noqa: N802 (LibCST's)
        if self.methods and self.methods[-1][0] == node.name.value:
            self.methods.pop()

    def _own(self, expr: cst.BaseExpression) -> bool:
        me = {n for _, n in self.methods if n}
        if isinstance(expr, cst.Name):
            return expr.value in me or expr.value in self.classes
        if m.matches(expr, m.Call(m.Name("type"), args=[m.Arg()])):
            return self._own(expr.args[0].value)
        return isinstance(expr, cst.Attribute) and expr.attr.value == "__class__" and \
            self._own(expr.value)

    def names(self, node: cst.CSTNode) -> set[str]:
        if isinstance(node, cst.Attribute):
            return {node.attr.value}
        return {node.args[1].value.evaluated_value}

    def visit_Attribute(self, node: cst.Attribute) -> None:  # noqa: N802 (LibCST's name)
        if self.methods and node.attr.value in self.attrs and self._own(node.value) and \
                not isinstance(self.parsed.parent.get(node), cst.AssignTarget):
            self.found.append((node, self.methods[0][0]))

    def visit_Call(self, node: cst.Call) -> None:  # noqa: N802 (LibCST's name)
        if self.methods and m.matches(node.func, m.Name("getattr") | m.Name("hasattr")) and \
                len(node.args) > 1 and isinstance(node.args[1].value, cst.SimpleString) and \
                node.args[1].value.evaluated_value in self.attrs and self._own(
                    node.args[0].value):
            self.found.append((node, self.methods[0][0]))
