"""Class decorators that only record their class (issue 23).

    def kernel(op_type, dtypes=None):
        def wrap(cls):
            PENDING.setdefault(cls.__module__, {})[op_type] = (cls, dtypes)
            cls.OP_TYPE = op_type
            return cls
        return wrap

    @kernel("x_op")
    class XKernel(OpKernel): ...

    flush(__name__)  # registers what PENDING holds for this module

A registry that a later loop or `flush(__name__)` registers from is a registration the
codemod cannot read: importing the tree shows the keys it gives (`live_registrations`),
and the class statement stays, decorated, beside what registers it (the legacy
registration kept, or the PHI kernel following the class's keys). The migrated kernel is
then the class statement's own compute, unchanged, when the decorator hands back the class
it is given and changes nothing of it that the kernel reads:

- the decorator is a function of the tree applied to the class: `@record` names one,
  `@kernel("x")` calls a factory whose last statement returns a function it defines, and
  `@kernel("x")` after `kernel = kernel_decorator(TABLE)` calls what a factory of
  factories returned (each name bound once, at its module's top level);
- that function takes one plain parameter (the class), never rebinds it, ends with
  `return <it>` and returns nothing else;
- its other statements use the class only as a value stored into something else
  (`TABLE[op] = (cls, dtypes)`, or `_SEEN.append((op, cls))` of a list, dict or set display
  its module binds once), read for its `__module__`, `__name__` or `__qualname__`,
  or by a plain store `cls.NAME = value` that neither the kernel's classes nor the functions
  of its module read (`decorator_stores.read_in`), NAME no dunder, method or attribute of
  the framework's `OpKernel`; the class is handed to no call and no method of it runs.
"""

from __future__ import annotations

from typing import Any

import libcst as cst
import libcst.matchers as m

from legacy_fluid.framework.op_kernel import OpKernel
from migrate.decorator_stores import read_in
from migrate.name_bindings import top_level_bindings
from migrate.static import ModuleInfo
from migrate.static_refs import FunctionRef, UnresolvableError, code_of

#: what of the class a recording decorator may read
_NAMES = frozenset({"__module__", "__name__", "__qualname__"})
#: factories followed to the decorator (`kernel_decorator(T)` -> `kernel_` -> `deco`)
_DEPTH = 3


def recording(info: ModuleInfo, decorator: cst.Decorator,
              classes: list[cst.ClassDef]) -> str:
    """Why `decorator` (of a class statement of `info`'s module; the kernel's MRO
    `classes`) is not one that only records its class, in words; "" when it is."""
    try:
        fn, home = _applied(info, decorator.decorator, _DEPTH)
    except UnresolvableError as exc:
        return f"the codemod cannot read what it runs on the class ({exc})"
    return _records_only(info, fn, home, classes)


def _applied(info: ModuleInfo, expr: cst.BaseExpression, depth: int
             ) -> tuple[cst.FunctionDef, Any]:
    """The function `expr` denotes, when it is one, with the evaluator of its module: a
    module-level def of the tree (or a name bound once to a factory call), or, for a call,
    the def its callee returns."""
    if depth < 0:
        raise UnresolvableError("factories nested too deep")
    if isinstance(expr, cst.Call):
        factory, home = _applied(info, expr.func, depth - 1)
        return _returned(factory), home
    if isinstance(expr, cst.Name) and expr.value in info.ev.assigns:
        bound = info.ev.assigns[expr.value]
        if why := info.ev.changed(expr.value):
            raise UnresolvableError(why)
        if isinstance(bound, cst.Call):  # `kernel = kernel_decorator(TABLE)`
            return _applied(info, bound, depth)
    ref = info.ev.eval(expr, {})
    if not isinstance(ref, FunctionRef):
        raise UnresolvableError(f"`{code_of(expr).strip()}` is no function of the tree")
    home = info.ev if ref.path is None or (
        info.path is not None and ref.path == info.path.resolve()) else info.ev._other(ref.path)
    fn = home.functions.get(ref.name)
    if fn is None:
        raise UnresolvableError(f"`{ref.name}` is no module-level function")
    return fn, home


def _returned(factory: cst.FunctionDef) -> cst.FunctionDef:
    """The function `factory` defines and returns by its last statement."""
    body = list(factory.body.body) if isinstance(factory.body, cst.IndentedBlock) else []
    last = body[-1] if body else None
    if not m.matches(last, m.SimpleStatementLine([m.Return(m.Name())])):
        raise UnresolvableError(f"`{factory.name.value}` does not end by returning a function "
                                "it defines")
    name = cst.ensure_type(cst.ensure_type(last, cst.SimpleStatementLine).body[0],
                           cst.Return).value.value  # type: ignore[union-attr]
    defs = [s for s in body if isinstance(s, cst.FunctionDef) and s.name.value == name]
    binds = [s for s in body if name in {n.value for t in m.findall(s, m.AssignTarget())
                                         for n in m.findall(t, m.Name())}]
    if len(defs) != 1 or binds or defs[0].decorators or defs[0].asynchronous is not None:
        raise UnresolvableError(f"`{factory.name.value}` returns `{name}`, which is not one "
                                "plain function it defines")
    return defs[0]


def _records_only(info: ModuleInfo, fn: cst.FunctionDef, home: Any,
                  classes: list[cst.ClassDef]) -> str:
    p = fn.params
    if (fn.decorators or fn.asynchronous is not None or len(p.params) != 1
            or p.posonly_params or p.kwonly_params or p.star_kwarg is not None
            or p.star_arg is not cst.MaybeSentinel.DEFAULT or p.params[0].default is not None
            or not isinstance(fn.body, cst.IndentedBlock)):
        return f"`{fn.name.value}` takes more than the class"
    me = p.params[0].name.value
    body = list(fn.body.body)
    if not body or not m.matches(body[-1], m.SimpleStatementLine([m.Return(m.Name(me))])):
        return f"`{fn.name.value}` does not end with `return {me}`"
    inner = [n for n in m.findall(fn, m.Yield() | m.Lambda() | m.FunctionDef() | m.ClassDef()
                                  | m.Global() | m.Nonlocal() | m.Del()) if n is not fn]
    if len(m.findall(fn, m.Return())) != 1 or inner:
        return (f"`{fn.name.value}` returns elsewhere, or defines functions or classes, or "
                "changes names of other scopes")
    stored = {id(t.target) for t in m.findall(fn, m.AssignTarget() | m.AugAssign())}
    stored |= {id(t.target) for t in m.findall(fn, m.AnnAssign() | m.For() | m.WithItem()
                                                | m.NamedExpr()) if hasattr(t, "target")}
    parents = _parents(fn)
    for name in m.findall(fn, m.Name(me)):
        if name is p.params[0].name:
            continue
        if id(name) in stored:
            return f"`{fn.name.value}` rebinds `{me}`"
        why = _use(info, fn, name, stored, classes, parents, home)
        if why:
            return why
    return ""


def _use(info: ModuleInfo, fn: cst.FunctionDef, name: cst.Name, stored: set[int],
         classes: list[cst.ClassDef], parents: dict[int, cst.CSTNode], home: Any) -> str:
    """Why this use of the class parameter may hand it on or change it; "" if it cannot."""
    parent = parents.get(id(name))
    if isinstance(parent, cst.Return):
        return ""  # the one `return cls`
    if isinstance(parent, cst.Attribute) and parent.value is name:
        attr = parent.attr.value
        if id(parent) in stored:  # `cls.NAME = value`
            shown = code_of(parent).strip()
            if attr.startswith("__") or hasattr(OpKernel, attr) or any(
                    isinstance(s, cst.FunctionDef) and s.name.value == attr
                    for c in classes for s in c.body.body):
                return f"`{shown} = ...` changes the kernel class itself"
            why = read_in(attr, info, classes)
            return f"`{shown} = ...` sets what the kernel may read: {why}" if why else ""
        if attr in _NAMES:
            return ""
        return f"`{fn.name.value}` reads `{code_of(parent).strip()}` of the class"
    # a value stored into something else: inside a tuple, list or dict display that is the
    # value of an assignment, or that value itself
    node: Any = name
    while isinstance(parents.get(id(node)), (cst.Element, cst.Tuple, cst.List, cst.DictElement,
                                             cst.Dict)):
        node = parents[id(node)]
    holder = parents.get(id(node))
    if isinstance(holder, cst.Assign) and holder.value is node and not any(
            _root(t.target) == name.value for t in holder.targets):
        return ""
    call = parents.get(id(holder)) if isinstance(holder, cst.Arg) else None
    if isinstance(call, cst.Call) and _adds_to_plain_container(call, home):
        return ""  # `_RECORDED.append((op, cls))`
    shown = call if call is not None else holder or name
    return f"`{fn.name.value}` hands the class on (`{code_of(shown).strip()}`)"


#: methods of a list, dict or set that put a value into it
_ADDING = frozenset({"append", "add", "insert", "setdefault"})


def _adds_to_plain_container(call: cst.Call, home: Any) -> bool:
    """`T.append(...)` (or `.add`, `.insert`, `.setdefault`) of a name the decorator's
    module binds once, at its top level, to a list, dict or set display: the value goes
    into a plain container, whose method runs no code of the value's."""
    func = call.func
    if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)
            and func.attr.value in _ADDING):
        return False
    spelled = func.value.value
    bound = home.assigns.get(spelled)
    return isinstance(bound, (cst.List, cst.Dict, cst.Set)) and len(
        top_level_bindings(home.module, spelled, set())) == 1


def _root(target: cst.BaseExpression) -> str | None:
    """The name a store target stores into (`T` of `T[k].x = v`); None for a tuple."""
    while isinstance(target, (cst.Attribute, cst.Subscript)):
        target = target.value
    if isinstance(target, cst.Call):  # `T.setdefault(k, {})[op] = v` stores into T's value
        return _root(target.func)
    return target.value if isinstance(target, cst.Name) else None


def _parents(fn: cst.FunctionDef) -> dict[int, cst.CSTNode]:
    out: dict[int, cst.CSTNode] = {}

    class _Up(cst.CSTVisitor):
        def on_visit(self, node: cst.CSTNode) -> bool:
            for child in node.children:
                out[id(child)] = node
            return True

    fn.visit(_Up())
    return out
