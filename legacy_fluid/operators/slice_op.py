"""slice: Input[starts:ends] along `axes`; bounds may come from tensors; decrease_axis squeezes."""

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
from phi.kernels.funcs import slice as slice_funcs

#: Inputs that only carry bounds: read on the host, never transformed.
_BOUND_SLOTS = ("StartsTensor", "EndsTensor", "StartsTensorList", "EndsTensorList")


class SliceOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Input", "input tensor")
        self.add_input("StartsTensor", "1-D int32/int64 starts; overrides the attribute",
                       dispensable=True)
        self.add_input("EndsTensor", "1-D int32/int64 ends; overrides the attribute",
                       dispensable=True)
        self.add_input("StartsTensorList", "one 1-element tensor per start", duplicable=True,
                       dispensable=True)
        self.add_input("EndsTensorList", "one 1-element tensor per end", duplicable=True,
                       dispensable=True)
        self.add_output("Out", "the sliced tensor")
        self.add_attr("axes", AttrType.INTS, None, "the axes that are sliced")
        self.add_attr("starts", AttrType.INTS, [], "start per axis (negative: from the end)")
        self.add_attr("ends", AttrType.INTS, [], "end (exclusive) per axis")
        self.add_attr("infer_flags", AttrType.INTS, [],
                      "per axis: 1 if the bound is known when building, -1 if from a tensor")
        self.add_attr("decrease_axis", AttrType.INTS, [], "axes (of size 1) to squeeze out")
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("mkldnn_data_type", AttrType.STRING, "float32", "oneDNN data type",
                      extra=True)


def _bounds(ctx: InferShapeContext | ExecutionContext, tensor_slot: str, list_slot: str,
            attr: str) -> list[int]:
    """A bound list by priority: the 1-D tensor, then the list of scalars, then the attribute."""
    if ctx.has_input(tensor_slot):
        return [int(v) for v in ctx.input_var(tensor_slot).get_tensor().numpy().reshape(-1)]
    if ctx.input_size(list_slot) > 0 and ctx.has_inputs(list_slot):
        return [int(v.get_tensor().numpy().reshape(-1)[0]) for v in ctx.runtime.inputs[list_slot]]
    return list(ctx.attr(attr))


class SliceOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        starts = _bounds(ctx, "StartsTensor", "StartsTensorList", "starts")
        ends = _bounds(ctx, "EndsTensor", "EndsTensorList", "ends")
        dims = slice_funcs.slice_dims(ctx.get_input_dim("Input"), ctx.attr("axes"), starts,
                                      ends, ctx.attr("decrease_axis"))
        ctx.set_output_dim("Out", dims)
        ctx.set_output_dtype("Out", ctx.get_input_dtype("Input"))
        ctx.share_lod("Input", "Out")

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Input"), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in _BOUND_SLOTS:
            return None
        return super().get_kernel_type_for_var(slot, tensor, expected)


class SliceKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("Input")
        out = ctx.output("Out")
        axes = ctx.attr("axes")
        starts = _bounds(ctx, "StartsTensor", "StartsTensorList", "starts")
        ends = _bounds(ctx, "EndsTensor", "EndsTensorList", "ends")
        data = out.mutable_data(ctx.place, x.dtype)
        slice_funcs.slice_window(ctx.xp, x.data, axes, starts, ends, data)


_CPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16,
              DataType.BFLOAT16, DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = tuple(t for t in _CPU_TYPES if t is not DataType.BFLOAT16)

VERIFY_CASES = [
    {"name": "two axes, negative start", "inputs": {"Input": (4, 5, 6)},
     "attrs": {"axes": [0, 2], "starts": [1, -4], "ends": [3, 100]}},
    {"name": "decrease axis", "inputs": {"Input": (4, 5)},
     "attrs": {"axes": [0], "starts": [2], "ends": [3], "decrease_axis": [0]}},
]

register_operator("slice", SliceOp, SliceOpMaker)
for _dtype in _CPU_TYPES:
    register_op_kernel("slice", "CPU", SliceKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("slice", "GPU", SliceKernel, _dtype)
