"""heaviside: out = y where x == 0, else 1 for x > 0 and 0 otherwise (NaN x gives 0); y
broadcast against x NumPy-style (`fluidphi migrate` output of
legacy_fluid/operators/elementwise_op.py, fluid's elementwise_heaviside)."""

from __future__ import annotations

from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import elementwise as ew_funcs
from phi.kernels.impl.elementwise_templates import binary_broadcast

_TYPES = ew_funcs.NO_AXIS_TYPES


register_table(binary_broadcast, [
    KernelRow("heaviside", ew_funcs.heaviside, _TYPES),
])
