"""The ops a registration the codemod cannot read registers its kernel classes under: one
looking them up by a computed name (`getattr(sys.modules[__name__], f"{_name.title()}Kernel")`
or `globals()[f"{_name.title()}Kernel"]` in a loop over a literal tuple, `globals().get(...)`,
`vars()[...]`: `looked_up_names`), a helper it cannot unroll (`_cpu_only("x", XKernel, *dts)`).
The registration stays unread (its kernels skipped), but a kernel row can still name its op
when a call's op name and the class it names or looks up are both known. A comprehension
used as a registration statement is traced as the loops it stands for
(`comprehension_loops.as_loop`)."""

from __future__ import annotations

from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.comprehension_loops import as_loop
from migrate.static import ModuleInfo, calls_of
from migrate.static_eval import Evaluator
from migrate.static_refs import ClassRef, UnresolvableError

#: str methods without arguments a computed class name may apply to a known string
_STR_METHODS = {"title": str.title, "upper": str.upper, "lower": str.lower,
                "capitalize": str.capitalize}


def computed_lookup_ops(info: ModuleInfo, index: int) -> dict[str, list[str]]:
    """Class -> the op names of the calls of top-level statement `index` naming it or
    looking it up by a computed name ({} when nothing can be read)."""
    out: dict[str, list[str]] = {}
    try:
        stmt = info.module.body[index]
        trace = calls_of(info, as_loop(stmt) or stmt)
    except UnresolvableError:  # its loops cannot be read: its calls as written, no variables
        trace = [(e.value, {}) for e in m.findall(info.module.body[index],
                                                  m.Expr(value=m.Call()))
                 if isinstance(e, cst.Expr) and isinstance(e.value, cst.Call)]
    for call, env in trace:
        if not call.args or call.args[0].keyword is not None:
            continue
        op = _known(info.ev, call.args[0].value, env)
        if not isinstance(op, str):
            continue
        names = [_known(info.ev, a.value, env) for a in call.args[1:]]
        names = [n.name for n in names if isinstance(n, ClassRef) and n.path is None]
        names += [_known(info.ev, key, env) for key in looked_up_names(call)]
        for name in names:
            if isinstance(name, str) and name in info.classes:
                ops = out.setdefault(name, [])
                if op not in ops:
                    ops.append(op)
    return out


#: the module's own namespace as a dict: `globals()`, `vars()`
_NAMESPACE = m.Call(func=m.Name("globals") | m.Name("vars"), args=[])


def looked_up_names(node: cst.CSTNode) -> list[cst.BaseExpression]:
    """The name expressions `node` looks a class up by: `getattr(module, name)`,
    `globals()[name]`, `globals().get(name)` (`vars()` alike)."""
    out: list[cst.BaseExpression] = []
    for found in m.findall(node, m.Call(func=m.Name("getattr")) | m.Call(func=m.Attribute(
            value=_NAMESPACE, attr=m.Name("get")))):
        args = cst.ensure_type(found, cst.Call).args
        getattr_ = isinstance(cst.ensure_type(found, cst.Call).func, cst.Name)
        if (len(args) == 2 and getattr_) or (not getattr_ and len(args) in (1, 2)):
            out.append(args[1 if getattr_ else 0].value)
    for found in m.findall(node, m.Subscript(value=_NAMESPACE, slice=[m.SubscriptElement(
            slice=m.Index())])):
        index = cst.ensure_type(cst.ensure_type(found, cst.Subscript).slice[0].slice, cst.Index)
        out.append(index.value)
    return out


def _known(ev: Evaluator, node: cst.BaseExpression, env: dict[str, Any]) -> Any:
    """`node`'s value, f-string fields also read through `_STR_METHODS`; None: unknown."""
    try:
        if isinstance(node, cst.FormattedString) and node.prefix.lower() == "f":
            parts = []
            for part in node.parts:
                if isinstance(part, cst.FormattedStringText):
                    parts.append(part.value.replace("{{", "{").replace("}}", "}"))
                elif part.conversion is None and part.format_spec is None:
                    parts.append(str(_field(ev, part.expression, env)))
                else:
                    return None
            return "".join(parts)
        return ev.eval(node, env)
    except UnresolvableError:
        return None


def _field(ev: Evaluator, node: cst.BaseExpression, env: dict[str, Any]) -> Any:
    if (isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute)
            and node.func.attr.value in _STR_METHODS):
        base = ev.eval(node.func.value, env)
        if isinstance(base, str):
            return _STR_METHODS[node.func.attr.value](base)
    value = ev.eval(node, env)
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise UnresolvableError("not a known string")
    return value
