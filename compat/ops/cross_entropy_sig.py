"""cross_entropy2's grad op is cross_entropy_grad2 in Paddle: its PHI kernel takes the
conventional name cross_entropy2_grad (the default mapping fits both ops)."""

from compat.arg_mapping import register_base_kernel_name

register_base_kernel_name("cross_entropy_grad2", "cross_entropy2_grad")
