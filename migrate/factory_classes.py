"""Classes built by a factory function, read as the class statement they stand for.

`XMaker = make_unary_maker("doc")` or `AbsKernel = unary_kernel(np.abs)`, where the factory
is a module-level function of the module or of a module of the tree imported by name,
whose body is constants, one class statement (then only statements setting its
`__name__`, `__qualname__`, `__doc__` or `__module__`, dropped from the reading) and
`return` of that class, and the call's arguments are read statically (constants, names the
module binds once, dotted names like `np.abs`; a `*args` parameter is the tuple of the
remaining positional arguments; a local bound to `functools.partial(f, a, ...)` that the
class only calls is read as calls of `f` with those arguments first: `factory_partials`):
the call is the factory's class with its parameters
(and constants) replaced by the arguments as written, named like the assignment's target
(the way registration helpers are unrolled). `expand` gives the module with such
assignments replaced by that class statement (`Expansion.origins` maps each back to the
assignment it stands for) and, for a call of a factory the codemod cannot read so, why
(`Expansion.refused`).

A factory of another module reads its names there: each module-level name its class reads
has one origin (`tree_origins.origin_of`), the same in the calling module or one it does
not bind, imported for the reading (`Expansion.imports`; dropped again where nothing left
reads it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst
import libcst.matchers as m
from libcst.metadata import GlobalScope, MetadataWrapper, ScopeProvider

from migrate.cst_walk import wrapper_of
from migrate.factory_guards import guards
from migrate.factory_makers import builds_class, cosmetic
from migrate.factory_partials import inline_partials
from migrate.source_files import SourceError
from migrate.static_refs import ImportTable, UnresolvableError, code_of, load_module
from migrate.tree_origins import import_spec, origin_of
from migrate.type_factories import class_form, namespace_functions


@dataclass
class Expansion:
    module: cst.Module
    #: id of a class statement put for a factory call -> the assignment it stands for
    origins: dict[int, cst.BaseStatement] = field(default_factory=dict)
    #: name bound by a factory call the codemod cannot read -> why
    refused: dict[str, str] = field(default_factory=dict)
    #: ids of the import statements added for a factory of another module
    imports: set[int] = field(default_factory=set)
    #: name an added import binds -> the factory's module, where it is to be resolved (the
    #: file on disk does not bind it: `tree_origins.origin_of` reads it there)
    homes: dict[str, Path] = field(default_factory=dict)
    #: the module as its file has it (`module` before the expansion): its lines are the file's
    original: cst.Module | None = None


class _RefusedError(Exception):
    pass


def expand(module: cst.Module, path: Path | None) -> Expansion:
    """`module` with each factory call assignment read as its class (see the module doc)."""
    calls = [(i, stmt) for i, stmt in enumerate(module.body) if _factory_call(stmt)]
    if not calls:
        return Expansion(module)
    imports = ImportTable(module)
    bound: dict[str, int] | None = None  # read once a factory is met
    out = Expansion(module)
    body: list[cst.BaseStatement] = list(module.body)
    added: list[cst.BaseStatement] = []
    for index, stmt in calls:
        small = cst.ensure_type(cst.ensure_type(stmt, cst.SimpleStatementLine).body[0],
                                cst.Assign)
        target = cst.ensure_type(small.targets[0].target, cst.Name).value
        call = cst.ensure_type(small.value, cst.Call)
        found = _factory(module, imports, path, cst.ensure_type(call.func, cst.Name).value)
        if found is None:
            continue
        fn, home, home_module = found
        bound = _top_bindings(module) if bound is None else bound
        shown = f"{fn.name.value}()" + (f" ({home.parent.name}/{home.name})"
                                        if home is not None and home != path else "")
        try:
            fn = _class_form(fn, home_module, home)
            fn = inline_partials(fn, ImportTable(home_module))
            cls = _bound_class(fn, call, target, bound, same=home == path,
                               guarded=guards(fn, home_module, home), imports=imports)
            if home != path:
                more = _imports_for(cls, fn, home, path, imports, bound)
                added.extend(more.values())
                out.homes.update(dict.fromkeys(more, home))
        except _RefusedError as exc:
            out.refused[target] = (f"built by the factory {shown} (`{code_of(stmt).strip()}`),"
                                   f" which the codemod cannot read as a class: {exc}")
            continue
        cls = cls.with_changes(leading_lines=stmt.leading_lines)
        out.origins[id(cls)] = stmt
        body[index] = cls
    if added:
        last = max((i for i, s in enumerate(body) if m.matches(
            s, m.SimpleStatementLine(body=[m.OneOf(m.Import(), m.ImportFrom())]))), default=-1)
        body[last + 1:last + 1] = added
        out.imports = {id(s) for s in added}
    out.module, out.original = module.with_changes(body=body), module
    return out


def _factory_call(stmt: cst.CSTNode) -> bool:
    return m.matches(stmt, m.SimpleStatementLine(body=[m.Assign(
        targets=[m.AssignTarget(target=m.Name())], value=m.Call(func=m.Name()))]))


def _top_bindings(module: cst.Module) -> dict[str, int]:
    """How many bindings each module-level name has (LibCST's ScopeProvider)."""
    wrapper = wrapper_of(module)
    scope = wrapper.resolve(ScopeProvider)[module]
    return {a.name: len(scope.assignments[a.name]) for a in scope.assignments} \
        if scope is not None else {}


def _factory(module: cst.Module, imports: ImportTable, path: Path | None, name: str
             ) -> tuple[cst.FunctionDef, Path | None, cst.Module] | None:
    """The function `name` names, when it builds a class (a class statement in its body):
    a module-level def of `module`, or of the module of the tree it is imported from
    (with that module)."""
    home, where = module, path
    if name in imports.from_modules and path is not None:
        # where the name is defined, through the re-exports of a package's `__init__`
        origin = origin_of(path, name)
        found = origin.path if origin is not None else None
        if found is None:
            return None
        try:
            home, where = load_module(found)[0], found.resolve()
        except (cst.ParserSyntaxError, SourceError, OSError):
            return None
        name = origin.qualified.rsplit(".", 1)[-1]  # type: ignore[union-attr]
    defs = [s for s in home.body if isinstance(s, cst.FunctionDef) and s.name.value == name]
    if len(defs) != 1 or not builds_class(defs[0]):
        return None
    return defs[0], where, home


def _class_form(fn: cst.FunctionDef, module: cst.Module, path: Path | None
                ) -> cst.FunctionDef:
    """`fn` with the class it builds by `type()` written as a class statement
    (`type_factories`)."""
    try:
        return class_form(fn, module, path)
    except UnresolvableError as exc:
        raise _RefusedError(str(exc)) from None


def _bound_class(fn: cst.FunctionDef, call: cst.Call, target: str, bound: dict[str, int],
                 same: bool, guarded: set[int], imports: ImportTable | None = None
                 ) -> cst.ClassDef:
    """The factory's class with its parameters and constants replaced by what the call
    (in a module of `imports`) gives them, named `target`; the argument guards `guarded`
    (ids) ran at import and are no part of it (`factory_guards`)."""
    if fn.decorators or fn.asynchronous is not None:
        raise _RefusedError("it is decorated or async")
    params = fn.params
    star = params.star_arg if isinstance(params.star_arg, cst.Param) else None
    if params.posonly_params or params.star_kwarg is not None:
        raise _RefusedError("it takes **kwargs or positional-only parameters")
    names = [p.name.value for p in (*params.params, *params.kwonly_params)]
    values: dict[str, cst.BaseExpression] = {}
    rest: list[cst.Element] = []  # the positional arguments `*args` takes, as a tuple
    for i, arg in enumerate(call.args):
        if arg.star:
            raise _RefusedError(f"the call passes `{code_of(arg).strip()}`")
        if arg.keyword is None and i >= len(params.params) and star is not None:
            rest.append(cst.Element(_static_argument(arg.value, bound, imports)))
            continue
        key = arg.keyword.value if arg.keyword is not None else (
            names[i] if i < len(params.params) else None)
        if key is None or key not in names or key in values:
            raise _RefusedError("the call's arguments do not match its parameters")
        values[key] = _static_argument(_as_iterated(fn, key, arg.value), bound, imports)
    if star is not None:
        values[star.name.value] = cst.Tuple(rest)
    for p in (*params.params, *params.kwonly_params):
        if p.name.value not in values:
            if p.default is None:
                raise _RefusedError(f"the call gives no '{p.name.value}'")
            if not same and any(cst.ensure_type(n, cst.Name).value not in ("None", "True", "False")
                                for n in m.findall(p.default, m.Name())):
                raise _RefusedError(f"the default of '{p.name.value}' reads names of its module")
            values[p.name.value] = _static_argument(p.default, bound if same else {})
    body = list(fn.body.body)
    if body and m.matches(body[0], m.SimpleStatementLine(body=[m.Expr(m.SimpleString())])):
        body = body[1:]
    at = max((i for i, s in enumerate(body) if isinstance(s, cst.ClassDef)), default=-1)
    if at < 0 or not m.matches(body[-1], m.SimpleStatementLine(body=[m.Return(
            value=m.Name())])):
        raise _RefusedError("its body is not constants, one class statement and `return` of it")
    cls = cst.ensure_type(body[at], cst.ClassDef)
    text = {k for k, v in values.items() if isinstance(v, (cst.SimpleString,
            cst.ConcatenatedString)) or m.matches(v, m.Name("None"))}
    for stmt in body[at + 1:-1]:
        if cosmetic(stmt, cls.name.value, None) and not cosmetic(stmt, cls.name.value, text):
            raise _RefusedError(f"`{code_of(stmt).strip()}` computes its name from what is no "
                                "string")
        if not cosmetic(stmt, cls.name.value, text):
            raise _RefusedError(f"it also runs `{code_of(stmt).strip()}` after its class "
                                "statement (only its __name__, __qualname__, __doc__ and "
                                "__module__ may be set)")
    if at + 2 < len(body) and any(m.findall(cls, m.Name(n))
                                  for n in ("__name__", "__qualname__")):
        raise _RefusedError("its class reads its __name__ or __qualname__, which the factory "
                            "sets")
    body = [*body[:at + 1], body[-1]]
    returned = cst.ensure_type(cst.ensure_type(body[-1], cst.SimpleStatementLine).body[0],
                               cst.Return)
    if cst.ensure_type(returned.value, cst.Name).value != cls.name.value:
        raise _RefusedError(f"it returns `{code_of(returned.value)}`, not its class")
    constants: list[str] = []
    for stmt in body[:-2]:
        if id(stmt) in guarded:
            continue
        if not m.matches(stmt, m.SimpleStatementLine(body=[m.Assign(
                targets=[m.AssignTarget(target=m.Name())])])):
            raise _RefusedError(f"its body also runs `{code_of(stmt).strip()}`")
        small = cst.ensure_type(cst.ensure_type(stmt, cst.SimpleStatementLine).body[0],
                                cst.Assign)
        local = cst.ensure_type(small.targets[0].target, cst.Name).value
        if not m.findall(cls, m.Name(local)):
            continue  # read by no class statement: only by the cosmetic ones, dropped
        if m.findall(small.value, m.OneOf(m.Call(), m.List(), m.Dict(), m.Set(), m.Lambda(),
                                          m.ListComp(), m.DictComp(), m.SetComp(),
                                          m.GeneratorExp())):
            raise _RefusedError(f"its class closes over `{code_of(stmt).strip()}`, which is no "
                           "constant")
        constants.append(cst.ensure_type(small.targets[0].target, cst.Name).value)
    return _substitute(fn, cls, values, constants, target)


def _static_argument(value: cst.BaseExpression, bound: dict[str, int],
                     imports: ImportTable | None = None) -> cst.BaseExpression:
    """`value` when it reads as the same thing wherever the class is read: literals (and
    tuples of them), a name the module binds once (or a builtin), a dotted name of one, and
    (with the calling module's `imports`) `functools.partial` of those, a fresh partial
    of the same function and arguments at each read."""
    if imports is not None and isinstance(value, cst.Call) and value.args and \
            imports.resolve(value.func) == "functools.partial" and \
            not any(a.star for a in value.args):
        for part in (value.func, *(a.value for a in value.args)):
            _static_argument(part, bound)
        return value
    allowed = (cst.Name, cst.Attribute, cst.SimpleString, cst.Integer, cst.Float,
               cst.Imaginary, cst.Tuple, cst.Element, cst.UnaryOperation, cst.Minus,
               cst.ConcatenatedString, cst.Comma, cst.LeftParen, cst.RightParen,
               cst.ParenthesizedWhitespace, cst.SimpleWhitespace, cst.Dot,
               cst.TrailingWhitespace, cst.Newline, cst.EmptyLine, cst.Comment)
    for node in _nodes(value):
        if not isinstance(node, allowed):
            raise _RefusedError(f"the argument `{code_of(value).strip()}` is computed at run time")
    for node in m.findall(value, m.Name()):
        name = cst.ensure_type(node, cst.Name).value
        if bound.get(name, 0) > 1:
            raise _RefusedError(f"the argument `{code_of(value).strip()}` reads '{name}', which "
                           "the module binds more than once")
    return value


def _as_iterated(fn: cst.FunctionDef, name: str, value: cst.BaseExpression
                 ) -> cst.BaseExpression:
    """A list display handed to parameter `name` as the tuple of its elements when `fn` reads
    `name` only as what a `for` (or comprehension) iterates or what `in` / `not in` tests:
    there a fresh list and a tuple of the same elements are read alike, and nothing can
    change the list; else `value` unchanged (then refused as computed at run time)."""
    if not isinstance(value, cst.List):
        return value
    ok: set[int] = set()
    for node in m.findall(fn.body, m.OneOf(m.For(), m.CompFor(), m.ComparisonTarget())):
        if isinstance(node, (cst.For, cst.CompFor)):
            ok.add(id(node.iter))
        elif isinstance(node, cst.ComparisonTarget) and isinstance(node.operator,
                                                                   (cst.In, cst.NotIn)):
            ok.add(id(node.comparator))
    if any(id(n) not in ok for n in m.findall(fn.body, m.Name(name))):
        return value
    return cst.Tuple(value.elements, lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def _nodes(node: cst.CSTNode) -> list[cst.CSTNode]:
    out = [node]
    for child in node.children:
        out.extend(_nodes(child))
    return out


def _substitute(fn: cst.FunctionDef, cls: cst.ClassDef, values: dict[str, cst.BaseExpression],
                constants: list[str], target: str) -> cst.ClassDef:
    """`cls` with every read of a parameter or constant of `fn` (by LibCST's scopes) replaced
    by its value, and of the class's own name by `target`."""
    wrapper = MetadataWrapper(cst.Module(body=[fn]))
    scopes = wrapper.resolve(ScopeProvider)
    copy = cst.ensure_type(wrapper.module.body[0], cst.FunctionDef)
    inner = next(s for s in copy.body.body if isinstance(s, cst.ClassDef)
                 and s.name.value == cls.name.value)
    scope = scopes[inner]
    if scope is None:
        raise _RefusedError("its scopes cannot be read")
    for name in [*values, *constants, cls.name.value]:
        if len(scope.assignments[name]) > 1:
            raise _RefusedError(f"it binds '{name}' more than once")
    known: dict[str, cst.BaseExpression] = dict(values)
    for stmt in copy.body.body:  # in order: a constant may read the parameters
        if m.matches(stmt, m.SimpleStatementLine(body=[m.Assign(
                targets=[m.AssignTarget(target=m.Name())])])):
            small = cst.ensure_type(cst.ensure_type(stmt, cst.SimpleStatementLine).body[0],
                                    cst.Assign)
            name = cst.ensure_type(small.targets[0].target, cst.Name).value
            known[name] = _Replace(_reads(scope, known), known).visit_expr(small.value)
    known[cls.name.value] = cst.Name(target)
    replaced = cst.ensure_type(inner.visit(_Replace(_reads(scope, known), known)), cst.ClassDef)
    return replaced.with_changes(name=cst.Name(target))


def _reads(scope: object, known: dict[str, cst.BaseExpression]) -> dict[int, str]:
    out: dict[int, str] = {}
    for name in known:
        for assignment in scope.assignments[name]:  # type: ignore[attr-defined]
            for access in assignment.references:
                out[id(access.node)] = name
    return out


class _Replace(cst.CSTTransformer):
    def __init__(self, reads: dict[int, str], known: dict[str, cst.BaseExpression]) -> None:
        self.reads, self.known = reads, known

    def visit_expr(self, node: cst.BaseExpression) -> cst.BaseExpression:
        return cst.ensure_type(node.visit(self), cst.BaseExpression)

    def leave_Name(self, original: cst.Name, updated: cst.Name  # noqa: N802
                   ) -> cst.BaseExpression:
        name = self.reads.get(id(original))
        if name is None or name not in self.known:
            return updated
        value = self.known[name]
        if isinstance(value, (cst.Name, cst.Attribute, cst.SimpleString, cst.Integer,
                              cst.Float)) or value.lpar:
            return value
        return value.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def _imports_for(cls: cst.ClassDef, fn: cst.FunctionDef, home: Path | None, path: Path | None,
                 imports: ImportTable, bound: dict[str, int]) -> dict[str, cst.BaseStatement]:
    """The import statements the calling module needs for `cls` (of a factory of `home`)
    to read what it reads there, by the name each binds; _RefusedError when a name has
    another meaning here."""
    if home is None or path is None:
        raise _RefusedError("its module is not read as a file")
    home_module = load_module(home)[0]
    wrapper = wrapper_of(home_module)
    scopes = wrapper.resolve(ScopeProvider)
    factory = next(s for s in home_module.body if isinstance(s, cst.FunctionDef)
                   and s.name.value == fn.name.value)
    guarded = guards(factory, home_module, home)  # they ran at import: what they read is not needed
    skipped = {id(n) for s in factory.body.body if id(s) in guarded for n in _nodes(s)}
    # its signature (annotations, defaults) ran where the factory is defined: the class
    # holds what the call gives the parameters, never their annotations
    skipped |= {id(n) for part in (factory.params, factory.returns) if part is not None
                for n in _nodes(part)}
    inlined = namespace_functions(factory, home_module)  # module functions its class holds
    ids = {id(n) for n in (*_nodes(factory), *(x for f in inlined for x in _nodes(f)))} - skipped
    reads = sorted({a.node.value for s in {s for s in scopes.values() if s is not None}
                    for a in s.accesses if id(a.node) in ids and isinstance(a.node, cst.Name)
                    and a.referents and all(isinstance(x.scope, GlobalScope)
                                            for x in a.referents)})
    added: dict[str, cst.BaseStatement] = {}
    for name in reads:
        theirs = origin_of(home, name)
        if theirs is None:
            raise _RefusedError(f"its class reads '{name}', which has no single binding there")
        if name in bound:
            if origin_of(path, name) != theirs:
                raise _RefusedError(f"its class reads '{name}' ({theirs.qualified}), which this "
                               "module binds to something else")
            continue
        spec = import_spec(path, theirs, name)
        if spec is None or name in imports.names:
            raise _RefusedError(f"its class reads '{name}' ({theirs.qualified}), which this "
                           "module cannot import under that name")
        module, imported = spec
        added[name] = cst.parse_statement(f"from {module} import {imported}\n" if module
                                          else f"import {imported}\n")
    return added
