"""sequence_expand: repeat x's sequences as often as y's sequences have elements
(`fluidphi migrate` output of legacy_fluid/operators/sequence_expand_op.py). Math in
phi.kernels.funcs.sequence.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import sequence as seq_funcs
from phi.kernels.impl.dtype_sets import FLOAT_INT


@register_kernel("sequence_expand", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("sequence_expand", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def sequence_expand_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                           ref_level: int, out: OutTensor) -> None:
    rows, lod = seq_funcs.expand_plan("sequence_expand", x.dims, x.lod, y.lod, ref_level)
    data = dev_ctx.alloc(out, x.dtype)
    data[...] = x.data if rows is None else x.data[dev_ctx.xp.asarray(rows)]
    out.lod = lod
