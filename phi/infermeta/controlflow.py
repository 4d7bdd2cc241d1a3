"""InferMeta of the control-flow helpers with a kernel (is_empty; equal_all by its yaml
`param` list: out is a bool scalar)."""

from __future__ import annotations

from phi.common import DataType
from phi.core.meta_tensor import MetaTensor


def is_empty_infer_meta(x: MetaTensor, out: MetaTensor) -> None:
    out.set_dims(())
    out.set_dtype(DataType.BOOL)
