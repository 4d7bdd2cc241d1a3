"""Diag family: fluid's diag_v2 runs PHI's diag; the others map by default."""

from compat.arg_mapping import register_base_kernel_name

register_base_kernel_name("diag_v2", "diag")
