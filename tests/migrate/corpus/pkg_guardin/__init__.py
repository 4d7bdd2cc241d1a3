"""Team G: outputs allocated like an input by helpers that refuse a missing one."""

from . import ops  # noqa: F401
