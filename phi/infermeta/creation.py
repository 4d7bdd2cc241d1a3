"""InferMeta of the creation family (fill_constant_batch_size_like, ...); set_value keeps
x's meta (unchanged_infer_meta).

InferMeta of the creation family (eye, linspace, logspace, tril/triu_indices, one_hot,
numel). linspace / logspace give -1: their kernels size the output from Num's value.
"""

from __future__ import annotations

from phi.common import DataType, Scalar
from phi.core.meta_tensor import MetaTensor
from phi.kernels.funcs import creation as creation_funcs


def full_batch_size_like_infer_meta(input: MetaTensor, shape: list[int], dtype: DataType,
                                    value: Scalar, input_dim_idx: int, output_dim_idx: int,
                                    out: MetaTensor) -> None:
    out.set_dims(creation_funcs.batch_size_like_dims(input.dims(), shape, input_dim_idx,
                                                     output_dim_idx))
    out.set_dtype(dtype)


def fill_diagonal_infer_meta(x: MetaTensor, value: float, offset: int, wrap: bool,
                             out: MetaTensor) -> None:
    if len(x.dims()) < 2:
        raise ValueError(f"fill_diagonal: X must have at least 2 dims, got {list(x.dims())}")
    out.set_dims(x.dims())
    out.set_dtype(x.dtype())


def fill_diagonal_tensor_infer_meta(x: MetaTensor, y: MetaTensor, offset: int, dim1: int,
                                    dim2: int, out: MetaTensor) -> None:
    creation_funcs.diagonal_fill_dims(x.dims(), offset, dim1, dim2)
    out.set_dims(x.dims())
    out.set_dtype(x.dtype())


def shape64_infer_meta(input: MetaTensor, out: MetaTensor) -> None:
    """out: int64 [rank of input]."""
    from phi.kernels.funcs.shape import shape_dims

    out.set_dims(shape_dims(input.dims()))
    out.set_dtype(DataType.INT64)


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
