"""Errors kernels raise that callers tell apart."""

from __future__ import annotations


class InvalidValueError(ValueError):
    """A kernel's input holds values its math is not defined on (a singular matrix to
    invert, a matrix that is not positive definite), as opposed to dims, dtypes or
    attributes it cannot take. `fluidphi check` runs kernels on placeholder data, whose
    values mean nothing: there this error is not a problem of the program."""
