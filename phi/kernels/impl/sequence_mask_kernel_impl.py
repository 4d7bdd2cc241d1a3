"""sequence_mask: y[..., j] = j < x[...] (`fluidphi migrate` output of
legacy_fluid/operators/sequence_mask_op.py). The width may come from data (max_len_tensor,
or max(x)), so the kernel sizes y. Math in phi.kernels.funcs.sequence.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import sequence as seq_funcs
from phi.kernels.impl.dtype_sets import FLOAT_INT

_HOST = {"max_len_tensor": {"backend": Backend.CPU}}


@register_kernel("sequence_mask", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("sequence_mask", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT,
                 arg_overrides=_HOST)
def sequence_mask_kernel(dev_ctx: DeviceContext, x: DenseTensor,
                         max_len_tensor: DenseTensor | None, maxlen: int, out_dtype: DataType,
                         y: OutTensor) -> None:
    length = seq_funcs.mask_length("sequence_mask", maxlen,
                                   None if max_len_tensor is None else max_len_tensor.data,
                                   x.data)
    y.resize((*x.dims, length))
    seq_funcs.sequence_mask(dev_ctx.xp, x.data, length, dev_ctx.alloc(y, out_dtype))
