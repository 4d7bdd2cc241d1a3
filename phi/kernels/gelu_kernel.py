"""gelu(x, approximate: bool) -> out.

out = 0.5 * x * (1 + erf(x / sqrt(2))), or with `approximate`
0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3))).
"""

from phi.kernels.impl.gelu_kernel_impl import gelu_kernel

__all__ = ["gelu_kernel"]
