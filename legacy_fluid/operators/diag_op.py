"""Diagonals and triangles:

- tril_triu: X's lower (`lower`) or upper triangle from `diagonal` on (last two axes);
- diag_v2 (PHI diag): a vector onto a diagonal of a matrix filled with `padding_value`, or a
  matrix's diagonal;
- diag_embed: Input's last axis onto the diagonal `offset` of the planes (dim1, dim2);
- diagonal: the diagonal `offset` of the planes (axis1, axis2), as the last axis.

Math in phi.kernels.funcs.diag.
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
from phi.kernels.funcs import diag as diag_funcs

_TRIL_TRIU_TYPES = (DataType.BOOL, DataType.INT32, DataType.INT64, DataType.FLOAT16,
                    DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)
_DIAG_TYPES = (DataType.INT32, DataType.INT64, DataType.FLOAT16, DataType.FLOAT32,
               DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)
_DIAG_EMBED_TYPES = (DataType.INT32, DataType.INT64, DataType.FLOAT32, DataType.FLOAT64)
_DIAGONAL_TYPES = (DataType.BOOL, DataType.INT32, DataType.INT64, DataType.FLOAT32,
                   DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)


class _FirstInputOp(OperatorWithKernel):
    """The first input's dtype picks the kernel and is Out's dtype."""

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_data_type(ctx), ctx.place)


class TrilTriuOp(_FirstInputOp):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class DiagV2Op(_FirstInputOp):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class DiagEmbedOp(_FirstInputOp):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class DiagonalOp(_FirstInputOp):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class DiagEmbedKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        input = ctx.input("Input")
        out = ctx.output("Out")
        offset = ctx.attr("offset")
        dim1 = ctx.attr("dim1")
        dim2 = ctx.attr("dim2")
        data = out.mutable_data(ctx.place, input.dtype)
        diag_funcs.diag_embed(ctx.xp, input.data, offset, dim1, dim2, data)


class DiagonalKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        input = ctx.input("Input")
        out = ctx.output("Out")
        offset = ctx.attr("offset")
        axis1 = ctx.attr("axis1")
        axis2 = ctx.attr("axis2")
        data = out.mutable_data(ctx.place, input.dtype)
        diag_funcs.diagonal(ctx.xp, input.data, offset, axis1, axis2, data)


VERIFY_CASES = {
    "tril_triu": [{"name": "upper", "inputs": {"X": (3, 4)}, "attrs": {"diagonal": -1}},
                  {"name": "lower", "inputs": {"X": (2, 3, 4)}, "attrs": {"lower": True}}],
    "diag_v2": [{"name": "vector", "inputs": {"X": (4,)},
                 "attrs": {"offset": -1, "padding_value": 1.5}},
                {"name": "matrix", "inputs": {"X": (3, 4)}, "attrs": {"offset": 1}}],
    "diag_embed": [{"name": "planes 0, 2", "inputs": {"Input": (2, 3)},
                    "attrs": {"offset": 1, "dim1": 0, "dim2": 2}}],
    "diagonal": [{"name": "axes 2, 0", "inputs": {"Input": (2, 3, 4)},
                  "attrs": {"offset": 1, "axis1": 2, "axis2": 0}}],
}

register_operator("tril_triu", TrilTriuOp)
register_operator("diag_v2", DiagV2Op)
register_operator("diag_embed", DiagEmbedOp)
register_operator("diagonal", DiagonalOp)
for _backend in ("CPU", "GPU"):
    for _dtype in _DIAG_EMBED_TYPES:
        register_op_kernel("diag_embed", _backend, DiagEmbedKernel, _dtype)
    for _dtype in _DIAGONAL_TYPES:
        register_op_kernel("diagonal", _backend, DiagonalKernel, _dtype)
register_op_table(SameDtypeKernel, [
    OpKernelRow("tril_triu", "TrilTriuKernel", diag_funcs.tril_triu, _TRIL_TRIU_TYPES,
                attrs=("diagonal", "lower")),
    OpKernelRow("diag_v2", "DiagV2Kernel", diag_funcs.diag, _DIAG_TYPES,
                attrs=("offset", "padding_value")),
])
