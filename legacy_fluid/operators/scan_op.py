"""Scans along one axis, Out with X's dims and dtype:

- cumprod (`dim`, required; `exclusive`, `reverse`): running products in X's type
  (integers wrap); a 0-d X is copied and takes only dim 0;
- logcumsumexp (`axis`, `flatten`, `exclusive`, `reverse`): running log(sum(exp(X))),
  of the flattened X when `flatten` (Out then 1-D, `axis` -1 or 0); Paddle's scan starts
  from the lowest float (an exclusive scan's first element, and the value of a run of
  -inf), a NaN doubles the running sum and +inf poisons what follows (see
  phi.kernels.funcs.scan).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import scan as scan_funcs

_CUMPROD = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64,
            DataType.COMPLEX64, DataType.COMPLEX128)
_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)


class CumprodOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class LogcumsumexpOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class CumprodKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        dim = ctx.attr("dim")
        exclusive = ctx.attr("exclusive")
        reverse = ctx.attr("reverse")
        data = out.mutable_data(ctx.place, x.dtype)
        scan_funcs.cumprod(ctx.xp, x.data, dim, exclusive, reverse, data)


class LogcumsumexpKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        axis = ctx.attr("axis")
        flatten = ctx.attr("flatten")
        exclusive = ctx.attr("exclusive")
        reverse = ctx.attr("reverse")
        data = out.mutable_data(ctx.place, x.dtype)
        scan_funcs.logcumsumexp(ctx.xp, x.data, axis, flatten, exclusive, reverse, data)


VERIFY_CASES = {
    "cumprod": [{"name": "dim 1 exclusive reverse", "inputs": {"X": (3, 4)},
                 "attrs": {"dim": 1, "exclusive": True, "reverse": True}}],
    "logcumsumexp": [{"name": "axis 0 exclusive", "inputs": {"X": (3, 4)},
                      "attrs": {"axis": 0, "exclusive": True}},
                     {"name": "flatten reverse", "inputs": {"X": (3, 4)},
                      "attrs": {"flatten": True, "reverse": True}}],
}

register_operator("cumprod", CumprodOp)
register_operator("logcumsumexp", LogcumsumexpOp)
for _backend in ("CPU", "GPU"):
    for _dtype in _CUMPROD:
        register_op_kernel("cumprod", _backend, CumprodKernel, _dtype)
    for _dtype in _FLOAT:
        register_op_kernel("logcumsumexp", _backend, LogcumsumexpKernel, _dtype)
