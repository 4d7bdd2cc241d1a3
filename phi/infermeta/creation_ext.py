"""InferMeta of the creation family (eye, linspace, logspace, tril/triu_indices, one_hot,
numel). linspace / logspace give -1: their kernels size the output from Num's value."""

from __future__ import annotations

from phi.common import DataType, Scalar
from phi.core.meta_tensor import MetaTensor
from phi.kernels.funcs import creation_ext as creation_funcs


def eye_infer_meta(num_rows: int, num_columns: int, dtype: DataType, out: MetaTensor) -> None:
    out.set_dims(creation_funcs.eye_dims(num_rows, num_columns))
    out.set_dtype(dtype)


def space_infer_meta(dtype: DataType, out: MetaTensor) -> None:
    """linspace / logspace: 1-D of unknown length (Num's value), `dtype`."""
    out.set_dims((-1,))
    out.set_dtype(dtype)


def tril_indices_infer_meta(rows: int, cols: int, offset: int, dtype: DataType,
                            out: MetaTensor) -> None:
    out.set_dims(creation_funcs.triangle_indices("tril_indices", rows, cols, offset).shape)
    out.set_dtype(dtype)


def triu_indices_infer_meta(row: int, col: int, offset: int, dtype: DataType,
                            out: MetaTensor) -> None:
    out.set_dims(creation_funcs.triangle_indices("triu_indices", row, col, offset).shape)
    out.set_dtype(dtype)


def one_hot_infer_meta(x: MetaTensor, depth: Scalar, dtype: DataType, out: MetaTensor) -> None:
    """out: x's dims and depth; `dtype`; x's lod."""
    out.set_dims(creation_funcs.one_hot_dims(x.dims(), depth.to(int)))
    out.set_dtype(dtype)
    out.share_lod(x)


def numel_infer_meta(input: MetaTensor, out: MetaTensor) -> None:
    """out: 0-D int64."""
    out.set_dims(())
    out.set_dtype(DataType.INT64)
