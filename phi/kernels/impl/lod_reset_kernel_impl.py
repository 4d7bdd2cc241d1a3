"""lod_reset: x's data with a new LoD (`fluidphi migrate` output of
legacy_fluid/operators/lod_reset_op.py). Y's values are read on the host. Math in
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


@register_kernel("lod_reset", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("lod_reset", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def lod_reset_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor | None,
                     target_lod: list[int], append: bool, out: OutTensor) -> None:
    lod = seq_funcs.reset_lod("lod_reset", x.dims[0] if x.dims else 1, x.lod,
                              None if y is None else y.lod,
                              None if y is None or y.lod else y.data, target_lod, append)
    dev_ctx.alloc(out, x.dtype)[...] = x.data
    out.lod = lod
