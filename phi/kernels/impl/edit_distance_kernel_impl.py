"""edit_distance: one body for every backend (math in phi.kernels.funcs.metric, on the host)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import metric as metric_funcs


@register_kernel("edit_distance", Backend.CPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
@register_kernel("edit_distance", Backend.GPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
def edit_distance_kernel(dev_ctx: DeviceContext, hyps: DenseTensor, refs: DenseTensor,
                         hypslength: DenseTensor | None, refslength: DenseTensor | None,
                         normalized: bool, sequencenum: OutTensor, out: OutTensor) -> None:
    spans = metric_funcs.edit_distance_offsets(
        hyps.dims, refs.dims, hyps.lod, refs.lod,
        None if hypslength is None else hypslength.data,
        None if refslength is None else refslength.data)
    metric_funcs.edit_distance(dev_ctx.xp, hyps.data, refs.data, spans, normalized,
                               dev_ctx.alloc(sequencenum, DataType.INT64, (1,)),
                               dev_ctx.alloc(out, DataType.FLOAT32, (len(spans[1]), 1)))
