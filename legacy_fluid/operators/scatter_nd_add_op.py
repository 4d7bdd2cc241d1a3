"""scatter_nd_add: X with Updates[i...] added at X[Index[i..., :]] (Index's last dim indexes
X's leading axes; repeated ids add up, negatives count from the end); math in
phi.kernels.funcs.manipulation."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import manipulation as manip_funcs


class ScatterNdAddKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        index = ctx.input("Index")
        updates = ctx.input("Updates")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        manip_funcs.scatter_nd_add(ctx.xp, x.data, index.data, updates.data, data)


register_operator("scatter_nd_add", OperatorWithKernel)
for _dtype in (DataType.UINT8, DataType.INT32, DataType.INT64, DataType.FLOAT32,
               DataType.FLOAT64):
    register_op_kernel("scatter_nd_add", "CPU", ScatterNdAddKernel, _dtype)
    register_op_kernel("scatter_nd_add", "GPU", ScatterNdAddKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "pairs", "inputs": {
    "X": (3, 4), "Index": {"value": [[1, 2], [1, 2], [0, -1]], "dtype": "int64"},
    "Updates": (3,)}}]
