"""fmax: out = max(x, y) skipping a NaN operand, y on ties (+-0); integers through float32 /
float64; y broadcast against x NumPy-style (`fluidphi migrate` output of
legacy_fluid/operators/elementwise_op.py, fluid's elementwise_fmax)."""

from __future__ import annotations

from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import elementwise as ew_funcs
from phi.kernels.impl.elementwise_templates import binary_broadcast

_TYPES = ew_funcs.NO_AXIS_TYPES


register_table(binary_broadcast, [
    KernelRow("fmax", ew_funcs.fmax, _TYPES),
])
