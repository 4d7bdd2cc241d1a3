"""Team X: kernel classes other modules only re-export: this `__init__` (relative, with
`__all__`), a module doing nothing but import one, an absolute import under another name,
`import pkg.mod` read as an attribute, and a star import of a module without `__all__`.
`plain.py` has no importer."""

from . import absolute, attrs, quiet, star  # noqa: F401
from .twice import TwiceKernel

__all__ = ["TwiceKernel"]
