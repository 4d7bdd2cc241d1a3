"""Kernel table rows spelled out as the kernel functions they stand for.

A PHI kernel module can register a family of kernels from one template and a table of rows
(`phi.core.kernel_table.register_table(template, [KernelRow(...), ...])`). The dogfood
compares the codemod's output with the committed kernels function by function, so each
row is written out here, from the source alone, as the function it registers: the two
`register_kernel` decorators (CPU: the row's `cpu` dtypes, GPU: its `gpu` ones, else the
CPU ones; the table's layout and arg_overrides), `def <name>_kernel` with the template's
parameters less `row`, and the template's body (docstring dropped) with `row.name`,
`row.func` and `row.extra` replaced by what the row wrote, a call of `row.extra` that is
a lambda written in the row inlined; a template's `*attrs` becomes the row's `attrs` names
(parameters with its annotation, the keyword-only ones after it positional again) and
`*attrs` in a call those names.
"""

from __future__ import annotations

import ast
import copy
from dataclasses import fields
from pathlib import Path

from phi.core.kernel_table import KernelRow

TABLE_CALL = "register_table"
ROW_CALL = "KernelRow"
_ROW_FIELDS = [f.name for f in fields(KernelRow) if f.compare]
_BACKENDS = (("CPU", "cpu"), ("GPU", "gpu"))


def called(node: ast.AST, name: str) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute))
            and (node.func.id if isinstance(node.func, ast.Name) else node.func.attr) == name)


def bind(call: ast.Call, names: list[str], what: str) -> dict[str, ast.expr]:
    """Positional and keyword arguments of `call` by parameter name."""
    if (len(call.args) > len(names) or any(isinstance(a, ast.Starred) for a in call.args)
            or any(k.arg is None for k in call.keywords)):
        raise ValueError(f"{what}: line {call.lineno}: cannot read the call statically")
    bound = dict(zip(names, call.args))
    bound.update((k.arg, k.value) for k in call.keywords if k.arg is not None)
    return bound


class Substitute(ast.NodeTransformer):
    """`row.<field>` -> the row's expression; `row.extra(args)` with a lambda extra inlined.
    `row_param` is how the template reaches its row: a parameter (`row`) or an attribute
    (`self.row`, a legacy template class's)."""

    def __init__(self, row_param: str, row: dict[str, ast.expr],
                 attrs: tuple[str, list[str]] | None = None) -> None:
        self.row_param, self.row, self.attrs = row_param, row, attrs

    def _field(self, node: ast.AST) -> str | None:
        if (isinstance(node, ast.Attribute) and isinstance(node.value, (ast.Name, ast.Attribute))
                and ast.unparse(node.value) == self.row_param):
            return node.attr
        return None

    def visit_Call(self, node: ast.Call) -> ast.AST:
        if self.attrs is not None:  # `*attrs` -> the row's attribute names
            star, names = self.attrs
            node.args = [a for arg in node.args for a in (
                [ast.Name(n) for n in names] if isinstance(arg, ast.Starred)
                and isinstance(arg.value, ast.Name) and arg.value.id == star else [arg])]
        name = self._field(node.func)
        value = self.row.get(name) if name else None
        if isinstance(value, ast.Lambda) and not node.keywords:
            params = [a.arg for a in value.args.args]
            args = [self.visit(a) for a in node.args]
            return _Inline(dict(zip(params, args))).visit(copy.deepcopy(value.body))
        return self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        name = self._field(node)
        if name is None:
            return self.generic_visit(node)
        if name not in self.row:
            raise ValueError(f"the template reads row.{name}, which the row does not write")
        return copy.deepcopy(self.row[name])


class _Inline(ast.NodeTransformer):
    def __init__(self, args: dict[str, ast.expr]) -> None:
        self.args = args

    def visit_Name(self, node: ast.Name) -> ast.AST:
        return copy.deepcopy(self.args[node.id]) if node.id in self.args else node


def _row_function(template: ast.FunctionDef, row: dict[str, ast.expr],
                  table: dict[str, ast.expr]) -> str:
    name = row["name"]
    if not (isinstance(name, ast.Constant) and isinstance(name.value, str)):
        raise ValueError(f"kernel row at line {name.lineno}: the name must be a string")
    fn = copy.deepcopy(template)
    row_param = fn.args.args.pop(0).arg
    attrs = _named_attrs(fn, row)
    body = fn.body
    if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)):
        body = body[1:]
    fn.body = [Substitute(row_param, row, attrs).visit(stmt) for stmt in body]
    fn.name = f"{name.value}_kernel"
    layout = ast.unparse(table["layout"]) if "layout" in table else "DataLayout.ALL_LAYOUT"
    extra = (f", arg_overrides={ast.unparse(table['arg_overrides'])}"
             if "arg_overrides" in table else "")
    decorators = []
    for backend, key in _BACKENDS:
        dtypes = row.get(key)
        if dtypes is None or (isinstance(dtypes, ast.Constant) and dtypes.value is None):
            dtypes = row["cpu"]
        decorators.append(ast.parse(
            f"register_kernel({ast.unparse(name)}, Backend.{backend}, {layout}, "
            f"{ast.unparse(dtypes)}{extra})", mode="eval").body)
    fn.decorator_list = decorators
    return ast.unparse(fn)


def _named_attrs(fn: ast.FunctionDef, row: dict[str, ast.expr]
                 ) -> tuple[str, list[str]] | None:
    """The template's `*attrs` replaced in `fn`'s parameters by the row's `attrs` names;
    returns (the `*attrs` name, the row's names), None for a template without one."""
    star = fn.args.vararg
    if star is None:
        return None
    names = row.get("attrs")
    if not (isinstance(names, (ast.Tuple, ast.List)) and names.elts and all(
            isinstance(e, ast.Constant) and isinstance(e.value, str) for e in names.elts)):
        raise ValueError(f"kernel row at line {row['name'].lineno}: its template takes "
                         "*attrs: write attrs= as a tuple of strings")
    attr_names = [e.value for e in names.elts]  # type: ignore[attr-defined]
    fn.args.args += [ast.arg(n, copy.deepcopy(star.annotation)) for n in attr_names]
    fn.args.args += fn.args.kwonlyargs
    fn.args.vararg, fn.args.kwonlyargs, fn.args.kw_defaults = None, [], []
    return star.arg, attr_names


def _imported_templates(tree: ast.Module, root: Path | None) -> dict[str, ast.FunctionDef]:
    """Functions the module imports by name (`from phi.kernels.x import t`) from a module
    of the source tree under `root`, by the name the module uses."""
    found: dict[str, ast.FunctionDef] = {}
    for node in tree.body:
        if not isinstance(node, ast.ImportFrom) or root is None or not node.module:
            continue
        path = root / Path(*node.module.split(".")).with_suffix(".py")
        if not path.is_file():
            continue
        defs = {n.name: n for n in ast.parse(path.read_text(encoding="utf-8")).body
                if isinstance(n, ast.FunctionDef)}
        found.update((a.asname or a.name, defs[a.name]) for a in node.names if a.name in defs)
    return found


def expand_tables(source: str, what: str, root: Path | None = None) -> str:
    """`source` with each kernel table row appended as the function it registers (`what`
    names the file in errors). A template is a function of the module or one it imports
    from a module of the source tree under `root`."""
    tree = ast.parse(source)
    if not any(called(getattr(s, "value", None), TABLE_CALL) for s in tree.body):
        return source
    templates = {**_imported_templates(tree, root),
                 **{n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}}
    functions = []
    for stmt in tree.body:
        call = stmt.value if isinstance(stmt, (ast.Expr, ast.Assign)) else None
        if call is None or not called(call, TABLE_CALL):
            continue
        table = bind(call, ["template", "rows", "layout"], what)
        template = table["template"]
        if not isinstance(template, ast.Name) or template.id not in templates:
            raise ValueError(f"{what}: line {call.lineno}: the table's template must be a "
                             "function of the module or one it imports")
        rows = table["rows"]
        if not isinstance(rows, (ast.List, ast.Tuple)):
            raise ValueError(f"{what}: line {call.lineno}: the rows must be written as a list")
        for row in rows.elts:
            if not called(row, ROW_CALL):
                raise ValueError(f"{what}: line {row.lineno}: a table row must be a "
                                 f"{ROW_CALL}(...) call")
            functions.append(_row_function(templates[template.id],
                                           bind(row, _ROW_FIELDS, what), table))
    return "\n\n".join([source, *functions]) if functions else source
