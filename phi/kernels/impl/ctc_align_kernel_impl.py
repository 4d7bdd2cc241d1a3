"""ctc_align: greedy CTC decoding (`fluidphi migrate` output of
legacy_fluid/operators/ctc_align_op.py). The LoD form's output length is data-dependent: the
kernel sizes `output` and sets its LoD. Math in phi.kernels.funcs.ctc.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import ctc as ctc_funcs
from phi.kernels.impl.dtype_sets import INT


@register_kernel("ctc_align", Backend.CPU, DataLayout.ALL_LAYOUT, INT)
@register_kernel("ctc_align", Backend.GPU, DataLayout.ALL_LAYOUT, INT)
def ctc_align_kernel(dev_ctx: DeviceContext, input: DenseTensor, input_length: DenseTensor | None,
                     blank: int, merge_repeated: bool, padding_value: int, output: OutTensor,
                     output_length: OptionalOutTensor) -> None:
    if input.lod:
        decoded, out_lod = ctc_funcs.ctc_align_lod(dev_ctx.xp, input.data, input.lod, blank,
                                                   merge_repeated)
        output.resize(decoded.shape)
        dev_ctx.alloc(output, input.dtype)[...] = decoded
        output.lod = [out_lod]
    else:
        lengths = None if input_length is None else input_length.data
        out_lengths = None
        if output_length is not None:
            out_lengths = dev_ctx.alloc(output_length, input.dtype)
        ctc_funcs.ctc_align_padded(dev_ctx.xp, input.data, lengths, blank, merge_repeated,
                                   padding_value, dev_ctx.alloc(output, input.dtype),
                                   out_lengths)
