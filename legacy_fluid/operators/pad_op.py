"""Padding ops:

- pad3d: X (5-D) padded on D, H and W by `paddings` = [left, right, top, bottom, front, back]
  (the Paddings tensor wins; negative pads crop) in `mode` constant (fill `value`), reflect,
  replicate or circular, layout `data_format` NCDHW or NDHWC;
- pad: X padded with `pad_value` by (before, after) per axis.

Fill values are cast to the element type. Math in phi.kernels.funcs.pad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import SameDtypeKernel
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import pad as pad_funcs
from phi.kernels.funcs.common import host_ints

_PAD3D_TYPES = (DataType.INT32, DataType.INT64, DataType.FLOAT32, DataType.FLOAT64,
                DataType.COMPLEX64, DataType.COMPLEX128)
_PAD_TYPES = (DataType.INT16, DataType.INT32, DataType.INT64, DataType.BFLOAT16,
              DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)
_PAD_GPU_TYPES = tuple(t for t in _PAD_TYPES if t is not DataType.BFLOAT16)


class Pad3dOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot == "Paddings":
            return None  # read on the host as it is
        return super().get_kernel_type_for_var(slot, tensor, expected)


class PadOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class Pad3dKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        mode = ctx.attr("mode")
        value = ctx.attr("value")
        data_format = ctx.attr("data_format")
        paddings = ctx.attr("paddings")
        if ctx.has_input("Paddings"):
            paddings = host_ints(ctx.input("Paddings").data)
        data = out.mutable_data(ctx.place, x.dtype)
        pad_funcs.pad3d(ctx.xp, x.data, paddings, mode, value, data_format, data)


VERIFY_CASES = {
    "pad3d": [{"name": mode, "inputs": {"X": (1, 2, 3, 3, 4)},
               "attrs": {"paddings": [1, 2, 0, 1, -1, 1], "mode": mode, "value": 0.5}}
              for mode in ("constant", "reflect", "replicate", "circular")],
    "pad": [{"name": "2-D", "inputs": {"X": (3, 4)}, "attrs": {"paddings": [1, 0, 2, 1]}}],
}

register_operator("pad3d", Pad3dOp)
register_operator("pad", PadOp)
for _dtype in _PAD3D_TYPES:
    for _backend in ("CPU", "GPU"):
        register_op_kernel("pad3d", _backend, Pad3dKernel, _dtype)
register_op_table(SameDtypeKernel, [
    OpKernelRow("pad", "PadKernel", pad_funcs.pad, _PAD_TYPES, _PAD_GPU_TYPES,
                attrs=("paddings", "pad_value")),
])
