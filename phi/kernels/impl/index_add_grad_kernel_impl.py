"""index_add_grad: one body for every backend (math in phi.kernels.funcs.indexing)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import indexing as index_funcs
from phi.kernels.impl.dtype_sets import HALF_FLOAT_INT


@register_kernel("index_add_grad", Backend.CPU, DataLayout.ALL_LAYOUT, HALF_FLOAT_INT)
@register_kernel("index_add_grad", Backend.GPU, DataLayout.ALL_LAYOUT, HALF_FLOAT_INT)
def index_add_grad_kernel(dev_ctx: DeviceContext, index: DenseTensor, add_value: DenseTensor,
                          out_grad: DenseTensor, axis: int, x_grad: OptionalOutTensor,
                          add_value_grad: OptionalOutTensor) -> None:
    index_funcs.index_add_grad(
        dev_ctx.xp, index.data, out_grad.data, axis,
        None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype),
        None if add_value_grad is None else dev_ctx.alloc(add_value_grad, out_grad.dtype))
