"""standard_gamma: one body for every backend (math in phi.kernels.funcs.random)."""

from __future__ import annotations

from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import random as random_funcs
from phi.kernels.impl.dtype_sets import FLOAT
from phi.kernels.impl.elementwise_templates import same_dtype_in_call

register_table(same_dtype_in_call, [
    KernelRow("standard_gamma", random_funcs.standard_gamma, FLOAT),
])
