"""Team R's public surface: everything `act` exports, re-exported once more."""

from .act import *  # noqa: F403
