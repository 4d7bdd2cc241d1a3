"""conv3d: groups, strides, paddings (3 and 6 values, SAME, VALID), dilations, NCDHW and
NDHWC, 1x1x1 kernels, depthwise-style groups, empty batches and NaN / inf inputs."""

from __future__ import annotations

from typing import Any

from .spec import FLOAT_EDGES, FLOATS, Case, In


def _conv(name: str, x: tuple[int, ...], w: tuple[int, ...], *, dtype: str = "float32",
          x_in: In | None = None, **fields: Any) -> Case:
    return Case(f"conv3d_{name}", "conv3d",
                {"Input": x_in or In(x, dtype, -2.0, 2.0), "Filter": In(w, dtype, -0.5, 0.5)},
                **fields)


_X = (2, 3, 4, 5, 5)
_W = (4, 3, 2, 3, 3)

CASES = [
    *[_conv(f"basic_{dt}", _X, _W, dtype=dt) for dt in FLOATS],
    _conv("strides", _X, _W, attrs={"strides": [1, 2, 2]}),
    _conv("paddings3", _X, _W, attrs={"paddings": [1, 0, 2]}),
    _conv("paddings6", _X, _W, attrs={"paddings": [1, 0, 0, 1, 2, 1], "strides": [2, 1, 2]}),
    _conv("dilations", (1, 3, 5, 6, 6), _W, attrs={"dilations": [2, 1, 2],
                                                  "paddings": [1, 1, 1]}),
    _conv("groups3", (2, 6, 3, 4, 4), (6, 2, 2, 2, 2), attrs={"groups": 3}),
    _conv("depthwise", (1, 4, 3, 4, 4), (8, 1, 3, 3, 3), attrs={"groups": 4,
                                                                "paddings": [1, 1, 1]}),
    _conv("same", _X, _W, attrs={"padding_algorithm": "SAME", "strides": [2, 2, 1]}),
    _conv("same_dilated", _X, _W, attrs={"padding_algorithm": "SAME", "dilations": [2, 2, 2]}),
    _conv("valid", _X, _W, attrs={"padding_algorithm": "VALID", "paddings": [3, 3, 3]}),
    _conv("ndhwc", (2, 4, 5, 5, 3), _W, attrs={"data_format": "NDHWC", "paddings": [1, 1, 0]}),
    _conv("ndhwc_groups_float64", (1, 3, 4, 4, 4), (4, 2, 2, 2, 2), dtype="float64",
          attrs={"data_format": "NDHWC", "groups": 2, "strides": [1, 2, 1]}),
    _conv("kernel1", _X, (5, 3, 1, 1, 1)),
    _conv("kernel_eq_input", (2, 2, 2, 3, 3), (3, 2, 2, 3, 3)),
    _conv("empty_batch", (0, 3, 4, 5, 5), _W),
    _conv("edges", _X, _W, x_in=In(_X, "float32", special=FLOAT_EDGES)),
    _conv("api", _X, _W, api="paddle.nn.functional.conv3d", api_kwargs={"padding": 1}),
]
