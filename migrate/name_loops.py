"""Loops and comprehensions over constant names, unrolled so each read names its slot or
attribute by a literal (`kernel_prepass.prepare`, and helpers taking ctx).

A list / set / dict comprehension, a generator unpacked or passed to tuple() / list(), and a
for loop (no break or else; a `continue` only as a leading `if TEST: continue`, read as the
rest of the body under `if not TEST:`; its variable not read after it) over a constant tuple
of strings (none: an empty tuple runs no iteration), whose variable names a slot or attribute
(read by ctx, or passed with ctx to a helper), are unrolled: a literal tuple, `self.NAME` or
`getattr(self, "NAME")` by the kernel's MRO, a module-level constant, or the keys or values of
a class-level dict of strings; one of those that may change stops the kernel, saying why. A
`for` over `.items()` / `.keys()` / `.values()` of a class-level dict of literals nothing
changes (`self.MODES`, `constant_of(..., tables=True)`) unrolls the same way, both loop
variables spelled as each entry's literals (`table_loop`, `_spelled_vars`); so does one over
`.items()` of a local bound once from a method of the class whose every return is a dict
display with the same literal keys (`results = self.update(...)`), its value variable bound
to `results["KEY"]` in each copy; and one over `zip(NAMES, SEQ, ...)`, constant names beside
locals or parameters the body never mentions (`for slot, value in zip(self.OUT_SLOTS,
results)`), its pairs taken first and each copy run where they reached it (`_zip_unrolled`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.class_members import Member, assigned_outside, constant_of
from migrate.fstring_fields import FieldMerges
from migrate.kernel_model import SkipError
from migrate.names import NameWalker
from migrate.static import ModuleInfo
from migrate.static_refs import UnresolvableError, code_of, literal_string, quote
from migrate.syntax import substitute_names

SLOT_METHODS = ("input", "multi_input", "output", "multi_output", "attr", "has_input",
                "has_output", "input_size", "output_size")


def unroll_names(info: ModuleInfo, members: dict[str, Member], node: Any, ctx: str,
                 self_name: str, home: ModuleInfo | None = None) -> Any:
    """`node` (a function body of the kernel class of module `info` whose `self.NAME`
    string constants are spelled out, written in module `home`, by default `info`) with
    its comprehensions and loops over constant tuples of names that
    read slots or attributes by them unrolled; SkipError naming why when such a loop runs
    over `self.NAME`, `getattr(self, "NAME")` or a module-level name that is no constant
    tuple of names (rebound, changed, set on an instance)."""
    events = NameWalker().walk(node)
    local = {e.name for e in events if e.store}
    names = _ConstantNames(info, home or info, members, self_name, local)
    uses: dict[str, list[int]] = {}
    for e in events:
        uses.setdefault(e.name, [0, 0])[0 if e.store else 1] += 1
    taken = {e.name for e in events} | (home or info).module_names()
    return node.visit(_UnrollNames(ctx, names, {n: (s, r) for n, (s, r) in uses.items()},
                                   taken))


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
        view = _dict_view(node)
        if view is not None:  # `self.STATES.values()`: a class-level dict of strings
            table = self.table(view[0])
            if table is None or isinstance(table, str):
                return table
            values = list(table) if view[1] == "keys" else list(table.values())
            return values if all(isinstance(v, str) for v in values) else None
        attr = self_attribute(node, self.self_name) if self.self_name else None
        try:
            if attr is not None:
                table = self.table(node)  # iterating a dict runs over its keys
                value = list(table) if isinstance(table, dict) else \
                    constant_of(self.info, self.members, attr)
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


    def returned_keys(self, method: str) -> list[str] | None:
        """The literal keys, in order, of the dict display every `return` of method `method`
        of the class (by the kernel's MRO, nothing sets it elsewhere) returns; None when
        a return gives anything else or the returns' keys differ."""
        member = self.members.get(method)
        fn = member.function if member is not None else None
        if fn is None or m.findall(fn.body, m.FunctionDef() | m.ClassDef() | m.Yield()) \
                or any(assigned_outside(o, method)
                       for o in (self.info, self.info.owner_of(member.owner))):  # type: ignore[union-attr]
            return None
        keys: list[str] | None = None
        for ret in m.findall(fn.body, m.Return()):
            value = ret.value  # type: ignore[attr-defined]
            if not isinstance(value, cst.Dict):
                return None
            mine = [literal_string(e.key) if isinstance(e, cst.DictElement) else None
                    for e in value.elements]
            if None in mine or len(set(mine)) != len(mine) or keys not in (None, mine):
                return None
            keys = mine  # type: ignore[assignment]
        return keys

    def table(self, node: cst.BaseExpression) -> dict[str, Any] | str | None:
        """The dict `self.NAME` (by the kernel's MRO, a class-level dict display nothing
        changes: `constant_of(..., tables=True)`) holds, keyed by strings; a str saying why
        when it is no such constant; None when `node` is no `self.NAME`."""
        attr = self_attribute(node, self.self_name) if self.self_name else None
        if attr is None:
            return None
        try:
            value = constant_of(self.info, self.members, attr, tables=True)
        except UnresolvableError as exc:
            return str(exc)
        if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
            return f"'{attr}' is no dict keyed by strings"
        return value


def self_attribute(node: cst.BaseExpression, self_name: str) -> str | None:
    """NAME of `self.NAME` or `getattr(self, "NAME")`; None for anything else."""
    if isinstance(node, cst.Attribute) and m.matches(node.value, m.Name(self_name)):
        return node.attr.value
    if (isinstance(node, cst.Call) and m.matches(node.func, m.Name("getattr"))
            and len(node.args) == 2 and m.matches(node.args[0].value, m.Name(self_name))
            and not any(a.star or a.keyword for a in node.args)):
        return literal_string(node.args[1].value)
    return None


def _dict_view(node: cst.BaseExpression) -> tuple[cst.BaseExpression, str] | None:
    """(the dict, "keys" or "values") of `D.keys()` / `D.values()`; None otherwise."""
    if (isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute)
            and node.func.attr.value in ("keys", "values")):
        return node.func.value, node.func.attr.value
    return None


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
    if m.findall(node, m.Call(
            func=m.Attribute(value=m.Name(ctx), attr=m.OneOf(*(m.Name(s) for s in methods))),
            args=[m.Arg(value=m.Name(var))])):
        return True
    # or hands it to a helper with ctx (`in_data(ctx, slot)`), which then reads a literal
    return bool(m.findall(node, m.Call(args=[
        m.ZeroOrMore(), m.Arg(value=m.Name(ctx), keyword=None), m.ZeroOrMore()]) & m.Call(
        args=[m.ZeroOrMore(), m.Arg(value=m.Name(var)), m.ZeroOrMore()])))


def _substituted(node: Any, var: str, value: str) -> Any:
    """`node` with every read of `var` replaced by the literal; None when `var` is bound
    inside it, or read by a nested function or lambda (which would see its last value)."""
    events = [e for e in NameWalker().walk(node) if e.name == var]
    if any(e.store or e.nested for e in events):
        return None
    return substitute_names(node, {var: cst.SimpleString(quote(value))})


def _guarded(body: Any) -> Any:
    """A loop's `body` with a leading-level `if TEST: continue` read as the rest of the body
    under `if not (TEST):`; None when a break, return or any other continue remains (or one
    guards nothing after it)."""
    if not isinstance(body, cst.IndentedBlock):
        return None
    stmts = list(body.body)
    for i, stmt in enumerate(stmts):
        if not (isinstance(stmt, cst.If) and stmt.orelse is None and m.matches(
                stmt.body, m.IndentedBlock(body=[m.SimpleStatementLine(body=[m.Continue()])])
                | m.SimpleStatementSuite(body=[m.Continue()]))):
            continue
        rest = _guarded(body.with_changes(body=stmts[i + 1:])) if i + 1 < len(stmts) else None
        if rest is None or any(_jumps(s) for s in stmts[:i]):
            return None
        test = cst.parse_expression(f"not ({code_of(stmt.test).strip()})")
        return body.with_changes(body=[*stmts[:i], cst.If(
            test=test, body=rest, leading_lines=stmt.leading_lines)])
    return None if any(_jumps(s) for s in stmts) else body


def _jumps(node: cst.CSTNode) -> bool:
    return bool(m.findall(node, m.Break() | m.Continue() | m.Return()))


class _UnrollNames(cst.CSTTransformer):
    def __init__(self, ctx: str, names: _ConstantNames, uses: dict[str, tuple[int, int]],
                 taken: set[str]) -> None:
        super().__init__()
        self.ctx, self.names, self.uses = ctx, names, uses
        #: the names a new local must not be (the node's, its module's)
        self.taken = taken

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
            copies = self._unrolled(stmt, updated.body[:i], updated.body[i + 1:])
            if copies is None:
                body.append(stmt)
            else:
                body.extend(copies)
                changed = True
        if changed and not body:  # every statement a loop over an empty tuple
            body = [cst.SimpleStatementLine([cst.Pass()])]
        return updated.with_changes(body=body) if changed else updated

    def _unrolled(self, stmt: Any, before: Sequence[Any], after: Sequence[Any]
                  ) -> list[Any] | None:
        if not (isinstance(stmt, cst.For) and stmt.orelse is None and stmt.asynchronous is None):
            return None
        if not isinstance(stmt.target, cst.Name):
            return self._zip_unrolled(stmt, after) or self._table_unrolled(stmt, before, after)
        var = stmt.target.value
        names = self._names(stmt.iter, var, [stmt.body])
        if names is None:
            return self._table_unrolled(stmt, before, after)
        body = _guarded(stmt.body)
        if body is None:
            return None
        if any(e.name == var for s in after for e in NameWalker().walk(s)):
            return None  # the loop variable is read after the loop
        out: list[Any] = []
        for value in names:
            copy = _substituted(body, var, value)
            if copy is None:
                return None
            out.extend(copy.body)
        if out:
            out[0] = out[0].with_changes(leading_lines=[*stmt.leading_lines,
                                                        *out[0].leading_lines])
        return out

    def _table_unrolled(self, stmt: cst.For, before: Sequence[Any], after: Sequence[Any]
                        ) -> list[Any] | None:
        """`for KEY, VALUE in self.TABLE.items()` (or `.keys()` / `.values()`) over a
        class-level dict of literals whose key names what the body reads: one copy of the
        body per entry, both variables spelled as the entry's literals. Over `.items()` of
        a local holding what a method returns (`_result_keys`): VALUE bound to its entry."""
        loop = table_loop(stmt)
        if loop is None:
            return None
        table_node, key_var, value_var = loop
        read = [v for v in (key_var, value_var) if v]
        if not any(_reads_by(stmt.body, self.ctx, v) for v in read):
            return None
        table: Any = None
        if isinstance(table_node, cst.Name) and key_var and value_var:
            keys = self._result_keys(table_node.value, before)
            if keys is None:
                return None
            table, read = dict.fromkeys(keys, ...), [key_var]
            if any(e.name == value_var and e.store for e in NameWalker().walk(stmt.body)):
                return None
        else:
            table = self.names.table(table_node)
        if table is None:
            return None
        if isinstance(table, str):
            raise SkipError(f"reads by the names {code_of(table_node).strip()} holds, which "
                            f"are not provably constant ({table})")
        body = _guarded(stmt.body)
        if body is None or any(e.name in (key_var, value_var) for s in after
                               for e in NameWalker().walk(s)):
            return None
        out: list[Any] = []
        for key, value in table.items():
            values = {key_var: key, value_var: value}
            copy = _spelled_vars(body, {v: values[v] for v in read})
            if copy is None:
                return None
            if value is ...:  # VALUE = results["KEY"]
                out.append(cst.parse_statement(
                    f"{value_var} = {code_of(table_node).strip()}[{quote(key)}]\n"))
            out.extend(copy.body)
        if out:
            out[0] = out[0].with_changes(leading_lines=[*stmt.leading_lines,
                                                        *out[0].leading_lines])
        return out


    def _zip_unrolled(self, stmt: cst.For, after: Sequence[Any]) -> list[Any] | None:
        """`for NAME, VALUE, ... in zip(NAMES, SEQ, ...)` (NAMES constant names NAME reads
        by, each SEQ a local or parameter the body never mentions, each VALUE a plain
        variable): the pairs taken first (`_pairs = list(zip(NAMES, SEQ, ...))`: zip stops
        where any ends), then one copy of the body per name, run where every SEQ reached it
        (`if len(_pairs) > I:`, each VALUE bound to its item), NAME spelled as the literal."""
        call, target = stmt.iter, stmt.target
        if not (m.matches(call, m.Call(func=m.Name("zip"), args=[
                m.Arg(keyword=None, star=""), m.AtLeastN(m.Arg(value=m.Name(), keyword=None,
                                                               star=""), n=1)]))
                and m.matches(target, m.Tuple([m.AtLeastN(m.Element(m.Name()), n=2)]))
                and len(cst.ensure_type(call, cst.Call).args) == len(
                    cst.ensure_type(target, cst.Tuple).elements)):
            return None
        names_node, *seqs = (a.value for a in cst.ensure_type(call, cst.Call).args)
        var, *values = (cst.ensure_type(e.value, cst.Name).value
                        for e in cst.ensure_type(target, cst.Tuple).elements)
        names = self._names(names_node, var, [stmt.body])
        body = _guarded(stmt.body)
        walked = {e.name for e in NameWalker().walk(stmt.body)}
        if names is None or body is None or len({var, *values}) != len(values) + 1 or \
                {var, *values} & {e.name for s in after for e in NameWalker().walk(s)} or \
                any(cst.ensure_type(q, cst.Name).value in walked for q in seqs):
            return None
        pairs = "_pairs"
        while pairs in self.taken:
            pairs += "_"
        self.taken.add(pairs)
        zipped = ", ".join(code_of(a).strip() for a in (names_node, *seqs))
        out: list[Any] = [cst.parse_statement(f"{pairs} = list(zip({zipped}))\n").with_changes(
            leading_lines=stmt.leading_lines)]
        for i, name in enumerate(names):
            copy = _substituted(body, var, name)
            if copy is None:
                return None
            bound = [cst.parse_statement(f"{value} = {pairs}[{i}][{k}]\n")
                     for k, value in enumerate(values, 1)]
            out.append(cst.If(test=cst.parse_expression(f"len({pairs}) > {i}"),
                              body=copy.with_changes(body=[*bound, *copy.body])))
        return out

    def _result_keys(self, name: str, before: Sequence[Any]) -> list[str] | None:
        """The keys of local `name`, bound once (by a statement of `before`) to what a
        method of the class returns and read once (by the loop): `returned_keys`."""
        if self.uses.get(name) != (1, 1) or not self.names.self_name:
            return None
        pattern = m.SimpleStatementLine(body=[m.Assign(
            targets=[m.AssignTarget(target=m.Name(name))],
            value=m.Call(func=m.Attribute(value=m.Name(self.names.self_name))))])
        for stmt in before:
            if m.matches(stmt, pattern):
                return self.names.returned_keys(stmt.body[0].value.func.attr.value)
        return None


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
