"""sequence_softmax: softmax within each sequence of x's last LoD level (`fluidphi migrate`
output of legacy_fluid/operators/sequence_softmax_op.py). Math in phi.kernels.funcs.sequence.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import sequence as seq_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("sequence_softmax", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("sequence_softmax", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def sequence_softmax_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    offsets = seq_funcs.check_softmax_input("sequence_softmax", x.dims, x.lod)
    seq_funcs.sequence_softmax(dev_ctx.xp, x.data, offsets, dev_ctx.alloc(out, x.dtype))
