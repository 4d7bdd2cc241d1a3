"""Binary element-wise math: elementwise_floordiv and elementwise_mod; elementwise_fmax,
elementwise_fmin and elementwise_heaviside.

floordiv and mod floor (Python semantics): the quotient rounds toward -inf and the
remainder takes the divisor's sign, for integers and floats; an integer zero divisor is an
error. Complex mod (Paddle 3.3.1's CPU kernel): x - y * q, q = x / y with each part rounded
to the nearest integer, halves away from zero (5 % 2 is -1); x % 0 is NaN. Y broadcasts
against X (NumPy style; with `axis` >= 0, Y's dims line up with X's from that dim, as
fluid did). fmax / fmin / heaviside have no `axis` (NumPy broadcasting);
fmax / fmin skip a NaN operand and give Y where the operands compare equal (+-0); integer
fmax / fmin go through float32 (int32) or float64 (int64); heaviside(NaN, y) is 0. Edge-value
grids pair every x with every y.

trunc_divide (slots x / y, no `axis`, NumPy broadcasting): the quotient rounds toward zero
(C's integer `/`, trunc(x / y) for floats; half types through float32); an integer zero
divisor is an error.

elementwise_pow: x ** y over Paddle 3.3.1's CPU dtypes (float16 only on GPU, as Paddle);
floats are C's pow, integers double pow truncated toward zero, complex C's cpow,
exp(y * log(x)) (NaN at 0 ** 0, 0 at 0 ** y for y with a positive real part).

elementwise_add / elementwise_mul / elementwise_div over bool, int8 and uint8 (the dtypes
Paddle 3.3.1 registers on CPU beyond the common ones; see `_small_dtypes`).

grad_add (Paddle's gradient accumulation: X + Y, slots X / Y): cases over Paddle's CPU
dtypes (bool adds as logical or), NumPy broadcasting; its kernel ignores `axis` (Y always
aligns with X's trailing dims: an `axis` other alignment needs is refused when it runs).
"""

import math

import numpy as np

from .spec import (
    FLOATS,
    HALVES,
    INF,
    INTS,
    NAN,
    SHAPES,
    Case,
    In,
    grid,
    numpy_broadcasts,
    pairs,
    sweep,
)

_MAIN = {"4x6": SHAPES["4x6"]}
_INT_X = list(range(-7, 8))
_INT_Y = [-7, -3, -2, -1, 1, 2, 3, 7]
_FLOAT_X = [NAN, INF, -INF, 0.0, -0.0, 7.5, -7.5, 6.0, -6.0, 1e-30, 1.0, -1.0]
_FLOAT_Y = [2.0, -2.0, 3.0, -3.0, 0.5, INF, -INF, 0.0, -0.0, NAN]
#: Extremes (INT_MIN // -1 is left out: Paddle's CPU kernel dies with SIGFPE there).
_EXTREMES = {"int32": ([-2**31, -2**31, 2**31 - 1, 2**31 - 1], [2, -2, -1, 2]),
             "int64": ([-2**63, -2**63, 2**63 - 1, 2**63 - 1], [3, -3, -1, 5])}


def _zipped(op: str, dtype: str, x: list, y: list, tag: str) -> Case:
    """x[i] (op) y[i] for every i."""
    return Case(f"{op}_{tag}_{dtype}", op, {"X": In((len(x),), dtype, values=x),
                                            "Y": In((len(y),), dtype, values=y)})


def _grid(op: str, dtype: str, xs: list, ys: list) -> Case:
    """Every x (op) every y."""
    return _zipped(op, dtype, *pairs(xs, ys), tag="grid")


def _broadcasts(op: str, dtype: str) -> list[Case]:
    """NumPy-style broadcasting, fluid's axis alignment, and a Y of higher rank than X."""
    return [
        Case(f"{op}_bcast_trailing_{dtype}", op,
             {"X": In((2, 3, 4), dtype, exclude=(0,)), "Y": In((4,), dtype, exclude=(0,))}),
        Case(f"{op}_bcast_axis1_{dtype}", op,
             {"X": In((2, 3, 4), dtype, exclude=(0,)), "Y": In((3,), dtype, exclude=(0,))},
             attrs={"axis": 1}),
        Case(f"{op}_bcast_ones_{dtype}", op,
             {"X": In((2, 1, 4), dtype, exclude=(0,)), "Y": In((3, 1), dtype, exclude=(0,))}),
        Case(f"{op}_bcast_bigger_y_{dtype}", op,
             {"X": In((3,), dtype, exclude=(0,)), "Y": In((2, 3), dtype, exclude=(0,))}),
    ]


def _family(op: str, api: str, ints: tuple[str, ...], floats: tuple[str, ...],
            halves: tuple[str, ...]) -> list[Case]:
    cases = [
        *sweep(op, ["X", "Y"], ("int32", "int64"), low=-20, high=20, exclude={"Y": (0,)},
               api=api),
        *sweep(op, ["X", "Y"], floats, api=api),
        *[_grid(op, dtype, _INT_X, _INT_Y) for dtype in ints if not dtype.startswith("u")],
        *[_zipped(op, dtype, *_EXTREMES[dtype], tag="extremes") for dtype in INTS],
        *[_grid(op, dtype, _FLOAT_X, _FLOAT_Y) for dtype in (*floats, *halves)],
        *[c for dtype in ("int64", "float32") for c in _broadcasts(op, dtype)],
        Case(f"{op}_int_zero_divisor", op, {"X": In((3,), "int32", values=[5, -5, 0]),
                                            "Y": In((3,), "int32", values=[2, 0, 1])},
             raises="division by zero"),
    ]
    if "uint8" in ints:
        cases.append(_grid(op, "uint8", list(range(16)), [1, 2, 3, 7, 255]))
    cases += sweep(op, ["X", "Y"], halves, shapes=_MAIN, exclude={"Y": (0,)})
    return cases


#: complex remainder: Gaussian integers and halves (quotients exactly on a rounding tie),
#: a zero dividend, a zero divisor and NaN
_MOD_COMPLEX_X = [5 + 0j, -5 + 0j, 3 + 0j, 1 + 0j, -1 + 0j, 7 + 5j, -3 - 1j, 1j, 5j, 0j,
                  2.5 - 1.5j, complex(NAN, 0.0)]
_MOD_COMPLEX_Y = [2 + 0j, -2 + 0j, 2j, 1 + 1j, 0.5 + 0j, 3 - 4j, 0j]

CASES = [
    *_family("elementwise_floordiv", "paddle.floor_divide",
             ("uint8", "int8", "int16", "int32", "int64"), FLOATS, HALVES),
    *_family("elementwise_mod", "paddle.remainder", INTS, FLOATS, ()),
    *sweep("elementwise_mod", ["X", "Y"], ("complex64", "complex128"), special=()),
    *[_grid("elementwise_mod", dtype, _MOD_COMPLEX_X, _MOD_COMPLEX_Y)
      for dtype in ("complex64", "complex128")],
    *_broadcasts("elementwise_mod", "complex64"),
]

#: fmax / fmin / heaviside: signed zeros, NaN, infinities; integers past float precision.
_NAN_X = [NAN, INF, -INF, 0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 1e-30]
_NAN_Y = [NAN, INF, -INF, 0.0, -0.0, 1.0, -1.0, 3.0, -7.0]
_INT32_X = [0, 1, -1, 5, -7, 16777217, -16777217, 2**31 - 1, -2**31]
_INT32_Y = [0, 1, -1, 5, -7, 16777215]
_INT64_X = [0, -1, 5, 2**53 + 1, -(2**53 + 1), 2**62 + 1, 2**63 - 1, -2**63]
_INT64_Y = [0, -1, 5, 2**53 + 3]


def _no_axis_family(op: str) -> list[Case]:
    return [
        *sweep(op, ["X", "Y"], (*FLOATS, *INTS)),
        *[grid(op, dtype, _NAN_X, _NAN_Y) for dtype in FLOATS],
        grid(op, "int32", _INT32_X, _INT32_Y),
        grid(op, "int64", _INT64_X, _INT64_Y),
        *numpy_broadcasts(op, "float32"),
        *numpy_broadcasts(op, "int64"),
    ]


CASES += [
    *_no_axis_family("elementwise_fmax"),
    *_no_axis_family("elementwise_fmin"),
    *_no_axis_family("elementwise_heaviside"),
]


def _trunc_divide() -> list[Case]:
    op = "trunc_divide"
    cases = [
        *sweep(op, ["x", "y"], ("int32", "int64"), low=-20, high=20, exclude={"y": (0,)}),
        *sweep(op, ["x", "y"], FLOATS),
        *sweep(op, ["x", "y"], HALVES, shapes=_MAIN, exclude={"y": (0,)}),
        *[grid(op, dt, _INT_X, _INT_Y, slots=("x", "y"))
          for dt in ("int8", "int16", "int32", "int64")],
        grid(op, "uint8", [*range(16), 250], [1, 2, 3, 7, 255], slots=("x", "y")),
        *[grid(op, dt, _FLOAT_X, _FLOAT_Y, slots=("x", "y")) for dt in (*FLOATS, *HALVES)],
        *numpy_broadcasts(op, "float32", slots=("x", "y")),
        Case(f"{op}_bcast_int64", op, {"x": In((2, 3), "int64", -50, 50),
                                       "y": In((3,), "int64", values=[7, -3, 2])}),
        Case(f"{op}_int_zero_divisor", op, {"x": In((3,), "int32", values=[5, -5, 0]),
                                            "y": In((3,), "int32", values=[2, 0, 1])},
             raises="division by zero"),
    ]
    for dt, (xs, ys) in _EXTREMES.items():
        cases.append(Case(f"{op}_extremes_{dt}", op, {"x": In((4,), dt, values=xs),
                                                     "y": In((4,), dt, values=ys)}))
    return cases


CASES += _trunc_divide()

#: complex pow edges: zeros (signed), units, a negative real, infinities and NaN
_COMPLEX_X = [0j, complex(-0.0, 0.0), complex(0.0, -0.0), 1 + 0j, -1 + 0j, 1j, -2 + 0j,
              2.5 - 1j, complex(INF, 0.0), complex(NAN, 0.0)]
_COMPLEX_Y = [0j, 1 + 0j, 2 + 0j, -1 + 0j, 0.5 + 0j, 1j, -1.5 + 2j, complex(INF, 0.0),
              complex(NAN, 0.0)]
_POW_INT_X = [-3, -2, -1, 0, 1, 2, 3, 7]
_POW_INT_Y = [0, 1, 2, 3, 5, -1, -2]


def _pow() -> list[Case]:
    """elementwise_pow: a positive base over Paddle's CPU dtypes, every sign of base and
    exponent in the broadcasts, C's pow edges (floats), cpow's (complex: NaN at 0 ** 0),
    and integers through double pow truncated (no 0 ** negative: C's int conversion of
    inf is undefined)."""
    op = "elementwise_pow"
    ints = ("int32", "int64")
    no_zero_base = [(x, y) for x, y in zip(*pairs(_POW_INT_X, _POW_INT_Y)) if x or y >= 0]
    return [
        *sweep(op, ["X", "Y"], FLOATS, low=0.25, high=3.0, special=()),
        *sweep(op, ["X", "Y"], ("bfloat16",), shapes=_MAIN, low=0.25, high=3.0, special=()),
        *sweep(op, ["X", "Y"], ints, shapes=_MAIN, low=-3, high=4, special=(),
               exclude={"X": (0,)}),
        *sweep(op, ["X", "Y"], ("complex64", "complex128"), low=-2.0, high=2.0, special=()),
        *[_grid(op, dtype, _FLOAT_X, _FLOAT_Y) for dtype in FLOATS],
        *[_zipped(op, dtype, [x for x, _ in no_zero_base], [y for _, y in no_zero_base],
                  tag="grid") for dtype in ints],
        *[_grid(op, dtype, _COMPLEX_X, _COMPLEX_Y) for dtype in ("complex64", "complex128")],
        *[c for dtype in ("int64", "float32", "complex64") for c in _broadcasts(op, dtype)],
    ]


CASES += _pow()


def _grad_add() -> list[Case]:
    op = "grad_add"
    every = ("bool", "uint8", "int8", "int16", "int32", "int64", "float32", "float64",
             "complex64", "complex128")
    return [
        *sweep(op, ["X", "Y"], every),
        *numpy_broadcasts(op, "float32"),
        Case(f"{op}_axis0_refused_float64", op,
             {"X": In((3, 4), "float64"), "Y": In((3,), "float64")}, attrs={"axis": 0},
             raises="broadcast"),
        Case(f"{op}_axis1_trailing_int32", op, {"X": In((2, 3, 4), "int32", -50, 50),
                                                "Y": In((3, 4), "int32", -50, 50)},
             attrs={"axis": 1}),
        Case(f"{op}_int8_wraps", op, {"X": In((3,), "int8", values=[127, -128, 100]),
                                      "Y": In((3,), "int8", values=[1, -1, 100])}),
    ]


CASES += _grad_add()

#: elementwise_add / elementwise_mul / elementwise_div on the small dtypes Paddle 3.3.1
#: registers on CPU: bool adds as logical or and multiplies as logical and; bool X / True is
#: X; int8 / uint8 wrap; integer division truncates toward zero (int8's -128 / -1 wraps to
#: -128); a zero divisor (False, 0) is an error. Paddle's divide_raw (elementwise_div with
#: an explicit `axis`) has no int8 / uint8 / int16 CPU kernel, so those broadcasts align the
#: trailing dims. sub / max / min: one case each for the proto check.
_INT8_EDGES = [127, -128, 100, -100, 64, -1, 1, 0]
_UINT8_EDGES = [0, 1, 100, 128, 200, 255]
_SMALL_INTS = {"int8": (-128, 128), "uint8": (0, 256)}


def _bool_div(op: str, shape: tuple[int, ...], tag: str) -> Case:
    """Bool X over an all-True Y of `shape` (an empty one holds no values)."""
    ones = np.ones(shape, bool).tolist() if math.prod(shape) else None
    return Case(f"{op}_bool_{tag}", op, {"X": In(shape, "bool"), "Y": In(shape, "bool",
                                                                          values=ones)})


def _small_dtypes() -> list[Case]:
    add, mul, div = "elementwise_add", "elementwise_mul", "elementwise_div"
    cases = [
        *[c for op in (add, mul) for c in sweep(op, ["X", "Y"], ("bool",))],
        *[grid(op, "bool", [True, False], [True, False]) for op in (add, mul)],
        *[c for op in (add, mul) for c in _broadcasts(op, "bool")],
        *[Case(f"{op}_0d_y_bool", op, {"X": In((2, 3), "bool"), "Y": In((), "bool")})
          for op in (add, mul)],
        *[_bool_div(div, shape, name) for name, shape in SHAPES.items()],
        grid(div, "bool", [True, False], [True]),
        Case(f"{div}_bcast_axis0_bool", div, {"X": In((3, 4), "bool"),
                                               "Y": In((3,), "bool", values=[True] * 3)},
             attrs={"axis": 0}),
        Case(f"{div}_zero_divisor_bool", div, {"X": In((2,), "bool", values=[True, False]),
                                               "Y": In((2,), "bool", values=[True, False])},
             raises="division by zero"),
        grid(add, "int8", _INT8_EDGES, _INT8_EDGES),
        grid(add, "uint8", _UINT8_EDGES, _UINT8_EDGES),
        _grid(div, "int8", _INT_X, _INT_Y),
        _zipped(div, "int8", [-128, -128, 127, 127, -127], [-1, 1, -1, 2, 127], "extremes"),
        _grid(div, "uint8", [*range(16), 250, 255], [1, 2, 3, 7, 255]),
    ]
    for dtype, (low, high) in _SMALL_INTS.items():
        cases += sweep(add, ["X", "Y"], (dtype,), low=low, high=high)
        cases += sweep(div, ["X", "Y"], (dtype,), low=low, high=high, exclude={"Y": (0,)})
        cases += [*_broadcasts(add, dtype),
                  *[c for c in _broadcasts(div, dtype) if "axis" not in c.attrs],
                  Case(f"{add}_0d_y_{dtype}", add, {"X": In((2, 3), dtype, low, high),
                                                    "Y": In((), dtype, low, high)}),
                  Case(f"{div}_zero_divisor_{dtype}", div,
                       {"X": In((3,), dtype, values=[5, 7, 0]),
                        "Y": In((3,), dtype, values=[2, 0, 1])},
                       raises="division by zero")]
    for op in ("elementwise_sub", "elementwise_max", "elementwise_min"):
        cases += sweep(op, ["X", "Y"], ("float32",), shapes=_MAIN)
    return cases


CASES += _small_dtypes()
