"""cross_entropy, cross_entropy2 and their gradients (cross_entropy_grad, cross_entropy2_grad;
cross_entropy2's legacy grad op is cross_entropy_grad2), one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import cross_entropy as ce_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("cross_entropy", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("cross_entropy", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def cross_entropy_kernel(dev_ctx: DeviceContext, x: DenseTensor, label: DenseTensor,
                         soft_label: bool, ignore_index: int, y: OutTensor) -> None:
    data = dev_ctx.alloc(y, x.dtype)
    ce_funcs.cross_entropy(dev_ctx.xp, x.data, label.data, soft_label, ignore_index, data)


@register_kernel("cross_entropy_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("cross_entropy_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def cross_entropy_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, label: DenseTensor,
                              y_grad: DenseTensor, soft_label: bool, ignore_index: int,
                              x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, y_grad.dtype)
    ce_funcs.cross_entropy_grad(dev_ctx.xp, x.data, label.data, y_grad.data, soft_label,
                                ignore_index, data)


@register_kernel("cross_entropy2", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("cross_entropy2", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def cross_entropy2_kernel(dev_ctx: DeviceContext, x: DenseTensor, label: DenseTensor,
                          ignore_index: int, y: OutTensor, xshape: OptionalOutTensor,
                          match_x: OutTensor) -> None:
    """xshape gets zero elements: its dims [0, *x.dims] are all it carries."""
    yd = dev_ctx.alloc(y, x.dtype)
    md = dev_ctx.alloc(match_x, x.dtype)
    if xshape is not None:
        dev_ctx.alloc(xshape, x.dtype)
    ce_funcs.cross_entropy2(dev_ctx.xp, x.data, label.data, ignore_index, yd, md)


@register_kernel("cross_entropy2_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("cross_entropy2_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def cross_entropy2_grad_kernel(dev_ctx: DeviceContext, label: DenseTensor,
                               match_x: DenseTensor, xshape: DenseTensor, y_grad: DenseTensor,
                               ignore_index: int, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, y_grad.dtype)
    ce_funcs.cross_entropy2_grad(dev_ctx.xp, label.data, match_x.data, y_grad.data,
                                 ignore_index, data)
