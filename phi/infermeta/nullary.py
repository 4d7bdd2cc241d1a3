"""InferMeta for kernels with nullary tensor inputs."""

from __future__ import annotations

from phi.common import DataType, IntArray
from phi.core.meta_tensor import MetaTensor

# -- slice family (full) -------------------------------------------------------------------

def create_infer_meta(shape: IntArray, dtype: DataType, out: MetaTensor) -> None:
    """out: dims `shape` (every dim >= 0), element type `dtype`."""
    from phi.kernels.funcs.full import check_shape

    out.set_dims(check_shape(list(shape)))
    out.set_dtype(dtype)
