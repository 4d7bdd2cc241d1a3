"""Grads of affine_grid (2-D / 3-D theta, float32 / float64, align_corners, the
output_shape attribute or the OutputShape tensor, single-pixel sides) and grid_sampler
(forward cases in vision_sample.py): X@GRAD and Grid@GRAD over 4-D / 5-D inputs, bilinear /
nearest, padding zeros / border / reflection, align_corners, grids far outside the input
(reflection folding several times), a one-pixel input, float64, an empty batch.

Not exported: nearest sampling at rounding ties, and 5-D nearest sampling with zeros
padding. Paddle 3.3.1's grid_sampler_grad rounds positions half away from zero where its
forward rounds half to even, and on 5-D inputs it tests the unrounded position against
[0, n - 1], so a position within half a pixel outside the input, which its forward reads
(rounded into the input), gets no gradient; fluidphi's X@GRAD is its forward's gradient
(its finite-difference cases in tests/api/grad_fd/vision_sample_grad.py).
"""

from __future__ import annotations

from typing import Any

from .spec import FLOATS, Case, GradCase, In

_MODES = ("bilinear", "nearest")
_PADS = ("zeros", "border", "reflection")


def _affine(name: str, theta: tuple[int, ...], shape: list[int], *, dtype: str = "float32",
            align: bool = True, tensor_shape: bool = False) -> GradCase:
    inputs = {"Theta": In(theta, dtype, -1.5, 1.5)}
    attrs: dict[str, Any] = {"align_corners": align}
    if tensor_shape:
        inputs["OutputShape"] = In((len(shape),), "int32", values=shape)
    else:
        attrs["output_shape"] = shape
    return GradCase(Case(f"affine_grid_{name}", "affine_grid", inputs, attrs=attrs),
                    ("Theta",))


def _sample(name: str, x: tuple[int, ...], grid: tuple[int, ...], mode: str, pad: str,
            align: bool, *, dtype: str = "float32", lim: float = 1.3) -> GradCase:
    inputs = {"X": In(x, dtype, -4.0, 4.0), "Grid": In(grid, dtype, -lim, lim)}
    return GradCase(Case(f"grid_sampler_{name}", "grid_sampler", inputs,
                         attrs={"mode": mode, "padding_mode": pad, "align_corners": align}),
                    ("X", "Grid"))


def _tag(mode: str, pad: str, align: bool) -> str:
    return f"{mode}_{pad}_{'ac' if align else 'nac'}"


GRAD_CASES = [
    *[_affine(f"2d_{dt}_{'ac' if a else 'nac'}", (2, 2, 3), [2, 3, 4, 5], dtype=dt, align=a)
      for dt in FLOATS for a in (True, False)],
    *[_affine(f"3d_{dt}_{'ac' if a else 'nac'}", (2, 3, 4), [2, 3, 3, 4, 5], dtype=dt,
              align=a) for dt in FLOATS for a in (True, False)],
    _affine("2d_one_pixel_nac", (1, 2, 3), [1, 1, 1, 3], align=False),
    _affine("3d_one_pixel_nac", (1, 3, 4), [1, 1, 2, 1, 3], align=False),
    _affine("2d_shape_tensor", (2, 2, 3), [2, 1, 3, 4], tensor_shape=True),
    _affine("3d_shape_tensor_nac", (1, 3, 4), [1, 2, 2, 3, 2], tensor_shape=True, align=False),
    *[_sample(_tag(m, p, a), (2, 3, 4, 5), (2, 3, 6, 2), m, p, a)
      for m in _MODES for p in _PADS for a in (True, False)],
    *[_sample(f"{_tag(m, p, False)}_float64", (1, 2, 4, 5), (1, 3, 4, 2), m, p, False,
              dtype="float64") for m in _MODES for p in _PADS],
    *[_sample(f"far_{_tag(m, 'reflection', a)}", (1, 2, 3, 4), (1, 4, 5, 2), m,
              "reflection", a, lim=7.0) for m in _MODES for a in (True, False)],
    *[_sample(f"3d_{_tag('bilinear', p, a)}", (1, 2, 3, 4, 5), (1, 2, 3, 4, 3), "bilinear",
              p, a) for p in _PADS for a in (True, False)],
    *[_sample(f"3d_{_tag('nearest', p, a)}", (1, 2, 3, 4, 5), (1, 2, 3, 4, 3), "nearest",
              p, a) for p in ("border", "reflection") for a in (True, False)],
    _sample("3d_bilinear_zeros_ac_float64", (2, 2, 3, 3, 4), (2, 2, 2, 3, 3), "bilinear",
            "zeros", True, dtype="float64"),
    *[_sample(f"one_pixel_{_tag('bilinear', p, a)}", (1, 2, 1, 1), (1, 2, 3, 2), "bilinear",
              p, a) for p in _PADS for a in (True, False)],
    _sample("empty_batch", (0, 2, 3, 3), (0, 2, 2, 2), "bilinear", "zeros", True),
]
