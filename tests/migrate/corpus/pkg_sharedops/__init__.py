"""Team S: kernels listed for their ops in a table (`aka`) that `install()` registers as
the package is imported, one class serving an op and its `_v2`."""

from . import ops  # noqa: F401
from .table import install

install()
