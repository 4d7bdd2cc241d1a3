"""lod_reset: X's data with a new LoD.

Out = X (data and dims) with the LoD of Y when Y carries one; else one level taken from Y's
values (an int tensor of offsets, read on the host) or the target_lod attribute, which
replaces X's LoD or (append) is added below it. The offsets must start at 0, never
decrease and end at X's rows. Math: phi.kernels.funcs.sequence.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import sequence as seq_funcs


class LodResetOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class LodResetKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        target_lod = ctx.attr("target_lod")
        append = ctx.attr("append")
        lod = seq_funcs.reset_lod("lod_reset", x.dims[0] if x.dims else 1, x.lod,
                                  None if y is None else y.lod,
                                  None if y is None or y.lod else y.data, target_lod, append)
        out.mutable_data(ctx.place, x.dtype)[...] = x.data
        out.lod = lod


VERIFY_CASES = [
    {"name": "target_lod", "attrs": {"target_lod": [0, 1, 3]}, "inputs": {"X": (3, 4)},
     "outputs": {"Out": 1}},
    {"name": "Y's values", "inputs": {"X": (3, 4), "Y": {"value": [0, 2, 3], "dtype": "int32"}},
     "outputs": {"Out": 1}},
    {"name": "Y's LoD", "inputs": {"X": (3, 4), "Y": {"shape": (3, 1), "lod": [[0, 2, 3]]}},
     "outputs": {"Out": 1}},
]

register_operator("lod_reset", LodResetOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("lod_reset", _backend, LodResetKernel, _dtype)
