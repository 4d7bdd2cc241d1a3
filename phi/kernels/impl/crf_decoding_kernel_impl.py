"""crf_decoding: the fluid CRF decoder (padded with length, or by the emission's LoD).

CPU only, as Paddle (whose op asks for CPU on every place). Math in
phi.kernels.funcs.crf_decode.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import crf_decode as crf_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("crf_decoding", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
def crf_decoding_kernel(dev_ctx: DeviceContext, emission: DenseTensor, transition: DenseTensor,
                        label: DenseTensor | None, length: DenseTensor | None,
                        viterbi_path: OutTensor) -> None:
    data = dev_ctx.alloc(viterbi_path, DataType.INT64)
    data[...] = crf_funcs.crf_decoding(dev_ctx.xp, emission.data, emission.lod,
                                       transition.data, None if label is None else label.data,
                                       None if length is None else length.data)
