"""Takes what neg.py exports (its public names: it has no `__all__`) by a star import."""

from .neg import *  # noqa: F403
