"""Backward ops of the creation family's writing ops, plain ops (protos from
phi/backward.yaml): fill_any_grad (X@GRAD zero; its desc keeps `value`), fill_diagonal_grad
and fill_diagonal_tensor_grad (Out@GRAD with the written diagonal zeroed). Each reads
Out@GRAD alone; X@GRAD takes its meta. set_value_grad (a maker: Paddle's desc keeps the
forward's bound lists, ValueTensor and every attribute): Input@GRAD is Out@GRAD with the
written window zeroed, ValueTensor@GRAD the window's gradient summed to ValueTensor's dims.
Math: phi.kernels.funcs.creation_grad."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.kernel_templates import FlatGradKernel
from legacy_fluid.operators.unary_math_grad_op import FlatGradOp
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import creation_grad as creation_grad_funcs

_BOUND_SLOTS = ("StartsTensorList", "EndsTensorList", "StepsTensorList")


class SetValueGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_input("ValueTensor", "the forward's value (its dims)", dispensable=True)
        for slot in _BOUND_SLOTS:
            self.add_input(slot, f"the forward's {slot}", duplicable=True, dispensable=True)
        self.add_output("Input@GRAD", "gradient of Input", dispensable=True)
        self.add_output("ValueTensor@GRAD", "gradient of ValueTensor", dispensable=True)
        self.add_attr("dtype", AttrType.INT, 5, "the forward's dtype")
        self.add_attr("axes", AttrType.LONGS, None, "the forward's axes")
        self.add_attr("starts", AttrType.LONGS, [], "the forward's starts")
        self.add_attr("ends", AttrType.LONGS, [], "the forward's ends")
        self.add_attr("steps", AttrType.LONGS, [], "the forward's steps")
        self.add_attr("decrease_axes", AttrType.LONGS, [], "the forward's decrease_axes")
        self.add_attr("none_axes", AttrType.LONGS, [], "the forward's none_axes")
        self.add_attr("values", AttrType.SCALARS, [], "the forward's values (unused)")
        self.add_attr("shape", AttrType.LONGS, [], "the forward's shape (unused)")


class SetValueGradOp(GradOp):
    LIKE = {"Input@GRAD": "Out@GRAD"}

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in _BOUND_SLOTS:
            return None  # bounds are read as they are, never cast
        return super().get_kernel_type_for_var(slot, tensor, expected)


class SetValueGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out_grad = ctx.input("Out@GRAD")
        starts = ctx.attr("starts")
        if ctx.has_input("StartsTensorList"):
            starts = [int(t.numpy().reshape(-1)[0]) for t in ctx.multi_input("StartsTensorList")]
        ends = ctx.attr("ends")
        if ctx.has_input("EndsTensorList"):
            ends = [int(t.numpy().reshape(-1)[0]) for t in ctx.multi_input("EndsTensorList")]
        steps = ctx.attr("steps")
        if ctx.has_input("StepsTensorList"):
            steps = [int(t.numpy().reshape(-1)[0]) for t in ctx.multi_input("StepsTensorList")]
        x_data = None
        if ctx.has_output("Input@GRAD"):
            x_data = ctx.output("Input@GRAD").mutable_data(ctx.place, out_grad.dtype)
        value_data = None
        if ctx.has_output("ValueTensor@GRAD"):
            value_data = ctx.output("ValueTensor@GRAD").mutable_data(ctx.place, out_grad.dtype)
        creation_grad_funcs.set_value_grad(ctx.xp, out_grad.data, ctx.attr("axes"), starts, ends,
                                           steps, ctx.attr("decrease_axes"),
                                           ctx.attr("none_axes"), x_data, value_data)


_FILL = (DataType.BOOL, DataType.INT32, DataType.INT64, DataType.FLOAT16, DataType.FLOAT32,
         DataType.FLOAT64)
_FILL_DIAGONAL_TENSOR = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16,
                         DataType.INT32, DataType.INT64, DataType.FLOAT16, DataType.FLOAT32,
                         DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)

register_operator("fill_any_grad", FlatGradOp)
register_operator("set_value_grad", SetValueGradOp, SetValueGradOpMaker)
register_operator("fill_diagonal_grad", FlatGradOp)
register_operator("fill_diagonal_tensor_grad", FlatGradOp)
register_op_table(FlatGradKernel, [
    OpKernelRow("fill_any_grad", "FillAnyGradKernel", creation_grad_funcs.fill_grad,
                (*_FILL, DataType.BFLOAT16), _FILL),
])
register_op_table(FlatGradKernel, [
    OpKernelRow("fill_diagonal_grad", "FillDiagonalGradKernel",
                creation_grad_funcs.fill_diagonal_grad, _FILL, attrs=("offset", "wrap")),
    OpKernelRow("fill_diagonal_tensor_grad", "FillDiagonalTensorGradKernel",
                creation_grad_funcs.fill_diagonal_tensor_grad, _FILL_DIAGONAL_TENSOR,
                attrs=("offset", "dim1", "dim2")),
], by_dtype=True)
for _dtype in (*_FILL_DIAGONAL_TENSOR, DataType.BFLOAT16):
    register_op_kernel("set_value_grad", "CPU", SetValueGradKernel, _dtype)
for _dtype in _FILL_DIAGONAL_TENSOR:
    register_op_kernel("set_value_grad", "GPU", SetValueGradKernel, _dtype)

VERIFY_CASES = {"set_value_grad": [
    {"name": "tensor value broadcast", "inputs": {"Out@GRAD": (3, 4), "ValueTensor": (1, 4)},
     "attrs": {"axes": [0], "starts": [1], "ends": [3], "steps": [1]},
     "outputs": {"Input@GRAD": 1, "ValueTensor@GRAD": 1}},
]}
