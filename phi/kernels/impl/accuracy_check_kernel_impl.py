"""accuracy_check: x close to y element by element, or an error naming fn_name and the
first index that is not (`fluidphi migrate` output of
legacy_fluid/operators/accuracy_check_op.py). Math in phi.kernels.funcs.debugging.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import debugging

_DTYPES = list(debugging.ACCURACY_CHECK_DTYPES)


@register_kernel("accuracy_check", Backend.CPU, DataLayout.ALL_LAYOUT, _DTYPES)
@register_kernel("accuracy_check", Backend.GPU, DataLayout.ALL_LAYOUT, _DTYPES)
def accuracy_check_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, fn_name: str,
                          rtol: float, atol: float, equal_nan: bool, out: OutTensor) -> None:
    debugging.accuracy_check("accuracy_check", x.data, y.data, fn_name, rtol, atol, equal_nan,
                             dev_ctx.alloc(out, DataType.BOOL))
