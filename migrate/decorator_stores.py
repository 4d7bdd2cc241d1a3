"""Plain class-attribute stores in a registering class decorator.

    def op_kernel(op_type, dtypes):
        def wrap(cls):
            register_kernels(op_type, cls, dtypes)
            cls.OP_TYPE = op_type
            return cls
        return wrap

The store `cls.OP_TYPE = op_type` changes the decorated class, but nothing the migrated
kernel computes when nothing can read it through that kernel: the class's own methods and
those of its bases (across the tree) never read an attribute of that name (`self.OP_TYPE`,
`cls.OP_TYPE`, `type(self).OP_TYPE`, `getattr(self, "OP_TYPE")`), take no attribute by a
computed name (`getattr(self, name)`) and read no `__dict__` / `vars()`, and no function of
the kernel's module reads it either (one may be handed `self`). Any other reader names the
class, which the tree-wide users check keeps ("class kept for ..."); a kept class loses
its registering decorators, so each store is written after it (`K.OP_TYPE = 'x_op'`), the
value it had. Read so only when every one of these holds:

- the statement is one top-level `<the class parameter>.NAME = value` of the decorating
  function (not augmented, not chained, not under a loop or `if`: those stay "changes the
  kernel class itself");
- the value is a constant (a string, number, bool, None or a tuple of them) once the
  factory's parameters are bound;
- NAME is no dunder and names no method of the class's MRO nor an attribute of the legacy
  `OpKernel` (the framework may read those).

A subclass of a class so decorated inherits the stored value: it reads its base as if
undecorated only when its own MRO and module read it no more than the decorated class's
may (`inherited_reads`); otherwise it stays legacy, "class decorator @... on Base stores
what it may read: ...".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import libcst as cst
import libcst.matchers as m

from legacy_fluid.framework.op_kernel import OpKernel
from migrate.static_refs import UnresolvableError, code_of
from migrate.tree_bases import tree_mro

#: memo key: id of a registering decorator -> the (name, value) pairs it stores on its class
STORES = "decorator_stores"


def decorator_stores(info: Any) -> dict[int, list[tuple[str, Any]]]:
    return info.memo.setdefault(STORES, {})


def class_store(stmt: cst.BaseStatement, param: str) -> tuple[str, cst.BaseExpression] | None:
    """(NAME, value) when `stmt` is `<param>.NAME = value`."""
    if not m.matches(stmt, m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget(
            target=m.Attribute(value=m.Name(param), attr=m.Name()))])])):
        return None
    small = cst.ensure_type(cst.ensure_type(stmt, cst.SimpleStatementLine).body[0], cst.Assign)
    target = cst.ensure_type(small.targets[0].target, cst.Attribute)
    return target.attr.value, small.value


def _constant(value: Any) -> bool:
    if isinstance(value, tuple):
        return all(_constant(v) for v in value)
    return value is None or isinstance(value, (str, int, float, bool))


def checked_store(info: Any, cls_name: str, stmt: cst.BaseStatement, name: str,
                  value: Callable[[], Any]) -> tuple[str, Any]:
    """(name, value) of the store `stmt` on class `cls_name` of `info`'s module (`value`
    evaluates what it stores); UnresolvableError naming why when the store may change what
    the kernel computes (see the module doc)."""
    shown = code_of(stmt).strip()
    if name.startswith("__") or hasattr(OpKernel, name):
        raise UnresolvableError(f"`{shown}` changes the kernel class itself (the framework "
                                f"may read '{name}')")
    classes = tree_mro(info, cls_name).classes
    for cls in classes:
        for member in cls.body.body:
            if isinstance(member, cst.FunctionDef) and member.name.value == name:
                raise UnresolvableError(f"`{shown}` replaces the method {cls.name.value}."
                                        f"{name}() of the kernel class")
    try:
        stored = value()
    except UnresolvableError as exc:
        raise UnresolvableError(f"`{shown}` stores on the kernel class what the codemod "
                                f"cannot read ({exc})") from None
    if not _constant(stored):
        raise UnresolvableError(f"`{shown}` stores on the kernel class what is no constant")
    why = read_in(name, info, classes)
    if why:
        raise UnresolvableError(f"`{shown}` sets what the kernel may read: {why}")
    return name, stored


def inherited_reads(stores: list[tuple[str, Any]], info: Any,
                    classes: list[cst.ClassDef]) -> str:
    """How a subclass (MRO `classes`, of `info`'s module) may read what its base's decorator
    stored (`stores`); empty when it cannot."""
    for name, _ in stores:
        why = read_in(name, info, classes)
        if why:
            return why
    return ""


def read_in(name: str, info: Any, classes: list[cst.ClassDef]) -> str:
    """How the classes of an MRO or the functions of their module may read attribute
    `name` of the class; empty when they cannot."""
    places = [(f"class {c.name.value}", c) for c in classes] + [
        (f"function {f.name.value}()", f) for f in info.module.body
        if isinstance(f, cst.FunctionDef)]
    for where, node in places:
        why = _reads(node, name)
        if why:
            return f"{where} {why}"
    return ""


def _reads(node: cst.CSTNode, name: str) -> str:
    """How `node` may read attribute `name` of the class (empty: it cannot)."""
    stored = {id(t.target) for t in m.findall(node, m.AssignTarget())
              if isinstance(t, cst.AssignTarget)}
    for attr in m.findall(node, m.Attribute(attr=m.Name())):
        attr = cst.ensure_type(attr, cst.Attribute)
        if id(attr) in stored:
            continue
        if attr.attr.value == name:
            return f"reads `{code_of(attr)}`"
        if attr.attr.value == "__dict__":
            return f"reads `{code_of(attr)}`"
    for call in m.findall(node, m.Call(func=m.Name())):
        call = cst.ensure_type(call, cst.Call)
        func = cst.ensure_type(call.func, cst.Name).value
        if func == "vars" or (func in ("getattr", "hasattr") and (
                len(call.args) < 2 or not isinstance(call.args[1].value, cst.SimpleString)
                or cst.ensure_type(call.args[1].value, cst.SimpleString).evaluated_value
                == name)):
            return f"calls `{code_of(call)}`"
    return ""


def stores_after(info: Any, cls: cst.ClassDef) -> list[cst.BaseStatement]:
    """The stores of `cls`'s registering decorators, as statements to follow the class
    kept without them (each value as it was stored)."""
    out: list[cst.BaseStatement] = []
    for d in cls.decorators:
        for name, value in decorator_stores(info).get(id(d), []):
            out.append(cst.parse_statement(f"{cls.name.value}.{name} = {_spelled(value)}\n"))
    return out


def _spelled(value: Any) -> str:
    """A constant as source, strings in double quotes where that needs no escape."""
    if isinstance(value, tuple):
        inner = ", ".join(_spelled(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    text = repr(value)
    if isinstance(value, str) and '"' not in value and text == f"'{value}'":
        return f'"{value}"'
    return text
