"""Counting into bins:

- histogram (`bins`, `min`, `max`, `density`; optional Weight): Out has `bins` elements,
  int64 counts, or float32 with Weight or density (float32 zeros for an empty X); min ==
  max takes X's own range;
- bincount (`minlength`; optional Weights): how often each non-negative integer of X
  occurs; Out's length is max(max(X) + 1, minlength), so the kernel sizes it. int64, or
  float32 / float64 sums of Weights (float64 for integer weights). The kernel type is
  Weights' dtype when given, else X's.

Binning rules and dtypes are Paddle 3.3.1's (phi.kernels.funcs.histogram).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import histogram as hist_funcs

_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64)


class HistogramOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class BincountOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        slot = "Weights" if ctx.has_input("Weights") else "X"
        return OpKernelType(self.indicate_var_data_type(ctx, slot), ctx.place)


class HistogramKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        weight = ctx.input("Weight") if ctx.has_input("Weight") else None
        out = ctx.output("Out")
        bins = ctx.attr("bins")
        vmin = ctx.attr("min")
        vmax = ctx.attr("max")
        density = ctx.attr("density")
        dtype = hist_funcs.histogram_dtype(weight is not None, density)
        data = out.mutable_data(ctx.place, dtype if x.numel() else DataType.FLOAT32)
        hist_funcs.histogram(ctx.xp, x.data, None if weight is None else weight.data, bins,
                             vmin, vmax, density, data)


class BincountKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        weights = ctx.input("Weights") if ctx.has_input("Weights") else None
        out = ctx.output("Out")
        minlength = ctx.attr("minlength")
        counts = hist_funcs.bincount(ctx.xp, x.data, None if weights is None else weights.data,
                                     minlength)
        out.resize(counts.shape)
        data = out.mutable_data(ctx.place, hist_funcs.bincount_dtype(
            None if weights is None else weights.dtype))
        data[...] = counts


VERIFY_CASES = {
    "histogram": [{"name": "bins 5 over [-1, 1]", "inputs": {"X": (3, 4)},
                   "attrs": {"bins": 5, "min": -1.0, "max": 1.0}},
                  {"name": "weighted density", "inputs": {"X": (3, 4), "Weight": (3, 4)},
                   "attrs": {"bins": 4, "density": True}}],
    "bincount": [{"name": "weighted", "inputs": {
        "X": {"shape": (9,), "dtype": "int64", "low": 0, "high": 6}, "Weights": (9,)},
        "attrs": {"minlength": 8}}],
}

register_operator("histogram", HistogramOp)
register_operator("bincount", BincountOp)
for _backend in ("CPU", "GPU"):
    for _dtype in _TYPES:
        register_op_kernel("histogram", _backend, HistogramKernel, _dtype)
        register_op_kernel("bincount", _backend, BincountKernel, _dtype)
