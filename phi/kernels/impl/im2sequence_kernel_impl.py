"""im2sequence: an image's sliding windows as a sequence of rows (`fluidphi migrate`
output of legacy_fluid/operators/im2sequence_op.py). Y's real sizes are read on the host;
the kernel sizes out and sets its LoD. Math in phi.kernels.funcs.sequence.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import sequence as seq_funcs


@register_kernel("im2sequence", Backend.CPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
@register_kernel("im2sequence", Backend.GPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
def im2sequence_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor | None,
                       kernels: list[int], strides: list[int], paddings: list[int],
                       out_stride: list[int], out: OutTensor) -> None:
    down, across = seq_funcs.im2sequence_windows("im2sequence", x.dims,
                                                 None if y is None else y.data, kernels,
                                                 strides, paddings, out_stride)
    counts = down * across
    out.resize((int(counts.sum()), x.dims[1] * kernels[0] * kernels[1]))
    seq_funcs.im2sequence(dev_ctx.xp, x.data, down, across, kernels, strides, paddings,
                          dev_ctx.alloc(out, x.dtype))
    out.lod = [[0, *(int(v) for v in counts.cumsum())]]
