"""Instance constants: a value `__init__` stores on the instance that nothing ever changes
(issue 23).

    def __init__(self):
        super().__init__()
        self.notes = []
    def fail(self, msg):
        extra = " (" + "; ".join(self.notes) + ")" if self.notes else ""

Each object holds the same value for its whole life, so a PHI kernel reads the literal
where the kernel read `self.notes`. The reading is strict; any doubt leaves the kernel
refused as keeping instance state:

- `__init__` names `.X` once, as `self.X = <literal>`: a number, string, bool, None, a
  tuple of those, or an empty list or dict display; no class of the MRO defines
  `__slots__`, `__setattr__` or a class-level `X` (`write_only_counters.guarded`);
- every other mention of `.X` in the kernel's classes (but in a method a class before its
  own overrides, `kept_contexts.mro_methods`) is `self.X` in an undecorated method's own
  statements, its `self` never rebound, a load: of an immutable value, any load; of a list
  or dict, only where nothing can change it (a test, a comparison, `not`, `and`/`or`, the
  iterable of a loop or comprehension, an f-string field, the argument of `len`, `bool`,
  `list`, `tuple`, `sorted`, `str`, `repr`, `any`, `all` or `"sep".join`);
- no module of the tree may read `.X` otherwise (`attribute_reads.tree_reads`: `self.X` of a
  class outside the kernel's MRO is another class's instance, `self.notes.append(...)`
  there changes its own list).
"""

from __future__ import annotations

import ast

import libcst as cst
import libcst.matchers as m

from migrate.attribute_reads import tree_reads
from migrate.class_members import is_immutable
from migrate.kept_contexts import mro_methods
from migrate.names import store_names
from migrate.static import ModuleInfo
from migrate.static_refs import UnresolvableError, code_of
from migrate.super_calls import owner_class
from migrate.syntax import is_literal
from migrate.write_only_counters import guarded

_EMPTY = m.List(elements=[]) | m.Dict(elements=[])
#: calls reading a list or dict argument without changing it
_READERS = frozenset({"len", "bool", "list", "tuple", "sorted", "str", "repr", "any", "all"})
_TESTS = (cst.Comparison, cst.BooleanOperation, cst.UnaryOperation, cst.FormattedStringExpression)


def instance_constants(info: ModuleInfo, mro: list[cst.ClassDef], init: cst.FunctionDef,
                       taken: set[str]) -> tuple[dict[str, cst.BaseExpression], dict[str, str]]:
    """The attributes `init` stores as instance constants (not in `taken`), with their
    values, and for each other literal stored, why it is not one (in words)."""
    me = init.params.params[0].name.value if init.params.params else ""
    found: dict[str, cst.BaseExpression] = {}
    refused: dict[str, str] = {}
    for stmt in init.body.body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(
            stmt.body) == 1 else None
        if not m.matches(small, m.Assign(targets=[m.AssignTarget(m.Attribute(
                value=m.Name(me), attr=m.Name()))])):
            continue
        assign = cst.ensure_type(small, cst.Assign)
        attr = cst.ensure_type(assign.targets[0].target, cst.Attribute).attr.value
        value = assign.value
        if attr in taken:
            continue
        if not (is_literal(value) or m.matches(value, _EMPTY)):
            value = _evaluated(info, mro, init, value)
            if value is None:
                continue
        why = _not_constant(info, mro, init, attr, is_literal(value))
        if why:
            refused[attr] = why
        else:
            found[attr] = value
    return found, refused


def _evaluated(info: ModuleInfo, mro: list[cst.ClassDef], init: cst.FunctionDef,
               value: cst.BaseExpression) -> cst.BaseExpression | None:
    """`value` (`("alpha", G.OLD_NAME)`), read statically in the module of the class whose
    `__init__` stores it, as the literal it always is; None when it is no immutable value
    a literal spells (the static reading refuses it, or its repr does not read back)."""
    owner = owner_class(mro, init)
    try:
        found = (info.owner_of(owner) if owner is not None else info).ev.eval(value, {})
    except UnresolvableError:
        return None
    text = repr(found)
    try:
        back = ast.literal_eval(text)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None
    if not is_immutable(found) or type(back) is not type(found) or back != found:
        return None
    return cst.parse_expression(text)


def _not_constant(info: ModuleInfo, mro: list[cst.ClassDef], init: cst.FunctionDef,
                  attr: str, immutable: bool) -> str:
    if why := guarded(mro, attr):
        return why
    mentions = [s for s in init.body.body if m.findall(s, m.Attribute(attr=m.Name(attr)))]
    if len(mentions) != 1:
        return f"__init__ names `self.{attr}` more than once"
    allowed = {id(a) for a in m.findall(mentions[0], m.Attribute(attr=m.Name(attr)))}
    methods, parsed = mro_methods(info, mro, init)
    for cls, fn, runs in methods:
        nodes = m.findall(fn, m.Attribute(attr=m.Name(attr)))
        if runs and (why := _method_reads(fn, attr, immutable, nodes)):
            return f"{cls.name.value}.{fn.name.value}() {why}"
        allowed |= {id(a) for a in nodes}
    return tree_reads(info, attr, allowed, parsed, mro, writes_only=immutable)


def _method_reads(fn: cst.FunctionDef, attr: str, immutable: bool,
                  nodes: list[cst.CSTNode]) -> str:
    """Why method `fn`'s mentions `nodes` of `.attr` may change it or read it otherwise than
    as a constant (see the module doc); "" when they do not."""
    if not nodes:
        return ""
    me = fn.params.params[0].name.value if fn.params.params else None
    if me is None or fn.decorators or fn.params.posonly_params or me in store_names(
            fn.body, outer_only=False):
        return f"names `.{attr}` and is decorated, takes no self, or rebinds it"
    parents = _Parents()
    fn.visit(parents)
    for node in nodes:
        node = cst.ensure_type(node, cst.Attribute)
        parent = parents.of.get(id(node))
        shown = f"uses `{code_of(node).strip()}`"
        if not m.matches(node.value, m.Name(me)) or id(node) in parents.nested:
            return f"{shown} (not its own self's, or in a nested function)"
        if isinstance(parent, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.Del)) or (
                isinstance(parent, (cst.Tuple, cst.List, cst.Element, cst.StarredElement))
                and _in_target(parents, parent)):
            return f"{shown} as a target: it changes"
        if not immutable and not _reading(parent, node, parents):
            return f"{shown} where the list or dict may change"
    return ""


def _in_target(parents: _Parents, node: cst.CSTNode) -> bool:
    while node is not None and not isinstance(node, cst.BaseStatement):
        if isinstance(node, (cst.AssignTarget, cst.Del, cst.AugAssign, cst.For)):
            return not isinstance(node, cst.For)
        node = parents.of.get(id(node))  # type: ignore[assignment]
    return False


def _reading(parent: cst.CSTNode | None, node: cst.CSTNode, parents: _Parents) -> bool:
    """`node` (a list or dict) sits where nothing can change it."""
    if isinstance(parent, _TESTS):
        return True
    if isinstance(parent, (cst.If, cst.While, cst.IfExp)) and parent.test is node:
        return True
    if isinstance(parent, (cst.For, cst.CompFor)) and parent.iter is node:
        return True
    if isinstance(parent, cst.Arg) and parent.keyword is None and not parent.star:
        call = parents.of.get(id(parent))
        if isinstance(call, cst.Call) and len(call.args) == 1:
            func = call.func
            return (isinstance(func, cst.Name) and func.value in _READERS) or (
                m.matches(func, m.Attribute(value=m.SimpleString(), attr=m.Name("join"))))
    return False


class _Parents(cst.CSTVisitor):
    """Each node's parent (by id) in a function, and the nodes of scopes nested in it."""

    def __init__(self) -> None:
        super().__init__()
        self.of: dict[int, cst.CSTNode] = {}
        self.nested: set[int] = set()
        self._stack: list[cst.CSTNode] = []
        self._depth = 0  # functions, lambdas and classes entered (the method itself is 1)

    def on_visit(self, node: cst.CSTNode) -> bool:
        if self._stack:
            self.of[id(node)] = self._stack[-1]
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            self._depth += 1
        if self._depth > 1:
            self.nested.add(id(node))
        self._stack.append(node)
        return True

    def on_leave(self, original_node: cst.CSTNode) -> None:
        self._stack.pop()
        if isinstance(original_node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            self._depth -= 1


def constant_note(constants: dict[str, cst.BaseExpression], me: str) -> str:
    spelled = ", ".join(f"`{me}.{a} = {code_of(v).strip()}`" for a, v in
                        sorted(constants.items()))
    return f"reads {spelled} as the constant it is (set once in __init__, changed nowhere)"
