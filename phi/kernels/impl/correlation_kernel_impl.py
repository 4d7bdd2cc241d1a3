"""correlation: the CPU kernel refuses as Paddle's does, the GPU kernel (CUDA, emulated)
computes (`fluidphi migrate` output of legacy_fluid/operators/correlation_op.py). Math in
phi.kernels.funcs.correlation."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import correlation as corr_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("correlation", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
def correlation_cpu_kernel(dev_ctx: DeviceContext, input1: DenseTensor, input2: DenseTensor,
                           pad_size: int, kernel_size: int, max_displacement: int,
                           stride1: int, stride2: int, corr_type_multiply: int,
                           out: OutTensor) -> None:
    corr_funcs.refuse_on_cpu()


@register_kernel("correlation", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def correlation_kernel(dev_ctx: DeviceContext, input1: DenseTensor, input2: DenseTensor,
                       pad_size: int, kernel_size: int, max_displacement: int, stride1: int,
                       stride2: int, corr_type_multiply: int, out: OutTensor) -> None:
    dims = corr_funcs.correlation_dims(input1.dims, input2.dims, pad_size, kernel_size,
                                       max_displacement, stride1, stride2)
    corr_funcs.correlation(dev_ctx.xp, input1.data, input2.data, pad_size, kernel_size,
                           max_displacement, stride1, stride2,
                           dev_ctx.alloc(out, input1.dtype, dims))
