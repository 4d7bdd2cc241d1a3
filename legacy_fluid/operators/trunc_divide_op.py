"""trunc_divide: out = x / y rounded toward zero (C's integer `/`; trunc(x / y) for floats),
y broadcast NumPy-style; an integer zero divisor is an error. Math in
phi.kernels.funcs.elementwise."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import elementwise as ew_funcs


class TruncDivideOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = ew_funcs.broadcast_shape(ctx.get_input_dim("x"), ctx.get_input_dim("y"), -1)
        ctx.set_output_dim("out", dims)
        ctx.set_output_dtype("out", ctx.get_input_dtype("x"))


class TruncDivideKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        y = ctx.input("y")
        out = ctx.output("out")
        data = out.mutable_data(ctx.place, x.dtype)
        ew_funcs.trunc_divide(ctx.xp, x.data, y.data, -1, data)


register_operator("trunc_divide", TruncDivideOp)
for _backend in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16,
                   DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64):
        register_op_kernel("trunc_divide", _backend, TruncDivideKernel, _dtype)

#: Parity / `migrate --verify` inputs: integer divisors kept off zero.
VERIFY_CASES = [{"name": "nonzero divisor", "inputs": {
    "x": (3, 4), "y": lambda dtype, rng: (rng.integers(1, 5, (3, 4))).astype(dtype.to_numpy())}}]
