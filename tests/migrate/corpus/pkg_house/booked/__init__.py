"""Booked kernels."""

from . import pairs, scaled, softplus  # noqa: F401
