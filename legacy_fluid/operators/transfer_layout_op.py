"""transfer_layout: X transposed from its own layout to dst_layout (NCHW <-> NHWC; a copy
where X is in dst_layout already); src_layout only matters to oneDNN (refused). Math in
phi.kernels.funcs.manipulation."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataLayout
from phi.kernels.funcs import manipulation as manip_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES


class TransferLayoutOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class TransferLayoutKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x, out = ctx.input("X"), ctx.output("Out")
        src_layout, dst_layout = ctx.attr("src_layout"), ctx.attr("dst_layout")
        axes = manip_funcs.transfer_layout_axes("transfer_layout", x.layout, src_layout,
                                                dst_layout, len(x.dims))
        out.resize(tuple(x.dims) if axes is None else tuple(x.dims[a] for a in axes))
        out.layout = DataLayout(dst_layout)
        manip_funcs.transfer_layout(ctx.xp, axes, x.data, out.mutable_data(ctx.place, x.dtype))


register_operator("transfer_layout", TransferLayoutOp)
for _dtype in manip_funcs.VIEW_TYPES:
    register_op_kernel("transfer_layout", "CPU", TransferLayoutKernel, _dtype)
    register_op_kernel("transfer_layout", "GPU", TransferLayoutKernel, _dtype)
for _dtype in FLOAT8_TYPES:
    register_op_kernel("transfer_layout", "CPU", TransferLayoutKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "NCHW to NHWC", "attrs": {"src_layout": 2, "dst_layout": 1},
                 "inputs": {"X": (2, 3, 4, 5)}}]
