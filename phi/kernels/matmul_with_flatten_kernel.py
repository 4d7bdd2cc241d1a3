"""matmul_with_flatten(x, y, x_num_col_dims: int, y_num_col_dims: int) -> out.

x is flattened to [prod(dims[:x_num_col_dims]), rest] and y likewise; out has dims
x.dims[:x_num_col_dims] + y.dims[y_num_col_dims:]. The kernel of fluid's `mul`.
"""

from phi.kernels.impl.matmul_with_flatten_kernel_impl import matmul_with_flatten_kernel

__all__ = ["matmul_with_flatten_kernel"]
