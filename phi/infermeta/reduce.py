"""InferMeta of the reduce family: all / any (bool out), amax / amin with reduce_all,
p_norm (logsumexp uses unary's reduce_infer_meta_base)."""

from __future__ import annotations

from phi.common import DataType
from phi.core.meta_tensor import MetaTensor


def logical_reduce_raw_infer_meta(x: MetaTensor, axis, keepdim: bool, reduce_all: bool,
                                  out: MetaTensor) -> None:
    """out: reduced dims, bool."""
    from phi.kernels.funcs.reduce import reduce_dims

    out.set_dims(reduce_dims(x.dims(), list(axis), keepdim, reduce_all))
    out.set_dtype(DataType.BOOL)


def logical_reduce_infer_meta(x: MetaTensor, axis, keepdim: bool, out: MetaTensor) -> None:
    """logical_reduce_raw_infer_meta without reduce_all."""
    logical_reduce_raw_infer_meta(x, axis, keepdim, False, out)


def extremum_reduce_raw_infer_meta(x: MetaTensor, axis, keepdim: bool, reduce_all: bool,
                                   out: MetaTensor) -> None:
    """out: reduced dims, x's dtype; reduce_all with a partial `axis` is refused."""
    from phi.kernels.funcs.reduce import check_reduce_all, reduce_dims

    check_reduce_all("amax/amin", len(x.dims()), list(axis), reduce_all)
    out.set_dims(reduce_dims(x.dims(), list(axis), keepdim, reduce_all))
    out.set_dtype(x.dtype())


def p_norm_infer_meta(x: MetaTensor, porder: float, axis: int, epsilon: float, keepdim: bool,
                      asvector: bool, out: MetaTensor) -> None:
    """out: x's dims without axis (size 1 with keepdim); asvector: () or all ones."""
    from phi.kernels.funcs.reduce import p_norm_dims

    out.set_dims(p_norm_dims(x.dims(), axis, keepdim, asvector))
    out.set_dtype(x.dtype())


def variance_infer_meta(x: MetaTensor, axis, keepdim: bool, out: MetaTensor) -> None:
    """out: x's dims reduced over axis (all when empty; no axis named twice), x's dtype."""
    from phi.kernels.funcs.reduce import distinct_reduce_dims

    out.set_dims(distinct_reduce_dims("variance", x.dims(), list(axis), keepdim, False))
    out.set_dtype(x.dtype())
