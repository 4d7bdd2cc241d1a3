"""Only re-exports a kernel class (nothing here reads it)."""

from .thrice import ThriceKernel  # noqa: F401
