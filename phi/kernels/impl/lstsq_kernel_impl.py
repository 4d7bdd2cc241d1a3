"""lstsq: one body for every backend (math in phi.kernels.funcs.linalg_matrix)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import linalg_matrix as mat_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("lstsq", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("lstsq", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def lstsq_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, rcond: float, driver: str,
                 solution: OutTensor, residuals: OptionalOutTensor, rank: OptionalOutTensor,
                 singular_values: OptionalOutTensor) -> None:
    results = mat_funcs.lstsq(dev_ctx.xp, x.data, y.data, rcond, driver)
    outs = (solution, residuals, rank, singular_values)
    for out, value, written in zip(outs, results, mat_funcs.LstsqDriver.parse(driver).written):
        if out is not None and written:
            dev_ctx.alloc(out, dims=value.shape)[...] = value
