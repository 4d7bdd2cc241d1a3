"""Grads of the pad family: pad (the output gradient cropped back to X) and pad3d in every
mode (constant: cropped; reflect / replicate / circular: the gradients of the padded
elements added back onto the elements they copy), NCDHW and NDHWC, negative paddings
(crops: zero gradient outside the kept window) and the paddings tensor; float32 and
float64."""

from .spec import FLOATS, Case, GradCase, In

_MODES = ("constant", "reflect", "replicate", "circular")


def _cases(dtype: str) -> list[GradCase]:
    x = In((1, 2, 3, 3, 4), dtype)
    return [
        GradCase(Case(f"pad_{dtype}", "pad", {"X": In((2, 3), dtype)},
                      attrs={"paddings": [1, 0, 2, 1], "pad_value": 1.5}), ("X",)),
        GradCase(Case(f"pad_3d_{dtype}", "pad", {"X": In((2, 3, 2), dtype)},
                      attrs={"paddings": [0, 1, 2, 0, 1, 1]}), ("X",)),
        *(GradCase(Case(f"pad3d_{mode}_{dtype}", "pad3d", {"X": In((2, 1, 2, 3, 4), dtype)},
                        attrs={"paddings": [1, 2, 0, 2, 1, 0], "mode": mode, "value": -1.5}),
                   ("X",)) for mode in _MODES),
        *(GradCase(Case(f"pad3d_ndhwc_{mode}_{dtype}", "pad3d",
                        {"X": In((1, 2, 3, 4, 2), dtype)},
                        attrs={"paddings": [2, 1, 1, 0, 0, 1], "mode": mode, "value": 2.0,
                               "data_format": "NDHWC"}), ("X",)) for mode in _MODES),
        *(GradCase(Case(f"pad3d_crop_{mode}_{dtype}", "pad3d", {"X": x},
                        attrs={"paddings": [-1, 1, 0, -2, 1, -1], "mode": mode}), ("X",))
          for mode in _MODES),
        GradCase(Case(f"pad3d_circular_wraps_twice_{dtype}", "pad3d", {"X": x},
                      attrs={"paddings": [9, 0, 0, 4, 0, 0], "mode": "circular"}), ("X",)),
        GradCase(Case(f"pad3d_replicate_wide_{dtype}", "pad3d", {"X": x},
                      attrs={"paddings": [6, 0, 0, 5, 0, 0], "mode": "replicate"}), ("X",)),
        GradCase(Case(f"pad3d_paddings_tensor_{dtype}", "pad3d",
                      {"X": x, "Paddings": In((6,), "int32", values=[0, 3, 1, 1, 2, 0])},
                      attrs={"paddings": [0] * 6, "mode": "reflect"}), ("X",)),
    ]


GRAD_CASES = [case for dtype in FLOATS for case in _cases(dtype)] + [
    # complex128: Paddle 3.3.1 registers pad_grad and pad3d_grad for it
    GradCase(Case("pad_complex128", "pad", {"X": In((2, 3), "complex128")},
                  attrs={"paddings": [0, 2, 1, 1]}), ("X",)),
    *(GradCase(Case(f"pad3d_{mode}_complex128", "pad3d", {"X": In((1, 1, 2, 3, 3), "complex128")},
                    attrs={"paddings": [2, 1, 1, 0, 1, 1], "mode": mode}), ("X",))
      for mode in ("constant", "reflect", "circular")),
]
