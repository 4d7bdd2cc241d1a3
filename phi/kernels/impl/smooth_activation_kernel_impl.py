"""Smooth activation kernels, out = f(x) with x's dims and dtype (`fluidphi migrate` output
of legacy_fluid/operators/smooth_activation_op.py):

softplus(x, beta, threshold): x where beta * x > threshold, else log(1 + exp(beta * x)) / beta;
silu(x): x * sigmoid(x); logsigmoid(x): log(sigmoid(x));
mish(x, threshold): x * tanh(softplus(x)); elu(x, alpha), celu(x, alpha): the exponential
linear units. Math in phi.kernels.funcs.activation.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import activation as act_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_COMPLEX
from phi.kernels.impl.elementwise_templates import same_dtype


@register_kernel("softplus", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("softplus", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def softplus_kernel(dev_ctx: DeviceContext, x: DenseTensor, beta: float, threshold: float,
                    out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.softplus(dev_ctx.xp, x.data, beta, threshold, data)


#: (name, funcs function, CPU dtypes, GPU dtypes)
register_table(same_dtype, [
    KernelRow("silu", act_funcs.silu, FLOAT_COMPLEX, FLOAT),
    KernelRow("logsigmoid", act_funcs.logsigmoid, FLOAT_COMPLEX, FLOAT),
])


@register_kernel("mish", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("mish", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def mish_kernel(dev_ctx: DeviceContext, x: DenseTensor, threshold: float, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.mish(dev_ctx.xp, x.data, threshold, data)


@register_kernel("elu", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("elu", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def elu_kernel(dev_ctx: DeviceContext, x: DenseTensor, alpha: float, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.elu(dev_ctx.xp, x.data, alpha, data)


@register_kernel("celu", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("celu", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def celu_kernel(dev_ctx: DeviceContext, x: DenseTensor, alpha: float, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.celu(dev_ctx.xp, x.data, alpha, data)
