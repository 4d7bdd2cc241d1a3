"""embedding: rows of `weight` picked by the ids in `x` (lookup_table_v2)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import embedding as emb_funcs


@register_kernel("embedding", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64, DataType.INT8, DataType.FLOAT16,
                  DataType.BFLOAT16, DataType.COMPLEX64, DataType.COMPLEX128])
@register_kernel("embedding", Backend.GPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64, DataType.INT8, DataType.FLOAT16,
                  DataType.COMPLEX64, DataType.COMPLEX128])
def embedding_kernel(dev_ctx: DeviceContext, x: DenseTensor, weight: DenseTensor,
                     padding_idx: int, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, weight.dtype)
    emb_funcs.embedding(dev_ctx.xp, x.data, weight.data, padding_idx, data)
