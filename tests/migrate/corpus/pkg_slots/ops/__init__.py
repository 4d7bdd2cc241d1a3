from . import computed, helped, inplace  # noqa: F401
