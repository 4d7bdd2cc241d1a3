"""The compiled kernel library: CPU kernels JIT-compiled by Numba, registered under
`Backend.NUMBA` (fluid's `LibraryType.NUMBA`), next to oneDNN and cuDNN.

Optional (the `jit` extra). Nothing here is imported unless a run asks for the library
(`compat.kernel_library.use_library`), so without Numba everything runs as before, and
the plain kernels stay the reference the compiled ones are tested against. A kernel or
dtype the library lacks runs the plain kernel. docs/devices.md ("Kernel libraries").
"""

from __future__ import annotations

import importlib
import importlib.util

#: The modules whose import registers the library's kernels.
KERNEL_MODULES = ("phi.jit.conv_kernels", "phi.jit.pool_kernels", "phi.jit.row_kernels")


def unavailable_reason() -> str | None:
    """Why the library cannot load here (Numba missing or failing to import), or None."""
    if importlib.util.find_spec("numba") is None:
        return "numba is not installed"
    try:
        importlib.import_module("phi.jit.runtime")
    except Exception as exc:  # numba present but broken (llvmlite, numpy version)
        return f"numba failed to import: {type(exc).__name__}: {exc}"
    return None


def register_kernels() -> None:
    """Register every compiled kernel (once; they compile on first call)."""
    for name in KERNEL_MODULES:
        importlib.import_module(name)


def compile_seconds() -> float:
    """Seconds this process spent compiling the library's kernels (0 when none loaded)."""
    runtime = _runtime()
    return 0.0 if runtime is None else runtime.compile_seconds()


def set_threads(threads: int) -> None:
    """Parallel kernels use `threads` threads (no effect until the library is loaded)."""
    runtime = _runtime()
    if runtime is not None:
        runtime.set_threads(threads)


def _runtime():
    import sys

    return sys.modules.get("phi.jit.runtime")
