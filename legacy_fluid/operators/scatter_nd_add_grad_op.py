"""scatter_nd_add_grad (PHI scatter_nd_add_grad): Index, Updates (its dims), Out@GRAD ->
X@GRAD (the output gradient as is) and Updates@GRAD (the output gradient gathered at Index);
math in phi.kernels.funcs.manipulation."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType
from phi.kernels.funcs import manipulation as manip_funcs


class ScatterNdAddGradOp(GradOp):
    LIKE = {"X@GRAD": "Out@GRAD"}


class ScatterNdAddGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        index = ctx.input("Index")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        updates_grad = ctx.output("Updates@GRAD")
        manip_funcs.scatter_nd_add_grad(
            ctx.xp, index.data, out_grad.data,
            None if x_grad is None else x_grad.mutable_data(ctx.place, out_grad.dtype),
            None if updates_grad is None else updates_grad.mutable_data(ctx.place,
                                                                        out_grad.dtype))


register_operator("scatter_nd_add_grad", ScatterNdAddGradOp)
for _dtype in (DataType.UINT8, DataType.INT32, DataType.INT64, DataType.FLOAT32,
               DataType.FLOAT64):
    register_op_kernel("scatter_nd_add_grad", "CPU", ScatterNdAddGradKernel, _dtype)
    register_op_kernel("scatter_nd_add_grad", "GPU", ScatterNdAddGradKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "pairs", "inputs": {
    "Index": {"value": [[1, 2], [0, -1]], "dtype": "int64"}, "Updates": (2,),
    "Out@GRAD": (3, 4)}}]
