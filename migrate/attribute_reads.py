"""Whether any module of the tree may read attribute `.X` of a kernel instance (issue 23).

Dropping instance state (a write-only counter, a memo, a context kept on `self`) is sound
only when nothing outside the shapes the codemod reads touches the attribute. A module
may read it when it:

- mentions `.X` beyond the nodes the caller allows;
- spells the string `"X"` (anywhere but as the key of a plain object's `__dict__`, below);
- uses `vars`, `getmembers`, or `__dict__` / `__getattribute__` of an object that may be
  a kernel instance (a `def __getattr__` / `def __getattribute__` reads nothing itself:
  what its body reads is checked as any other code; `obj.__dict__` read at one literal
  key, `obj.__dict__.get("K")`, reads that key alone, of any object);
- reaches an attribute by a computed name (`getattr`, `hasattr`, `setattr`, `delattr`,
  `attrgetter` with a name that is not a literal) of an object that may be a kernel
  instance; a `__getattr__(self, name)` calling `getattr(obj, name)` only passes on a read
  of the same name made elsewhere, which is checked where it is spelled.

An object is provably no kernel instance when it is a literal, a module, the execution
context (`getattr_receivers.Receivers`) or the `self` of a method of a *plain class*: a
class whose bases are `object` or plain classes, which the tree mentions only by its class
statements, calls `C(...)`, imports under its own name and as a base of plain classes. Its
instances are made by calling it or a plain class deriving from it: no kernel is one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import libcst as cst
import libcst.matchers as m

from migrate.cst_walk import find_all, first_found, parsed_text
from migrate.getattr_receivers import Receivers
from migrate.names import store_names
from migrate.source_files import compiles, runnable_source
from migrate.static import ModuleInfo
from migrate.static_refs import literal_prefix, literal_string
from migrate.tree_operators import tree_paths

_BY_NAME = ("getattr", "hasattr", "setattr", "delattr", "attrgetter")
_REFLECTIVE = ("vars", "__dict__", "__getattr__", "__getattribute__", "getmembers")
_WRITING = ("setattr", "delattr")  # of _BY_NAME, those that may change an attribute
_DEFINED_ONLY = ("__getattr__", "__getattribute__")  # as a def's name: no read
#: an op maker's declarations: their strings name slots and attributes of an op
_DECLARATIONS = frozenset({"add_input", "add_output", "add_attr", "add_comment"})


def tree_reads(info: ModuleInfo, attr: str, allowed: set[int],
               parsed: dict[Path, cst.Module] | None = None,
               mro: list[cst.ClassDef] | None = None, writes_only: bool = False,
               also: Callable[[cst.Module], set[int]] | None = None) -> str:
    """Why a module of the tree holding `info` may read `.attr` of a kernel beyond the
    `allowed` nodes, in words; "" if none may. The nodes are those of `info.module` and of
    the modules of `parsed` (by resolved path: the owners of classes of another module);
    any other module is parsed afresh. With the kernel's `mro` (its classes, of those
    modules), `self.attr` in a method of a class outside it is no read of the kernel's:
    the registry makes instances of the kernel's class itself, whose MRO that is. With
    `writes_only` (an immutable value: a read anywhere gets the same value), only what
    may set or delete `.attr` counts: a store to it, `setattr`/`delattr` with a name that
    may be it, reflection. `also`: the ids of more nodes of a module that read nothing
    (a write-only counter's bumps, wherever they are)."""
    modules = list(_tree_modules(info, parsed or {}))
    for _, module in modules:
        if isinstance(module, str):
            return module
    trees = [(rel, mod) for rel, mod in modules if isinstance(mod, cst.Module)]
    plain = plain_classes([mod for _, mod in trees])
    for rel, module in trees:
        more = (_loads(module, attr) if writes_only else set()) | (
            also(module) if also is not None else set())
        why = _reads(module, attr, allowed | more, rel, plain,
                     None if mro is None else {id(c) for c in mro}, writes_only)
        if why:
            return why
    return ""


def _tree_modules(info: ModuleInfo, parsed: dict[Path, cst.Module]
                  ) -> Iterator[tuple[str, cst.Module | str]]:
    """Each module of the tree as (its path, its tree), or a reason it cannot be read."""
    if info.path is None:
        yield "this module", info.module
        return
    here = info.path.resolve()
    known = {p.resolve(): mod for p, mod in parsed.items()}
    known[here] = info.module
    for path, rel in tree_paths(here, include_self=True):
        spelled = rel.as_posix()
        if path.resolve() in known:
            yield spelled, known[path.resolve()]
            continue
        text = runnable_source(path)
        if text is None:  # Python could not run it: it reads nothing
            continue
        module = parsed_text(text)
        if module is not None:
            yield spelled, module
        elif compiles(text):
            yield spelled, f"{spelled} of the tree cannot be read to rule out a read of it"


def plain_classes(modules: list[cst.Module]) -> frozenset[str]:
    """The names of the plain classes of `modules` (see the module doc): a class whose
    bases are `object` or plain classes, mentioned only by its class statements, calls,
    imports under its own name and as a base of plain classes (to a fixed point)."""
    statements = [c for module in modules for c in find_all(module, m.ClassDef())]
    named: dict[str, list[cst.ClassDef]] = {}
    for cls in statements:
        named.setdefault(cls.name.value, []).append(cls)  # type: ignore[attr-defined]
    allowed: set[int] = {id(c.name) for c in statements}  # type: ignore[attr-defined]
    for module in modules:
        for call in find_all(module, m.Call()):
            func = call.func  # type: ignore[attr-defined]
            allowed.add(id(func.attr) if isinstance(func, cst.Attribute) else id(func))
        for alias in find_all(module, m.ImportAlias()):
            named_ = alias.name  # type: ignore[attr-defined]
            last = named_.attr if isinstance(named_, cst.Attribute) else named_
            asname = alias.asname  # type: ignore[attr-defined]
            if asname is None or m.matches(asname.name, m.Name(last.value)):
                allowed |= {id(last)} | ({id(asname.name)} if asname is not None else set())
    mentions = [n for module in modules
                for n in find_all(module, m.Name(m.MatchIfTrue(lambda v: v in named)))
                if id(n) not in allowed]
    plain = {name for name, classes in named.items()
             if all(not c.keywords for c in classes)}  # type: ignore[attr-defined]
    while True:
        bases = {id(b.value): cls for cls in statements for b in cls.bases}  # type: ignore[attr-defined]
        gone = {n.value for n in mentions  # type: ignore[attr-defined]
                if not (id(n) in bases and bases[id(n)].name.value in plain)}  # type: ignore[attr-defined]
        gone |= {cls.name.value for cls in statements  # type: ignore[attr-defined]
                 if not all(b.keyword is None and not b.star and (  # type: ignore[attr-defined]
                     m.matches(b.value, m.Name("object"))
                     or (isinstance(b.value, cst.Name) and b.value.value in plain))
                     for b in cls.bases)}  # type: ignore[attr-defined]
        if not gone & plain:
            return frozenset(plain)
        plain -= gone


def _forwarded(module: cst.Module) -> set[int]:
    """The `getattr(obj, name)` calls of a `def __getattr__(self, name)` (or
    `__getattribute__`) passing on the name it was asked for, unchanged: it reads what a
    read of the same name elsewhere spells (checked there: `.X`, `"X"`, a computed name)."""
    out: set[int] = set()
    for fn in find_all(module, m.FunctionDef(name=m.Name(m.MatchIfTrue(
            lambda n: n in _DEFINED_ONLY)))):
        params = fn.params.params  # type: ignore[attr-defined]
        if len(params) != 2 or fn.decorators:  # type: ignore[attr-defined]
            continue
        name = params[1].name.value
        if name in store_names(fn.body, outer_only=False):  # type: ignore[attr-defined]
            continue
        out |= {id(c) for c in m.findall(fn, m.Call(func=m.Name("getattr"), args=[
            m.Arg(keyword=None, star=""), m.Arg(value=m.Name(name), keyword=None, star=""),
            m.ZeroOrMore(m.Arg(keyword=None, star=""))]))}
    return out


def _loads(module: cst.Module, attr: str) -> set[int]:
    """The `.attr` nodes of `module` that are no target of a store or `del`."""
    targets = [a.target for a in find_all(module, m.AssignTarget())]  # type: ignore[attr-defined]
    targets += [n.target for n in find_all(module, m.AugAssign() | m.AnnAssign())]  # type: ignore[attr-defined]
    targets += [d.target for d in find_all(module, m.Del())]  # type: ignore[attr-defined]
    targets += [f.target for f in find_all(module, m.For() | m.CompFor())]  # type: ignore[attr-defined]
    targets += [w.asname.name for w in find_all(module, m.WithItem())  # type: ignore[attr-defined]
                if w.asname is not None]  # type: ignore[attr-defined]
    stored = {id(n) for t in targets for n in m.findall(t, m.Attribute(attr=m.Name(attr)))}
    return {id(n) for n in find_all(module, m.Attribute(attr=m.Name(attr)))
            if id(n) not in stored}


def _reads(module: cst.Module, attr: str, allowed: set[int], where: str,
           plain: frozenset[str], mro: set[int] | None, writes_only: bool = False) -> str:
    """Why `module` may read `.attr` of a kernel (beyond the `allowed` nodes); "" if not."""
    receivers: Receivers | None = None

    def receivers_() -> Receivers:
        nonlocal receivers
        receivers = receivers or Receivers(module, plain)
        return receivers

    def kernel_read(node: cst.CSTNode) -> bool:
        if id(node) in allowed:
            return False
        value = node.value  # type: ignore[attr-defined]
        if mro is not None and isinstance(value, cst.Name):
            cls = receivers_().method_class(value)
            if cls is not None and id(cls) not in mro:
                return False  # the self of another class's method
        return True

    node = first_found(module, m.Attribute(attr=m.Name(attr)), kernel_read)
    if node is not None:
        return f"{where} reads `.{attr}` (`{cst.Module([]).code_for_node(node)}`)"
    passed: set[int] = set()  # `obj.__dict__` of plain objects, and their literal keys
    defined = {id(f.name) for f in find_all(module, m.FunctionDef())}  # type: ignore[attr-defined]
    for node in find_all(module, m.Attribute(attr=m.Name("__dict__"))):
        if receivers_().harmless_object(node.value):  # type: ignore[attr-defined]
            passed |= {id(node), id(node.attr)}  # type: ignore[attr-defined]
    for sub in find_all(module, m.Subscript()):
        if id(sub.value) in passed:  # type: ignore[attr-defined]
            passed |= {id(s) for e in sub.slice  # type: ignore[attr-defined]
                       for s in m.findall(e, m.SimpleString())}
    passed |= _described(module)
    for node, key in _keyed_dict_reads(module):  # `cls.__dict__.get("OP_TYPE")`: that key
        if key != attr:
            passed |= {id(node), id(node.attr)}
    if first_found(module, m.SimpleString() | m.ConcatenatedString(),
                   lambda n: literal_string(n) == attr and id(n) not in passed) is not None:  # type: ignore[arg-type]
        return f"{where} spells the name '{attr}' as a string"

    def reflective(name: cst.CSTNode) -> bool:
        if id(name) in passed or (id(name) in defined and name.value in _DEFINED_ONLY):  # type: ignore[attr-defined]
            return False
        return _spelled(name) in _REFLECTIVE

    name = first_found(module, m.Name() | m.Attribute(), reflective)
    if name is not None:
        return f"{where} uses `{_spelled(name)}`, which may read any attribute"
    forwarded = _forwarded(module)

    def by_computed_name(call: cst.CSTNode) -> bool:
        spelled = _spelled(call.func)  # type: ignore[attr-defined]
        if spelled not in _BY_NAME or id(call) in forwarded or (
                writes_only and spelled not in _WRITING):
            return False
        args = call.args  # type: ignore[attr-defined]
        if spelled != "attrgetter" and args and mro is not None and isinstance(
                args[0].value, cst.Name):
            cls = receivers_().method_class(args[0].value)
            if cls is not None and id(cls) not in mro:
                return False  # `setattr(self, name, v)` in a method of another class
        index = 0 if spelled == "attrgetter" else 1
        names = args[index:] if spelled == "attrgetter" else args[index:index + 1]
        if not names or any(a.keyword is not None or a.star or (literal_string(a.value) is None
                            and not _other_prefix(a.value, attr)) for a in names):
            return not receivers_().harmless(call)  # type: ignore[arg-type]
            # (`getattr(np, name)` is of no kernel instance)
        return False

    call = first_found(module, m.Call(), by_computed_name)
    if call is not None:
        return (f"{where} calls {_spelled(call.func)}() with an attribute name "  # type: ignore[attr-defined]
                "it computes")
    return ""


def _spelled(node: cst.CSTNode) -> str:
    """The name a Name or Attribute node spells (its last part); "" for anything else."""
    if isinstance(node, cst.Name):
        return node.value
    return node.attr.value if isinstance(node, cst.Attribute) else ""


def _described(module: cst.Module) -> set[int]:
    """The strings of `module` that name no attribute: docstrings, and the arguments of an
    op maker's declarations (`self.add_attr("amin", FLOAT, 1e-10, "floor")`), which
    describe slots and attributes of an op, never read one of an object."""
    found = set()
    for call in find_all(module, m.Call(func=m.Attribute(attr=m.Name(
            m.MatchIfTrue(lambda n: n in _DECLARATIONS))))):
        found |= {id(s) for a in call.args  # type: ignore[attr-defined]
                  for s in m.findall(a, m.SimpleString() | m.ConcatenatedString())}
    for node in find_all(module, m.Module() | m.ClassDef() | m.FunctionDef()):
        body = node.body if isinstance(node, cst.Module) else node.body.body  # type: ignore[attr-defined]
        first = body[0] if body else None
        if m.matches(first, m.SimpleStatementLine([m.Expr(
                m.SimpleString() | m.ConcatenatedString())])):
            found |= {id(s) for s in m.findall(first, m.SimpleString())}  # type: ignore[arg-type]
    return found


def _keyed_dict_reads(module: cst.Module) -> Iterator[tuple[cst.Attribute, str]]:
    """Each `obj.__dict__` of `module` read at one literal key alone (`obj.__dict__["K"]`,
    `obj.__dict__.get("K", ...)`, `"K" in obj.__dict__`), with that key: it reads no
    other attribute, of whatever object."""
    dict_of = m.Attribute(attr=m.Name("__dict__"))
    for sub in find_all(module, m.Subscript(value=dict_of)):
        elements = sub.slice  # type: ignore[attr-defined]
        if len(elements) == 1 and isinstance(elements[0].slice, cst.Index) and (
                key := literal_string(elements[0].slice.value)) is not None:
            yield sub.value, key  # type: ignore[attr-defined]
    for call in find_all(module, m.Call(func=m.Attribute(value=dict_of, attr=m.Name("get")))):
        args = call.args  # type: ignore[attr-defined]
        if args and args[0].keyword is None and not args[0].star and (
                key := literal_string(args[0].value)) is not None:
            yield call.func.value, key  # type: ignore[attr-defined]
    for comp in find_all(module, m.Comparison(comparisons=[m.ComparisonTarget(
            operator=m.In() | m.NotIn(), comparator=dict_of)])):
        if (key := literal_string(comp.left)) is not None:  # type: ignore[attr-defined]
            yield comp.comparisons[0].comparator, key  # type: ignore[attr-defined]


def _other_prefix(name: cst.BaseExpression, attr: str) -> bool:
    """A computed attribute name that begins with a literal text `attr` does not begin
    with (`"_compute_" + mode`, `f"_compute_{mode}"`): it never names `attr`."""
    prefix = literal_prefix(name)
    return bool(prefix) and not attr.startswith(prefix)
