"""tile: Out = X repeated along each dim.

The repeats come from the 1-D int tensor RepeatTimes when given, else from
repeat_times_tensor (1-element int tensors), else from the `repeat_times` attribute. Repeats and X's
dims are right-aligned, the shorter padded with leading 1s.
"""

from __future__ import annotations

from typing import Any

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import expand as expand_funcs

_CPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64,
              DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = _CPU_TYPES


def _arrays(ctx: InferShapeContext, slot: str) -> list[Any]:
    vars_ = ctx.runtime.inputs.get(slot, [])
    return [v.value.data for v in vars_ if v is not None and isinstance(v.value, DenseTensor)
            and v.value.initialized()]


class TileOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        repeat_tensor = _arrays(ctx, "RepeatTimes")
        reps = expand_funcs.requested_ints(repeat_tensor[0] if repeat_tensor else None,
                                           _arrays(ctx, "repeat_times_tensor"),
                                           ctx.attr("repeat_times"))
        ctx.set_output_dim("Out", expand_funcs.tile_dims(ctx.get_input_dim("X"), reps))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in ("RepeatTimes", "repeat_times_tensor"):
            return None  # read on the host as they are, never moved
        return super().get_kernel_type_for_var(slot, tensor, expected)


class TileKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        repeat_tensor = ctx.input("RepeatTimes")
        repeat_tensor_list = ctx.multi_input("repeat_times_tensor")
        out = ctx.output("Out")
        repeat_times = ctx.attr("repeat_times")
        reps = expand_funcs.requested_ints(
            repeat_tensor.data if repeat_tensor is not None and repeat_tensor.initialized()
            else None,
            [t.data for t in repeat_tensor_list if t is not None and t.initialized()],
            repeat_times)
        out.resize(expand_funcs.tile_dims(x.dims, reps))
        data = out.mutable_data(ctx.place, x.dtype)
        expand_funcs.tile(ctx.xp, x.data, reps, data)


VERIFY_CASES = [
    {"name": "repeat 2-D", "inputs": {"X": (2, 3)}, "attrs": {"repeat_times": [2, 1]}},
    {"name": "more repeats than dims", "inputs": {"X": (3,)}, "attrs": {"repeat_times": [2, 2]}},
    {"name": "RepeatTimes tensor", "inputs": {"X": (2, 3), "RepeatTimes": {
        "value": [1, 3], "dtype": "int32"}}},
]

register_operator("tile", TileOp)
for _dtype in _CPU_TYPES:
    register_op_kernel("tile", "CPU", TileKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("tile", "GPU", TileKernel, _dtype)
