"""affine_grid (2-D / 3-D theta, align_corners, the output_shape attribute or the OutputShape
tensor, single-pixel sides) and grid_sampler (4-D / 5-D input, bilinear / nearest, padding
zeros / border / reflection, align_corners, grids far outside the input, rounding ties, NaN
and inf in the input).

grid_sampler has no legacy-mode Python API in Paddle 3.3.1 (`F.grid_sample` wants a PIR
Value): every case is built with `LayerHelper.append_op`, as older code emitted it.
"""

from __future__ import annotations

from typing import Any

from .spec import FLOAT_EDGES, FLOATS, Case, In

_MODES = ("bilinear", "nearest")
_PADS = ("zeros", "border", "reflection")


def _affine(name: str, theta: tuple[int, ...], shape: list[int], *, dtype: str = "float32",
            align: bool = True, tensor_shape: bool = False, **fields: Any) -> Case:
    inputs = {"Theta": In(theta, dtype, -1.5, 1.5)}
    attrs: dict[str, Any] = {"align_corners": align}
    if tensor_shape:
        inputs["OutputShape"] = In((len(shape),), "int32", values=shape)
    else:
        attrs["output_shape"] = shape
    return Case(f"affine_grid_{name}", "affine_grid", inputs, attrs=attrs, **fields)


def _sample(name: str, x: tuple[int, ...], grid: tuple[int, ...], mode: str, pad: str,
            align: bool, *, dtype: str = "float32", lim: float = 1.3,
            grid_in: In | None = None, x_in: In | None = None) -> Case:
    inputs = {"X": x_in or In(x, dtype, -4.0, 4.0),
              "Grid": grid_in or In(grid, dtype, -lim, lim)}
    return Case(f"grid_sampler_{name}", "grid_sampler", inputs,
                attrs={"mode": mode, "padding_mode": pad, "align_corners": align})


def _tag(mode: str, pad: str, align: bool) -> str:
    return f"{mode}_{pad}_{'ac' if align else 'nac'}"


#: Grid x values that land on .5 after unnormalising (W = 5, align_corners: (g + 1) * 2;
#: W = 4, not: (g + 1) * 2 - 0.5) and exact integers; y = 0.
_TIES_AC = [[[[-0.75, 0.0], [0.25, 0.0], [-0.25, 0.0], [0.75, 0.0], [-1.25, 0.0],
              [1.25, 0.0], [-1.0, 0.0], [1.0, 0.0]]]]
_TIES_NAC = [[[[0.0, 0.0], [-0.5, 0.0], [0.5, 0.0], [-1.25, 0.0], [1.25, 0.0],
               [-1.0, 0.0], [1.0, 0.0], [-1.2, 0.0]]]]
#: 3-D grids whose x lands in [-0.5, 0) and (W - 1, W - 0.5] (W = 4, align_corners).
_NEAR_EDGE_3D = [[[[[-1.2, 0.0, 0.0], [-1.1, 0.0, 0.0], [1.1, 0.0, 0.0], [1.2, 0.0, 0.0],
                    [-1.0, -1.0, -1.0], [1.0, 1.0, 1.0]]]]]


CASES = [
    *[_affine(f"2d_{dt}_{'ac' if a else 'nac'}", (2, 2, 3), [2, 3, 4, 5], dtype=dt, align=a)
      for dt in FLOATS for a in (True, False)],
    *[_affine(f"3d_{dt}_{'ac' if a else 'nac'}", (2, 3, 4), [2, 3, 3, 4, 5], dtype=dt,
              align=a) for dt in FLOATS for a in (True, False)],
    _affine("2d_one_pixel_ac", (1, 2, 3), [1, 1, 1, 3]),
    _affine("2d_one_pixel_nac", (1, 2, 3), [1, 1, 1, 3], align=False),
    _affine("3d_one_pixel_nac", (1, 3, 4), [1, 1, 2, 1, 3], align=False),
    _affine("2d_shape_tensor", (2, 2, 3), [2, 1, 3, 4], tensor_shape=True),
    _affine("3d_shape_tensor_nac", (1, 3, 4), [1, 2, 2, 3, 2], tensor_shape=True, align=False),
    Case("affine_grid_api", "affine_grid", {"Theta": In((2, 2, 3), "float32", -1.5, 1.5)},
         api="paddle.nn.functional.affine_grid",
         api_kwargs={"out_shape": [2, 3, 5, 4], "align_corners": False}),
    *[_sample(_tag(m, p, a), (2, 3, 4, 5), (2, 3, 6, 2), m, p, a)
      for m in _MODES for p in _PADS for a in (True, False)],
    *[_sample(f"{_tag(m, p, False)}_float64", (1, 2, 4, 5), (1, 3, 4, 2), m, p, False,
              dtype="float64") for m in _MODES for p in _PADS],
    *[_sample(f"far_{_tag(m, 'reflection', a)}", (1, 2, 3, 4), (1, 4, 5, 2), m,
              "reflection", a, lim=7.0) for m in _MODES for a in (True, False)],
    *[_sample(f"3d_{_tag(m, p, a)}", (1, 2, 3, 4, 5), (1, 2, 3, 4, 3), m, p, a)
      for m in _MODES for p in _PADS for a in (True, False)],
    _sample("3d_bilinear_zeros_ac_float64", (2, 2, 3, 3, 4), (2, 2, 2, 3, 3), "bilinear",
            "zeros", True, dtype="float64"),
    *[_sample(f"ties_{_tag('nearest', p, True)}", (1, 1, 1, 5), (1, 1, 8, 2), "nearest", p,
              True, grid_in=In((1, 1, 8, 2), "float32", values=_TIES_AC))
      for p in ("zeros", "border")],
    _sample("ties_nearest_zeros_nac", (1, 1, 1, 4), (1, 1, 8, 2), "nearest", "zeros", False,
            grid_in=In((1, 1, 8, 2), "float32", values=_TIES_NAC)),
    _sample("ties_bilinear_zeros_nac", (1, 1, 1, 4), (1, 1, 8, 2), "bilinear", "zeros", False,
            grid_in=In((1, 1, 8, 2), "float32", values=_TIES_NAC)),
    *[_sample(f"3d_near_edge_{m}", (1, 1, 2, 2, 4), (1, 1, 1, 6, 3), m, "zeros", True,
              grid_in=In((1, 1, 1, 6, 3), "float32", values=_NEAR_EDGE_3D)) for m in _MODES],
    *[_sample(f"one_pixel_{_tag('bilinear', p, a)}", (1, 2, 1, 1), (1, 2, 3, 2), "bilinear",
              p, a) for p in _PADS for a in (True, False)],
    *[_sample(f"edges_{_tag(m, 'zeros', True)}", (1, 2, 4, 4), (1, 3, 3, 2), m, "zeros", True,
              x_in=In((1, 2, 4, 4), "float32", -4.0, 4.0, special=FLOAT_EDGES))
      for m in _MODES],
    _sample("empty_batch", (0, 2, 3, 3), (0, 2, 2, 2), "bilinear", "zeros", True),
]
