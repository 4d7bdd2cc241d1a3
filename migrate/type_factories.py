"""Class factories that build their class with `type()`, read as the class statement Python
builds.

    def simple_maker(name, inputs, outputs, attrs=(), optional=()):
        def make(self):
            ...
        return type(name, (OpProtoAndCheckerMaker,), {"make": make})

builds the class a class statement would: `class _Built(OpProtoAndCheckerMaker): def
make(self): ...` followed by `_Built.__name__ = _Built.__qualname__ = name`, the method
closing over the factory's parameters as the nested function does. `class_form` gives the
factory written that way, so that `factory_makers` and `factory_classes` read it as any
class-statement factory (their checks, constants, guards and cosmetic statements apply
unchanged). It is read so only when the two are provably the same class:

- the call is the builtin `type` (neither the factory nor its module binds that name, and
  the module has no star import), with three positional arguments, the second a tuple
  display of bases;
- the namespace is a dict display of identifier keys (no dunder but `"__doc__"`): each
  bound to a function defined in the factory's body (read by nothing else there,
  undecorated, not async) or to a module-level function of the factory's module (bound once
  there, reading none of the factory's own names): a method; or to an expression of
  literals, operators and parameters the factory never rebinds (`"fn_name": name`): a class
  constant (its key naming no name the factory binds: a class body's `name = name` would
  read the module's); `"__doc__"` a string literal (the docstring) or such an expression;
- the function uses no zero-argument `super()` and no `__class__` (a function defined
  outside a class statement has no `__class__` cell: Python raises there, the class
  statement would not) and no `__private` name (a class body mangles it, a function does
  not);
- the namespace sets "make" (a maker factory) or holds only such entries (a kernel
  factory's `{"SCALE": scale}`, `{"apply": apply}`);
- the factory returns the call (`return type(...)`), or binds it to a name, then only sets
  that name's cosmetic attributes, and returns it.

Anything else raises UnresolvableError naming why.
"""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import libcst.matchers as m
from libcst.metadata import FunctionScope, MetadataWrapper, ScopeProvider

from migrate.factory_guards import module_names
from migrate.static_refs import UnresolvableError, code_of

_LITERAL = (m.SimpleString() | m.Integer() | m.Float() | m.Name("True") | m.Name("False")
            | m.Name("None"))
_TYPE_CALL = m.Call(func=m.Name("type"), args=[m.Arg(keyword=None, star=""),
                                               m.Arg(value=m.Tuple(), keyword=None, star=""),
                                               m.Arg(value=m.Dict(), keyword=None, star="")])

#: id of a factory read -> (the factory, its class-statement form): the same form each time,
#: so that what is found in it by identity stays found
_FORMS: dict[int, tuple[cst.FunctionDef, cst.FunctionDef]] = {}


def returns_type(fn: cst.FunctionDef) -> bool:
    """Whether `fn` ends returning a `type(name, (bases...), {...})` call, directly or
    through a name it binds to one, whose namespace sets `"make"` (a maker factory) or
    only methods, `__doc__` and class constants given by name or literal (a kernel
    factory: `{"fn_name": name}`, `{"apply": apply}`)."""
    found = _type_call(list(fn.body.body))
    if found is None:
        return False
    keys = [cst.ensure_type(e.key, cst.SimpleString).evaluated_value
            if isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString) else None
            for e in cst.ensure_type(found[1].args[2].value, cst.Dict).elements]
    return "make" in keys or (bool(keys) and all(
        isinstance(k, str) and k.isidentifier() and (k == "__doc__" or not k.startswith("__"))
        for k in keys))


def builds_by_type(fn: cst.FunctionDef) -> bool:
    """Whether `fn` ends returning a `type(name, (bases...), {...})` call, whatever its
    namespace holds."""
    return _type_call(list(fn.body.body)) is not None


def _type_call(body: list[cst.BaseStatement]) -> tuple[int, cst.Call, str | None] | None:
    """(index of the statement making the call, the call, the name it is bound to)."""
    if not body or not m.matches(body[-1], m.SimpleStatementLine(body=[m.Return()])):
        return None
    returned = cst.ensure_type(cst.ensure_type(body[-1], cst.SimpleStatementLine).body[0],
                               cst.Return).value
    if returned is not None and m.matches(returned, _TYPE_CALL):
        return len(body) - 1, cst.ensure_type(returned, cst.Call), None
    if not isinstance(returned, cst.Name):
        return None
    for i, stmt in enumerate(body[:-1]):
        if m.matches(stmt, m.SimpleStatementLine(body=[m.Assign(
                targets=[m.AssignTarget(target=m.Name(returned.value))], value=_TYPE_CALL)])):
            small = cst.ensure_type(cst.ensure_type(stmt, cst.SimpleStatementLine).body[0],
                                    cst.Assign)
            return i, cst.ensure_type(small.value, cst.Call), returned.value
    return None


def class_form(fn: cst.FunctionDef, module: cst.Module | None, path: Path | None
               ) -> cst.FunctionDef:
    """`fn` written with a class statement where it calls `type()` (see the module doc);
    `fn` itself when it builds no class by `type()`; UnresolvableError naming why when it
    does but cannot be read as that class statement."""
    if not returns_type(fn):
        return fn
    seen = _FORMS.get(id(fn))
    if seen is not None and seen[0] is fn:
        return seen[1]
    form = _rewrite(fn, module, path)
    _FORMS[id(fn)] = (fn, form)
    return form


def _rewrite(fn: cst.FunctionDef, module: cst.Module | None, path: Path | None
             ) -> cst.FunctionDef:
    body = list(fn.body.body)
    found = _type_call(body)
    assert found is not None
    at, call, bound_to = found
    if module is None:
        raise UnresolvableError("its module is not read")
    if "type" in module_names(module, path, checks=frozenset({"type"})):
        raise UnresolvableError("its module may bind the name `type` (an assignment or a "
                                "star import), so `type(...)` may not build a class")
    scope = _function_scope(fn)
    if scope.assignments["type"]:
        raise UnresolvableError("it binds the name `type` itself")
    name_arg, bases, namespace = (a.value for a in call.args)
    assert isinstance(bases, cst.Tuple) and isinstance(namespace, cst.Dict)
    if any(isinstance(e, cst.StarredElement) for e in bases.elements):
        raise UnresolvableError(f"its bases `{code_of(bases)}` are spread at run time")
    moved: dict[int, cst.FunctionDef] = {}  # index in body -> the nested def it moves
    members: list[cst.BaseStatement] = []
    for element in namespace.elements:
        if not isinstance(element, cst.DictElement) or not isinstance(element.key,
                                                                      cst.SimpleString):
            shown = code_of(element.with_changes(comma=cst.MaybeSentinel.DEFAULT)).strip()
            raise UnresolvableError(f"its type() namespace holds `{shown}`,"
                                    " no entry of a string key")
        key = cst.ensure_type(element.key, cst.SimpleString).evaluated_value
        if not isinstance(key, str) or not key.isidentifier() or (
                key.startswith("__") and key != "__doc__"):
            raise UnresolvableError(f"its type() namespace also sets {key!r}, which may change "
                                    "the class (methods, '__doc__' and constants are read)")
        if key == "__doc__" and isinstance(element.value, cst.SimpleString):
            members.insert(0, cst.SimpleStatementLine([cst.Expr(element.value)]))
            continue
        constant = _constant(fn, scope, key, element.value)
        if constant is not None:  # `"fn_name": name`: the class body's `fn_name = name`
            members.append(constant)
            continue
        index, method = _method(fn, body, scope, element.value, module)
        if index is not None:
            moved[index] = method
        _check_method(method)
        members.append(method.with_changes(name=cst.Name(key), leading_lines=()))
    ident = bound_to or _fresh(fn)
    stmt = body[at]
    cls = cst.ClassDef(
        name=cst.Name(ident), bases=[cst.Arg(e.value) for e in bases.elements],
        body=cst.IndentedBlock(members or [cst.SimpleStatementLine([cst.Pass()])]),
        leading_lines=stmt.leading_lines)
    out = [s for i, s in enumerate(body[:at]) if i not in moved]
    out.append(cls)
    out.append(cst.parse_statement(f"{ident}.__name__ = {ident}.__qualname__ = "
                                   f"{code_of(name_arg).strip()}\n"))
    out.extend(body[at + 1:-1])
    out.append(cst.parse_statement(f"return {ident}\n"))
    return fn.with_changes(body=fn.body.with_changes(body=out))


def _function_scope(fn: cst.FunctionDef) -> FunctionScope:
    wrapper = MetadataWrapper(cst.Module(body=[fn]), unsafe_skip_copy=True)
    scope = wrapper.resolve(ScopeProvider).get(fn.body.body[0])
    if not isinstance(scope, FunctionScope):
        raise UnresolvableError("its scopes cannot be read")
    return scope


def _method(fn: cst.FunctionDef, body: list[cst.BaseStatement], scope: FunctionScope,
            value: cst.BaseExpression, module: cst.Module
            ) -> tuple[int | None, cst.FunctionDef]:
    """The function a namespace entry names, with its index in `body` when it is nested."""
    if not isinstance(value, cst.Name):
        raise UnresolvableError(f"its type() namespace sets an entry to `{code_of(value)}`, no "
                                "function the codemod can read")
    name = value.value
    local = scope.assignments[name]
    if local:
        nested = [i for i, s in enumerate(body) if isinstance(s, cst.FunctionDef)
                  and s.name.value == name]
        refs = [r for a in local for r in a.references]
        if len(local) != 1 or len(nested) != 1 or len(refs) != 1:
            raise UnresolvableError(f"its '{name}' is bound or read elsewhere in the factory "
                                    "than by the type() namespace")
        return nested[0], cst.ensure_type(body[nested[0]], cst.FunctionDef)
    defs = [s for s in module.body if isinstance(s, cst.FunctionDef) and s.name.value == name]
    if len(defs) != 1 or sum(name in _bound_names(s) for s in module.body) != 1:
        raise UnresolvableError(f"its type() namespace sets an entry to '{name}', which is no "
                                "function of the factory or one bound once in its module")
    own = {a.name for a in scope.assignments} | {p.name.value for p in (
        *fn.params.params, *fn.params.kwonly_params)}
    clash = sorted(own & {cst.ensure_type(n, cst.Name).value
                          for n in m.findall(defs[0], m.Name())})
    if clash:
        raise UnresolvableError(f"its module function '{name}' reads '{clash[0]}', which the "
                                "factory binds too (in the class statement it would read the "
                                "factory's)")
    return None, defs[0]


def _constant(fn: cst.FunctionDef, scope: FunctionScope, key: str,
              value: cst.BaseExpression) -> cst.SimpleStatementLine | None:
    """The class-body statement `key = value` for a namespace entry made of literals,
    operators and parameters of the factory it never rebinds (`"fn_name": name`,
    `"__doc__": "made for %s" % name`); None for any other entry (a function: a method). A
    key naming a parameter or local of the factory is refused: in a class body `name = name`
    would read the module's `name`, where type() read the factory's."""
    params = {p.name.value for p in (*fn.params.params, *fn.params.kwonly_params)
              if len(scope.assignments[p.name.value]) == 1}
    names = [cst.ensure_type(n, cst.Name).value for n in m.findall(value, m.Name())]
    if isinstance(value, cst.Name) and value.value not in params and not m.matches(
            value, _LITERAL):
        return None  # a function's name: a method
    if m.findall(value, m.Call() | m.Attribute() | m.Subscript() | m.Lambda()
                 | m.NamedExpr()) or not all(
            n in params or n in ("True", "False", "None") for n in names):
        if key == "__doc__":
            raise UnresolvableError("its type() namespace sets '__doc__' to what is no string "
                                    "made of literals and the factory's parameters")
        return None
    if key in params or scope.assignments[key]:
        raise UnresolvableError(f"its type() namespace sets {key!r}, a name the factory binds "
                                "(a class body would read another)")
    return cst.SimpleStatementLine([cst.Assign(targets=[cst.AssignTarget(cst.Name(key))],
                                               value=value)])


def _bound_names(stmt: cst.BaseStatement) -> set[str]:
    """The top-level names `stmt` binds (defs, classes, assignments and imports)."""
    if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
        return {stmt.name.value}
    names: set[str] = set()
    for target in m.findall(stmt, m.OneOf(m.AssignTarget(), m.ImportAlias())):
        if isinstance(target, cst.AssignTarget) and isinstance(target.target, cst.Name):
            names.add(target.target.value)
        elif isinstance(target, cst.ImportAlias):
            bound = target.asname.name if target.asname is not None else target.name
            if isinstance(bound, cst.Name):
                names.add(bound.value)
    return names


def _check_method(method: cst.FunctionDef) -> None:
    """The function behaves alike in a class body and outside one."""
    shown = method.name.value
    if method.decorators or method.asynchronous is not None:
        raise UnresolvableError(f"its '{shown}' is decorated or async")
    for call in m.findall(method, m.Call(func=m.Name("super"), args=[])):
        raise UnresolvableError(f"its '{shown}' calls `{code_of(call)}`, which Python cannot "
                                "resolve in a function defined outside a class statement "
                                "(RuntimeError: no __class__ cell), where the class statement "
                                "would run its base's")
    for node in m.findall(method, m.Name()):
        text = cst.ensure_type(node, cst.Name).value
        if text == "__class__" or (text.startswith("__") and not text.endswith("__")):
            raise UnresolvableError(f"its '{shown}' names `{text}`, which a class body "
                                    "would read otherwise")


def _fresh(fn: cst.FunctionDef) -> str:
    taken = {cst.ensure_type(n, cst.Name).value for n in m.findall(fn, m.Name())}
    ident = "_TypeBuilt"
    while ident in taken:
        ident += "_"
    return ident


def namespace_functions(fn: cst.FunctionDef, module: cst.Module) -> list[cst.FunctionDef]:
    """The module-level functions of `module` that `fn`'s type() namespace names (their
    bodies become the class's: what they read is read where the class is)."""
    found = _type_call(list(fn.body.body))
    if found is None or not returns_type(fn):
        return []
    namespace = found[1].args[2].value
    names = {cst.ensure_type(e.value, cst.Name).value for e in
             cst.ensure_type(namespace, cst.Dict).elements
             if isinstance(e, cst.DictElement) and isinstance(e.value, cst.Name)}
    return [s for s in module.body if isinstance(s, cst.FunctionDef) and s.name.value in names]
