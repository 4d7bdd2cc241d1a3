"""Legacy -> PHI kernel names of the math family where only the name differs (the default
argument mapping fits): fluid's `sum` op runs PHI `add_n`, `isnan_v2` runs `isnan`."""

from compat.arg_mapping import register_base_kernel_name

register_base_kernel_name("sum", "add_n")
register_base_kernel_name("isnan_v2", "isnan")
