"""Row gathers from an embedding table (lookup_table / lookup_table_v2 / PHI embedding)."""

from __future__ import annotations

from typing import Any

#: `padding_idx` value meaning "no padding row".
NO_PADDING = -1


def embedding_out_dims(ids_dims: tuple[int, ...], weight_dims: tuple[int, ...],
                       drop_last_id_dim: bool = False) -> tuple[int, ...]:
    """ids dims (minus a trailing 1 for the v1 op) followed by the embedding width."""
    if len(weight_dims) != 2:
        raise ValueError(f"embedding table must be 2-D, got dims {list(weight_dims)}")
    ids_dims = tuple(ids_dims)
    if drop_last_id_dim:
        if not ids_dims or ids_dims[-1] != 1:
            raise ValueError(f"lookup_table expects Ids with a trailing dim of 1, got "
                             f"{list(ids_dims)}")
        ids_dims = ids_dims[:-1]
    return (*ids_dims, int(weight_dims[1]))


def id_vector(xp: Any, ids: Any) -> Any:
    """The ids as a flat integer vector (the generated API hands every input over in the
    kernel's dtype, so ids may arrive as exact floats)."""
    flat = ids.reshape(-1)
    return flat.astype(xp.int64) if flat.dtype.kind == "f" else flat


def embedding(xp: Any, ids: Any, weight: Any, padding_idx: int, out: Any) -> None:
    """out[..., :] = weight[ids[...]], with rows whose id equals `padding_idx` set to zero.

    Ids outside [0, rows) are an error unless they are the padding id.
    """
    rows, width = int(weight.shape[0]), int(weight.shape[1])
    flat = id_vector(xp, ids)
    dst = out.reshape(flat.shape[0], width)
    padding_idx = int(padding_idx)
    if padding_idx == NO_PADDING and flat.size and dst.dtype == weight.dtype:
        # no padding id: two reductions check the range, and the rows land in `out` itself
        if int(flat.min()) < 0 or int(flat.max()) >= rows:
            first = int(flat[(flat < 0) | (flat >= rows)][0])
            raise ValueError(f"embedding: id {first} is out of range; ids must be in "
                             f"[0, {rows})")
        xp.take(weight, flat, axis=0, out=dst)
        return
    if padding_idx != NO_PADDING:
        pad = flat == padding_idx
    else:
        pad = xp.zeros(flat.shape, dtype=bool)
    bad = ((flat < 0) | (flat >= rows)) & ~pad
    if flat.size and bool(xp.any(bad)):
        first = int(flat[bad][0])
        raise ValueError(f"embedding: id {first} is out of range; ids must be in [0, {rows})")
    if flat.size == 0:
        return
    if bool(xp.all(pad)):
        dst[...] = 0
        return
    dst[...] = xp.take(weight, xp.where(pad, 0, flat), axis=0)
    if padding_idx != NO_PADDING:
        dst[pad] = 0
