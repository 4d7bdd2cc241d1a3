"""A grad op with no backward_op entry in phi/backward.yaml, whose forward op this module
migrates too: its entry generated from the grad op's proto and the forward's generated
ops.yaml entry, named as Paddle names backward arguments (forward slot `X` -> the
forward's `x`, `Out@GRAD` -> `out_grad`, output `X@GRAD` -> `x_grad`; attributes under the
forward's names), written to `backward.yaml` next to the module as `ops.yaml` is. What
cannot be named so is refused, naming it; the entry then meets `grads.plan_grad` like one
of phi/backward.yaml. It declares no InferMeta: the grad op's registered operator keeps
inferring its outputs' meta (the framework's `GradOp`: each `S@GRAD` like `S`)."""

from __future__ import annotations

from dataclasses import replace

from migrate.emit import yaml_entry
from migrate.kernel_model import KernelFunction, SkipError
from migrate.records import ForwardKernel
from migrate.static import ModuleInfo
from migrate.static_facts import StaticProto
from phi.op_defs import ArgDef, ArgType, ForwardDef, KernelDef, OpDef, OutputDef

GRAD_SUFFIX = "@GRAD"
#: `OpDef.file` of a generated entry: the runner writes it to this file next to the module
GENERATED_FILE = "backward.yaml"


#: the refusal while the forward kernel has not migrated (yet: the codemod retries then)
NO_FORWARD = "no forward kernel migrated in this module to generate one from"


def is_generated(op_def: OpDef) -> bool:
    return op_def.is_backward and op_def.file == GENERATED_FILE


def forward_kernel(info: ModuleInfo, kf: KernelFunction, module: str) -> ForwardKernel:
    """Migrated forward kernel `kf` of `info`'s module (shown as `module`), as grad kernels
    of other modules of the run follow it."""
    proto = info.protos.get(kf.op_type)
    return ForwardKernel(kf.op_type, kf.phi_name, tuple(kf.params),
                         proto if isinstance(proto, StaticProto) else None, module)


def generated_entry(op_type: str, phi_name: str, proto: StaticProto,
                    forward: KernelFunction | ForwardKernel | None) -> OpDef:
    """The backward_op entry of grad op `op_type` (PHI kernel `phi_name`); SkipError naming
    what keeps it from being generated."""
    why = f"a gradient kernel with no backward_op '{phi_name}' in phi/backward.yaml to follow"
    if forward is None:
        raise SkipError(f"{why}, and {NO_FORWARD} (add the entry, then re-run)")
    # named after the forward's PHI name, or after its legacy op type where a base kernel
    # name renames the forward (`ym_scale_grad` of `ym_scale` running PHI `scale`)
    if phi_name not in (f"{forward.phi_name}_grad", f"{forward.op_type}_grad"):
        raise SkipError(f"{why}: its name is not the forward's '{forward.phi_name}' + "
                        "'_grad', so none is generated (add the entry, then re-run)")
    fwd = yaml_entry(forward.phi_name, forward.params)
    tensors = {p.slot: p.name for p in forward.params if p.kind in ("input", "output")}
    outputs = {p.slot for p in forward.params if p.kind == "output"}
    attrs = {a.name: a for a in fwd.attrs}
    attr_of = {p.slot: p.name for p in forward.params if p.kind == "attr"}

    def refuse(what: str) -> SkipError:
        return SkipError(f"{why}, and none is generated: {what} (add the entry, then re-run)")

    args: list[ArgDef] = []
    for v in proto.inputs:
        if v.extra or v.quant:
            continue
        base = v.name[: -len(GRAD_SUFFIX)] if v.name.endswith(GRAD_SUFFIX) else v.name
        if base not in tensors or (base != v.name and base not in outputs):
            raise refuse(f"its input '{v.name}' is no {'output' if base != v.name else 'slot'} "
                         f"of forward op '{forward.op_type}' as migrated")
        name = tensors[base] + ("_grad" if base != v.name else "")
        args.append(ArgDef(name, ArgType.TENSORS if v.duplicable else ArgType.TENSOR,
                           optional=v.dispensable))
    for a in proto.attrs:
        if a.extra or a.quant:
            continue
        if a.name not in attr_of:
            raise refuse(f"its attribute '{a.name}' is no attribute of forward op "
                         f"'{forward.op_type}' as migrated")
        args.append(attrs[attr_of[a.name]])
    outs: list[OutputDef] = []
    for v in proto.outputs:
        base = v.name[: -len(GRAD_SUFFIX)]
        if not v.name.endswith(GRAD_SUFFIX) or base not in tensors or base in outputs:
            raise refuse(f"its output '{v.name}' is no gradient of an input of forward op "
                         f"'{forward.op_type}'")
        outs.append(OutputDef(tensors[base] + "_grad", v.duplicable, v.dispensable))
    entry = OpDef(phi_name, tuple(args), tuple(outs), KernelDef((phi_name,)),
                  forward=ForwardDef(fwd.name, fwd.args, fwd.outputs))
    return replace(entry, file=GENERATED_FILE)
