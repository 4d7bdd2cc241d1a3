"""bitwise_and: out = x & y (logical and for bool), y broadcast against x NumPy-style
(`fluidphi migrate` output of legacy_fluid/operators/bitwise_op.py), a row of the
element-wise tables (phi.core.kernel_table)."""

from __future__ import annotations

from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import bitwise as bitwise_funcs
from phi.kernels.funcs import elementwise as ew_funcs
from phi.kernels.impl.elementwise_templates import binary_broadcast

_TYPES = bitwise_funcs.TYPES


register_table(binary_broadcast, [
    KernelRow("bitwise_and", ew_funcs.bitwise_and, _TYPES),
])
