"""l1_norm: one body for every backend (math in phi.kernels.funcs.linalg)."""

from __future__ import annotations

from phi.common import DataType
from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import linalg as la_funcs
from phi.kernels.impl.elementwise_templates import same_dtype_in_call

register_table(same_dtype_in_call, [
    KernelRow("l1_norm", la_funcs.l1_norm, [DataType.FLOAT32]),
])
