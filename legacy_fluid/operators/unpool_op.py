"""unpool / unpool3d: scatter X into zeros of [N, C, *output_size] at the flat spatial
positions in Indices (as max_pool{2,3}d_with_index gives them).

As Paddle's CPU kernels: X is read channel-first whatever `data_format` says, the output
dims are exactly `output_size` (the default zeros give an empty output), a repeated index
keeps the value that comes last, and an index outside the output is an error. unpool's
`unpooling_type` ("max") changes nothing. Math: phi.kernels.funcs.pooling_nd.unpool.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import pooling_nd as pool_funcs


class UnpoolOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "pooled values, [N, C, H, W]")
        self.add_input("Indices", "int32 / int64 flat positions in the output, X's dims")
        self.add_output("Out", "[N, C, *output_size]")
        self.add_attr("ksize", AttrType.INTS, None, "the pooling window (for the output size)")
        self.add_attr("unpooling_type", AttrType.STRING, None, "max (no effect)")
        self.add_attr("strides", AttrType.INTS, [1, 1], "the pooling strides")
        self.add_attr("paddings", AttrType.INTS, [0, 0], "the pooling paddings")
        self.add_attr("output_size", AttrType.INTS, [0, 0], "[H_out, W_out]")
        self.add_attr("data_format", AttrType.STRING, "NCHW", "no effect: X is read as NCHW")


class UnpoolOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class UnpoolKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        indices = ctx.input("Indices")
        out = ctx.output("Out")
        ksize = ctx.attr("ksize")
        strides = ctx.attr("strides")
        paddings = ctx.attr("paddings")
        output_size = ctx.attr("output_size")
        data_format = ctx.attr("data_format")
        data = out.mutable_data(ctx.place, x.dtype)
        pool_funcs.unpool(ctx.xp, x.data, indices.data, ksize, strides, paddings, output_size,
                          data_format, data, "unpool")


class Unpool3DKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        indices = ctx.input("Indices")
        out = ctx.output("Out")
        ksize = ctx.attr("ksize")
        strides = ctx.attr("strides")
        paddings = ctx.attr("paddings")
        output_size = ctx.attr("output_size")
        data_format = ctx.attr("data_format")
        data = out.mutable_data(ctx.place, x.dtype)
        pool_funcs.unpool(ctx.xp, x.data, indices.data, ksize, strides, paddings, output_size,
                          data_format, data, "unpool3d")


register_operator("unpool", UnpoolOp, UnpoolOpMaker)
register_operator("unpool3d", UnpoolOp)
for _op, _kernel in (("unpool", UnpoolKernel), ("unpool3d", Unpool3DKernel)):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.INT64):
        register_op_kernel(_op, "CPU", _kernel, _dtype)
        register_op_kernel(_op, "GPU", _kernel, _dtype)


def _indices(shape: tuple[int, ...], out_size: tuple[int, ...]) -> Callable[..., np.ndarray]:
    """A verify input: distinct int32 positions inside the output, per (sample, channel)."""
    def make(dtype: object, rng: np.random.Generator) -> np.ndarray:
        size, per_row = int(np.prod(out_size)), int(np.prod(shape[2:]))
        rows = [rng.permutation(size)[:per_row] for _ in range(shape[0] * shape[1])]
        return np.array(rows, np.int32).reshape(shape)
    return make


#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {
    "unpool": [
        {"name": "2x2 to 4x6", "inputs": {"X": (2, 3, 2, 3), "Indices": _indices((2, 3, 2, 3),
                                                                               (4, 6))},
         "attrs": {"ksize": [2, 2], "strides": [2, 2], "unpooling_type": "max",
                   "output_size": [4, 6]}},
    ],
    "unpool3d": [
        {"name": "to 4x4x4", "inputs": {"X": (1, 2, 2, 2, 2),
                                        "Indices": _indices((1, 2, 2, 2, 2), (4, 4, 4))},
         "attrs": {"ksize": [2, 2, 2], "strides": [2, 2, 2], "output_size": [4, 4, 4]}},
    ],
}
