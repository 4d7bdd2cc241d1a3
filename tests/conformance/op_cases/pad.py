"""Padding: pad3d (constant / reflect / replicate / circular, NCDHW / NDHWC, paddings from the
attribute or the Paddings tensor) and pad (constant, every axis).

pad3d's paddings are [left, right, top, bottom, front, back] (W, H, D); negative ones crop;
reflect needs each pad below its axis's size; circular wraps any number of times. pad's
paddings are (before, after) per axis, all >= 0. Fill values cast to the element type
(floats truncate for integers). Paddle 2.x also registers `pad2d`, which neither Paddle 2.6.2's
nor 3.3.1's Python API writes any more; it has no case here. Paddle crashes on a 0-D
pad (no case either).
"""

from ._inputs import data
from .spec import Case, In

_MODES = ("constant", "reflect", "replicate", "circular")



def _pad3d() -> list[Case]:
    dtypes = ("int32", "int64", "float32", "float64", "complex64", "complex128")
    cases = [Case(f"pad3d_{d}_{mode}", "pad3d", {"X": data((2, 1, 2, 3, 4), d)},
                  attrs={"paddings": [1, 2, 0, 2, 1, 0], "mode": mode, "value": -1.5})
             for d in dtypes for mode in _MODES]
    x = data((1, 2, 3, 3, 4), "float32")
    return [
        *cases,
        *[Case(f"pad3d_ndhwc_{mode}", "pad3d", {"X": data((1, 2, 3, 4, 2), "float64")},
               attrs={"paddings": [2, 1, 1, 0, 0, 1], "mode": mode, "value": 2.0,
                      "data_format": "NDHWC"}) for mode in _MODES],
        Case("pad3d_api_reflect", "pad3d", {"X": x}, api="paddle.nn.functional.pad",
             api_kwargs={"pad": [1, 1, 2, 0, 1, 2], "mode": "reflect"}),
        Case("pad3d_paddings_tensor", "pad3d",
             {"X": x, "Paddings": In((6,), "int32", values=[0, 3, 1, 1, 2, 0])},
             attrs={"paddings": [0] * 6, "mode": "replicate"}),
        *[Case(f"pad3d_crop_{mode}", "pad3d", {"X": x},
               attrs={"paddings": [-1, 1, 0, -2, 1, -1], "mode": mode})
          for mode in _MODES],
        Case("pad3d_circular_wraps_twice", "pad3d", {"X": x},
             attrs={"paddings": [9, 0, 0, 4, 0, 0], "mode": "circular"}),
        Case("pad3d_replicate_wide", "pad3d", {"X": x},
             attrs={"paddings": [6, 0, 0, 5, 0, 0], "mode": "replicate"}),
        Case("pad3d_constant_int_value", "pad3d", {"X": data((1, 1, 2, 2, 2), "int32")},
             attrs={"paddings": [1] * 6, "value": -2.7}),
        Case("pad3d_reflect_too_wide", "pad3d", {"X": x},
             attrs={"paddings": [4, 0, 0, 0, 0, 0], "mode": "reflect"},
             raises="greater than pad_left"),
    ]


def _pad() -> list[Case]:
    dtypes = ("int16", "int32", "int64", "bfloat16", "float32", "float64", "complex64",
              "complex128")
    cases = [Case(f"pad_{d}", "pad", {"X": data((2, 3), d)},
                  attrs={"paddings": [1, 0, 2, 1], "pad_value": 1.5}) for d in dtypes]
    return [
        *cases,
        Case("pad_api", "pad", {"X": data((2, 3, 2), "float32")}, api="paddle.nn.functional.pad",
             api_kwargs={"pad": [0, 1, 2, 0, 1, 1], "value": -3.0}),
        Case("pad_int_value_truncates", "pad", {"X": data((2, 2), "int32")},
             attrs={"paddings": [1, 1, 0, 2], "pad_value": -5.7}),
        Case("pad_empty", "pad", {"X": In((0, 2), "float64")},
             attrs={"paddings": [1, 1, 0, 0], "pad_value": 7.0}),
    ]


CASES = [*_pad3d(), *_pad()]
