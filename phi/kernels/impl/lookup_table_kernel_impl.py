"""lookup_table (v1): like embedding, with ids shaped [..., 1].

Only padding_idx matters for a dense lookup; the other fluid attributes configure
distributed training and are not passed (phi/op_compat.yaml's extra attributes).
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import embedding as emb_funcs
from phi.kernels.impl.dtype_sets import FLOAT_HALF


@register_kernel("lookup_table", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64, DataType.INT8, DataType.INT16,
                  DataType.BFLOAT16])
@register_kernel("lookup_table", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def lookup_table_kernel(dev_ctx: DeviceContext, w: DenseTensor, ids: DenseTensor, padding_idx: int,
                        out: OutTensor) -> None:
    data = dev_ctx.alloc(out, w.dtype)
    emb_funcs.embedding(dev_ctx.xp, ids.data, w.data, padding_idx, data)
