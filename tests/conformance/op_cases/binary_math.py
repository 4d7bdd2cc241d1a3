"""Binary (and ternary) element-wise math: atan2, lerp, copysign and nextafter.

Operands broadcast NumPy-style (no `axis` attribute), except atan2: X2 has X1's rank and
no smaller dims, and only its first numel(X1) elements (flattened) are read. Integer atan2
computes in float32 and gives float64; integer copysign goes through float64 (so int64
extremes wrap). Edge-value grids pair every x with every y.
"""

from .spec import FLOATS, INF, NAN, SHAPES, Case, In, grid, numpy_broadcasts, sweep

#: Paddle's integer atan2 computes in float32 (atan2f) and widens to its float64 output.
COMPUTED_IN = {"atan2": {"int32": "float32", "int64": "float32"}}

_MAIN = {"4x6": SHAPES["4x6"]}
_FLOAT_X = [NAN, INF, -INF, 0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 1e-30]
_FLOAT_Y = [NAN, INF, -INF, 0.0, -0.0, 1.0, -1.0, 3.0, -7.0]
_ATAN2 = ("X1", "X2")
_COPYSIGN_EDGES = {"bool": (True, False), "uint8": (0, 1, 200, 255),
                   "int8": (0, -1, 1, -128, 127), "int16": (0, -1, -2**15, 2**15 - 1),
                   "int32": (0, -1, -2**31, 2**31 - 1),
                   "int64": (0, -1, -2**63, 2**63 - 1, 2**53 + 1)}

CASES = [
    *sweep("atan2", _ATAN2, (*FLOATS, "float16", "int32", "int64"), low=-10, high=10),
    *[grid("atan2", dtype, _FLOAT_X, _FLOAT_Y, _ATAN2) for dtype in FLOATS],
    grid("atan2", "int64", [0, 1, -1, 7, 2**40 + 1], [0, 1, -1, 3], _ATAN2),
    Case("atan2_x2_bigger_float32", "atan2",
         {"X1": In((1, 3), "float32"), "X2": In((2, 3), "float32")}),
    Case("atan2_x2_bigger_2d_float64", "atan2",
         {"X1": In((2, 1), "float64"), "X2": In((3, 2), "float64")}),
    *sweep("lerp", ["X", "Y", "Weight"], FLOATS),
    Case("lerp_specials_float32", "lerp",
         {"X": In((6,), "float32", values=[0.0, 1.0, NAN, INF, -INF, 1e38]),
          "Y": In((6,), "float32", values=[1.0, NAN, 2.0, INF, INF, -1e38]),
          "Weight": In((6,), "float32", values=[0.5, 0.5, 0.0, 0.5, 0.5, 0.75])}),
    Case("lerp_bcast_float32", "lerp", {"X": In((2, 3), "float32"), "Y": In((3,), "float32"),
                                        "Weight": In((2, 1), "float32", 0, 1)}),
    Case("lerp_bcast_weight_grows_float64", "lerp",
         {"X": In((3,), "float64"), "Y": In((2, 3), "float64"),
          "Weight": In((4, 1, 1), "float64", -1, 2)}),
    Case("lerp_0d_weight_float32", "lerp",
         {"X": In((2, 3), "float32"), "Y": In((2, 3), "float32"), "Weight": In((), "float32")}),
    Case("lerp_rank7_float32", "lerp",
         {"X": In((1, 1, 1, 1, 1, 1, 2), "float32"), "Y": In((2,), "float32"),
          "Weight": In((1,), "float32")}, raises="rank|dimensions.*less than or equal to 6"),
    *sweep("copysign", ["x", "y"], (*FLOATS, "float16", "bfloat16"), shapes=_MAIN),
    *sweep("copysign", ["x", "y"], ["float32"], shapes={"0d": (), "empty": (0, 3)}),
    *[grid("copysign", dtype, _FLOAT_X, _FLOAT_Y, ("x", "y"))
      for dtype in (*FLOATS, "float16", "bfloat16")],
    *[grid("copysign", dtype, list(edges), list(edges), ("x", "y"))
      for dtype, edges in _COPYSIGN_EDGES.items()],
    *numpy_broadcasts("copysign", "int16", ("x", "y")),
    *sweep("nextafter", ["x", "y"], FLOATS),
    *[grid("nextafter", dtype, [*_FLOAT_X, 1.4e-45, 5e-324], _FLOAT_Y, ("x", "y"))
      for dtype in FLOATS],
    *[grid("nextafter", dtype, [3.4e38, -3.4e38, 1.7e308], [INF, 0.0, NAN], ("x", "y"),
           tag="huge") for dtype in FLOATS],
    *numpy_broadcasts("nextafter", "float64", ("x", "y")),
]
