"""Compare kernels: out = x (op) y element-wise, bool.

`equal`, `not_equal`, `less_than`, `less_equal`, `greater_than`, `greater_equal`
broadcast NumPy-style; each `<op>_raw` aligns y with x at dimension `axis` (fluid's
compare ops carry that attribute) and `<op>` is `<op>_raw` with axis -1, as in Paddle.
equal / not_equal also take complex dtypes; the orderings take them on CPU (real part,
then imaginary part, as Paddle 3.3.1's CPU kernels). Registered from two tables
(phi.core.kernel_table), one body each.
"""

from __future__ import annotations

from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import compare as compare_funcs

_ORDER_CPU = compare_funcs.ORDER_CPU
_ORDER_GPU = compare_funcs.ORDER_GPU
_EQUALITY_CPU = compare_funcs.EQUALITY_CPU
_EQUALITY_GPU = compare_funcs.EQUALITY_GPU



def _compare_raw(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                 axis: int, out: OutTensor) -> None:
    """out = row.func(x, y) element-wise, bool, y aligned with x at `axis`."""
    data = dev_ctx.alloc(out, DataType.BOOL)
    row.func(dev_ctx.xp, x.data, y.data, axis, data)


def _compare(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
             out: OutTensor) -> None:
    """<op>: <op>_raw with axis -1."""
    data = dev_ctx.alloc(out, DataType.BOOL)
    row.func(dev_ctx.xp, x.data, y.data, -1, data)


#: (name, funcs function, CPU dtypes, GPU dtypes)
register_table(_compare_raw, [
    KernelRow("equal_raw", compare_funcs.equal, _EQUALITY_CPU, _EQUALITY_GPU),
    KernelRow("not_equal_raw", compare_funcs.not_equal, _EQUALITY_CPU, _EQUALITY_GPU),
    KernelRow("less_than_raw", compare_funcs.less_than, _EQUALITY_CPU, _ORDER_GPU),
    KernelRow("less_equal_raw", compare_funcs.less_equal, _EQUALITY_CPU, _ORDER_GPU),
    KernelRow("greater_than_raw", compare_funcs.greater_than, _EQUALITY_CPU, _ORDER_GPU),
    KernelRow("greater_equal_raw", compare_funcs.greater_equal, _EQUALITY_CPU, _ORDER_GPU),
])

register_table(_compare, [
    KernelRow("equal", compare_funcs.equal, _EQUALITY_CPU, _EQUALITY_GPU),
    KernelRow("not_equal", compare_funcs.not_equal, _EQUALITY_CPU, _EQUALITY_GPU),
    KernelRow("less_than", compare_funcs.less_than, _EQUALITY_CPU, _ORDER_GPU),
    KernelRow("less_equal", compare_funcs.less_equal, _EQUALITY_CPU, _ORDER_GPU),
    KernelRow("greater_than", compare_funcs.greater_than, _EQUALITY_CPU, _ORDER_GPU),
    KernelRow("greater_equal", compare_funcs.greater_equal, _EQUALITY_CPU, _ORDER_GPU),
])
