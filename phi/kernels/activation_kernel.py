"""Unary math and simple activation kernels, each (x) -> out with x's dims:

abs(x) -> out: |x|; the modulus for complex x, whose result is real.
exp(x) -> out: e ** x.
sqrt(x) -> out: sqrt(x) (NaN for negative x).
rsqrt(x) -> out: 1 / sqrt(x).
log(x) -> out: ln(x) (-inf at 0, NaN for negative x).
square(x) -> out: x * x.
reciprocal(x) -> out: 1 / x.
floor(x) -> out: x rounded toward -inf (integers unchanged).
ceil(x) -> out: x rounded toward +inf (integers unchanged).
sin(x) -> out, cos(x) -> out, tanh(x) -> out.
sigmoid(x) -> out: 1 / (1 + exp(-x)).
relu(x) -> out: max(x, 0); NaN gives 0.
sign(x) -> out: -1, 0 or 1 by the sign of x; NaN stays NaN.
"""

from phi.kernels.impl.activation_kernel_impl import (
    abs_kernel,
    ceil_kernel,
    cos_kernel,
    exp_kernel,
    floor_kernel,
    log_kernel,
    reciprocal_kernel,
    relu_kernel,
    rsqrt_kernel,
    sigmoid_kernel,
    sign_kernel,
    sin_kernel,
    sqrt_kernel,
    square_kernel,
    tanh_kernel,
)

__all__ = ["abs_kernel", "ceil_kernel", "cos_kernel", "exp_kernel", "floor_kernel", "log_kernel",
           "reciprocal_kernel", "relu_kernel", "rsqrt_kernel", "sigmoid_kernel", "sign_kernel",
           "sin_kernel", "sqrt_kernel", "square_kernel", "tanh_kernel"]
