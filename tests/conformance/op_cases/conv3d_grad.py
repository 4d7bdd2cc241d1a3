"""Grads of conv3d: strides, paddings (3 and 6 values, SAME, VALID), dilations, groups
(depthwise-style too), NCDHW and NDHWC, an empty batch; float32 throughout, float64 for two
cases."""

from .spec import Case, GradCase, In

#: tag -> (Input dims, Filter dims, attrs)
_CONV3D = {
    "pad1": ((2, 3, 4, 5, 5), (4, 3, 2, 3, 3), {"paddings": [1, 1, 1]}),
    "stride2": ((1, 2, 5, 6, 6), (3, 2, 3, 3, 3), {"strides": [2, 1, 2], "paddings": [1, 0, 1]}),
    "pad6_dilation": ((1, 2, 5, 6, 5), (2, 2, 2, 2, 3),
                      {"paddings": [1, 0, 0, 1, 2, 1], "dilations": [2, 1, 1]}),
    "groups": ((1, 4, 3, 4, 4), (6, 2, 2, 2, 2), {"groups": 2}),
    "depthwise": ((1, 3, 3, 4, 4), (6, 1, 3, 3, 3), {"groups": 3, "paddings": [1, 1, 1]}),
    "same": ((1, 2, 5, 5, 4), (3, 2, 3, 3, 2), {"strides": [2, 2, 1],
                                               "padding_algorithm": "SAME"}),
    "valid": ((1, 2, 5, 5, 5), (2, 2, 2, 2, 2), {"padding_algorithm": "VALID",
                                                "paddings": [3, 3, 3], "dilations": [2, 2, 1]}),
    "ndhwc": ((2, 4, 4, 3, 3), (4, 3, 2, 2, 2), {"data_format": "NDHWC",
                                                "paddings": [1, 0, 1]}),
    "empty_batch": ((0, 2, 3, 4, 4), (3, 2, 2, 2, 2), {}),
}


def _conv3d(tag: str, x: tuple, w: tuple, attrs: dict, dtype: str) -> GradCase:
    return GradCase(Case(f"conv3d_{tag}_{dtype}", "conv3d",
                         {"Input": In(x, dtype), "Filter": In(w, dtype, -1.0, 1.0)},
                         attrs=attrs), ("Input", "Filter"), of=("Output",))


GRAD_CASES = [
    *(_conv3d(tag, *spec, "float32") for tag, spec in _CONV3D.items()),
    _conv3d("pad6_dilation", *_CONV3D["pad6_dilation"], "float64"),
    _conv3d("ndhwc", *_CONV3D["ndhwc"], "float64"),
]
