"""Grads of the random family's ops (plain ops: protos from phi/backward.yaml), slots as
Paddle 3.3.1's grad OpDescs: gaussian_inplace_grad (out@GRAD -> x@GRAD), random_grad
(out@GRAD -> x@GRAD), uniform_random_inplace_grad and poisson_grad (Out@GRAD -> X@GRAD): a
zero X@GRAD; gumbel_softmax_grad: Out, Out@GRAD -> X@GRAD; shuffle_batch_grad: ShuffleIdx,
Out@GRAD -> X@GRAD. Math: phi.kernels.funcs.random_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.unary_math_grad_op import FlatGradOp
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import random_grad as random_grad_funcs

_FLOATS = (DataType.FLOAT32, DataType.FLOAT64)


# X@GRAD = 0: Out does not depend on X's values
class ZeroGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        random_grad_funcs.zero_grad(ctx.xp, out_grad.data,
                                    x_grad.mutable_data(ctx.place, out_grad.dtype))


# the same for the ops Paddle generated with lower-case slots
class LowerZeroGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out_grad = ctx.input("out@GRAD")
        x_grad = ctx.output("x@GRAD")
        random_grad_funcs.zero_grad(ctx.xp, out_grad.data,
                                    x_grad.mutable_data(ctx.place, out_grad.dtype))


class GumbelSoftmaxGradOp(GradOp):
    LIKE = {"X@GRAD": "Out"}


class GumbelSoftmaxGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.input("Out")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        axis = ctx.attr("axis")
        random_grad_funcs.gumbel_softmax_grad(ctx.xp, out.data, out_grad.data, axis,
                                              x_grad.mutable_data(ctx.place, out.dtype))


class ShuffleBatchGradOp(GradOp):
    LIKE = {"X@GRAD": "Out@GRAD"}

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot == "ShuffleIdx":
            return None  # the row indices are read as they are, never cast
        return super().get_kernel_type_for_var(slot, tensor, expected)


class ShuffleBatchGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        shuffle_idx = ctx.input("ShuffleIdx")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        random_grad_funcs.shuffle_batch_grad(ctx.xp, shuffle_idx.data, out_grad.data,
                                             x_grad.mutable_data(ctx.place, out_grad.dtype))


VERIFY_CASES = {
    "gumbel_softmax_grad": [{"name": "rows", "inputs": {
        "Out": {"shape": (3, 4), "low": 0.0, "high": 1.0}, "Out@GRAD": (3, 4)}}],
    "shuffle_batch_grad": [{"name": "3 rows", "inputs": {
        "ShuffleIdx": {"value": [2, 0, 1], "dtype": "int64"}, "Out@GRAD": (3, 4)}}],
    # `from` / `to` have no default: a program always carries them
    "random_grad": [{"name": "[0, 10)", "inputs": {"out@GRAD": (3, 4)},
                     "attrs": {"from": 0, "to": 10}}],
}

register_operator("gaussian_inplace_grad", FlatGradOp)
register_operator("random_grad", FlatGradOp)
register_operator("uniform_random_inplace_grad", FlatGradOp)
register_operator("poisson_grad", FlatGradOp)
register_operator("gumbel_softmax_grad", GumbelSoftmaxGradOp)
register_operator("shuffle_batch_grad", ShuffleBatchGradOp)
for _backend in ("CPU", "GPU"):
    for _dtype in (*_FLOATS, DataType.COMPLEX64, DataType.COMPLEX128):
        register_op_kernel("gaussian_inplace_grad", _backend, LowerZeroGradKernel, _dtype)
    for _dtype in (*_FLOATS, DataType.FLOAT16, DataType.BFLOAT16):
        register_op_kernel("random_grad", _backend, LowerZeroGradKernel, _dtype)
    for _dtype in _FLOATS:
        register_op_kernel("uniform_random_inplace_grad", _backend, ZeroGradKernel, _dtype)
        register_op_kernel("poisson_grad", _backend, ZeroGradKernel, _dtype)
        register_op_kernel("gumbel_softmax_grad", _backend, GumbelSoftmaxGradKernel, _dtype)
    for _dtype in (*_FLOATS, DataType.INT32, DataType.INT64):
        register_op_kernel("shuffle_batch_grad", _backend, ShuffleBatchGradKernel, _dtype)
