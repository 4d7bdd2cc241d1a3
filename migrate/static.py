"""Read a legacy op module statically: imports, constants, protos, operators, registrations.

Nothing here imports or runs the module being migrated. Values are evaluated
from literals, module-level constants (also from sibling modules found on
disk) and the enums `DataType`, `DataLayout`, `LibraryType`, `AttrType`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import libcst as cst

#: Enum classes whose members the evaluator understands (by the name they are imported as).
ENUMS = ("DataType", "DataLayout", "LibraryType", "AttrType", "Backend")


class UnresolvableError(Exception):
    """A value that cannot be known without running the module."""


@dataclass(frozen=True)
class EnumRef:
    enum: str
    member: str

    def __str__(self) -> str:
        return f"{self.enum}.{self.member}"


@dataclass(frozen=True)
class ClassRef:
    name: str
    path: Path | None = None  # defining module when imported from another file


@dataclass(frozen=True)
class FunctionRef:
    name: str
    path: Path | None = None


class _Self:
    """The maker instance while a make() body is interpreted."""

    def __repr__(self) -> str:
        return "<maker>"


SELF = _Self()


@dataclass(frozen=True)
class ImportedRef:
    qualified: str


def code_of(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)


def literal_string(node: cst.BaseExpression) -> str | None:
    """The value of a plain (non-f, non-bytes) string literal, else None."""
    if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    return None


def dotted(node: cst.BaseExpression) -> str | None:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        base = dotted(node.value)
        return None if base is None else f"{base}.{node.attr.value}"
    return None


def _iter_top_statements(body: Any):
    """Module-level statements, descending into if/try blocks (TYPE_CHECKING, fallbacks)."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, cst.If):
            yield from _iter_top_statements(stmt.body.body)
            orelse = stmt.orelse
            while orelse is not None:
                yield from _iter_top_statements(orelse.body.body)
                orelse = getattr(orelse, "orelse", None)
        elif isinstance(stmt, cst.Try):
            yield from _iter_top_statements(stmt.body.body)
            for handler in stmt.handlers:
                yield from _iter_top_statements(handler.body.body)


class ImportTable:
    """Local name -> qualified name, from the module's imports (aliases included)."""

    def __init__(self, module: cst.Module) -> None:
        self.names: dict[str, str] = {}
        self.from_modules: dict[str, str] = {}  # local name -> module it was imported from
        for stmt in _iter_top_statements(module.body):
            if not isinstance(stmt, cst.SimpleStatementLine):
                continue
            for small in stmt.body:
                if isinstance(small, cst.ImportFrom) and not isinstance(small.names,
                                                                        cst.ImportStar):
                    base = dotted(small.module) if small.module is not None else ""
                    mod = "." * len(small.relative) + (base or "")
                    for alias in small.names:
                        name = dotted(alias.name) or ""
                        local = alias.asname.name.value if alias.asname else name
                        if isinstance(local, str):
                            self.names[local] = f"{mod}.{name}" if mod else name
                            self.from_modules[local] = mod
                elif isinstance(small, cst.Import):
                    for alias in small.names:
                        full = dotted(alias.name) or ""
                        if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                            self.names[alias.asname.name.value] = full
                        else:
                            head = full.split(".")[0]
                            self.names.setdefault(head, head)

    def resolve(self, node: cst.BaseExpression) -> str | None:
        """`ok.register_op_kernel` -> 'legacy_fluid.framework.op_kernel.register_op_kernel'."""
        text = dotted(node)
        if text is None:
            return None
        head, _, rest = text.partition(".")
        full = self.names.get(head, head)
        return f"{full}.{rest}" if rest else full

    def is_symbol(self, node: cst.BaseExpression, symbol: str) -> bool:
        """Whether `node` names `symbol` (an imported name, maybe aliased, or a dotted path)."""
        text = dotted(node)
        if text is None or text.split(".")[0] not in self.names:
            return False
        q = self.resolve(node) or ""
        return q == symbol or q.endswith("." + symbol)

    def local_name_of(self, qualified_suffix: str) -> str | None:
        """The local name bound to an imported symbol (`DataType` may be imported as `DT`)."""
        for local, q in self.names.items():
            if q == qualified_suffix or q.endswith("." + qualified_suffix):
                return local
        return None


@dataclass
class VarSlot:
    name: str
    duplicable: bool = False
    dispensable: bool = False
    extra: bool = False
    quant: bool = False


UNKNOWN_DEFAULT = object()


@dataclass
class AttrSlot:
    name: str
    type: str  # AttrType member name
    default: Any = None
    extra: bool = False
    quant: bool = False


@dataclass
class StaticProto:
    op_type: str
    maker: str
    inputs: list[VarSlot] = field(default_factory=list)
    outputs: list[VarSlot] = field(default_factory=list)
    attrs: list[AttrSlot] = field(default_factory=list)

    def input(self, name: str) -> VarSlot | None:
        return next((v for v in self.inputs if v.name == name), None)

    def output(self, name: str) -> VarSlot | None:
        return next((v for v in self.outputs if v.name == name), None)

    def attr(self, name: str) -> AttrSlot | None:
        return next((a for a in self.attrs if a.name == name), None)


@dataclass
class Registration:
    op_type: str
    device: str
    class_name: str
    dtypes: list[str]
    layout: str = "ANY"
    library: str = "PLAIN"
    stmt_index: int = -1  # index of the top-level statement holding the call


@dataclass
class OperatorDef:
    op_type: str
    op_class: str  # local names (what the module's namespace binds)
    maker: str
    stmt_index: int
    op_class_ref: ClassRef | None = None
    maker_ref: ClassRef | None = None


@dataclass
class UnresolvedRegistration:
    stmt_index: int
    reason: str
    classes: set[str]


_MODULE_CACHE: dict[Path, tuple[cst.Module, ImportTable]] = {}


def _load_module(path: Path) -> tuple[cst.Module, ImportTable]:
    path = path.resolve()
    if path not in _MODULE_CACHE:
        module = cst.parse_module(path.read_text(encoding="utf-8"))
        _MODULE_CACHE[path] = (module, ImportTable(module))
    return _MODULE_CACHE[path]


def find_module_file(module: str, from_file: Path | None) -> Path | None:
    """A module's source file: relative to `from_file`, or under one of its ancestors."""
    if from_file is None:
        return None
    level = len(module) - len(module.lstrip("."))
    parts = [p for p in module.lstrip(".").split(".") if p]
    if level:
        base = from_file.resolve().parent
        for _ in range(level - 1):
            base = base.parent
        candidates = [base]
    else:
        candidates = list(from_file.resolve().parents)
    for base in candidates:
        target = base.joinpath(*parts)
        for cand in (target.with_suffix(".py"), target / "__init__.py"):
            if parts and cand.is_file():
                return cand
    return None


class Evaluator:
    """Evaluate constant expressions of one module."""

    def __init__(self, module: cst.Module, imports: ImportTable, path: Path | None,
                 depth: int = 0) -> None:
        self.module, self.imports, self.path, self.depth = module, imports, path, depth
        self.assigns: dict[str, cst.BaseExpression] = {}
        self.classes: dict[str, cst.ClassDef] = {}
        self.functions: dict[str, cst.FunctionDef] = {}
        for stmt in module.body:
            if isinstance(stmt, cst.ClassDef):
                self.classes[stmt.name.value] = stmt
            elif isinstance(stmt, cst.FunctionDef):
                self.functions[stmt.name.value] = stmt
            elif isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(
                            small.targets[0].target, cst.Name):
                        self.assigns[small.targets[0].target.value] = small.value
                    elif (isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name)
                          and small.value is not None):
                        self.assigns[small.target.value] = small.value
        self._busy: set[str] = set()

    def _enum_of(self, node: cst.BaseExpression) -> str | None:
        q = self.imports.resolve(node)
        if q is None:
            return None
        last = q.split(".")[-1]
        if last in ENUMS and (q != last or dotted(node) in self.imports.names):
            return last
        return None

    def name(self, name: str, env: dict[str, Any]) -> Any:
        if name in env:
            return env[name]
        if name in ("True", "False", "None"):
            return {"True": True, "False": False, "None": None}[name]
        if name in self.assigns:
            if name in self._busy:
                raise UnresolvableError(f"'{name}' is defined in terms of itself")
            self._busy.add(name)
            try:
                return self.eval(self.assigns[name], {})
            finally:
                self._busy.discard(name)
        if name in self.classes:
            return ClassRef(name)
        if name in self.functions:
            return FunctionRef(name)
        if name in self.imports.names:
            return self._imported(self.imports.names[name], name)
        raise UnresolvableError(f"name '{name}' is not a module-level constant")

    def _imported(self, qualified: str, local: str) -> Any:
        if self.depth < 3:
            mod = self.imports.from_modules.get(local)
            attr = qualified.rsplit(".", 1)[-1]
            if mod is not None:
                target = find_module_file(mod, self.path)
                if target is not None:
                    module, imports = _load_module(target)
                    other = Evaluator(module, imports, target, self.depth + 1)
                    if attr in other.assigns:
                        return other.name(attr, {})
                    if attr in other.classes:
                        return ClassRef(attr, target.resolve())
                    if attr in other.functions:
                        return FunctionRef(attr, target.resolve())
        return ImportedRef(qualified)

    def eval(self, node: cst.BaseExpression, env: dict[str, Any]) -> Any:
        s = literal_string(node)
        if s is not None:
            return s
        if isinstance(node, (cst.Integer, cst.Float)):
            return node.evaluated_value
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
            v = self.eval(node.expression, env)
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                return -v
            raise UnresolvableError(code_of(node))
        if isinstance(node, cst.Name):
            return self.name(node.value, env)
        if isinstance(node, cst.Attribute):
            enum = self._enum_of(node.value)
            if enum is not None:
                return EnumRef(enum, node.attr.value)
            base = self.eval(node.value, env)
            if isinstance(base, ImportedRef):
                mod_file = find_module_file(base.qualified, self.path)
                if mod_file is not None and self.depth < 3:
                    module, imports = _load_module(mod_file)
                    other = Evaluator(module, imports, mod_file, self.depth + 1)
                    return other.name(node.attr.value, {})
            raise UnresolvableError(code_of(node))
        if isinstance(node, (cst.Tuple, cst.List)):
            out: list[Any] = []
            for el in node.elements:
                if isinstance(el, cst.StarredElement):
                    out.extend(self._seq(self.eval(el.value, env), el.value))
                else:
                    out.append(self.eval(el.value, env))
            return tuple(out) if isinstance(node, cst.Tuple) else out
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
            left, right = self.eval(node.left, env), self.eval(node.right, env)
            if isinstance(left, (list, tuple)) and isinstance(right, (list, tuple)):
                return type(left)(list(left) + list(right))
            if isinstance(left, (int, float, str)) and type(left) is type(right):
                return left + right
            raise UnresolvableError(code_of(node))
        if (isinstance(node, cst.Call) and isinstance(node.func, cst.Name)
                and node.func.value in ("tuple", "list") and len(node.args) == 1):
            seq = self._seq(self.eval(node.args[0].value, env), node.args[0].value)
            return tuple(seq) if node.func.value == "tuple" else list(seq)
        if isinstance(node, cst.Dict) and not node.elements:
            return {}
        if isinstance(node, (cst.GeneratorExp, cst.ListComp)):
            items = list(self._comprehension(node.for_in, node.elt, env))
            return items if isinstance(node, cst.ListComp) else tuple(items)
        if isinstance(node, cst.Comparison):
            left = self.eval(node.left, env)
            for target in node.comparisons:
                right = self.eval(target.comparator, env)
                if not _compare(target.operator, left, right):
                    return False
                left = right
            return True
        if isinstance(node, cst.BooleanOperation):
            left = self.eval(node.left, env)
            if isinstance(node.operator, cst.And):
                return self.eval(node.right, env) if left else left
            return left if left else self.eval(node.right, env)
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
            return not self.eval(node.expression, env)
        if isinstance(node, cst.IfExp):
            return self.eval(node.body if self.eval(node.test, env) else node.orelse, env)
        raise UnresolvableError(code_of(node))

    def _comprehension(self, comp: cst.CompFor, elt: cst.BaseExpression, env: dict[str, Any]):
        if comp.asynchronous is not None:
            raise UnresolvableError("async comprehension")
        for value in self._seq(self.eval(comp.iter, env), comp.iter):
            inner = dict(env)
            self.bind(comp.target, value, inner)
            if not all(self.eval(cond.test, inner) for cond in comp.ifs):
                continue
            if comp.inner_for_in is not None:
                yield from self._comprehension(comp.inner_for_in, elt, inner)
            else:
                yield self.eval(elt, inner)

    @staticmethod
    def _seq(value: Any, node: cst.CSTNode) -> list[Any]:
        if isinstance(value, (list, tuple)):
            return list(value)
        raise UnresolvableError(f"{code_of(node)} is not a sequence")

    def bind(self, target: cst.BaseExpression, value: Any, env: dict[str, Any]) -> None:
        if isinstance(target, cst.Name):
            env[target.value] = value
        elif isinstance(target, (cst.Tuple, cst.List)):
            values = self._seq(value, target)
            if len(values) != len(target.elements):
                raise UnresolvableError(f"cannot unpack into {code_of(target)}")
            for el, v in zip(target.elements, values):
                self.bind(el.value, v, env)
        else:
            raise UnresolvableError(f"loop target {code_of(target)}")


def _compare(op: cst.BaseCompOp, left: Any, right: Any) -> bool:
    if isinstance(op, cst.Is):
        return left is right or (isinstance(left, EnumRef) and left == right)
    if isinstance(op, cst.IsNot):
        return not _compare(cst.Is(), left, right)
    if isinstance(op, cst.Equal):
        return bool(left == right)
    if isinstance(op, cst.NotEqual):
        return bool(left != right)
    if isinstance(op, cst.In):
        return left in right
    if isinstance(op, cst.NotIn):
        return left not in right
    try:
        if isinstance(op, cst.LessThan):
            return bool(left < right)
        if isinstance(op, cst.GreaterThan):
            return bool(left > right)
        if isinstance(op, cst.LessThanEqual):
            return bool(left <= right)
        if isinstance(op, cst.GreaterThanEqual):
            return bool(left >= right)
    except TypeError as exc:
        raise UnresolvableError(str(exc)) from exc
    raise UnresolvableError(f"comparison {type(op).__name__}")


def class_bases(cls: cst.ClassDef) -> list[cst.BaseExpression]:
    return [a.value for a in cls.bases if a.keyword is None]


def call_args(call: cst.Call, names: list[str], ev: Evaluator,
              env: dict[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    """Bind a call's arguments to parameter names; returns (named, extra positional)."""
    positional: list[Any] = []
    named: dict[str, Any] = {}
    for arg in call.args:
        if arg.keyword is not None:
            named[arg.keyword.value] = ev.eval(arg.value, env)
        elif arg.star == "*":
            positional.extend(ev._seq(ev.eval(arg.value, env), arg.value))
        elif arg.star:
            raise UnresolvableError(f"**kwargs in {code_of(call)}")
        else:
            positional.append(ev.eval(arg.value, env))
    for n, v in zip(names, positional):
        named.setdefault(n, v)
    return named, positional[len(names):]


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

    def class_mro(self, name: str) -> tuple[list[cst.ClassDef], list[str]]:
        """In-module classes of `name`'s MRO (depth-first), and the outside bases met."""
        seen: list[cst.ClassDef] = []
        outside: list[str] = []

        def walk(n: str) -> None:
            cls = self.classes.get(n)
            if cls is None or cls in seen:
                return
            seen.append(cls)
            for base in class_bases(cls):
                d = dotted(base)
                if d is not None and d in self.classes:
                    walk(d)
                else:
                    outside.append(self.imports.resolve(base) or code_of(base))

        walk(name)
        return seen, outside

    def is_subclass_of(self, name: str, symbol: str) -> bool:
        cls = self.classes.get(name)
        if cls is None:
            return False
        for base in class_bases(cls):
            d = dotted(base)
            if d is not None and d in self.classes and d != name:
                if self.is_subclass_of(d, symbol):
                    return True
            elif self.imports.is_symbol(base, symbol):
                return True
        return False


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


class _NameCollector(cst.CSTVisitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_Name(self, node: cst.Name) -> None:  # noqa: N802
        self.names.add(node.value)


def names_in(node: cst.CSTNode) -> set[str]:
    c = _NameCollector()
    node.visit(c)
    return c.names


def read_module(source: str, path: Path | None = None) -> ModuleInfo:
    module = cst.parse_module(source)
    imports = ImportTable(module)
    ev = Evaluator(module, imports, path)
    info = ModuleInfo(path, module, imports, ev, dict(ev.classes))
    for index, stmt in enumerate(module.body):
        finder = _CallFinder(imports, ("register_op_kernel", "register_operator",
                                       "register_base_kernel_name"))
        stmt.visit(finder)
        if not finder.found:
            continue
        try:
            _interpret(info, stmt, index, {})
        except UnresolvableError as exc:
            classes = names_in(stmt) & set(info.classes)
            info.unresolved.append(UnresolvedRegistration(index, str(exc), classes))
    for op in info.operators.values():
        try:
            info.protos[op.op_type] = read_proto(info, op.op_type, op.maker_ref or op.maker)
        except UnresolvableError as exc:
            info.protos[op.op_type] = (f"op proto of '{op.op_type}' is not statically "
                                       f"readable: {exc}")
    return info


def _interpret(info: ModuleInfo, stmt: cst.CSTNode, index: int, env: dict[str, Any]) -> None:
    if isinstance(stmt, cst.SimpleStatementLine):
        for small in stmt.body:
            if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
                _interpret_call(info, small.value, index, env)
            else:
                raise UnresolvableError(f"registration inside `{code_of(small).strip()}`")
    elif isinstance(stmt, cst.For) and stmt.orelse is None and not stmt.asynchronous:
        for value in info.ev._seq(info.ev.eval(stmt.iter, env), stmt.iter):
            inner = dict(env)
            info.ev.bind(stmt.target, value, inner)
            for sub in stmt.body.body:
                _interpret(info, sub, index, inner)
    else:
        kind = type(stmt).__name__
        raise UnresolvableError(f"registration inside a {kind} statement (conditional or deferred)")


def _interpret_call(info: ModuleInfo, call: cst.Call, index: int, env: dict[str, Any]) -> None:
    imports, ev = info.imports, info.ev
    if _is_call_to(call, imports, "register_op_kernel"):
        named, dtypes = call_args(call, ["op_type", "device", "kernel"], ev, env)
        kernel = named.get("kernel")
        if not isinstance(kernel, ClassRef):
            raise UnresolvableError(f"kernel class of {code_of(call)} is not a class of this "
                                    "module")
        op_type, device = named.get("op_type"), named.get("device")
        if not isinstance(op_type, str) or not isinstance(device, str):
            raise UnresolvableError(f"op type/device of {code_of(call)}")
        names = []
        for d in dtypes:
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
        named, _ = call_args(call, ["op_type", "op_class", "maker"], ev, env)
        op_type, op_class, maker = named.get("op_type"), named.get("op_class"), named.get("maker")
        if not (isinstance(op_type, str) and isinstance(op_class, ClassRef)
                and isinstance(maker, ClassRef)):
            raise UnresolvableError(f"operator registration {code_of(call)}")
        args = [a.value for a in call.args]
        local = [dotted(a) or "" for a in args[1:3]] if len(args) >= 3 else [op_class.name,
                                                                              maker.name]
        info.operators[op_type] = OperatorDef(op_type, local[0], local[1], index, op_class,
                                              maker)
    elif _is_call_to(call, imports, "register_base_kernel_name"):
        named, _ = call_args(call, ["op_type", "phi_name"], ev, env)
        if isinstance(named.get("op_type"), str) and isinstance(named.get("phi_name"), str):
            info.base_kernel_names[named["op_type"]] = named["phi_name"]
    else:
        raise UnresolvableError(f"`{code_of(call)}` next to registrations")


def find_method(info: ModuleInfo, class_name: str, method: str
                ) -> tuple[cst.ClassDef, cst.FunctionDef] | None:
    mro, _ = info.class_mro(class_name)
    for cls in mro:
        for stmt in cls.body.body:
            if isinstance(stmt, cst.FunctionDef) and stmt.name.value == method:
                return cls, stmt
    return None


_INFO_CACHE: dict[Path, ModuleInfo] = {}


def info_for(info: ModuleInfo, ref: ClassRef | FunctionRef) -> ModuleInfo:
    """The ModuleInfo defining `ref` (this one, or a sibling module read from disk)."""
    if ref.path is None or (info.path is not None
                            and info.path.resolve() == ref.path.resolve()):
        return info
    if ref.path not in _INFO_CACHE:
        _INFO_CACHE[ref.path] = read_module(ref.path.read_text(encoding="utf-8"), ref.path)
    return _INFO_CACHE[ref.path]


def read_proto(info: ModuleInfo, op_type: str, maker: str | ClassRef) -> StaticProto:
    ref = maker if isinstance(maker, ClassRef) else ClassRef(maker)
    home = info_for(info, ref)
    proto = StaticProto(op_type, ref.name)
    found = find_method(home, ref.name, "make")
    if found is None:
        raise UnresolvableError(f"maker {ref.name} has no make() in its module")
    _MakerRun(home, proto, ref.name).call_method(found, [SELF], {})
    return proto


class _ReturnError(Exception):
    pass


class _MakerRun:
    """Interpret make() (and the helpers it calls) just enough to collect the proto."""

    def __init__(self, info: ModuleInfo, proto: StaticProto, maker: str) -> None:
        self.info, self.proto, self.maker = info, proto, maker
        self.depth = 0

    def call_method(self, found: tuple[cst.ClassDef, cst.FunctionDef], args: list[Any],
                    kwargs: dict[str, Any], info: ModuleInfo | None = None) -> None:
        cls, fn = found
        self._call(fn, args, kwargs, info or self.info, cls)

    def _call(self, fn: cst.FunctionDef, args: list[Any], kwargs: dict[str, Any],
              info: ModuleInfo, cls: cst.ClassDef | None) -> None:
        self.depth += 1
        if self.depth > 12:
            raise UnresolvableError("make() helpers nest too deep")
        env: dict[str, Any] = {}
        params = list(fn.params.params)
        if fn.params.star_arg is not cst.MaybeSentinel.DEFAULT or fn.params.star_kwarg:
            raise UnresolvableError(f"helper {fn.name.value}(*args/**kwargs)")
        for i, p in enumerate(params):
            name = p.name.value
            if i < len(args):
                env[name] = args[i]
            elif name in kwargs:
                env[name] = kwargs[name]
            elif p.default is not None:
                env[name] = info.ev.eval(p.default, {})
            else:
                raise UnresolvableError(f"missing argument {name} of {fn.name.value}()")
        for p in fn.params.kwonly_params:
            name = p.name.value
            if name in kwargs:
                env[name] = kwargs[name]
            elif p.default is not None:
                env[name] = info.ev.eval(p.default, {})
        try:
            self._block(fn.body.body, env, info, cls)
        except _ReturnError:
            pass
        self.depth -= 1

    def _block(self, body: Any, env: dict[str, Any], info: ModuleInfo,
               cls: cst.ClassDef | None) -> None:
        ev = info.ev
        for stmt in body:
            if isinstance(stmt, cst.For) and stmt.orelse is None:
                for value in ev._seq(ev.eval(stmt.iter, env), stmt.iter):
                    ev.bind(stmt.target, value, env)
                    self._block(stmt.body.body, env, info, cls)
                continue
            if isinstance(stmt, cst.If):
                node: Any = stmt
                while isinstance(node, cst.If):
                    if ev.eval(node.test, env):
                        self._block(node.body.body, env, info, cls)
                        break
                    node = node.orelse
                else:
                    if isinstance(node, cst.Else):
                        self._block(node.body.body, env, info, cls)
                continue
            if not isinstance(stmt, cst.SimpleStatementLine):
                raise UnresolvableError(f"`{code_of(stmt).strip().splitlines()[0]}` in make()")
            for small in stmt.body:
                self._small(small, env, info, cls)

    def _small(self, small: Any, env: dict[str, Any], info: ModuleInfo,
               cls: cst.ClassDef | None) -> None:
        ev = info.ev
        if isinstance(small, cst.Pass):
            return
        if isinstance(small, cst.Return) and small.value is None:
            raise _ReturnError()
        if isinstance(small, cst.Expr) and literal_string(small.value) is not None:
            return
        if isinstance(small, (cst.Assign, cst.AnnAssign)) and small.value is not None:
            targets = ([t.target for t in small.targets] if isinstance(small, cst.Assign)
                       else [small.target])
            value = ev.eval(small.value, env)
            for t in targets:
                ev.bind(t, value, env)
            return
        if not (isinstance(small, cst.Expr) and isinstance(small.value, cst.Call)):
            raise UnresolvableError(f"`{code_of(small).strip()}` in make()")
        call = small.value
        func = call.func
        if (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Call)
                and dotted(func.value.func) == "super" and func.attr.value == "make"):
            self._super_make(info, cls)
            return
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and \
                env.get(func.value.value) is SELF:
            self._maker_method(func.attr.value, call, env, info)
            return
        target = ev.eval(func, env) if isinstance(func, (cst.Name, cst.Attribute)) else None
        if isinstance(target, FunctionRef):
            home = info_for(info, target)
            fn = home.ev.functions.get(target.name)
            if fn is None:
                raise UnresolvableError(f"function {target.name}")
            args, kwargs = self._args(call, env, info)
            self._call(fn, args, kwargs, home, None)
            return
        raise UnresolvableError(f"`{code_of(call)}` in make()")

    def _args(self, call: cst.Call, env: dict[str, Any], info: ModuleInfo
              ) -> tuple[list[Any], dict[str, Any]]:
        args: list[Any] = []
        kwargs: dict[str, Any] = {}
        for a in call.args:
            if a.star:
                raise UnresolvableError(f"*args in {code_of(call)}")
            value = info.ev.eval(a.value, env)
            if a.keyword is not None:
                kwargs[a.keyword.value] = value
            else:
                args.append(value)
        return args, kwargs

    def _super_make(self, info: ModuleInfo, cls: cst.ClassDef | None) -> None:
        mro, _ = info.class_mro(self.maker)
        if cls is None or cls not in mro:
            raise UnresolvableError("super().make() outside a maker class")
        for parent in mro[mro.index(cls) + 1:]:
            for s in parent.body.body:
                if isinstance(s, cst.FunctionDef) and s.name.value == "make":
                    self._call(s, [SELF], {}, info, parent)
                    return
        raise UnresolvableError("super().make() outside this module")

    def _maker_method(self, method: str, call: cst.Call, env: dict[str, Any],
                      info: ModuleInfo) -> None:
        ev = info.ev
        if method in ("add_input", "add_output"):
            named = {}
            positional = [a for a in call.args if a.keyword is None]
            if positional:
                named["name"] = ev.eval(positional[0].value, env)
            for a in call.args:
                if a.keyword is not None and a.keyword.value != "comment":
                    named[a.keyword.value] = ev.eval(a.value, env)
            slot = VarSlot(str(named["name"]), bool(named.get("duplicable", False)),
                           bool(named.get("dispensable", False)),
                           bool(named.get("extra", False)), bool(named.get("quant", False)))
            (self.proto.inputs if method == "add_input" else self.proto.outputs).append(slot)
        elif method == "add_attr":
            named = _attr_call(call, ev, env)
            atype = named["type"]
            if not isinstance(atype, EnumRef):
                raise UnresolvableError(f"attribute type in {code_of(call)}")
            self.proto.attrs.append(AttrSlot(str(named["name"]), atype.member,
                                             named.get("default"),
                                             bool(named.get("extra", False)),
                                             bool(named.get("quant", False))))
        elif method == "add_comment":
            return
        else:
            found = find_method(self.info, self.maker, method)
            if found is None:
                raise UnresolvableError(f"maker method {method}()")
            args, kwargs = self._args(call, env, info)
            self._call(found[1], [SELF, *args], kwargs, self.info, found[0])


def _attr_call(call: cst.Call, ev: Evaluator, env: dict[str, Any]) -> dict[str, Any]:
    """add_attr's arguments; an unreadable default becomes UNKNOWN_DEFAULT, not an error."""
    names = ["name", "type", "default", "comment"]
    named: dict[str, Any] = {}
    positional = [a for a in call.args if a.keyword is None]
    if any(a.star for a in call.args):
        raise UnresolvableError(f"*args in {code_of(call)}")
    for n, arg in zip(names, positional):
        named[n] = arg.value
    for arg in call.args:
        if arg.keyword is not None:
            named[arg.keyword.value] = arg.value
    out: dict[str, Any] = {}
    for key, node in named.items():
        if key == "comment":
            continue
        try:
            out[key] = ev.eval(node, env)
        except UnresolvableError:
            if key != "default":
                raise
            out[key] = UNKNOWN_DEFAULT
    return out
