from . import computed, helped, inplace, starred  # noqa: F401
