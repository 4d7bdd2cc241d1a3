"""accuracy: the share of rows whose Label is among their top-k Indices (Out, the top-k
values, only sets the kernel type), with Correct and Total counts; math in
phi.kernels.funcs.accuracy."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import accuracy as acc_funcs


class AccuracyOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = acc_funcs.accuracy_dims(ctx.get_input_dim("Indices"), ctx.get_input_dim("Label"))
        for slot, dtype in (("Accuracy", DataType.FLOAT32), ("Correct", DataType.INT32),
                            ("Total", DataType.INT32)):
            ctx.set_output_dim(slot, dims)
            ctx.set_output_dtype(slot, dtype)

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Out"), ctx.place)


class AccuracyKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        indices = ctx.input("Indices")
        label = ctx.input("Label")
        accuracy = ctx.output("Accuracy")
        correct = ctx.output("Correct")
        total = ctx.output("Total")
        acc_funcs.accuracy(ctx.xp, indices.data, label.data,
                           accuracy.mutable_data(ctx.place, DataType.FLOAT32),
                           correct.mutable_data(ctx.place, DataType.INT32),
                           total.mutable_data(ctx.place, DataType.INT32))


register_operator("accuracy", AccuracyOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("accuracy", "CPU", AccuracyKernel, _dtype)
    register_op_kernel("accuracy", "GPU", AccuracyKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "top 3", "inputs": {
    "Out": (6, 3), "Indices": {"shape": (6, 3), "dtype": "int64", "low": 0, "high": 5},
    "Label": {"shape": (6, 1), "dtype": "int64", "low": 0, "high": 5}}}]
