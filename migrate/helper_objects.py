"""A kernel computing through a helper object it holds: `self._blend = Blender()` in
`__init__`, or `_blend = Blender(2.0)` in its class body, and `self._blend.apply(x, w)` /
`self._blend.bind(xp)(x, y, w)` in compute().

The helper is a plain class of the tree (a class statement of the kernel's module, or one it
imports from another module of the tree): no bases, no decorators, a body of methods and
literal constants, an `__init__` (if any) that only stores its parameters (literal defaults)
or literals on the instance, and no method setting, augmenting or deleting an attribute of
its instance (nor `setattr`/`delattr`/`vars`/`__dict__` anywhere in the class); the class
bound once in its module. Built by a
call whose arguments are literals, such an object holds literal values nothing changes, so
one instance per kernel or one per call run the same code on the same values: in the PHI
kernel, `self._blend` becomes the constructor call as the kernel wrote it, `Blender()` (the
constructor inline). The helper's methods run unchanged, in their own module.

A functor, an object called itself, `self._functor(ctx.xp, x.data)` (issue 23, cm53), is read
alike: the call is one of its `__call__`, which the class must define itself, and the object
may be built through a module of the tree (`_functor = F.AbsSquareFunctor()`, `from . import
functors as F`), so the PHI kernel calls `F.AbsSquareFunctor()(dev_ctx.xp, x.data)`. The
store must be in a class of the kernel's module (the constructor call reads its names); a
class-body default a base of the MRO binds (`_functor = None`) is shadowed by it.

Read only where the attribute's every mention in the module is its one store and such
method calls in compute() (`self._blend.apply(...)`, a method the class defines, no dunder
but `__call__`):
stored elsewhere, passed on or returned, the object escapes and the kernel is refused,
named, as it is for a helper whose methods mutate it and for a constructor argument that is
not a literal. A store of anything else (a kernel composed, `self.k = OtherKernel()`; a
class outside the tree) is left to the readings that follow (`kernel_compose`).

A kernel of the tree held so, `self._mean = MeanKernel()` (no argument), whose methods
other than compute() are called, `self._mean.reduce(xp, a, axes, True)` (issue 23, cm41; a
class of another module, `from .binary import HypotKernel`, found through the tree's imports
as a base is, `tree_bases.base_class`: cm45), is read alike when no class of its MRO (across
the tree) defines a dunder that makes instances, but an `__init__` only calling the
base's and storing literals (`self._ctx = None`: the methods lifted cannot read them):
each method called is found through the held class's MRO and lifted as that class sees
it (`KernelMigration.helper` of a migration of the held class: its constants inlined,
the methods it calls through `self` lifted too), and the call becomes
the lifted function's, `_reduce(xp, a, axes, True)`; a method reading anything else of
`self` is refused as a lifted helper is ("helper reduce() uses self (instance state)").
A method lifted from a class of another module reads that module's names: each is imported
from where that module gets it, and one that is state of it refuses the kernel, as for an
inherited compute (`tree_bases.transplant_imports`).
Runs of its compute(ctx) are composition (`kernel_compose`), not read here.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from migrate.class_members import Member, class_members
from migrate.kernel_compose import base_init
from migrate.kernel_model import SkipError
from migrate.kernel_rewrite import KernelMigration
from migrate.names import store_names
from migrate.spec_objects import method_state
from migrate.static import ModuleInfo
from migrate.static_refs import UnresolvableError, code_of, dotted, literal_string
from migrate.super_helpers import check_unshadowed
from migrate.syntax import is_literal
from migrate.tree_bases import base_class, transplant_imports, tree_mro
from migrate.write_only_counters import counter_store

_INTROSPECTION = ("setattr", "delattr", "vars", "__dict__", "__setattr__", "__class__")
_INSTANCE_DUNDERS = ("__init__", "__new__", "__call__", "__getattr__", "__getattribute__",
                     "__setattr__", "__init_subclass__")


def held_helpers(info: ModuleInfo, mro: list[cst.ClassDef], members: dict[str, Member],
                 init: cst.FunctionDef | None, compute: cst.FunctionDef
                 ) -> dict[str, cst.Call | list[cst.ClassDef]]:
    """`{"_blend": <Blender()>}`: each helper object compute() calls methods on, as above,
    with the constructor call that builds it (for a kernel held, `{"_mean": <its MRO>}`);
    SkipError naming why a helper object the kernel holds cannot be read so."""
    params = compute.params.params
    if len(params) != 2:
        return {}
    me = params[0].name.value
    uses: dict[str, list[tuple[cst.Attribute, str]]] = {}
    held = m.Attribute(value=m.Name(me), attr=m.Name())
    for call in m.findall(compute, m.Call(func=m.Attribute(value=held, attr=m.Name()))):
        method = call.func.attr.value  # type: ignore[attr-defined]
        if method != "compute":
            target = call.func.value  # type: ignore[attr-defined]
            uses.setdefault(target.attr.value, []).append((target, method))
    for call in m.findall(compute, m.Call(func=held)):  # `self._functor(xp, x)`
        target = call.func  # type: ignore[attr-defined]
        uses.setdefault(target.attr.value, []).append((target, "__call__"))
    out: dict[str, cst.Call | list[cst.ClassDef]] = {}
    for attr, used in uses.items():
        bound = _binding(mro, members, init, attr)
        if bound is None:
            continue
        store, made = bound
        name = dotted(made.func) or ""
        held_mro = _kernel_mro(info, name, f"holds a kernel object `{code_of(store).strip()}`",
                               made)
        said = f"holds a helper object `{code_of(store).strip()}`"
        cls = _plain_class(info, made.func) if held_mro is None else held_mro[0]
        if cls is None:
            continue
        if held_mro is not None:
            escape = _escape(info, mro, attr, store, {id(t) for t, _ in used})
            if escape:
                raise SkipError(f"holds a kernel object `{code_of(store).strip()}`, and the "
                                f"object escapes: `{escape}` (only calls of its methods, "
                                f"`self.{attr}.method(...)`, in compute() are read)")
            out[attr] = held_mro
            continue
        for arg in made.args:
            if arg.star or not is_literal(arg.value):
                raise SkipError(f"{said} whose constructor reads `{code_of(arg.value).strip()}`"
                                ", not a literal: the object cannot be rebuilt alike in a "
                                "function (only literal constructor arguments are read)")
        why = _state(cls)
        if why:
            raise SkipError(f"{said}: {name} {why}; one object per kernel and one per call "
                            "would compute differently")
        methods = {s.name.value for s in cls.body.body if isinstance(s, cst.FunctionDef)}
        for _, method in used:
            if method == "__call__" and method not in methods:
                raise SkipError(f"{said} and calls it, `self.{attr}(...)`, but {name} does "
                                "not define __call__ of its own")
            if method not in methods or (method.startswith("__") and method != "__call__"):
                raise SkipError(f"{said} and calls its {method}(), which {name} does not "
                                "define as a plain method of its own")
        if (home := _store_home(info, mro, store)) is not info:
            where = home.path.name if home.path else "another module"
            raise SkipError(f"{said} in a class of {where}: its constructor call reads that "
                            "module's names, not this one's")
        escape = _escape(info, mro, attr, store, {id(t) for t, _ in used})
        if escape:
            raise SkipError(f"{said}, and the object escapes: `{escape}` (only calls of its "
                            f"methods, `self.{attr}.method(...)`, in compute() are read)")
        out[attr] = made
    return out


def inline_helpers(mk: KernelMigration, compute: cst.FunctionDef,
                   held: dict[str, cst.Call | list[cst.ClassDef]]) -> cst.FunctionDef:
    """`compute` with each `self.<held>` as the constructor call building it, and each
    call of a held kernel's method, `self._mean.reduce(...)`, as the call of that method
    lifted for the held class (its helpers join `mk`'s)."""
    me = compute.params.params[0].name.value
    lifted: dict[tuple[str, str], str] = {}
    for attr, value in held.items():
        if isinstance(value, list):
            for method in sorted({cst.ensure_type(c.func, cst.Attribute).attr.value
                                  for c in _method_calls(compute, me, attr)}):
                lifted[(attr, method)] = _lift_held(mk, value, method)

    class Inline(cst.CSTTransformer):
        def leave_Call(self, original: cst.Call, updated: cst.Call  # noqa: N802
                       ) -> cst.BaseExpression:
            func = original.func
            if m.matches(func, m.Attribute(value=m.Attribute(value=m.Name(me)))):
                key = (func.value.attr.value, func.attr.value)  # type: ignore[attr-defined]
                if key in lifted:
                    return updated.with_changes(func=cst.Name(lifted[key]))
            return updated

        def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute  # noqa: N802
                            ) -> cst.BaseExpression:
            made = held.get(original.attr.value)
            if m.matches(original, m.Attribute(value=m.Name(me))) and \
                    isinstance(made, cst.Call):
                return made.deep_clone()
            return updated

    compute = cst.ensure_type(compute.visit(Inline()), cst.FunctionDef)
    for (attr, method), name in lifted.items():
        check_unshadowed(name, compute, f"{me}.{attr}.{method}()")
    return compute


def _method_calls(compute: cst.FunctionDef, me: str, attr: str) -> list[cst.Call]:
    return [cst.ensure_type(c, cst.Call) for c in m.findall(compute, m.Call(func=m.Attribute(
        value=m.Attribute(value=m.Name(me), attr=m.Name(attr)), attr=m.Name())))]


def _kernel_mro(info: ModuleInfo, name: str, said: str, made: cst.Call
                ) -> list[cst.ClassDef] | None:
    """The MRO of kernel class `name` (of this module, or imported from one of the tree:
    its classes of other modules recorded in `info.foreign_owners`) when the object held
    is one, else None; SkipError when such a kernel cannot be held so (see the
    module's docstring)."""
    if sum(name in store_names(s) for s in info.module.body) != 1:
        return None
    found = base_class(info, made.func) if info.path is not None else (
        (name, info) if name in info.classes else None)
    if found is None:
        return None
    cls_name, home = found
    try:
        tree = tree_mro(home, cls_name)
    except UnresolvableError:  # no MRO the codemod reads: not a kernel it holds
        return None
    if not any(q.split(".")[-1] == "OpKernel" for q in tree.outside):
        return None
    for cls in tree.classes:  # a class of another module is read in its module
        if (owner := tree.owners.get(id(cls), home)) is not info:
            info.foreign_owners[id(cls)] = owner
    if made.args:
        raise SkipError(f"{said}, a kernel built with arguments")
    members = class_members(tree.classes)
    for dunder in _INSTANCE_DUNDERS:
        if dunder == "__init__" and dunder in members and _stores_literals(
                tree.classes, members[dunder]):
            continue  # `self._ctx = None`: what its methods lifted cannot read anyway
        if dunder in members:
            raise SkipError(f"{said}: {members[dunder].owner.name.value} defines {dunder}, "
                            "so the object may keep state; one object per kernel and one "
                            "per call would compute differently")
    return tree.classes


def _stores_literals(mro: list[cst.ClassDef], member: Member) -> bool:
    """`__init__` (`member`, the only one of `mro`) only calls the base's `__init__` and
    stores literals on the instance: building the object does nothing else."""
    fn = member.function
    if fn is None or fn.decorators or len(fn.params.params) != 1 or fn.params.star_arg \
            is not cst.MaybeSentinel.DEFAULT or fn.params.kwonly_params or fn.params.star_kwarg:
        return False
    if sum(any(isinstance(s, cst.FunctionDef) and s.name.value == "__init__"
               for s in c.body.body) for c in mro) != 1:
        return False
    me = fn.params.params[0].name.value
    for i, stmt in enumerate(fn.body.body):
        if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
            return False
        small = stmt.body[0]
        if not ((i == 0 and m.matches(small, m.Expr(m.SimpleString())))
                or base_init(small, mro, member.owner, me)
                or counter_store(small, me) is not None):
            return False
    return True


def _lift_held(mk: KernelMigration, held_mro: list[cst.ClassDef], method: str) -> str:
    """Method `method` of the kernel class `held_mro[0]`, lifted as that class sees it."""
    sub = KernelMigration(mk.mctx, held_mro[0].name.value, mk.op_type, mk.phi_name, mk.proto)
    sub.members, sub.mro = class_members(held_mro), held_mro
    member = sub.members.get(method)
    if member is None or member.function is None or method.startswith("__") \
            or method == "compute":
        raise SkipError(f"holds a kernel {held_mro[0].name.value} and calls its {method}(), "
                        "which is no plain method of its classes")
    try:
        name = sub.lift_method(member.owner, member.function)
    except SkipError as exc:
        raise SkipError(f"holds a kernel {held_mro[0].name.value} and calls its {method}(): "
                        f"{exc}") from None
    added = [h for h in sub.helpers if all(n != h[0] for n, _ in mk.helpers)]
    mk.helpers.extend(added)
    _import_reads(mk, held_mro, added)
    mk.module_imports |= sub.module_imports
    mk.function_imports |= sub.function_imports
    return name


def _import_reads(mk: KernelMigration, held_mro: list[cst.ClassDef],
                  added: list[tuple[str, cst.FunctionDef]]) -> None:
    """The imports the methods lifted from held classes of another module of the tree
    (`added`) need in `mk`'s module: each module-level name they read, imported from where
    the class's module gets it (`tree_bases.transplant_imports`, which refuses a name that
    is state of that module or that this module binds to something else)."""
    read = {n.value for _, fn in added for n in m.findall(fn, m.Name())}
    for cls in held_mro:
        owner = mk.info.owner_of(cls)
        if owner is mk.info:
            continue
        try:
            needs = transplant_imports(mk.info, owner, cls, "holds a kernel")
        except UnresolvableError as exc:
            raise SkipError(str(exc)) from None
        for name in sorted(read & set(needs)):
            module, imported = needs[name]
            if module:
                mk.function_imports.add((module, imported))
            else:
                mk.module_imports.add(imported)


def _binding(mro: list[cst.ClassDef], members: dict[str, Member],
             init: cst.FunctionDef | None, attr: str
             ) -> tuple[cst.Assign, cst.Call] | None:
    """The statement storing `attr` (in `init`, else in a class body of `mro`) and the call
    of a plain name it stores, when it is one."""
    made = m.Call(func=m.Name() | m.Attribute(value=m.Name(), attr=m.Name()))
    if init is not None and init.params.params:
        me = init.params.params[0].name.value
        for stmt in m.findall(init, m.Assign(targets=[m.AssignTarget(m.Attribute(
                value=m.Name(me), attr=m.Name(attr)))], value=made)):
            assign = cst.ensure_type(stmt, cst.Assign)
            return assign, cst.ensure_type(assign.value, cst.Call)
    member = members.get(attr)
    if member is None or not m.matches(member.value, made):
        return None
    for stmt in m.findall(member.owner, m.Assign(targets=[m.AssignTarget(m.Name(attr))])):
        assign = cst.ensure_type(stmt, cst.Assign)
        if assign.value is member.value:
            return assign, cst.ensure_type(assign.value, cst.Call)
    return None


def _plain_class(info: ModuleInfo, func: cst.BaseExpression) -> cst.ClassDef | None:
    """The class statement `func` names (`Blender`, `F.AbsSquareFunctor`: its first name
    bound once in the module) of this module or another module of the tree, bound once
    there, when it has no bases, keywords or decorators; else None."""
    spelled = dotted(func)
    if spelled is None or sum(spelled.partition(".")[0] in store_names(s)
                              for s in info.module.body) != 1:
        return None
    found = base_class(info, func)
    if found is None:
        return None
    name, home = found
    cls = home.classes.get(name)
    if not isinstance(cls, cst.ClassDef) or sum(
            name in store_names(s) for s in home.module.body) != 1:
        return None  # bound once in its module
    if cls.bases or cls.keywords or cls.decorators:
        return None
    return cls


def _store_home(info: ModuleInfo, mro: list[cst.ClassDef], store: cst.Assign) -> ModuleInfo:
    """The module of the class of `mro` whose body (or `__init__`) holds `store`."""
    cls = next(c for c in mro if any(n is store for n in m.findall(c, m.Assign())))
    return info.owner_of(cls)


def _state(cls: cst.ClassDef) -> str:
    """Why `cls`'s instances may change after they are built, in words; "" when they
    cannot (see the module's docstring)."""
    for name in m.findall(cls, m.Name(m.MatchIfTrue(lambda n: n in _INTROSPECTION))):
        return f"reaches its instance through {cst.ensure_type(name, cst.Name).value}"
    for i, stmt in enumerate(cls.body.body):
        if isinstance(stmt, cst.FunctionDef):
            if stmt.decorators or not stmt.params.params:
                return f"defines {stmt.name.value}() decorated or without `self`"
            why = (_init_state(stmt) if stmt.name.value == "__init__"
                   else method_state(stmt))
            if why:
                return why
            continue
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(
            stmt.body) == 1 else None
        if i == 0 and m.matches(small, m.Expr(m.SimpleString() | m.ConcatenatedString())):
            continue
        if not (m.matches(small, m.Assign(targets=[m.AssignTarget(m.Name())]))
                and is_literal(small.value)):  # type: ignore[union-attr]
            return f"runs `{code_of(stmt).strip()}` in its class body (only literals are read)"
    return ""


def _init_state(init: cst.FunctionDef) -> str:
    p = init.params
    if p.star_arg is not cst.MaybeSentinel.DEFAULT or p.star_kwarg or any(
            q.default is not None and not is_literal(q.default)
            for q in (*p.params[1:], *p.kwonly_params)):
        return "takes other than parameters with literal defaults in its __init__"
    me = p.params[0].name.value
    names = {q.name.value for q in (*p.params[1:], *p.kwonly_params)}
    for i, stmt in enumerate(init.body.body):
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(
            stmt.body) == 1 else None
        if i == 0 and m.matches(small, m.Expr(m.SimpleString() | m.ConcatenatedString())):
            continue
        if m.matches(small, m.Assign(targets=[m.AssignTarget(m.Attribute(
                value=m.Name(me), attr=m.Name()))])):
            value = small.value  # type: ignore[union-attr]
            if is_literal(value) or m.matches(value, m.Name(m.MatchIfTrue(
                    lambda n: n in names))):
                continue
        return (f"runs `{code_of(stmt).strip()}` in its __init__ (only storing its "
                "parameters or literals is read)")
    return ""


def _escape(info: ModuleInfo, mro: list[cst.ClassDef], attr: str, store: cst.Assign,
            uses: set[int]) -> str:
    """A mention of `.attr` other than `store` and `uses`, in words ("" when none): in the
    classes of `mro`, anywhere outside the module's other classes, or through the name of a
    class of `mro` (`Kernel._blend`), a `setattr` naming it (or a computed name), or the bare
    name in a class of `mro` (`_other = _blend`). (Another class's `self._blend` is its own.)"""
    stored = {id(t.target) for t in store.targets}
    attrs = [*m.findall(info.module, m.Attribute(attr=m.Name(attr))),  # and a base's module
             *(n for c in mro if info.owner_of(c) is not info
               for n in m.findall(c, m.Attribute(attr=m.Name(attr))))]
    named = {id(cst.ensure_type(a, cst.Attribute).attr) for a in attrs}
    mine = {c.name.value for c in mro}
    inside = {id(n) for c in mro for n in m.findall(c, m.Attribute(attr=m.Name(attr)))}
    others = {id(n) for s in info.module.body if isinstance(s, cst.ClassDef)
              and s.name.value not in mine
              for n in m.findall(s, m.Attribute(attr=m.Name(attr)))} - inside
    for node in attrs:
        if id(node) in stored or id(node) in uses:
            continue
        spelled = cst.ensure_type(node, cst.Attribute).value
        if id(node) not in others or m.matches(spelled, m.Name(m.MatchIfTrue(
                lambda n: n in mine))):
            return code_of(node).strip()
    for call in m.findall(info.module, m.Call(func=m.Name("setattr"))):
        args = cst.ensure_type(call, cst.Call).args
        if len(args) >= 2 and literal_string(args[1].value) in (attr, None):
            return code_of(call).strip()
    # a class-body default another class of `mro` binds (`_functor = None` on a template
    # base) is shadowed by the store, the instance's or a class's before it in the MRO
    bound = {id(t.target) for c in mro for s in c.body.body
             if m.matches(s, m.SimpleStatementLine(body=[m.Assign()]))
             for t in cst.ensure_type(cst.ensure_type(s, cst.SimpleStatementLine).body[0],
                                      cst.Assign).targets}
    for node in (n for c in mro for n in m.findall(c, m.Name(attr))):
        if id(node) not in named | bound:
            return attr
    return ""
