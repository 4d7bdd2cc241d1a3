"""density_prior_box (PaddleDetection's face-detection priors): fixed_sizes x fixed_ratios x
densities^2 boxes per feature-map cell, normalised by the image size, optionally flattened
to [H * W * priors, 4].

Paddle 3.3.1 no longer registers the op (it dropped it with the fluid detection ops), so
these fixtures come from Paddle 2.6.2 (`PADDLE`; export with
`python tests/conformance/export_ops.py --family density_prior` run by a Python with
paddlepaddle==2.6.2), whose only builder is `LayerHelper.append_op`. Float32 and float64
(its CPU kernels).
"""

from __future__ import annotations

from typing import Any

from .spec import Case, In

#: The Paddle release that exports this family (3.3.1 has no density_prior_box).
PADDLE = "2.6.2"


def _dpb(name: str, *, dtype: str = "float32", feat: tuple = (1, 2, 3, 4),
         image: tuple = (1, 3, 24, 32), **attrs: Any) -> Case:
    return Case(f"density_prior_box_{name}", "density_prior_box",
                {"Input": In(feat, dtype), "Image": In(image, dtype)},
                attrs={"variances": [0.1, 0.1, 0.2, 0.2], "fixed_sizes": [8.0],
                       "fixed_ratios": [1.0], "densities": [2], **attrs})


CASES = [
    _dpb("basic"),
    _dpb("float64", dtype="float64", fixed_sizes=[6.0, 12.0], densities=[3, 1],
         fixed_ratios=[1.0, 2.0]),
    _dpb("ratios_densities", fixed_sizes=[4.0, 10.0, 20.0], fixed_ratios=[0.5, 1.0, 3.0],
         densities=[4, 2, 1]),
    _dpb("no_clip", clip=False, fixed_sizes=[30.0], fixed_ratios=[2.0], densities=[2]),
    _dpb("flatten_to_2d", flatten_to_2d=True, fixed_sizes=[8.0, 16.0], densities=[2, 1]),
    _dpb("flatten_float64", dtype="float64", flatten_to_2d=True, clip=False),
    _dpb("steps_offset", step_w=7.0, step_h=5.0, offset=0.25, clip=False,
         fixed_ratios=[1.0, 0.7]),
    _dpb("odd_steps", image=(1, 3, 25, 29), feat=(2, 1, 4, 3), densities=[3],
         fixed_sizes=[9.5], variances=[0.5, 0.25, 1.0, 2.0]),
    _dpb("step_w_only", step_w=6.0, image=(1, 3, 31, 17), feat=(1, 1, 3, 2)),
    _dpb("empty_batch", feat=(0, 2, 3, 4)),
    _dpb("no_sizes", fixed_sizes=[], densities=[]),
]
