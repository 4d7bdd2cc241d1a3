"""embedding_grad: the dense gradient of an embedding table, one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import embedding_grad as embedding_grad_funcs

_FLOAT = [DataType.FLOAT32, DataType.FLOAT64]


@register_kernel("embedding_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("embedding_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def embedding_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, weight: DenseTensor,
                          out_grad: DenseTensor, padding_idx: int,
                          weight_grad: OutTensor) -> None:
    data = dev_ctx.alloc(weight_grad, weight.dtype)
    embedding_grad_funcs.embedding_grad(dev_ctx.xp, x.data, out_grad.data, padding_idx, data)
