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


def check_numerics_infer_meta(tensor: MetaTensor, op_type: str, var_name: str,
                              check_nan_inf_level: int, stack_height_limit: int,
                              output_dir: str, stats: MetaTensor, values: MetaTensor) -> None:
    """stats: [3] int64 (NaNs, infs, zeros); values: [3] float32 (max, min, mean)."""
    stats.set_dims((3,))
    stats.set_dtype(DataType.INT64)
    values.set_dims((3,))
    values.set_dtype(DataType.FLOAT32)
