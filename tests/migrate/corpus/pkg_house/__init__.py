"""Team H: framework names only through `_compat`, kernels booked by a class keyword and
published by the package."""

import importlib

from .registry import BOOK

#: the package's plug-ins, imported in order
PLUGINS = ("booked", "plain", "v1", "starred", "idle")

for name in PLUGINS:
    importlib.import_module(f"{__name__}.{name}")

BOOK.publish()
