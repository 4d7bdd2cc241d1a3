"""Compiled row-wise kernels: softmax over the last axis and layer_norm, one task per
block of rows over the threads, each row read from memory once per pass.

softmax follows the plain kernel's rule (phi/kernels/funcs/softmax.py): s = max(x - max,
-64), exp(s) / sum(exp(s)); a NaN in a row makes the row NaN, an infinite maximum gives
NaN as inf - inf does. layer_norm: mean, biased variance, (x - mean) / sqrt(var + eps) *
scale + bias, statistics in the data's dtype. Softmax over another axis, 0-D inputs and
other dtypes run the plain body.
"""

from __future__ import annotations

import math

import numpy as np

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.jit.runtime import kernel, prange
from phi.kernels.funcs import layer_norm as ln_funcs
from phi.kernels.funcs import softmax as softmax_funcs
from phi.kernels.funcs.softmax import SHIFT_FLOOR

TYPES = [DataType.FLOAT32, DataType.FLOAT64]


@kernel
def softmax_rows(x, out, floor):
    rows, cols = x.shape
    for r in prange(rows):
        src, dst = x[r], out[r]
        top = src[0]
        for j in range(1, cols):
            v = src[j]
            if v > top or math.isnan(v):
                top = v
                if math.isnan(v):
                    break
        total = floor * 0
        for j in range(cols):
            s = src[j] - top
            if s < floor:  # noqa: PLR1730 (NaN stays NaN, as np.maximum keeps it)
                s = floor
            e = math.exp(s)
            dst[j] = e
            total += e
        for j in range(cols):
            dst[j] = dst[j] / total


@kernel
def layer_norm_rows(x, scale, bias, has_scale, has_bias, eps, y, mean, var):
    rows, cols = x.shape
    for r in prange(rows):
        src, dst = x[r], y[r]
        total = eps * 0
        for j in range(cols):
            total += src[j]
        mu = total / cols
        sq = eps * 0
        for j in range(cols):
            d = src[j] - mu
            sq += d * d
        v = sq / cols
        inv = math.sqrt(v + eps)
        for j in range(cols):
            t = (src[j] - mu) / inv
            if has_scale:
                t *= scale[j]
            if has_bias:
                t += bias[j]
            dst[j] = t
        mean[r] = mu
        var[r] = v


@register_kernel("softmax", Backend.NUMBA, DataLayout.ALL_LAYOUT, TYPES)
def softmax_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: int, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    xd = x.data
    if xd.ndim == 0 or softmax_funcs.normalize_axis(axis, xd.ndim) != xd.ndim - 1 \
            or xd.size == 0:
        softmax_funcs.softmax(dev_ctx.xp, xd, axis, data)
        return
    cols = int(xd.shape[-1])
    softmax_rows(np.ascontiguousarray(xd).reshape(-1, cols), data.reshape(-1, cols),
                 xd.dtype.type(SHIFT_FLOOR))


@register_kernel("layer_norm", Backend.NUMBA, DataLayout.ALL_LAYOUT, TYPES)
def layer_norm_kernel(dev_ctx: DeviceContext, x: DenseTensor, scale: DenseTensor | None,
                      bias: DenseTensor | None, epsilon: float, begin_norm_axis: int,
                      out: OutTensor, mean: OptionalOutTensor,
                      variance: OptionalOutTensor) -> None:
    xd = x.data
    y = dev_ctx.alloc(out, x.dtype)
    left, right = ln_funcs.flatten_at(tuple(xd.shape), begin_norm_axis)
    mu = dev_ctx.alloc(mean, x.dtype) if mean is not None else np.empty(left, xd.dtype)
    var = dev_ctx.alloc(variance, x.dtype) if variance is not None else np.empty(left,
                                                                                  xd.dtype)
    if xd.size == 0:
        ln_funcs.layer_norm(dev_ctx.xp, xd, None if scale is None else scale.data,
                            None if bias is None else bias.data, epsilon, begin_norm_axis, y,
                            None if mean is None else mu, None if variance is None else var)
        return
    none = np.empty(0, xd.dtype)
    layer_norm_rows(np.ascontiguousarray(xd).reshape(left, right),
                    none if scale is None else np.ascontiguousarray(scale.data, xd.dtype
                                                                    ).reshape(-1),
                    none if bias is None else np.ascontiguousarray(bias.data, xd.dtype
                                                                   ).reshape(-1),
                    scale is not None, bias is not None, xd.dtype.type(epsilon),
                    y.reshape(left, right), mu.reshape(-1), var.reshape(-1))
