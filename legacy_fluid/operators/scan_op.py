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

from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import SameDtypeKernel
from phi.common import DataType
from phi.kernels.funcs import scan as scan_funcs

_CUMPROD = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64,
            DataType.COMPLEX64, DataType.COMPLEX128)
_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)


class CumprodOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class LogcumsumexpOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


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
#: (op type, kernel class, funcs function, dtypes, attributes read and passed after X)
register_op_table(SameDtypeKernel, [
    OpKernelRow("cumprod", "CumprodKernel", scan_funcs.cumprod, _CUMPROD,
                attrs=("dim", "exclusive", "reverse")),
    OpKernelRow("logcumsumexp", "LogcumsumexpKernel", scan_funcs.logcumsumexp, _FLOAT,
                attrs=("axis", "flatten", "exclusive", "reverse")),
])
