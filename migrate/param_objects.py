"""Kernels handing their ExecutionContext to a parameter object (issue 23, cm52).

Three shapes of a class of the tree (a class statement of the kernel's module, or one it
imports from another module of the tree, `tree_bases.base_class`) are read, each built
once by a top-level statement of compute() binding a local, `p = ...`, with ctx as the
call's one argument:

* `p = ClipParams.from_ctx(ctx)` (`ParamShape.BUILT`): a dataclass (frozen or not), a
  `typing.NamedTuple` or a plain value class whose `__init__` only stores its arguments
  (`spec_objects.spec_class`, which also refuses a field changed anywhere in the tree),
  whose `@classmethod` does nothing but `return cls(...)`, each argument (positional or
  keyword) a ctx read (`ctx.attr("min")`, `ctx.input("X")`, ..., `ctx.xp`), a literal, or
  a conditional of those (`ctx.attr("x") if ctx.has_attr("x") else 1.0`); a field the
  call leaves out is its default, a literal (or `field(default=...)`,
  `field(default_factory=tuple)`);
* `a = AttrView(ctx)` (`ParamShape.VIEW`): a plain class whose `__init__(self, ctx)` only
  stores ctx (`self._ctx = ctx`) and whose `__getattr__(self, name)` only returns
  `self._ctx.attr(name)`, nothing else in its body: `a.alpha` is `ctx.attr("alpha")`;
* `s = Settings(ctx)` (`ParamShape.READ`): a plain class whose `__init__(self, ctx)` only
  stores such reads on the instance, each field once (`self.axis = ctx.attr("axis")`),
  no field changed anywhere in the tree.

A value class (dataclass or plain, as for BUILT) whose builder does more (branches, loops,
a local bound twice, a call of a helper, a field computed from a tensor) or is called with
more than ctx (`ReduceParams.from_ctx(ctx, x.dims)`) is `ParamShape.LIFTED`: left as it
is here, its builder is lifted like any helper taking ctx (`kernel_ctx_helpers.
class_builder`: the classmethod as a function, its `cls` the class), so the kernel calls
`_from_ctx(x.dims, dim=dim, ...)` and the object, holding only the values computed, stays
a local read as before; a builder keeping ctx (`cls(ctx)`, `print(ctx)`) is refused there.

A field is a value computed from what ctx holds (its attributes, inputs and outputs do
not change while compute() runs), so reading `p.lo` where compute() reads it gives what
the object held: each read of a field becomes the field's expression, spelled with the
kernel's ctx, and the statement building the object goes; the rewrite then reads those
as it reads compute()'s own (`kernel_rewrite.Rewriter`, `has_attr_folds`).

Refused, naming the class and why: the object used other than by reading its fields
(stored on self, passed on, returned, rebound, read before it is built: it escapes), a
field written, a name the class does not hold; a class with a base or a decorator other
than `dataclass`, `__post_init__` or another dunder changing what an instance holds, a
method decorated or mutating the instance, a `__getattr__` doing more than returning one
ctx read, an `__init__` keeping ctx in a class that reads fields. A class deriving
from `OpKernel` is a kernel, not a parameter object (`kernel_compose`, `class_calls`).
An explicit `object` base (`class AttrView(object):`, `object` not bound by its module,
`inert_bases.is_inert_base`) is no base: every class derives from it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

import libcst as cst
import libcst.matchers as m
from libcst.metadata import (
    ExpressionContext,
    ExpressionContextProvider,
    MetadataWrapper,
    ParentNodeProvider,
)

from migrate.class_members import class_members, constant_of
from migrate.cst_walk import find_all
from migrate.inert_bases import is_inert_base
from migrate.kernel_model import SkipError
from migrate.name_loops import SLOT_METHODS
from migrate.names import load_names, store_names
from migrate.spec_objects import (
    SpecClass,
    SpecField,
    check_unchanged,
    method_state,
    spec_class,
)
from migrate.static import ModuleInfo
from migrate.static_refs import (
    ClassRef,
    UnresolvableError,
    code_of,
    dotted,
    is_plain_value,
    literal_string,
    spell,
)
from migrate.syntax import (
    body_statements,
    first_line,
    is_literal,
    passes_ctx,
    single_assign,
    substitute_names,
    with_body,
    without_statements,
)
from migrate.tree_bases import base_class, tree_mro
from migrate.view_defaults import call_defaults
from migrate.view_reads import ViewReader, view_reader

#: what a field may read of ctx: its slot methods, called with one literal name
_READS = frozenset({*SLOT_METHODS, "has_attr"})
#: ctx members read as they are (`kernel_rewrite`: `dev_ctx.xp`, `dev_ctx.place`)
_MEMBERS = frozenset({"xp", "place"})
#: dunders a class that reads ctx in its `__init__` may define (they change nothing held)
_HARMLESS_DUNDERS = frozenset({"__init__", "__repr__", "__str__"})
#: `default_factory=` builtins whose value nothing can change, as spelled inline
_FACTORIES = {"tuple": "()"}
#: builtins a field may convert a ctx read with (`float(ctx.attr("eps"))`): they make a
#: new value of what they are given, and change nothing
_CONVERSIONS = frozenset({"float", "int", "bool", "str", "tuple"})
#: decorators caching a method's results: what it computes is unchanged
_MEMO_CACHES = frozenset({"functools.lru_cache", "functools.cache"})
#: operators a field may apply to attribute reads and constants
_ARITHMETIC = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.FloorDivide, cst.Modulo,
               cst.Power, cst.Minus, cst.Plus)


class ParamShape(Enum):
    BUILT = "built by its classmethod from ctx"
    VIEW = "a view of ctx's attributes"
    READ = "reading ctx in its __init__"
    #: a value class whose builder computes (branches, loops, helpers) or takes more than
    #: ctx: the builder is lifted as a helper taking ctx (`kernel_ctx_helpers`), and the
    #: object, holding only the values it computed, stays a local of the kernel
    LIFTED = "built by a classmethod lifted as a helper"


@dataclass(frozen=True)
class ParamObject:
    """A parameter class as the kernel reads it: each field's expression over `ctx` (the
    name of the context in the class's code); for a view, the attribute keeping ctx."""

    name: str
    shape: ParamShape
    ctx: str
    fields: tuple[tuple[str, cst.BaseExpression], ...] = ()
    view: ViewReader | None = None
    #: a view's keyword defaults, as the call building it gives them
    given: tuple[tuple[str, cst.BaseExpression], ...] = ()

    def read(self, attr: str) -> cst.BaseExpression | str:
        """What `obj.attr` is, over the class's `ctx`; or why it is not read, in words."""
        if self.view is not None:
            if attr in (self.view.kept, self.view.defaults):
                return f"the {'ExecutionContext' if attr == self.view.kept else 'defaults'} " \
                    f"{self.name} keeps"
            if attr.startswith("__"):
                return f"a dunder of {self.name}, not an attribute its __getattr__ reads"
            if attr in self.view.members:  # found on the class: __getattr__ never runs
                return f"an attribute the class body of {self.name} binds, not one its " \
                    "__getattr__ reads"
            value = self.view.read(attr, dict(self.given))
            return f"raising in {self.name}'s __getattr__ whatever the op holds" \
                if isinstance(value, str) else value
        for name, value in self.fields:
            if name == attr:
                return value
        return f"no field of {self.name} (only its fields are read)"


def inline_param_objects(info: ModuleInfo, block: cst.IndentedBlock, ctx: str
                         ) -> cst.IndentedBlock:
    """`block` (compute()'s body, taking `ctx`) with each parameter object it builds read
    field by field (see the module's docstring); SkipError naming why one cannot be."""
    if ctx in store_names(block, outer_only=False):
        return block
    tops = {id(value): (i, name) for i, stmt in enumerate(block.body)
            if (found := single_assign(stmt)) is not None
            for name, value in [found]}
    built: dict[int, tuple[str, ParamObject]] = {}
    # `View(ctx).alpha`: an object read once, where it is built (a load, no store)
    stored = {id(t.target) for t in find_all(block, m.AssignTarget() | m.AugAssign())}  # type: ignore[attr-defined]
    fresh = {id(a.value): a for a in find_all(block, m.Attribute(value=m.Call()))  # type: ignore[attr-defined]
             if id(a) not in stored}
    inline: dict[int, cst.BaseExpression] = {}
    bound = store_names(block, outer_only=False) | info.module_names()
    for node in m.findall(block, m.Call()):
        call = cst.ensure_type(node, cst.Call)
        if not passes_ctx(call, ctx):
            continue
        obj = _param_class(info, call.func)
        if obj is None:
            continue
        spelled = code_of(call).strip()
        where = tops.get(id(call))
        if obj.shape is ParamShape.LIFTED or (obj.shape is ParamShape.BUILT and (
                len(call.args) != 1 or call.args[0].keyword is not None)):
            continue  # its builder is lifted where the rewrite meets the call: a real object
        if where is None and id(call) in fresh and len(call.args) == 1:
            read = fresh[id(call)]
            inline[id(read)] = _spelled(obj, read.attr.value, ctx, bound, f"`{spelled}`")
            continue
        if where is None:
            raise SkipError(f"builds parameter object {obj.name} by `{spelled}` other than "
                            "as a statement `p = ...` of compute(): the object escapes (only a "
                            "local built once and read field by field, `p.name`, is read)")
        if obj.view is not None and obj.view.keywords:
            obj = replace(obj, given=call_defaults(obj.name, obj.view.mapping, call, spelled))
        elif len(call.args) != 1 or call.args[0].keyword is not None:
            raise SkipError(f"builds parameter object {obj.name} by `{spelled}`, with "
                            "arguments besides ctx")
        built[where[0]] = (where[1], obj)
    if not built and not inline:
        return block
    values = _field_reads(block, built, ctx, bound) | inline
    replaced = block.visit(_Fields(values))
    kept, carry = without_statements(replaced.body, [i in built for i in range(
        len(replaced.body))])
    return with_body(replaced, kept, carry)


def _field_reads(block: cst.IndentedBlock, built: dict[int, tuple[str, ParamObject]],
                 ctx: str, bound: set[str]) -> dict[int, cst.BaseExpression]:
    """id of each `p.field` of `block` -> its expression over `ctx`; SkipError naming a
    use of a parameter object other than reading a field after it is built, or a field
    whose expression calls a builtin that `bound` (compute's names, its module's) hides."""
    wrapper = MetadataWrapper(cst.Module(body=block.body), unsafe_skip_copy=True)
    parents = wrapper.resolve(ParentNodeProvider)
    contexts = wrapper.resolve(ExpressionContextProvider)
    top = {id(s): i for i, s in enumerate(block.body)}
    out: dict[int, cst.BaseExpression] = {}
    for at, (local, obj) in built.items():
        target = cst.ensure_type(block.body[at], cst.SimpleStatementLine).body[0]
        target = cst.ensure_type(target, cst.Assign).targets[0].target
        said = f"parameter object `{local}` ({obj.name}, {obj.shape.value})"
        for node in m.findall(block, m.Name(local)):
            if node is target:
                continue
            parent = parents[node]
            if (isinstance(parent, cst.Attribute) and parent.attr is node) or (
                    isinstance(parent, cst.Arg) and parent.keyword is node):
                continue  # `x.p`, `f(p=...)`: no reference to the local
            statement = _statement(parents, top, node)
            if top.get(id(statement), len(block.body)) <= at or not (
                    isinstance(parent, cst.Attribute) and parent.value is node):
                raise SkipError(f"uses {said} other than by reading its fields after it is "
                                f"built: `{_text(parents, node)}` (the object escapes)")
            attr = parent.attr.value
            if contexts.get(parent) is not ExpressionContext.LOAD:
                raise SkipError(f"writes {local}.{attr} of {said}: "
                                f"`{_text(parents, node)}` (only reads of its fields are read)")
            out[id(parent)] = _spelled(obj, attr, ctx, bound, f"{local}.{attr} of {said}")
    return out


def _spelled(obj: ParamObject, attr: str, ctx: str, bound: set[str], said: str
             ) -> cst.BaseExpression:
    """`obj.attr` over the kernel's `ctx`; SkipError (reading `said`) when it is no field
    or calls a builtin that `bound` (compute's names, its module's) hides."""
    value = obj.read(attr)
    if isinstance(value, str):
        raise SkipError(f"reads {said}, which is {value}")
    hidden = sorted(({n.value for n in load_names(value)} - {obj.ctx}) & bound)
    if hidden:
        raise SkipError(f"reads {said}, whose expression `{code_of(value).strip()}` calls "
                        f"{hidden[0]}, which the kernel's module or compute() binds to "
                        "something else")
    return substitute_names(value, {obj.ctx: cst.Name(ctx)}) if obj.ctx != ctx else value


def _statement(parents: dict[cst.CSTNode, cst.CSTNode], top: dict[int, int],
               node: cst.CSTNode) -> cst.CSTNode:
    """The top-level statement of the block holding `node`."""
    while id(node) not in top and node in parents:
        node = parents[node]
    return node


def _text(parents: dict[cst.CSTNode, cst.CSTNode], node: cst.CSTNode) -> str:
    """The innermost statement holding `node`, as written (one line)."""
    while node in parents and not isinstance(node, (cst.BaseSmallStatement,
                                                    cst.BaseCompoundStatement)):
        node = parents[node]
    if isinstance(node, cst.BaseCompoundStatement):
        text = code_of(node).strip().splitlines()[0]
    else:
        text = " ".join(code_of(node).split())
    return text if len(text) <= 80 else text[:77] + "..."


class _Fields(cst.CSTTransformer):
    """Each `p.field` read (by id) spelled as its expression."""

    def __init__(self, values: dict[int, cst.BaseExpression]) -> None:
        super().__init__()
        self.values = values

    def leave_Attribute(self, original_node: cst.Attribute, updated_node: cst.Attribute  # noqa: N802
                        ) -> cst.BaseExpression:
        value = self.values.get(id(original_node))
        return value.deep_clone() if value is not None else updated_node


def _param_class(info: ModuleInfo, func: cst.BaseExpression) -> ParamObject | None:
    """The parameter object `func(ctx)` builds: `C(ctx)` or `C.method(ctx)`, C a class of
    the tree that is no kernel; None when `func` is no such call; SkipError naming why
    the class is not read."""
    method = None
    found = base_class(info, func) if dotted(func) is not None else None
    if found is None and isinstance(func, cst.Attribute) and dotted(func.value) is not None:
        found, method = base_class(info, func.value), func.attr.value
    if found is None:
        return None
    name, home = found
    cls = home.classes[name]
    bases = [b for b in cls.bases if not (b.keyword is None and m.matches(b.value, m.Name(
        "object")) and is_inert_base(home, b.value))]
    where = f"{code_of(func).strip()}(ctx)"
    # a NamedTuple built by its classmethod is read as a value class (`spec_objects`)
    named_tuple = method is not None and not cls.keywords and [
        home.imports.resolve(b.value) for b in bases] == ["typing.NamedTuple"]
    if (bases or cls.keywords) and not named_tuple:
        try:
            mro = tree_mro(home, name)
        except (UnresolvableError, KeyError):
            mro = None
        if mro is not None and any(q.split(".")[-1] == "OpKernel" for q in mro.outside):
            return None  # a kernel: composed or its method called (kernel_compose)
        if mro is not None and not mro.outside and not cls.keywords and method is None \
                and any(_methods(c).get("__getattr__") for c in mro.classes):
            # a view over views of the tree (`class OptimAttrs(AttrView)`): read by its MRO
            members = class_members(mro.classes)
            view = view_reader(mro.classes, f"hands ctx to {name} ({where}), an attribute "
                               "view", lambda n: constant_of(home, members, n, tables=True),
                               lambda c: home.owner_of(c).module)
            return ParamObject(name, ParamShape.VIEW, view.ctx, view=view)
        said = ", ".join(code_of(b.value).strip() for b in (*bases, *cls.keywords))
        raise SkipError(f"hands ctx to {name}, which derives from {said} (a parameter "
                        "object is read only from a class with no base)")
    if method is not None:
        return _built(home, cls, method, where)
    if any(isinstance(s, cst.FunctionDef) and s.name.value == "__getattr__"
           for s in cls.body.body):
        members = class_members([cls])
        view = view_reader([cls], f"hands ctx to {name} ({where}), an attribute view",
                           lambda n: constant_of(home, members, n, tables=True),
                           lambda c: home.owner_of(c).module)
        return ParamObject(name, ParamShape.VIEW, view.ctx, view=view)
    return _read(home, cls, where)


def _methods(cls: cst.ClassDef) -> dict[str, cst.FunctionDef]:
    return {s.name.value: s for s in cls.body.body if isinstance(s, cst.FunctionDef)}


def _plain_params(fn: cst.FunctionDef, count: int) -> list[str] | None:
    """The names of `fn`'s parameters when it takes exactly `count` plain ones."""
    p = fn.params
    if p.posonly_params or p.kwonly_params or p.star_kwarg or \
            p.star_arg is not cst.MaybeSentinel.DEFAULT or len(p.params) != count or \
            any(q.default is not None for q in p.params):
        return None
    return [q.name.value for q in p.params]


def _small(stmt: cst.BaseStatement) -> cst.BaseSmallStatement | None:
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
        return stmt.body[0]
    return None


def _field_value(expr: cst.BaseExpression, ctx: str, home: ModuleInfo,
                 known: dict[str, cst.BaseExpression]) -> cst.BaseExpression | None:
    """`expr` as a field's value over `ctx`, or None when it is none: a ctx read
    (`ctx.attr("x")`, `ctx.xp`), a literal, a local of `known` (its value), a module
    constant of `home` (spelled as the literal it holds: `cm.DEFAULT_SEED`), a conditional
    or a builtin conversion (`float(...)`, the builtin bound by neither `home` nor `known`)
    of those, or arithmetic over attribute reads and constants (no tensor: an input may
    change while compute() runs, an attribute does not)."""
    if is_literal(expr):
        return expr
    if isinstance(expr, cst.Name) and expr.value in known:
        return known[expr.value]
    if isinstance(expr, cst.IfExp):
        parts = [_field_value(e, ctx, home, known) for e in (expr.test, expr.body, expr.orelse)]
        return None if None in parts else expr.with_changes(
            test=parts[0], body=parts[1], orelse=parts[2])
    if isinstance(expr, cst.Call) and m.matches(expr.func, m.Name()):
        func = cst.ensure_type(expr.func, cst.Name).value
        if func not in _CONVERSIONS or func in home.module_names() or func in known or len(
                expr.args) != 1 or expr.args[0].keyword is not None or expr.args[0].star:
            return None
        inner = _field_value(expr.args[0].value, ctx, home, known)
        return None if inner is None else expr.with_changes(
            args=[expr.args[0].with_changes(value=inner)])
    if isinstance(expr, (cst.BinaryOperation, cst.UnaryOperation)):
        parts = [_field_value(e, ctx, home, known) for e in (
            [expr.left, expr.right] if isinstance(expr, cst.BinaryOperation)
            else [expr.expression])]
        if None in parts or not isinstance(expr.operator, _ARITHMETIC) or any(
                not _attributes_only(p, ctx) for p in parts):
            return None
        return expr.with_changes(left=parts[0], right=parts[1]) if isinstance(
            expr, cst.BinaryOperation) else expr.with_changes(expression=parts[0])
    if m.matches(expr, m.Attribute(value=m.Name(ctx))):
        return expr if cst.ensure_type(expr, cst.Attribute).attr.value in _MEMBERS else None
    if isinstance(expr, cst.Call) and m.matches(expr.func, m.Attribute(value=m.Name(ctx))):
        method = cst.ensure_type(expr.func, cst.Attribute).attr.value
        plain = method in _READS and len(expr.args) == 1 and \
            expr.args[0].keyword is None and not expr.args[0].star and \
            literal_string(expr.args[0].value) is not None
        return expr if plain else None
    return _constant(expr, ctx, home, known)


def _constant(expr: cst.BaseExpression, ctx: str, home: ModuleInfo,
              known: dict[str, cst.BaseExpression]) -> cst.BaseExpression | None:
    """A module constant `home` reads (`EPS`, `cm.DEFAULT_SEED`) spelled as the plain
    literal it holds; None when `expr` is no such constant."""
    spelled = dotted(expr)
    if spelled is None or spelled.split(".")[0] in (ctx, *known):
        return None
    try:
        value = home.ev.eval(expr, {})
    except (UnresolvableError, RecursionError):
        return None
    if not is_plain_value(value):
        return None
    try:
        return spell(home.imports, value)
    except UnresolvableError:
        return None


def _attributes_only(expr: cst.BaseExpression, ctx: str) -> bool:
    """Whether `expr` reads of ctx nothing but attributes (`ctx.attr(...)`,
    `ctx.has_attr(...)`)."""
    reads = m.findall(expr, m.Call(func=m.Attribute(value=m.Name(ctx))))
    uses = m.findall(expr, m.Name(ctx))
    return len(reads) == len(uses) and all(
        cst.ensure_type(cst.ensure_type(r, cst.Call).func, cst.Attribute).attr.value in (
            "attr", "has_attr") for r in reads)


def _check_methods(home: ModuleInfo, cls: cst.ClassDef, skip: set[str], where: str) -> None:
    """SkipError when a method of `cls` (module `home`; but `skip`) is decorated (but as a
    static method, class method or property, over functools' memo caches: the object is
    built at run time as before or dissolved into fields, and a cache runs the same code)
    or mutates its instance."""
    name = cls.name.value
    for fn_name, fn in _methods(cls).items():
        if fn_name in skip:
            continue
        decorators = [dotted(d.decorator) for d in fn.decorators
                      if home.imports.decorator(d) not in _MEMO_CACHES]
        if decorators in (["staticmethod"], ["classmethod"]):
            continue
        if (fn.decorators and decorators != ["property"]) or not fn.params.params:
            raise SkipError(f"hands ctx to {name} ({where}), whose method {fn_name}() is "
                            "decorated or takes no self")
        why = method_state(fn)
        if why:
            raise SkipError(f"hands ctx to {name} ({where}), which {why}")


def _built(home: ModuleInfo, cls: cst.ClassDef, method: str, where: str) -> ParamObject:
    name = cls.name.value
    said = f"hands ctx to {name} ({where})"
    fn = _methods(cls).get(method)
    if sum(method in store_names(s) for s in cls.body.body) > 1:
        raise SkipError(f"{said}, whose body binds {method} more than once")
    decorators = [dotted(d.decorator) for d in fn.decorators] if fn is not None else []
    if fn is None or decorators not in (["classmethod"], ["staticmethod"]):
        raise SkipError(f"{said}, whose {method}() is no classmethod or staticmethod of its "
                        "own")
    static = decorators == ["staticmethod"]
    params = _plain_params(fn, 1 if static else 2)
    maker = name if static else params[0] if params else "cls"
    *steps, last = body_statements(fn) or [cst.SimpleStatementLine([cst.Pass()])]
    made = _small(last)
    if static and sum(name in store_names(s) for s in home.module.body) != 1:
        raise SkipError(f"{said}, whose module binds {name} besides its class statement")
    # its shape only: a lifted builder's object is built and read at run time as before,
    # so a field changed (by the builder itself, `p.windows = ...`) matters only to BUILT
    try:
        spec = spec_class(home.ev, ClassRef(name, home.path.resolve() if home.path else None),
                          checked=False)
    except UnresolvableError as exc:
        raise SkipError(f"{said}: {exc}") from None
    _check_methods(home, cls, {"__init__", method}, where)
    lifted = ParamObject(name, ParamShape.LIFTED, "")
    if params is None or not m.matches(made, m.Return(m.Call(func=m.Name(maker)))):
        return lifted  # it computes more than fields: the builder is lifted
    ctx = params[-1]
    known: dict[str, cst.BaseExpression] = {}
    for stmt in steps:
        local = single_assign(stmt)
        value = None if local is None or local[0] in (*known, *params, maker) else \
            _field_value(local[1], ctx, home, known)
        if local is None or value is None:
            return lifted
        known[local[0]] = value
    call = cst.ensure_type(cst.ensure_type(made, cst.Return).value, cst.Call)
    names = [f.name for f in spec.fields]
    given: dict[str, cst.BaseExpression] = {}
    for i, arg in enumerate(call.args):
        key = arg.keyword.value if arg.keyword is not None else (
            names[i] if i < len(names) else "")
        if arg.star or not key or key in given or key not in names:
            raise SkipError(f"{said}: `{code_of(call).strip()}` does not fit its fields")
        value = _field_value(arg.value, ctx, home, known)
        if value is None:
            return lifted  # a field computed from ctx reads some other way
        given[key] = value
    try:
        check_unchanged(spec)  # each read of a field becomes its expression: none changes
    except UnresolvableError as exc:
        raise SkipError(f"{said}: {name} is no spec class the codemod reads: {exc}") from None
    return ParamObject(name, ParamShape.BUILT, ctx,
                       tuple((f.name, given.get(f.name) or _default(f, said))
                             for f in spec.fields))


def _default(f: SpecField, said: str) -> cst.BaseExpression:
    if f.factory is not None and f.factory in _FACTORIES:
        return cst.parse_expression(_FACTORIES[f.factory])
    if f.default is not None and is_literal(f.default):
        return f.default
    why = (f"default_factory={f.factory}, a value of its own per object" if f.factory
           else f"default `{code_of(f.default).strip()}`, no literal" if f.default is not None
           else "no default")
    raise SkipError(f"{said}, which leaves field {f.name} to its {why}")


def _read(home: ModuleInfo, cls: cst.ClassDef, where: str) -> ParamObject:
    name = cls.name.value
    said = f"hands ctx to {name} ({where})"
    if cls.decorators:
        raise SkipError(f"{said}, decorated `@{code_of(cls.decorators[0].decorator).strip()}`"
                        " (a class reading ctx in its __init__ is read only undecorated)")
    methods = _methods(cls)
    init = methods.get("__init__")
    params = _plain_params(init, 2) if init is not None else None
    if params is None:
        raise SkipError(f"{said}, whose __init__ takes other than (self, ctx)")
    me, ctx = params
    for dunder in sorted(set(methods) - _HARMLESS_DUNDERS):
        if dunder.startswith("__") and dunder.endswith("__"):
            raise SkipError(f"{said}, which defines {dunder}")
    fields: dict[str, cst.BaseExpression] = {}
    for stmt in body_statements(init):  # type: ignore[arg-type]
        small = _small(stmt)
        if not m.matches(small, m.Assign(targets=[m.AssignTarget(m.Attribute(
                value=m.Name(me), attr=m.Name()))])):
            raise SkipError(f"{said}, whose __init__ runs `{first_line(stmt)}` (only "
                            "storing ctx reads on the instance is read)")
        assign = cst.ensure_type(small, cst.Assign)
        field_ = cst.ensure_type(assign.targets[0].target, cst.Attribute).attr.value
        if m.matches(assign.value, m.Name(ctx)):
            raise SkipError(f"{said}, which keeps the ExecutionContext past its __init__ "
                            f"(`{first_line(stmt)}`)")
        value = None if field_ in fields or field_ in methods else _field_value(
            assign.value, ctx, home, {})
        if value is None:
            raise SkipError(f"{said}, whose __init__ runs `{first_line(stmt)}` (each field "
                            "stored once, a ctx read, literal, constant, builtin conversion "
                            "or attribute arithmetic of those, is read)")
        fields[field_] = value
    for stmt in body_statements(cls):
        small = _small(stmt)
        if not isinstance(stmt, cst.FunctionDef) and not (
                m.matches(small, m.Assign(targets=[m.AssignTarget(m.Name())]))
                and is_literal(cst.ensure_type(small, cst.Assign).value)
                and code_of(cst.ensure_type(small, cst.Assign).targets[0].target).strip()
                not in fields):
            raise SkipError(f"{said}, which runs `{first_line(stmt)}` in its class body")
    _check_methods(home, cls, {"__init__"}, where)
    spec = SpecClass(ClassRef(name, home.path.resolve() if home.path else None), "class",
                     tuple(SpecField(f) for f in fields), cls, home.ev)
    try:
        check_unchanged(spec)
    except UnresolvableError as exc:
        raise SkipError(f"{said}: {exc}") from None
    return ParamObject(name, ParamShape.READ, ctx, tuple(fields.items()))

