"""Errors kernels raise that callers tell apart."""

from __future__ import annotations

from phi.common import DataType


class InvalidValueError(ValueError):
    """A kernel's input holds values its math is not defined on (a singular matrix to
    invert, a matrix that is not positive definite), as opposed to dims, dtypes or
    attributes it cannot take. `fluidphi check` runs kernels on placeholder data, whose
    values mean nothing: there this error is not a problem of the program."""


class ComplexToRealError(TypeError):
    """A data transform asked to cast a tensor of a complex dtype to a non-complex one (the
    cast would drop its imaginary part). Paddle refuses such an input (its kernels' typed
    data access checks the dtype; fluid's TransDataType casts from no complex type), so
    every path refuses it before the kernel runs."""


def refuse_complex_to_real(what: str, src: DataType, dst: DataType) -> None:
    """Raise ComplexToRealError when `src` is complex and `dst`, the dtype a transform
    would cast `what` to, is a known non-complex dtype (not UNDEFINED / ALL_DTYPE, which
    read a tensor as it is). `what` names the input, e.g. "op 'argsort_grad': input
    'Indices' (variable 'idx')"."""
    if src.is_complex and not dst.is_complex \
            and dst not in (DataType.UNDEFINED, DataType.ALL_DTYPE):
        raise ComplexToRealError(
            f"{what} is {src}, but the kernel reads it in {dst}: casting it would drop its "
            f"imaginary part (Paddle refuses it too); feed a tensor of {dst}")
