"""InferMeta of the pool family's census ops (fractional_max_pool2d / 3d; lp_pool2d uses
pool2d's). Dims checks come from phi.kernels.funcs.pooling_nd."""

from __future__ import annotations

from phi.common import DataType
from phi.core.meta_tensor import MetaTensor


def fractional_max_pool_infer_meta(x: MetaTensor, output_size: list[int],
                                   kernel_size: list[int], random_u: float, return_mask: bool,
                                   out: MetaTensor, mask: MetaTensor) -> None:
    """out: [N, C, *output_size] in x's dtype; mask: the same dims, int32."""
    from phi.kernels.funcs.pooling_nd import fractional_out_dims

    op = f"fractional_max_pool{len(x.dims()) - 2}d"
    dims = fractional_out_dims(op, x.dims(), output_size, kernel_size)
    out.set_dims(dims)
    out.set_dtype(x.dtype())
    if mask:
        mask.set_dims(dims)
        mask.set_dtype(DataType.INT32)
