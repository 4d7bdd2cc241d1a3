"""beam_search (`fluidphi migrate` output of legacy_fluid/operators/beam_search_op.py). The
outputs' size is data-dependent: the kernel sizes them and sets their LoD. Math in
phi.kernels.funcs.beam."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import beam as beam_funcs

_TYPES = [DataType.FLOAT32]  # scores' dtype; see legacy_fluid/operators/beam_search_op.py


@register_kernel("beam_search", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("beam_search", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def beam_search_kernel(dev_ctx: DeviceContext, pre_ids: DenseTensor, pre_scores: DenseTensor,
                       ids: DenseTensor | None, scores: DenseTensor, level: int,
                       beam_size: int, end_id: int, is_accumulated: bool,
                       selected_ids: OutTensor, selected_scores: OutTensor,
                       parent_idx: OptionalOutTensor) -> None:
    out_ids, out_scores, parents, lod = beam_funcs.beam_search(
        pre_ids.data, pre_scores.data, None if ids is None else ids.data, scores.data,
        scores.lod, level, beam_size, end_id, is_accumulated)
    for tensor, values, dtype in ((selected_ids, out_ids, DataType.INT64),
                                  (selected_scores, out_scores, DataType.FLOAT32)):
        tensor.resize(values.shape)
        dev_ctx.alloc(tensor, dtype)[...] = dev_ctx.xp.asarray(values)
        tensor.lod = lod
    if parent_idx is not None:
        parent_idx.resize(parents.shape)
        dev_ctx.alloc(parent_idx, DataType.INT32)[...] = dev_ctx.xp.asarray(parents)
