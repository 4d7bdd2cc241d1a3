"""Module-level names whose value may change after their binding: rebound, deleted, or (a list,
dict or set) mutated or handed out, found with LibCST's scope analysis. The static evaluator
reads a module-level constant by its one binding; it may only do so when that binding is the
name's value wherever a registration reads it. A name bound more than once (again at the top
level, in a loop, through `global` in a function, by an augmented assignment) or deleted is
refused; a container is refused as soon as one use could change it (`D["k"] = v`, `del
D["k"]`, `D.update(...)`, `D.pop(...)`) or lets it escape (`[D]`, `fill(D)` with `fill` a
function of the module), since the evaluator cannot follow it there. A module-level alias
bound once (`OLD = D`, kept for old imports) is followed: its uses are judged as the
container's own. Reading it is fine: `D[k]`, `D.items()` / `.keys()` / `.values()` /
`.get(...)`, iterating over it, `k in D`, `D == E`, an operand of a binary or unary operator
(`REAL + INTS`: a new value), unpacking it into a new display (`[*A, *B]`), passing it to
what the module imports (`register_kernel(..., _DTYPES)`, `len(D)`).
"""

from __future__ import annotations

from functools import lru_cache

import libcst as cst
import libcst.matchers as m
from libcst.metadata import GlobalScope, ParentNodeProvider, ScopeProvider

from migrate.cst_walk import find_all, wrapper_of
from migrate.name_bindings import top_level_bindings
from migrate.static_refs import code_of, literal_string

#: methods of a list / dict / set / tuple that leave it as it is
READ_METHODS = frozenset({"items", "keys", "values", "get", "copy", "count", "index"})
#: builtins that only copy the container they are given, called with it as their one
#: argument where the module binds none of their names
COPIES = frozenset({"dict", "list", "tuple", "set", "frozenset"})


def changed_names(module: cst.Module, mutable: set[str], dead: set[int] | None = None
                  ) -> dict[str, str]:
    """Module-level name -> how it may change after its binding: every name bound more
    than once or deleted, and the names of `mutable` (bound to a list, dict or set) used
    in any other way than reading them (`dead`: ids of the target names of bindings in a
    branch a constant `if` rules out, which do not count). Judged once per module and
    question (a sibling module is read by one evaluator per depth)."""
    return dict(_changed_names(module, frozenset(mutable), frozenset(dead or ())))


@lru_cache(maxsize=256)  # the module is a key by identity (LibCST nodes hash by id)
def _changed_names(module: cst.Module, mutable: frozenset[str], dead: frozenset[int]
                   ) -> dict[str, str]:
    wrapper = wrapper_of(module)
    scopes = wrapper.resolve(ScopeProvider)
    parents = wrapper.resolve(ParentNodeProvider)
    top = next((s for s in scopes.values() if isinstance(s, GlobalScope)), None)
    if top is None:
        return {}
    functions = frozenset(s.name.value for s in module.body if isinstance(s, cst.FunctionDef))
    top_statements = {id(s) for s in module.body}

    def bindings_of(name: str) -> list:
        return [b for b in top.assignments[name] if id(b.node) not in (dead or ())]

    def judged(name: str, is_mutable: bool, seen: frozenset[str]) -> str:
        bindings = bindings_of(name)
        if len(bindings) > 1:
            later = [b.node for b in bindings if isinstance(b.node, cst.CSTNode)][1:]
            where = f" (`{_statement(later[0], parents)}`)" if later else ""
            return f"'{name}' is bound more than once in its module{where}"
        # its accesses at the top level and in function bodies (a helper's
        # `TABLE.append(x)` changes it as much as a module-level one)
        accesses = {id(a): a for a in [*top.accesses[name], *(
            r for b in bindings for r in b.references)]}
        for access in accesses.values():
            alias = _alias(access.node, parents, top_statements) if is_mutable else None
            if alias is not None and alias not in seen and alias in top.assignments:
                why = judged(alias, True, seen | {alias})  # `OLD_NAME = TYPES`: its uses too
                if why:
                    return f"'{name}' is handed on as '{alias}', which {why.split(' ', 1)[1]}"
                continue
            why = _change(access.node, parents, is_mutable, functions)
            if why:
                return f"'{name}' {why} (`{_statement(access.node, parents)}`)"
        return ""

    out: dict[str, str] = {}
    for name in {a.name for a in top.assignments}:
        why = judged(name, name in mutable, frozenset({name}))
        if why:
            out[name] = why
    return out


def _alias(node: cst.CSTNode, parents: dict[cst.CSTNode, cst.CSTNode],
           top_statements: set[int]) -> str | None:
    """The name a module-level statement `ALIAS = node` binds to the very object `node`
    reads (one Name target); None for any other use."""
    assign = parents.get(node)
    line = parents.get(assign) if isinstance(assign, cst.Assign) else None
    if not (isinstance(assign, cst.Assign) and assign.value is node and id(line) in top_statements
            and len(assign.targets) == 1 and isinstance(assign.targets[0].target, cst.Name)):
        return None
    return assign.targets[0].target.value


def attribute_change(module: cst.Module, name: str, others: frozenset[str] = frozenset()
                     ) -> str:
    """How a use of attribute `name` anywhere in `module` (`self.NAME`, `Cls.NAME`, a class
    attribute holding a list, dict or set) may change it or hand it out, as `changed_names`
    judges a module-level container's uses, a call of any function included (`len(X)`,
    `fill(self.X)`) and an identity comparison (`self.X is Y`, each read being a fresh
    object once it is inlined); "" when every use only reads it. `others`: names of
    classes whose own attribute `OTHER.NAME` is not the one asked about."""
    wrapper = wrapper_of(module)
    parents = wrapper.resolve(ParentNodeProvider)
    copies = frozenset(n for n in COPIES if not top_level_bindings(module, n, set()))
    for node in m.findall(module, m.Attribute(attr=m.Name(name))):
        if isinstance(node.value, cst.Name) and node.value.value in others:
            continue
        parent = parents.get(node)
        if isinstance(parent, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign)) and \
                parent.target is node:
            why = "is assigned"
        elif _copied(node, parents, copies):
            why = ""  # `dict(self.DEFAULTS)`: a new container of what it holds
        else:
            why = _change(node, parents, True, hand_out_calls=True)
        if not why and isinstance(parent, cst.ComparisonTarget) and isinstance(
                parent.operator, (cst.Is, cst.IsNot)):
            why = "is compared by identity"
        if not why and isinstance(parent, cst.Comparison) and any(
                isinstance(t.operator, (cst.Is, cst.IsNot)) for t in parent.comparisons):
            why = "is compared by identity"
        if why:
            return f"{why} (`{_statement(node, parents)}`)"
    return ""


def _copied(node: cst.CSTNode, parents: dict[cst.CSTNode, cst.CSTNode],
            copies: frozenset[str]) -> bool:
    """`node` is the one positional argument of a call of a builtin of `copies`
    (`dict(self.D)`; `dict(self.D, k=v)`, keyword arguments beside it, for `dict`)."""
    arg = parents.get(node)
    call = parents.get(arg) if isinstance(arg, cst.Arg) else None
    if not (isinstance(call, cst.Call) and m.matches(call.func, m.Name(
            m.MatchIfTrue(lambda n: n in copies))) and call.args and call.args[0] is arg
            and arg.keyword is None and not arg.star):
        return False
    rest = call.args[1:]
    return not rest or (m.matches(call.func, m.Name("dict")) and all(
        a.keyword is not None and not a.star for a in rest))


def _change(node: cst.CSTNode, parents: dict[cst.CSTNode, cst.CSTNode], mutable: bool,
            local_functions: frozenset[str] = frozenset(), hand_out_calls: bool = False
            ) -> str:
    """Why this use of a module-level name may change (or hand out) its value; "" if it
    only reads it (`hand_out_calls`: an argument of any call hands it out)."""
    parent = parents.get(node)
    if isinstance(parent, cst.Del):
        return "is deleted"
    if not mutable:
        return ""
    if isinstance(parent, cst.Subscript) and parent.value is node:
        holder = parents.get(parent)
        if isinstance(holder, (cst.AssignTarget, cst.Del)) or (
                isinstance(holder, cst.AugAssign) and holder.target is parent):
            return "is changed in place"
        if isinstance(holder, (cst.For, cst.CompFor)) and holder.target is parent:
            return "is changed in place"
        return ""
    if isinstance(parent, cst.Attribute) and parent.value is node:
        call = parents.get(parent)
        if (parent.attr.value in READ_METHODS and isinstance(call, cst.Call)
                and call.func is parent):
            return ""
        return f"is changed or handed out through `.{parent.attr.value}`"
    if isinstance(parent, (cst.For, cst.CompFor)) and parent.iter is node:
        return ""
    if isinstance(parent, cst.ComparisonTarget) and parent.comparator is node:
        return ""
    if isinstance(parent, cst.Comparison) and parent.left is node:
        return ""  # `D == other`
    if isinstance(parent, (cst.BinaryOperation, cst.UnaryOperation)):
        return ""  # `A + B`, `-A`, `not D`: a new value (in-place operators are AugAssign)
    if isinstance(parent, (cst.StarredElement, cst.StarredDictElement)):
        return ""  # unpacked into a new display
    if isinstance(parent, cst.Arg) and parent.value is node:
        call = parents.get(parent)
        if isinstance(call, cst.Call) and not hand_out_calls and not (
                isinstance(call.func, cst.Name) and call.func.value in local_functions):
            return ""  # an argument of the framework's API (`register_kernel(..., _DTYPES)`)
        return ("is handed to a function, which may change it" if hand_out_calls else
                "is handed to a function of its module, which may change it")
    return "is handed on where it may be changed"


def _statement(node: cst.CSTNode, parents: dict[cst.CSTNode, cst.CSTNode]) -> str:
    """The code of the (small) statement holding `node`, or of its nearest expression."""
    seen = node
    while seen in parents and not isinstance(seen, (cst.BaseSmallStatement,
                                                    cst.BaseCompoundStatement)):
        seen = parents[seen]
    if isinstance(seen, cst.BaseCompoundStatement):
        return code_of(node).strip()
    return code_of(seen).strip()


_STORE = m.Assign() | m.AugAssign() | m.AnnAssign() | m.Del()


def _stored_spine(target: cst.BaseExpression) -> list[cst.Attribute]:
    """The attributes a store to `target` sets or changes the object of: along its chain of
    attributes and subscripts (`a.b[i].c = v`: `.c`, `.b`), through tuple and list targets;
    not those read in a call's arguments or a subscript's index on the way
    (`ctx.output(self.OUT).data[...] = v` changes no `.OUT`)."""
    if isinstance(target, (cst.Tuple, cst.List)):
        return [a for e in target.elements for a in _stored_spine(e.value)]
    if isinstance(target, cst.StarredElement):
        return _stored_spine(target.value)
    if isinstance(target, cst.Attribute):
        return [target, *_stored_spine(target.value)]
    if isinstance(target, cst.Subscript):
        return _stored_spine(target.value)
    return []


def attribute_stores(module: cst.Module, others: frozenset[str] = frozenset()) -> set[str]:
    """Attribute names the module assigns, augments or deletes anywhere (`Cls.X = ...`,
    `self.X += ...`, `del obj.X`), or sets through `setattr(_, "X", _)`; `others`: names
    of classes whose own attributes (`OTHER.X = ...`) do not count."""
    names: set[str] = set()
    for node in find_all(module, _STORE):  # a set: in no order
        targets: list[cst.BaseExpression] = []
        if isinstance(node, cst.Assign):
            targets = [t.target for t in node.targets]
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.Del)):
            targets = [node.target]
        for target in targets:
            names.update(a.attr.value for a in _stored_spine(target)
                         if not (isinstance(a.value, cst.Name) and a.value.value in others))
    for call in find_all(module, m.Call(func=m.Name("setattr"))):
        args = call.args  # type: ignore[attr-defined]
        if len(args) >= 2:
            name = literal_string(args[1].value)
            names.add(name if name is not None else "*")  # a computed name: anything
    return names
