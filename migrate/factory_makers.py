"""Maker factories called where a maker is expected, read by value.

`register_operator("x", XOp, make_unary_maker("doc", (_AXIS,)))`, the same call handed to a
registration helper's parameter, or made in a loop over a literal table: the factory is a
module-level function of the module or of a module of the tree whose body is constants
(calling nothing, building no list, dict or set), one class statement (then only statements
setting the class's `__name__` / `__qualname__` / `__doc__` / `__module__`: they name it and
change no proto) and `return` of that class. The call's arguments are evaluated where the
call stands (loop variables, helper parameters, module constants, constants imported from
other modules of the tree), the factory's defaults in its own module; the class's `make()`
then runs with the factory's parameters and constants bound to those values
(`FactoryCall`, read by `migrate.proto_reader`). Anything else is refused naming the factory
and why.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.factory_guards import guards
from migrate.static_refs import FunctionRef, UnresolvableError, code_of
from migrate.type_factories import returns_type

#: class attributes a factory may set on its class: they name and describe it and change
#: nothing a proto or kernel computes
COSMETIC = frozenset({"__name__", "__qualname__", "__doc__", "__module__"})


@dataclass(frozen=True, eq=False)
class FactoryCall:
    """A call of a class factory with its arguments evaluated (`name` spells the call)."""

    func: FunctionRef
    args: tuple[Any, ...]
    kwargs: tuple[tuple[str, Any], ...]
    name: str


def builds_class(fn: cst.FunctionDef) -> bool:
    """Whether `fn`'s body holds a class statement or returns a class `type()` builds (a
    class factory: `type_factories`)."""
    return any(isinstance(s, cst.ClassDef) for s in fn.body.body) or returns_type(fn)


def factory_class(fn: cst.FunctionDef, shown: str, module: cst.Module | None = None,
                  path: Path | None = None) -> tuple[cst.ClassDef, list[cst.Assign]]:
    """The one class statement `fn` builds and returns, and its constant assignments before
    it (argument guards, read as preconditions, passed over: `factory_guards`; `module`:
    the factory's); UnresolvableError naming `shown` and why when the body does more."""
    def refuse(why: str) -> UnresolvableError:
        return UnresolvableError(f"built by the factory {shown}, which the codemod cannot "
                                 f"read as a class: {why}")
    if fn.decorators or fn.asynchronous is not None:
        raise refuse("it is decorated or async")
    if fn.params.posonly_params or fn.params.star_kwarg is not None:
        raise refuse("it takes **kwargs or positional-only parameters")
    body = list(fn.body.body)
    if body and m.matches(body[0], m.SimpleStatementLine(body=[m.Expr(m.SimpleString())])):
        body = body[1:]
    at = [i for i, s in enumerate(body) if isinstance(s, cst.ClassDef)]
    if len(at) != 1 or not m.matches(body[-1], m.SimpleStatementLine(body=[m.Return(
            value=m.Name(cst.ensure_type(body[at[0]], cst.ClassDef).name.value))])):
        raise refuse("its body is not constants, one class statement and `return` of it")
    cls = cst.ensure_type(body[at[0]], cst.ClassDef)
    for stmt in body[at[0] + 1:-1]:
        if not cosmetic(stmt, cls.name.value, None):
            raise refuse(f"it also runs `{code_of(stmt).strip()}` after its class statement "
                         "(only its __name__, __qualname__, __doc__ and __module__ may be set)")
    constants: list[cst.Assign] = []
    guarded = guards(fn, module, path)
    for stmt in body[:at[0]]:
        if id(stmt) in guarded:
            continue
        if not m.matches(stmt, m.SimpleStatementLine(body=[m.Assign(
                targets=[m.AssignTarget(target=m.Name())])])):
            raise refuse(f"its body also runs `{code_of(stmt).strip()}`")
        small = cst.ensure_type(cst.ensure_type(stmt, cst.SimpleStatementLine).body[0],
                                cst.Assign)
        if m.findall(small.value, m.OneOf(m.Call(), m.List(), m.Dict(), m.Set(), m.Lambda(),
                                          m.ListComp(), m.DictComp(), m.SetComp(),
                                          m.GeneratorExp())):
            raise refuse(f"its class closes over `{code_of(stmt).strip()}`, which is no "
                         "constant")
        constants.append(small)
    if at[0] + 2 < len(body) and any(m.findall(cls, m.Name(n))
                                     for n in ("__name__", "__qualname__")):
        raise refuse("its class reads its __name__ or __qualname__, which the factory sets")
    return cls, constants


def check_cosmetics(fn: cst.FunctionDef, cls: cst.ClassDef, env: dict[str, Any],
                    shown: str) -> None:
    """The statements after `fn`'s class statement compute names from strings only, with
    the parameters bound as in `env`."""
    text = {k for k, v in env.items() if v is None or isinstance(v, str)}
    body = list(fn.body.body)
    at = next(i for i, s in enumerate(body) if s is cls)
    for stmt in body[at + 1:-1]:
        if not cosmetic(stmt, cls.name.value, text):
            raise UnresolvableError(f"built by the factory {shown}, which the codemod cannot "
                                    f"read as a class: `{code_of(stmt).strip()}` computes "
                                    "its name from what is no string")


#: str methods a cosmetic name may be computed with (they call no code of the tree)
TEXT_METHODS = frozenset({"join", "title", "upper", "lower", "capitalize", "split",
                          "replace", "strip", "format"})


def cosmetic(stmt: cst.BaseStatement, cls: str, text: set[str] | None) -> bool:
    """`stmt` is `K.__name__ = ...` (`__qualname__`, `__doc__`, `__module__`; chained too)
    for the class named `cls`, its value calling nothing or only str methods, then reading
    only string literals, comprehension variables, the `__name__` / `__qualname__` of a name
    and the names in `text` (parameters bound to strings or None; any name when `text` is
    None: checked again once values are known)."""
    if not m.matches(stmt, m.SimpleStatementLine(body=[m.Assign()])):
        return False
    small = cst.ensure_type(cst.ensure_type(stmt, cst.SimpleStatementLine).body[0], cst.Assign)
    if not all(m.matches(t.target, m.Attribute(value=m.Name(cls), attr=m.Name()))
               and cst.ensure_type(t.target, cst.Attribute).attr.value in COSMETIC
               for t in small.targets):
        return False
    if m.findall(small.value, m.OneOf(m.Lambda(), m.NamedExpr(), m.Await(), m.Yield())):
        return False
    looped = {cst.ensure_type(n, cst.Name).value for f in m.findall(small.value, m.CompFor())
              for n in m.findall(cst.ensure_type(f, cst.CompFor).target, m.Name())}
    calls = m.findall(small.value, m.Call())
    for call in calls:
        func = cst.ensure_type(call, cst.Call).func
        if not (isinstance(func, cst.Attribute) and func.attr.value in TEXT_METHODS):
            return False
    if not calls or text is None:
        return True
    attrs = {id(cst.ensure_type(a, cst.Attribute).attr)
             for a in m.findall(small.value, m.Attribute())}
    # `functor.__name__`: the name of what a parameter is given, a string whatever it is
    named = {id(cst.ensure_type(a, cst.Attribute).value) for a in m.findall(
        small.value, m.Attribute(value=m.Name(), attr=m.Name("__name__") | m.Name("__qualname__")))}
    names = [cst.ensure_type(n, cst.Name).value for n in m.findall(small.value, m.Name())
             if id(n) not in attrs and id(n) not in named]
    return all(n in looped or n in text or n in ("None", "True", "False") for n in names)


def bind_factory(fn: cst.FunctionDef, call: FactoryCall, defaults: Any) -> dict[str, Any]:
    """The factory's parameters bound to the call's values (`defaults` evaluates a default
    in the factory's module)."""
    params = fn.params
    env: dict[str, Any] = {}
    positional = list(params.params)
    for i, value in enumerate(call.args):
        if i < len(positional):
            env[positional[i].name.value] = value
    star = params.star_arg if isinstance(params.star_arg, cst.Param) else None
    extra = call.args[len(positional):]
    if extra and star is None:
        raise UnresolvableError(f"{call.name} passes more arguments than "
                                f"{fn.name.value}() takes")
    if star is not None:
        env[star.name.value] = tuple(extra)
    names = {p.name.value for p in (*positional, *params.kwonly_params)}
    for key, value in call.kwargs:
        if key not in names or key in env:
            raise UnresolvableError(f"{call.name}: the arguments do not match "
                                    f"{fn.name.value}()'s parameters")
        env[key] = value
    for p in (*positional, *params.kwonly_params):
        if p.name.value not in env:
            if p.default is None:
                raise UnresolvableError(f"{call.name} gives no '{p.name.value}'")
            env[p.name.value] = defaults(p.default)
    return env
