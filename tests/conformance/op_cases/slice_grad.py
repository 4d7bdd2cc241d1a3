"""slice's grad (PHI slice_grad): one and several axes, negative and out-of-range bounds
(clamped), decrease_axis, an empty window, bounds as a tensor and as a list of tensors;
float32 and float64; float16 / bfloat16 windows."""

from .spec import FLOATS, Case, GradCase, In

_I64 = "int64"
#: tag -> (attrs, extra inputs)
_SLICE = {
    "axis0": ({"axes": [0], "starts": [1], "ends": [3]}, {}),
    "two_axes_neg": ({"axes": [1, 2], "starts": [-3, 0], "ends": [-1, 100]}, {}),
    "decrease": ({"axes": [0, 2], "starts": [2, 1], "ends": [3, 4], "decrease_axis": [0]}, {}),
    "empty": ({"axes": [1], "starts": [3], "ends": [2]}, {}),
    "starts_tensor": ({"axes": [1, 2], "ends": [4, 3], "infer_flags": [-1, -1]},
                      {"StartsTensor": In((2,), _I64, values=[1, 1])}),
    "ends_list": ({"axes": [0, 1], "starts": [0, 1], "infer_flags": [-1, -1]},
                  {"EndsTensorList": [In((1,), _I64, values=[2]), In((1,), "int32", values=[3])]}),
}


def _cases(dtype: str) -> list[GradCase]:
    return [GradCase(Case(f"slice_{tag}_{dtype}", "slice",
                          {"Input": In((4, 5, 6), dtype), **extra}, attrs=attrs), ("Input",))
            for tag, (attrs, extra) in _SLICE.items()]


GRAD_CASES = [case for dtype in FLOATS for case in _cases(dtype)]

#: float16 / bfloat16, which Paddle 3.3.1's CPU slice_grad adds
GRAD_CASES += [GradCase(Case(f"slice_{tag}_{dtype}", "slice", {"Input": In((4, 5, 6), dtype)},
                             attrs=_SLICE[tag][0]), ("Input",))
               for dtype in ("float16", "bfloat16") for tag in ("axis0", "decrease")]
