"""slice_grad: the output gradient written into the slice's window of zeros."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import slice as slice_funcs
from phi.kernels.impl.dtype_sets import BOOL_INTS_FLOAT_COMPLEX


@register_kernel("slice_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [*BOOL_INTS_FLOAT_COMPLEX, DataType.FLOAT16, DataType.BFLOAT16])
@register_kernel("slice_grad", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_COMPLEX)
def slice_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, out_grad: DenseTensor,
                      axes: list[int], starts: IntArray, ends: IntArray, infer_flags: list[int],
                      decrease_axis: list[int], input_grad: OutTensor) -> None:
    data = dev_ctx.alloc(input_grad, out_grad.dtype, tuple(input.dims))
    slice_funcs.slice_grad(dev_ctx.xp, tuple(input.dims), axes, starts.get_data(),
                           ends.get_data(), out_grad.data, data)
