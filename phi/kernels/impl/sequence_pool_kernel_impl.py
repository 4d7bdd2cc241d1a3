"""sequence_pool: one pooled row per sequence of x's last LoD level (`fluidphi migrate`
output of legacy_fluid/operators/sequence_pool_op.py). Math in phi.kernels.funcs.sequence.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import sequence as seq_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("sequence_pool", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("sequence_pool", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def sequence_pool_kernel(dev_ctx: DeviceContext, x: DenseTensor, is_test: bool, pooltype: str,
                         pad_value: float, out: OutTensor, max_index: OptionalOutTensor) -> None:
    pooltype = seq_funcs.PoolType.parse("sequence_pool", pooltype)
    offsets = seq_funcs.last_level("sequence_pool", x.lod, x.dims[0], max_levels=2)
    index = None
    if pooltype is seq_funcs.PoolType.MAX and max_index is not None:
        index = dev_ctx.alloc(max_index, DataType.INT32)
    seq_funcs.sequence_pool(dev_ctx.xp, x.data, offsets, pooltype, pad_value,
                            dev_ctx.alloc(out, x.dtype), index)
