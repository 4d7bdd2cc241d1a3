"""mul_grad -> matmul_with_flatten_grad (the default mapping fits)."""

from compat.arg_mapping import register_base_kernel_name

register_base_kernel_name("mul_grad", "matmul_with_flatten_grad")
