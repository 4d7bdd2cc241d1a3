"""InferMeta of the tolerance comparisons (allclose, isclose); equal_all's is
controlflow.is_empty_infer_meta (a bool scalar)."""

from __future__ import annotations

from phi.common import DataType, Scalar
from phi.core.meta_tensor import MetaTensor
from phi.kernels.funcs import compare as compare_funcs


def allclose_infer_meta(x: MetaTensor, y: MetaTensor, rtol: Scalar, atol: Scalar,
                        equal_nan: bool, out: MetaTensor) -> None:
    compare_funcs.check_close_dims("allclose", x.dims(), y.dims())
    out.set_dims(())
    out.set_dtype(DataType.BOOL)


def isclose_infer_meta(x: MetaTensor, y: MetaTensor, rtol: Scalar, atol: Scalar,
                       equal_nan: bool, out: MetaTensor) -> None:
    out.set_dims(compare_funcs.check_close_dims("isclose", x.dims(), y.dims()))
    out.set_dtype(DataType.BOOL)
