"""Binary element-wise math with fluid's `axis` broadcasting, shared by PHI and legacy kernels.

Fluid aligns the lower-rank operand to the higher-rank one starting at dimension
`axis`; `axis == -1` means trailing alignment (NumPy's rule). Trailing size-1
dims of the lower-rank operand that would run past the other operand are
dropped first, as fluid's `trim_trailing_singular_dims` did, so Y = [4, 1] adds
onto X = [2, 3, 4] at axis 2. After alignment both operands broadcast NumPy-style
(a 1 on either side stretches).

Every binary function has the signature ``name(xp, x, y, axis, out)`` and writes
into `out`, whose shape is `broadcast_shape(x.shape, y.shape, axis)` and whose
dtype is x's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from phi.common import DataType
from phi.kernels.funcs.common import c_round, compute_dtype, named, quiet

Shape = tuple[int, ...]


def normalize_axis(x_rank: int, y_rank: int, axis: int) -> int:
    """The start dimension for aligning the lower-rank operand (fluid's rule for negatives)."""
    diff = abs(x_rank - y_rank)
    if axis == -1:
        return diff
    if axis < 0:
        axis = diff + axis + 1
    if axis < 0 or axis > max(x_rank, y_rank):
        raise ValueError(f"elementwise: axis {axis} is out of range for operands of rank "
                         f"{x_rank} and {y_rank}")
    return axis


def _align(small: Shape, big_rank: int, axis: int) -> Shape:
    """`small` placed at `axis` inside `big_rank` dims, padded with 1s."""
    dims = list(small)
    while axis + len(dims) > big_rank and dims and dims[-1] == 1:
        dims.pop()  # fluid trims trailing singular dims that do not fit
    if axis + len(dims) > big_rank:
        raise ValueError(f"elementwise: an operand of shape {list(small)} does not fit at axis "
                         f"{axis} of a rank-{big_rank} operand")
    return (1,) * axis + tuple(dims) + (1,) * (big_rank - axis - len(dims))


def aligned_shapes(x_shape: Sequence[int], y_shape: Sequence[int],
                   axis: int) -> tuple[Shape, Shape, Shape]:
    """(x view shape, y view shape, out shape) after fluid's axis alignment."""
    xs, ys = tuple(map(int, x_shape)), tuple(map(int, y_shape))
    if xs == ys:
        return xs, ys, xs
    if len(xs) == len(ys):
        if axis not in (-1, 0):
            raise ValueError(f"elementwise: operands of equal rank {len(xs)} need axis -1 or 0, "
                             f"got {axis}")
    else:
        start = normalize_axis(len(xs), len(ys), axis)
        if len(xs) > len(ys):
            ys = _align(ys, len(xs), start)
        else:
            xs = _align(xs, len(ys), start)
    out = []
    for a, b in zip(xs, ys):
        if a not in (b, 1) and b != 1:
            raise ValueError(f"elementwise: shapes {list(x_shape)} and {list(y_shape)} do not "
                             f"broadcast at axis {axis} (aligned {list(xs)} vs {list(ys)})")
        out.append(b if a == 1 else a)
    return xs, ys, tuple(out)


def broadcast_shape(x_shape: Sequence[int], y_shape: Sequence[int], axis: int) -> Shape:
    """The output shape of a binary element-wise op (for infer_shape and InferMeta)."""
    return aligned_shapes(x_shape, y_shape, axis)[2]


def aligned_views(x: Any, y: Any, axis: int) -> tuple[Any, Any]:
    """x and y reshaped for fluid's axis alignment (`aligned_shapes`), so that NumPy
    broadcasting pairs their elements."""
    xs, ys, _ = aligned_shapes(x.shape, y.shape, axis)
    return (x if xs == x.shape else x.reshape(xs)), (y if ys == y.shape else y.reshape(ys))


# -- the operations --------------------------------------------------------------


def _ufunc_op(name: str, doc: str) -> Any:
    """`name(xp, x, y, axis, out)`: the array module's ufunc over fluid-aligned operands."""

    def op(xp: Any, x: Any, y: Any, axis: int, out: Any) -> None:
        a, b = aligned_views(x, y, axis)
        if out.dtype.kind != "c" and "c" in (a.dtype.kind, b.dtype.kind):
            raise TypeError(f"{name}: a complex operand ({a.dtype}, {b.dtype}) into a "
                            f"{out.dtype} output would drop its imaginary part")
        ufunc_into(xp, getattr(xp, name), a, b, out)

    return named(op, name, doc)


def ufunc_into(xp: Any, ufunc: Any, a: Any, b: Any, out: Any) -> None:
    """ufunc(a, b) into `out` (cast as needed), floating-point warnings quiet: the computing
    part of add, subtract, multiply (and divide for floats) on `aligned_views`."""
    with quiet(xp):
        ufunc(a, b, out=out, casting="unsafe")


add = _ufunc_op("add", "x + y (integers wrap; logical or for bool).")
#: add's and divide's dtypes in Paddle 3.3.1 (and their `_raw` variants', less
#: NO_DIVIDE_RAW_CPU_TYPES for divide_raw): on the CPU no half types, on the GPU no bool /
#: int8 / uint8
ADD_DIVIDE_CPU_TYPES = [DataType.FLOAT32, DataType.FLOAT64, DataType.BOOL, DataType.UINT8,
                        DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64,
                        DataType.COMPLEX64, DataType.COMPLEX128]
ADD_DIVIDE_GPU_TYPES = [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16,
                        DataType.INT16, DataType.INT32, DataType.INT64, DataType.COMPLEX64,
                        DataType.COMPLEX128]
#: the other element-wise ops' dtypes (Paddle 3.3.1's), legacy and PHI kernels alike; on the
#: GPU subtract and multiply take ADD_DIVIDE_GPU_TYPES, maximum / minimum and pow float16 too
SUBTRACT_CPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.BFLOAT16, DataType.INT16,
                      DataType.INT32, DataType.INT64, DataType.COMPLEX64, DataType.COMPLEX128)
MULTIPLY_CPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.BFLOAT16, DataType.BOOL,
                      DataType.INT32, DataType.INT64, DataType.COMPLEX64, DataType.COMPLEX128)
MAX_MIN_CPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.BFLOAT16, DataType.INT32,
                     DataType.INT64)
MAX_MIN_GPU_TYPES = (*MAX_MIN_CPU_TYPES, DataType.FLOAT16)
POW_CPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.BFLOAT16, DataType.INT32,
                 DataType.INT64, DataType.COMPLEX64, DataType.COMPLEX128)
POW_GPU_TYPES = (*POW_CPU_TYPES, DataType.FLOAT16)
FLOOR_DIVIDE_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16,
                      DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
                      DataType.INT64)
#: fmax / fmin / heaviside (no `axis`); remainder adds the complex types
NO_AXIS_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64)
REMAINDER_TYPES = (*NO_AXIS_TYPES, DataType.COMPLEX64, DataType.COMPLEX128)
#: the dtypes Paddle 3.3.1's CPU divide takes that its divide_raw (elementwise_div with an
#: `axis` other than -1) does not: such an op finds no kernel there
NO_DIVIDE_RAW_CPU_TYPES = (DataType.INT8, DataType.UINT8, DataType.INT16)
#: grad_add's dtypes (Paddle's CPU kernel: no half types; bool adds as logical or).
GRAD_ADD_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
                  DataType.INT64, DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64,
                  DataType.COMPLEX128]
subtract = _ufunc_op("subtract", "x - y.")
multiply = _ufunc_op("multiply", "x * y (logical and for bool).")
#: Element-wise max / min; a NaN on either side gives NaN (as Paddle 3.x).
maximum = _ufunc_op("maximum", "Element-wise max; NaN propagates.")
minimum = _ufunc_op("minimum", "Element-wise min; NaN propagates.")
bitwise_and = _ufunc_op("bitwise_and", "x & y (logical and for bool).")
bitwise_or = _ufunc_op("bitwise_or", "x | y (logical or for bool).")
bitwise_xor = _ufunc_op("bitwise_xor", "x ^ y (logical xor for bool).")


def _check_int_divisor(b: Any, what: str) -> None:
    """An integer zero divisor is an error (Paddle raises instead of dividing)."""
    if bool((b == 0).any()):
        raise ZeroDivisionError(f"elementwise {what}: integer division by zero")


def int_quotient(xp: Any, a: Any, b: Any, what: str) -> Any:
    """C's integer `a / b` (rounded toward zero); a zero divisor is an error."""
    _check_int_divisor(b, what)
    # a - fmod(a, b) is an exact multiple of b, so floor division is exact there.
    return xp.floor_divide(a - xp.fmod(a, b), b)


def _work(a: Any) -> Any:
    """`a` in the type float math runs in (float32 for float16 / bfloat16)."""
    dt = compute_dtype(a.dtype)
    return a if dt == a.dtype else a.astype(dt)


def divide(xp: Any, x: Any, y: Any, axis: int, out: Any) -> None:
    """True division for floats; integers divide truncating toward zero (C++ `/`; int8's
    -128 / -1 wraps to -128); bool x / True is x. An integer or bool zero divisor is an
    error."""
    a, b = aligned_views(x, y, axis)
    kind = np.dtype(out.dtype).kind
    if kind == "b":
        _check_int_divisor(b, "divide")
        xp.logical_and(a, b, out=out)
        return
    if kind in "iu":
        with quiet(xp):
            xp.copyto(out, int_quotient(xp, a, b, "divide"), casting="unsafe")
        return
    ufunc_into(xp, xp.divide, a, b, out)


def floor_divide(xp: Any, x: Any, y: Any, axis: int, out: Any) -> None:
    """Python's `//`: the quotient rounded toward -inf. Floats follow Python's float floor
    division (x / 0 gives +-inf or NaN; a zero quotient keeps the sign of x / y); half
    types compute in float32. An integer zero divisor is an error."""
    a, b = aligned_views(x, y, axis)
    if np.dtype(out.dtype).kind in "iu":
        _check_int_divisor(b, "floor_divide")
        xp.floor_divide(a, b, out=out, casting="unsafe")
        return
    with quiet(xp):
        xp.copyto(out, xp.floor_divide(_work(a), _work(b)), casting="unsafe")


def trunc_divide(xp: Any, x: Any, y: Any, axis: int, out: Any) -> None:
    """The quotient rounded toward zero: C's integer `/`, trunc(x / y) for floats (x / 0
    gives +-inf or NaN, a zero quotient keeps the sign of x / y); half types compute in
    float32. An integer zero divisor is an error."""
    a, b = aligned_views(x, y, axis)
    if np.dtype(out.dtype).kind in "iu":
        xp.copyto(out, int_quotient(xp, a, b, "trunc_divide"), casting="unsafe")
        return
    with quiet(xp):
        xp.copyto(out, xp.trunc(xp.divide(_work(a), _work(b))), casting="unsafe")


def complex_quotient(xp: Any, a: Any, b: Any) -> Any:
    """Complex a / b with each part rounded to the nearest integer, halves away from zero
    (C's round): the quotient of Paddle 3.3.1's complex remainder. Call under `quiet`."""
    q = xp.asarray(a / b)  # an array even for 0-d operands
    q.real[...] = c_round(xp, q.real)
    q.imag[...] = c_round(xp, q.imag)
    return q


def remainder(xp: Any, x: Any, y: Any, axis: int, out: Any) -> None:
    """Python's `%`: the remainder takes the divisor's sign. Floats: fmod(x, y), plus y
    where that is non-zero and its sign differs from y's (so a zero remainder keeps x's
    sign: -6 % 3 is -0.0, 6 % -3 is 0.0; x % 0 is NaN). An integer zero divisor is an
    error. Complex: x - y * q, q the quotient x / y with each part rounded to the nearest
    integer, halves away from zero (C's round), as Paddle 3.3.1's CPU kernel: 5 % 2 is -1,
    (7+5j) % 2 is -1-1j; x % 0 is NaN."""
    a, b = aligned_views(x, y, axis)
    if np.dtype(out.dtype).kind == "c":
        with quiet(xp):
            xp.copyto(out, a - b * complex_quotient(xp, a, b), casting="unsafe")
        return
    if np.dtype(out.dtype).kind in "iu":
        _check_int_divisor(b, "remainder")
        xp.remainder(a, b, out=out, casting="unsafe")
        return
    with quiet(xp):
        rem = xp.fmod(_work(a), _work(b))
        fix = (rem != 0) & ((rem < 0) != (b < 0))
        xp.copyto(out, xp.where(fix, rem + b, rem), casting="unsafe")


def complex_pow(xp: Any, a: Any, b: Any) -> Any:
    """Complex a ** b as exp(b * log(a)), C's cpow (Paddle 3.3.1's CPU answer): NaN at
    0 ** 0 and 0 at 0 ** b for b with a positive real part, unlike NumPy's ** there."""
    return xp.exp(b * xp.log(a))


def elementwise_pow(xp: Any, x: Any, y: Any, axis: int, out: Any) -> None:
    """x ** y; integers go through double pow and truncate, as C++ `std::pow` on ints;
    complex: `complex_pow`."""
    a, b = aligned_views(x, y, axis)
    with quiet(xp):
        if np.dtype(out.dtype).kind == "c":
            xp.copyto(out, complex_pow(xp, a, b), casting="unsafe")
        elif np.dtype(out.dtype).kind in "iu":
            f64 = np.float64
            xp.copyto(out, xp.trunc(xp.power(a.astype(f64), b.astype(f64))), casting="unsafe")
        else:
            xp.power(a, b, out=out, casting="unsafe")


def _through_float(xp: Any, a: Any, b: Any, pick: Any, out: Any) -> None:
    """Integer fmax / fmin as Paddle computes them: both operands converted to float32
    (int32 and narrower) or float64 (int64), `pick` applied, the result rounded back (a
    value past the integer range, e.g. float(2**31 - 1) == 2**31, wraps to the minimum)."""
    wide = np.dtype(out.dtype).itemsize > 4
    ftype = np.float64 if wide else np.float32
    with quiet(xp):
        picked = pick(xp, a.astype(ftype), b.astype(ftype))
        if wide:  # 2**63 does not fit: the conversion gives INT64_MIN, as llrint does
            picked = xp.where(picked >= ftype(2.0**63), ftype(-2.0**63), picked)
        xp.copyto(out, picked.astype(np.int64), casting="unsafe")


def _fmax(xp: Any, a: Any, b: Any) -> Any:
    """C's fmax as Paddle's CPU kernel gives it: a NaN operand is skipped, and b wins ties
    (so fmax(0.0, -0.0) is -0.0)."""
    return xp.where(xp.isnan(b), a, xp.where(xp.isnan(a) | ~(a > b), b, a))


def _fmin(xp: Any, a: Any, b: Any) -> Any:
    """C's fmin as Paddle's CPU kernel gives it: a NaN operand is skipped, b wins ties."""
    return xp.where(xp.isnan(b), a, xp.where(xp.isnan(a) | ~(a < b), b, a))


def _nan_skipping(pick: Any, name: str, doc: str) -> Any:
    def op(xp: Any, x: Any, y: Any, axis: int, out: Any) -> None:
        a, b = aligned_views(x, y, axis)
        if np.dtype(out.dtype).kind in "iu":
            _through_float(xp, a, b, pick, out)
            return
        with quiet(xp):
            xp.copyto(out, pick(xp, _work(a), _work(b)), casting="unsafe")

    return named(op, name, doc)


fmax = _nan_skipping(_fmax, "fmax", "Element-wise max skipping NaN; ties give y.")
fmin = _nan_skipping(_fmin, "fmin", "Element-wise min skipping NaN; ties give y.")


def heaviside(xp: Any, x: Any, y: Any, axis: int, out: Any) -> None:
    """y where x == 0 (either sign), else 1 where x > 0 and 0 elsewhere (NaN x gives 0)."""
    a, b = aligned_views(x, y, axis)
    one, zero = out.dtype.type(1), out.dtype.type(0)
    with quiet(xp):
        xp.copyto(out, xp.where(a == 0, b, xp.where(a > 0, one, zero)), casting="unsafe")


#: PHI kernel base name -> function.
BINARY_OPS: dict[str, Callable[[Any, Any, Any, int, Any], None]] = {
    "add": add,
    "subtract": subtract,
    "multiply": multiply,
    "divide": divide,
    "floor_divide": floor_divide,
    "remainder": remainder,
    "bitwise_and": bitwise_and,
    "bitwise_or": bitwise_or,
    "bitwise_xor": bitwise_xor,
    "maximum": maximum,
    "minimum": minimum,
    "elementwise_pow": elementwise_pow,
    "fmax": fmax,
    "fmin": fmin,
    "heaviside": heaviside,
}


def promote_if_complex(x_dtype: Any, y_dtype: Any) -> Any:
    """Fluid's kernel dtype for a binary op: x's, unless either side is complex.

    Works on `DataType` members; a complex side promotes to complex128 when the
    other side is 64-bit (float64 or complex128), else to complex64.
    """
    from phi.common import DataType

    complex_types = (DataType.COMPLEX64, DataType.COMPLEX128)
    if x_dtype not in complex_types and y_dtype not in complex_types:
        return x_dtype
    wide = (DataType.COMPLEX128, DataType.FLOAT64)
    return DataType.COMPLEX128 if x_dtype in wide or y_dtype in wide else DataType.COMPLEX64


# -- gradients ---------------------------------------------------------------------


def sum_to(xp: Any, grad: Any, shape: Sequence[int], axis: int, out: Any) -> None:
    """out (an operand of `shape`) = `grad` (of the broadcast output) summed over the dims
    the operand was broadcast along, after fluid's `axis` alignment."""
    target = tuple(int(d) for d in shape)
    if tuple(grad.shape) == target:
        out[...] = grad
        return
    view = aligned_shapes(target, grad.shape, axis)[0] if len(target) < grad.ndim \
        else target
    axes = tuple(i for i, (v, g) in enumerate(zip(view, grad.shape)) if v == 1 and g != 1)
    out[...] = xp.sum(grad, axis=axes, keepdims=True).reshape(target)


def add_grad(xp: Any, x: Any, y: Any, out_grad: Any, axis: int, x_grad: Any | None,
             y_grad: Any | None) -> None:
    """d(x + y): out_grad summed back to each operand's shape."""
    for operand, grad in ((x, x_grad), (y, y_grad)):
        if grad is not None:
            sum_to(xp, out_grad, operand.shape, axis, grad)
