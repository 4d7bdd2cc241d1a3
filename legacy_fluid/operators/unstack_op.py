"""unstack: X cut along `axis` into its `num` (= X.dims[axis]) slices Y[i], the axis dropped;
math in phi.kernels.funcs.manipulation."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import manipulation as manip_funcs


class UnstackKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.multi_output("Y")
        axis = ctx.attr("axis")
        num = ctx.attr("num")
        datas = [None if o is None else o.mutable_data(ctx.place, x.dtype) for o in y]
        manip_funcs.unstack(ctx.xp, x.data, axis, num, datas)


register_operator("unstack", OperatorWithKernel)
for _dtype in (DataType.INT32, DataType.INT64, DataType.FLOAT32, DataType.FLOAT64,
               DataType.COMPLEX64, DataType.COMPLEX128):
    register_op_kernel("unstack", "CPU", UnstackKernel, _dtype)
    register_op_kernel("unstack", "GPU", UnstackKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "axis 1", "attrs": {"axis": 1, "num": 4}, "inputs": {"X": (3, 4)},
                 "outputs": {"Y": 4}}]
