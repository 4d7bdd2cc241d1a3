"""broadcast_tensors: each X broadcast to the inputs' common dims (NumPy's rules); math in
phi.kernels.funcs.manipulation."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import manipulation as manip_funcs


class BroadcastTensorsKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.multi_input("X")
        out = ctx.multi_output("Out")
        datas = [None if o is None else o.mutable_data(ctx.place, t.dtype)
                 for t, o in zip(x, out)]
        manip_funcs.broadcast_tensors(ctx.xp, [t.data for t in x], datas)


register_operator("broadcast_tensors", OperatorWithKernel)
for _dtype in (DataType.BOOL, DataType.INT32, DataType.INT64, DataType.FLOAT16,
               DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128):
    register_op_kernel("broadcast_tensors", "CPU", BroadcastTensorsKernel, _dtype)
    register_op_kernel("broadcast_tensors", "GPU", BroadcastTensorsKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "row and column", "inputs": {"X": [(3, 1), (1, 4)]},
                 "outputs": {"Out": 2}}]
