"""correlation (FlowNet's correlation layer), as Paddle's GPU kernel computes it.

Input1 and Input2 [N, C, H, W] are zero-padded by pad_size on H and W. Output channel
(tj + r) * (2r + 1) + (ti + r), r = max_displacement // stride2, at (y, x) is the mean over
the C channels and the kernel_size x kernel_size taps (j, i) around (h1, w1) =
(y * stride1 + max_displacement, x * stride1 + max_displacement) of
input1[h1 + j, w1 + i] * input2[h1 + tj * stride2 + j, w1 + ti * stride2 + i]. Output
H, W: ceil((padded - 2 * (kernel radius + max_displacement)) / stride1). Paddle's CPU kernel
refuses every input ("Correlation only supports GPU now"); so does fluidphi's CPU kernel
(`refuse_on_cpu`), its GPU kernels (CUDA, the emulated device) compute. Paddle's window
starts without the kernel radius, so a kernel_size above 1 reads before the padded input
whenever the displacement reaches max_displacement: refused here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

OP = "correlation"


def refuse_on_cpu() -> None:
    """Paddle's CPU correlation kernel: every call fails."""
    raise NotImplementedError(f"{OP}: Correlation only supports GPU now (Paddle's CPU kernel "
                              f"refuses every input); run the program on a GPU place (gpu, "
                              f"emulated)")


def correlation_dims(x1_dims: Sequence[int], x2_dims: Sequence[int], pad_size: int,
                     kernel_size: int, max_displacement: int, stride1: int,
                     stride2: int) -> tuple[int, int, int, int]:
    """[N, (2 * (max_displacement // stride2) + 1) ** 2, OH, OW]."""
    if len(x1_dims) != 4 or list(x1_dims) != list(x2_dims):
        raise ValueError(f"{OP}: Input1 and Input2 must both be [N, C, H, W] of the same dims, "
                         f"got {list(x1_dims)} and {list(x2_dims)}")
    if stride1 <= 0 or stride2 <= 0 or kernel_size <= 0 or kernel_size % 2 == 0:
        raise ValueError(f"{OP}: strides must be positive and kernel_size a positive odd "
                         f"number, got stride1 {stride1}, stride2 {stride2}, kernel_size "
                         f"{kernel_size}")
    radius = (kernel_size - 1) // 2
    if radius > max_displacement - (max_displacement // stride2) * stride2:
        raise ValueError(f"{OP}: kernel_size {kernel_size} reads before the padded input at "
                         f"the largest displacement (Paddle's windows start at "
                         f"max_displacement {max_displacement} without the kernel radius)")
    border = radius + max_displacement
    side = 2 * (max_displacement // stride2) + 1
    outs = [math.ceil((d + 2 * pad_size - 2 * border) / stride1) for d in x1_dims[2:]]
    if min(outs) <= 0:
        raise ValueError(f"{OP}: the padded input {[d + 2 * pad_size for d in x1_dims[2:]]} "
                         f"is too small for max_displacement {max_displacement} and "
                         f"kernel_size {kernel_size}")
    return x1_dims[0], side * side, outs[0], outs[1]


def correlation(xp: Any, x1: Any, x2: Any, pad_size: int, kernel_size: int,
                max_displacement: int, stride1: int, stride2: int, out: Any) -> None:
    """out [N, D * D, OH, OW] (`correlation_dims`): one pass per displacement and kernel tap
    (small axes), each a product of strided views summed over the channels."""
    _, channels, oh, ow = x1.shape[0], x1.shape[1], out.shape[2], out.shape[3]
    pad = ((0, 0), (0, 0), (pad_size, pad_size), (pad_size, pad_size))
    p1, p2 = xp.pad(x1, pad), xp.pad(x2, pad)
    radius, r = (kernel_size - 1) // 2, max_displacement // stride2

    def window(p: Any, dy: int, dx: int) -> Any:  # the strided (oh, ow) grid shifted by dy, dx
        top, left = max_displacement + dy, max_displacement + dx
        return p[:, :, top:top + stride1 * (oh - 1) + 1:stride1,
                 left:left + stride1 * (ow - 1) + 1:stride1]

    out[...] = 0
    for tj in range(-r, r + 1):
        for ti in range(-r, r + 1):
            acc = out[:, (tj + r) * (2 * r + 1) + (ti + r)]
            for j in range(-radius, radius + 1):
                for i in range(-radius, radius + 1):
                    acc += (window(p1, j, i)
                            * window(p2, tj * stride2 + j, ti * stride2 + i)).sum(axis=1)
            acc /= out.dtype.type(kernel_size * kernel_size * channels)
