"""mul_grad: fluid's `mul` (flatten X at x_num_col_dims, Y at y_num_col_dims, multiply)
differentiated by Paddle 3.3.1 with respect to X and Y, float32 and float64."""

from .spec import FLOATS, Case, GradCase, In

#: tag -> (x dims, y dims, x_num_col_dims, y_num_col_dims)
_SHAPES = {"2d": ((3, 4), (4, 5), 1, 1), "x3d_at2": ((2, 3, 4), (4, 5), 2, 1),
           "x3d_at1": ((2, 3, 4), (12, 5), 1, 1), "y3d_at2": ((3, 6), (2, 3, 4), 1, 2),
           "both4d": ((2, 3, 2, 2), (2, 2, 3, 2), 2, 2)}

GRAD_CASES = [GradCase(Case(f"mul_{tag}_{dtype}", "mul", {"X": In(x, dtype), "Y": In(y, dtype)},
                            attrs={"x_num_col_dims": xn, "y_num_col_dims": yn}), ("X", "Y"))
              for dtype in FLOATS for tag, (x, y, xn, yn) in _SHAPES.items()]
