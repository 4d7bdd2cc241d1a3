"""Read a legacy op module statically: imports, constants, protos, operators, registrations.

Nothing here imports or runs the module being migrated. `ModuleInfo` holds what is read
and the interpreter of registration code lives here; `module_scan.scan_module` runs it
over a module's top-level statements and gives the `ModuleInfo`. References resolve
through `static_refs`, values through `static_eval`; `proto_reader` adds the op protos.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.call_binding import call_args
from migrate.comprehension_loops import unread_statement
from migrate.cst_walk import find_all
from migrate.factory_classes import Expansion
from migrate.factory_makers import FactoryCall
from migrate.framework_operators import framework_grad_operator
from migrate.helper_returns import helper_body
from migrate.inert_bases import is_inert_base, plain_base
from migrate.partial_calls import kernel_partial, only_called, partial_names
from migrate.partial_registrations import expanded
from migrate.reexports import named_dtype
from migrate.register_reach import may_register
from migrate.registration_effects import note_effect
from migrate.source_files import file_state, read_source
from migrate.spec_objects import spec_effect, spec_method, specs_in, without_self
from migrate.static_eval import Evaluator, class_bases, is_type_call
from migrate.static_facts import OperatorDef, Registration, StaticProto, UnresolvedRegistration
from migrate.static_locals import bind_local, is_local_assignment
from migrate.static_refs import (
    ClassRef,
    EnumRef,
    FunctionRef,
    ImportTable,
    PartialRef,
    UnresolvableError,
    code_of,
    dotted,
    iter_top_statements,
    literal_string,
)
from migrate.tree_origins import origin_of
from migrate.unread_operators import unread_operator


@dataclass
class ModuleInfo:
    path: Path | None
    module: cst.Module
    imports: ImportTable
    ev: Evaluator
    classes: dict[str, cst.ClassDef]
    operators: dict[str, OperatorDef] = field(default_factory=dict)
    registrations: list[Registration] = field(default_factory=list)
    unresolved: list[UnresolvedRegistration] = field(default_factory=list)
    base_kernel_names: dict[str, str] = field(default_factory=dict)
    protos: dict[str, StaticProto | str] = field(default_factory=dict)  # str: why unreadable
    #: op -> why its `register_operator` call cannot be read (an operator class or maker
    #: built at run time)
    unread_operators: dict[str, str] = field(default_factory=dict)
    #: top-level statement -> what the helpers it calls do besides registering (it stays)
    effects: dict[int, list[str]] = field(default_factory=dict)
    #: facts derived from the module once (see `class_members.assigned_outside`)
    memo: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    #: id of a ClassDef of another module of the tree (a base, `tree_bases.tree_mro`) ->
    #: that module
    foreign_owners: dict[int, ModuleInfo] = field(default_factory=dict, repr=False,
                                                  compare=False)
    #: assignments of factory calls read as their classes (`migrate.factory_classes`)
    factories: Expansion | None = field(default=None, repr=False, compare=False)
    #: how a module of the tree is read (`migrate.module_scan.scan_module`, which builds
    #: every ModuleInfo): `info_for` reads the modules a reference leads to with it
    scan: Callable[[str, Path | None], ModuleInfo] | None = field(default=None, repr=False,
                                                                   compare=False)

    def factory_refusal(self, name: str) -> str | None:  # why a factory call is not read
        return self.factories.refused.get(name) if self.factories is not None else None

    def owner_of(self, cls: cst.ClassDef) -> ModuleInfo:
        """The module `cls` is a class of: this one, or another module of the tree."""
        return self.foreign_owners.get(id(cls), self)

    def class_mro(self, name: str) -> tuple[list[cst.ClassDef], list[str]]:
        """In-module classes of `name`'s MRO, in Python's (C3) order, and the bases from
        outside the module met on the way; UnresolvableError when C3 finds no order."""
        linear = self._linearize(name, ())
        mro = [self.classes[n] for n in linear if n in self.classes]
        outside = list(dict.fromkeys(n for n in linear if n not in self.classes))
        return mro, outside

    def _linearize(self, name: str, busy: tuple[str, ...]) -> list[str]:
        cls = self.classes.get(name)
        if cls is None:
            return [name]
        if name in busy:
            raise UnresolvableError(f"class {name} inherits from itself")
        bases = []
        for base in class_bases(cls):
            if is_inert_base(self, base):
                continue
            base = plain_base(self, base)
            d = dotted(base)
            bases.append(d if d is not None and d in self.classes
                         else self.imports.resolve(base) or code_of(base))
        seqs = [self._linearize(b, (*busy, name)) for b in bases] + [list(bases)]
        return c3_merge(name, seqs, name)

    def module_names(self) -> set[str]:
        """Names the module binds at its top level (classes, functions, constants, imports)."""
        names = set(self.classes) | set(self.ev.assigns) | set(self.imports.names)
        names.update(self.ev.functions)
        return names

    def bases_elsewhere(self) -> set[tuple[Path, str]]:
        """The classes of other modules of the tree this module's classes subclass, as
        (their file, name): bases as the evaluator resolves them (`from .m import C`,
        `m.C`, `from .m import *`)."""
        out: set[tuple[Path, str]] = set()
        for cls in self.classes.values():
            for base in class_bases(cls):
                ref = self._class_elsewhere(plain_base(self, base))
                if ref is not None and ref.path is not None:
                    out.add((ref.path, ref.name))
        return out

    def is_subclass_of(self, name: str, symbol: str, busy: frozenset[tuple[Path | None, str]]
                       = frozenset()) -> bool:
        """`name` (a class of this module) subclasses the imported `symbol`, through its
        bases here or in other modules of the tree (imported, star-imported)."""
        cls = self.classes.get(name)
        key = (self.path.resolve() if self.path else None, name)
        if cls is None or key in busy:
            return False
        return any(self.base_subclasses(base, symbol, busy | {key}, name)
                   for base in class_bases(cls))

    def base_subclasses(self, base: cst.BaseExpression, symbol: str,
                        busy: frozenset[tuple[Path | None, str]] = frozenset(),
                        name: str = "") -> bool:
        """The base expression `base` (of class `name`) is, or subclasses, the imported
        `symbol`."""
        d = dotted(base := plain_base(self, base))
        if d is not None and d in self.classes and d != name:
            return self.is_subclass_of(d, symbol, busy)
        if self.imports.is_symbol(base, symbol):
            return True
        ref = self._class_elsewhere(base)
        return ref is not None and info_for(self, ref).is_subclass_of(ref.name, symbol, busy)

    def registers_operators_only(self, index: int) -> bool:
        """Whether top-level statement `index` only calls register_operator (it registers
        no kernel, whatever it could not read)."""
        stmt = self.module.body[index]
        return isinstance(stmt, cst.SimpleStatementLine) and all(
            isinstance(s, cst.Expr) and _is_call_to(s.value, self.imports, "register_operator")
            for s in stmt.body)

    def runtime_classes(self, symbol: str) -> dict[str, cst.Call]:
        """Module-level names bound to a class built at run time, `N = type("N", (B, ...),
        {...})`, some base of which subclasses `symbol`: name -> the `type(...)` call."""
        out: dict[str, cst.Call] = {}
        for stmt in iter_top_statements(self.module.body):
            smalls = stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ()
            for small in smalls:
                if not (isinstance(small, cst.Assign) and is_type_call(small.value)):
                    continue
                bases = [e.value for e in small.value.args[1].value.elements]
                if not any(self.base_subclasses(b, symbol) for b in bases):
                    continue
                for target in small.targets:
                    if (d := dotted(target.target)) is not None:
                        out[d] = small.value
        return out

    def class_def(self, name: cst.BaseExpression) -> tuple[ModuleInfo, cst.ClassDef] | None:
        """The module and class statement `name` means here: a class of this module, or of
        another module of the tree; None for anything else."""
        if isinstance(name, cst.Name) and name.value in self.classes:
            return self, self.classes[name.value]
        ref = self._class_elsewhere(name)
        home = info_for(self, ref) if ref is not None else None
        return (home, home.classes[ref.name]) if home and ref.name in home.classes else None

    def _class_elsewhere(self, base: cst.BaseExpression) -> ClassRef | None:
        try:
            ref = self.ev.eval(base, {})
        except UnresolvableError:
            return None
        return ref if isinstance(ref, ClassRef) and ref.path is not None else None


def c3_merge(first: Any, seqs: list[list[Any]], name: str) -> list[Any]:
    """`first` followed by the C3 merge of `seqs` (its bases' linearizations, then the bases
    themselves), as Python orders a class's MRO; `name` for the error."""
    out = [first]
    while any(seqs):
        seqs = [q for q in seqs if q]
        head = next((q[0] for q in seqs if not any(q[0] in r[1:] for r in seqs)), None)
        if head is None:
            raise UnresolvableError(f"no consistent method resolution order for {name}")
        out.append(head)
        seqs = [q[1:] if q[0] == head else q for q in seqs]
    return out


def _is_call_to(node: cst.CSTNode, imports: ImportTable, symbol: str) -> bool:
    return isinstance(node, cst.Call) and imports.is_symbol(node.func, symbol)


class _CallFinder(cst.CSTVisitor):
    def __init__(self, imports: ImportTable, symbols: tuple[str, ...]) -> None:
        self.imports, self.symbols = imports, symbols
        self.found: list[tuple[str, cst.Call]] = []

    def visit_Call(self, node: cst.Call) -> None:  # noqa: N802
        for s in self.symbols:
            if self.imports.is_symbol(node.func, s):
                self.found.append((s, node))


#: what registers: calls of these, or of a function whose body calls them (a helper)
REGISTERING = ("register_op_kernel", "register_operator", "register_base_kernel_name")
#: how deep registration helpers may call each other
_HELPER_DEPTH = 3


@dataclass(frozen=True)
class _Scope:
    """The module whose code is being read: the caller's, or a registration helper's."""

    imports: ImportTable
    ev: Evaluator
    depth: int = 0
    in_loop: bool = False  # reading the body of a registration loop
    in_for: bool = False  # reading a `for` statement's own body: `continue` / `break` read
    helper: str = ""  # the registration helper whose body is read
    preset: PartialRef | None = None  # the keywords a partial of the helper binds


#: (a call, the loop variables bound when it runs), in execution order
CallTrace = list[tuple[cst.Call, dict[str, Any]]]


def calls_of(info: ModuleInfo, stmt: cst.BaseStatement, env: dict[str, Any] | None = None
             ) -> CallTrace:
    """The registration calls a top-level statement makes, unrolled over its loops (`env`:
    values of the variables of loops around it, whose body may bind locals) and decided
    over its constant `if`s; a call of a registration helper is one call."""
    trace: CallTrace = []
    scope = _Scope(info.imports, info.ev, in_loop=bool(env))
    _interpret(info, stmt, -1, dict(env or {}), trace, scope)
    return trace


def _interpret(info: ModuleInfo, stmt: cst.CSTNode, index: int, env: dict[str, Any],
               trace: CallTrace | None = None, scope: _Scope | None = None) -> None:
    scope = scope or _Scope(info.imports, info.ev)
    ev = scope.ev
    if isinstance(stmt, cst.SimpleStatementLine):
        for small in stmt.body:
            if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
                if trace is not None:
                    trace.append((small.value, dict(env)))
                else:
                    _interpret_call(info, small.value, index, env, scope)
            elif scope.depth and (isinstance(small, cst.Pass) or (
                    isinstance(small, cst.Expr) and literal_string(small.value) is not None)):
                continue  # a helper's docstring
            elif scope.in_for and isinstance(small, (cst.Continue, cst.Break)):
                raise _LoopJump(isinstance(small, cst.Break))  # under a test decided statically
            elif (scope.depth or scope.in_loop) and is_local_assignment(small):
                # `_op = f"ub_{_fn}"` in a loop or helper body: later statements see it
                bind_local(ev, small, env)
            elif scope.depth and trace is None and note_effect(info.effects, small, index, env,
                                                               ev, scope.helper):
                continue  # a helper's record of what it registers: its call stays
            else:
                raise UnresolvableError(unread_statement(small, code_of(small).strip()))
    elif isinstance(stmt, cst.For) and stmt.orelse is None and not stmt.asynchronous:
        body_scope = replace(scope, in_loop=True, in_for=True)
        for value in ev._seq(ev.eval(stmt.iter, env), stmt.iter):
            inner = dict(env)
            ev.bind(stmt.target, value, inner)
            try:
                for sub in stmt.body.body:
                    _interpret(info, sub, index, inner, trace, body_scope)
            except _LoopJump as jump:
                if jump.is_break:
                    break
    elif isinstance(stmt, cst.If):
        # a test known statically (`if _dt in REAL:` in a loop over constants) is decided
        branch: cst.If | cst.Else | None = stmt
        while isinstance(branch, cst.If) and not _known_test(ev, branch, env):
            branch = branch.orelse
        for sub in branch.body.body if branch is not None else ():
            _interpret(info, sub, index, env, trace, scope)
    else:
        kind = type(stmt).__name__
        raise UnresolvableError(f"registration inside a {kind} statement (conditional or deferred)")


class _LoopJump(Exception):  # noqa: N818 (control flow, not an error)
    """A `continue` (or `break`) reached while reading a loop's body for one value."""

    def __init__(self, is_break: bool) -> None:
        super().__init__("break" if is_break else "continue")
        self.is_break = is_break


def _known_test(ev: Evaluator, branch: cst.If, env: dict[str, Any]) -> bool:
    why = f"registration inside a If statement (conditional: `{code_of(branch.test)}`"
    try:
        value = ev.eval(branch.test, env)
    except UnresolvableError as exc:
        raise UnresolvableError(f"{why} is not known statically: {exc})") from None
    if not isinstance(value, (bool, int, str, tuple, list)) and value is not None:
        raise UnresolvableError(f"{why} is no constant)")
    return bool(value)


def _interpret_call(info: ModuleInfo, call: cst.Call, index: int, env: dict[str, Any],
                    scope: _Scope | None = None) -> None:
    scope = scope or _Scope(info.imports, info.ev)
    imports, ev = scope.imports, scope.ev
    _note_spec(info, index, specs_in(env))  # in a loop over a spec table
    if scope.depth == 0:
        call = expanded(info, call)
    preset = kernel_partial(ev, call) if scope.depth == 0 else None  # an imported partial
    if preset is not None or _is_call_to(call, imports, "register_op_kernel"):
        named, dtypes = call_args(call, ["op_type", "device", "kernel"], ev, env, preset)
        kernel = named.get("kernel")
        if not isinstance(kernel, ClassRef):
            raise UnresolvableError(f"kernel class of {code_of(call)} is not a class of this "
                                    "module")
        op_type, device = named.get("op_type"), named.get("device")
        if not isinstance(op_type, str) or not isinstance(device, str):
            raise UnresolvableError(f"op type/device of {code_of(call)}")
        names = []
        for d in dtypes:
            d = named_dtype(d)  # "float32": the framework reads a dtype's name as the dtype
            if not (isinstance(d, EnumRef) and d.enum == "DataType"):
                raise UnresolvableError(f"dtype {d!r} in {code_of(call)}")
            names.append(d.member)
        layout = named.get("layout", EnumRef("DataLayout", "ANY"))
        library = named.get("library", EnumRef("LibraryType", "PLAIN"))
        if not isinstance(layout, EnumRef) or not isinstance(library, EnumRef):
            raise UnresolvableError(f"layout/library of {code_of(call)}")
        info.registrations.append(Registration(op_type, device, kernel.name, names,
                                               layout.member, library.member, index))
    elif _is_call_to(call, imports, "register_operator"):
        try:
            named, _ = call_args(call, ["op_type", "op_class", "maker"], ev, env)
        except UnresolvableError:
            unread_operator(info, call, ev, env)
            raise
        op_type, op_class, maker = named.get("op_type"), named.get("op_class"), named.get("maker")
        op_class = framework_grad_operator(str(op_type), op_class) or op_class
        if not (isinstance(op_type, str) and isinstance(op_class, ClassRef)
                and (maker is None or isinstance(maker, (ClassRef, FactoryCall)))):
            unread_operator(info, call, ev, env)
            raise UnresolvableError(f"operator registration {code_of(call)}")
        args = [a.value for a in call.args]
        local = [dotted(a) or "" for a in args[1:3]] if len(args) >= 2 else [op_class.name]
        if len(local) < 2:  # a plain op: its proto is derived from the yaml
            local.append(maker.name if maker is not None else "")
        info.operators[op_type] = OperatorDef(op_type, local[0], local[1], index, op_class,
                                              maker)
    elif _is_call_to(call, imports, "register_base_kernel_name"):
        named, _ = call_args(call, ["op_type", "phi_name"], ev, env)
        if isinstance(named.get("op_type"), str) and isinstance(named.get("phi_name"), str):
            info.base_kernel_names[named["op_type"]] = named["phi_name"]
    elif (method := spec_method(ev, call, env, partial(method_registers, info))) is not None:
        instance, fn = method
        home = instance.spec.home
        if scope.depth >= _HELPER_DEPTH:
            raise UnresolvableError(f"`{code_of(call)}` calls helpers too deep")
        inner_scope = _Scope(home.imports, home, scope.depth + 1,
                             helper=f"{instance.spec.ref.name}.{fn.name.value}")
        inner_env = _bind_parameters(without_self(fn), call, scope, inner_scope, env)
        _note_spec(info, index, [instance])
        _read_helper(info, fn, call, index, inner_env | {"self": instance}, inner_scope)
    else:
        helper = _helper_of(info, scope, call)
        if helper is None:
            if scope.depth and note_effect(info.effects, call, index, env, ev, scope.helper):
                return
            raise UnresolvableError(f"`{code_of(call)}` next to registrations")
        fn, inner_scope = helper
        inner_env = _bind_parameters(fn, call, scope, inner_scope, env)
        _note_spec(info, index, specs_in(inner_env))
        _read_helper(info, fn, call, index, inner_env, inner_scope)


def method_registers(info: ModuleInfo, home: Evaluator, fn: cst.FunctionDef) -> bool:
    """Whether `fn` (a method of a class of `home`'s module) registers, as a helper does."""
    key = (home.path, fn.name.value, id(fn))
    if key not in _REGISTERS:
        finder = _CallFinder(home.imports, REGISTERING)
        fn.visit(finder)
        _REGISTERS[key] = (fn, bool(finder.found) or _calls_helper(
            info, _Scope(home.imports, home, 1), fn))
    return _REGISTERS[key][1]


#: (module path, method name, id) -> (the method, whether it registers)
_REGISTERS: dict[tuple[Path | None, str, int], tuple[cst.FunctionDef, bool]] = {}


def _read_helper(info: ModuleInfo, fn: cst.FunctionDef, call: cst.Call, index: int,
                 env: dict[str, Any], scope: _Scope) -> None:
    """The body of helper (or spec method) `fn` read for its `call`, its parameters bound
    in `env`."""
    for stmt in helper_body(fn):
        try:
            _interpret(info, stmt, index, env, None, scope)
        except UnresolvableError as exc:
            raise UnresolvableError(f"{exc}, in `{fn.name.value}` called as "
                                    f"`{code_of(call)}`") from None


def _note_spec(info: ModuleInfo, index: int, instances: list[Any]) -> None:
    """A statement registering through spec objects stays as written (`spec_objects`)."""
    if instances and (what := spec_effect(instances)) not in info.effects.get(
            index, []):
        info.effects.setdefault(index, []).append(what)


def _helper_of(info: ModuleInfo, scope: _Scope, call: cst.Call
               ) -> tuple[cst.FunctionDef, _Scope] | None:
    """The registration helper `call` calls (a module-level function of this module or of
    a module of the tree whose body registers) and the scope its body is read in."""
    if scope.depth >= _HELPER_DEPTH or dotted(call.func) is None:
        return None
    try:  # `helper(...)`, `module.helper(...)`, a partial of a helper with keywords bound
        ref = scope.ev.eval(call.func, {})
    except UnresolvableError:
        ref = _traced_function(scope, call.func)
    preset = ref if isinstance(ref, PartialRef) else None
    if preset is not None and not isinstance(preset.func, FunctionRef):
        return None
    if preset is not None and isinstance(call.func, cst.Name) and not only_called(
            scope.ev.module, call.func.value):  # passed on here: its arguments may change
        return None
    ref = preset.func if preset is not None else ref
    if not isinstance(ref, FunctionRef):
        return None
    if ref.path is None or (scope.ev.path is not None
                            and ref.path == scope.ev.path.resolve()):
        owner = scope.ev
    elif not may_register(ref.path, REGISTERING, info.path):
        return None  # nothing its module reaches registers: its body is not read
    else:
        owner = scope.ev._other(ref.path)
    fn = owner.functions.get(ref.name)
    if fn is None:
        return None
    inner = _Scope(owner.imports, owner, scope.depth + 1, helper=ref.name, preset=preset)
    # whether its body registers (remembered for calls from the top level, whose depth
    # limit is always the same)
    key = f"registers:{owner.path}:{ref.name}"
    registers = info.memo.get(key) if scope.depth == 0 else None
    if registers is None:
        finder = _CallFinder(owner.imports, REGISTERING)
        fn.visit(finder)
        registers = bool(finder.found) or _calls_helper(info, inner, fn)
        if scope.depth == 0:
            info.memo[key] = registers
    return (fn, inner) if registers else None


def _traced_function(scope: _Scope, func: cst.BaseExpression) -> FunctionRef | None:
    """`pkg.common.registry.f` (after `import pkg.common.registry`), `common.registry.f`
    (after `from pkg import common`): a module attribute the evaluator does not follow,
    traced through the tree's imports to the module defining it (`tree_origins`)."""
    spelled = dotted(func)
    if scope.ev.path is None or spelled is None or "." not in spelled:
        return None
    origin = origin_of(scope.ev.path, spelled)
    name = spelled.rsplit(".", 1)[-1]
    if origin is None or origin.path is None or origin.qualified.rsplit(".", 1)[-1] != name:
        return None
    return FunctionRef(name, origin.path.resolve())


def _calls_helper(info: ModuleInfo, scope: _Scope, node: cst.CSTNode) -> bool:
    """Whether `node` calls a registration helper (by a plain name)."""
    known = {*scope.ev.functions, *scope.imports.names, *partial_names(scope.ev)}
    calls = find_all(node, m.Call(func=m.Name() | m.Attribute()))
    return any(_helper_of(info, scope, c) is not None for c in calls  # type: ignore[arg-type]
               if (dotted(c.func) or ".").split(".")[0] in known  # type: ignore[attr-defined]
               or scope.imports.star_modules)


def _bind_parameters(fn: cst.FunctionDef, call: cst.Call, caller: _Scope, callee: _Scope,
                     env: dict[str, Any]) -> dict[str, Any]:
    """The helper's parameters bound to the call's arguments (evaluated in the caller)
    and its defaults (evaluated in its own module)."""
    p = fn.params
    if fn.decorators or fn.asynchronous is not None or p.star_kwarg is not None:
        raise UnresolvableError(f"the helper `{fn.name.value}` it calls is decorated, async "
                                "or takes **kwargs")
    positional = [*p.posonly_params, *p.params]
    try:
        named, extra = call_args(call, [q.name.value for q in positional], caller.ev, env,
                                 callee.preset)
    except UnresolvableError as exc:
        raise UnresolvableError(f"`{fn.name.value}` called with a value computed at run "
                                f"time ({exc})") from None
    out: dict[str, Any] = {}
    if isinstance(p.star_arg, cst.Param):  # `*dtypes`: the positional arguments left
        out[p.star_arg.name.value], extra = tuple(extra), []
    if extra:
        raise UnresolvableError(f"too many arguments in `{code_of(call)}`")
    for q in [*positional, *p.kwonly_params]:
        name = q.name.value
        if name in named:
            out[name] = named.pop(name)
        elif q.default is not None:
            out[name] = callee.ev.eval(q.default, {})
        else:
            raise UnresolvableError(f"`{code_of(call)}` leaves `{name}` unbound")
    if named:
        raise UnresolvableError(f"`{code_of(call)}` passes unknown {sorted(named)}")
    return out


@dataclass(frozen=True)
class HelperCall:
    """A call of a registration helper: the helper, its module's imports and evaluator,
    and its parameters bound to the call's arguments (`_bind_parameters`)."""

    fn: cst.FunctionDef
    imports: ImportTable
    ev: Evaluator
    bound: dict[str, Any]


def helper_call(info: ModuleInfo, call: cst.Call, env: dict[str, Any]) -> HelperCall | None:
    """The registration helper `call` calls, read as `_interpret_call` reads it (None: it
    calls none); UnresolvableError when its arguments cannot be bound."""
    scope = _Scope(info.imports, info.ev)
    found = _helper_of(info, scope, call)
    if found is None:
        return None
    fn, inner = found
    return HelperCall(fn, inner.imports, inner.ev,
                      _bind_parameters(fn, call, scope, inner, env))


def helper_registrations(info: ModuleInfo, call: cst.Call, env: dict[str, Any]
                         ) -> ModuleInfo | None:
    """What a call of a registration helper registers (None: `call` calls no helper)."""
    scope = _Scope(info.imports, info.ev)
    if _helper_of(info, scope, call) is None:
        return None
    out = replace(info, operators={}, registrations=[], unresolved=[], base_kernel_names={},
                  effects={})
    _interpret_call(out, call, -1, env, scope)
    return out


def find_method(info: ModuleInfo, class_name: str, method: str
                ) -> tuple[cst.ClassDef, cst.FunctionDef] | None:
    mro, _ = info.class_mro(class_name)
    for cls in mro:
        for stmt in cls.body.body:
            if isinstance(stmt, cst.FunctionDef) and stmt.name.value == method:
                return cls, stmt
    return None


_INFO_CACHE: dict[tuple[Path, int, int], ModuleInfo] = {}


def info_for(info: ModuleInfo, ref: ClassRef | FunctionRef) -> ModuleInfo:
    """The ModuleInfo defining `ref` (this one, or a sibling module read from disk)."""
    if ref.path is None or (info.path is not None
                            and info.path.resolve() == ref.path.resolve()):
        return info
    key = file_state(ref.path)
    if key not in _INFO_CACHE:
        assert info.scan is not None, "a ModuleInfo is built by module_scan.scan_module"
        _INFO_CACHE[key] = info.scan(read_source(ref.path).text, ref.path)
    return _INFO_CACHE[key]
