"""Class statements that register the class they make.

- a registering decorator: a factory (`@kernel_for("x_op", FLOATS, devices=GPU_TOO)`)
  whose body defines `def deco(cls): ...; return cls` and returns it (after a preamble of
  constant computations: `host = tuple(dtypes)`, constant `if`s), or a plain decorator
  (`@enroll`) taking the class; the decorating function's body is read as a registration
  helper's, the factory's parameters bound to the decorator's arguments and its one
  parameter to the class. It must hand the class back (`return cls`, or `return
  helper(..., cls, ...)` of a helper ending `return <the parameter given the class>`);
- a base's `__init_subclass__` (`class K(SelfRegistering, op="x_op", dtypes=REAL)`): the
  first one after the class in its MRO across the tree, read in its base's module with the
  class keywords bound to its parameters (defaults from its signature); its
  `super().__init_subclass__(**kw)` is read as nothing when no class after it in the MRO
  defines one and no keyword is left for it.

The registrations are the class statement's own: they go when the class is rewritten. A
class kept for its users loses its registering decorators (`assemble`); one registering
through `__init_subclass__` cannot be kept unregistered (`SELF_REGISTERING`): it is kept as
it is, its legacy registration with it (the PHI kernel is dispatched first).
"""

from __future__ import annotations

from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.decorator_stores import checked_store, class_store, decorator_stores
from migrate.helper_returns import returned_parameter
from migrate.static import (
    REGISTERING,
    ModuleInfo,
    _bind_parameters,
    _CallFinder,
    _calls_helper,
    _helper_of,
    _interpret,
    _Scope,
)
from migrate.static_refs import ClassRef, EnumRef, UnresolvableError, code_of, literal_string

#: memo keys: ids of the decorators read as registrations; names of the classes
#: registered by a base's `__init_subclass__`
DECORATORS = "registering_decorators"
SELF_REGISTERING = "self_registering_classes"


def registering_decorators(info: ModuleInfo) -> set[int]:
    return info.memo.setdefault(DECORATORS, set())


def self_registering(info: ModuleInfo) -> set[str]:
    return info.memo.setdefault(SELF_REGISTERING, set())


def _registers(info: ModuleInfo, scope: _Scope, node: cst.CSTNode) -> bool:
    finder = _CallFinder(scope.imports, REGISTERING)
    node.visit(finder)
    return bool(finder.found) or _calls_helper(info, scope, node)


def class_statement_kind(info: ModuleInfo, cls: cst.ClassDef) -> str | None:
    """"own": the statement registers its class (a decorator, class keywords);
    "deferred": it registers only inside its `__init_subclass__` (read at each subclass);
    None: read as any other statement."""
    scope = _Scope(info.imports, info.ev)
    try:
        if any(_decorating(info, scope, d.decorator) is not None for d in cls.decorators):
            return "own"
    except UnresolvableError:  # read_class says why
        return "own"
    if _class_keywords(cls) and _init_subclass(info, cls) is not None:
        return "own"
    init = own_init_subclass(cls)
    if init is not None and _registers(info, scope, init) and not _registers(
            info, scope, cls.with_changes(body=cls.body.with_changes(
                body=[s for s in cls.body.body if s is not init]))):
        return "deferred"
    return None


def read_class(info: ModuleInfo, cls: cst.ClassDef, index: int) -> None:
    """Record what class statement `cls` (top-level statement `index`) registers."""
    name = cls.name.value
    me = ClassRef(name)
    scope = _Scope(info.imports, info.ev)
    before = (len(info.registrations), dict(info.operators), dict(info.base_kernel_names))
    for d in cls.decorators:
        found = _decorating(info, scope, d.decorator)
        if found is None:
            continue
        fn, inner, env = found
        try:
            stores = _read_decorator(info, fn, inner, env, me, index)
        except UnresolvableError as exc:
            raise UnresolvableError(f"{exc}, in the decorator `@{code_of(d.decorator)}` of "
                                    f"{name}") from None
        registering_decorators(info).add(id(d))
        if stores:
            decorator_stores(info)[id(d)] = stores
    if _class_keywords(cls):
        found_init = _init_subclass(info, cls)
        if found_init is not None:
            _read_init_subclass(info, cls, *found_init, me, index)
            self_registering(info).add(name)
    if (info.operators, info.base_kernel_names) != before[1:] or any(
            r.class_name != name for r in info.registrations[before[0]:]):
        raise UnresolvableError(f"the class statement of {name} also registers what is not "
                                f"{name}")


def _decorating(info: ModuleInfo, scope: _Scope, expr: cst.BaseExpression
                ) -> tuple[cst.FunctionDef, _Scope, dict[str, Any]] | None:
    """The function a registering decorator runs on the class, the scope of its module
    and the values it closes over (a factory's parameters)."""
    if isinstance(expr, cst.Name):
        found = _helper_of(info, scope, cst.Call(func=expr))
        return (found[0], found[1], {}) if found is not None else None
    if not isinstance(expr, cst.Call):
        return None
    found = _helper_of(info, scope, expr)
    if found is None:
        return None
    factory, inner = found
    body = [s for s in factory.body.body if not _is_docstring(s)]
    if (len(body) < 2 or not isinstance(body[-2], cst.FunctionDef)
            or _returned_name(body[-1]) != body[-2].name.value):
        raise UnresolvableError(f"`{factory.name.value}` does not only define and return a "
                                "decorator (after constant computations)")
    env = _bind_parameters(factory, expr, scope, inner, {})
    for stmt in body[:-2]:
        try:
            _run_preamble(inner, stmt, env)
        except UnresolvableError as exc:
            raise UnresolvableError(f"`{factory.name.value}` computes `"
                                    f"{code_of(stmt).strip().splitlines()[0]}`, which the "
                                    f"codemod cannot read statically ({exc})") from None
    return body[-2], inner, env


def _run_preamble(scope: _Scope, stmt: cst.BaseStatement, env: dict[str, Any]) -> None:
    """A decorator factory's statement before its decorator: `name = <constant expression>`
    (of its parameters and its module's constants) or an `if`/`elif`/`else` on constant
    tests of them, evaluated into `env`."""
    if isinstance(stmt, cst.If):
        branch: cst.If | cst.Else | None = stmt
        while isinstance(branch, cst.If) and not _constant_test(scope, branch.test, env):
            branch = branch.orelse
        for sub in branch.body.body if branch is not None else ():
            _run_preamble(scope, sub, env)
        return
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(
        stmt.body) == 1 else None
    if isinstance(small, cst.Pass):
        return
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1
            and isinstance(small.targets[0].target, cst.Name)):
        raise UnresolvableError("only assignments of a name and constant `if`s are read")
    value = scope.ev.eval(small.value, env)
    if not isinstance(value, (bool, int, float, str, tuple, type(None), EnumRef, ClassRef)):
        raise UnresolvableError(f"`{small.targets[0].target.value}` is no constant")
    env[small.targets[0].target.value] = value


def _constant_test(scope: _Scope, test: cst.BaseExpression, env: dict[str, Any]) -> bool:
    value = scope.ev.eval(test, env)
    if not isinstance(value, (bool, int, str, tuple, list, type(None), EnumRef)):
        raise UnresolvableError(f"`{code_of(test)}` is no constant")
    return bool(value)


def _returned_name(stmt: cst.BaseStatement) -> str | None:
    if (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1
            and isinstance(stmt.body[0], cst.Return)
            and isinstance(stmt.body[0].value, cst.Name)):
        return stmt.body[0].value.value
    return None


def _is_docstring(stmt: cst.BaseStatement) -> bool:
    return (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1
            and isinstance(stmt.body[0], cst.Expr)
            and literal_string(stmt.body[0].value) is not None)


def _read_decorator(info: ModuleInfo, fn: cst.FunctionDef, scope: _Scope,
                    env: dict[str, Any], me: ClassRef, index: int) -> list[tuple[str, Any]]:
    """Read the decorating function `fn` run on class `me`; the plain attribute stores it
    makes on the class (`decorator_stores`)."""
    p = fn.params
    if (fn.decorators or fn.asynchronous or len(p.params) != 1 or p.posonly_params
            or p.kwonly_params or p.star_kwarg or isinstance(p.star_arg, cst.Param)):
        raise UnresolvableError(f"`{fn.name.value}` takes more than the class")
    param = p.params[0].name.value
    env = {**env, param: me}
    body = list(fn.body.body)
    last = body.pop() if body else None
    ret = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(
        last.body) == 1 and isinstance(last.body[0], cst.Return) else None
    value = ret.value if ret is not None else None
    if isinstance(value, cst.Call) and _hands_back(info, scope, value, env, me):
        body.append(cst.SimpleStatementLine([cst.Expr(value)]))
    elif not (isinstance(value, cst.Name) and value.value == param):
        raise UnresolvableError(f"`{fn.name.value}` does not hand back the class it is given "
                                "(`return " + (code_of(value) if value else "None") + "`)")
    stores = []
    for stmt in body:
        store = class_store(stmt, param)
        if store is not None:
            stores.append(checked_store(info, me.name, stmt, store[0],
                                        lambda node=store[1]: scope.ev.eval(node, env)))
            continue
        _interpret(info, stmt, index, env, None, scope)
    return stores


def _hands_back(info: ModuleInfo, scope: _Scope, call: cst.Call, env: dict[str, Any],
                me: ClassRef) -> bool:
    """`call` is a registration helper's, ending `return <the parameter given `me`>`."""
    found = _helper_of(info, scope, call)
    if found is None:
        return False
    fn, inner = found
    returned = returned_parameter(fn)
    return returned is not None and _bind_parameters(fn, call, scope, inner, env).get(
        returned) == me


def unless_rebinding(info: ModuleInfo, stmt: cst.BaseStatement) -> cst.BaseStatement:
    """`stmt`, or UnresolvableError naming why `K = helper(..., K, ...)` of a registration
    helper ending `return <the parameter given K>` is not read: it binds the kernel class
    a second time (to itself), and the codemod reads a class bound once."""
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(
        stmt.body) == 1 else None
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1
            and isinstance(small.targets[0].target, cst.Name)
            and isinstance(small.value, cst.Call) and isinstance(small.value.func, cst.Name)):
        return stmt
    name, call = small.targets[0].target.value, small.value
    found = _helper_of(info, _Scope(info.imports, info.ev), call) if name in info.classes \
        else None
    returned = returned_parameter(found[0]) if found is not None else None
    if found is None or returned is None:
        return stmt
    p = found[0].params
    order = [q.name.value for q in [*p.posonly_params, *p.params]]
    given = {a.keyword.value if a.keyword is not None else order[i] if i < len(order)
             else "": a.value for i, a in enumerate(call.args) if not a.star}
    if m.matches(given.get(returned), m.Name(name)):
        raise UnresolvableError(
            f"`{code_of(stmt).strip()}` binds {name} again, to what `{found[0].name.value}` "
            f"hands back (the class itself); the codemod reads a kernel class bound once: "
            f"call `{found[0].name.value}(...)` as a statement")
    return stmt


def _class_keywords(cls: cst.ClassDef) -> list[cst.Arg]:
    return [a for a in cls.keywords if a.keyword is not None and a.keyword.value != "metaclass"]


def own_init_subclass(cls: cst.ClassDef) -> cst.FunctionDef | None:
    """The `__init_subclass__` `cls`'s body defines, or None."""
    return next((s for s in cls.body.body if isinstance(s, cst.FunctionDef)
                 and s.name.value == "__init_subclass__"), None)


def _init_subclass(info: ModuleInfo, cls: cst.ClassDef
                   ) -> tuple[cst.FunctionDef, ModuleInfo, bool] | None:
    """The `__init_subclass__` Python runs for `cls` (the first after it in its MRO across
    the tree), its module, and whether a class after that one defines another."""
    from migrate.tree_bases import tree_mro

    if info.path is None:  # a module read alone: no tree to find its bases in
        return None
    try:
        mro = tree_mro(info, cls.name.value)
    except UnresolvableError:
        return None
    found = [(c, f) for c in mro.classes[1:] if (f := own_init_subclass(c)) is not None]
    if not found:
        return None
    owner = mro.owners.get(id(found[0][0]), info)
    if not _registers(info, _Scope(owner.imports, owner.ev), found[0][1]):
        return None  # one registering nothing is no registration of this class
    return found[0][1], owner, len(found) > 1


def _read_init_subclass(info: ModuleInfo, cls: cst.ClassDef, fn: cst.FunctionDef,
                        owner: ModuleInfo, chained: bool, me: ClassRef, index: int) -> None:
    name = cls.name.value
    where = f"`{fn.name.value}` of {owner.path.name if owner.path else 'this module'}"
    p = fn.params
    if fn.decorators or isinstance(p.star_arg, cst.Param) or len(p.params) < 1:
        raise UnresolvableError(f"{where} takes *args or is decorated")
    scope = _Scope(owner.imports, owner.ev, 1)
    given = {a.keyword.value: info.ev.eval(a.value, {}) for a in _class_keywords(cls)}  # type: ignore[union-attr]
    env: dict[str, Any] = {p.params[0].name.value: me}
    for q in [*p.params[1:], *p.kwonly_params]:
        key = q.name.value
        if key in given:
            env[key] = given.pop(key)
        elif q.default is not None:
            env[key] = owner.ev.eval(q.default, {})
        else:
            raise UnresolvableError(f"class {name} leaves `{key}` of {where} unbound")
    if given:
        raise UnresolvableError(f"class {name} passes {sorted(given)} on past {where}")
    rest = p.star_kwarg.name.value if isinstance(p.star_kwarg, cst.Param) else None
    for stmt in fn.body.body:
        if is_super_init_subclass(stmt, rest):
            if chained:
                raise UnresolvableError(f"{where} calls another `__init_subclass__`")
            continue
        try:
            _interpret(info, stmt, index, env, None, scope)
        except UnresolvableError as exc:
            raise UnresolvableError(f"{exc}, in {where} run for class {name}") from None


def is_super_init_subclass(stmt: cst.BaseStatement, rest: str | None) -> bool:
    """`super().__init_subclass__()` or `(**rest)`, `rest` bound to no keyword."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1
            and isinstance(stmt.body[0], cst.Expr)):
        return False
    call = stmt.body[0].value
    if not m.matches(call, m.Call(func=m.Attribute(
            value=m.Call(func=m.Name("super"), args=[]), attr=m.Name("__init_subclass__")))):
        return False
    args = call.args  # type: ignore[attr-defined]
    return not args or (len(args) == 1 and args[0].star == "**" and rest is not None
                        and m.matches(args[0].value, m.Name(rest)))


__all__ = ["class_statement_kind", "is_super_init_subclass", "own_init_subclass", "read_class",
           "registering_decorators", "self_registering", "unless_rebinding"]
