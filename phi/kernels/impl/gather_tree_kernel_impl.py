"""gather_tree (`fluidphi migrate` output of legacy_fluid/operators/gather_tree_op.py).
Math in phi.kernels.funcs.beam."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import beam as beam_funcs
from phi.kernels.impl.dtype_sets import INT


@register_kernel("gather_tree", Backend.CPU, DataLayout.ALL_LAYOUT, INT)
@register_kernel("gather_tree", Backend.GPU, DataLayout.ALL_LAYOUT, INT)
def gather_tree_kernel(dev_ctx: DeviceContext, ids: DenseTensor, parents: DenseTensor,
                       out: OutTensor) -> None:
    beam_funcs.gather_tree(dev_ctx.xp, ids.data, parents.data, dev_ctx.alloc(out, ids.dtype))
