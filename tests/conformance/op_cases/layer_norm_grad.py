"""layer_norm's grad (layer_norm_grad): begin_norm_axis 1 and the last axis, with Scale and
Bias, with one of them, with neither; epsilon away from the default; float32 and float64.
X@GRAD, Scale@GRAD and Bias@GRAD of the output Y (Mean and Variance are not seeded: Paddle
differentiates only Y).

Not exported: X@GRAD with a Scale that takes no gradient. Paddle 3.3.1's CPU
layer_norm_grad then computes X@GRAD as if there were no Scale (a wrong gradient: measured
0.36 off on a 3x8 float64 case, equal to the Scale-less formula to 5e-13); fluidphi refuses
that call with an error saying so (tests/ops/test_layer_norm_grad_ops.py).
"""

from .spec import FLOATS, Case, GradCase, In

#: tag -> (X dims, begin_norm_axis, with Scale, with Bias, epsilon)
_SHAPES = {
    "axis1": ((3, 4, 5), 1, True, True, 1e-5),
    "axis2": ((3, 4, 5), 2, True, True, 1e-5),
    "last_2d": ((6, 8), 1, True, True, 1e-3),
    "scale_only": ((2, 3, 4), 2, True, False, 1e-5),
    "bias_only": ((2, 3, 4), 1, False, True, 1e-5),
    "plain": ((4, 6), 1, False, False, 1e-5),
    "row_of_one": ((5, 1), 1, True, True, 1e-5),
}


def _case(tag: str, dtype: str) -> GradCase:
    dims, axis, scale, bias, eps = _SHAPES[tag]
    size = 1
    for d in dims[axis:]:
        size *= d
    inputs = {"X": In(dims, dtype, -2.0, 2.0)}
    if scale:
        inputs["Scale"] = In((size,), dtype, 0.5, 1.5)
    if bias:
        inputs["Bias"] = In((size,), dtype, -0.5, 0.5)
    wrt = tuple(inputs)
    return GradCase(Case(f"layer_norm_{tag}_{dtype}", "layer_norm", inputs,
                         attrs={"begin_norm_axis": axis, "epsilon": eps}),
                    wrt, of=("Y",))


GRAD_CASES = [_case(tag, dtype) for dtype in FLOATS for tag in _SHAPES]
