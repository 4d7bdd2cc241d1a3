"""InferMeta of the hashing ops (hash). Dims checks come from phi.kernels.funcs.hash, shared
with the kernels."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def hash_infer_meta(x: MetaTensor, num_hash: int, mod_by: int, out: MetaTensor) -> None:
    """out: [rows, num_hash, 1] in x's dtype and LoD (x of rank 2)."""
    from phi.kernels.funcs.hash import hash_dims

    out.set_dims(hash_dims("hash", x.dims(), num_hash))
    out.set_dtype(x.dtype())
    out.share_lod(x)
