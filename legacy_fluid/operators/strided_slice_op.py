"""strided_slice: Input[start:end:stride] per axis in `axes` (Python slicing, negative strides
included), then the `decrease_axis` axes (each of length 1) squeezed out.

Each bound list comes from a 1-D int tensor (StartsTensor, EndsTensor, StridesTensor), else
a list of 1-element int tensors (...TensorList), else the attribute. Axes must be >= 0
(Paddle 3.3.1 refuses negative ones). Math in phi.kernels.funcs.manipulation.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import manipulation as manip_funcs
from phi.kernels.funcs.common import host_ints

#: (tensor slot, tensor list slot, attribute) of each bound list.
_BOUNDS = (("StartsTensor", "StartsTensorList", "starts"),
           ("EndsTensor", "EndsTensorList", "ends"),
           ("StridesTensor", "StridesTensorList", "strides"))
#: Inputs that only carry bounds: read on the host, never transformed.
_BOUND_SLOTS = frozenset(slot for bound in _BOUNDS for slot in bound[:2])

_CPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
              DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = tuple(t for t in _CPU_TYPES if t is not DataType.BFLOAT16)


def _bounds(ctx: InferShapeContext, tensor_slot: str, list_slot: str, attr: str) -> list[int]:
    """A bound list by priority: the 1-D tensor, then the list of scalars, then the attribute."""
    if ctx.has_input(tensor_slot):
        return host_ints(ctx.input_var(tensor_slot).get_tensor().data)
    if ctx.has_inputs(list_slot):
        return [host_ints(v.get_tensor().data)[0] for v in ctx.runtime.inputs[list_slot]]
    return list(ctx.attr(attr))


class StridedSliceOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Input"), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in _BOUND_SLOTS:
            return None
        return super().get_kernel_type_for_var(slot, tensor, expected)


class StridedSliceKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        input = ctx.input("Input")
        out = ctx.output("Out")
        axes = ctx.attr("axes")
        infer_flags = ctx.attr("infer_flags")
        decrease_axis = ctx.attr("decrease_axis")
        starts = ctx.attr("starts")
        if ctx.has_input("StartsTensor"):
            starts = host_ints(ctx.input("StartsTensor").data)
        elif ctx.has_inputs("StartsTensorList"):
            starts = [host_ints(t.data)[0] for t in ctx.multi_input("StartsTensorList")]
        ends = ctx.attr("ends")
        if ctx.has_input("EndsTensor"):
            ends = host_ints(ctx.input("EndsTensor").data)
        elif ctx.has_inputs("EndsTensorList"):
            ends = [host_ints(t.data)[0] for t in ctx.multi_input("EndsTensorList")]
        strides = ctx.attr("strides")
        if ctx.has_input("StridesTensor"):
            strides = host_ints(ctx.input("StridesTensor").data)
        elif ctx.has_inputs("StridesTensorList"):
            strides = [host_ints(t.data)[0] for t in ctx.multi_input("StridesTensorList")]
        data = out.mutable_data(ctx.place, input.dtype)
        manip_funcs.strided_slice(ctx.xp, input.data, axes, starts, ends, strides, infer_flags,
                                  decrease_axis, data)


VERIFY_CASES = [
    {"name": "reverse and step", "inputs": {"Input": (4, 5, 6)},
     "attrs": {"axes": [0, 2], "starts": [-1, 1], "ends": [-100, 6], "strides": [-2, 2],
               "infer_flags": [1, 1]}},
    {"name": "decrease axis", "inputs": {"Input": (4, 5)},
     "attrs": {"axes": [0], "starts": [2], "ends": [3], "strides": [1], "infer_flags": [1],
               "decrease_axis": [0]}},
    {"name": "tensor starts", "inputs": {"Input": (4, 5), "StartsTensor": {
        "value": [3], "dtype": "int64"}},
     "attrs": {"axes": [1], "starts": [0], "ends": [0], "strides": [-1], "infer_flags": [-1]}},
]

register_operator("strided_slice", StridedSliceOp)
for _dtype in _CPU_TYPES:
    register_op_kernel("strided_slice", "CPU", StridedSliceKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("strided_slice", "GPU", StridedSliceKernel, _dtype)
