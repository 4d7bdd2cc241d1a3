"""viterbi_decode: the best tag path of a linear-chain CRF per sequence (paddle.text).

CPU only, as Paddle registers it: in a device program it runs on CPU with transfers in
and out (kernel_selection.md's CRF case). Math in phi.kernels.funcs.crf_decode.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import crf_decode as crf_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("viterbi_decode", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
def viterbi_decode_kernel(dev_ctx: DeviceContext, potentials: DenseTensor,
                          transition_params: DenseTensor, lengths: DenseTensor,
                          include_bos_eos_tag: bool, scores: OutTensor, path: OutTensor) -> None:
    best, tags = crf_funcs.viterbi_decode(dev_ctx.xp, potentials.data, transition_params.data,
                                          lengths.data, include_bos_eos_tag)
    dev_ctx.alloc(scores, potentials.dtype)[...] = best
    dev_ctx.alloc(path, DataType.INT64, tuple(tags.shape))[...] = tags
