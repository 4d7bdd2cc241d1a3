"""adamw: Adam with decoupled weight decay; without with_decay, or with skip_update set,
the adam kernel itself, as Paddle's AdamwDenseKernel does. amsgrad and multi_precision as
adam's: the running maximum moment2_max in the denominator; param updates from param and
Paddle's CPU kernel leaves master_param_out unwritten
(phi.kernels.funcs.optimizers.CPU_MASTER_COPY)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import adamw as adamw_funcs
from phi.kernels.funcs import optimizer as opt_funcs
from phi.kernels.funcs.optimizers import master_out
from phi.kernels.impl.dtype_sets import FLOAT
from phi.kernels.impl.optimizers_kernel_impl import adam_kernel


@register_kernel("adamw", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("adamw", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def adamw_kernel(dev_ctx: DeviceContext, param: DenseTensor, grad: DenseTensor,
                 learning_rate: DenseTensor, moment1: DenseTensor, moment2: DenseTensor,
                 moment2_max: DenseTensor | None, beta1_pow: DenseTensor,
                 beta2_pow: DenseTensor, master_param: DenseTensor | None,
                 skip_update: DenseTensor | None, beta1: Scalar, beta2: Scalar,
                 epsilon: Scalar, lr_ratio: float, coeff: float, with_decay: bool,
                 lazy_mode: bool, min_row_size_to_use_multithread: int, multi_precision: bool,
                 use_global_beta_pow: bool, amsgrad: bool, param_out: OutTensor,
                 moment1_out: OutTensor, moment2_out: OutTensor,
                 moment2_max_out: OptionalOutTensor, beta1_pow_out: OutTensor,
                 beta2_pow_out: OutTensor, master_param_out: OptionalOutTensor) -> None:
    skipped = skip_update is not None and bool(skip_update.numpy().reshape(-1)[0])
    if not with_decay or skipped:
        adam_kernel(dev_ctx, param, grad, learning_rate, moment1, moment2, moment2_max,
                    beta1_pow, beta2_pow, master_param, skip_update, beta1, beta2, epsilon,
                    lazy_mode, min_row_size_to_use_multithread, multi_precision,
                    use_global_beta_pow, amsgrad, param_out, moment1_out, moment2_out,
                    moment2_max_out, beta1_pow_out, beta2_pow_out, master_param_out)
        return
    m2_max = opt_funcs.amsgrad_max("adamw", amsgrad, moment2_max, moment2_max_out)
    arrays = [t.data for t in (param, grad, learning_rate, moment1, moment2, beta1_pow,
                               beta2_pow)]
    outs = [dev_ctx.alloc(out, src.dtype)
            for out, src in ((param_out, param), (moment1_out, moment1),
                             (moment2_out, moment2), (beta1_pow_out, beta1_pow),
                             (beta2_pow_out, beta2_pow))]
    max_out = None if m2_max is None else dev_ctx.alloc(moment2_max_out, moment2.dtype)
    adamw_funcs.adamw_decayed(dev_ctx.xp, *arrays, beta1.to(float), beta2.to(float),
                              epsilon.to(float), lr_ratio, coeff, *outs,
                              update_pows=not use_global_beta_pow, moment2_max=m2_max,
                              moment2_max_out=max_out)
    master = master_out("adamw", multi_precision, master_param_out)
    if master is not None:
        dev_ctx.alloc(master, param.dtype)[...] = outs[0]
