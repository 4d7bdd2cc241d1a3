"""Kernels composing kernels: `Other().compute(ctx)` inside compute().

A legacy kernel that runs another kernel of its module on its own context,
`AbsKernel().compute(ctx)`, makes the other kernel read the caller's slots and
attributes by the names it reads them. Where `Other` migrated in the same run, the call
becomes a call of Other's new kernel function with the reads it stands for, spelled as
the caller's own reads (`abs_kernel(ctx.device_context(), ctx.input("X"),
ctx.output("Out"))`), which the rewrite then turns into the caller's parameters like
any other read. It is the same program when Other's function takes exactly what Other's
compute read, as it read it: plain slots and attributes (no tensor-valued attribute fold,
no DataType conversion, no optional slot), the caller's op declaring each of them alike
(duplicable or not, the attribute's type), no `ctx.op_type` (which the function has
spelled as Other's op), not a gradient kernel. Anything else keeps the call, and the
kernel is skipped as passing `ctx` on.

`check_compositions` then leaves a composing kernel legacy when the kernel it calls does
not migrate after all (a check across the module, verify holding it back).
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst
import libcst.matchers as m

from migrate.class_members import Member, class_members
from migrate.consistency import demote
from migrate.cst_walk import find_all
from migrate.kernel_model import KernelFunction, SkipError
from migrate.kernel_rewrite import KernelMigration
from migrate.names import NameWalker
from migrate.records import Composable, KernelRecord, Unit
from migrate.static import ModuleInfo, info_for
from migrate.static_refs import ClassRef, UnresolvableError, code_of, dotted
from migrate.tree_bases import tree_mro
from migrate.tree_origins import Origin, class_statement
from migrate.write_only_counters import counter_store


def composed_class(call: cst.Call, ctx: str) -> str | None:
    """`C` when `call` is `C().compute(ctx)`; else None."""
    if not m.matches(call, m.Call(args=[m.Arg(value=m.Name(ctx), keyword=None, star="")])):
        return None
    return composed_callee(call)


def composed_callee(call: cst.Call) -> str | None:
    """`C` when `call` is `C().compute(...)` (any argument); else None."""
    if not m.matches(call, m.Call(func=m.Attribute(value=m.Call(func=m.Name(), args=()),
                                                   attr=m.Name("compute")))):
        return None
    return call.func.value.func.value  # type: ignore[attr-defined]


def stored_kernels(mro: list[cst.ClassDef], init: cst.FunctionDef, compute: cst.FunctionDef,
                   counters: set[str] | None = None, not_dropped: dict[str, str] | None = None,
                   helpers: set[str] = frozenset(),  # type: ignore[assignment]
                   static: Callable[[str, str], bool] | None = None,
                   statics: set[str] | None = None) -> dict[str, str]:
    """`{"_sum": "SumSqKernel"}` for an `__init__` (of a class of `mro`) that only calls
    the base's `__init__` (`_base_init`) and stores kernel instances
    (`self._sum = SumSqKernel()`) which
    `compute` only runs on its context (`self._sum.compute(ctx)`): each such call is the
    composition `SumSqKernel().compute(ctx)` (the kernels are stateless once migrated).
    `counters` are attributes of write-only counters (`write_only_counters`), whose store
    is passed over; `not_dropped` says why a literal stored is not such a counter (nor a
    context kept, `kept_contexts`), in words; `helpers` are attributes whose store is passed
    over too (helper objects, `helper_objects.held_helpers`; memos; contexts kept).
    A stored kernel may also be the receiver of calls of its class's staticmethods in any
    method (`self._ball.query(xp, ...)`, `static(class, method)` saying which are): the
    same call through the class, whatever instance holds it; those attributes are added
    to `statics`. SkipError naming the statement for anything else."""
    owner = next(c for c in mro if init in c.body.body)
    why = f"{owner.name.value} defines __init__ (instance state or behaviour beyond compute"
    me = _self_only(init)
    if me is None:
        raise SkipError(f"{why}: it takes arguments or is decorated)")
    if any(_defines(c, "__init__") and not trivial_init(mro, c) for c in mro if c is not owner):
        raise SkipError(f"{why}: another class of its MRO defines __init__ too)")
    stored: dict[str, str] = {}
    for i, stmt in enumerate(init.body.body):
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(
            stmt.body) == 1 else stmt
        if i == 0 and m.matches(small, m.Expr(m.SimpleString() | m.ConcatenatedString())):
            continue  # its docstring
        if base_init(small, mro, owner, me) or isinstance(small, cst.Pass):
            continue
        if m.matches(small, m.Assign(targets=[m.AssignTarget(m.Attribute(
                value=m.Name(me), attr=m.Name(m.MatchIfTrue(lambda a: a in helpers))))])):
            continue
        if m.matches(small, m.Assign(targets=[m.AssignTarget(m.Attribute(
                value=m.Name(me), attr=m.Name()))], value=m.Call(func=m.Name(), args=()))):
            attr = small.targets[0].target.attr.value  # type: ignore[attr-defined]
            if attr not in stored:
                stored[attr] = small.value.func.value  # type: ignore[attr-defined]
                continue
        if (attr := counter_store(small, me)) is not None and attr in (counters or ()):
            continue
        state = _instance_state(mro, owner, me, small)
        if state:
            why = (not_dropped or {}).get(_stored_attr(small, me))
            raise SkipError(f"{state}; {why}" if why else state)
        raise SkipError(f"{why}: `{code_of(small).strip()}`; only storing kernels it "
                        "composes, `self.k = OtherKernel()`, is read)")
    through = _static_receivers(mro, stored, static) if static is not None else {}
    for cls in mro:
        for node in m.findall(cls, m.Attribute(attr=m.Name(m.MatchIfTrue(
                lambda a: a in stored)))):
            if id(node) in through:
                if statics is not None:
                    statics.add(through[id(node)])
                continue
            if not _stored_use(init, compute, node):
                raise SkipError(f"{why}: self.{node.attr.value} = {stored[node.attr.value]}() "
                                f"is used beyond `self.{node.attr.value}.compute(ctx)` in "
                                f"compute(): `{code_of(_statement_of(cls, node)).strip()}`)")
    return stored


def _static_receivers(mro: list[cst.ClassDef], stored: dict[str, str],
                      static: Callable[[str, str], bool]) -> dict[int, str]:
    """id -> attribute of each `self.k` of a method of `mro` that only receives a call of
    a staticmethod of its stored class (`self.k.NAME(...)`, self the method's own)."""
    out: dict[int, str] = {}
    for cls in mro:
        for fn in cls.body.body:
            if not isinstance(fn, cst.FunctionDef) or not fn.params.params or fn.decorators:
                continue
            me = fn.params.params[0].name.value
            for call in m.findall(fn, m.Call(func=m.Attribute(value=m.Attribute(
                    value=m.Name(me), attr=m.Name(m.MatchIfTrue(lambda a: a in stored)))))):
                held = call.func.value  # type: ignore[attr-defined]
                if static(stored[held.attr.value], call.func.attr.value):  # type: ignore[attr-defined]
                    out[id(held)] = held.attr.value
    return out


def static_method_of(info: ModuleInfo) -> Callable[[str, str], bool]:
    """`static(C, NAME)`: whether NAME is a staticmethod along the MRO of class C as module
    `info` names it (its own class, or one imported from a module of the tree)."""

    def static(name: str, method: str) -> bool:
        home = info
        if name not in info.classes:
            origin = class_statement(info.path, name) if info.path is not None else None
            if not isinstance(origin, Origin) or origin.path is None:
                return False
            home = info_for(info, ClassRef(origin.qualified.rpartition(".")[2], origin.path))
            name = origin.qualified.rpartition(".")[2]
        try:
            member = class_members(tree_mro(home, name).classes).get(method)
        except (UnresolvableError, KeyError):
            return False
        return member is not None and member.function is not None and [
            dotted(d.decorator) for d in member.function.decorators] == ["staticmethod"]

    return static


def _stored_attr(small: cst.CSTNode, me: str) -> str:
    """`X` of an `__init__` statement `me.X = ...`; ""."""
    if m.matches(small, m.Assign(targets=[m.AssignTarget(m.Attribute(
            value=m.Name(me), attr=m.Name()))])):
        return small.targets[0].target.attr.value  # type: ignore[attr-defined]
    return ""


def base_init(small: cst.CSTNode, mro: list[cst.ClassDef], owner: cst.ClassDef,
               me: str) -> bool:
    """`small` calls the base's `__init__` with no argument: `super().__init__()`,
    `super(C, self).__init__()` (C `owner` or a class after it in `mro`) or
    `B.__init__(self)` (B spelled as one of `owner`'s bases, or a class after it in `mro`).
    No other class of the MRO defines `__init__` (checked before), so each reaches
    `object`'s: no state. (A class before `owner` would run `owner`'s `__init__` again.)"""
    if not m.matches(small, m.Expr(m.Call(func=m.Attribute(attr=m.Name("__init__"))))):
        return False
    call = small.value  # type: ignore[attr-defined]
    target = call.func.value
    after = mro[next(i for i, c in enumerate(mro) if c is owner):]
    classes = {c.name.value for c in after[1:]}
    if m.matches(target, m.Call(func=m.Name("super"))):
        spelled = [code_of(a.value).strip() if a.keyword is None and not a.star else ""
                   for a in target.args]
        return not call.args and (not spelled or (
            len(spelled) == 2 and spelled[0] in classes | {owner.name.value}
            and spelled[1] == me))
    bases = {code_of(b.value).strip() for b in owner.bases if b.keyword is None}
    return (len(call.args) == 1 and m.matches(call.args[0], m.Arg(value=m.Name(me),
                                                                  keyword=None, star=""))
            and code_of(target).strip() in bases | classes)


def _instance_state(mro: list[cst.ClassDef], owner: cst.ClassDef, me: str,
                    small: cst.CSTNode) -> str:
    """The reason for an `__init__` statement storing a value (no call's result) on the
    instance (`self._lut = None`), naming a method of the MRO storing it again (a cache
    filled on first use); "" for any other statement."""
    target = m.Attribute(value=m.Name(me), attr=m.Name())
    if not m.matches(small, m.Assign(targets=[m.AssignTarget(target)]) | m.AnnAssign(
            target=target)) or isinstance(small.value, cst.Call):  # type: ignore[attr-defined]
        return ""  # a stored call's result: a kernel instance, said as such
    node = small.targets[0].target if isinstance(small, cst.Assign) else small.target  # type: ignore[attr-defined]
    attr = node.attr.value
    again = [f"{fn.name.value}()" for cls in mro for fn in cls.body.body
             if isinstance(fn, cst.FunctionDef) and fn.name.value != "__init__"
             and fn.params.params and m.findall(fn, m.AssignTarget(m.Attribute(
                 value=m.Name(fn.params.params[0].name.value), attr=m.Name(attr))))]
    later = f", and {again[0]} sets it again (a cache filled on first use)" if again else ""
    return (f"{owner.name.value} keeps instance state: its __init__ sets "
            f"`{code_of(small).strip()}`{later}; a PHI kernel is a plain function, with no "
            "instance to keep it between runs (only an `__init__` storing the kernels it "
            "composes, `self.k = OtherKernel()`, is read)")


def _self_only(init: cst.FunctionDef) -> str | None:
    """The name of `init`'s self when it is a plain method taking only self; else None."""
    p = init.params
    if (init.decorators or init.asynchronous or len(p.params) != 1 or p.posonly_params
            or p.kwonly_params or p.star_kwarg or isinstance(p.star_arg, cst.Param)):
        return None
    return p.params[0].name.value


def trivial_init(mro: list[cst.ClassDef], cls: cst.ClassDef) -> bool:
    """Whether `cls`'s `__init__` (plain, taking only self) does nothing but call the base's
    with no argument (`base_init`), besides a docstring and `pass`: no state of its own."""
    init = next(s for s in cls.body.body
                if isinstance(s, cst.FunctionDef) and s.name.value == "__init__")
    me = _self_only(init)
    if me is None:
        return False
    for i, stmt in enumerate(init.body.body):
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(
            stmt.body) == 1 else stmt
        if not ((i == 0 and m.matches(small, m.Expr(m.SimpleString()
                                                    | m.ConcatenatedString())))
                or isinstance(small, cst.Pass) or base_init(small, mro, cls, me)):
            return False
    return True


def effective_init(mro: list[cst.ClassDef], init: Member | None) -> Member | None:
    """The `__init__` that keeps what instances hold: `init` (the MRO's first), or past
    trivial ones (`trivial_init`) the next class's; None when every one is trivial."""
    while init is not None and init.function is not None and trivial_init(mro, init.owner):
        at = next(i for i, c in enumerate(mro) if c is init.owner)
        later = next((c for c in mro[at + 1:] if _defines(c, "__init__")), None)
        init = None if later is None else Member(later, function=next(
            s for s in later.body.body
            if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"))
    return init


def _defines(cls: cst.ClassDef, name: str) -> bool:
    return any(isinstance(s, cst.FunctionDef) and s.name.value == name for s in cls.body.body)


def _stored_use(init: cst.FunctionDef, compute: cst.FunctionDef, node: cst.Attribute) -> bool:
    """`node` (`X.attr`) is the store in `__init__` or `self.attr.compute(ctx)` in compute."""
    me = init.params.params[0].name.value
    store = m.Assign(targets=[m.AssignTarget(m.Attribute(value=m.Name(me)))])
    if any(t.target is node for a in m.findall(init, store)
           for t in a.targets):  # type: ignore[union-attr]
        return True
    params = compute.params.params
    if len(params) != 2:
        return False
    self_name, ctx = params[0].name.value, params[1].name.value
    run = m.Call(func=m.Attribute(value=m.Attribute(value=m.Name(self_name)),
                                  attr=m.Name("compute")),
                 args=[m.Arg(value=m.Name(ctx), keyword=None, star="")])
    return m.matches(node, m.Attribute(value=m.Name(self_name))) and any(
        c.func.value is node for c in m.findall(compute, run))  # type: ignore[attr-defined]


def _statement_of(cls: cst.ClassDef, node: cst.CSTNode) -> cst.CSTNode:
    """The innermost simple statement (or compound statement's header expression) of
    `cls` holding `node`."""
    best: cst.CSTNode = node
    for stmt in m.findall(cls, m.SimpleStatementLine()):
        if m.findall(stmt, m.MatchIfTrue(lambda n: n is node)):
            best = stmt
    return best


def composing_stored(block: cst.IndentedBlock, stored: dict[str, str], self_name: str
                     ) -> cst.IndentedBlock:
    """`block` with each `self.k.compute(ctx)` of a stored kernel as `K().compute(ctx)`, and
    each other `self.k.NAME` (a staticmethod: `stored_kernels`) as `K.NAME`."""
    held = m.Attribute(value=m.Name(self_name), attr=m.Name(m.MatchIfTrue(
        lambda a: a in stored)))

    class Inline(cst.CSTTransformer):
        def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute  # noqa: N802
                            ) -> cst.BaseExpression:
            if m.matches(original, m.Attribute(value=held)) and original.attr.value != \
                    "compute":  # through the class, as the staticmethod is the same there
                kept = cst.ensure_type(original.value, cst.Attribute).attr.value
                return updated.with_changes(value=cst.Name(stored[kept]))
            if m.matches(original, held):
                return cst.Call(cst.Name(stored[original.attr.value]))
            return updated

    out = block.visit(Inline())
    assert isinstance(out, cst.IndentedBlock)
    return out
def untraced(info: ModuleInfo, callee: str) -> str:
    """Why the kernel class `callee` this module imports (and composes) cannot be followed
    through the tree's re-exports to its class statement (`tree_origins.class_statement`),
    in words; "" when it can, or it is not imported by name."""
    if callee in info.classes or info.path is None or callee not in info.imports.from_modules:
        return ""
    found = class_statement(info.path, callee)
    return f"composes {callee}, {found}" if isinstance(found, str) else ""


def composable(info: ModuleInfo, kf: KernelFunction) -> Composable:
    """`kf` as a kernel composing its class sees it, with why it cannot be composed (its
    function takes more than the plain reads its compute made, or spells its own op)."""
    why = ""
    if kf.backward is not None:
        why = "is a gradient kernel (its arguments are backward.yaml's)"
    elif kf.folds or any(p.feeders for p in kf.params):
        why = "reads a tensor-valued attribute"
    for p in kf.params:
        if why:
            break
        if p.optional:
            why = f"takes {p.kind} '{p.slot}' as optional"
        elif p.hint == "DataType":
            why = f"takes attribute '{p.slot}' as a DataType"
    for cls in kf.source_classes:
        node = info.classes.get(cls)
        if not why and (kf.spells_op or (node is not None and find_all(node, m.Attribute(
                attr=m.Name("op_type"))))):
            why = f"spells ctx.op_type as its own op '{kf.op_type}'"
    reads = tuple((p.kind, p.slot, p.is_list, p.attr_type) for p in kf.params)
    return Composable(kf.func_name, kf.op_type, reads, why)


def compose_calls(mk: KernelMigration, block: cst.IndentedBlock, ctx: str
                  ) -> cst.IndentedBlock:
    """`block` with each `C().compute(ctx)` of a kernel class migrated in this run (and
    composable, see the module doc) replaced by the call of C's function; the classes of
    this module composed are added to `mk.composes`, the functions of other modules to
    `mk.function_imports`."""
    own, foreign = mk.mctx.composable, mk.mctx.foreign
    stored = {e.name for e in NameWalker().walk(block) if e.store}

    class Compose(cst.CSTTransformer):
        def leave_Call(self, original: cst.Call, updated: cst.Call  # noqa: N802
                       ) -> cst.BaseExpression:
            callee = composed_class(original, ctx)
            if callee is None or callee in stored or (callee not in own
                                                      and callee not in foreign):
                return updated
            kernel = own[callee] if callee in own else foreign[callee].kernel
            _check_composable(mk, callee, kernel)
            mk.composed[callee] = kernel
            if callee in own:
                mk.composes.add(callee)
            else:
                if kernel.function in mk.info.module_names():
                    raise _refusal(callee, kernel, f"is named like '{kernel.function}', "
                                                   "which this module binds")
                mk.function_imports.add((foreign[callee].module, kernel.function))
            args = [cst.Arg(cst.parse_expression(f"{ctx}.device_context()"))]
            args += [cst.Arg(cst.parse_expression(f"{ctx}.{_method(kind, is_list)}({slot!r})"))
                     for kind, slot, is_list, _ in kernel.reads]
            return cst.Call(cst.Name(kernel.function), args)

    out = block.visit(Compose())
    assert isinstance(out, cst.IndentedBlock)
    return out


def _method(kind: str, is_list: bool) -> str:
    """The ctx method reading a slot or attribute as the composed kernel's compute did."""
    if kind == "attr":
        return "attr"
    return f"multi_{kind}" if is_list else kind


def _refusal(callee: str, kernel: Composable, why: str) -> SkipError:
    return SkipError(f"composes {callee}().compute(ctx), whose new kernel {kernel.function} "
                     f"{why}; passing ctx on stays legacy")


def _check_composable(mk: KernelMigration, callee: str, kernel: Composable) -> None:
    if kernel.why_not:
        raise _refusal(callee, kernel, kernel.why_not)
    for kind, slot, is_list, attr_type in kernel.reads:
        if kind == "attr":
            attr = mk.proto.attr(slot)
            if attr is None or attr.type != attr_type:
                raise _refusal(callee, kernel, f"reads attribute '{slot}', which op "
                               f"'{mk.op_type}' " + ("does not declare" if attr is None
                                                     else f"declares {attr.type}"))
            continue
        var = mk.proto.output(slot) if kind == "output" else mk.proto.input(slot)
        if var is None or var.duplicable != is_list:
            raise _refusal(callee, kernel, f"reads {kind} '{slot}', which op '{mk.op_type}' "
                           + ("does not declare" if var is None else "declares otherwise "
                              "(duplicable or not)"))


def check_folds(mk: KernelMigration) -> None:
    """A composed kernel reads its attributes raw: none of them may be folded here."""
    for kernel in mk.composed.values():
        for kind, slot, _, _ in kernel.reads:
            if kind == "attr" and slot in mk.folds:
                raise SkipError(f"composes {kernel.function}, which reads attribute "
                                f"'{slot}' raw, where this kernel folds a tensor into it")


def check_compositions(migrated: dict[Unit, KernelFunction],
                       records: dict[Unit, KernelRecord]) -> None:
    """Leave legacy every kernel composing a class whose kernel is not migrated (in
    turn: one left legacy may leave its own callers legacy)."""
    while True:
        live = {u[0] for u in migrated}
        stale = [(u, c) for u, kf in migrated.items() for c in sorted(kf.composes)
                 if c not in live]
        if not stale:
            return
        for unit, callee in stale:
            demote(unit, f"composes {callee}().compute(ctx), whose kernel stays legacy "
                         f"({records[next(u for u in records if u[0] == callee)].reason})",
                   migrated, records)
