"""Grads of the LoD sequence family (PHI <op>_grad of the same names), slots as Paddle's
grad OpDescs and the forward's attributes; the sequences come from X's LoD (the output
gradient is fed without one). sequence_pool_grad: X (dims, LoD), MaxIndex (MAX),
Out@GRAD -> X@GRAD; sequence_softmax_grad: X, Out, Out@GRAD -> X@GRAD; sequence_conv_grad:
X, PaddingData, Filter, Out@GRAD -> X@GRAD, PaddingData@GRAD (trainable padding),
Filter@GRAD; sequence_expand_grad: X, Y (its LoD), Out@GRAD -> X@GRAD; row_conv_grad: X,
Filter, Out@GRAD -> X@GRAD, Filter@GRAD; lod_reset_grad: X, Out@GRAD -> X@GRAD (the
gradient as is, with X's LoD); add_position_encoding_grad: X (dims, LoD), Out@GRAD ->
X@GRAD; im2sequence_grad: X (dims), Y (unused), Out@GRAD -> X@GRAD; match_matrix_tensor_grad:
X, Y (their LoD), W, Tmp, Out@GRAD -> X@GRAD, Y@GRAD, W@GRAD. Math:
phi.kernels.funcs.sequence_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.kernel_templates import OutGradLikeXKernel
from phi.common import DataType
from phi.kernels.funcs import sequence as seq_funcs
from phi.kernels.funcs import sequence_grad as seq_grad_funcs

_FLOATS = (DataType.FLOAT32, DataType.FLOAT64)
_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64)


class SequencePoolGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        max_index = ctx.input("MaxIndex")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        pool = seq_funcs.PoolType.parse("sequence_pool_grad", ctx.attr("pooltype"))
        offsets = seq_funcs.last_level("sequence_pool_grad", x.lod, x.dims[0], max_levels=2)
        index = None if pool is not seq_funcs.PoolType.MAX or max_index is None \
            else max_index.data
        seq_grad_funcs.sequence_pool_grad(ctx.xp, offsets, pool, out_grad.data, index,
                                          x_grad.mutable_data(ctx.place, out_grad.dtype))


class SequenceSoftmaxGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.input("Out")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        offsets = seq_funcs.check_softmax_input("sequence_softmax_grad", x.dims, x.lod)
        seq_grad_funcs.sequence_softmax_grad(ctx.xp, out.data, out_grad.data, offsets,
                                             x_grad.mutable_data(ctx.place, out.dtype))


class SequenceConvGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        padding_data = ctx.input("PaddingData")
        filter = ctx.input("Filter")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        padding_data_grad = ctx.output("PaddingData@GRAD")
        filter_grad = ctx.output("Filter@GRAD")
        context_length = ctx.attr("contextLength")
        padding_trainable = ctx.attr("paddingTrainable")
        context_start = ctx.attr("contextStart")
        offsets = seq_funcs.conv_offsets("sequence_conv_grad", x.lod, x.dims[0])
        padding = None if padding_data is None or not padding_trainable else padding_data.data
        seq_grad_funcs.sequence_conv_grad(
            ctx.xp, x.data, offsets, filter.data, padding, out_grad.data, context_length,
            context_start, None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype),
            None if padding is None or padding_data_grad is None
            else padding_data_grad.mutable_data(ctx.place, x.dtype),
            None if filter_grad is None else filter_grad.mutable_data(ctx.place, x.dtype))


class SequenceExpandGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        ref_level = ctx.attr("ref_level")
        rows, _ = seq_funcs.expand_plan("sequence_expand_grad", x.dims, x.lod, y.lod, ref_level)
        seq_grad_funcs.sequence_expand_grad(ctx.xp, rows, out_grad.data,
                                            x_grad.mutable_data(ctx.place, out_grad.dtype))


class RowConvGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        filter = ctx.input("Filter")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        filter_grad = ctx.output("Filter@GRAD")
        offsets = seq_funcs.row_conv_offsets("row_conv_grad", x.dims, x.lod)
        seq_grad_funcs.row_conv_grad(
            ctx.xp, x.data, offsets, filter.data, out_grad.data,
            None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype),
            None if filter_grad is None else filter_grad.mutable_data(ctx.place, x.dtype))


class LoDResetGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        x_grad.mutable_data(ctx.place, out_grad.dtype)[...] = out_grad.data


class LodResetGradOp(GradOp):
    """lod_reset's Out has X's dims (only its LoD differs)."""

    COTANGENT_LIKE = {"Out@GRAD": "X"}


register_operator("sequence_pool_grad", GradOp)
register_operator("sequence_softmax_grad", GradOp)
register_operator("sequence_conv_grad", GradOp)
register_operator("sequence_expand_grad", GradOp)
register_operator("row_conv_grad", GradOp)
register_operator("lod_reset_grad", LodResetGradOp)
class MatchMatrixTensorGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        w = ctx.input("W")
        tmp = ctx.input("Tmp")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        w_grad = ctx.output("W@GRAD")
        dim_t = ctx.attr("dim_t")
        x_off, y_off, out_off = seq_funcs.match_offsets("match_matrix_tensor_grad", x.dims,
                                                        x.lod, y.dims, y.lod, dim_t)
        seq_grad_funcs.match_matrix_tensor_grad(
            ctx.xp, x.data, y.data, w.data, tmp.data, out_grad.data, x_off, y_off, out_off,
            None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype),
            None if y_grad is None else y_grad.mutable_data(ctx.place, y.dtype),
            None if w_grad is None else w_grad.mutable_data(ctx.place, w.dtype))


register_operator("add_position_encoding_grad", GradOp)
register_operator("im2sequence_grad", GradOp)
register_operator("match_matrix_tensor_grad", GradOp)
for _op, _kernel, _dtypes in (
        ("sequence_pool_grad", SequencePoolGradKernel, _FLOATS),
        ("sequence_softmax_grad", SequenceSoftmaxGradKernel, _FLOATS),
        ("sequence_conv_grad", SequenceConvGradKernel, _FLOATS),
        ("sequence_expand_grad", SequenceExpandGradKernel, _TYPES),
        ("row_conv_grad", RowConvGradKernel, (DataType.FLOAT32,)),
        ("lod_reset_grad", LoDResetGradKernel, _TYPES),
        ("match_matrix_tensor_grad", MatchMatrixTensorGradKernel, (DataType.FLOAT32,))):
    for _dtype in _dtypes:
        register_op_kernel(_op, "CPU", _kernel, _dtype)
        register_op_kernel(_op, "GPU", _kernel, _dtype)

_LOD = [[0, 2, 2, 6]]
#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {
    "sequence_pool_grad": [{"name": f"{p} over 3 sequences", "attrs": {"pooltype": p}, "inputs": {
        "X": {"shape": (6, 4), "lod": _LOD}, "MaxIndex": None, "Out@GRAD": (3, 4)}}
        for p in ("SUM", "AVERAGE", "SQRT", "LAST", "FIRST")],
    "sequence_softmax_grad": [{"name": "3 sequences", "inputs": {
        "X": {"shape": (6, 1), "lod": _LOD}, "Out": {"shape": (6, 1), "low": 0.1, "high": 0.9},
        "Out@GRAD": (6, 1)}}],
    "sequence_conv_grad": [{"name": "centered, trainable padding", "attrs": {
        "contextLength": 3, "contextStart": -1, "paddingTrainable": True},
        "inputs": {"X": {"shape": (6, 2), "lod": _LOD}, "PaddingData": (2, 2),
                   "Filter": (6, 3), "Out@GRAD": (6, 3)}}],
    "sequence_expand_grad": [{"name": "rows", "inputs": {
        "X": (3, 2), "Y": {"shape": (6, 1), "lod": _LOD}, "Out@GRAD": (6, 2)}}],
    "row_conv_grad": [{"name": "lookahead 2", "inputs": {
        "X": {"shape": (6, 3), "lod": _LOD}, "Filter": (2, 3), "Out@GRAD": (6, 3)}}],
    "lod_reset_grad": [{"name": "rows", "attrs": {"target_lod": [0, 3, 6]},
                        "inputs": {"X": (6, 2), "Out@GRAD": (6, 2)}}],
    "add_position_encoding_grad": [{"name": "padded batch", "attrs": {"alpha": 0.5},
                                    "inputs": {"X": (2, 3, 4), "Out@GRAD": (2, 3, 4)}}],
    "im2sequence_grad": [{"name": "2x2 windows", "attrs": {"kernels": [2, 2]}, "inputs": {
        "X": (1, 2, 3, 3), "Y": None, "Out@GRAD": (4, 8)}, "dtypes": ["float32"]}],
    "match_matrix_tensor_grad": [{"name": "2 pairs", "attrs": {"dim_t": 2}, "inputs": {
        "X": {"shape": (5, 3), "lod": [[0, 2, 5]]}, "Y": {"shape": (4, 3), "lod": [[0, 3, 4]]},
        "W": (3, 2, 3), "Tmp": (30, 1), "Out@GRAD": (24, 1)}, "dtypes": ["float32"]}],
}
register_op_table(OutGradLikeXKernel, [
    OpKernelRow("add_position_encoding_grad", "AddPositionEncodingGradKernel",
                seq_grad_funcs.add_position_encoding_grad, _FLOATS, attrs=("alpha",)),
    OpKernelRow("im2sequence_grad", "Im2SequenceGradKernel", seq_grad_funcs.im2sequence_grad,
                (DataType.FLOAT32,), attrs=("kernels", "strides", "paddings", "out_stride")),
], by_dtype=True)
