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

Its values may also be numpy functions (`np.abs`) and `functools.partial`s of such a `def`
or numpy function whose arguments are literal constants (`partial(_huber, scale=1.0)`,
`partial(_lincomb)`), immutable too while nothing in the module reaches a partial's
`.keywords` (cm55); a class attribute bound to such a partial alone (`_impl =
functools.partial(_lincomb, beta=0.5)`, no descriptor: `self._impl` is the partial itself)
is read from a module-level name the same way. A partial of anything else, or with an
argument that is no literal constant, keeps the kernel legacy naming it. A lambda value
(`"tanh": lambda xp, x: xp.tanh(x)`) is as fixed when it has no defaults and reads nothing
but its parameters, builtins and names its module binds once: bound at module level it
computes what it computed in the class body.
"""

from __future__ import annotations

import builtins
from dataclasses import replace
from typing import Any

import libcst as cst
import numpy
from libcst.metadata import ParentNodeProvider

from migrate.class_members import (
    Member,
    _fixed_function,
    _tree_change,
    assigned_outside,
    class_body_names,
    is_immutable,
)
from migrate.cst_walk import wrapper_of
from migrate.kernel_model import SkipError
from migrate.name_bindings import top_level_bindings
from migrate.names import load_names, snake
from migrate.static_changes import _change, _statement
from migrate.static_refs import FunctionRef, UnresolvableError, code_of, dotted

#: builtins that only read the container handed to them
_READING = frozenset({"sorted", "len", "list", "tuple", "set", "frozenset", "dict", "str",
                      "repr", "iter", "enumerate", "any", "all", "min", "max", "print"})

#: `kernel_rewrite.KernelMigration` (which imports this module: not imported here)
KernelMigration = Any


def _entries(value: cst.BaseExpression) -> list[cst.BaseExpression] | None:
    """The function values of a table display (string keys), or a lone partial; None."""
    if isinstance(value, cst.Dict):
        if value.elements and all(isinstance(e, cst.DictElement)
                                  and isinstance(e.key, cst.SimpleString)
                                  for e in value.elements):
            return [e.value for e in value.elements]  # type: ignore[union-attr]
        return None
    return [value] if isinstance(value, cst.Call) else None


def _numpy_function(info: Any, node: cst.BaseExpression) -> bool:
    """`node` names a callable of numpy through an import bound once (`np.abs`)."""
    qualified = info.imports.resolve(node) if isinstance(node, cst.Attribute) else None
    if not qualified or not qualified.startswith("numpy.") or dotted(node) is None:
        return False
    head = (dotted(node) or "").split(".")[0]
    if head not in info.imports.names or len(top_level_bindings(info.module, head, set())) != 1:
        return False
    found: Any = numpy
    for part in qualified.split(".")[1:]:
        found = getattr(found, part, None)
    return callable(found)


def _entry(info: Any, node: cst.BaseExpression, said: str) -> bool:
    """Whether table value `node` is a fixed function (a `def` of the module nothing
    rebinds, a numpy function, a partial of either with literal arguments); SkipError for a
    partial that is not; False for anything else (the generic refusal names it)."""
    if isinstance(node, cst.Name):
        try:
            ref = info.ev.eval(node, {})
        except UnresolvableError:
            return False
        if not isinstance(ref, FunctionRef):
            return False
        if why := _fixed_function(info, info, ref):
            raise SkipError(f"{said} holding {why}")
        return True
    if _numpy_function(info, node):
        return True
    if isinstance(node, cst.Lambda):
        if why := _unfixed_lambda(info, node):
            raise SkipError(f"{said} holding `{code_of(node)}`, {why}")
        return True
    if not (isinstance(node, cst.Call) and info.imports.resolve(node.func) == "functools.partial"):
        return False
    shown = code_of(node)
    if not node.args or any(a.star for a in node.args) or node.args[0].keyword is not None \
            or not _entry(info, node.args[0].value, said):
        raise SkipError(f"{said} holding `{shown}`, a partial of no function of its module "
                        "bound once nor of numpy")
    for arg in node.args[1:]:
        try:
            fixed = is_immutable(info.ev.eval(arg.value, {}))
        except UnresolvableError:
            fixed = False
        if not fixed:
            raise SkipError(f"{said} holding `{shown}`, whose argument "
                            f"`{code_of(arg.value)}` is no literal constant")
    return True


def _unfixed_lambda(info: Any, node: cst.Lambda) -> str:
    """Why lambda `node` of a class-level table may compute otherwise once its table is
    bound at module level (a default, evaluated in the class body, or a name it reads that
    is no name of the module bound once nor a builtin it leaves alone); "" when it may not."""
    params = node.params
    if params.star_kwarg or isinstance(params.star_arg, cst.Param) or any(
            p.default is not None for p in [*params.params, *params.kwonly_params,
                                            *params.posonly_params]):
        return "a lambda with defaults or starred parameters"
    own = {p.name.value for p in [*params.params, *params.kwonly_params,
                                  *params.posonly_params]}
    for name in sorted({n.value for n in load_names(node.body)} - own):
        bindings = len(top_level_bindings(info.module, name, set()))
        if bindings > 1 or (bindings == 0 and not hasattr(builtins, name)):
            return f"a lambda reading `{name}`, which is no name of its module bound once"
    return ""


def table_change(module: cst.Module, name: str) -> str:
    """How a use of attribute `name` in `module` may change the table it holds; ""."""
    wrapper = wrapper_of(module)
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
        elif isinstance(parent, cst.Call) and parent.func is node:
            continue  # `self._impl(a, b)`: a partial called
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


#: what reaches into a partial's state (its `keywords` dict is mutable)
_PARTIAL_STATE = frozenset({"keywords", "__setstate__", "__dict__"})


def _partial_reach(module: cst.Module) -> str:
    for node in cst.matchers.findall(module, cst.matchers.Attribute()):
        if isinstance(node, cst.Attribute) and node.attr.value in _PARTIAL_STATE:
            return code_of(node)
    return ""


def wrapped_table(mk: KernelMigration, name: str, member: Member) -> cst.Name:
    """`NAME = staticmethod(functools.partial(f, ...))`: read as the lone partial class
    attribute it wraps (a staticmethod hands out what it wraps, and a partial is no
    descriptor: `self.NAME` is the partial either way); SkipError naming the statement for
    anything else a staticmethod wraps."""
    inner = cst.ensure_type(member.value, cst.Call).args[0].value
    table = function_table(mk, name, replace(member, value=inner)) if isinstance(
        inner, cst.Call) else None
    if table is None:
        raise SkipError(f"reads self.{name} = {code_of(member.value)}")
    return table


def function_table(mk: KernelMigration, name: str, member: Member) -> cst.Name | None:
    """The module-level name `self.NAME` (a table of functions, `member`) is read from;
    None when NAME holds no such table; SkipError when it does but something changes it."""
    info = mk.info
    entries = _entries(member.value) if member.value is not None else None
    if entries is None or info.owner_of(member.owner) is not info or (
            class_body_names(member.owner) & set(load_names(member.value))):
        return None
    kind = "a class-level table of functions" if isinstance(member.value, cst.Dict) else \
        "a class-level functools.partial"
    said = f"reads self.{name}, {kind}"
    if not all([_entry(info, e, said) for e in entries]):
        return None
    partials = [e for e in entries if isinstance(e, cst.Call)]
    if partials and (reach := _partial_reach(info.module)):
        raise SkipError(f"{said} whose module reaches a partial's state (`{reach}`)")
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
