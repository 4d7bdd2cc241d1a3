"""Team F: elementwise kernels computing through functor objects (callables with state set
once) and through class keywords a base's `__init_subclass__` turns into attributes."""

from . import held, keyed, twins

__all__ = ["held", "keyed", "twins"]
