"""multiplex: Out[i] = X[Ids[i, 0]][i], row i from the candidate Ids names (Ids int32 [N, 1],
N at most the candidates' rows); math in phi.kernels.funcs.manipulation."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import manipulation as manip_funcs


class MultiplexKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.multi_input("X")
        ids = ctx.input("Ids")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x[0].dtype)
        manip_funcs.multiplex(ctx.xp, [t.data for t in x], ids.data, data)


register_operator("multiplex", OperatorWithKernel)
for _dtype in (DataType.INT32, DataType.INT64, DataType.FLOAT32, DataType.FLOAT64,
               DataType.COMPLEX64, DataType.COMPLEX128):
    register_op_kernel("multiplex", "CPU", MultiplexKernel, _dtype)
    register_op_kernel("multiplex", "GPU", MultiplexKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "three candidates", "inputs": {
    "X": [(3, 4), (3, 4), (3, 4)], "Ids": {"value": [[2], [0], [2]], "dtype": "int32"}}}]
