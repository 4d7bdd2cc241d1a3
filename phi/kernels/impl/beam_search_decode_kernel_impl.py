"""beam_search_decode (`fluidphi migrate` output of
legacy_fluid/operators/beam_search_decode_op.py). Ids and Scores are tensor arrays (one
tensor per decoding step); the outputs' size is data-dependent: the kernel sizes them and
sets their LoD. Math in phi.kernels.funcs.beam."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import beam as beam_funcs
from phi.kernels.impl.dtype_sets import FLOAT_HALF_INT


@register_kernel("beam_search_decode", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_INT)
@register_kernel("beam_search_decode", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_INT)
def beam_search_decode_kernel(dev_ctx: DeviceContext, ids: list[DenseTensor],
                              scores: list[DenseTensor], beam_size: int, end_id: int,
                              sentence_ids: OutTensor, sentence_scores: OutTensor) -> None:
    out_ids, out_scores, lod = beam_funcs.beam_search_decode(
        [t.data for t in ids], [t.data for t in scores], [t.lod for t in ids], beam_size,
        end_id)
    for tensor, values in ((sentence_ids, out_ids), (sentence_scores, out_scores)):
        tensor.resize(values.shape)
        data = dev_ctx.alloc(tensor, DataType.from_numpy(values.dtype))
        data[...] = dev_ctx.xp.asarray(values)
        tensor.lod = lod
