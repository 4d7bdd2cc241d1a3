"""Finite-difference cases of the FFTs (complex inputs and outputs: see test_grad_fd's
docstring): backward op -> [(forward inputs, attributes shared by forward and backward)]
(tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import (
    Spec,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "fft_c2c_grad": [
        ({"x": lambda rng: rng.standard_normal((2, 4)) + 1j * rng.standard_normal((2, 4))},
         {"axes": [1], "normalization": norm, "forward": fwd})
        for norm, fwd in (("backward", True), ("forward", False), ("ortho", True))],
    "fft_r2c_grad": [({"x": (2, 5)}, {"axes": [1], "normalization": "backward",
                                      "forward": True, "onesided": True}),
                     ({"x": (3, 4)}, {"axes": [0, 1], "normalization": "ortho",
                                      "forward": False, "onesided": False})],
    "fft_c2r_grad": [
        ({"x": lambda rng: rng.standard_normal((2, 4)) + 1j * rng.standard_normal((2, 4))},
         {"axes": [1], "normalization": norm, "forward": fwd, "last_dim_size": n})
        for norm, fwd, n in (("backward", False, 6), ("forward", True, 7), ("ortho", False, 0))],
    "frame_grad": [({"x": (2, 9)}, {"frame_length": 4, "hop_length": 2}),
                   ({"x": (7, 2)}, {"frame_length": 2, "hop_length": 3, "axis": 0})],
    "complex_grad": [({"real": (3, 4), "imag": (3, 4)}, {}),
                     ({"real": (1, 3), "imag": (2, 1)}, {})],
}
GRAD_CASES["overlap_add_grad"] = [
    ({"x": (2, 4, 3)}, {"hop_length": 2}),
    ({"x": (4, 3, 2)}, {"hop_length": 1, "axis": 0}),
]
GRAD_CASES["stft_grad"] = [
    ({"x": (2, 16), "window": (8,)}, {"n_fft": 8, "hop_length": 2, "normalized": False,
                                      "onesided": True}),
    ({"x": (2, 11), "window": (4,)}, {"n_fft": 4, "hop_length": 3, "normalized": True,
                                      "onesided": True}),
]
