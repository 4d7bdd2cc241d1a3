"""Spec objects registering ops: `SPECS = [OpSpec("x_expm1", Expm1Kernel, FLOATS), ...]` then
`for _spec in SPECS: _spec.register()` (or `register_spec(_spec)`, or
`OpSpec(...).register()` as a statement of its own).

A spec class is a class of the tree that only holds values: a dataclass (frozen or not),
a `typing.NamedTuple`, or a plain class whose `__init__` only stores its arguments
(`self.name = name`). Its instance, built with arguments known statically (positional,
keywords, defaults, `field(default=...)` / `field(default_factory=tuple)`, through a
`functools.partial` of the class), is a `SpecInstance`: `self.<field>` in the body of the
method a registration calls reads its value, anything else of `self` is refused. The
method's body is then read by the interpreter of registration helpers (`migrate.static`).

Refused, naming why: a class doing more at construction (`__post_init__`, its own
`__init__` in a dataclass, `__new__`, `__setattr__`, a base, a decorator other than
`dataclass`), and a field of it changed anywhere in the tree (`spec.cpu = ...`,
`setattr(spec, "cpu", ...)`, `spec.attrs.append(...)`, `spec.attrs[0] = ...`) but in the
plain class's own `__init__`: what the codemod reads would not be what the method sees.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.cst_walk import find_all
from migrate.source_files import file_state, runnable_source
from migrate.static_refs import (
    ClassRef,
    InstanceRef,
    PartialRef,
    UnresolvableError,
    code_of,
    literal_string,
    names_in,
)
from migrate.tree_names import tree_paths

_DATACLASS = "dataclasses.dataclass"
_FIELD = "dataclasses.field"
#: `dataclass(...)` keywords that change nothing the codemod reads
_DATACLASS_KEYWORDS = frozenset({"frozen", "eq", "repr", "order", "unsafe_hash"})
#: `default_factory=` builtins and the empty value each makes
_FACTORIES: dict[str, Any] = {"tuple": (), "frozenset": frozenset(), "list": list,
                              "dict": dict, "set": set}
#: methods that would make an instance other than its fields say
_REFUSED_METHODS = frozenset({"__post_init__", "__new__", "__setattr__", "__getattr__",
                              "__getattribute__", "__delattr__", "__init_subclass__"})
#: methods changing a list, dict or set in place
_CHANGING = frozenset({"append", "extend", "insert", "remove", "pop", "clear", "update",
                       "add", "discard", "sort", "reverse", "setdefault", "popitem"})


@dataclass(frozen=True)
class SpecField:
    name: str
    default: cst.BaseExpression | None = None
    factory: str | None = None  # a `default_factory` builtin


@dataclass(frozen=True)
class SpecClass:
    ref: ClassRef
    kind: str  # "frozen dataclass", "dataclass", "NamedTuple", "class"
    fields: tuple[SpecField, ...]  # in the order the class takes them
    cls: cst.ClassDef
    home: Any  # the `static_eval.Evaluator` of its module


class SpecInstance(InstanceRef):
    """An instance of a spec class built with arguments known statically: `self.<field>`
    reads its value (`lookup`), anything else is refused."""

    def __init__(self, spec: SpecClass, values: dict[str, Any], text: str) -> None:
        super().__init__(self._field)
        self.spec, self.values, self.text = spec, values, text

    def _field(self, name: str) -> Any:
        if name in self.values:
            return self.values[name]
        raise UnresolvableError(f"`.{name}` of {self.spec.ref.name} is no field of it (a spec "
                                "read beyond its fields)")

    def __repr__(self) -> str:
        return self.text


#: module evaluator -> class name -> its spec class, or why it is none
_SPECS: weakref.WeakKeyDictionary[Any, dict[str, tuple[SpecClass | UnresolvableError, bool]]] = (
    weakref.WeakKeyDictionary())


def _home(ev: Any, ref: ClassRef) -> Any:
    same = ref.path is None or (ev.path is not None and ref.path == ev.path.resolve())
    return ev if same else ev._other(ref.path)


def spec_class(ev: Any, ref: ClassRef, call: cst.Call | None = None, explain: bool = True,
               checked: bool = True) -> SpecClass:
    """The spec class `ref` names (read in its module); UnresolvableError saying why it is
    none (unless `explain` is off and it holds no values the codemod reads: then naming
    `call`, as for any call it cannot read). Not `checked`: its shape only, a field changed
    in the tree allowed (`check_unchanged` is the caller's to run where it matters)."""
    home = _home(ev, ref)
    cls = home.classes.get(ref.name)
    if cls is None:
        raise UnresolvableError(f"`{ref.name}` is a class the codemod cannot read")
    if not checked:
        try:
            kind, fields = _shape(home, cls)
        except UnresolvableError as exc:
            raise UnresolvableError(f"{ref.name} is no spec class the codemod reads: "
                                    f"{exc}") from None
        return SpecClass(ref, kind, tuple(fields), cls, home)
    key = ref.name
    memo = _SPECS.setdefault(home, {})
    if key not in memo:
        shaped = False
        try:
            kind, fields = _shape(home, cls)
            spec, shaped = SpecClass(ref, kind, tuple(fields), cls, home), True
            check_unchanged(spec)
            memo[key] = spec, True
        except UnresolvableError as exc:
            memo[key] = UnresolvableError(f"{ref.name} is no spec class the codemod reads: "
                                          f"{exc}"), shaped
    found, shaped = memo[key]
    if isinstance(found, UnresolvableError):
        if not (shaped or explain):  # a class that holds no values: the call, as before
            raise UnresolvableError(code_of(call).strip() if call else found)
        raise found
    return found


def _shape(home: Any, cls: cst.ClassDef) -> tuple[str, list[SpecField]]:
    if cls.keywords:
        raise UnresolvableError(f"class keywords `{code_of(cls.keywords[0]).strip()}`")
    bases = [home.imports.resolve(b.value) or code_of(b.value).strip() for b in cls.bases]
    named_tuple = bases in (["typing.NamedTuple"], ["NamedTuple"])
    if bases and bases != ["object"] and not named_tuple:
        raise UnresolvableError(f"it derives from {', '.join(bases)}")
    frozen = _dataclass(home, cls)
    if named_tuple and frozen is not None:
        raise UnresolvableError("a NamedTuple decorated as a dataclass")
    methods = {s.name.value: s for s in cls.body.body if isinstance(s, cst.FunctionDef)}
    if refused := sorted(_REFUSED_METHODS & set(methods)):
        raise UnresolvableError(f"it defines `{refused[0]}`")
    if frozen is None and not named_tuple:
        if "__init__" not in methods:
            raise UnresolvableError("no dataclass, NamedTuple or `__init__` storing its arguments")
        return "class", _stored(methods["__init__"])
    if "__init__" in methods:
        raise UnresolvableError("it defines its own `__init__`")
    kind = "NamedTuple" if named_tuple else "frozen dataclass" if frozen else "dataclass"
    fields = []
    for stmt in cls.body.body:
        for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                field_ = _annotated(home, small, named_tuple)
                if field_ is not None:
                    fields.append(field_)
    return kind, fields


def _dataclass(home: Any, cls: cst.ClassDef) -> bool | None:
    """Whether `@dataclass` makes `cls` frozen (None: not decorated)."""
    frozen = None
    for deco in cls.decorators:
        node = deco.decorator
        call = node if isinstance(node, cst.Call) else None
        if home.imports.resolve(call.func if call else node) != _DATACLASS:
            raise UnresolvableError(f"its decorator `@{code_of(node).strip()}`")
        frozen = False
        for arg in call.args if call else ():
            key = arg.keyword.value if arg.keyword else ""
            value = home.eval(arg.value, {}) if key in _DATACLASS_KEYWORDS else None
            if key not in _DATACLASS_KEYWORDS or not isinstance(value, bool):
                raise UnresolvableError(f"`@{code_of(node).strip()}`")
            frozen = frozen or (key == "frozen" and value)
    return frozen


def _annotated(home: Any, small: cst.AnnAssign, named_tuple: bool) -> SpecField | None:
    """The field `name: T = default` declares (None: a `ClassVar`)."""
    ann = small.annotation.annotation
    root = ann.value if isinstance(ann, cst.Subscript) else ann
    qualified = home.imports.resolve(root) or code_of(root).strip()
    if qualified.rsplit(".", 1)[-1] == "ClassVar":
        return None
    if qualified.rsplit(".", 1)[-1] in ("KW_ONLY", "InitVar"):
        raise UnresolvableError(f"`{code_of(small).strip()}`")
    name, value = small.target.value, small.value  # type: ignore[attr-defined]
    if not (isinstance(value, cst.Call) and home.imports.resolve(value.func) == _FIELD):
        return SpecField(name, value)
    if named_tuple:
        raise UnresolvableError(f"`{code_of(small).strip()}`")
    out = SpecField(name)
    for arg in value.args:
        key = arg.keyword.value if arg.keyword else ""
        spelled = code_of(arg.value).strip()
        if key == "default":
            out = SpecField(name, arg.value)
        elif key == "default_factory" and spelled in _FACTORIES and spelled not in home.assigns:
            out = SpecField(name, factory=spelled)
        elif key not in ("repr", "compare", "hash", "metadata"):
            raise UnresolvableError(f"`{code_of(small).strip()}`")
    return out


def _stored(init: cst.FunctionDef) -> list[SpecField]:
    """The fields of a plain class whose `__init__` stores each argument under its name."""
    p = init.params
    star = isinstance(p.star_arg, (cst.Param, cst.ParamStar))
    if init.decorators or star or p.kwonly_params or p.star_kwarg or p.posonly_params or \
            not p.params or p.params[0].name.value != "self":
        raise UnresolvableError("its `__init__` takes more than plain arguments")
    fields = [SpecField(q.name.value, q.default) for q in p.params[1:]]
    stored = []
    for stmt in init.body.body:
        smalls = stmt.body if isinstance(stmt, cst.SimpleStatementLine) else [stmt]
        for small in smalls:
            if isinstance(small, cst.Expr) and literal_string(small.value) is not None:
                continue
            if m.matches(small, m.Assign(targets=[m.AssignTarget(m.Attribute(m.Name("self")))],
                                         value=m.Name())):
                attr = small.targets[0].target.attr.value  # type: ignore[attr-defined]
                if attr == small.value.value:  # type: ignore[attr-defined]
                    stored.append(attr)
                    continue
            raise UnresolvableError(f"its `__init__` runs `{code_of(small).strip()}`")
    if sorted(stored) != sorted(f.name for f in fields):
        raise UnresolvableError("its `__init__` does not store each argument once")
    return fields


def check_unchanged(spec: SpecClass) -> None:
    """UnresolvableError naming a statement of the tree that may change a field of an
    instance of `spec`. Which object an attribute belongs to the codemod does not know, so
    any object's attribute of a field's name counts, unless it surely is no instance: `self`
    in a class that is not `spec`'s (nor derives from it by that name), a module-level name
    bound to a call of another class or function; an instance of a frozen dataclass or a
    NamedTuple refuses assignments itself, so only changes in place count there
    (`spec.attrs.append(...)`, `spec.attrs[0] = ...`, `object.__setattr__`). The plain class's
    own `__init__` storing its arguments is no change."""
    names = {f.name for f in spec.fields}
    here = spec.home.path.resolve() if spec.home.path is not None else None
    modules: list[tuple[str, cst.Module | None]] = [
        (here.name if here else "its module", spec.home.module)]
    modules += [(rel.as_posix(), _parsed(path)) for path, rel in (
        tree_paths(here, include_self=False) if here is not None else ())]
    assigned = spec.kind in ("class", "dataclass")
    for where, module in modules:
        for change in _changes(module) if module is not None else ():
            if change.attr in names and (assigned or change.in_place) and change.may_be(
                    spec.ref.name):
                raise UnresolvableError(f"`{change.text}` ({where}) may change a field of "
                                        "one of its instances")


_PARSED: dict[tuple[Path, int, int], cst.Module | None] = {}
#: id of a module -> (the module, the attribute changes it makes)
_CHANGES: dict[int, tuple[cst.Module, list[_Change]]] = {}


def _parsed(path: Path) -> cst.Module | None:
    key = file_state(path)
    if key not in _PARSED:
        try:
            _PARSED[key] = cst.parse_module(runnable_source(path) or "")
        except (cst.ParserSyntaxError, RecursionError, ValueError):
            _PARSED[key] = None
    return _PARSED[key]


def _changes(module: cst.Module) -> list[_Change]:
    if id(module) not in _CHANGES:
        finder = _Changes(module)
        module.visit(finder)
        _CHANGES[id(module)] = (module, finder.found)
    return _CHANGES[id(module)][1]


@dataclass(frozen=True)
class _Change:
    """A statement or call changing `<object>.<attr>`: assigned (or deleted), or changed in
    place (`.append(...)`, `[i] = ...`, `setattr`)."""

    attr: str
    in_place: bool
    text: str
    #: a method's `self`: (its class, the names its bases read, in that class's `__init__`)
    method_of: tuple[str, frozenset[str], bool] | None = None
    #: a module-level name bound to a call: the names its function reads
    bound_by: frozenset[str] | None = None

    def may_be(self, owner: str) -> bool:
        """Whether the object may be an instance of class `owner`."""
        if self.method_of is not None:
            cls, bases, in_init = self.method_of
            return (cls == owner and not in_init) or owner in bases
        return self.bound_by is None or owner in self.bound_by


class _Changes(cst.CSTVisitor):
    """The attribute changes of a module (`_Change`)."""

    def __init__(self, module: cst.Module) -> None:
        super().__init__()
        self.bound: dict[str, frozenset[str]] = {}
        for stmt in module.body:
            for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
                if m.matches(small, m.Assign(targets=[m.AssignTarget(m.Name())],
                                             value=m.Call())):
                    name = small.targets[0].target.value  # type: ignore[attr-defined]
                    self.bound[name] = frozenset(names_in(small.value.func))  # type: ignore[attr-defined]
        self.frames: list[cst.ClassDef | cst.FunctionDef] = []
        self.found: list[_Change] = []

    def visit_ClassDef(self, node: cst.ClassDef) -> None:  # noqa: N802
        self.frames.append(node)

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:  # noqa: N802
        self.frames.pop()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:  # noqa: N802
        self.frames.append(node)

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:  # noqa: N802
        self.frames.pop()

    def _note(self, node: cst.BaseExpression, in_place: bool, text: cst.CSTNode) -> None:
        if not isinstance(node, cst.Attribute):
            return
        root, method_of, bound_by = node.value, None, None
        at = max((i for i, f in enumerate(self.frames) if isinstance(f, cst.FunctionDef)),
                 default=-1)
        cls = self.frames[at - 1] if at > 0 else None
        if m.matches(root, m.Name("self")) and isinstance(cls, cst.ClassDef):
            bases = frozenset(n for b in cls.bases for n in names_in(b.value))
            in_init = self.frames[at].name.value == "__init__"  # type: ignore[union-attr]
            method_of = (cls.name.value, bases, in_init)
        elif isinstance(root, cst.Name) and at < 0 and root.value in self.bound:
            bound_by = self.bound[root.value]
        text = " ".join(code_of(text).split())
        self.found.append(_Change(node.attr.value, in_place,
                                  text if len(text) <= 70 else text[:67] + "...",
                                  method_of, bound_by))

    def _target(self, target: cst.BaseExpression, node: cst.CSTNode) -> None:
        if isinstance(target, cst.Subscript):
            self._note(target.value, True, node)  # `spec.attrs[0] = ...`
        else:
            self._note(target, False, node)

    def visit_Assign(self, node: cst.Assign) -> None:  # noqa: N802
        for target in node.targets:
            self._target(target.target, node)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:  # noqa: N802
        self._target(node.target, node)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:  # noqa: N802
        if node.value is not None:
            self._target(node.target, node)

    def visit_Del(self, node: cst.Del) -> None:  # noqa: N802
        self._target(node.target, node)

    def visit_Call(self, node: cst.Call) -> None:  # noqa: N802
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in _CHANGING:
            self._note(func.value, True, node)  # `spec.attrs.append(...)`
        elif code_of(func).strip() in ("setattr", "object.__setattr__", "delattr") and len(
                node.args) > 1:
            attr = literal_string(node.args[1].value) or ""
            if attr.isidentifier():  # `setattr(spec, "cpu", ...)`
                self._note(cst.Attribute(node.args[0].value, cst.Name(attr)), True, node)


def spec_instance(ev: Any, func: Any, call: cst.Call, env: dict[str, Any]) -> SpecInstance:
    """`call` (of `func`: a spec class, or a `functools.partial` of one) as the instance it
    builds; UnresolvableError when it builds none the codemod reads."""
    args, keywords = [], {}
    if isinstance(func, PartialRef):
        args, keywords, func = list(func.args), dict(func.keywords), func.func
    if not isinstance(func, ClassRef):
        raise UnresolvableError(code_of(call).strip())
    spec = spec_class(ev, func, call, explain=False)
    if any(a.star for a in call.args):
        raise UnresolvableError(f"*args in {code_of(call).strip()}")
    for arg in call.args:
        value = ev.eval(arg.value, env)
        if arg.keyword is None:
            args.append(value)
        else:
            keywords[arg.keyword.value] = value  # the call's keywords win over a partial's
    names = [f.name for f in spec.fields]
    if len(args) > len(names) or set(keywords) - set(names) or set(keywords) & set(
            names[:len(args)]):
        raise UnresolvableError(f"`{code_of(call).strip()}` does not fit {func.name}'s fields")
    values = dict(zip(names, args)) | keywords
    for f in spec.fields:
        if f.name in values:
            continue
        if f.factory is not None:
            made = _FACTORIES[f.factory]
            values[f.name] = made() if callable(made) else made
        elif f.default is not None:
            values[f.name] = spec.home.eval(f.default, {})
        else:
            raise UnresolvableError(f"`{code_of(call).strip()}` leaves `{f.name}` unset")
    return SpecInstance(spec, values, code_of(call).strip())


def spec_method(ev: Any, call: cst.Call, env: dict[str, Any],
                registers: Callable[[Any, cst.FunctionDef], bool]
                ) -> tuple[SpecInstance, cst.FunctionDef] | None:
    """The spec instance and method `call` (`_spec.register()`, `OpSpec(...).register()`)
    calls, a method that `registers` (given its module's evaluator and the method); None
    when `call` calls no such method of an object of a class of the tree; UnresolvableError
    when it does, but the object is no spec instance the codemod reads."""
    if not isinstance(call.func, cst.Attribute):
        return None
    name = call.func.attr.value
    try:
        target = ev.eval(call.func.value, env)
    except UnresolvableError as exc:
        ref = _class_of(ev, call.func.value, env)
        home = _home(ev, ref) if ref is not None else None
        fn = _method(home.classes.get(ref.name), name) if home is not None else None
        if fn is None or not registers(home, fn):
            return None
        spec_class(ev, ref)  # type: ignore[arg-type]  # why it is no spec class
        raise exc from None  # an argument it cannot read
    if not isinstance(target, SpecInstance):
        return None
    fn = _method(target.spec.cls, name)
    if fn is None or not registers(target.spec.home, fn):
        return None
    cls = target.spec.cls.name.value
    params = fn.params.params
    if fn.decorators or name.startswith("__") or not params or params[0].name.value != "self" \
            or fn.params.posonly_params:
        raise UnresolvableError(f"`{code_of(call).strip()}`: {cls}.{name}() is no plain method")
    return target, fn


def _method(cls: cst.ClassDef | None, name: str) -> cst.FunctionDef | None:
    return next((s for s in cls.body.body if isinstance(s, cst.FunctionDef)
                 and s.name.value == name), None) if cls is not None else None


def _class_of(ev: Any, node: cst.BaseExpression, env: dict[str, Any]) -> ClassRef | None:
    """The class `node` calls (itself or through a `functools.partial`), or the call a
    module-level name is bound to calls; None for anything else."""
    if isinstance(node, cst.Name) and node.value not in env:
        node = ev.assigns.get(node.value, node)
    try:
        func = ev.eval(node.func, env) if isinstance(node, cst.Call) else None
    except UnresolvableError:
        return None
    func = getattr(func, "func", func)  # a partial's class
    return func if isinstance(func, ClassRef) else None


def without_self(fn: cst.FunctionDef) -> cst.FunctionDef:
    """A method as the function its call binds (its `self` left out)."""
    return fn.with_changes(params=fn.params.with_changes(params=fn.params.params[1:]))


def specs_in(env: dict[str, Any]) -> list[SpecInstance]:
    """The spec instances the values of `env` hold (in tuples, lists, dicts too)."""
    out: list[SpecInstance] = []
    todo = list(env.values())
    while todo:
        value = todo.pop()
        if isinstance(value, SpecInstance):
            out.append(value)
        elif isinstance(value, (tuple, list, set, frozenset)):
            todo.extend(value)
        elif isinstance(value, dict):
            todo.extend([*value.keys(), *value.values()])
    return out


def spec_effect(instances: list[SpecInstance]) -> str:
    """What a statement registering through spec objects does besides registering: the
    objects stay, so the statement stays (`registration_effects`)."""
    classes = ", ".join(dict.fromkeys(i.spec.ref.name for i in instances))
    return f"registers it through {classes} objects, which stay as written"


def names_spec(ev: Any, stmt: cst.CSTNode, registers: Callable[[Any, cst.FunctionDef], bool]
               ) -> bool:
    """Whether top-level statement `stmt` calls a method (`_spec.register()`) that a class
    of the tree it names (itself or through the module constants it reads) defines and that
    `registers` (given the class's module's evaluator and the method): a spec class, read or
    refused as one (`spec_class`)."""
    if not isinstance(stmt, (cst.For, cst.SimpleStatementLine)):
        return False
    called = {c.func.attr.value  # type: ignore[attr-defined]
              for c in find_all(stmt, m.Call(func=m.Attribute()))}
    if not called:
        return False
    seen: set[str] = set()
    todo = [names_in(stmt)]
    while todo:
        for name in todo.pop() - seen:
            seen.add(name)
            if name in ev.assigns:
                todo.append(names_in(ev.assigns[name]))
    for name in sorted(seen):
        if name not in ev.classes and name not in ev.imports.names:
            continue
        try:
            ref = ev.eval(cst.Name(name), {})
        except UnresolvableError:
            continue
        home = _home(ev, ref) if isinstance(ref, ClassRef) else None
        cls = home.classes.get(ref.name) if home is not None else None
        if cls is None or not (cls.decorators or all(  # no kernel, maker or operator
                code_of(b.value).strip() in ("object", "NamedTuple", "typing.NamedTuple")
                for b in cls.bases)):
            continue
        if any(registers(home, fn) for attr in called if (fn := _method(cls, attr))):
            return True
    return False


def method_state(fn: cst.FunctionDef) -> str:
    """How method `fn` changes its instance (a store to `self.X`), in words; "" if it does
    not."""
    me = fn.params.params[0].name.value
    on_self = m.Attribute(value=m.Name(me))
    stores = m.Assign() | m.AugAssign() | m.AnnAssign() | m.Del() | m.For() | m.CompFor()
    for node in m.findall(fn, stores | m.WithItem()):
        if isinstance(node, cst.Assign):
            targets = [t.target for t in node.targets]
        elif isinstance(node, cst.WithItem):
            targets = [node.asname.name] if node.asname is not None else []
        else:
            targets = [node.target]  # type: ignore[attr-defined]
        if any(m.findall(t, on_self) or m.matches(t, on_self) for t in targets):
            return (f"keeps state its methods mutate: {fn.name.value}() runs "
                    f"`{code_of(node).strip()}`")
    return ""
