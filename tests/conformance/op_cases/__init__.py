"""Single-op cases exported from Paddle, one module per op family.

A family module defines `CASES` (a list of `spec.Case`) and may define `DTYPE_GAPS`
(op type -> {dtype: reason} for dtypes Paddle registers on CPU that fluidphi leaves out).
A grad family (`<name>_grad.py`, export_grads.py) defines `GRAD_CASES` (`spec.GradCase`s).
How to add one: tests/conformance/README.md. Modules here import only NumPy and `spec`.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

#: Modules of this package that are not families.
NOT_FAMILIES = {"spec"}


GRAD_SUFFIX = "_grad"


def _modules() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(__path__)
                  if m.name not in NOT_FAMILIES and not m.name.startswith("_"))


def family_names() -> list[str]:
    """Every single-op family module, sorted."""
    return [m for m in _modules() if not m.endswith(GRAD_SUFFIX)]


def grad_family_names() -> list[str]:
    """Every grad family module (`<name>_grad`), sorted."""
    return [m for m in _modules() if m.endswith(GRAD_SUFFIX)]


def load_family(name: str) -> ModuleType:
    """The family module `name`, its cases checked for unique names."""
    module = importlib.import_module(f"{__name__}.{name}")
    names = [c.name for c in getattr(module, "CASES", None) or module.GRAD_CASES]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise ValueError(f"op_cases.{name}: case names used twice: {dupes}")
    return module
