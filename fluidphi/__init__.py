"""fluidphi: run legacy PaddlePaddle programs on PHI-style kernels, without Paddle.

The main API, imported on first use (a plain ``import fluidphi`` registers no kernels):

- ``load_model(path)`` / ``run_model(model, feeds)``: a legacy inference model
  (``dir/model`` or a directory) and its outputs;
- ``load_inference_model`` / ``save_inference_model``: the program files, as Paddle's;
- ``Executor`` / ``Scope``: ``paddle.static.Executor``'s shape, for startup and
  training programs;
- ``fluidphi.inference``: ``paddle.inference``'s CPU API (``Config``, ``create_predictor``).

``python -m fluidphi`` is the ``fluidphi`` command.
"""

from __future__ import annotations

import functools
import importlib
from typing import Any


@functools.cache
def _version() -> str:
    """The installed version, read on first use (importlib.metadata costs a cold start)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("fluidphi")
    except PackageNotFoundError:  # a checkout on sys.path, not installed
        return "0+unknown"


_API = {
    "load_model": "compat.predictor",
    "run_model": "compat.predictor",
    "check_model": "compat.checker",
    "Executor": "compat.static",
    "Scope": "legacy_fluid.framework.scope",
    "load_inference_model": "legacy_fluid.io",
    "save_inference_model": "legacy_fluid.io",
    "PathMode": "compat.dual_dispatch",
}
_SUBMODULES = ("inference", "cli")

__all__ = ["Executor", "PathMode", "Scope", "__version__", "check_model", "cli", "inference",
           "load_inference_model", "load_model", "run_model", "save_inference_model"]


def __getattr__(name: str) -> Any:
    if name == "__version__":
        return _version()
    if name in _API:
        return getattr(importlib.import_module(_API[name]), name)
    if name in _SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module 'fluidphi' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
