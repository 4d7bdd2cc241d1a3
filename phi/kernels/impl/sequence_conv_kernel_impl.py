"""sequence_conv: a 1-D convolution over each sequence's time steps (`fluidphi migrate`
output of legacy_fluid/operators/sequence_conv_op.py). Math in phi.kernels.funcs.sequence.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import sequence as seq_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("sequence_conv", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("sequence_conv", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def sequence_conv_kernel(dev_ctx: DeviceContext, x: DenseTensor,
                         padding_data: DenseTensor | None, filter: DenseTensor,
                         context_length: int, padding_trainable: bool, context_start: int,
                         context_stride: int, out: OutTensor) -> None:
    offsets = seq_funcs.conv_offsets("sequence_conv", x.lod, x.dims[0])
    padding = padding_data.data if padding_trainable else None
    seq_funcs.sequence_conv(dev_ctx.xp, x.data, offsets, filter.data, padding, context_length,
                            context_start, context_stride, dev_ctx.alloc(out, x.dtype))
