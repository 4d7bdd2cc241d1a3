"""batch_norm_infer(x, mean, variance, scale?, bias?, momentum: float, epsilon: float,
data_layout: str) -> (y, mean_out, variance_out);
batch_norm(x, mean, variance, scale?, bias?, is_test: bool, momentum: float, epsilon: float,
data_layout: str, use_global_stats: bool, trainable_statistics: bool)
-> (y, mean_out, variance_out, saved_mean?, saved_variance?, reserve_space?)."""

from phi.kernels.impl.batch_norm_kernel_impl import batch_norm_infer_kernel, batch_norm_kernel

__all__ = ["batch_norm_infer_kernel", "batch_norm_kernel"]
