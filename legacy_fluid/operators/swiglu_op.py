"""swiglu: out = silu(x) * y, or with y absent silu of the first half of x's last axis
times its second half. Math in phi.kernels.funcs.activation."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import activation as act_funcs


class SwigluOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        y_dims = ctx.get_input_dim("y") if ctx.has_input("y") else None
        ctx.set_output_dim("out", act_funcs.swiglu_out_dims(ctx.get_input_dim("x"), y_dims))
        ctx.set_output_dtype("out", ctx.get_input_dtype("x"))


class SwigluKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        y = ctx.input("y")
        out = ctx.output("out")
        data = out.mutable_data(ctx.place, x.dtype)
        act_funcs.swiglu(ctx.xp, x.data, None if y is None else y.data, data)


register_operator("swiglu", SwigluOp)
for _backend in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel("swiglu", _backend, SwigluKernel, _dtype)
