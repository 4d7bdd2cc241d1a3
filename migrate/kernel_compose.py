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

import libcst as cst
import libcst.matchers as m

from migrate.consistency import demote
from migrate.kernel_model import KernelFunction, Param, SkipError
from migrate.kernel_rewrite import KernelMigration
from migrate.names import NameWalker
from migrate.records import KernelRecord, Unit


def composed_class(call: cst.Call, ctx: str) -> str | None:
    """`C` when `call` is `C().compute(ctx)`; else None."""
    if not m.matches(call, m.Call(func=m.Attribute(value=m.Call(func=m.Name(), args=()),
                                                   attr=m.Name("compute")),
                                  args=[m.Arg(value=m.Name(ctx), keyword=None, star="")])):
        return None
    return call.func.value.func.value  # type: ignore[attr-defined]


def compose_calls(mk: KernelMigration, block: cst.IndentedBlock, ctx: str
                  ) -> cst.IndentedBlock:
    """`block` with each `C().compute(ctx)` of a kernel class migrated in this run (and
    composable, see the module doc) replaced by the call of C's function; the classes
    composed are added to `mk.composes`."""
    composable = mk.mctx.composable
    stored = {e.name for e in NameWalker().walk(block) if e.store}

    class Compose(cst.CSTTransformer):
        def leave_Call(self, original: cst.Call, updated: cst.Call  # noqa: N802
                       ) -> cst.BaseExpression:
            callee = composed_class(original, ctx)
            if callee is None or callee in stored or callee not in composable:
                return updated
            kf = composable[callee]
            _check_composable(mk, callee, kf)
            mk.composes.add(callee)
            reads = [cst.Arg(cst.parse_expression(f"{ctx}.device_context()"))]
            reads += [cst.Arg(cst.parse_expression(f"{ctx}.{_method(p)}({p.slot!r})"))
                      for p in kf.params]
            return cst.Call(cst.Name(kf.func_name), reads)

    out = block.visit(Compose())
    assert isinstance(out, cst.IndentedBlock)
    return out


def _method(p: Param) -> str:
    """The ctx method reading `p` as the composed kernel's compute read it."""
    if p.kind == "attr":
        return "attr"
    return f"multi_{p.kind}" if p.is_list else p.kind


def _check_composable(mk: KernelMigration, callee: str, kf: KernelFunction) -> None:
    def no(why: str) -> SkipError:
        return SkipError(f"composes {callee}().compute(ctx), whose new kernel {kf.func_name} "
                         f"{why}; passing ctx on stays legacy")

    if kf.backward is not None:
        raise no("is a gradient kernel (its arguments are backward.yaml's)")
    if kf.folds or any(p.feeders for p in kf.params):
        raise no("reads a tensor-valued attribute")
    for cls in kf.source_classes:
        node = mk.info.classes.get(cls)
        if node is not None and m.findall(node, m.Attribute(attr=m.Name("op_type"))):
            raise no(f"spells ctx.op_type as its own op '{kf.op_type}'")
    for p in kf.params:
        if p.optional:
            raise no(f"takes {p.kind} '{p.slot}' as optional")
        if p.hint == "DataType":
            raise no(f"takes attribute '{p.slot}' as a DataType")
        if p.kind == "attr":
            attr = mk.proto.attr(p.slot)
            if attr is None or attr.type != p.attr_type:
                raise no(f"reads attribute '{p.slot}', which op '{mk.op_type}' "
                         + ("does not declare" if attr is None else f"declares {attr.type}"))
            continue
        var = mk.proto.output(p.slot) if p.kind == "output" else mk.proto.input(p.slot)
        if var is None or var.duplicable != p.is_list:
            raise no(f"reads {p.kind} '{p.slot}', which op '{mk.op_type}' "
                     + ("does not declare" if var is None else "declares otherwise "
                        "(duplicable or not)"))


def check_folds(mk: KernelMigration) -> None:
    """A composed kernel reads its attributes raw: none of them may be folded here."""
    for callee in sorted(mk.composes):
        kf = mk.mctx.composable[callee]
        for p in kf.params:
            if p.kind == "attr" and p.slot in mk.folds:
                raise SkipError(f"composes {callee}().compute(ctx), which reads attribute "
                                f"'{p.slot}' raw, where this kernel folds a tensor into it")


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
