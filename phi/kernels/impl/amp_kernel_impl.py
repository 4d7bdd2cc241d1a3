"""Loss-scaling kernels of mixed-precision training: check_finite_and_unscale and
update_loss_scaling (outputs usually their inputs' tensors). Math in
phi.kernels.funcs.amp."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor, OutTensorList
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import amp as amp_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("check_finite_and_unscale", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("check_finite_and_unscale", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def check_finite_and_unscale_kernel(dev_ctx: DeviceContext, x: list[DenseTensor],
                                    scale: DenseTensor, out: OutTensorList,
                                    found_infinite: OutTensor) -> None:
    arrays = [t.data for t in x]
    amp_funcs.check_finite_and_unscale(
        dev_ctx.xp, arrays, scale.data, [dev_ctx.alloc(o, t.dtype) for o, t in zip(out, x)],
        dev_ctx.alloc(found_infinite, DataType.BOOL))


@register_kernel("update_loss_scaling", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("update_loss_scaling", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def update_loss_scaling_kernel(dev_ctx: DeviceContext, x: list[DenseTensor],
                               found_infinite: DenseTensor, prev_loss_scaling: DenseTensor,
                               in_good_steps: DenseTensor, in_bad_steps: DenseTensor,
                               incr_every_n_steps: int, decr_every_n_nan_or_inf: int,
                               incr_ratio: float, decr_ratio: float, stop_update: Scalar,
                               out: OutTensorList, loss_scaling: OutTensor,
                               out_good_steps: OutTensor, out_bad_steps: OutTensor) -> None:
    amp_funcs.update_loss_scaling_step(
        dev_ctx.xp, [t.data for t in x], found_infinite.data, prev_loss_scaling.data,
        in_good_steps.data, in_bad_steps.data, incr_every_n_steps, decr_every_n_nan_or_inf,
        incr_ratio, decr_ratio, stop_update.to(bool),
        [dev_ctx.alloc(o, t.dtype) for o, t in zip(out, x)],
        dev_ctx.alloc(loss_scaling, prev_loss_scaling.dtype),
        dev_ctx.alloc(out_good_steps, DataType.INT32), dev_ctx.alloc(out_bad_steps, DataType.INT32))
