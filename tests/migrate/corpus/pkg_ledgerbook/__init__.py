"""Team L: kernels book themselves by class keywords into `BOOK`, an instance of the team's
own `KernelBook`; `BOOK.publish()` registers every row the book holds once the kernel modules
are imported. `twins/` holds books the codemod must refuse, each published by a function."""

import importlib

from .book import BOOK
from .twins.filtered import publish_filtered
from .twins.rewritten import publish_rewritten
from .twins.twice import publish_twice

#: the kernel modules, imported in order
MODULES = ("kernels.unary", "kernels.scaled", "kernels.tagged")

for name in MODULES:
    importlib.import_module(f"{__name__}.{name}")

BOOK.publish()
publish_filtered()
publish_rewritten()
publish_twice()
