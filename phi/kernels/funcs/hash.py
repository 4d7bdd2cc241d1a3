"""Hashing ops: hash (XXH64 of each row's bytes, one seed per hash).

hash: X [rows, last_dim] int32 / int64; for row r and seed s in range(num_hash), Out[r, s, 0]
is XXH64(the row's bytes, seed s) % mod_by, taken as unsigned 64-bit arithmetic (a negative
mod_by is 2**64 + mod_by) and cast to X's dtype (int32 keeps the low 32 bits). XXH64 runs
here in NumPy uint64 arithmetic over every (row, seed) pair at once: its loops walk the row's
32-byte stripes and tail words, a short axis; the bits are the reference algorithm's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import to_host

_P1 = np.uint64(0x9E3779B185EBCA87)
_P2 = np.uint64(0xC2B2AE3D27D4EB4F)
_P3 = np.uint64(0x165667B19E3779F9)
_P4 = np.uint64(0x85EBCA77C2B2AE63)
_P5 = np.uint64(0x27D4EB2F165667C5)


def _rotl(v: np.ndarray, bits: int) -> np.ndarray:
    return (v << np.uint64(bits)) | (v >> np.uint64(64 - bits))


def _round(acc: np.ndarray, lane: np.ndarray) -> np.ndarray:
    return _rotl(acc + lane * _P2, 31) * _P1


def _merge(h: np.ndarray, v: np.ndarray) -> np.ndarray:
    return (h ^ _round(np.zeros_like(v), v)) * _P1 + _P4


def xxh64(rows: np.ndarray, seeds: np.ndarray) -> np.ndarray:
    """XXH64 of each row of `rows` (uint8 [n, length]) with each seed: [n, len(seeds)]."""
    n, length = rows.shape
    data = np.ascontiguousarray(rows)
    seed = np.broadcast_to(seeds.astype(np.uint64), (n, len(seeds))).copy()
    words = data[:, : length // 8 * 8].view("<u8")[:, :, None]  # [n, length // 8, 1]
    with np.errstate(over="ignore"):
        stripes = length // 32
        if stripes:
            acc = [seed + _P1 + _P2, seed + _P2, seed.copy(), seed - _P1]
            for s in range(stripes):
                for i in range(4):
                    acc[i] = _round(acc[i], words[:, 4 * s + i])
            h = _rotl(acc[0], 1) + _rotl(acc[1], 7) + _rotl(acc[2], 12) + _rotl(acc[3], 18)
            for v in acc:
                h = _merge(h, v)
        else:
            h = seed + _P5
        h += np.uint64(length)
        for w in range(stripes * 4, length // 8):
            h = _rotl(h ^ _round(np.zeros_like(h), words[:, w]), 27) * _P1 + _P4
        pos = length // 8 * 8
        if length - pos >= 4:
            word = data[:, pos:pos + 4].copy().view("<u4").astype(np.uint64)
            h = _rotl(h ^ (word * _P1), 23) * _P2 + _P3
            pos += 4
        for b in range(pos, length):
            h = _rotl(h ^ (data[:, b:b + 1].astype(np.uint64) * _P5), 11) * _P1
        for shift, prime in ((33, _P2), (29, _P3)):
            h = (h ^ (h >> np.uint64(shift))) * prime
        return h ^ (h >> np.uint64(32))


def hash_dims(op: str, x_dims: Sequence[int], num_hash: int) -> tuple[int, ...]:
    """Out: [rows, num_hash, 1] for X [rows, last_dim]."""
    if len(x_dims) != 2:
        raise ValueError(f"{op}: the input of hash_op's dimensions must be 2, got X dims "
                         f"{list(x_dims)}")
    if num_hash < 0:
        raise ValueError(f"{op}: num_hash must be >= 0, got {num_hash}")
    return (x_dims[0], num_hash, 1)


def hash_rows(xp: Any, op: str, x: Any, num_hash: int, mod_by: int, out: Any) -> None:
    """out [rows, num_hash, 1] in X's dtype."""
    if mod_by == 0:
        raise ValueError(f"{op}: mod_by must not be 0 (the hash is taken modulo mod_by)")
    host = np.ascontiguousarray(to_host(x))
    rows = host.view(np.uint8).reshape(host.shape[0], host.itemsize * host.shape[1])
    hashed = xxh64(rows, np.arange(num_hash, dtype=np.uint64)) % np.uint64(mod_by % 2**64)
    out[...] = xp.asarray(hashed.astype(host.dtype).reshape(out.shape))
