"""Legacy op type -> PHI kernel name for nlp-family ops whose default mapping fits."""

from compat.arg_mapping import register_base_kernel_name

register_base_kernel_name("transpose2", "transpose")
register_base_kernel_name("squeeze2", "squeeze")
register_base_kernel_name("fill_any_like", "full_like")
register_base_kernel_name("arg_max", "argmax")
register_base_kernel_name("range", "arange")
