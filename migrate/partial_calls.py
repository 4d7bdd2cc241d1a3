"""`functools.partial(helper, *args, **kw)` of a registration helper, read as a value
(`static_refs.PartialRef`), and one of `register_op_kernel` imported from another module of
the tree (`kernel_partial`): a call of it is the helper's call with the partial's
positional arguments in front of the call's and the partial's keywords under the call's
(the call's win, as Python has it). Read only while the partial is bound once and only
ever called: passed on, its `.args` / `.keywords` could be changed where the codemod cannot
see (`only_called`); rebound, `static_changes` refuses it already.
"""

from __future__ import annotations

from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.source_files import runnable_source
from migrate.static_refs import ClassRef, FunctionRef, ImportedRef, PartialRef, UnresolvableError
from migrate.tree_names import tree_paths

_REGISTER = "register_op_kernel"


def read_partial(ev: Any, node: cst.BaseExpression, env: dict[str, Any]) -> PartialRef | None:
    """`node` as a partial of a function of the tree (`ev`: a `static_eval.Evaluator`), its
    arguments evaluated statically; None when it is no such partial."""
    if not (isinstance(node, cst.Call) and node.args and node.args[0].keyword is None
            and ev.imports.resolve(node.func) == "functools.partial"
            and not any(a.star for a in node.args)):
        return None
    func = ev.eval(node.args[0].value, env)  # a helper, or a spec class (`spec_objects`)
    if not isinstance(func, (FunctionRef, ClassRef)) and not _registers_kernels(func):
        return None
    rest = node.args[1:]
    return PartialRef(func, tuple((a.keyword.value, ev.eval(a.value, env))
                                  for a in rest if a.keyword is not None),
                      tuple(ev.eval(a.value, env) for a in rest if a.keyword is None))


def partial_of(ref: PartialRef) -> str:
    """The name of the function `ref` is a partial of."""
    func = ref.func
    return func.name if isinstance(func, (FunctionRef, ClassRef)) else func.qualified.rsplit(
        ".", 1)[-1]


def _registers_kernels(ref: Any) -> bool:
    return isinstance(ref, ImportedRef) and (ref.qualified == _REGISTER
                                             or ref.qualified.endswith("." + _REGISTER))


def kernel_partial(ev: Any, call: cst.Call) -> PartialRef | None:
    """The partial of `register_op_kernel` a call of a name imported here calls
    (`from .registry import reg_cpu`, only ever called; one bound in the module itself is
    read by `partial_registrations`), else None."""
    name = call.func.value if isinstance(call.func, cst.Name) else None
    if name is None or name not in ev.imports.names:
        return None
    try:
        ref = ev.eval(call.func, {})
    except UnresolvableError:
        return None
    if isinstance(ref, PartialRef) and _registers_kernels(ref.func) and only_called(
            ev.module, name):
        return ref
    return None


def partial_names(ev: Any) -> set[str]:
    """The module-level names `ev`'s module binds to a `functools.partial(...)` call."""
    return {name for name, value in ev.assigns.items() if isinstance(value, cst.Call)
            and ev.imports.resolve(value.func) == "functools.partial"}


def only_called(module: cst.Module, name: str) -> bool:
    """Whether every read of `name` in `module` (`name`, `mod.name`) is a call of it (its
    bindings and imports aside)."""
    reads = m.findall(module, m.Name(name))
    called = {id(c.func) for c in m.findall(module, m.Call(func=m.Name(name)))}  # type: ignore[attr-defined]
    called |= {id(c.func.attr) for c in m.findall(  # `registry.reg(...)`
        module, m.Call(func=m.Attribute(attr=m.Name(name))))}  # type: ignore[attr-defined]
    bound = {id(n) for s in m.findall(module, m.AssignTarget(target=m.Name(name))
                                      | m.ImportAlias() | m.Import() | m.ImportFrom())
             for n in m.findall(s, m.Name(name))}
    return all(id(n) in called or id(n) in bound for n in reads)


def checked_partial(ev: Any, name: str, value: Any) -> Any:
    """`value` (of `ev`'s module-level `name`), refused when it is a partial a module of the
    tree (the outermost package holding `ev`'s module) uses otherwise than calling it."""
    if not isinstance(value, PartialRef):
        return value
    here = ev.path.resolve() if ev.path is not None else None
    for path, rel in tree_paths(here, include_self=True) if here is not None else ():
        text = runnable_source(path) if path.resolve() != here else None
        try:
            module = ev.module if path.resolve() == here else cst.parse_module(text or "")
        except (cst.ParserSyntaxError, RecursionError, ValueError):
            module = None
        if module is None or not only_called(module, name):
            where = rel.as_posix() if module is not None else f"{rel.as_posix()} (unreadable)"
            raise UnresolvableError(f"`{name}` (a functools.partial of {partial_of(value)}) is "
                                    f"used otherwise than called in {where}: passed on, its "
                                    "arguments may change")
    if here is None and not only_called(ev.module, name):
        raise UnresolvableError(f"`{name}` (a functools.partial of {partial_of(value)}) is "
                                "used otherwise than called: passed on, its arguments may "
                                "change")
    return value
