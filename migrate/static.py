"""Read a legacy op module statically: imports, constants, protos, operators, registrations.

Nothing here imports or runs the module being migrated. `read_module` gives a
`ModuleInfo`; references resolve through `static_refs`, values through `static_eval`,
op protos through `proto_reader`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import libcst as cst

from migrate.static_eval import Evaluator, call_args, class_bases
from migrate.static_facts import OperatorDef, Registration, StaticProto, UnresolvedRegistration
from migrate.static_refs import (
    ClassRef,
    EnumRef,
    FunctionRef,
    ImportTable,
    UnresolvableError,
    code_of,
    dotted,
)


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
    # proto_reader reads sibling modules through info_for, which calls back into here
    from migrate.proto_reader import read_proto

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
