"""InferMeta of the debugging family (accuracy_check): outputs follow the checked input
(phi.kernels.funcs.debugging)."""

from __future__ import annotations

from phi.common import DataType
from phi.core.meta_tensor import MetaTensor


def accuracy_check_infer_meta(x: MetaTensor, y: MetaTensor, fn_name: str, rtol: float,
                              atol: float, equal_nan: bool, out: MetaTensor) -> None:
    """out: bool in x's dims (x and y of equal dims)."""
    from phi.kernels.funcs.debugging import check_same_dims

    check_same_dims("accuracy_check", x.dims(), y.dims())
    out.set_dims(x.dims())
    out.set_dtype(DataType.BOOL)
