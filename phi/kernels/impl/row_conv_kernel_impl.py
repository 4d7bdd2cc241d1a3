"""row_conv: lookahead convolution over each sequence (`fluidphi migrate` output of
legacy_fluid/operators/row_conv_op.py). Math in phi.kernels.funcs.sequence.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import sequence as seq_funcs


@register_kernel("row_conv", Backend.CPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
@register_kernel("row_conv", Backend.GPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
def row_conv_kernel(dev_ctx: DeviceContext, x: DenseTensor, filter: DenseTensor,
                    out: OutTensor) -> None:
    offsets = seq_funcs.row_conv_offsets("row_conv", x.dims, x.lod)
    seq_funcs.row_conv(dev_ctx.xp, x.data, offsets, filter.data, dev_ctx.alloc(out, x.dtype))
