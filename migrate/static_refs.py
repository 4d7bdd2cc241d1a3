"""What static reading resolves names to: references to enums, classes, functions and
imported symbols, the import table of a module, and sibling modules found on disk.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import libcst as cst

from migrate.source_files import SourceError, file_state, read_source

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
class MemberRef:
    """A member of an `enum.Enum` class a module of the tree defines (`RoundMode.TRUNC`):
    a constant the class itself guards (an Enum refuses to rebind its members)."""

    enum: ClassRef
    member: str

    def __str__(self) -> str:
        return f"{self.enum.name}.{self.member}"


@dataclass(frozen=True)
class ClassRef:
    name: str
    path: Path | None = None  # defining module when imported from another file


@dataclass(frozen=True)
class FunctionRef:
    name: str
    path: Path | None = None


@dataclass(frozen=True)
class PartialRef:
    """`functools.partial(helper, *args, key=value, ...)` of a module-level function, its
    arguments known statically (evaluated in the partial's module: `partial_calls`)."""

    func: FunctionRef | ImportedRef | ClassRef  # a helper, register_op_kernel, a spec class
    keywords: tuple[tuple[str, Any], ...]
    args: tuple[Any, ...] = ()  # the positional arguments it binds, in front of a call's


class InstanceRef:
    """The maker instance while its make() body is interpreted: `self.NAME` reads a constant
    of the maker's class (`lookup` raises UnresolvableError for anything else)."""

    def __init__(self, lookup: Callable[[str], Any]) -> None:
        self.lookup = lookup

    def __repr__(self) -> str:
        return "<maker>"


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


def literal_prefix(node: cst.BaseExpression) -> str | None:
    """The literal text a string expression always begins with: a literal's whole value,
    the left literal of `"_compute_" + mode`, the first text of `f"_compute_{mode}"`;
    None when nothing is known."""
    while isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
        node = node.left
    if isinstance(node, cst.FormattedString):
        first = node.parts[0] if node.parts else None
        return first.value if isinstance(first, cst.FormattedStringText) else None
    return literal_string(node)


def quote(s: str) -> str:
    """A double-quoted Python string literal."""
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def dotted(node: cst.BaseExpression) -> str | None:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        base = dotted(node.value)
        return None if base is None else f"{base}.{node.attr.value}"
    return None


def iter_top_statements(body: Any):
    """Module-level statements, descending into if/try blocks (TYPE_CHECKING, fallbacks)."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, cst.If):
            yield from iter_top_statements(stmt.body.body)
            orelse = stmt.orelse
            while orelse is not None:
                yield from iter_top_statements(orelse.body.body)
                orelse = getattr(orelse, "orelse", None)
        elif isinstance(stmt, cst.Try):
            yield from iter_top_statements(stmt.body.body)
            for handler in stmt.handlers:
                yield from iter_top_statements(handler.body.body)


class ImportTable:
    """Local name -> qualified name, from the module's imports (aliases included)."""

    def __init__(self, module: cst.Module) -> None:
        self.names: dict[str, str] = {}
        self.from_modules: dict[str, str] = {}  # local name -> module it was imported from
        #: modules imported with `from M import *` (relative ones with their dots)
        self.star_modules: list[str] = []
        #: names bound by a `from M import *` of a module M of the tree (`bind_starred`)
        self.starred: set[str] = set()
        #: a module of the tree as the module spells it (its local name, or the dotted path
        #: of a plain `import pkg._fw`) -> the framework names it binds, by name (`import
        #: pkg._compat as fw`: `fw.FluidKernel` is `OpKernel`; `reexports.follow`)
        self.reexported: dict[str, dict[str, str]] = {}
        #: the modules of plain `import a.b.c` statements (no alias), dotted
        self.plain_modules: list[str] = []
        for stmt in iter_top_statements(module.body):
            if not isinstance(stmt, cst.SimpleStatementLine):
                continue
            for small in stmt.body:
                if isinstance(small, cst.ImportFrom) and isinstance(small.names, cst.ImportStar):
                    base = dotted(small.module) if small.module is not None else ""
                    self.star_modules.append("." * len(small.relative) + (base or ""))
                elif isinstance(small, cst.ImportFrom):
                    base = dotted(small.module) if small.module is not None else ""
                    mod = "." * len(small.relative) + (base or "")
                    for alias in small.names:
                        name = dotted(alias.name) or ""
                        local = alias.asname.name.value if alias.asname else name
                        if isinstance(local, str):  # `from . import m` names `.m`
                            sep = "" if not mod or mod.endswith(".") else "."
                            self.names[local] = f"{mod}{sep}{name}"
                            self.from_modules[local] = mod
                elif isinstance(small, cst.Import):
                    for alias in small.names:
                        full = dotted(alias.name) or ""
                        if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                            self.names[alias.asname.name.value] = full
                        else:
                            head = full.split(".")[0]
                            self.names.setdefault(head, head)
                            self.plain_modules.append(full)

    def bind_starred(self, name: str, qualified: str, module: str | None) -> None:
        """`name`, bound by a star import, as an explicit `from module import name` (or
        `import qualified as name`, `module` None) would bind it; what the module binds
        itself comes first."""
        if name in self.names:
            return
        self.names[name] = qualified
        if module is not None:
            self.from_modules[name] = module
        self.starred.add(name)

    def decorator(self, decorator: cst.Decorator) -> str | None:
        """The qualified name a decorator applies, called or not (`@functools.lru_cache(8)`
        -> 'functools.lru_cache')."""
        node = decorator.decorator
        return self.resolve(node.func if isinstance(node, cst.Call) else node)

    def resolve(self, node: cst.BaseExpression) -> str | None:
        """`ok.register_op_kernel` -> 'legacy_fluid.framework.op_kernel.register_op_kernel'."""
        text = dotted(node)
        if text is None:
            return None
        parts = text.split(".")
        for k in range(len(parts) - 1, 0, -1):  # the longest spelled module lending a name
            lent = self.reexported.get(".".join(parts[:k]), {})
            if parts[k] in lent:
                return ".".join([lent[parts[k]], *parts[k + 1:]])
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


_MODULE_CACHE: dict[tuple[Path, int, int], tuple[cst.Module, ImportTable]] = {}
#: the text each cached module was parsed from (`parsed_source` hands a cached tree out only
#: for that very text: two versions of a file may share a state key when mtime is coarse)
_SOURCES: dict[tuple[Path, int, int], str] = {}

#: what `load_module` does to a module's fresh import table before caching it; the
#: package's `__init__` installs `reexports.follow` here (a hook, so that this low layer
#: does not import the high one that reads origins through it)
TABLE_FOLLOWERS: list[Callable[[ImportTable, Path], None]] = []


def load_module(path: Path) -> tuple[cst.Module, ImportTable]:
    """A sibling module, parsed (once per version of the file)."""
    key = file_state(path)
    if key not in _MODULE_CACHE:
        _SOURCES[key] = text = read_source(path).text
        module = cst.parse_module(text)
        _MODULE_CACHE[key] = (module, imports := ImportTable(module))
        for follow in TABLE_FOLLOWERS:
            follow(imports, path)
    return _MODULE_CACHE[key]


def parsed_source(text: str, path: Path | None) -> cst.Module:
    """`text` parsed: the very tree `load_module(path)` gives when file `path` holds `text`
    (so that every reading of the file, as the module migrated or as another module's
    sibling, shares one tree and its scopes), else a tree of its own."""
    if path is not None and path.is_file():
        try:
            same = read_source(path).text == text
        except SourceError:
            same = False
        if same:
            module = load_module(path)[0]
            if _SOURCES.get(file_state(path)) == text:
                return module
    return cst.parse_module(text)


#: fluidphi's own packages (whatever tree is given, importing them is no tree's effect, and
#: a tree's `from legacy_fluid.framework.op_kernel import *` binds what this repository's
#: module does: `first_party_file`)
FIRST_PARTY = ("compat", "legacy_fluid", "migrate", "phi")
_REPOSITORY = Path(__file__).resolve().parent.parent


def first_party_file(module: str) -> Path | None:
    """The source file of an absolute module of fluidphi's own packages
    (`legacy_fluid.framework.op_kernel`); None for any other module."""
    parts = module.split(".")
    if module.startswith(".") or parts[0] not in FIRST_PARTY or not all(parts):
        return None
    target = _REPOSITORY.joinpath(*parts)
    for cand in (target.with_suffix(".py"), target / "__init__.py"):
        if cand.is_file():
            return cand
    return None


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


def is_plain_value(value: object) -> bool:
    """A value `spell` writes as a literal needing no import: None, a bool, a number, a
    string, or a tuple of those."""
    if isinstance(value, tuple):
        return all(is_plain_value(v) for v in value)
    return value is None or isinstance(value, (bool, int, float, str))


def spell(imports: ImportTable, value: Any) -> cst.BaseExpression:
    """Source text for a statically known value (UnresolvableError when it has none)."""
    if isinstance(value, str):
        return cst.SimpleString(quote(value))
    if value is None or isinstance(value, (bool, int, float)):
        return cst.parse_expression(repr(value))
    if isinstance(value, EnumRef):
        local = imports.local_name_of(value.enum)
        if local is None and value.enum == "DataType" and value.enum not in imports.names:
            local = value.enum  # the generated kernels import it (see `emit.IMPORT_SOURCES`)
        if local is None:
            raise UnresolvableError(f"{value} is not spelled by an import of this module")
        return cst.parse_expression(f"{local}.{value.member}")
    if isinstance(value, (ClassRef, FunctionRef)):
        local = value.name if value.path is None else imports.local_name_of(value.name)
        if local is None:
            raise UnresolvableError(f"{value.name} is not a name of this module")
        return cst.Name(local)
    if isinstance(value, (tuple, list)):
        items = [cst.Element(spell(imports, v)) for v in value]
        return cst.Tuple(items) if isinstance(value, tuple) else cst.List(items)
    raise UnresolvableError(f"{value!r} cannot be spelled out")


class _NameCollector(cst.CSTVisitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_Name(self, node: cst.Name) -> None:  # noqa: N802
        self.names.add(node.value)


def names_in(node: cst.CSTNode) -> set[str]:
    c = _NameCollector()
    node.visit(c)
    return c.names
