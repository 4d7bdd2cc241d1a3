"""InferMeta of the beam-search decoding ops (gather_tree). Dims checks come from
phi.kernels.funcs.beam, shared with the legacy infer_shape."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def gather_tree_infer_meta(ids: MetaTensor, parents: MetaTensor, out: MetaTensor) -> None:
    """out: ids' dims and dtype."""
    from phi.kernels.funcs.beam import gather_tree_check_dims

    gather_tree_check_dims(ids.dims(), parents.dims())
    out.set_dims(ids.dims())
    out.set_dtype(ids.dtype())
