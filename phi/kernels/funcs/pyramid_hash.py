"""pyramid_hash: hashed n-gram embeddings of LoD token sequences, as Paddle's CPU kernel.

X [N, 1] int32 with a 1-level LoD (sequences of tokens); W [space_len + rand_len, 1] (a flat
table). For each sequence, its n-grams of 2..pyramid_layer tokens (by length, then start)
each give one row of num_emb values: the tokens as float32 bytes are hashed with XXH32 once
per chunk of rand_len values (seed: the chunk's offset j in the row), and the chunk is
W[h % space_len :][:rand_len]. A sequence without n-grams gives one zero row. Inference
(is_training 0) scales a float table's rows by drop_out_percent. Out's LoD: the rows per
sequence. XXH32 is computed vectorised over the n-grams of one length (uint32 lanes).
pyramid_hash_grad writes no gradient: it steps W in place by -lr times Out@GRAD's rows
(`pyramid_hash_grad`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.kernels.funcs.common import to_host

_P1, _P2, _P3, _P4, _P5 = (np.uint32(v) for v in (2654435761, 2246822519, 3266489917,
                                                  668265263, 374761393))


def _rotl(x: np.ndarray, r: int) -> np.ndarray:
    return (x << np.uint32(r)) | (x >> np.uint32(32 - r))


def xxh32_words(words: np.ndarray, seed: int) -> np.ndarray:
    """XXH32 of each row of `words` ([rows, n] uint32, the little-endian 4-byte words of an
    input of 4n bytes) with `seed`: [rows] uint32."""
    rows, n = words.shape
    seed32 = np.uint32(seed & 0xFFFFFFFF)
    with np.errstate(over="ignore"):
        if n >= 4:  # 16-byte stripes through four accumulators
            acc = [np.full(rows, v, np.uint32) for v in (seed32 + _P1 + _P2, seed32 + _P2,
                                                          seed32, seed32 - _P1)]
            stripes = n // 4
            for s in range(stripes):
                for lane in range(4):
                    acc[lane] = _rotl(acc[lane] + words[:, 4 * s + lane] * _P2, 13) * _P1
            h = _rotl(acc[0], 1) + _rotl(acc[1], 7) + _rotl(acc[2], 12) + _rotl(acc[3], 18)
            rest = words[:, 4 * stripes:]
        else:
            h = np.full(rows, seed32 + _P5, np.uint32)
            rest = words
        h = h + np.uint32(4 * n)
        for k in range(rest.shape[1]):
            h = _rotl(h + rest[:, k] * _P3, 17) * _P4
        h ^= h >> np.uint32(15)
        h *= _P2
        h ^= h >> np.uint32(13)
        h *= _P3
        h ^= h >> np.uint32(16)
    return h


def _check_sizes(op: str, num_emb: int, space_len: int, rand_len: int) -> None:
    if rand_len <= 0 or num_emb % rand_len != 0:
        raise ValueError(f"{op}: Attr(num_emb) should mod Attr(rand_len), but num_emb "
                         f"is {num_emb}, rand_len is {rand_len}")
    if space_len <= 0:
        raise ValueError(f"{op}: space_len must be positive, got {space_len}")


def _check_table(op: str, table: np.ndarray, space_len: int, rand_len: int) -> None:
    if table.size != space_len + rand_len:
        raise ValueError(f"{op}: The first dimension of Input(W) should be space_len "
                         f"+ rand_len, but now {table.size} != {space_len} + {rand_len}")


def check_attrs(num_emb: int, space_len: int, rand_len: int, is_training: int,
                use_filter: bool, white_list_len: int, black_list_len: int) -> None:
    _check_sizes("pyramid_hash", num_emb, space_len, rand_len)
    if is_training != 0:
        raise NotImplementedError("pyramid_hash: is_training != 0 draws its dropout with "
                                  "glibc rand_r, which fluidphi does not reproduce")
    if use_filter and (white_list_len or black_list_len):
        raise NotImplementedError("pyramid_hash: the white / black list bloom filters "
                                  "(use_filter with a list length) are not supported")


def _hashed_grams(words: np.ndarray, offsets: np.ndarray, pyramid_layer: int, num_emb: int,
                  space_len: int, rand_len: int) -> Any:
    """Per n-gram length n in 2..pyramid_layer: (n, sequence [G], start [G], W offset
    [G, num_emb / rand_len]) of every n-gram of the sequences (by sequence, then start),
    hashed over `words` (the tokens' float32 bytes as uint32) once per chunk, seed its offset
    j in the row. Vectorised over the sequences."""
    lengths = np.diff(offsets)
    chunks = np.arange(0, num_emb, rand_len)
    for n in range(2, pyramid_layer + 1):
        per_seq = np.maximum(lengths - n + 1, 0)
        seq = np.repeat(np.arange(lengths.size), per_seq)
        start = np.arange(seq.size) - np.repeat(np.cumsum(per_seq) - per_seq, per_seq)
        grams = words[(offsets[seq] + start)[:, None] + np.arange(n)]
        pos = np.stack([xxh32_words(grams, int(j)) % np.uint32(space_len) for j in chunks],
                       axis=1).astype(np.int64).reshape(seq.size, chunks.size)
        yield n, seq, start, pos


def pyramid_hash(x: Any, lod: list[list[int]], w: Any, num_emb: int, space_len: int,
                 pyramid_layer: int, rand_len: int, drop_out_percent: float
                 ) -> tuple[np.ndarray, list[list[int]], np.ndarray, list[list[int]]]:
    """(Out [rows, num_emb] in W's dtype, its LoD, DropPos, its LoD) for inference (see the
    module doc). DropPos [N * pyramid_layer, 1] int32: 1 per n-gram kept (every one: no
    dropout, no filters), then zeros (Paddle leaves those entries unwritten); its LoD counts
    each sequence's n-grams."""
    x = to_host(x)
    if x.ndim != 2 or x.shape[1] != 1:
        raise ValueError(f"pyramid_hash: Input(X) must be [N, 1] token ids (Paddle's kernel "
                         f"reads only N of them), got {list(x.shape)}")
    if not lod:
        raise ValueError("pyramid_hash: Input(X) needs a LoD (its sequences)")
    table = to_host(w).reshape(-1)
    _check_table("pyramid_hash", table, space_len, rand_len)
    offsets = np.asarray(lod[0], np.int64)
    lengths = np.diff(offsets)
    words = x.reshape(-1).astype(np.float32).view(np.uint32)
    parts, keys = [], []
    for n, seq, start, pos in _hashed_grams(words, offsets, pyramid_layer, num_emb, space_len,
                                            rand_len):
        parts.append(table[pos[:, :, None] + np.arange(rand_len)].reshape(seq.size, num_emb))
        keys.append(np.stack([seq, np.full(seq.size, n), start]))
    empty = np.flatnonzero(np.bincount(np.concatenate([k[0] for k in keys] or [[]]).astype(
        np.int64), minlength=lengths.size) == 0)  # no n-gram: one zero row
    parts.append(np.zeros((empty.size, num_emb), table.dtype))
    keys.append(np.stack([empty, np.zeros_like(empty), np.zeros_like(empty)]))
    key = np.concatenate(keys, axis=1)
    order = np.lexsort((key[2], key[1], key[0]))
    out = np.concatenate(parts)[order]
    if table.dtype != np.int8:
        out = out * np.float32(drop_out_percent)
    counts = np.bincount(key[0], minlength=lengths.size)
    grams = counts - np.isin(np.arange(lengths.size), empty)
    drop_pos = np.zeros((x.shape[0] * pyramid_layer, 1), np.int32)
    drop_pos[:int(grams.sum())] = 1
    return (out.astype(table.dtype), [np.concatenate([[0], np.cumsum(counts)]).tolist()],
            drop_pos, [np.concatenate([[0], np.cumsum(grams)]).tolist()])


def pyramid_hash_grad(xp: Any, x_temp_out: Any, lod: list[list[int]], drop_pos: Any,
                      drop_pos_lod: list[list[int]], out_grad: Any, w: Any, num_emb: int,
                      space_len: int, pyramid_layer: int, rand_len: int, lr: float) -> None:
    """pyramid_hash's grad as Paddle's CPU kernel: no gradient, an SGD step on W in place.
    Walking the n-grams of X's sequences (`lod`) in the forward's order, each with a
    non-zero DropPos entry takes the next row of Out@GRAD (a sequence with no kept n-gram by
    DropPos's LoD skips its zero row) and adds -lr * its chunk j to W[pos_j : pos_j +
    rand_len], pos_j the chunk's hash of the n-gram's X_Temp_Out bytes; the updates apply in
    that order (float32 sums of colliding chunks round as Paddle's do). As many tokens as
    sequences, all -1, leave W as it is (Paddle returns early). The steps run on the host;
    W (an array of `xp`, any device) is written in place."""
    op = "pyramid_hash_grad"
    _check_sizes(op, num_emb, space_len, rand_len)
    flat = to_host(w).reshape(-1)
    _check_table(op, flat, space_len, rand_len)
    tokens = to_host(x_temp_out).reshape(-1).astype(np.float32)
    if not lod or not drop_pos_lod or len(drop_pos_lod[0]) != len(lod[0]):
        raise ValueError(f"{op}: Input(X) and Input(DropPos) need LoDs of one level with one "
                         f"offset per sequence, got {lod} and {drop_pos_lod}")
    offsets = np.asarray(lod[0], np.int64)
    if offsets[-1] > tokens.size:
        raise ValueError(f"{op}: X_Temp_Out has {tokens.size} tokens, X's LoD needs "
                         f"{int(offsets[-1])}")
    if tokens.size == offsets.size - 1 and bool(np.all(tokens == -1)):
        return
    found = list(_hashed_grams(tokens.view(np.uint32), offsets, pyramid_layer, num_emb,
                               space_len, rand_len))
    seq = np.concatenate([g[1] for g in found] or [np.zeros(0, np.int64)])
    key = (np.concatenate([g[2] for g in found] or [seq]),
           np.concatenate([np.full(g[1].size, g[0]) for g in found] or [seq]), seq)
    order = np.lexsort(key)  # Paddle's walk: by sequence, then length, then start
    flags = to_host(drop_pos).reshape(-1)
    if flags.size < order.size:
        raise ValueError(f"{op}: DropPos has {flags.size} entries, X's n-grams need "
                         f"{order.size}")
    kept = flags[:order.size] != 0
    seq = seq[order]
    zero_rows = np.cumsum(np.diff(np.asarray(drop_pos_lod[0], np.int64)) == 0)
    rows = (np.cumsum(kept) - 1 + zero_rows[seq])[kept]
    grad = to_host(out_grad)
    if grad.ndim != 2 or grad.shape[1] != num_emb or (rows.size and rows[-1] >= grad.shape[0]):
        raise ValueError(f"{op}: Out@GRAD must be [rows, num_emb = {num_emb}] with a row per "
                         f"kept n-gram ({int(rows[-1]) + 1 if rows.size else 0}), got "
                         f"{list(grad.shape)}")
    pos = np.concatenate([g[3] for g in found] or [np.zeros((0, num_emb // rand_len),
                                                            np.int64)])[order][kept]
    targets = (pos[:, :, None] + np.arange(rand_len)).reshape(-1)
    np.add.at(flat, targets, (np.float32(-lr) * grad[rows]).astype(flat.dtype).reshape(-1))
    if not (isinstance(w, np.ndarray) and np.shares_memory(flat, w)):
        w[...] = xp.asarray(flat.reshape(w.shape))
