"""Rearranging layers: pixel_shuffle, pixel_unshuffle, channel_shuffle (factors / groups,
NCHW and NHWC), shuffle_channel (its NCHW-only predecessor, `group`; float32) and
temporal_shift (seg_num, shift_ratio incl. one that shifts no channel, NCHW and NHWC).
Values are a seeded ramp plus edge values, so every misplaced element shows.

shuffle_channel on float64 has no case here: Paddle 3.3.1's kernel copies sizeof(int) bytes
per element, so only the first (H * W) // 2 elements of each output plane are written and
the rest of the plane is undefined (whatever the memory held); fluidphi writes the true
shuffle there. tests/conformance/export_shuffle_channel_float64.py records Paddle's output
with the undefined elements masked (tests/fixtures/shuffle_channel_float64.npz), compared
on the defined ones by tests/ops/test_vision_shuffle_ops.py.
"""

from __future__ import annotations

from typing import Any

from .spec import FLOAT_EDGES, FLOATS, Case, In


def _x(shape: tuple[int, ...], dtype: str = "float32") -> In:
    return In(shape, dtype, -8.0, 8.0, special=FLOAT_EDGES)


def _case(op: str, name: str, shape: tuple[int, ...], dtype: str = "float32",
          **fields: Any) -> Case:
    return Case(f"{op}_{name}", op, {"X": _x(shape, dtype)}, **fields)


CASES = [
    *[_case("pixel_shuffle", f"r2_{dt}", (2, 8, 2, 3), dt, attrs={"upscale_factor": 2})
      for dt in FLOATS],
    _case("pixel_shuffle", "r3", (1, 18, 2, 2), attrs={"upscale_factor": 3}),
    _case("pixel_shuffle", "r1", (2, 3, 2, 2), attrs={"upscale_factor": 1}),
    _case("pixel_shuffle", "nhwc", (2, 2, 3, 8), attrs={"upscale_factor": 2,
                                                         "data_format": "NHWC"}),
    _case("pixel_shuffle", "nhwc_r3_float64", (1, 2, 1, 18), "float64",
          attrs={"upscale_factor": 3, "data_format": "NHWC"}),
    _case("pixel_shuffle", "empty_batch", (0, 4, 2, 2), attrs={"upscale_factor": 2}),
    _case("pixel_shuffle", "api", (2, 4, 3, 2), api="paddle.nn.functional.pixel_shuffle",
          api_kwargs={"upscale_factor": 2}),
    *[_case("pixel_unshuffle", f"r2_{dt}", (2, 2, 4, 6), dt, attrs={"downscale_factor": 2})
      for dt in FLOATS],
    _case("pixel_unshuffle", "r3", (1, 2, 3, 6), attrs={"downscale_factor": 3}),
    _case("pixel_unshuffle", "r1", (2, 3, 2, 2), attrs={"downscale_factor": 1}),
    _case("pixel_unshuffle", "nhwc", (2, 4, 6, 3), attrs={"downscale_factor": 2,
                                                           "data_format": "NHWC"}),
    _case("pixel_unshuffle", "empty_batch", (0, 2, 4, 4), attrs={"downscale_factor": 2}),
    _case("pixel_unshuffle", "api", (1, 3, 4, 2), api="paddle.nn.functional.pixel_unshuffle",
          api_kwargs={"downscale_factor": 2}),
    *[_case("channel_shuffle", f"g3_{dt}", (2, 6, 2, 3), dt, attrs={"groups": 3})
      for dt in FLOATS],
    _case("channel_shuffle", "g2", (2, 8, 2, 2), attrs={"groups": 2}),
    _case("channel_shuffle", "g1", (2, 4, 2, 2), attrs={"groups": 1}),
    _case("channel_shuffle", "g_eq_c", (1, 5, 2, 2), attrs={"groups": 5}),
    _case("channel_shuffle", "nhwc", (2, 2, 3, 6), attrs={"groups": 2, "data_format": "NHWC"}),
    _case("channel_shuffle", "empty_batch", (0, 4, 2, 2), attrs={"groups": 2}),
    _case("channel_shuffle", "api", (2, 6, 2, 2), api="paddle.nn.functional.channel_shuffle",
          api_kwargs={"groups": 3}),
    _case("shuffle_channel", "g2", (2, 6, 2, 3), attrs={"group": 2}),
    _case("shuffle_channel", "g3", (1, 6, 2, 2), attrs={"group": 3}),
    _case("shuffle_channel", "default_group1", (2, 4, 1, 2)),
    _case("shuffle_channel", "g_eq_c", (1, 4, 2, 1), attrs={"group": 4}),
    _case("shuffle_channel", "empty_batch", (0, 4, 2, 2), attrs={"group": 2}),
    *[_case("temporal_shift", f"seg3_{dt}", (6, 8, 2, 2), dt, attrs={"seg_num": 3})
      for dt in FLOATS],
    _case("temporal_shift", "ratio0.3_c7", (4, 7, 1, 2), attrs={"seg_num": 4,
                                                                 "shift_ratio": 0.3}),
    _case("temporal_shift", "ratio0.1_no_shift", (4, 8, 1, 1), attrs={"seg_num": 2,
                                                                       "shift_ratio": 0.1}),
    _case("temporal_shift", "ratio0.49", (4, 9, 1, 1), attrs={"seg_num": 2,
                                                               "shift_ratio": 0.49}),
    _case("temporal_shift", "seg1", (3, 8, 1, 2), attrs={"seg_num": 1}),
    _case("temporal_shift", "nhwc", (6, 2, 2, 8), attrs={"seg_num": 3, "data_format": "NHWC"}),
    _case("temporal_shift", "nhwc_float64", (4, 1, 3, 5), "float64",
          attrs={"seg_num": 2, "shift_ratio": 0.4, "data_format": "NHWC"}),
    _case("temporal_shift", "empty_batch", (0, 4, 2, 2), attrs={"seg_num": 2}),
    _case("temporal_shift", "api", (4, 8, 2, 2), api="paddle.nn.functional.temporal_shift",
          api_kwargs={"seg_num": 2, "shift_ratio": 0.25}),
]
