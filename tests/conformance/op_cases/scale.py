"""scale: Out = scale * X + bias (bias_after_scale) or scale * (X + bias), on every dtype
Paddle 3.3.1 registers on CPU; ScaleTensor / BiasTensor (1-element tensors of any dtype,
complex too) replace the attributes.

Paddle converts scale and bias to X's type first (`Scalar::to<T>`): a float truncates into
an integer (through a 32-bit integer, 64-bit for int64: NaN, inf and values out of that range
give its smallest value, narrower types keep its low bits), an integer converts exactly (an
int64 beyond 2**53 too), a complex one gives its real part (bool X: either part non-zero;
complex X: the whole value), bool is `value != 0`, float16 / bfloat16 round through float32.
Each step then runs in X's type: integers wrap, half types round after the product and after
the sum, bool multiplies as `and` and adds as `or`, complex multiplies by the complex scale
(a real one as `scale + 0j`: inf * (2 + 0j) has a NaN imaginary part). Every step is one
IEEE operation, so every case is compared exactly (`tol=0`).
"""

from .spec import NAN, SHAPES, Case, In, sweep

#: Every dtype Paddle 3.3.1 registers scale's CPU kernel for.
DTYPES = ("float32", "float64", "float16", "bfloat16", "complex64", "complex128",
          "uint8", "int8", "int16", "int32", "int64", "bool")
_INTS = ("uint8", "int8", "int16", "int32", "int64")
#: int dtype -> (low, high) covering its whole range, and its extremes.
_RANGES = {"uint8": (0, 256), "int8": (-128, 128), "int16": (-2**15, 2**15),
           "int32": (-2**31, 2**31), "int64": (-2**63, 2**63 - 1)}
_EXTREMES = {"uint8": (0, 255, 128, 1), "int8": (-128, 127, -1, 1),
             "int16": (-2**15, 2**15 - 1, -1, 1), "int32": (-2**31, 2**31 - 1, -1, 1),
             "int64": (-2**63, 2**63 - 1, -1, 1)}


def _exact(cases: list[Case]) -> list[Case]:
    return [Case(c.name, c.op, c.inputs, attrs=c.attrs, tol=0.0,
                 note="one IEEE operation per step, in X's type: exact") for c in cases]


def _tensor_fed(name: str, x: In, attrs: dict | None = None, **fed: In) -> Case:
    return Case(f"scale_{name}", "scale", {"X": x, **fed}, attrs=attrs or {}, tol=0.0,
                note="one IEEE operation per step, in X's type: exact")


CASES = [
    # scale and bias exact in every type; every dtype's edges, 0-d and empty X
    *_exact(sweep("scale", ["X"], DTYPES, attrs={"scale": 2.5, "bias": -1.25})),
    # a fractional scale / bias: rounded per step (half types), truncated (ints), cast to
    # bool; negative, so uint8 wraps it
    *_exact(sweep("scale", ["X"], DTYPES, tag="frac", shapes={"4x6": SHAPES["4x6"]},
                  attrs={"scale": -2.7, "bias": 0.9})),
    *_exact(sweep("scale", ["X"], DTYPES, tag="bias_first", shapes={"4x6": SHAPES["4x6"]},
                  attrs={"scale": 1.3, "bias": -0.7, "bias_after_scale": False})),
    # bool: scale false (and), bias true (or), either order
    *_exact(sweep("scale", ["X"], ["bool"], tag="zero_scale", shapes={"4x6": SHAPES["4x6"]},
                  attrs={"scale": 0.0, "bias": 0.5})),
    *_exact(sweep("scale", ["X"], ["bool"], tag="zero_scale_bias_first",
                  shapes={"4x6": SHAPES["4x6"]},
                  attrs={"scale": 0.0, "bias": 0.5, "bias_after_scale": False})),
    # integers over their whole range: products and sums wrap around
    *[c for dtype in _INTS
      for c in _exact(sweep("scale", ["X"], [dtype], tag="wrap", shapes={"4x6": SHAPES["4x6"]},
                            low=_RANGES[dtype][0], high=_RANGES[dtype][1],
                            special=_EXTREMES[dtype], attrs={"scale": 3.0, "bias": 1.0}))],
    *[c for dtype in _INTS
      for c in _exact(sweep("scale", ["X"], [dtype], tag="wrap_bias_first",
                            shapes={"4x6": SHAPES["4x6"]}, low=_RANGES[dtype][0],
                            high=_RANGES[dtype][1], special=_EXTREMES[dtype],
                            attrs={"scale": -3.0, "bias": 100.0, "bias_after_scale": False}))],
    # a float scale out of a narrow integer's range keeps the low bits of its int32
    *_exact(sweep("scale", ["X"], ["int8", "uint8", "int16"], tag="wide_scale",
                  shapes={"4x6": SHAPES["4x6"]}, attrs={"scale": 300.0, "bias": -200.0})),
    *_exact(sweep("scale", ["X"], ["int8", "int16", "int32"], tag="huge_scale",
                  shapes={"4x6": SHAPES["4x6"]}, attrs={"scale": 3e9, "bias": 1.0})),
    *_exact(sweep("scale", ["X"], ["int64"], tag="huge_scale", shapes={"4x6": SHAPES["4x6"]},
                  attrs={"scale": 3e9, "bias": -1e20})),
    # ScaleTensor / BiasTensor of several dtypes and shapes [1] / []
    _tensor_fed("scale_tensor_float32", In((3, 4), "float32"),
                ScaleTensor=In((1,), "float32", values=[-1.75])),
    _tensor_fed("scale_tensor_0d_float64_x_int32", In((3, 4), "int32", -100, 100),
                {"bias": 2.0}, ScaleTensor=In((), "float64", values=-2.7)),
    _tensor_fed("scale_tensor_int64_x_int64", In((3, 4), "int64", -2**40, 2**40),
                ScaleTensor=In((1,), "int64", values=[2**20 + 3])),
    # 1 + 2**-11 + 2**-40: rounds to float16 through float32 (a tie, to even: 1.0)
    _tensor_fed("scale_tensor_float64_x_float16", In((3, 4), "float16"),
                ScaleTensor=In((1,), "float64", values=[1 + 2**-11 + 2**-40])),
    _tensor_fed("scale_tensor_bool_x_float32", In((3, 4), "float32"), {"bias": 0.5},
                ScaleTensor=In((1,), "bool", values=[True])),
    _tensor_fed("scale_tensor_float32_x_bool", In((3, 4), "bool"), {"bias": 0.0},
                ScaleTensor=In((1,), "float32", values=[0.0])),
    _tensor_fed("scale_tensor_float32_x_complex64", In((3, 4), "complex64"),
                ScaleTensor=In((1,), "float32", values=[-0.5])),
    _tensor_fed("scale_tensor_nan_x_int32", In((3, 4), "int32", -100, 100),
                ScaleTensor=In((1,), "float32", values=[NAN])),
    _tensor_fed("scale_tensor_nan_x_int8", In((3, 4), "int8", -100, 100),
                ScaleTensor=In((1,), "float32", values=[NAN])),
    _tensor_fed("bias_tensor_float16_x_float32", In((3, 4), "float32"), {"scale": 2.0},
                BiasTensor=In((1,), "float16", values=[0.1])),
    _tensor_fed("bias_tensor_int32_x_int8", In((3, 4), "int8", -100, 100),
                BiasTensor=In((1,), "int32", values=[300])),
    _tensor_fed("bias_tensor_0d_float32_x_complex128", In((3, 4), "complex128"),
                {"scale": -1.5}, BiasTensor=In((), "float32", values=2.25)),
    _tensor_fed("bias_tensor_inf_x_int64", In((3, 4), "int64", -100, 100),
                BiasTensor=In((1,), "float64", values=[float("inf")])),
    _tensor_fed("both_tensors_bias_first_float64", In((2, 3, 4), "float64"),
                {"bias_after_scale": False, "scale": 9.0, "bias": 9.0},
                ScaleTensor=In((1,), "float64", values=[0.3]),
                BiasTensor=In((1,), "float64", values=[-0.6])),
    _tensor_fed("both_tensors_float32_empty_x", In((0, 3), "float32"),
                ScaleTensor=In((1,), "float32", values=[3.0]),
                BiasTensor=In((1,), "float32", values=[1.0])),
    _tensor_fed("both_tensors_bfloat16_0d_x", In((), "bfloat16"),
                ScaleTensor=In((1,), "float32", values=[1.3]),
                BiasTensor=In((1,), "float32", values=[0.7])),
    # a complex Scalar tensor: its real part for real X, `re != 0 or im != 0` for bool X,
    # whole for complex X
    _tensor_fed("scale_tensor_complex64_x_float32", In((3, 4), "float32"), {"bias": 0.5},
                ScaleTensor=In((1,), "complex64", values=[2.5 - 1.5j])),
    _tensor_fed("bias_tensor_complex128_x_float32", In((3, 4), "float32"), {"scale": -2.0},
                BiasTensor=In((), "complex128", values=0.75 + 3.0j)),
    _tensor_fed("scale_tensor_complex64_x_bool", In((3, 4), "bool"), {"bias": 0.0},
                ScaleTensor=In((1,), "complex64", values=[1.0j])),
    _tensor_fed("bias_tensor_complex64_x_bool", In((3, 4), "bool"), {"scale": 0.0},
                BiasTensor=In((1,), "complex64", values=[-2.0j])),
    _tensor_fed("scale_tensor_complex64_x_complex64", In((3, 4), "complex64"), {"bias": 0.5},
                ScaleTensor=In((1,), "complex64", values=[0.5 + 2.0j])),
    _tensor_fed("both_tensors_complex128_x_complex64", In((3, 4), "complex64"),
                ScaleTensor=In((1,), "complex128", values=[-1.25 + 0.5j]),
                BiasTensor=In((1,), "complex128", values=[3.0 - 0.75j])),
    # an int64 Scalar tensor beyond 2**53 stays exact for int64 X
    _tensor_fed("scale_tensor_int64_beyond_2_53_x_int64", In((3, 4), "int64", -100, 100),
                ScaleTensor=In((1,), "int64", values=[2**53 + 1])),
    _tensor_fed("bias_tensor_int64_beyond_2_53_x_int64", In((3, 4), "int64", -100, 100),
                {"scale": 3.0}, BiasTensor=In((1,), "int64", values=[2**53 + 1])),
    # a Scalar tensor holds exactly one element
    Case("scale_scale_tensor_two_elements", "scale",
         {"X": In((3,), "float32"), "ScaleTensor": In((2,), "float32", values=[1.0, 2.0])},
         raises="one element|1 value"),
    Case("scale_bias_tensor_no_element", "scale",
         {"X": In((3,), "float32"), "BiasTensor": In((0,), "float32")},
         raises="one element|1 value"),
]
