"""reverse: X with the axes in `axis` reversed (negative: from the end; a repeated axis is
reversed once); math in phi.kernels.funcs.manipulation."""

from __future__ import annotations

from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import SameDtypeKernel
from phi.common import DataType
from phi.kernels.funcs import manipulation as manip_funcs

register_operator("reverse", OperatorWithKernel)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "both axes", "attrs": {"axis": [1, -2]}, "inputs": {"X": (3, 4)}}]
register_op_table(SameDtypeKernel, [
    OpKernelRow("reverse", "ReverseKernel", manip_funcs.reverse,
                (DataType.BOOL, DataType.UINT8, DataType.INT32, DataType.INT64, DataType.FLOAT32,
                 DataType.FLOAT64),
                attrs=("axis",)),
], by_dtype=True)
