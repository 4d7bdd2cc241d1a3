"""Grad kernels: a legacy grad op's kernel becomes the PHI kernel of its `backward_op` entry.

The entry of phi/backward.yaml is the contract: the generated kernel takes its arguments
and outputs in the entry's order and under its names, whatever the legacy kernel reads.
Legacy slots are named after the forward's (`Out@GRAD` is the gradient of forward output
`Out`, PHI's `out_grad`); a forward slot whose PHI name differs (`Logits` -> `input`) is
matched through the forward op's own proto in the module, by name first and then by
position among the unmatched, as the default argument mapping binds them.

What cannot be shown equivalent is a `SkipError` naming why: a slot or attribute the
entry does not declare, an argument of the entry no legacy slot feeds, an optional input
or output the two sides disagree on, a double or triple grad. An entry's in-place pair
(`out_grad -> x_grad`: the kernel may be handed one buffer for both, which the legacy
kernel never was) is proven by `--verify`, which also runs the kernel aliased.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.cst_walk import find_all
from migrate.emit import YAML_TYPES
from migrate.kernel_model import Fold, Param, SkipError
from migrate.names import NameWalker, snake, store_names
from migrate.static_facts import AttrSlot, StaticProto, VarSlot
from phi.op_defs import ArgDef, ArgType, OpDef

GRAD_SUFFIX = "@GRAD"
#: Paddle's names for gradient ops (x_grad, x_grad_grad, x_double_grad, x_triple_grad).
GRAD_OP = re.compile(r"_(grad|double_grad|triple_grad)$")
_HIGHER = re.compile(r"_(grad_grad|double_grad|triple_grad)$")

#: backward.yaml attribute type -> the kernel parameter's annotation.
ARG_HINTS = {
    ArgType.BOOL: "bool", ArgType.INT: "int", ArgType.INT64: "int", ArgType.FLOAT: "float",
    ArgType.DOUBLE: "float", ArgType.STR: "str", ArgType.BOOLS: "list[bool]",
    ArgType.INTS: "list[int]", ArgType.INT64S: "list[int]", ArgType.FLOATS: "list[float]",
    ArgType.DOUBLES: "list[float]", ArgType.STRS: "list[str]", ArgType.SCALAR: "Scalar",
    ArgType.SCALARS: "list[Scalar]", ArgType.INT_ARRAY: "IntArray",
    ArgType.DATA_TYPE: "DataType",
}
#: legacy attribute types a backward.yaml IntArray / Scalar argument can come from, and the
#: conversion the body then reads it through (`axis.get_data()`, `scale.to(float)`).
_TYPED = {("INT_ARRAY", "INTS"): None, ("INT_ARRAY", "LONGS"): None,
          ("SCALAR", "FLOAT"): "float", ("SCALAR", "FLOAT64"): "float",
          ("SCALAR", "INT"): "int", ("SCALAR", "LONG"): "int"}


#: What a grad kernel's skip reason says -> the cause the migration report counts it under.
SKIP_CAUSES = (
    ("is in-place", "in-place backward_op (aliasing not proven)"),
    ("no backward_op", "no backward_op entry in backward.yaml"),
    ("does not declare", "reads a slot or attribute backward.yaml does not declare"),
    ("which no slot or attribute", "a backward.yaml argument no legacy slot feeds"),
    ("optional", "optional input/output: legacy kernel and backward.yaml disagree"),
    ("higher-order", "higher-order grad"),
    ("does not fit", "attribute type does not fit backward.yaml"),
)


def skip_cause(reason: str) -> str:
    """The named cause of a grad kernel's skip (the reason's first clause if none fits)."""
    return next((cause for phrase, cause in SKIP_CAUSES if phrase in reason),
                reason.split(":", maxsplit=1)[0].split(";", maxsplit=1)[0])


@dataclass
class GradPlan:
    """How one legacy grad op meets its backward_op entry."""

    op_def: OpDef
    #: (input | attr | output, legacy slot or attribute) -> the entry's argument name
    names: dict[tuple[str, str], str] = field(default_factory=dict)
    #: legacy attribute -> the fold that reads it as the entry's IntArray / Scalar
    typed: dict[str, Fold] = field(default_factory=dict)


def is_grad_op(op_type: str) -> bool:
    return GRAD_OP.search(op_type) is not None


def forward_type(op_type: str) -> str:
    return GRAD_OP.sub("", op_type)


def backward_entry(op_type: str, phi_name: str, backs: dict[str, OpDef]) -> OpDef:
    """The backward_op entry serving grad op `op_type` (PHI kernel `phi_name`)."""
    if _HIGHER.search(op_type):
        raise SkipError("a higher-order gradient kernel: the codemod migrates first-order "
                        "grads only")
    entry = backs.get(phi_name) or next(
        (b for b in backs.values() if phi_name in b.kernel.func), None)
    if entry is None:
        raise SkipError(f"a gradient kernel with no backward_op '{phi_name}' in "
                        "phi/backward.yaml to follow (add the entry, then re-run)")
    return entry


def registered_forward(op_type: str) -> StaticProto | None:
    """The proto of forward op `op_type` as fluidphi registers it (a grad module whose
    forward op lives elsewhere: fluidphi's own, or a Paddle op fluidphi knows)."""
    from legacy_fluid.framework.op_registry import OP_INFOS

    try:
        if not OP_INFOS.has(op_type):
            return None
        proto = OP_INFOS.info(op_type).proto
    except (ImportError, LookupError, ValueError):  # cannot load here: match by name only
        return None
    return StaticProto(
        op_type, "",
        [VarSlot(v.name, v.duplicable, v.dispensable, v.extra, v.quant) for v in proto.inputs],
        [VarSlot(v.name, v.duplicable, v.dispensable, v.extra, v.quant) for v in proto.outputs],
        [AttrSlot(a.name, a.type.name, a.default, a.extra, a.quant) for a in proto.attrs])


def _key(name: str) -> str:
    return snake(name).replace("_", "")


def _match(legacy: list[str], phi: list[str], compatible: dict[tuple[str, str], bool]
           | None = None) -> dict[str, str]:
    """Legacy names -> PHI names: the same name (snake case, `_` ignored) first, then the
    unmatched by position while their types agree, as the default mapping binds them."""
    out: dict[str, str] = {}
    by_key = {_key(p): p for p in phi}
    for name in legacy:
        hit = by_key.get(_key(name))
        if hit is not None and hit not in out.values():
            out[name] = hit
    rest_l = [n for n in legacy if n not in out]
    rest_p = [p for p in phi if p not in out.values()]
    for a, b in zip(rest_l, rest_p):
        if compatible is not None and not compatible.get((a, b), False):
            break
        out[a] = b
    return out


def _attr_fits(legacy_type: str, arg: ArgDef) -> bool:
    if (arg.type.name, legacy_type) in _TYPED:
        return True
    return YAML_TYPES.get(legacy_type) == arg.type.value or (
        arg.type is ArgType.INT and legacy_type == "LONG") or (
        arg.type is ArgType.INT64 and legacy_type == "INT")


def _forward_maps(forward: StaticProto | None, entry: OpDef
                  ) -> tuple[dict[str, str], dict[str, str]]:
    """(legacy forward slot -> PHI forward name, legacy forward attr -> PHI forward attr)."""
    if forward is None or entry.forward is None:
        return {}, {}
    fwd = entry.forward
    tensors = _match([v.name for v in forward.inputs if not v.extra],
                     [a.name for a in fwd.args if a.type.is_tensor])
    tensors.update(_match([v.name for v in forward.outputs if not v.extra],
                          [o.name for o in fwd.outputs]))
    legacy_attrs = [a for a in forward.attrs if not (a.extra or a.quant)]
    phi_attrs = [a for a in fwd.args if not a.type.is_tensor]
    fits = {(a.name, p.name): _attr_fits(a.type, p) for a in legacy_attrs for p in phi_attrs}
    return tensors, _match([a.name for a in legacy_attrs], [p.name for p in phi_attrs], fits)


def plan_grad(op_type: str, proto: StaticProto, entry: OpDef,
              forward: StaticProto | None) -> GradPlan:
    """Name every legacy slot and attribute after the entry's arguments, or skip."""
    fwd_tensors, fwd_attrs = _forward_maps(forward, entry)
    plan = GradPlan(entry)

    def tensor_name(slot: str) -> str:
        base = slot[: -len(GRAD_SUFFIX)] if slot.endswith(GRAD_SUFFIX) else slot
        name = fwd_tensors.get(base) or snake(base)
        return name + "_grad" if slot.endswith(GRAD_SUFFIX) else name

    for kind, slots, declared in (
            ("input", proto.inputs, [a.name for a in entry.inputs]),
            ("output", proto.outputs, list(entry.output_names))):
        for v in slots:
            name = tensor_name(v.name)
            if name not in declared:  # `XShape` -> x_shape, Paddle's xshape
                name = next((d for d in declared if _key(d) == _key(name)), name)
            if name in declared and name not in plan.names.values():
                plan.names[(kind, v.name)] = name
    yaml_attrs = {a.name: a for a in entry.attrs}
    legacy_attrs = [a for a in proto.attrs if not (a.extra or a.quant)]
    names = {a.name: fwd_attrs[a.name] for a in legacy_attrs
             if fwd_attrs.get(a.name) in yaml_attrs}
    rest = [a for a in legacy_attrs if a.name not in names]
    fits = {(a.name, n): _attr_fits(a.type, y) for a in rest for n, y in yaml_attrs.items()}
    names.update(_match([a.name for a in rest],
                        [n for n in yaml_attrs if n not in names.values()], fits))
    for a in legacy_attrs:
        name = names.get(a.name)
        if name is None:
            continue
        if not _attr_fits(a.type, yaml_attrs[name]):
            raise SkipError(f"attribute '{a.name}' ({a.type}) feeds backward.yaml's "
                            f"{yaml_attrs[name].type} {name} of {entry.name}, which it does "
                            "not fit")
        plan.names[("attr", a.name)] = name
        typed = (yaml_attrs[name].type.name, a.type)
        if typed in _TYPED:
            kind = "IntArray" if typed[0] == "INT_ARRAY" else "Scalar"
            plan.typed[a.name] = Fold(a.name, None, _TYPED[typed], kind, [])
    fed = set(plan.names.values())
    for arg in (*entry.args, *entry.outputs):
        if arg.name not in fed:
            raise SkipError(f"backward.yaml's {entry.name} takes '{arg.name}', which no slot "
                            f"or attribute of grad op '{op_type}' feeds")
    return plan


def conform(plan: GradPlan, proto: StaticProto, params: list[Param], read: set[tuple[str, str]]
            ) -> list[Param]:
    """The kernel's parameters in the entry's order, unread arguments included; SkipError
    where the legacy kernel reads what the entry lacks (`check_optional` then compares
    what each side treats as optional)."""
    entry = plan.op_def
    for kind, slot in sorted(read):
        if (kind, slot) not in plan.names:
            what = {"input": "slot", "output": "output slot", "attr": "attribute"}[kind]
            raise SkipError(f"reads {what} '{slot}', which backward.yaml's {entry.name} does "
                            "not declare")
    by_name = {p.name: p for p in params}
    slot_of = {name: key for key, name in plan.names.items()}
    out: list[Param] = []
    for arg in entry.args:
        kind, slot = slot_of[arg.name]
        if arg.type.is_tensor:
            var = proto.input(slot)
            assert var is not None
            out.append(_tensor_param(entry, arg.name, kind, var, arg.type is ArgType.TENSORS,
                                     arg.optional))
            continue
        legacy = proto.attr(slot)
        assert legacy is not None
        fold = plan.typed.get(slot)
        have = by_name.get(arg.name)
        if have is not None:
            out.append(have)
        else:
            out.append(Param(arg.name, "attr", slot, fold.kind if fold else ARG_HINTS[arg.type],
                             attr_type=legacy.type, default=legacy.default))
    for o in entry.outputs:
        kind, slot = slot_of[o.name]
        var = proto.output(slot)
        assert var is not None
        out.append(_tensor_param(entry, o.name, kind, var, o.is_list, o.optional))
    return out


def _tensor_param(entry: OpDef, name: str, kind: str, var: VarSlot, is_list: bool,
                  optional: bool) -> Param:
    if is_list != var.duplicable:
        raise SkipError(f"'{var.name}' is {'a list' if var.duplicable else 'one tensor'} in "
                        f"the legacy proto but {'a list' if is_list else 'one tensor'} in "
                        f"backward.yaml's {entry.name}")
    if kind == "input":
        hint = "list[DenseTensor]" if is_list else (
            "DenseTensor | None" if optional else "DenseTensor")
    else:
        hint = "OutTensorList" if is_list else (
            "OptionalOutTensor" if optional else "OutTensor")
    return Param(name, kind, var.name, hint, optional, is_list)


def check_optional(entry: OpDef, params: list[Param], body: cst.CSTNode,
                   read: set[tuple[str, str]]) -> None:
    """An input or output the legacy kernel checks for None (itself or through a local bound
    to it once: `dx, dy = x_grad, y_grad`) must be optional in the entry, and one the entry
    makes optional must be checked: the PHI kernel is handed None exactly when the legacy
    kernel was (a gradient the program does not ask for)."""
    checked = none_checked_through_aliases(body)
    for p in params:
        if p.kind == "attr" or p.is_list or (p.kind, p.slot) not in read:
            continue
        if p.name in checked and not p.optional:
            raise SkipError(f"the legacy kernel treats {p.kind} '{p.slot}' as optional (checks "
                            f"it for None), backward.yaml's {entry.name} declares '{p.name}' "
                            "required")
        if p.optional and p.name not in checked:
            raise SkipError(f"backward.yaml's {entry.name} makes '{p.name}' optional, but the "
                            f"legacy kernel uses {p.kind} '{p.slot}' without checking it for "
                            "None")


def none_checked(block: cst.CSTNode) -> set[str]:
    """Names the body compares with None (`x is None`, `x is not None`), and the names a
    loop over them hands a checked loop variable."""
    names: set[str] = set()
    none = m.Name("None")
    for comp in find_all(block, m.Comparison()):
        assert isinstance(comp, cst.Comparison)
        if not any(isinstance(c.operator, (cst.Is, cst.IsNot)) for c in comp.comparisons):
            continue
        operands = [comp.left, *[c.comparator for c in comp.comparisons]]
        if any(m.matches(o, none) for o in operands):
            names.update(o.value for o in operands if isinstance(o, cst.Name))
    # `for t, fn in ((a, f), (b, g)): if t is None: ...` checks what the loop hands `t`
    for loop in find_all(block, m.For()):
        assert isinstance(loop, cst.For)
        if {n.value for n in m.findall(loop.target, m.Name())} & names:  # type: ignore[union-attr]
            names.update(n.value for n in m.findall(loop.iter, m.Name())  # type: ignore[union-attr]
                         if isinstance(n, cst.Name))
    return names


#: `if NAME is None: raise ...` alone: a guard refusing None, which handles nothing
_RAISE_GUARD = m.If(
    test=m.Comparison(left=m.Name(), comparisons=[m.ComparisonTarget(
        operator=m.Is(), comparator=m.Name("None"))]),
    body=m.OneOf(m.IndentedBlock(body=[m.SimpleStatementLine(body=[m.Raise()])]),
                 m.SimpleStatementSuite(body=[m.Raise()])),
    orelse=None)


class _DropRaiseGuards(cst.CSTTransformer):
    """The body without its raise guards; after a guard of a name the body never binds,
    the name's later None tests in the same statement list are decided (made `_decided`)."""

    def __init__(self, stored: set[str]) -> None:
        self.stored = stored

    def _guarded(self, body: Sequence[cst.BaseStatement]) -> list[cst.BaseStatement]:
        out: list[cst.BaseStatement] = []
        decided: set[str] = set()
        for stmt in body:
            if m.matches(stmt, _RAISE_GUARD):
                name = cst.ensure_type(cst.ensure_type(stmt, cst.If).test, cst.Comparison).left
                if cst.ensure_type(name, cst.Name).value not in self.stored:
                    decided.add(cst.ensure_type(name, cst.Name).value)
                continue
            out.append(cst.ensure_type(stmt.visit(_Decided(decided)), cst.BaseStatement)
                       if decided else stmt)
        return out

    def leave_IndentedBlock(self, original: cst.IndentedBlock,  # noqa: N802
                            updated: cst.IndentedBlock) -> cst.IndentedBlock:
        return updated.with_changes(body=self._guarded(updated.body))

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:  # noqa: N802
        return updated.with_changes(body=self._guarded(updated.body))


class _Decided(cst.CSTTransformer):
    """`x is None` / `x is not None` of the `names` as a plain name (no None test)."""

    def __init__(self, names: set[str]) -> None:
        self.names = names

    def leave_Comparison(self, original: cst.Comparison,  # noqa: N802
                         updated: cst.Comparison) -> cst.BaseExpression:
        test = m.Comparison(left=m.Name(), comparisons=[m.ComparisonTarget(
            operator=m.OneOf(m.Is(), m.IsNot()), comparator=m.Name("None"))])
        if m.matches(updated, test) and \
                cst.ensure_type(updated.left, cst.Name).value in self.names:
            return cst.Name("_decided")
        return updated


def none_handled(block: cst.CSTNode) -> set[str]:
    """`none_checked`'s names but those the body only guards (`if x is None: raise E`, the
    name's None tests after such a guard decided): the body computes something when they
    are None."""
    stored = store_names(block.visit(_DropIdentities()), outer_only=False)
    return none_checked(block.visit(_DropRaiseGuards(stored)))


class _DropIdentities(cst.CSTTransformer):
    """Without `x = x` / `x, y = x, y` (what reading slots into locals leaves): they bind
    no new value."""

    def leave_SimpleStatementLine(self, original: cst.SimpleStatementLine,  # noqa: N802
                                  updated: cst.SimpleStatementLine) -> Any:
        body = [s for s in updated.body if not (
            m.matches(s, m.Assign(targets=[m.AssignTarget(target=m.Name() | m.Tuple())],
                                  value=m.Name() | m.Tuple()))
            and cst.ensure_type(s, cst.Assign).targets[0].target.deep_equals(
                cst.ensure_type(s, cst.Assign).value))]
        return updated.with_changes(body=body) if body else cst.RemoveFromParent()


def none_checked_through_aliases(block: cst.CSTNode) -> set[str]:
    """`none_checked`'s names, and each name a checked local is bound to once (`d = diff`,
    `dx, dy = x_grad, y_grad`)."""
    checked = none_checked(block)
    for local, name in once_bound_aliases(block).items():
        if local in checked:
            checked.add(name)
    return checked


def once_bound_aliases(block: cst.CSTNode) -> dict[str, str]:
    """local -> name for `local = name` / `a, b = n1, n2` statements of the body, where the
    local is stored nowhere else."""
    pairs: list[tuple[str, str]] = []
    for assign in m.findall(block, m.Assign(targets=[m.AssignTarget()])):
        assert isinstance(assign, cst.Assign)
        target, value = assign.targets[0].target, assign.value
        if isinstance(target, cst.Name) and isinstance(value, cst.Name):
            pairs.append((target.value, value.value))
        elif isinstance(target, cst.Tuple) and isinstance(value, cst.Tuple) and \
                len(target.elements) == len(value.elements):
            pairs += [(t.value.value, v.value.value) for t, v in
                      zip(target.elements, value.elements)
                      if isinstance(t.value, cst.Name) and isinstance(v.value, cst.Name)]
    stores = [e.name for e in NameWalker().walk(block) if e.store]
    return {local: name for local, name in pairs if stores.count(local) == 1}


__all__ = ["GRAD_OP", "GRAD_SUFFIX", "GradPlan", "backward_entry", "check_optional", "conform",
           "forward_type", "is_grad_op", "none_checked", "none_checked_through_aliases",
           "none_handled", "plan_grad",
           "registered_forward", "skip_cause"]
