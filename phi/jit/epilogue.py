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
    """row = act(row + b + extra) in place, in one pass: the branches taken once per row
    and the constants read into locals first (read from `k` inside the loop, LLVM could
    not tell them apart from `row`'s elements, reloaded them per element and left the
    loop scalar: a relu epilogue over 64x56x56 took 123 us against NumPy's 88 us)."""
    zero, six = k[0], k[2]
    n = row.shape[0]
    if act == 1:  # x > 0 ? x : 0, so NaN gives 0 (the plain relu's rule)
        if has_residual:
            for x in range(n):
                v = row[x] + b + extra[x]
                row[x] = v if v > zero else zero
        else:
            for x in range(n):
                v = row[x] + b
                row[x] = v if v > zero else zero
        return
    if act == 2:  # a clip: NaN stays NaN (the plain relu6's rule)
        if has_residual:
            for x in range(n):
                v = row[x] + b + extra[x]
                v = zero if v < zero else v
                row[x] = six if v > six else v
        else:
            for x in range(n):
                v = row[x] + b
                v = zero if v < zero else v
                row[x] = six if v > six else v
        return
    if has_residual:
        for x in range(n):
            row[x] += b + extra[x]
    else:
        for x in range(n):
            row[x] += b
    if act > 2:
        for x in range(n):
            row[x] = activate(row[x], act, k)


@kernel
def finish_planes(out, bias, residual, has_residual, act, k):
    """The epilogue over an NCHW output viewed as [N, C, H * W] planes: `bias` [C] (zeros
    for none), `residual` like `out` (read only when `has_residual`)."""
    n, c = out.shape[0], out.shape[1]
    for job in prange(n * c):
        i, ch = job // c, job % c
        plane = out[i, ch]
        finish_row(plane, residual[i, ch] if has_residual else plane, has_residual,
                   bias[ch], act, k)


def finish_nchw(out: np.ndarray, bias: np.ndarray, residual: np.ndarray, has_residual: bool,
                act: int, k: np.ndarray) -> None:
    """`finish_planes` over a C-contiguous NCHW `out` (and `residual` like it)."""
    n, c = out.shape[0], out.shape[1]
    finish_planes(out.reshape(n, c, -1), bias, residual.reshape(n, c, -1), has_residual,
                  act, k)


def constants(dtype: np.dtype, alpha: float) -> np.ndarray:
    """The epilogue's constants in the data's dtype: 0, 3, 6, alpha, 1."""
    return np.array([0.0, 3.0, 6.0, alpha, 1.0], dtype)


def bias_or_zeros(bias: np.ndarray | None, channels: int, dtype: np.dtype) -> np.ndarray:
    return np.zeros(channels, dtype) if bias is None else np.ascontiguousarray(
        bias.reshape(-1), dtype)
