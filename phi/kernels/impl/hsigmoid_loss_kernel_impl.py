"""hsigmoid_loss (legacy hierarchical_sigmoid): one body for every backend (math in
phi.kernels.funcs.loss)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import loss_sampled as sampled_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("hsigmoid_loss", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("hsigmoid_loss", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def hsigmoid_loss_kernel(dev_ctx: DeviceContext, x: DenseTensor, w: DenseTensor,
                         label: DenseTensor, path_table: DenseTensor | None,
                         path_code: DenseTensor | None, bias: DenseTensor | None,
                         num_classes: int, is_sparse: bool, out: OutTensor, pre_out: OutTensor,
                         w_out: OutTensor) -> None:
    sampled_funcs.hsigmoid_loss(dev_ctx.xp, x.data, w.data, label.data,
                             None if path_table is None else path_table.data,
                             None if path_code is None else path_code.data,
                             None if bias is None else bias.data, num_classes, is_sparse,
                             dev_ctx.alloc(out, x.dtype), dev_ctx.alloc(pre_out, x.dtype))
    dev_ctx.alloc(w_out, w.dtype)[...] = w.data


@register_kernel("hsigmoid_loss_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("hsigmoid_loss_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def hsigmoid_loss_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, w: DenseTensor,
                              label: DenseTensor, path_table: DenseTensor | None,
                              path_code: DenseTensor | None, bias: DenseTensor | None,
                              pre_out: DenseTensor, out_grad: DenseTensor, num_classes: int,
                              is_sparse: bool, x_grad: OptionalOutTensor,
                              w_grad: OptionalOutTensor, bias_grad: OptionalOutTensor) -> None:
    sampled_funcs.hsigmoid_loss_grad(
        dev_ctx.xp, x.data, w.data, label.data,
        None if path_table is None else path_table.data,
        None if path_code is None else path_code.data, pre_out.data, out_grad.data,
        num_classes, is_sparse, None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
        None if w_grad is None else dev_ctx.alloc(w_grad, x.dtype),
        None if bias_grad is None else dev_ctx.alloc(bias_grad, x.dtype))
