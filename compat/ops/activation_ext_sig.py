"""activation_ext family: legacy -> PHI kernel names where only the name differs (the
default argument mapping fits): fluid's `brelu` runs PHI `hardtanh`, `hard_shrink` runs
`hardshrink` (the name Paddle 3.3.1's `_get_phi_kernel_name` gives)."""

from compat.arg_mapping import register_base_kernel_name

register_base_kernel_name("brelu", "hardtanh")
register_base_kernel_name("hard_shrink", "hardshrink")
