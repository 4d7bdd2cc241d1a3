"""dropout: inference scaling or random masking, one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import dropout as dropout_funcs
from phi.kernels.impl.dtype_sets import FLOAT_HALF, FLOAT_HALF_BF16


@register_kernel("dropout", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_BF16)
@register_kernel("dropout", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def dropout_kernel(dev_ctx: DeviceContext, x: DenseTensor, seed_tensor: DenseTensor | None,
                   p: Scalar, is_test: bool, mode: str, seed: int, fix_seed: bool,
                   out: OutTensor, mask: OptionalOutTensor) -> None:
    """In test mode `mask` is left untouched; in training the seed comes from seed_tensor,
    else from `seed` when fix_seed, else fresh entropy."""
    xd = x.data
    prob = p.to(float)
    data = dev_ctx.alloc(out, x.dtype)
    if is_test:
        dropout_funcs.dropout_infer(dev_ctx.xp, xd, prob, mode, data)
        return
    if seed_tensor is not None:
        seed_value: int | None = int(seed_tensor.numpy().reshape(-1)[0])
    else:
        seed_value = int(seed) if fix_seed else None
    mask_data = None if mask is None else dev_ctx.alloc(mask, DataType.UINT8)
    dropout_funcs.dropout_train(dev_ctx.xp, xd, prob, mode, seed_value, data, mask_data)
