"""set: out = the strided view of source's elements with `dims`, `stride` (elements) and
`offset` (bytes), in x's place (Paddle's shares source's memory; fluidphi's tensors own
their data, so a copy); math in phi.kernels.funcs.manipulation."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.kernels.funcs import manipulation as manip_funcs


class SetOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class SetKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x, source, out = ctx.input("x"), ctx.input("source"), ctx.output("out")
        dims, stride = ctx.attr("dims"), ctx.attr("stride")
        out.resize(manip_funcs.set_dims("set", dims, stride))
        manip_funcs.strided_view(ctx.xp, "set", x.data, source.data, dims, stride,
                                 ctx.attr("offset"), out.mutable_data(ctx.place, x.dtype))


register_operator("set", SetOp)
for _dtype in manip_funcs.VIEW_TYPES:
    register_op_kernel("set", "CPU", SetKernel, _dtype)
    register_op_kernel("set", "GPU", SetKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "transposed 2x3 view", "attrs": {"dims": [3, 2], "stride": [1, 3]},
                 "inputs": {"x": (2, 3), "source": (2, 3)}}]
