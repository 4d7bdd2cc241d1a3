"""embedding_grad (lookup_table_v2_grad) and lookup_table_grad (v1, ids shaped [..., 1]):
the dense gradient of an embedding table, one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import embedding_grad as embedding_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_BF16, FLOAT_HALF


@register_kernel("embedding_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 list(embedding_grad_funcs.EMBEDDING_GRAD_CPU_TYPES))
@register_kernel("embedding_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def embedding_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, weight: DenseTensor,
                          out_grad: DenseTensor, padding_idx: int,
                          weight_grad: OutTensor) -> None:
    data = dev_ctx.alloc(weight_grad, weight.dtype)
    embedding_grad_funcs.embedding_grad(dev_ctx.xp, x.data, out_grad.data, padding_idx, data)


# Paddle 3.3.1 registers lookup_table_grad on CPU for these (bfloat16 accumulates in
# bfloat16, one id after another, as its kernel does); its GPU kernel for float16 too.
@register_kernel("lookup_table_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_BF16)
@register_kernel("lookup_table_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def lookup_table_grad_kernel(dev_ctx: DeviceContext, w: DenseTensor, ids: DenseTensor,
                             out_grad: DenseTensor, padding_idx: int, w_grad: OutTensor) -> None:
    data = dev_ctx.alloc(w_grad, w.dtype)
    embedding_grad_funcs.embedding_grad(dev_ctx.xp, ids.data, out_grad.data, padding_idx, data)
