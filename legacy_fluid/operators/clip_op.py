"""clip: Out = min where X < min, max where X > max, else X (NaN passes through).

Fed 1-element tensors Min / Max replace the `min` / `max` attributes. Both bounds are cast
to X's element type first; max < min is an error. The attributes have no default: every
program that has a clip op sets them.

clip_grad: X, Min / Max (optional), Out@GRAD -> X@GRAD = Out@GRAD where min <= X <= max, else 0
(math: phi.kernels.funcs.unary_math_grad.clip_grad).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import unary_math, unary_math_grad

_CPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64)
_GPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.INT32,
              DataType.INT64)


class ClipOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in ("Min", "Max"):
            return None  # read on the host as they are, never moved or cast
        return super().get_kernel_type_for_var(slot, tensor, expected)


class ClipKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        lo = ctx.attr("min")
        hi = ctx.attr("max")
        if ctx.has_input("Min"):
            lo = float(ctx.input("Min").numpy().reshape(-1)[0])
        if ctx.has_input("Max"):
            hi = float(ctx.input("Max").numpy().reshape(-1)[0])
        data = out.mutable_data(ctx.place, x.dtype)
        unary_math.clip(ctx.xp, x.data, lo, hi, data)


class ClipGradOp(GradOp):
    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in ("Min", "Max"):
            return None  # read on the host as they are, never moved or cast
        return super().get_kernel_type_for_var(slot, tensor, expected)


class ClipGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        lo = ctx.attr("min")
        hi = ctx.attr("max")
        if ctx.has_input("Min"):
            lo = float(ctx.input("Min").numpy().reshape(-1)[0])
        if ctx.has_input("Max"):
            hi = float(ctx.input("Max").numpy().reshape(-1)[0])
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        unary_math_grad.clip_grad(ctx.xp, x.data, out_grad.data, lo, hi, data)


VERIFY_CASES = [
    {"name": "[-0.5, 0.5]", "attrs": {"min": -0.5, "max": 0.5}},
    {"name": "Min / Max tensors", "inputs": {"Min": {"value": [-0.2]}, "Max": {"value": [0.3]}},
     "attrs": {"min": -1.0, "max": 1.0}, "dtypes": ["float32", "float64"]},
]

register_operator("clip", ClipOp)
register_operator("clip_grad", ClipGradOp)
for _dtype in _CPU_TYPES:
    register_op_kernel("clip", "CPU", ClipKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("clip", "GPU", ClipKernel, _dtype)
for _dtype in _CPU_TYPES:
    register_op_kernel("clip_grad", "CPU", ClipGradKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("clip_grad", "GPU", ClipGradKernel, _dtype)
