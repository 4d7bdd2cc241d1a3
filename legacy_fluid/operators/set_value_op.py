"""set_value: Out = Input with Input[starts:ends:steps] (per axis of `axes`, Python slice
semantics) replaced by ValueTensor, else by `values` in `shape`, broadcast to the slice's dims
without `decrease_axes` and with a 1 at each of `none_axes`. Bounds may come from the
...TensorList inputs. Math in phi.kernels.funcs.creation."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import creation as creation_funcs

_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
          DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
          DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = tuple(t for t in _TYPES if t is not DataType.BFLOAT16)
_BOUND_SLOTS = ("StartsTensorList", "EndsTensorList", "StepsTensorList")


class SetValueOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Input", "the tensor written into (Out is a copy)")
        self.add_input("ValueTensor", "the value, Input's type", dispensable=True)
        self.add_input("StartsTensorList", "1-element int tensors overriding `starts`",
                       duplicable=True, dispensable=True)
        self.add_input("EndsTensorList", "1-element int tensors overriding `ends`",
                       duplicable=True, dispensable=True)
        self.add_input("StepsTensorList", "1-element int tensors overriding `steps`",
                       duplicable=True, dispensable=True)
        self.add_output("Out", "Input with the slice replaced")
        self.add_attr("dtype", AttrType.INT, 5, "(unused) the values' fluid VarType")
        self.add_attr("axes", AttrType.LONGS, None, "the sliced axes (>= 0)")
        self.add_attr("starts", AttrType.LONGS, [], "start per axis (negative: from the end)")
        self.add_attr("ends", AttrType.LONGS, [], "end (exclusive) per axis")
        self.add_attr("steps", AttrType.LONGS, [], "step per axis (negative: backwards)")
        self.add_attr("decrease_axes", AttrType.LONGS, [], "sliced axes of size 1 the value lacks")
        self.add_attr("none_axes", AttrType.LONGS, [], "where the value has an extra 1")
        self.add_attr("values", AttrType.SCALARS, [], "the value without ValueTensor")
        self.add_attr("shape", AttrType.LONGS, [], "dims of `values`")


class SetValueOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("Input"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("Input"))

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Input"), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in _BOUND_SLOTS:
            return None
        return super().get_kernel_type_for_var(slot, tensor, expected)


class SetValueKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("Input")
        out = ctx.output("Out")
        starts = ctx.attr("starts")
        if ctx.has_input("StartsTensorList"):
            starts = [int(t.numpy().reshape(-1)[0]) for t in ctx.multi_input("StartsTensorList")]
        ends = ctx.attr("ends")
        if ctx.has_input("EndsTensorList"):
            ends = [int(t.numpy().reshape(-1)[0]) for t in ctx.multi_input("EndsTensorList")]
        steps = ctx.attr("steps")
        if ctx.has_input("StepsTensorList"):
            steps = [int(t.numpy().reshape(-1)[0]) for t in ctx.multi_input("StepsTensorList")]
        if ctx.has_input("ValueTensor"):
            creation_funcs.check_value_dtype(x.dtype, ctx.input("ValueTensor").dtype)
            value = ctx.input("ValueTensor").data
        else:
            value = creation_funcs.set_value_array(ctx.attr("shape"), x.dtype,
                                                   ctx.attr("values"))
        data = out.mutable_data(ctx.place, x.dtype)
        creation_funcs.set_value(ctx.xp, x.data, value, ctx.attr("axes"), starts, ends, steps,
                                 ctx.attr("decrease_axes"), ctx.attr("none_axes"), data)


register_operator("set_value", SetValueOp, SetValueOpMaker)
for _dtype in _TYPES:
    register_op_kernel("set_value", "CPU", SetValueKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("set_value", "GPU", SetValueKernel, _dtype)

VERIFY_CASES = [
    {"name": "values", "inputs": {"Input": (3, 4)},
     "attrs": {"axes": [1], "starts": [1], "ends": [3], "steps": [1], "values": [2.5],
               "shape": [1]}},
    {"name": "tensor, negative step", "inputs": {"Input": (3, 4), "ValueTensor": (3, 2)},
     "attrs": {"axes": [1], "starts": [3], "ends": [0], "steps": [-2]}},
]
