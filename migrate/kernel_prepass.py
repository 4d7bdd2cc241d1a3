"""Spellings of a literal read that the rewrite then handles like `ctx.attr("name")`.

Run on compute() before anything else, each only where it is provably the same:

* `self.NAME_ATTR` holding a string (or a tuple of strings) class constant is spelled out,
  so `ctx.attr(self.FACTOR_ATTR)` reads attribute "factor";
* `get = ctx.attr` (any slot method), bound once before its first use and only ever
  called, is dropped and `get("x")` reads `ctx.attr("x")`;
* a builtin the body calls whose name a parameter will take (`min` the attribute, `min()`
  the builtin) is read as `builtins.min`, so the parameter keeps the name ops.yaml gives it;
* a list / set / dict comprehension, a generator unpacked or passed to tuple() / list(),
  and a for loop (no break, continue or else; its variable not read after it) over a
  constant tuple of strings (none: an empty tuple runs no iteration), whose variable names a
  slot or attribute, are unrolled (`unroll_names`, also run on helpers taking ctx): a
  literal tuple, `self.NAME` or `getattr(self, "NAME")` by the kernel's MRO, a module-level
  constant; one of those that may change stops the kernel, saying why. A `for` over
  `.items()` / `.keys()` / `.values()` of a class-level dict of literals nothing changes
  (`self.MODES`, `constant_of(..., tables=True)`) unrolls the same way, both loop variables
  spelled as each entry's literals (`table_loop`, `_spelled_vars`).
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.class_members import Member, constant_of
from migrate.constant_folds import SubstitutionFolds
from migrate.fstring_fields import FieldMerges
from migrate.has_attr_folds import UNRESOLVED
from migrate.kernel_model import SkipError
from migrate.names import NameWalker
from migrate.static import ModuleInfo
from migrate.static_refs import UnresolvableError, code_of, literal_string, quote, spell
from migrate.syntax import substitute_names

SLOT_METHODS = ("input", "multi_input", "output", "multi_output", "attr", "has_input",
                "has_output", "input_size", "output_size")


def prepare(info: ModuleInfo, members: dict[str, Member], block: cst.IndentedBlock,
            ctx: str, self_name: str) -> cst.IndentedBlock:
    block = inline_name_constants(info, members, block, self_name)
    block = _inline_method_aliases(block, ctx)
    return unroll_names(info, members, block, ctx, self_name)


def fold_slot_names(home: ModuleInfo, block: cst.IndentedBlock, ctx: str
                    ) -> cst.IndentedBlock:
    """`block` (compute()'s body, written in module `home`) with each slot or attribute
    name computed from module constants (`ctx.input(X_SLOT)`, `ctx.input("Out" + GRAD)`,
    `ctx.attr(cm.ALPHA)`) spelled as the string it is; a name compute() binds itself is
    its own, not the module's (left as written, and refused later as a computed name)."""
    own = {e.name for e in NameWalker().walk(block) if e.store} | {ctx}
    methods = {*SLOT_METHODS, "has_attr"}

    class Fold(cst.CSTTransformer):
        def leave_Call(self, original: cst.Call, updated: cst.Call  # noqa: N802
                       ) -> cst.BaseExpression:
            if not m.matches(updated.func, m.Attribute(value=m.Name(ctx), attr=m.Name(
                    m.MatchIfTrue(lambda n: n in methods)))) or len(updated.args) != 1:
                return updated
            arg = updated.args[0]
            if arg.keyword is not None or arg.star or literal_string(arg.value) is not None \
                    or {n.value for n in m.findall(arg.value, m.Name())} & own:
                return updated
            try:
                value = home.ev.eval(arg.value, {})
            except (UnresolvableError, RecursionError):
                return updated
            if not isinstance(value, str):
                return updated
            return updated.with_changes(args=[arg.with_changes(
                value=cst.SimpleString(quote(value)))])

    return block.visit(Fold())


def constant_reader(home: ModuleInfo, block: cst.CSTNode) -> Any:
    """A function giving the value of a module constant `block` (a function body written in
    module `home`) reads by name, `EPS` or `cm.EPS`, and `has_attr_folds.UNRESOLVED` for
    anything else: a call, a name the body binds itself, one the module may change."""
    own = {e.name for e in NameWalker().walk(block) if e.store}

    def read(expr: cst.BaseExpression) -> Any:
        root = expr
        while isinstance(root, cst.Attribute):
            root = root.value
        if not isinstance(root, cst.Name) or root.value in own:
            return UNRESOLVED
        try:
            return home.ev.eval(expr, {})
        except (UnresolvableError, RecursionError):
            return UNRESOLVED

    return read


def unroll_names(info: ModuleInfo, members: dict[str, Member], node: Any, ctx: str,
                 self_name: str, home: ModuleInfo | None = None) -> Any:
    """`node` (a function body of the kernel class of module `info` whose `self.NAME`
    string constants are spelled out, written in module `home`, by default `info`) with
    its comprehensions and loops over constant tuples of names that
    read slots or attributes by them unrolled; SkipError naming why when such a loop runs
    over `self.NAME`, `getattr(self, "NAME")` or a module-level name that is no constant
    tuple of names (rebound, changed, set on an instance)."""
    local = {e.name for e in NameWalker().walk(node) if e.store}
    names = _ConstantNames(info, home or info, members, self_name, local)
    return node.visit(_UnrollNames(ctx, names))


class _ConstantNames:
    """The strings a loop's iterable stands for: a literal tuple or list of them, or a
    constant naming one (`self.NAME` by the class's MRO, a module-level name); a str saying
    why when the iterable is such a constant reference but not provably constant; None for
    anything else."""

    def __init__(self, info: ModuleInfo, home: ModuleInfo, members: dict[str, Member],
                 self_name: str, local: set[str]) -> None:
        self.info, self.home, self.members = info, home, members
        self.self_name, self.local = self_name, local

    def __call__(self, node: cst.BaseExpression) -> list[str] | str | None:
        literal = _constant_names(node)
        if literal is not None:
            return literal
        attr = _self_attribute(node, self.self_name) if self.self_name else None
        try:
            if attr is not None:
                value = constant_of(self.info, self.members, attr)
            elif isinstance(node, cst.Name) and node.value not in self.local \
                    and node.value in self.home.module_names():
                value = self.home.ev.name(node.value, {})
            else:
                return None
        except UnresolvableError as exc:
            return str(exc)
        if isinstance(value, (tuple, list)) and all(isinstance(v, str) for v in value):
            return list(value)
        return None


    def table(self, node: cst.BaseExpression) -> dict[str, Any] | str | None:
        """The dict `self.NAME` (by the kernel's MRO, a class-level dict display nothing
        changes: `constant_of(..., tables=True)`) holds, keyed by strings; a str saying why
        when it is no such constant; None when `node` is no `self.NAME`."""
        attr = _self_attribute(node, self.self_name) if self.self_name else None
        if attr is None:
            return None
        try:
            value = constant_of(self.info, self.members, attr, tables=True)
        except UnresolvableError as exc:
            return str(exc)
        if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
            return f"'{attr}' is no dict keyed by strings"
        return value


def _self_attribute(node: cst.BaseExpression, self_name: str) -> str | None:
    """NAME of `self.NAME` or `getattr(self, "NAME")`; None for anything else."""
    if isinstance(node, cst.Attribute) and m.matches(node.value, m.Name(self_name)):
        return node.attr.value
    if (isinstance(node, cst.Call) and m.matches(node.func, m.Name("getattr"))
            and len(node.args) == 2 and m.matches(node.args[0].value, m.Name(self_name))
            and not any(a.star or a.keyword for a in node.args)):
        return literal_string(node.args[1].value)
    return None


def inline_name_constants(info: ModuleInfo, members: dict[str, Member], node: Any,
                          self_name: str) -> Any:
    """`node` with each `self.NAME` that is a string (or tuple of strings, maybe empty) constant of
    the class (`constant_of`, by `members`: the kernel class's MRO, so a subclass's own
    value wins) spelled as its literal: `ctx.attr(self.SCALE_ATTR)` reads `"scale"`."""
    return node.visit(_NameConstants(info, members, self_name))


class _NameConstants(SubstitutionFolds):
    """What the spelled strings make of the expressions around them is folded in the same
    pass (`constant_folds`: `"un_max" == "un_min"` is False)."""

    def __init__(self, info: ModuleInfo, members: dict[str, Member], self_name: str) -> None:
        super().__init__()
        self.info, self.members, self.self_name = info, members, self_name
        self.fstrings = 0  # inside an f-string a spelled string's quotes may end it

    def visit_FormattedString(self, node: cst.FormattedString) -> None:  # noqa: N802
        self.fstrings += 1

    def leave_FormattedString(self, original: cst.FormattedString,  # noqa: N802
                              updated: cst.FormattedString) -> cst.BaseExpression:
        self.fstrings -= 1
        return super().leave_FormattedString(original, updated)

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute  # noqa: N802
                        ) -> cst.BaseExpression:
        return self._spelled(original, updated)

    def leave_Call(self, original: cst.Call, updated: cst.Call  # noqa: N802
                   ) -> cst.BaseExpression:
        return self._spelled(original, updated)

    def leave_Subscript(self, original: cst.Subscript, updated: cst.Subscript  # noqa: N802
                        ) -> cst.BaseExpression:
        """`self.SLOTS["x"]` of a class-level table nothing changes, holding a string."""
        index = original.slice[0].slice if len(original.slice) == 1 else None
        name = _self_attribute(original.value, self.self_name)
        key = literal_string(index.value) if isinstance(index, cst.Index) else None
        if self.fstrings or name is None or key is None:
            return updated
        try:
            table = constant_of(self.info, self.members, name, tables=True)
        except UnresolvableError:
            return updated
        if isinstance(table, dict) and isinstance(table.get(key), str):
            return self.substituted(spell(self.info.imports, table[key]))
        return updated

    def _spelled(self, original: cst.BaseExpression, updated: cst.BaseExpression
                 ) -> cst.BaseExpression:
        name = _self_attribute(original, self.self_name)
        if self.fstrings or name is None:
            return updated
        try:
            value = constant_of(self.info, self.members, name)
        except UnresolvableError:
            return updated
        if isinstance(value, str) or (isinstance(value, tuple)
                                      and all(isinstance(v, str) for v in value)):
            return self.substituted(spell(self.info.imports, value))
        return updated


def _inline_method_aliases(block: cst.IndentedBlock, ctx: str) -> cst.IndentedBlock:
    aliases: dict[str, str] = {}
    events = NameWalker().walk(block)
    drop: list[bool] = []
    for stmt in block.body:
        target = _alias_of(stmt, ctx)
        keep = True
        if target is not None:
            name, method = target
            mine = [e for e in events if e.name == name]
            stores = [e for e in mine if e.store]
            calls = {c.func for c in m.findall(block, m.Call(func=m.Name(name)))}
            loads = [e for e in mine if not e.store]
            if (len(stores) == 1 and mine[0].store and not stores[0].nested
                    and all(e.node in calls for e in loads)):
                aliases[name] = method
                keep = False
        drop.append(not keep)
    if not aliases:
        return block

    class Inline(cst.CSTTransformer):
        def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:  # noqa: N802
            if isinstance(updated.func, cst.Name) and updated.func.value in aliases:
                return updated.with_changes(func=cst.Attribute(
                    cst.Name(ctx), cst.Name(aliases[updated.func.value])))
            return updated

    kept = [s for s, d in zip(block.body, drop) if not d]
    return block.with_changes(body=kept).visit(Inline())


def _alias_of(stmt: cst.BaseStatement, ctx: str) -> tuple[str, str] | None:
    pattern = m.SimpleStatementLine(body=[m.Assign(
        targets=[m.AssignTarget(target=m.Name())],
        value=m.Attribute(value=m.Name(ctx), attr=m.OneOf(*(m.Name(s) for s in SLOT_METHODS))))])
    if not m.matches(stmt, pattern):
        return None
    assign = stmt.body[0]  # type: ignore[attr-defined]
    return assign.targets[0].target.value, assign.value.attr.value


def _constant_names(node: cst.BaseExpression) -> list[str] | None:
    if not isinstance(node, (cst.Tuple, cst.List)):
        return None
    values = [literal_string(e.value) if isinstance(e, cst.Element) else None
              for e in node.elements]
    # an empty tuple too (a template base's `ATTRS = ()`): the loop runs no iteration
    return values if all(v is not None for v in values) else None  # type: ignore[return-value]


def _reads_by(node: cst.CSTNode, ctx: str, var: str) -> bool:
    """Whether `node` reads a slot or attribute named by `var` (or asks `has_attr`)."""
    methods = (*SLOT_METHODS, "has_attr")
    return bool(m.findall(node, m.Call(
        func=m.Attribute(value=m.Name(ctx), attr=m.OneOf(*(m.Name(s) for s in methods))),
        args=[m.Arg(value=m.Name(var))])))


def _substituted(node: Any, var: str, value: str) -> Any:
    """`node` with every read of `var` replaced by the literal; None when `var` is bound
    inside it, or read by a nested function or lambda (which would see its last value)."""
    events = [e for e in NameWalker().walk(node) if e.name == var]
    if any(e.store or e.nested for e in events):
        return None
    return substitute_names(node, {var: cst.SimpleString(quote(value))})


class _UnrollNames(cst.CSTTransformer):
    def __init__(self, ctx: str, names: _ConstantNames) -> None:
        super().__init__()
        self.ctx, self.names = ctx, names

    def _names(self, iterable: cst.BaseExpression, var: str, body: Sequence[cst.CSTNode]
               ) -> list[str] | None:
        """The names a loop over `iterable` whose variable `var` names what `body` reads
        runs over; None when it reads nothing by it or `iterable` is no constant."""
        if not any(_reads_by(b, self.ctx, var) for b in body):
            return None
        names = self.names(iterable)
        if isinstance(names, str):
            raise SkipError(f"reads by the names {code_of(iterable).strip()} lists, which "
                            f"are not provably constant ({names})")
        return names

    def _items(self, comp: cst.CompFor, elt: Sequence[cst.CSTNode]
               ) -> list[list[Any]] | None:
        if comp.inner_for_in is not None or comp.ifs or comp.asynchronous is not None:
            return None
        if not isinstance(comp.target, cst.Name):
            return None
        var = comp.target.value
        names = self._names(comp.iter, var, elt)
        if names is None:
            return None
        out = []
        for value in names:
            items = [_substituted(e, var, value) for e in elt]
            if any(i is None for i in items):
                return None
            out.append(items)
        return out

    def leave_ListComp(self, original: cst.ListComp, updated: cst.ListComp  # noqa: N802
                       ) -> cst.BaseExpression:
        items = self._items(updated.for_in, [updated.elt])
        if items is None:
            return updated
        return cst.List([cst.Element(i[0]) for i in items], lpar=updated.lpar,
                        rpar=updated.rpar)

    def leave_SetComp(self, original: cst.SetComp, updated: cst.SetComp  # noqa: N802
                      ) -> cst.BaseExpression:
        items = self._items(updated.for_in, [updated.elt])
        if items is None:
            return updated
        return cst.Set([cst.Element(i[0]) for i in items], lpar=updated.lpar, rpar=updated.rpar)

    def leave_DictComp(self, original: cst.DictComp, updated: cst.DictComp  # noqa: N802
                       ) -> cst.BaseExpression:
        items = self._items(updated.for_in, [updated.key, updated.value])
        if items is None:
            return updated
        return cst.Dict([cst.DictElement(k, v) for k, v in items], lpar=updated.lpar,
                        rpar=updated.rpar)

    def _generator(self, node: cst.BaseExpression) -> cst.Tuple | None:
        if not isinstance(node, cst.GeneratorExp):
            return None
        items = self._items(node.for_in, [node.elt])
        return None if items is None else cst.Tuple([cst.Element(i[0]) for i in items])

    def leave_Assign(self, original: cst.Assign, updated: cst.Assign  # noqa: N802
                     ) -> cst.Assign:
        if len(updated.targets) == 1 and isinstance(updated.targets[0].target,
                                                    (cst.Tuple, cst.List)):
            display = self._generator(updated.value)
            if display is not None:
                return updated.with_changes(value=display)
        return updated

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:  # noqa: N802
        if (m.matches(updated.func, m.Name("tuple") | m.Name("list"))
                and len(updated.args) == 1 and not updated.args[0].keyword
                and not updated.args[0].star):
            display = self._generator(updated.args[0].value)
            if display is not None:
                if updated.func.value == "list":  # type: ignore[attr-defined]
                    return cst.List(display.elements)
                return display.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
        return updated

    def leave_IndentedBlock(self, original: cst.IndentedBlock,  # noqa: N802
                            updated: cst.IndentedBlock) -> cst.IndentedBlock:
        body: list[Any] = []
        changed = False
        for i, stmt in enumerate(updated.body):
            copies = self._unrolled(stmt, updated.body[i + 1:])
            if copies is None:
                body.append(stmt)
            else:
                body.extend(copies)
                changed = True
        if changed and not body:  # every statement a loop over an empty tuple
            body = [cst.SimpleStatementLine([cst.Pass()])]
        return updated.with_changes(body=body) if changed else updated

    def _unrolled(self, stmt: Any, after: Sequence[Any]) -> list[Any] | None:
        if not (isinstance(stmt, cst.For) and stmt.orelse is None and stmt.asynchronous is None):
            return None
        if not isinstance(stmt.target, cst.Name):
            return self._table_unrolled(stmt, after)
        var = stmt.target.value
        names = self._names(stmt.iter, var, [stmt.body])
        if names is None:
            return None
        if m.findall(stmt.body, m.Break() | m.Continue() | m.Return()):
            return None
        if any(e.name == var for s in after for e in NameWalker().walk(s)):
            return None  # the loop variable is read after the loop
        out: list[Any] = []
        for value in names:
            copy = _substituted(stmt.body, var, value)
            if copy is None:
                return None
            out.extend(copy.body)
        if out:
            out[0] = out[0].with_changes(leading_lines=[*stmt.leading_lines,
                                                        *out[0].leading_lines])
        return out

    def _table_unrolled(self, stmt: cst.For, after: Sequence[Any]) -> list[Any] | None:
        """`for KEY, VALUE in self.TABLE.items()` (or `.keys()` / `.values()`) over a
        class-level dict of literals whose key names what the body reads: one copy of the
        body per entry, both variables spelled as the entry's literals."""
        loop = table_loop(stmt)
        if loop is None:
            return None
        table_node, key_var, value_var = loop
        read = [v for v in (key_var, value_var) if v]
        if not any(_reads_by(stmt.body, self.ctx, v) for v in read):
            return None
        table = self.names.table(table_node)
        if table is None:
            return None
        if isinstance(table, str):
            raise SkipError(f"reads by the names {code_of(table_node).strip()} holds, which "
                            f"are not provably constant ({table})")
        if m.findall(stmt.body, m.Break() | m.Continue() | m.Return()) or any(
                e.name in read for s in after for e in NameWalker().walk(s)):
            return None
        out: list[Any] = []
        for key, value in table.items():
            values = {key_var: key, value_var: value}
            copy = _spelled_vars(stmt.body, {v: values[v] for v in read})
            if copy is None:
                return None
            out.extend(copy.body)
        if out:
            out[0] = out[0].with_changes(leading_lines=[*stmt.leading_lines,
                                                        *out[0].leading_lines])
        return out


def table_loop(stmt: cst.For) -> tuple[cst.BaseExpression, str, str] | None:
    """(the dict, key variable, value variable: "" where not bound) of `for K, V in
    D.items()`, `for K in D.keys()` or `for V in D.values()`; None for any other loop."""
    call = stmt.iter
    if not (isinstance(call, cst.Call) and not call.args and isinstance(call.func, cst.Attribute)):
        return None
    method, target = call.func.attr.value, stmt.target
    names = [e.value.value for e in target.elements if isinstance(e.value, cst.Name)] \
        if isinstance(target, (cst.Tuple, cst.List)) else []
    if method == "items" and len(names) == 2 == len(target.elements) and names[0] != names[1]:  # type: ignore[union-attr]
        return call.func.value, names[0], names[1]
    if method in ("keys", "values") and isinstance(target, cst.Name):
        return (call.func.value, target.value, "") if method == "keys" else \
            (call.func.value, "", target.value)
    return None


def _literal(value: Any, q: str) -> str | None:
    """`value` (a string, number, bool, None or tuple of them) as source text whose strings
    use quote `q`; None for anything else, or a string needing escapes."""
    if isinstance(value, str):
        plain = value.isprintable() and q not in value and "\\" not in value
        return f"{q}{value}{q}" if plain and "{" not in value and "}" not in value else None
    if value is None or isinstance(value, (bool, int, float)):
        return repr(value) if repr(value) not in ("nan", "inf", "-inf") else None
    if isinstance(value, tuple):
        items = [_literal(v, q) for v in value]
        if any(i is None for i in items):
            return None
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"  # type: ignore[arg-type]
    return None


def _spelled_vars(node: Any, values: dict[str, Any]) -> Any:
    """`node` with each read of a variable of `values` spelled as its literal (with the
    other quote inside an f-string); None when one is bound inside it, read by a nested
    function or lambda, or has no literal spelling."""
    events = [e for e in NameWalker().walk(node) if e.name in values]
    if any(e.store or e.nested for e in events):
        return None
    spelled = {(n, q): _literal(v, q) for n, v in values.items() for q in ("'", '"')}
    if any(t is None for t in spelled.values()):
        return None
    quotes: list[str] = []
    skip: set[cst.Name] = set()

    class Spell(FieldMerges):  # a whole field's literal merged into its f-string's text
        def visit_FormattedString(self, node: cst.FormattedString) -> None:  # noqa: N802
            quotes.append(node.quote)

        def leave_FormattedString(self, original: cst.FormattedString,  # noqa: N802
                                  updated: cst.FormattedString) -> cst.BaseExpression:
            quotes.pop()
            return super().leave_FormattedString(original, updated)

        def visit_Attribute(self, node: cst.Attribute) -> None:  # noqa: N802
            skip.add(node.attr)

        def visit_Arg(self, node: cst.Arg) -> None:  # noqa: N802
            if node.keyword is not None:
                skip.add(node.keyword)

        def leave_Name(self, original: cst.Name, updated: cst.Name  # noqa: N802
                       ) -> cst.BaseExpression:
            if original in skip or original.value not in values:
                return updated
            q = "'" if quotes and '"' in quotes[-1] else '"'
            text = spelled[(original.value, q)]
            assert text is not None
            return self.substituted(cst.parse_expression(text))

    return node.visit(Spell())


def qualify_builtins(info: ModuleInfo, block: cst.IndentedBlock, names: set[str]
                     ) -> tuple[cst.IndentedBlock, bool]:
    """Reads of builtins named like a future parameter become `builtins.NAME` (only where
    NAME is bound neither in the module nor in the body); (block, whether any changed)."""
    events = NameWalker().walk(block)
    bound = {e.name for e in events if e.store} | info.module_names()
    hit = {e.name for e in events if not e.store and e.name in names and e.name not in bound
           and hasattr(builtins, e.name)}
    if not hit:
        return block, False
    values = {n: cst.Attribute(cst.Name("builtins"), cst.Name(n)) for n in hit}
    return substitute_names(block, values), True
