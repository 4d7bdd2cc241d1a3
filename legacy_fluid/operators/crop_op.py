"""crop (v1, PHI legacy_crop): X[offsets : offsets + shape] per dim, the shape from Y's
dims when Y is given, else the `shape` attribute; the offsets from the 1-D int tensor
Offsets, else the attribute. Math in phi.kernels.funcs.crop."""

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


def _offsets(ctx: InferShapeContext) -> list[Any]:
    vars_ = ctx.runtime.inputs.get("Offsets", [])
    return [v.value.data for v in vars_ if v is not None and isinstance(v.value, DenseTensor)
            and v.value.initialized()]


class CropOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in ("Y", "Offsets"):
            return None  # only Y's dims and Offsets' values (on the host) are read
        return super().get_kernel_type_for_var(slot, tensor, expected)


class CropKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        offsets = ctx.attr("offsets")
        shape = ctx.attr("shape")
        if ctx.has_input("Offsets"):
            offsets = [int(v) for v in ctx.input("Offsets").numpy().reshape(-1)]
        out.resize(crop_funcs.crop_dims("crop", x.dims, shape if y is None else y.dims,
                                        offsets))
        data = out.mutable_data(ctx.place, x.dtype)
        crop_funcs.crop(ctx.xp, x.data, offsets, data)


VERIFY_CASES = [
    {"name": "window", "inputs": {"X": (3, 4), "Y": None, "Offsets": None},
     "attrs": {"shape": [2, 2], "offsets": [1, 1]}},
    {"name": "Y's shape", "inputs": {"X": (3, 4), "Y": (2, 3), "Offsets": None},
     "attrs": {"offsets": [1, 0]}},
]

register_operator("crop", CropOp)
for _backend in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel("crop", _backend, CropKernel, _dtype)
