"""Read `paddle.static.save` / `paddle.save` state files (`.pdparams`, `.pdopt`): a pickled
dict of variable name -> NumPy array.

Pickle can run code; these files are read by an unpickler that builds only NumPy arrays,
NumPy dtypes and plain containers (dict, list, tuple, OrderedDict) and refuses every other
object with a `ModelFormatError` naming the file and the object: nothing in the file runs.
"""

from __future__ import annotations

import io
import os
import pickle
from collections import OrderedDict
from typing import Any

import numpy as np

from legacy_fluid.io.errors import ModelFormatError
from legacy_fluid.io.input_files import open_regular

#: (module, name) pairs a state file may refer to.
_ALLOWED = {
    ("numpy.core.multiarray", "_reconstruct"), ("numpy._core.multiarray", "_reconstruct"),
    ("numpy.core.multiarray", "scalar"), ("numpy._core.multiarray", "scalar"),
    ("numpy", "ndarray"), ("numpy", "dtype"), ("collections", "OrderedDict"),
    ("builtins", "dict"), ("builtins", "list"), ("builtins", "tuple"),
}


class _StateUnpickler(pickle.Unpickler):
    def __init__(self, data: bytes, path: str) -> None:
        super().__init__(io.BytesIO(data))
        self.path = path

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) not in _ALLOWED:
            raise ModelFormatError(f"refers to {module}.{name}, which a state file of arrays "
                                   "never needs (not loaded: unpickling it could run code)",
                                   path=self.path)
        return super().find_class(module, name)

    def persistent_load(self, pid: Any) -> Any:
        raise ModelFormatError("holds persistent ids, which a state file never has",
                               path=self.path)


def load_state(path: str | os.PathLike[str]) -> dict[str, np.ndarray]:
    """name -> array from one `.pdparams` / `.pdopt` file."""
    shown = os.fspath(path)
    f, _ = open_regular(path, "state file")
    try:
        with f:
            data = f.read()
    except OSError as exc:
        raise ModelFormatError(f"cannot be read ({exc.strerror or exc})", path=shown) from None
    try:
        state = _StateUnpickler(data, shown).load()
    except ModelFormatError:
        raise
    except Exception as exc:
        raise ModelFormatError(f"is not a Paddle state file ({type(exc).__name__}: {exc})",
                               path=shown) from None
    if not isinstance(state, (dict, OrderedDict)):
        raise ModelFormatError("does not hold a dict of name -> array", path=shown,
                               found=type(state).__name__)
    out: dict[str, np.ndarray] = {}
    for name, value in state.items():
        if name == "StructuredToParameterName@@":  # paddle.save's name map, not a tensor
            continue
        if not isinstance(name, str) or not isinstance(value, np.ndarray):
            raise ModelFormatError("holds an entry that is not name -> array", path=shown,
                                   var=str(name), found=type(value).__name__)
        out[name] = value
    return out
