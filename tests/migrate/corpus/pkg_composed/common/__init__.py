"""Team R's shared pieces, re-exported: `shared.py`'s names by a star import (its
`__all__` says which), the maker and operator by name."""

from .makers import UnaryMaker, UnaryOp  # noqa: F401
from .shared import *  # noqa: F403
