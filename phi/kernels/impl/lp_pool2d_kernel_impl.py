"""lp_pool2d: power-average pooling over 2-D windows (`fluidphi migrate` output of
legacy_fluid/operators/lp_pool2d_op.py). Math in phi.kernels.funcs.pooling."""

from __future__ import annotations

from phi.common import Backend, DataLayout, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import pooling as pool_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("lp_pool2d", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("lp_pool2d", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def lp_pool2d_kernel(dev_ctx: DeviceContext, x: DenseTensor, kernel_size: IntArray,
                     strides: list[int], paddings: list[int], ceil_mode: bool, exclusive: bool,
                     data_format: str, pooling_type: str, global_pooling: bool, adaptive: bool,
                     padding_algorithm: str, norm_type: float, out: OutTensor) -> None:
    ksize = kernel_size.get_data()
    dims = pool_funcs.pool2d_out_dims(x.dims, ksize, strides, paddings, ceil_mode, data_format,
                                      global_pooling, adaptive, padding_algorithm)
    pool_funcs.lp_pool2d(dev_ctx.xp, x.data, ksize, strides, paddings, ceil_mode, exclusive,
                         data_format, pooling_type, global_pooling, adaptive,
                         padding_algorithm, norm_type, dev_ctx.alloc(out, x.dtype, dims),
                         dev_ctx.workspace)
