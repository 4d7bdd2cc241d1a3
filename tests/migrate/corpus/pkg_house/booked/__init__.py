"""Booked kernels."""

from . import scaled, softplus  # noqa: F401
