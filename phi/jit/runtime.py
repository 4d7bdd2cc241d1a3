"""Numba for the compiled kernel library: imported on demand, its cache on disk, its
thread count, and the seconds it spent compiling.

Numba is an optional extra (`jit`); nothing imports this module unless the library is
asked for. Compiled code is cached on disk (``cache=True``) in ``$NUMBA_CACHE_DIR`` when
set, else in a per-user cache directory (``$XDG_CACHE_HOME/fluidphi/numba``, by default
``~/.cache/fluidphi/numba``, one subdirectory per version of this package's sources:
`sources_digest`), so a second process loads instead of compiling. Kernels
compile lazily: on their first call for a dtype. OpenMP worker threads wait passively
(``OMP_WAIT_POLICY=PASSIVE`` unless set).
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

CACHE_DIR_VARIABLE = "NUMBA_CACHE_DIR"


def sources_digest() -> str:
    """A digest of this package's sources. Numba checks a cached function against its
    own file only, not the files of the functions it calls (the epilogue), so the
    default cache directory is one per version of these sources."""
    digest = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def cache_dir() -> Path:
    """Where compiled kernels are cached (see the module doc)."""
    chosen = os.environ.get(CACHE_DIR_VARIABLE)
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "fluidphi" / "numba" / sources_digest()


def _import_numba() -> Any:
    os.environ.setdefault(CACHE_DIR_VARIABLE, str(cache_dir()))
    # Numba's OpenMP threads otherwise spin between parallel kernels; next to BLAS's own
    # threads on a loaded machine that made a planned mobilenet_v2 ~40x slower (measured:
    # 1.6 s against 29 ms with PASSIVE, 2 threads). A value the user set is kept.
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    import numba

    if not numba.config.CACHE_DIR:  # imported before the variable was set
        numba.config.CACHE_DIR = str(cache_dir())
    return numba


numba = _import_numba()
prange = numba.prange

_compile_lock = threading.Lock()
_compile_seconds = 0.0


class _CompileTimer(numba.core.event.Listener):
    """Sums the wall time of every top-level compilation (a cache load is not one)."""

    def __init__(self) -> None:
        self._depth = 0
        self._started: list[float] = []

    def on_start(self, event: Any) -> None:
        import time

        self._started.append(time.perf_counter())

    def on_end(self, event: Any) -> None:
        import time

        global _compile_seconds
        start = self._started.pop()
        if not self._started:
            with _compile_lock:
                _compile_seconds += time.perf_counter() - start


numba.core.event.register("numba:compile", _CompileTimer())


def compile_seconds() -> float:
    """Seconds spent compiling kernels in this process so far."""
    return _compile_seconds


def set_threads(threads: int) -> int:
    """Run parallel kernels on `threads` threads (at most the number Numba started with);
    returns the number set."""
    n = max(1, min(int(threads), int(numba.config.NUMBA_NUM_THREADS)))
    numba.set_num_threads(n)
    return n


def threads() -> int:
    return int(numba.get_num_threads())


def kernel(fn: Callable[..., Any]) -> Any:
    """A parallel, disk-cached, lazily compiled function (no fastmath: IEEE results, so
    NaN and inf behave as the plain kernels')."""
    return numba.njit(parallel=True, cache=True, nogil=True, error_model="numpy")(fn)


def inline(fn: Callable[..., Any]) -> Any:
    """A scalar helper compiled into the kernels that call it."""
    return numba.njit(inline="always", cache=True, error_model="numpy")(fn)


def helper(fn: Callable[..., Any]) -> Any:
    """A serial function the kernels call (compiled on its own, so LLVM optimises its
    loops apart from the caller's)."""
    return numba.njit(cache=True, error_model="numpy")(fn)
