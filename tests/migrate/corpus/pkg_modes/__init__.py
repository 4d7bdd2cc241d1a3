"""Kernels checking attribute values against class-level tables of allowed values."""
