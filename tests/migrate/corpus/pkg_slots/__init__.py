"""A package that reaches everything through `core`: star imports plus explicit imports of
the same names, and helpers taking ctx and the slot or attribute name to read."""

from . import ops  # noqa: F401
