"""Registrations through `functools.partial`s binding arguments of what the codemod reads:
a package helper with positional arguments (imported), keywords a call overrides,
`register_op_kernel` with a constant and a keyword; the twins: a partial passed on, one
rebound."""

from . import rounding, twins, unary  # noqa: F401
