"""gather: slices of x picked along one axis by an index tensor; shared by PHI and legacy
kernels."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.common import DataType
from phi.kernels.funcs.common import to_host

#: Paddle 3.3.1's CPU dtypes of gather_grad
GATHER_GRAD_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16,
                     DataType.INT32, DataType.INT64, DataType.FLOAT32, DataType.FLOAT64,
                     DataType.BFLOAT16, DataType.COMPLEX64, DataType.COMPLEX128)
#: the GPU ones (not checked against Paddle's GPU build)
GATHER_GRAD_GPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64)


def gather_axis(axis: int, rank: int) -> int:
    if not -rank <= axis < rank:
        raise ValueError(f"gather: axis {axis} is out of range for a {rank}-D input")
    return axis % rank


def gather_dims(x_dims: Sequence[int], index_dims: Sequence[int], axis: int) -> tuple[int, ...]:
    """x's dims with the axis dim replaced by the index count (dropped for a 0-D index).

    The index is 1-D, 0-D, or [N, 1] (read as N ids).
    """
    x_dims = tuple(int(d) for d in x_dims)
    index_dims = tuple(int(d) for d in index_dims)
    ax = gather_axis(axis, len(x_dims))
    if len(index_dims) == 0:
        return x_dims[:ax] + x_dims[ax + 1:]
    if len(index_dims) == 1 or (len(index_dims) == 2 and index_dims[1] == 1):
        return (*x_dims[:ax], index_dims[0], *x_dims[ax + 1:])
    raise ValueError(f"gather: the index must be 0-D, 1-D or [N, 1], got dims {list(index_dims)}")


def gather(xp: Any, x: Any, index: Any, axis: int, out: Any) -> None:
    """out = x taken at `index` along `axis`; ids in [-size, size) (negatives count back)."""
    ax = gather_axis(axis, x.ndim)
    ids = index.reshape(()) if index.ndim == 0 else index.reshape(-1)
    size = int(x.shape[ax])
    host = to_host(ids)
    if host.size and (int(host.min()) < -size or int(host.max()) >= size):
        raise IndexError(f"gather: index out of range [{-size}, {size}) along axis {ax} "
                         f"(min {int(host.min())}, max {int(host.max())})")
    result = xp.take(x, ids.astype("int64", copy=False), axis=ax)
    xp.copyto(out, result.reshape(out.shape), casting="unsafe")


def gather_grad(xp: Any, x_shape: Sequence[int], index: Any, out_grad: Any, axis: int,
                x_grad: Any) -> None:
    """x_grad = zeros of x's dims with out_grad's slices added at `index` along `axis`
    (repeated ids accumulate, in id order; negative ids count back as in the forward).

    A 0-D index along a middle axis is refused: Paddle 3.3.1's CPU gather_grad scatters
    the gradient to the wrong places there (first and last axes are right)."""
    rank = len(x_shape)
    ax = gather_axis(axis, rank)
    if index.ndim == 0 and 0 < ax < rank - 1:
        raise ValueError(f"gather_grad: a 0-D index along middle axis {ax} of a {rank}-D "
                         "input is not supported (Paddle 3.3.1 answers a wrong gradient)")
    size = int(x_shape[ax])
    ids = to_host(index).reshape(-1).astype("int64")
    if ids.size and (int(ids.min()) < -size or int(ids.max()) >= size):
        raise IndexError(f"gather_grad: index out of range [{-size}, {size}) along axis {ax} "
                         f"(min {int(ids.min())}, max {int(ids.max())})")
    grads = out_grad.reshape((*tuple(x_shape)[:ax], ids.size, *tuple(x_shape)[ax + 1:]))
    x_grad[...] = 0
    xp.add.at(xp.moveaxis(x_grad, ax, 0), xp.asarray(ids % max(size, 1)),  # ids: host -> xp
              xp.moveaxis(grads, ax, 0))
