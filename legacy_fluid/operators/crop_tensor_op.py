"""crop_tensor (PHI crop): X[offsets : offsets + shape] per dim. The shape comes from the
1-D int tensor Shape, else ShapeTensor (1-element int tensors), else the attribute (-1: to
the end of X's dim); the offsets likewise from Offsets / OffsetsTensor / the attribute. Math
in phi.kernels.funcs.crop."""

from __future__ import annotations

from typing import Any

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import crop as crop_funcs
from phi.kernels.funcs.expand import requested_ints

_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64)
_HOST_SLOTS = ("Shape", "ShapeTensor", "Offsets", "OffsetsTensor")


def _arrays(ctx: InferShapeContext, slot: str) -> list[Any]:
    vars_ = ctx.runtime.inputs.get(slot, [])
    return [v.value.data for v in vars_ if v is not None and isinstance(v.value, DenseTensor)
            and v.value.initialized()]


def _one(arrays: list[Any]) -> Any | None:
    return arrays[0] if arrays else None


class CropTensorOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in _HOST_SLOTS:
            return None  # read on the host as they are, never moved
        return super().get_kernel_type_for_var(slot, tensor, expected)


class CropTensorKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        shape_tensor = ctx.input("Shape")
        shape_tensor_list = ctx.multi_input("ShapeTensor")
        offsets_tensor = ctx.input("Offsets")
        offsets_tensor_list = ctx.multi_input("OffsetsTensor")
        out = ctx.output("Out")
        shape = ctx.attr("shape")
        offsets = ctx.attr("offsets")
        shape = requested_ints(
            shape_tensor.data if shape_tensor is not None and shape_tensor.initialized()
            else None, [t.data for t in shape_tensor_list if t is not None and t.initialized()],
            shape)
        offsets = requested_ints(
            offsets_tensor.data if offsets_tensor is not None and offsets_tensor.initialized()
            else None, [t.data for t in offsets_tensor_list if t is not None and t.initialized()],
            offsets)
        out.resize(crop_funcs.crop_dims("crop_tensor", x.dims, shape, offsets))
        data = out.mutable_data(ctx.place, x.dtype)
        crop_funcs.crop(ctx.xp, x.data, offsets, data)


VERIFY_CASES = [
    {"name": "window", "inputs": {"X": (3, 4)}, "attrs": {"shape": [2, -1], "offsets": [1, 1]}},
    {"name": "Shape tensor", "inputs": {"X": (3, 4), "Shape": {"value": [2, 2], "dtype": "int32"}},
     "attrs": {"offsets": [0, 1]}},
]

register_operator("crop_tensor", CropTensorOp)
for _backend in ("CPU", "GPU"):
    for _dtype in _TYPES:
        register_op_kernel("crop_tensor", _backend, CropTensorKernel, _dtype)
