"""expand_v2 (PHI `expand`): Out = X broadcast to a larger shape.

The shape comes from the 1-D int tensor Shape when given, else from expand_shapes_tensor
(1-element int tensors), else from the `shape` attribute. It is right-aligned with X's
dims: -1 keeps X's dim, a size-1 dim of X stretches, extra leading dims are new.
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
              DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
              DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64,
              DataType.COMPLEX64, DataType.COMPLEX128)


def _arrays(ctx: InferShapeContext, slot: str) -> list[Any]:
    vars_ = ctx.runtime.inputs.get(slot, [])
    return [v.value.data for v in vars_ if v is not None and isinstance(v.value, DenseTensor)
            and v.value.initialized()]


class ExpandV2Op(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        shape_tensor = _arrays(ctx, "Shape")
        shape = expand_funcs.requested_ints(shape_tensor[0] if shape_tensor else None,
                                            _arrays(ctx, "expand_shapes_tensor"),
                                            ctx.attr("shape"))
        ctx.set_output_dim("Out", expand_funcs.expand_dims(ctx.get_input_dim("X"), shape))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in ("Shape", "expand_shapes_tensor"):
            return None  # read on the host as they are, never moved
        return super().get_kernel_type_for_var(slot, tensor, expected)


class ExpandV2Kernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        shape_tensor = ctx.input("Shape")
        shape_tensor_list = ctx.multi_input("expand_shapes_tensor")
        out = ctx.output("Out")
        shape = ctx.attr("shape")
        requested = expand_funcs.requested_ints(
            shape_tensor.data if shape_tensor is not None and shape_tensor.initialized()
            else None,
            [t.data for t in shape_tensor_list if t is not None and t.initialized()], shape)
        out.resize(expand_funcs.expand_dims(x.dims, requested))
        data = out.mutable_data(ctx.place, x.dtype)
        expand_funcs.expand(ctx.xp, x.data, data)


VERIFY_CASES = [
    {"name": "-1 keeps a dim, new leading dim", "inputs": {"X": (3, 1)},
     "attrs": {"shape": [2, -1, 4]}},
    {"name": "Shape tensor", "inputs": {"X": (1, 4), "Shape": {"value": [3, 4],
                                                             "dtype": "int32"}}},
    {"name": "expand_shapes_tensor", "inputs": {"X": (3, 1), "expand_shapes_tensor": [
        {"value": [3], "dtype": "int64"}, {"value": [5], "dtype": "int64"}]}},
]

register_operator("expand_v2", ExpandV2Op)
for _dtype in _CPU_TYPES:
    register_op_kernel("expand_v2", "CPU", ExpandV2Kernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("expand_v2", "GPU", ExpandV2Kernel, _dtype)
