"""The twin: a kernel raising on every input (every array has ndim >= 0), so no case
verify makes runs."""

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .ids import IdsMaker, IdsOp


class NeverValidKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        if x.data.ndim >= 0:
            raise ValueError(f"no ids are valid here, got {x.data.min()}..{x.data.max()}")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data[..., None] == np.arange(ctx.attr("depth"))


register_operator("t_never_valid", IdsOp, IdsMaker)
register_op_kernel("t_never_valid", "CPU", NeverValidKernel, DataType.INT32, DataType.INT64)
