"""reshape / reshape2: target dims from a shape list (0 = keep that dim, -1 = infer one)."""

from __future__ import annotations

from collections.abc import Sequence
from math import prod
from typing import Any

import numpy as np

from phi.kernels.funcs.common import host_ints

Shape = tuple[int, ...]


def infer_reshape_dims(shape: Sequence[int], in_dims: Sequence[int]) -> Shape:
    """Paddle's ValidateShape: resolve 0 (copy the input dim at that index) and one -1."""
    in_dims = tuple(int(d) for d in in_dims)
    in_size = prod(in_dims)
    dims: list[int] = []
    unknown = -1
    for i, s in enumerate(int(v) for v in shape):
        if s == -1:
            if unknown != -1:
                raise ValueError(f"reshape: only one dim of shape {list(shape)} may be -1")
            unknown = i
            dims.append(-1)
        elif s == 0:
            if i >= len(in_dims):
                raise ValueError(f"reshape: shape {list(shape)} has 0 at index {i}, but the "
                                 f"input has only {len(in_dims)} dims ({list(in_dims)})")
            dims.append(in_dims[i])
        elif s > 0:
            dims.append(s)
        else:
            raise ValueError(f"reshape: dims of shape must be > 0, 0 or -1; got {list(shape)}")
    known = prod(d for d in dims if d != -1)
    if unknown != -1:
        if known == 0 or in_size % known:
            raise ValueError(f"reshape: input of dims {list(in_dims)} ({in_size} elements) "
                             f"cannot take shape {list(shape)}")
        dims[unknown] = in_size // known
    elif known != in_size:
        raise ValueError(f"reshape: input of dims {list(in_dims)} ({in_size} elements) cannot "
                         f"take shape {list(shape)} ({known} elements)")
    return tuple(dims)


def requested_shape(shape_tensor_list: Sequence[Any], shape_tensor: Any | None,
                    shape: Sequence[int]) -> list[int]:
    """The shape reshape was asked for: ShapeTensor (list of 1-element tensors) first, then
    the 1-D Shape tensor, then the `shape` attribute (arrays may live on any device)."""
    if shape_tensor_list:
        return [host_ints(t)[0] for t in shape_tensor_list]
    if shape_tensor is not None:
        return host_ints(shape_tensor)
    return [int(v) for v in shape]


def xshape_dims(in_dims: Sequence[int]) -> Shape:
    """XShape of reshape2 & co.: [0] + x dims (a dims-only record, holds no data)."""
    return (0, *(int(d) for d in in_dims))


def reshape(xp: Any, x: Any, out: Any) -> None:
    """Copy the elements of x, in order, into `out` (which has the target shape)."""
    # NumPy's array method, not its function wrapper (a third of the cost, every call)
    xp.copyto(out, x.reshape(out.shape) if xp is np else xp.reshape(x, out.shape))
