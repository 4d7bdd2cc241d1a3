"""add_position_encoding: x * alpha + beta * the sinusoid of each row's position in its
sequence (`fluidphi migrate` output of legacy_fluid/operators/add_position_encoding_op.py).
Math in phi.kernels.funcs.sequence.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import sequence as seq_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("add_position_encoding", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("add_position_encoding", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def add_position_encoding_kernel(dev_ctx: DeviceContext, x: DenseTensor, alpha: float,
                                 beta: float, out: OutTensor) -> None:
    offsets = seq_funcs.position_offsets("add_position_encoding", x.dims, x.lod)
    seq_funcs.add_position_encoding(dev_ctx.xp, x.data, offsets, alpha, beta,
                                    dev_ctx.alloc(out, x.dtype))
