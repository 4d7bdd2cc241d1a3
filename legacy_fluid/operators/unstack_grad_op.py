"""unstack_grad (PHI unstack_grad): Y@GRAD (one gradient per slice) -> X@GRAD, the slices'
gradients stacked back along `axis` (stack's math, phi.kernels.funcs.concat_split)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType
from phi.kernels.funcs import concat_split as cs_funcs


class UnstackGradOp(GradOp):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("X@GRAD", cs_funcs.stack_dims(ctx.get_inputs_dim("Y@GRAD"),
                                                         ctx.attr("axis")))
        ctx.set_output_dtype("X@GRAD", ctx.get_input_dtype("Y@GRAD"))


class UnstackGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        y_grad = ctx.multi_input("Y@GRAD")
        x_grad = ctx.output("X@GRAD")
        axis = ctx.attr("axis")
        data = x_grad.mutable_data(ctx.place, y_grad[0].dtype)
        cs_funcs.stack(ctx.xp, [t.data for t in y_grad], axis, data)


register_operator("unstack_grad", UnstackGradOp)
for _dtype in (DataType.INT32, DataType.INT64, DataType.FLOAT32, DataType.FLOAT64,
               DataType.COMPLEX64, DataType.COMPLEX128):
    register_op_kernel("unstack_grad", "CPU", UnstackGradKernel, _dtype)
    register_op_kernel("unstack_grad", "GPU", UnstackGradKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "axis 1", "attrs": {"axis": 1, "num": 3},
                 "inputs": {"Y@GRAD": [(2, 4), (2, 4), (2, 4)]}}]
