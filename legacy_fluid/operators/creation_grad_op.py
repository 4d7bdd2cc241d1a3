"""Backward ops of the creation family's writing ops, plain ops (protos from
phi/backward.yaml): fill_any_grad (X@GRAD zero; its desc keeps `value`), fill_diagonal_grad
and fill_diagonal_tensor_grad (Out@GRAD with the written diagonal zeroed). Each reads
Out@GRAD alone; X@GRAD takes its meta. Math: phi.kernels.funcs.creation_grad."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.unary_math_grad_op import FlatGradOp
from phi.common import DataType
from phi.kernels.funcs import creation_grad as creation_grad_funcs


class FillAnyGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        creation_grad_funcs.fill_grad(ctx.xp, out_grad.data, data)


class FillDiagonalGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        offset = ctx.attr("offset")
        wrap = ctx.attr("wrap")
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        creation_grad_funcs.fill_diagonal_grad(ctx.xp, out_grad.data, offset, wrap, data)


class FillDiagonalTensorGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        offset = ctx.attr("offset")
        dim1 = ctx.attr("dim1")
        dim2 = ctx.attr("dim2")
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        creation_grad_funcs.fill_diagonal_tensor_grad(ctx.xp, out_grad.data, offset, dim1,
                                                      dim2, data)


_FILL = (DataType.BOOL, DataType.INT32, DataType.INT64, DataType.FLOAT16, DataType.FLOAT32,
         DataType.FLOAT64)
_FILL_DIAGONAL_TENSOR = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16,
                         DataType.INT32, DataType.INT64, DataType.FLOAT16, DataType.FLOAT32,
                         DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)

register_operator("fill_any_grad", FlatGradOp)
register_operator("fill_diagonal_grad", FlatGradOp)
register_operator("fill_diagonal_tensor_grad", FlatGradOp)
for _dtype in (*_FILL, DataType.BFLOAT16):
    register_op_kernel("fill_any_grad", "CPU", FillAnyGradKernel, _dtype)
for _dtype in _FILL:
    register_op_kernel("fill_any_grad", "GPU", FillAnyGradKernel, _dtype)
    register_op_kernel("fill_diagonal_grad", "CPU", FillDiagonalGradKernel, _dtype)
    register_op_kernel("fill_diagonal_grad", "GPU", FillDiagonalGradKernel, _dtype)
for _dtype in _FILL_DIAGONAL_TENSOR:
    register_op_kernel("fill_diagonal_tensor_grad", "CPU", FillDiagonalTensorGradKernel, _dtype)
    register_op_kernel("fill_diagonal_tensor_grad", "GPU", FillDiagonalTensorGradKernel, _dtype)
