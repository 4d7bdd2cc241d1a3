"""Spellings of a literal read that the rewrite then handles like `ctx.attr("name")`.

Run on compute() before anything else, each only where it is provably the same:

* `self.NAME_ATTR` holding a string (or a tuple of strings) class constant is spelled out,
  so `ctx.attr(self.FACTOR_ATTR)` reads attribute "factor";
* `get = ctx.attr` (any slot method), bound once before its first use and only ever
  called, is dropped and `get("x")` reads `ctx.attr("x")`;
* a builtin the body calls whose name a parameter will take (`min` the attribute, `min()`
  the builtin) is read as `builtins.min`, so the parameter keeps the name ops.yaml gives it;
* loops and comprehensions over constant names are unrolled (`name_loops.unroll_names`,
  also run on helpers taking ctx).
"""

from __future__ import annotations

import builtins
from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.class_members import Member, class_members, constant_of
from migrate.constant_folds import SubstitutionFolds
from migrate.has_attr_folds import UNRESOLVED
from migrate.name_loops import SLOT_METHODS, self_attribute, unroll_names
from migrate.names import NameWalker, store_names
from migrate.static import ModuleInfo
from migrate.static_refs import UnresolvableError, is_plain_value, literal_string, quote, spell
from migrate.syntax import substitute_names


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
            return _class_constant(home, expr)

    return read


#: class decorators that leave a class attribute bound to a literal as it is
_PLAIN_DECORATORS = frozenset({"dataclasses.dataclass"})


def _class_constant(home: ModuleInfo, expr: cst.BaseExpression) -> Any:
    """`Cls.NAME` (a dataclass field's default, a class constant a builder falls back on)
    of a class of `home` the module binds once, with no keyword and no decorator but
    `dataclass`, whose body binds NAME to a plain literal nothing changes (`constant_of`);
    `UNRESOLVED` for anything else."""
    if not m.matches(expr, m.Attribute(value=m.Name(), attr=m.Name())):
        return UNRESOLVED
    owner = cst.ensure_type(cst.ensure_type(expr, cst.Attribute).value, cst.Name).value
    cls = home.classes.get(owner)
    if cls is None or cls.keywords or sum(owner in store_names(s) for s in home.module.body
                                          ) != 1 or any(
            home.imports.decorator(d) not in _PLAIN_DECORATORS for d in cls.decorators):
        return UNRESOLVED
    try:
        value = constant_of(home, class_members([cls]),
                            cst.ensure_type(expr, cst.Attribute).attr.value)
    except UnresolvableError:
        return UNRESOLVED
    return value if is_plain_value(value) else UNRESOLVED


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
        name = self_attribute(original.value, self.self_name)
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
        name = self_attribute(original, self.self_name)
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
