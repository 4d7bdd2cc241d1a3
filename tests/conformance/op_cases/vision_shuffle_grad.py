"""Grads of the rearranging layers (forward cases in vision_shuffle.py): pixel_shuffle /
pixel_unshuffle (factors 1 to 3, NCHW and NHWC), channel_shuffle (groups 1, 2, 3, C;
NHWC), shuffle_channel (float32 here: Paddle 3.3.1's float64 kernels, forward and grad,
write only half of each plane, see vision_shuffle.py's docstring) and temporal_shift
(shift ratios that shift some, none and almost half of the channels; one segment; NHWC);
float64 for each op but shuffle_channel; empty batches.

shuffle_channel only where its shuffle is its own inverse (group 1, group = C, group^2 =
C): Paddle 3.3.1's shuffle_channel_grad applies the forward shuffle to Out@GRAD instead of
its inverse (group 2 of 6 channels: Out@GRAD [0, 10, 20, 30, 40, 50] gives X@GRAD
[0, 30, 10, 40, 20, 50], where the gradient is [0, 20, 40, 10, 30, 50]), a Paddle bug;
fluidphi gives the gradient (its finite-difference case, tests/api/grad_fd/
vision_shuffle_grad.py, checks a group of 2 over 6 channels).
"""

from __future__ import annotations

from typing import Any

from .spec import FLOATS, Case, GradCase, In


def _grad(op: str, name: str, shape: tuple[int, ...], dtype: str = "float32",
          **attrs: Any) -> GradCase:
    return GradCase(Case(f"{op}_{name}", op, {"X": In(shape, dtype)}, attrs=attrs), ("X",))


GRAD_CASES = [
    *[_grad("pixel_shuffle", f"r2_{dt}", (2, 8, 2, 3), dt, upscale_factor=2) for dt in FLOATS],
    _grad("pixel_shuffle", "r3", (1, 18, 2, 2), upscale_factor=3),
    _grad("pixel_shuffle", "r1", (2, 3, 2, 2), upscale_factor=1),
    _grad("pixel_shuffle", "nhwc", (2, 2, 3, 8), upscale_factor=2, data_format="NHWC"),
    _grad("pixel_shuffle", "empty_batch", (0, 4, 2, 2), upscale_factor=2),
    *[_grad("pixel_unshuffle", f"r2_{dt}", (2, 2, 4, 6), dt, downscale_factor=2)
      for dt in FLOATS],
    _grad("pixel_unshuffle", "r3", (1, 2, 3, 6), downscale_factor=3),
    _grad("pixel_unshuffle", "nhwc", (2, 4, 6, 3), downscale_factor=2, data_format="NHWC"),
    _grad("pixel_unshuffle", "empty_batch", (0, 2, 4, 4), downscale_factor=2),
    *[_grad("channel_shuffle", f"g3_{dt}", (2, 6, 2, 3), dt, groups=3) for dt in FLOATS],
    _grad("channel_shuffle", "g2", (2, 8, 2, 2), groups=2),
    _grad("channel_shuffle", "g1", (2, 4, 2, 2), groups=1),
    _grad("channel_shuffle", "g_eq_c", (1, 5, 2, 2), groups=5),
    _grad("channel_shuffle", "nhwc", (2, 2, 3, 6), groups=2, data_format="NHWC"),
    # the involutions only (see the module docstring)
    _grad("shuffle_channel", "g2_c4", (2, 4, 2, 3), group=2),
    _grad("shuffle_channel", "g3_c9", (1, 9, 2, 2), group=3),
    _grad("shuffle_channel", "default_group1", (2, 4, 1, 2)),
    _grad("shuffle_channel", "g_eq_c", (1, 4, 2, 1), group=4),
    _grad("shuffle_channel", "empty_batch", (0, 4, 2, 2), group=2),
    *[_grad("temporal_shift", f"seg3_{dt}", (6, 8, 2, 2), dt, seg_num=3) for dt in FLOATS],
    _grad("temporal_shift", "ratio0.3_c7", (4, 7, 1, 2), seg_num=4, shift_ratio=0.3),
    _grad("temporal_shift", "ratio0.1_no_shift", (4, 8, 1, 1), seg_num=2, shift_ratio=0.1),
    _grad("temporal_shift", "ratio0.49", (4, 9, 1, 1), seg_num=2, shift_ratio=0.49),
    _grad("temporal_shift", "seg1", (3, 8, 1, 2), seg_num=1),
    _grad("temporal_shift", "nhwc_float64", (4, 1, 3, 5), "float64", seg_num=2,
          shift_ratio=0.4, data_format="NHWC"),
    _grad("temporal_shift", "empty_batch", (0, 4, 2, 2), seg_num=2),
]
