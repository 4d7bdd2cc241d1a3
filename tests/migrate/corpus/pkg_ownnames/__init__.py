"""Team O: its own helpers carry the framework's names (`register_kernel`, `DenseTensor`)."""

from . import scaled, shifted  # noqa: F401
