"""InferMeta functions, bound to kernel names by phi/ops.yaml.

The functions live in this package's modules (unary, binary, nullary, multiary,
and one module per op family). Each takes MetaTensors and attributes under the
kernel's parameter names (or the yaml entry's ``param`` list, passed
positionally, followed by the outputs) and sets output dims/dtype/layout/lod.
Importing the package binds nothing: its ``bindings`` module binds every entry of
ops.yaml and backward.yaml (through the typed op model) when the InferMeta registry is
loaded whole; a lazy run binds one kernel at a time from compat's registration index.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from collections.abc import Callable

from phi.op_defs import OPS_YAML


@functools.cache
def _modules() -> tuple[object, ...]:
    """Every module of this package (unary, binary, ..., and one per op family)."""
    return tuple(importlib.import_module(f"{__name__}.{m.name}")
                 for m in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name))


def find_infer_meta(name: str) -> Callable[..., None]:
    found = [fn for mod in _modules() if callable(fn := getattr(mod, name, None))
             and getattr(fn, "__module__", "") == mod.__name__]
    if len(found) != 1:
        what = "is not defined" if not found else "is defined more than once"
        raise LookupError(f"{OPS_YAML.name}: InferMeta function '{name}' {what} in the "
                          "modules of phi.infermeta")
    return found[0]
