"""The *_interp ops: Paddle's PHI kernel names (v2 ops drop the suffix, the v1 ops run
legacy_*); the proto order fits the kernels."""

from compat.arg_mapping import register_base_kernel_name

register_base_kernel_name("nearest_interp_v2", "nearest_interp")
register_base_kernel_name("bilinear_interp_v2", "bilinear_interp")
register_base_kernel_name("bicubic_interp_v2", "bicubic_interp")
register_base_kernel_name("linear_interp_v2", "linear_interp")
register_base_kernel_name("trilinear_interp_v2", "trilinear_interp")
register_base_kernel_name("nearest_interp", "legacy_nearest_interp")
register_base_kernel_name("bilinear_interp", "legacy_bilinear_interp")
