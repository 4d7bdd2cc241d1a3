"""range: a 1-D tensor from the 1-element tensors Start, End (exclusive) and Step."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import arange as arange_funcs


def _scalar(ctx: InferShapeContext | ExecutionContext, slot: str):
    return ctx.input_var(slot).get_tensor().numpy().reshape(-1)[0]


class RangeOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        n = arange_funcs.arange_size(_scalar(ctx, "Start"), _scalar(ctx, "End"),
                                     _scalar(ctx, "Step"))
        ctx.set_output_dim("Out", (n,))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("Start"))

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Start"), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        return None  # the bounds are read on the host, as they are


class RangeKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        start = ctx.input("Start")
        step = ctx.input("Step")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, start.dtype)
        arange_funcs.arange(ctx.xp, start.numpy().reshape(-1)[0], step.numpy().reshape(-1)[0],
                            data)


register_operator("range", RangeOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64):
    register_op_kernel("range", "CPU", RangeKernel, _dtype)
    register_op_kernel("range", "GPU", RangeKernel, _dtype)
