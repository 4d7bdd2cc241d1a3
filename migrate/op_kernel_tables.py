"""Legacy kernel table rows spelled out as the kernel classes and registrations they stand
for.

A legacy operator module can make a family of kernel classes from one template class and a
table of rows (`legacy_fluid.framework.kernel_table.register_op_table(Template,
[OpKernelRow(...), ...])`). The codemod reads kernel classes and `register_op_kernel`
calls from the source, so before it reads such a module each table statement is replaced,
from the source alone, by what it stands for: per row a class `<kernel>(<the template's
bases>)` whose `compute` is the template's (docstring dropped) with `self.row.<field>`
replaced by what the row wrote (a call of a lambda `extra` inlined, as
`migrate.kernel_tables` does for PHI rows; the template's `attrs =
self.row.attr_values(ctx)` becomes one `<name> = ctx.attr("<name>")` per attribute the row
names, in its cast if it writes one, and `*attrs` those names), then per row and backend
(the table's `backends` order) a `for _dtype in <dtypes>: register_op_kernel(...)` loop,
"CPU" with the row's `cpu` dtypes and "GPU" with its `gpu` ones (else `cpu`); a `by_dtype`
table's row is one loop over its dtypes registering each on every backend (with `gpu`
dtypes, written `cpu=(*<gpu>, *<rest>)`: that loop over `gpu`, then one over the rest on
CPU alone). The template is a class of the module or one it imports from a module found
next to it in the source tree; a template's own module lists it among its bases
(`table_templates`), which get no kernel row.
"""

from __future__ import annotations

import ast
import builtins
import copy
from dataclasses import dataclass, fields
from pathlib import Path

import legacy_fluid
from legacy_fluid.framework.kernel_table import BACKENDS, OpKernelRow, attr_variable
from migrate.kernel_tables import Substitute, bind, called

TABLE_CALL = "register_op_table"
ROW_CALL = "OpKernelRow"
ROW_ACCESS = "self.row"
ATTRS_READ = f"{ROW_ACCESS}.attr_values"
REGISTER_IMPORT = "from legacy_fluid.framework.op_kernel import register_op_kernel"
_ROW_FIELDS = [f.name for f in fields(OpKernelRow) if f.init]


@dataclass(frozen=True)
class _Template:
    node: ast.ClassDef
    #: the imports of the template's module by the name they bind (None: the template is
    #: a class of the module that writes the table, whose names it shares)
    imports: dict[str, str] | None


def _imports(tree: ast.Module) -> dict[str, str]:
    """name -> the top-level import binding it, spelled as a statement."""
    found: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.update((a.asname or a.name, ast.unparse(ast.ImportFrom(node.module, [a], 0)))
                         for a in node.names)
        elif isinstance(node, ast.Import):
            found.update((a.asname or a.name.split(".")[0], ast.unparse(ast.Import([a])))
                         for a in node.names)
    return found


def _bound(tree: ast.Module) -> set[str]:
    """Names the module binds at top level."""
    names = set(_imports(tree))
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.For)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
    return names


def _free_names(template: ast.ClassDef, what: str) -> set[str]:
    """Names a row's class reads from the template (its bases and `compute`) that neither
    `compute` nor Python binds: its module's."""
    nodes = [n for part in (*template.bases, _compute(template, what)) for n in ast.walk(part)]
    stored = {n.id for n in nodes if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    stored |= {a.arg for n in nodes if isinstance(n, ast.arguments)
               for a in (*n.posonlyargs, *n.args, *n.kwonlyargs)}
    loaded = {n.id for n in nodes if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    return loaded - stored - set(dir(builtins))


def _templates(tree: ast.Module, path: Path | None) -> dict[str, _Template]:
    """The classes a table may name as its template: the module's own, and those it imports
    by name from a module of the source tree (with that module's imports)."""
    found: dict[str, _Template] = {}
    root = _source_root(tree, path)
    for node in tree.body:
        if not isinstance(node, ast.ImportFrom) or root is None or not node.module:
            continue
        source = (root / Path(*node.module.split("."))).with_suffix(".py")
        if not source.is_file():
            continue
        other = ast.parse(source.read_text(encoding="utf-8"))
        classes = {n.name: n for n in other.body if isinstance(n, ast.ClassDef)}
        found.update((a.asname or a.name, _Template(classes[a.name], _imports(other)))
                     for a in node.names if a.name in classes)
    found.update((n.name, _Template(n, None)) for n in tree.body if isinstance(n, ast.ClassDef))
    return found


def _needed_imports(templates: list[_Template], tree: ast.Module, what: str) -> list[str]:
    """The imports the spelled-out classes and loops need that the module lacks: the names
    a template of another module reads (as that module imports them) and
    `register_op_kernel`. A name the module binds otherwise is refused."""
    imports, bound = _imports(tree), _bound(tree)
    wanted: dict[str, str] = {"register_op_kernel": REGISTER_IMPORT}
    for template in templates:
        if template.imports is None:
            continue
        for name in sorted(_free_names(template.node, what)):
            if name not in template.imports:
                raise ValueError(f"{what}: the table template {template.node.name} reads "
                                 f"{name}, which its module does not import: cannot spell it "
                                 "out here")
            wanted[name] = template.imports[name]
    needed = []
    for name, statement in wanted.items():
        if name in bound and imports.get(name) != statement:
            raise ValueError(f"{what}: the spelled-out table needs `{statement}`, but the "
                             f"module binds {name} otherwise")
        if name not in bound:
            needed.append(statement)
    return sorted(set(needed))


def _source_root(tree: ast.Module, path: Path | None) -> Path | None:
    """The folder the module's absolute imports resolve under: the nearest parent of `path`
    holding a module it imports from, else the installed fluidphi's (None: not found, or
    no path)."""
    if path is None:
        return None
    modules = [n.module for n in tree.body if isinstance(n, ast.ImportFrom) and n.module
               and n.level == 0]
    # last, where this fluidphi is (a checkout or site-packages): a module copied out of
    # the tree imports the templates (`legacy_fluid.operators.kernel_templates`) from there
    for parent in (*Path(path).resolve().parents, _INSTALLED):
        if any((parent / Path(*m.split("."))).with_suffix(".py").is_file() for m in modules):
            return parent
    return None


#: the folder holding fluidphi's own packages as they are installed
_INSTALLED = Path(legacy_fluid.__file__).resolve().parent.parent


def _compute(template: ast.ClassDef, what: str) -> ast.FunctionDef:
    for node in template.body:
        if isinstance(node, ast.FunctionDef) and node.name == "compute":
            return node
    raise ValueError(f"{what}: the table template {template.name} defines no compute")


def _row_class(template: ast.ClassDef, row: dict[str, ast.expr], what: str) -> ast.ClassDef:
    name = row.get("kernel")
    if not (isinstance(name, ast.Constant) and isinstance(name.value, str)
            and name.value.isidentifier()):
        raise ValueError(f"{what}: line {row['op_type'].lineno}: a legacy kernel row's class "
                         "name must be a string naming an identifier")
    compute = copy.deepcopy(_compute(template, what))
    body = compute.body
    if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)):
        body = body[1:]
    attrs = _row_attrs(row, what)
    body, star = _read_attrs(body, attrs)
    if attrs and star is None:
        raise ValueError(f"{what}: line {name.lineno}: the row names attributes, but its "
                         f"template {template.name} reads none")
    names = [attr_variable(n) for n, _ in attrs]
    try:
        compute.body = [Substitute(ROW_ACCESS, row, (star, names) if star else None).visit(stmt)
                        for stmt in body]
    except ValueError as exc:
        raise ValueError(f"{what}: line {name.lineno}: {exc}") from None
    return ast.ClassDef(name=name.value, bases=copy.deepcopy(template.bases), keywords=[],
                        body=[compute], decorator_list=[], type_params=[])


def _row_attrs(row: dict[str, ast.expr], what: str) -> list[tuple[str, ast.expr | None]]:
    """The row's `attrs` as (name, cast or None) pairs."""
    value = row.get("attrs")
    if value is None:
        return []
    elts = value.elts if isinstance(value, (ast.Tuple, ast.List)) else [value]
    found = []
    for elt in elts:
        pair = elt.elts if isinstance(elt, ast.Tuple) and len(elt.elts) == 2 else [elt, None]
        if not (isinstance(value, (ast.Tuple, ast.List)) and isinstance(pair[0], ast.Constant)
                and isinstance(pair[0].value, str)):
            raise ValueError(f"{what}: line {elt.lineno}: a row's attrs must be written as a "
                             "tuple of attribute names or (name, cast) pairs")
        found.append((pair[0].value, pair[1]))
    return found


def _read_attrs(body: list[ast.stmt], attrs: list[tuple[str, ast.expr | None]]
                ) -> tuple[list[ast.stmt], str | None]:
    """`body` with the template's `NAME = self.row.attr_values(ctx)` replaced by one
    `<variable> = ctx.attr("<name>")` (in its cast, if any) per row attribute; and NAME."""
    read, star = [], None
    for stmt in body:
        call = stmt.value if isinstance(stmt, ast.Assign) else None
        if not (isinstance(call, ast.Call) and ast.unparse(call.func) == ATTRS_READ
                and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)  # type: ignore[attr-defined]
                and len(call.args) == 1 and not call.keywords):
            read.append(stmt)
            continue
        star = stmt.targets[0].id  # type: ignore[attr-defined]
        for name, cast in attrs:
            value: ast.expr = ast.Call(ast.Attribute(copy.deepcopy(call.args[0]), "attr"),
                                       [ast.Constant(name)], [])
            if cast is not None:
                value = ast.Call(copy.deepcopy(cast), [value], [])
            read.append(ast.Assign([ast.Name(attr_variable(name), ast.Store())], value,
                                   lineno=stmt.lineno))
    return read, star


def _backends(table: dict[str, ast.expr], what: str, line: int) -> list[str]:
    value = table.get("backends")
    if value is None:
        return list(BACKENDS)
    try:
        names = ast.literal_eval(value)
    except ValueError:
        names = None
    if not (isinstance(names, (tuple, list)) and names and all(n in BACKENDS for n in names)):
        raise ValueError(f"{what}: line {line}: a table's backends must be written as a "
                         f"tuple of {list(BACKENDS)}")
    return list(names)


def _by_dtype(table: dict[str, ast.expr], what: str, line: int) -> bool:
    value = table.get("by_dtype")
    if value is None:
        return False
    if not (isinstance(value, ast.Constant) and isinstance(value.value, bool)):
        raise ValueError(f"{what}: line {line}: a table's by_dtype must be True or False")
    return value.value


def _registrations(row: dict[str, ast.expr], backends: list[str], by_dtype: bool,
                   what: str) -> list[str]:
    kernel = row["kernel"].value  # type: ignore[attr-defined]
    if by_dtype:
        return _by_dtype_registrations(row, backends, what)
    loops = []
    for backend in backends:
        dtypes = row.get(backend.lower())
        if dtypes is None or (isinstance(dtypes, ast.Constant) and dtypes.value is None):
            dtypes = row["cpu"]
        loops.append(f"for _dtype in {ast.unparse(dtypes)}:\n    register_op_kernel("
                     f"{ast.unparse(row['op_type'])}, {backend!r}, {kernel}, _dtype)")
    return loops


def _by_dtype_registrations(row: dict[str, ast.expr], backends: list[str], what: str
                            ) -> list[str]:
    """A by_dtype row's loops: over its GPU dtypes (or all, when it writes none) each on
    every backend, then over the rest of its CPU dtypes (written `cpu=(*<gpu>, ...)`) on
    CPU."""
    kernel, op = row["kernel"].value, ast.unparse(row["op_type"])  # type: ignore[attr-defined]
    gpu, cpu = row.get("gpu"), row["cpu"]

    def loop(dtypes: str, on: list[str]) -> str:
        calls = "".join(f"\n    register_op_kernel({op}, {backend!r}, {kernel}, _dtype)"
                        for backend in on)
        return f"for _dtype in {dtypes}:{calls}"

    if gpu is None or (isinstance(gpu, ast.Constant) and gpu.value is None):
        return [loop(ast.unparse(cpu), backends)]
    if not (isinstance(cpu, ast.Tuple) and len(cpu.elts) > 1
            and isinstance(cpu.elts[0], ast.Starred)
            and ast.dump(cpu.elts[0].value) == ast.dump(gpu)):
        raise ValueError(f"{what}: line {gpu.lineno}: a by_dtype table's row with gpu dtypes "
                         "writes its cpu dtypes as (*<the gpu ones>, <the CPU-only ones>)")
    rest = cpu.elts[1:]
    only = (ast.unparse(rest[0].value) if len(rest) == 1 and isinstance(rest[0], ast.Starred)
            else ast.unparse(ast.Tuple(rest)))
    return [loop(ast.unparse(gpu), backends)] + (
        [loop(only, ["CPU"])] if "CPU" in backends else [])


def _expand_table(call: ast.Call, templates: dict[str, _Template], what: str) -> str:
    table = bind(call, ["template", "rows"], what)
    template = table["template"]
    if not isinstance(template, ast.Name) or template.id not in templates:
        raise ValueError(f"{what}: line {call.lineno}: the table's template must be a class "
                         "of the module or one it imports")
    rows = table["rows"]
    if not isinstance(rows, (ast.List, ast.Tuple)):
        raise ValueError(f"{what}: line {call.lineno}: the rows must be written as a list")
    backends = _backends(table, what, call.lineno)
    by_dtype = _by_dtype(table, what, call.lineno)
    classes, loops = [], []
    for node in rows.elts:
        if not called(node, ROW_CALL):
            raise ValueError(f"{what}: line {node.lineno}: a legacy table row must be an "
                             f"{ROW_CALL}(...) call")
        row = bind(node, _ROW_FIELDS, what)  # type: ignore[arg-type]
        classes.append(ast.unparse(_row_class(templates[template.id].node, row, what)))
        loops += _registrations(row, backends, by_dtype, what)
    return "\n\n" + "\n\n\n".join(classes) + "\n\n\n" + "\n".join(loops) + "\n\n"


def table_templates(source: str) -> frozenset[str]:
    """The module's classes that are table templates (a method reads `self.row`): bases of
    the classes its rows make, no kernels of their own."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return frozenset()
    return frozenset(node.name for node in tree.body if isinstance(node, ast.ClassDef) and any(
        isinstance(n, ast.Attribute) and ast.unparse(n) == ROW_ACCESS for n in ast.walk(node)))


def expand_op_tables(source: str, what: str, path: Path | None = None) -> str:
    """`source` with each legacy kernel table statement replaced by the classes and
    registrations it stands for (`what` names the file in errors; `path`, the file, is
    where imported templates are looked up from). Other text is kept as it is."""
    tree = ast.parse(source)
    tables = [s for s in tree.body if isinstance(s, ast.Expr) and called(s.value, TABLE_CALL)]
    if not tables:
        if any(isinstance(n, ast.Call) and called(n, TABLE_CALL) for n in ast.walk(tree)):
            raise ValueError(f"{what}: {TABLE_CALL}(...) is read only as a statement of its "
                             "own at module level")
        return source
    templates = _templates(tree, path)
    lines = source.splitlines(keepends=True)
    for stmt in reversed(tables):
        text = _expand_table(stmt.value, templates, what)  # type: ignore[arg-type]
        lines[stmt.lineno - 1:stmt.end_lineno] = [text]
    used = [templates[t.value.args[0].id] for t in tables  # type: ignore[attr-defined]
            if t.value.args and isinstance(t.value.args[0], ast.Name)]  # type: ignore[attr-defined]
    needed = _needed_imports(used, tree, what)
    if needed:  # after the last import above the first table
        above = [n.end_lineno or n.lineno for n in tree.body if isinstance(
            n, (ast.Import, ast.ImportFrom)) and n.lineno < tables[0].lineno]
        at = max(above, default=0)
        lines[at:at] = ["".join(f"{statement}\n" for statement in needed)]
    return "".join(lines)
