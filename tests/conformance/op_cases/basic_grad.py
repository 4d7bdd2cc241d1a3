"""Grads of the first training slice: relu, elementwise_add (fluid axis broadcasting
reduced back), matmul_v2 (transposes, batch broadcasting, vectors), reduce_mean (axes,
keep_dim, reduce_all) and softmax_with_cross_entropy (hard and soft labels, ignore_index,
axis), float32 and float64.

Not exported: matmul_v2 with x (2, 1, 3, 4) and y (3, 4, 2): Paddle 3.3.1's CPU
matmul_v2_grad fails there ("Input dimension size should be equal to 2").
"""

from .spec import FLOATS, Case, GradCase, In

#: relu's grad is 0 where out is 0 (also at x = 0).
_RELU_SPECIALS = (0.0, -0.0, 1e-30, -1e-30)


def _relu(dtype: str) -> list[GradCase]:
    return [GradCase(Case(f"relu_{dtype}", "relu",
                          {"X": In((4, 6), dtype, special=_RELU_SPECIALS)}), ("X",))]


def _add(dtype: str) -> list[GradCase]:
    shapes = {"same": ((3, 4), (3, 4), -1), "trailing": ((2, 3, 4), (4,), -1),
              "axis1": ((2, 3, 4), (3,), 1), "axis0": ((2, 3, 4), (2, 3), 0),
              "ones": ((2, 1, 4), (3, 1), -1), "bigger_y": ((3,), (2, 3), -1)}
    return [GradCase(Case(f"elementwise_add_{tag}_{dtype}", "elementwise_add",
                          {"X": In(x, dtype), "Y": In(y, dtype)}, attrs={"axis": axis}),
                     ("X", "Y")) for tag, (x, y, axis) in shapes.items()]


def _matmul(dtype: str) -> list[GradCase]:
    shapes = {"2d": ((3, 4), (4, 5), False, False), "tt": ((4, 3), (5, 4), True, True),
              "batched": ((2, 3, 4), (4, 5), False, False),
              "bcast_x": ((3, 4), (2, 4, 5), False, False),
              "vec_mat": ((4,), (2, 4, 3), False, False), "mat_vec": ((3, 4), (4,), False, False)}
    return [GradCase(Case(f"matmul_v2_{tag}_{dtype}", "matmul_v2",
                          {"X": In(x, dtype), "Y": In(y, dtype)},
                          attrs={"trans_x": tx, "trans_y": ty}), ("X", "Y"))
            for tag, (x, y, tx, ty) in shapes.items()]


def _mean(dtype: str) -> list[GradCase]:
    attrs = {"axis1": {"dim": [1]}, "axes_keep": {"dim": [0, 2], "keep_dim": True},
             "all": {"dim": [0], "reduce_all": True}, "neg": {"dim": [-1]}}
    return [GradCase(Case(f"reduce_mean_{tag}_{dtype}", "reduce_mean",
                          {"X": In((2, 3, 4), dtype)}, attrs=a), ("X",))
            for tag, a in attrs.items()]


def _softmax_ce(dtype: str) -> list[GradCase]:
    hard = {"Logits": In((5, 4), dtype), "Label": In((5, 1), "int64", low=0, high=4)}
    soft = {"Logits": In((5, 4), dtype), "Label": In((5, 4), dtype, low=0.0, high=1.0)}
    axis1 = {"Logits": In((3, 4, 2), dtype), "Label": In((3, 1, 2), "int64", low=0, high=4)}
    cases = {"hard": (hard, {}), "soft": (soft, {"soft_label": True}),
             "ignore": (hard, {"ignore_index": 2}), "axis1": (axis1, {"axis": 1})}
    return [GradCase(Case(f"softmax_with_cross_entropy_{tag}_{dtype}",
                          "softmax_with_cross_entropy", inputs, attrs=a),
                     ("Logits",), of=("Loss",)) for tag, (inputs, a) in cases.items()]


GRAD_CASES = [case for dtype in FLOATS
              for make in (_relu, _add, _matmul, _mean, _softmax_ce) for case in make(dtype)]
