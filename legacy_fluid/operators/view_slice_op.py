"""view_slice: input's rows [begin_idx, end_idx) of its first axis (Paddle's is a view of
the input's memory; fluidphi's tensors own their data, so a copy); math in
phi.kernels.funcs.manipulation."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.kernels.funcs import manipulation as manip_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES


class ViewSliceKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        input = ctx.input("input")
        out = ctx.output("out")
        begin_idx = ctx.attr("begin_idx")
        end_idx = ctx.attr("end_idx")
        data = out.mutable_data(ctx.place, input.dtype)
        manip_funcs.view_slice(ctx.xp, input.data, begin_idx, end_idx, data)


register_operator("view_slice", OperatorWithKernel)
for _dtype in manip_funcs.VIEW_TYPES:
    register_op_kernel("view_slice", "CPU", ViewSliceKernel, _dtype)
    register_op_kernel("view_slice", "GPU", ViewSliceKernel, _dtype)
for _dtype in FLOAT8_TYPES:
    register_op_kernel("view_slice", "CPU", ViewSliceKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "rows 1..3", "attrs": {"begin_idx": 1, "end_idx": 3},
                 "inputs": {"input": (3, 4)}}]
