"""Memo caches read as the computation they cache (issue 23, cm55).

Two shapes keep state in form only, when what they cache is a pure function of its key:

    _cache = {}                              # a class-level dict, in the class body
    ...
        key = (n, kind)
        if key not in self._cache:
            self._cache[key] = _make(n, kind)
        w = self._cache[key]                 # -> w = _make(n, kind)

    def __init__(self):
        super().__init__()
        self._coeffs = None                  # a lazily filled instance value
    ...
        if self._coeffs is None:
            self._coeffs = np.array(COEFFS)  # -> coeffs = np.array(COEFFS)
        ... self._coeffs ...                 # -> ... coeffs ...

compute() then reads the computation itself. The reading is strict (`fold_memos`):

- the statements are consecutive in compute()'s own body, as above; the key is a tuple of
  plain names and literals (or one name), and every local the computation reads is one of
  those names (a lazy value's computation reads no local at all);
- the computation has no side effect and reads no mutable global (`PureReader`): it calls
  only `def`s of the module bound once whose bodies are themselves pure, numpy functions
  (not `numpy.random`, nor one writing into an argument or a file), and builtins that only
  compute; it reads only its locals, immutable module constants and numpy;
- the cached value is never written into (`written_into`): nothing stores into it or a
  name it flows to, calls a mutating method of it, augments it or hands it to a function
  other than numpy's and the pure builtins;
- no module of the tree mentions the attribute otherwise (`attribute_reads.tree_reads`:
  a cache read by anything outside the kernel), the class body binds the dict as `{}` and
  `__init__` the lazy value as `None`.

Anything else matching the shape raises SkipError naming the cache and what blocks it; a
kernel not matching it meets the refusals of instance state as before. One assumption
remains: keys equal but of different types (1, 1.0, True) are taken to compute the same.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from enum import Enum

import libcst as cst
import libcst.matchers as m
from libcst.metadata import MetadataWrapper, ParentNodeProvider

from migrate.attribute_reads import tree_reads
from migrate.class_members import _fixed_function, is_immutable
from migrate.cst_walk import find_all
from migrate.kernel_model import SkipError
from migrate.name_bindings import top_level_bindings
from migrate.names import load_names, store_names
from migrate.static import ModuleInfo
from migrate.static_refs import FunctionRef, UnresolvableError, code_of, dotted


class MemoKind(Enum):
    """The two cache shapes read as their computation."""

    TABLE = "a class-level dict cache"
    LAZY = "a lazily filled instance value"


@dataclass(frozen=True)
class Memo:
    """One cache found in compute(): `attr` (`_cache`), read as `value` (the computation)."""

    kind: MemoKind
    attr: str
    value: cst.BaseExpression
    local: str  # the local name the value is bound to in the folded compute()


#: builtins that only compute a value from their arguments
PURE_BUILTINS = frozenset({
    "abs", "all", "any", "bool", "complex", "divmod", "enumerate", "float", "frozenset",
    "int", "isinstance", "len", "list", "dict", "max", "min", "pow", "range", "reversed",
    "round", "set", "sorted", "str", "sum", "tuple", "zip", "map", "filter", "ValueError",
    "TypeError", "KeyError", "IndexError"})
#: numpy names whose calls do more than compute (draw, write, read files, set state)
NUMPY_EFFECTS = frozenset({
    "random", "copyto", "put", "put_along_axis", "place", "putmask", "fill_diagonal", "save",
    "savez", "savez_compressed", "savetxt", "load", "loadtxt", "genfromtxt", "fromfile",
    "memmap", "seterr", "seterrcall", "set_printoptions", "setbufsize", "testing", "lib",
    "ctypeslib", "errstate", "nditer", "frombuffer", "shares_memory"})
#: methods that change the object they are called on
MUTATING_METHODS = frozenset({
    "fill", "sort", "resize", "itemset", "put", "setfield", "setflags", "byteswap",
    "partition", "append", "extend", "insert", "pop", "popitem", "remove", "clear", "update",
    "setdefault", "add", "discard", "reverse", "tofile", "dump", "__setitem__",
    "__delitem__", "__iadd__", "__imul__"})

_ALLOWED_STATEMENTS = (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.Return, cst.Expr,
                       cst.Pass, cst.Raise, cst.Assert, cst.Break, cst.Continue)


class PureReader:
    """Whether expressions and module functions of `info` compute without side effects,
    reading no mutable global; each answer is why not ("" when pure)."""

    def __init__(self, info: ModuleInfo) -> None:
        self.info = info
        self.functions: dict[str, str] = {}  # name -> why not pure ("" if pure)

    def expression(self, node: cst.CSTNode, local: set[str]) -> str:
        for bad in m.findall(node, m.Await() | m.Yield() | m.NamedExpr() | m.Lambda()):
            return f"`{code_of(bad)}` is not a plain computation"
        for call in m.findall(node, m.Call()):
            assert isinstance(call, cst.Call)
            if any(a.keyword is not None and a.keyword.value == "out" for a in call.args):
                return f"`{code_of(call)}` writes into its `out=`"
            func = call.func
            if isinstance(func, cst.Attribute) and func.attr.value in MUTATING_METHODS:
                return f"`{code_of(call)}` changes the object it is called on"
        for attr in m.findall(node, m.Attribute()):
            assert isinstance(attr, cst.Attribute)
            qualified = self.info.imports.resolve(attr) or ""
            parts = qualified.split(".")
            if parts[0] == "numpy" and len(parts) > 1 and parts[1] in NUMPY_EFFECTS:
                return f"it calls `{code_of(attr)}` ({qualified}), which has effects"
        for name in load_names(node):
            if name.value not in local and (why := self._global(name.value)):
                return why
        return ""

    def _global(self, name: str) -> str:
        info = self.info
        if name in info.imports.names:
            if info.imports.names[name] == "numpy" and len(
                    top_level_bindings(info.module, name, set())) == 1:
                return ""
            return f"it reads `{name}`, an import other than numpy"
        if name not in info.module_names():
            if name in PURE_BUILTINS and hasattr(builtins, name):
                return ""
            return f"it calls or reads `{name}`, which may have effects"
        try:
            value = info.ev.eval(cst.Name(name), {})
        except UnresolvableError:
            return f"it reads `{name}`, which is no constant of its module"
        if isinstance(value, FunctionRef) and value.path is None:
            return self.function(value)
        if is_immutable(value):
            return ""
        return f"it reads `{name}`, no immutable constant nor function of its module"

    def function(self, ref: FunctionRef) -> str:
        if ref.name in self.functions:
            return self.functions[ref.name]
        self.functions[ref.name] = ""  # a recursive call is judged by the rest of the body
        why = _fixed_function(self.info, self.info, ref)
        fn = next((s for s in self.info.module.body if isinstance(s, cst.FunctionDef)
                   and s.name.value == ref.name), None)
        if not why and fn is None:
            why = f"function '{ref.name}' is not a plain `def` of its module"
        if not why and fn is not None:
            why = self._body(fn)
        self.functions[ref.name] = why
        return why

    def _body(self, fn: cst.FunctionDef) -> str:
        said = f"function '{fn.name.value}'"
        if fn.decorators or fn.asynchronous:
            return f"{said} is decorated or async"
        local = {p.name.value for p in m.findall(fn.params, m.Param())}  # type: ignore[attr-defined]
        local |= store_names(fn.body, outer_only=False)
        for stmt in m.findall(fn.body, m.MatchIfTrue(lambda n: isinstance(
                n, (cst.BaseSmallStatement, cst.BaseCompoundStatement)))):
            if isinstance(stmt, (cst.FunctionDef, cst.ClassDef, cst.With, cst.Try,
                                 cst.Global, cst.Nonlocal, cst.Del, cst.Import,
                                 cst.ImportFrom)):
                return f"{said} holds `{code_of(stmt).strip().splitlines()[0]}`"
            if isinstance(stmt, cst.BaseSmallStatement) and not isinstance(
                    stmt, _ALLOWED_STATEMENTS):
                return f"{said} holds `{code_of(stmt).strip()}`"
        for target in _store_targets(fn.body):
            if not isinstance(target, (cst.Name, cst.Tuple, cst.List)) or m.findall(
                    target, m.Attribute() | m.Subscript()):
                return f"{said} stores into `{code_of(target)}`"
        for default in (p.default for p in m.findall(fn.params, m.Param())
                        if p.default is not None):  # type: ignore[attr-defined]
            if why := self.expression(default, set()):
                return f"{said}: {why}"
        if why := self.expression(fn.body, local):
            return f"{said}: {why}"
        return ""


def _store_targets(node: cst.CSTNode) -> list[cst.BaseExpression]:
    out: list[cst.BaseExpression] = []
    for s in m.findall(node, m.Assign() | m.AugAssign() | m.AnnAssign() | m.For()
                       | m.CompFor()):
        if isinstance(s, cst.Assign):
            out += [t.target for t in s.targets]
        else:
            out.append(s.target)  # type: ignore[attr-defined]
    return out


def _self_attr(node: cst.CSTNode, me: str) -> str | None:
    if isinstance(node, cst.Attribute) and m.matches(node.value, m.Name(me)):
        return node.attr.value
    return None


def _one(stmt: cst.BaseStatement) -> cst.BaseSmallStatement | None:
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
        return stmt.body[0]
    return None


def _filled(stmt: cst.BaseStatement, me: str
            ) -> tuple[MemoKind, str, cst.BaseExpression | None, cst.BaseExpression] | None:
    """(kind, attribute, key, computation) of `if KEY not in self.C: self.C[KEY] = EXPR`
    or `if self.A is None: self.A = EXPR`; None for any other statement."""
    if not isinstance(stmt, cst.If) or stmt.orelse is not None or len(stmt.body.body) != 1:
        return None
    test, inner = stmt.test, _one(stmt.body.body[0])
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1
            and isinstance(inner, cst.Assign) and len(inner.targets) == 1):
        return None
    op, right = test.comparisons[0].operator, test.comparisons[0].comparator
    target = inner.targets[0].target
    if isinstance(op, cst.NotIn) and (attr := _self_attr(right, me)) is not None:
        if (isinstance(target, cst.Subscript) and _self_attr(target.value, me) == attr
                and len(target.slice) == 1 and isinstance(target.slice[0].slice, cst.Index)
                and target.slice[0].slice.value.deep_equals(test.left)):
            return MemoKind.TABLE, attr, test.left, inner.value
        return None
    if (isinstance(op, cst.Is) and m.matches(right, m.Name("None"))
            and (attr := _self_attr(test.left, me)) is not None
            and _self_attr(target, me) == attr):
        return MemoKind.LAZY, attr, None, inner.value
    return None


def _key_names(key: cst.BaseExpression, before: cst.BaseStatement | None) -> set[str] | None:
    """The names a key of plain names and literals is made of (through `key = (...)`, the
    statement `before` the cache's `if`); None for any other key."""
    if isinstance(key, cst.Name):
        small = _one(before) if before is not None else None
        if (isinstance(small, cst.Assign) and len(small.targets) == 1
                and m.matches(small.targets[0].target, m.Name(key.value))):
            key = small.value
    parts = key.elements if isinstance(key, cst.Tuple) else [key]
    values = [p.value if isinstance(p, cst.Element) else p for p in parts]
    if not all(isinstance(v, (cst.Name, cst.SimpleString, cst.Integer, cst.Float))
               for v in values):
        return None
    return {v.value for v in values if isinstance(v, cst.Name)}


def written_into(info: ModuleInfo, compute: cst.FunctionDef, name: str) -> str:
    """How compute() may write into the value local `name` holds (or a name it flows to,
    a view of it); "" when it only reads it."""
    wrapper = MetadataWrapper(cst.Module([compute]), unsafe_skip_copy=True)
    parents = wrapper.resolve(ParentNodeProvider)
    tainted, grown = {name}, True
    while grown:  # the names the value flows to: assigned, looped over, comprehended
        grown = False
        for s in m.findall(wrapper.module, m.Assign() | m.For() | m.CompFor()
                           | m.AugAssign()):
            source = s.value if isinstance(s, (cst.Assign, cst.AugAssign)) else s.iter  # type: ignore[attr-defined]
            if not _aliases(source, tainted):
                continue
            targets = [t.target for t in s.targets] if isinstance(s, cst.Assign) else [
                s.target]  # type: ignore[attr-defined]
            for t in targets:
                if _copied_into(t):
                    continue  # `out[...] = w`: the values copied into the array
                if not isinstance(t, (cst.Name, cst.Tuple, cst.List)):
                    return f"stores it (`{code_of(s).strip().splitlines()[0]}`)"
                new = {n.value for n in m.findall(t, m.Name())} - tainted
                if new:
                    tainted |= new
                    grown = True
    for node in m.findall(wrapper.module, m.Name()):
        assert isinstance(node, cst.Name)
        if node.value not in tainted:
            continue
        top, cur = node, parents.get(node)
        while True:
            if isinstance(cur, cst.Attribute) and cur.value is top:
                if cur.attr.value in MUTATING_METHODS:
                    return f"changes it through `.{cur.attr.value}`"
            elif not ((isinstance(cur, cst.Subscript) and cur.value is top)
                      or (isinstance(cur, cst.Call) and cur.func is top)):
                break
            top, cur = cur, parents.get(cur)
        stored = (isinstance(cur, cst.AssignTarget) and cur.target is top) or (
            isinstance(cur, cst.AugAssign) and cur.target is top) or isinstance(cur, cst.Del)
        if isinstance(cur, cst.AugAssign) and cur.target is top:
            return f"augments it in place (`{code_of(cur).strip()}`)"
        if stored and top is not node:
            return f"writes into it (`{code_of(top)}`)"
        if isinstance(cur, cst.Arg) and cur.value is top:
            call = parents.get(cur)
            if cur.keyword is not None and cur.keyword.value == "out":
                return f"writes into it (`out={code_of(top)}`)"
            if not _reading_call(info, call):
                return f"hands it to `{code_of(call.func)}`, which may change it"  # type: ignore[union-attr]
        if isinstance(cur, (cst.Return, cst.Yield)):
            return "hands it out"
    return ""


def _aliases(node: cst.BaseExpression, tainted: set[str]) -> bool:
    """Whether `node` may evaluate to a tainted value or a view or container of one (an
    arithmetic result is a new array)."""
    if not {n.value for n in load_names(node)} & tainted:
        return False
    if isinstance(node, (cst.BinaryOperation, cst.UnaryOperation, cst.Comparison)):
        return False
    if isinstance(node, cst.BooleanOperation):
        return _aliases(node.left, tainted) or _aliases(node.right, tainted)
    if isinstance(node, cst.IfExp):
        return _aliases(node.body, tainted) or _aliases(node.orelse, tainted)
    return True


def _copied_into(target: cst.BaseExpression) -> bool:
    """`out[...]` or `out[a:b]`: a slice assignment, which copies the values it is given."""
    return isinstance(target, cst.Subscript) and len(target.slice) == 1 and (
        m.matches(target.slice[0].slice, m.Index(value=m.Ellipsis()))
        or isinstance(target.slice[0].slice, cst.Slice))


def _reading_call(info: ModuleInfo, call: object) -> bool:
    """A call only computing from its arguments: a pure builtin, or a numpy function with
    no effect (its `out=` refused apart)."""
    if not isinstance(call, cst.Call):
        return False
    func = call.func
    if isinstance(func, cst.Name) and func.value not in info.imports.names:
        return func.value in PURE_BUILTINS and func.value not in info.module_names()
    parts = (info.imports.resolve(func) or "").split(".")
    return parts[0] == "numpy" and len(parts) > 1 and parts[1] not in NUMPY_EFFECTS and \
        len(top_level_bindings(info.module, (dotted(func) or "").split(".")[0], set())) == 1


def _fresh(taken: set[str], attr: str) -> str:
    name = attr.lstrip("_") or "cached"
    while name in taken:
        name += "_"
    taken.add(name)
    return name


def fold_memos(info: ModuleInfo, mro: list[cst.ClassDef], init: cst.FunctionDef | None,
               compute: cst.FunctionDef, reserved: frozenset[str] = frozenset()
               ) -> tuple[cst.FunctionDef, list[Memo]]:
    """compute() with each memo cache of its own body read as the computation it caches,
    and the caches folded (a lazy value's local named apart from `reserved`, the kernel
    function's parameters); SkipError naming a cache that cannot be read so."""
    if not compute.params.params:
        return compute, []
    me = compute.params.params[0].name.value
    body = list(compute.body.body)
    taken = set(info.module_names()) | {n.value for c in mro for n in find_all(c, m.Name())}
    taken |= reserved
    memos: list[Memo] = []
    reader = PureReader(info)
    out: list[cst.BaseStatement] = []
    i = 0
    while i < len(body):
        stmt = body[i]
        found = _filled(stmt, me)
        if found is None:
            out.append(stmt)
            i += 1
            continue
        kind, attr, key, value = found
        said = f"keeps {kind.value} self.{attr} (`{code_of(stmt.body.body[0]).strip()}`)"  # type: ignore[attr-defined]
        local = _function_locals(compute)
        reads = {n.value for n in load_names(value)} & local
        if me in reads:
            raise SkipError(f"{said} whose computation reads {me}")
        if kind is MemoKind.LAZY and (why := _lazy_uses(out, body[i + 1:], me, attr)):
            raise SkipError(f"{said}: compute() {why}")
        if kind is MemoKind.TABLE:
            assert key is not None
            covered = _key_names(key, body[i - 1] if i else None)
            if covered is None:
                raise SkipError(f"{said} whose key `{code_of(key)}` is not made of plain "
                                "names and literals")
            if reads - covered:
                raise SkipError(f"{said} whose key does not cover every input of the "
                                f"computation ('{sorted(reads - covered)[0]}')")
            nxt = _one(body[i + 1]) if i + 1 < len(body) else None
            if not (isinstance(nxt, cst.Assign) and len(nxt.targets) == 1
                    and isinstance(nxt.targets[0].target, cst.Name)
                    and m.matches(nxt.value, m.Subscript(value=m.Attribute(
                        value=m.Name(me), attr=m.Name(attr)), slice=[m.SubscriptElement(
                            m.Index())]))
                    and nxt.value.slice[0].slice.value.deep_equals(key)):  # type: ignore[attr-defined]
                raise SkipError(f"{said} not read right after it is filled "
                                f"(`NAME = {me}.{attr}[{code_of(key)}]`)")
            name = nxt.targets[0].target.value
            if name in {n.value for n in load_names(value)}:
                raise SkipError(f"{said} whose computation reads '{name}'")
            folded = body[i + 1].with_changes(body=[nxt.with_changes(value=value)])  # type: ignore[attr-defined]
            step = 2
        else:
            if reads:
                raise SkipError(f"{said} whose computation reads the local "
                                f"'{sorted(reads)[0]}' (a lazy value computes a constant)")
            name = _fresh(taken, attr)
            folded = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(name))],
                                                         value)])
            step = 1
        if why := reader.expression(value, local - {me}):
            raise SkipError(f"{said} whose computation is not pure: {why}")
        if why := _store_of(info, mro, init, me, kind, attr):
            raise SkipError(f"{said}: {why}")
        memos.append(Memo(kind, attr, value, name))
        out.append(folded)
        i += step
    if not memos:
        return compute, []
    folded_fn = compute.with_changes(body=compute.body.with_changes(body=out))
    lazy = {mm.attr: mm.local for mm in memos if mm.kind is MemoKind.LAZY}
    if lazy:
        folded_fn = cst.ensure_type(folded_fn.visit(_LazyReads(me, lazy)), cst.FunctionDef)
    for memo in memos:
        leftover = [a for a in m.findall(folded_fn, m.Attribute(value=m.Name(me)))
                    if a.attr.value == memo.attr]  # type: ignore[attr-defined]
        if leftover:
            raise SkipError(f"keeps {memo.kind.value} self.{memo.attr}, which compute() "
                            f"also uses otherwise (`{code_of(leftover[0])}`)")
        if why := written_into(info, folded_fn, memo.local):
            raise SkipError(f"keeps {memo.kind.value} self.{memo.attr}, and compute() "
                            f"{why}: the cached value would change")
        allowed = _allowed_mentions(mro, init, compute, me, memo)
        if why := tree_reads(info, memo.attr, allowed):
            raise SkipError(f"keeps {memo.kind.value} self.{memo.attr}, which {why}")
    return folded_fn, memos


def _lazy_uses(before: list[cst.BaseStatement], after: list[cst.BaseStatement], me: str,
               attr: str) -> str:
    """How compute() uses a lazy value other than reading it after it is filled; ""."""
    mine = m.Attribute(value=m.Name(me), attr=m.Name(attr))
    for stmt in before:
        if m.findall(stmt, mine):
            return f"reads self.{attr} before it is filled"
    for stmt in after:
        hits = m.findall(stmt, m.AssignTarget(target=mine) | m.AugAssign(target=mine)
                         | m.Del(target=mine) | m.AnnAssign(target=mine))
        if hits:
            return f"sets self.{attr} again"
    return ""


def _function_locals(fn: cst.FunctionDef) -> set[str]:
    names = {p.name.value for p in m.findall(fn.params, m.Param())}  # type: ignore[attr-defined]
    return names | store_names(fn.body, outer_only=False)


def _store_of(info: ModuleInfo, mro: list[cst.ClassDef], init: cst.FunctionDef | None,
              me: str, kind: MemoKind, attr: str) -> str:
    """Why the cache's own binding is not the empty one its shape needs; ""."""
    if kind is MemoKind.TABLE:
        bound = [s for c in mro for s in c.body.body
                 if attr in store_names(s) and not isinstance(s, cst.FunctionDef)]
        small = _one(bound[0]) if len(bound) == 1 else None
        if not (isinstance(small, cst.Assign) and (
                m.matches(small.value, m.Dict(elements=[]))
                or m.matches(small.value, m.Call(func=m.Name("dict"), args=[])))):
            return f"its class body does not bind it once as an empty dict (`{attr} = {{}}`)"
        if info.owner_of(next(c for c in mro if bound[0] in c.body.body)) is not info:
            return "its class is another module's"
        return ""
    if init is None:
        return "no __init__ sets it to None"
    sets = [s for s in init.body.body if m.findall(s, m.Attribute(attr=m.Name(attr)))]
    small = _one(sets[0]) if len(sets) == 1 else None
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1
            and init.params.params
            and _self_attr(small.targets[0].target, init.params.params[0].name.value) == attr
            and m.matches(small.value, m.Name("None"))):
        return f"__init__ does not set it once to None (`self.{attr} = None`)"
    return ""


def _allowed_mentions(mro: list[cst.ClassDef], init: cst.FunctionDef | None,
                      compute: cst.FunctionDef, me: str, memo: Memo) -> set[int]:
    """The nodes naming the cache that its own shape holds (`tree_reads` passes them)."""
    allowed = {id(a) for a in m.findall(compute, m.Attribute(value=m.Name(me)))
               if a.attr.value == memo.attr}  # type: ignore[attr-defined]
    if memo.kind is MemoKind.LAZY and init is not None:
        allowed |= {id(a) for a in m.findall(init, m.Attribute(attr=m.Name(memo.attr)))}
    return allowed


class _LazyReads(cst.CSTTransformer):
    """`self.A` -> the local the lazy value is bound to."""

    def __init__(self, me: str, locals_: dict[str, str]) -> None:
        super().__init__()
        self.me, self.locals = me, locals_

    def leave_Attribute(  # noqa: N802
            self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        attr = _self_attr(original, self.me)
        if attr in self.locals:
            return cst.Name(self.locals[attr])
        return updated


def memo_note(memos: list[Memo], me: str) -> str:
    spelled = ", ".join(f"`{me}.{mm.attr}` ({mm.kind.value})" for mm in memos)
    return (f"reads the memo cache {spelled} as the computation it caches (a pure function "
            "of its key, or a constant; never written into)")
