"""index_add_grad (PHI index_add_grad): Index, AddValue (its dims), Out@GRAD -> X@GRAD (the
output gradient as is) and AddValue@GRAD (its slices at Index along `axis`); math in
phi.kernels.funcs.indexing."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType
from phi.kernels.funcs import indexing as index_funcs


class IndexAddGradOp(GradOp):
    LIKE = {"X@GRAD": "Out@GRAD"}


class IndexAddGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        index = ctx.input("Index")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        add_value_grad = ctx.output("AddValue@GRAD")
        axis = ctx.attr("axis")
        index_funcs.index_add_grad(
            ctx.xp, index.data, out_grad.data, axis,
            None if x_grad is None else x_grad.mutable_data(ctx.place, out_grad.dtype),
            None if add_value_grad is None else add_value_grad.mutable_data(ctx.place,
                                                                            out_grad.dtype))


register_operator("index_add_grad", IndexAddGradOp)
for _dtype in (DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64, DataType.INT32,
               DataType.INT64):
    register_op_kernel("index_add_grad", "CPU", IndexAddGradKernel, _dtype)
    register_op_kernel("index_add_grad", "GPU", IndexAddGradKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "axis 1", "attrs": {"axis": 1}, "inputs": {
    "Index": {"value": [3, 0, 3], "dtype": "int64"}, "AddValue": (3, 3), "Out@GRAD": (3, 4)}}]
