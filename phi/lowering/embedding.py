"""Lowering of embedding (lookup_table_v2)."""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs import embedding as emb_funcs
from phi.kernels.impl.embedding_kernel_impl import embedding_kernel
from phi.lowering import FLOATS, Emit, lowers


@lowers("embedding", embedding_kernel, FLOATS)
def embedding(emit: Emit, x: Any, weight: Any, padding_idx: int, out: Any) -> list[str]:
    return [emit.call(emb_funcs.embedding, emit.xp, emit.array(x), emit.array(weight),
                      padding_idx, emit.output(out, weight.dtype))]
