"""The conv epilogue compiled: out = act(out + bias[channel] + residual), in one pass per
channel plane, with the activation chosen by code (`Activation`)."""

from __future__ import annotations

import math
from enum import IntEnum

import numpy as np

from phi.jit.runtime import inline, kernel, prange


class Activation(IntEnum):
    """The activations a compiled epilogue applies (fused_conv2d_add_act's `activation`)."""

    IDENTITY = 0
    RELU = 1
    RELU6 = 2
    LEAKY_RELU = 3
    SIGMOID = 4
    TANH = 5
    HARDSWISH = 6

    @classmethod
    def named(cls, name: str) -> Activation:
        """The code of fused_conv2d_add_act's activation attribute ("" is identity)."""
        if name in ("", "identity"):
            return cls.IDENTITY
        try:
            return cls[name.upper()]
        except KeyError:
            names = ", ".join(repr(m.name.lower()) for m in cls)
            raise ValueError(f"activation {name!r} is not supported (supported: {names})"
                             ) from None


@inline
def activate(v, act, k):
    """One value through activation `act`; `k` holds the constants in the data's dtype
    (`constants`). NaN follows the plain kernels: relu gives 0, the others NaN."""
    zero, three, six, alpha, one = k[0], k[1], k[2], k[3], k[4]
    if act == 1:
        return v if v > zero else zero
    if act == 2:
        if v < zero:
            return zero
        return six if v > six else v
    if act == 3:
        return v if v >= zero else v * alpha
    if act == 4:
        return one / (one + math.exp(-v))
    if act == 5:
        return math.tanh(v)
    if act == 6:
        t = v + three
        if t < zero:
            t = zero
        elif t > six:
            t = six
        return t * v / six
    return v


@inline
def finish_row(row, extra, has_residual, b, act, k):
    """row = act(row + b + extra) in place: the branches taken once per row, so each
    inner loop is branch-free and vectorises."""
    if has_residual:
        for x in range(row.shape[0]):
            row[x] += b + extra[x]
    else:
        for x in range(row.shape[0]):
            row[x] += b
    if act == 1:  # x > 0 ? x : 0, so NaN gives 0 (the plain relu's rule)
        for x in range(row.shape[0]):
            v = row[x]
            row[x] = v if v > k[0] else k[0]
    elif act == 2:  # a clip: NaN stays NaN (the plain relu6's rule)
        for x in range(row.shape[0]):
            v = row[x]
            v = k[0] if v < k[0] else v
            row[x] = k[2] if v > k[2] else v
    elif act > 2:
        for x in range(row.shape[0]):
            row[x] = activate(row[x], act, k)


@kernel
def finish_nchw(out, bias, residual, has_residual, act, k):
    """The epilogue over an NCHW output: `bias` [C] (zeros for none), `residual` like
    `out` (read only when `has_residual`)."""
    n, c = out.shape[0], out.shape[1]
    for job in prange(n * c):
        i, ch = job // c, job % c
        plane = out[i, ch]
        res = residual[i, ch] if has_residual else plane
        for y in range(plane.shape[0]):
            finish_row(plane[y], res[y], has_residual, bias[ch], act, k)


def constants(dtype: np.dtype, alpha: float) -> np.ndarray:
    """The epilogue's constants in the data's dtype: 0, 3, 6, alpha, 1."""
    return np.array([0.0, 3.0, 6.0, alpha, 1.0], dtype)


def bias_or_zeros(bias: np.ndarray | None, channels: int, dtype: np.dtype) -> np.ndarray:
    return np.zeros(channels, dtype) if bias is None else np.ascontiguousarray(
        bias.reshape(-1), dtype)
