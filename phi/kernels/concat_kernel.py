"""concat(x: list[Tensor], axis: Scalar) -> out: the inputs joined along `axis`.

Inputs agree on every dim but `axis` (negative counts from the end); out has
the dtype InferMeta gives it (the first input's).
"""

from phi.kernels.impl.concat_kernel_impl import concat_kernel

__all__ = ["concat_kernel"]
