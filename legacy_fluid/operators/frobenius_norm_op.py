"""frobenius_norm: sqrt(sum(X * X)) over `dim` (every axis with reduce_all or an empty dim),
in X's type (complex too, unconjugated); the reduce ops' proto (ReduceOpMaker).
Math in phi.kernels.funcs.linalg."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import linalg as la_funcs


class FrobeniusNormOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", la_funcs.frobenius_norm_out_dims(
            ctx.get_input_dim("X"), ctx.attr("dim"), ctx.attr("keep_dim"),
            ctx.attr("reduce_all")))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class FrobeniusNormKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        dim = ctx.attr("dim")
        reduce_all = ctx.attr("reduce_all")
        data = out.mutable_data(ctx.place, x.dtype)
        la_funcs.frobenius_norm(ctx.xp, x.data, dim, reduce_all, data)


register_operator("frobenius_norm", FrobeniusNormOp)
for _backend in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128):
        register_op_kernel("frobenius_norm", _backend, FrobeniusNormKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "both axes", "inputs": {"X": (3, 4)}, "attrs": {"dim": [0, 1]}}]
