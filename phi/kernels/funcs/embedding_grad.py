"""The gradient of an embedding lookup: a dense table gradient, each output row's gradient
added into the row its id names (repeated ids accumulate, in id order as Paddle's CPU
kernel adds them); rows of the padding id get nothing."""

from __future__ import annotations

from typing import Any

from phi.common import DataType
from phi.kernels.funcs.embedding import NO_PADDING, id_vector

#: Paddle 3.3.1's CPU dtypes of embedding_grad (lookup_table_v2_grad)
EMBEDDING_GRAD_CPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16,
                            DataType.BFLOAT16, DataType.COMPLEX64, DataType.COMPLEX128)


def embedding_grad(xp: Any, ids: Any, out_grad: Any, padding_idx: int, weight_grad: Any) -> None:
    rows, width = int(weight_grad.shape[0]), int(weight_grad.shape[1])
    flat = id_vector(xp, ids)
    grads = out_grad.reshape(flat.shape[0], width)
    keep = flat != int(padding_idx) if int(padding_idx) != NO_PADDING else None
    bad = (flat < 0) | (flat >= rows)
    if keep is not None:
        bad &= keep
    if flat.size and bool(xp.any(bad)):
        raise ValueError(f"embedding_grad: id {int(flat[bad][0])} is out of range; ids must "
                         f"be in [0, {rows})")
    weight_grad[...] = 0
    if keep is not None:
        flat, grads = flat[keep], grads[keep]
    xp.add.at(weight_grad, flat, grads)
