"""The hashing kernels: hash (`fluidphi migrate` output of legacy_fluid/operators/hash_op.py).
Math in phi.kernels.funcs.hash."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import hash as hash_funcs
from phi.kernels.impl.dtype_sets import INT


@register_kernel("hash", Backend.CPU, DataLayout.ALL_LAYOUT, INT)
@register_kernel("hash", Backend.GPU, DataLayout.ALL_LAYOUT, INT)
def hash_kernel(dev_ctx: DeviceContext, x: DenseTensor, num_hash: int, mod_by: int,
                out: OutTensor) -> None:
    out.resize(hash_funcs.hash_dims("hash", x.dims, num_hash))
    hash_funcs.hash_rows(dev_ctx.xp, "hash", x.data, num_hash, mod_by,
                         dev_ctx.alloc(out, x.dtype))
