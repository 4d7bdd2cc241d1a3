"""InferMeta of the manipulation family (unstack)."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor
from phi.kernels.funcs import manipulation as manip_funcs


def unstack_infer_meta(x: MetaTensor, axis: int, num: int, y: list[MetaTensor]) -> None:
    """Each output: x's dims without `axis` (num outputs, x.dims[axis] of them); x's dtype."""
    for meta, dims in zip(y, manip_funcs.unstack_dims(x.dims(), axis, num, len(y))):
        meta.set_dims(dims)
        meta.set_dtype(x.dtype())
