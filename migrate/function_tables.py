"""A class-level table of the module's functions, read from a module-level name (issue 23,
cm42).

    class ModeActKernel(OpKernel):
        MODES = {"relu": _relu, "leaky_relu": _leaky_relu, "relu_v0": _relu}

        def compute(self, ctx):
            mode = ctx.attr("mode")
            fn = self.MODES.get(mode)
            if fn is None:
                raise ValueError(f"... expected one of {sorted(self.MODES)}")

A dict display whose keys are string literals and whose values are `def`s of the class's
module that nothing rebinds (`class_members._fixed_function`), in a class body of the
kernel's own module, which nothing in the tree changes (no store or `del` of the attribute
or of an item of it, no method other than the reading ones, `setattr`, a dynamic namespace;
handed only to the reading builtins below), is one object every instance shares: the
generated kernel reads it from a module-level binding of the same display (`_MODES`, or
`_<class>_<name>` where that is taken), lifted once per class and table, so `.get`,
`[mode]`, `in` and `sorted(...)` give what they gave for every mode. Where the class's
table is changed anywhere, the kernel stays legacy, naming the statement.
"""

from __future__ import annotations

import builtins
from typing import Any

import libcst as cst
from libcst.metadata import MetadataWrapper, ParentNodeProvider

from migrate.class_members import Member, _fixed_function, _tree_change, assigned_outside
from migrate.kernel_model import SkipError
from migrate.names import snake
from migrate.static_changes import _change, _statement
from migrate.static_refs import FunctionRef, UnresolvableError

#: builtins that only read the container handed to them
_READING = frozenset({"sorted", "len", "list", "tuple", "set", "frozenset", "dict", "str",
                      "repr", "iter", "enumerate", "any", "all", "min", "max", "print"})

#: `kernel_rewrite.KernelMigration` (which imports this module: not imported here)
KernelMigration = Any


def _shape(value: cst.BaseExpression) -> bool:
    return isinstance(value, cst.Dict) and bool(value.elements) and all(
        isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString)
        and isinstance(e.value, cst.Name) for e in value.elements)


def table_change(module: cst.Module, name: str) -> str:
    """How a use of attribute `name` in `module` may change the table it holds; ""."""
    wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    parents = wrapper.resolve(ParentNodeProvider)
    bound = {n for s in module.body for n in _top_names(s)}
    for node in cst.matchers.findall(wrapper.module, cst.matchers.Attribute(
            attr=cst.matchers.Name(name))):
        parent = parents.get(node)
        if isinstance(parent, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign)) and \
                parent.target is node:
            why = "is assigned"
        elif isinstance(parent, cst.Arg) and _reading_call(parents.get(parent), bound):
            continue
        else:
            why = _change(node, parents, True, hand_out_calls=True)
        if why:
            return f"{why} (`{_statement(node, parents)}`)"
    return ""


def _top_names(stmt: cst.CSTNode) -> list[str]:
    if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
        return [stmt.name.value]
    return [t.target.value for a in cst.matchers.findall(stmt, cst.matchers.Assign())
            for t in a.targets if isinstance(t.target, cst.Name)]  # type: ignore[attr-defined]


def _reading_call(call: Any, bound: set[str]) -> bool:
    return (isinstance(call, cst.Call) and isinstance(call.func, cst.Name)
            and call.func.value in _READING and call.func.value not in bound
            and hasattr(builtins, call.func.value))


def function_table(mk: KernelMigration, name: str, member: Member) -> cst.Name | None:
    """The module-level name `self.NAME` (a table of functions, `member`) is read from;
    None when NAME holds no such table; SkipError when it does but something changes it."""
    info = mk.info
    if member.value is None or not _shape(member.value) or \
            info.owner_of(member.owner) is not info:
        return None
    try:
        table = info.ev.eval(member.value, {})
    except UnresolvableError:
        return None
    if not all(isinstance(v, FunctionRef) for v in table.values()):
        return None
    said = f"reads self.{name}, a class-level table of functions"
    for ref in table.values():
        if why := _fixed_function(info, info, ref):
            raise SkipError(f"{said} holding {why}")
    if why := table_change(info.module, name):  # said with the statement changing it
        raise SkipError(f"{said} that {why}")
    if assigned_outside(info, name):  # `setattr(...)`
        raise SkipError(f"{said} also set outside its class body (setattr)")
    read = {info.path.resolve()} if info.path is not None else set()
    if info.path is not None and (why := _tree_change(info, mk.members, name, read, True)):
        raise SkipError(f"{said} that {why}")
    key = (member.owner.name.value, name, "table")
    variants = mk.mctx.lifted.setdefault(key, [])
    if not variants:
        lifted = f"_{name}" if not name.startswith("_") else name
        if lifted in mk.mctx.taken:
            lifted = f"_{snake(member.owner.name.value)}_{name.lstrip('_').lower()}"
        while lifted in mk.mctx.taken:
            lifted += "_"
        mk.mctx.taken.add(lifted)
        variants.append(lifted)
        mk.mctx.lifted_nodes[lifted] = cst.SimpleStatementLine([cst.Assign(
            [cst.AssignTarget(cst.Name(lifted))], member.value)])
    lifted = variants[0]
    if all(n != lifted for n, _ in mk.helpers):
        mk.helpers.append((lifted, mk.mctx.lifted_nodes[lifted]))
    return cst.Name(lifted)
