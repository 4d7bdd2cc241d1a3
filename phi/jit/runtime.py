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
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

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


_threads = int(numba.config.NUMBA_NUM_THREADS)  # Numba's default until set


def set_threads(threads: int) -> int:
    """Run parallel kernels on `threads` threads (at most the number Numba started with);
    returns the number set."""
    global _threads
    n = max(1, min(int(threads), int(numba.config.NUMBA_NUM_THREADS)))
    numba.set_num_threads(n)
    _threads = n
    return n


def threads() -> int:
    """The threads `set_threads` set (kept here: numba.get_num_threads costs 1.5 us a
    call, as much as a small kernel)."""
    return _threads


#: The work (elements of a kernel's largest array) below which a compiled kernel runs its
#: serial compilation: waking the threads for a parallel region costs more than they save.
#: Measured on 2 cores at 2 threads, float32, us per call parallel / serial (a loaded
#: machine makes the parallel launch dearer still: up to ~160 us for a [1, 10] softmax):
#: softmax_rows 10 elements 7.2 / 0.2, 8 K 34.6 / 27.4, 32 K 92.5 / 109.5, 64 K 153 / 218;
#: finish_nchw 512 8.1 / 2.4, 4 K 9.5 / 8.6, 32 K 15.6 / 32.9, 64 K 22.2 / 67.1. The
#: crossover lies between 4 K and 32 K elements by kernel; one rule for all at 32 K.
PARALLEL_MIN_WORK = 1 << 15


def parallel_worth(work: int) -> bool:
    """Whether `work` elements are worth a parallel region (the one rule every compiled
    kernel follows): more than one thread set, and at least `PARALLEL_MIN_WORK`."""
    return work >= PARALLEL_MIN_WORK and _threads > 1


def split_runs(jobs: int, work: int) -> int:
    """In how many runs a kernel splits its `jobs` (planes), each run making its buffers
    once: a few per thread when `work` runs parallel, else one."""
    return max(1, min(jobs, 4 * _threads)) if parallel_worth(work) else 1


def _renamed(fn: Callable[..., Any], suffix: str) -> Callable[..., Any]:
    """A copy of `fn` under another name: Numba's disk cache keys a function by its
    qualified name and signature, not by its compile options, so the serial twin of a
    parallel kernel needs a name of its own or it would load the parallel machine code."""
    twin = types.FunctionType(fn.__code__, fn.__globals__, fn.__name__ + suffix,
                              fn.__defaults__, fn.__closure__)
    twin.__qualname__ = fn.__qualname__ + suffix
    twin.__module__ = fn.__module__
    twin.__doc__ = fn.__doc__
    return twin


class Kernel:
    """A compiled kernel in two compilations of one function: `parallel` (prange spread
    over the threads) and `serial` (prange read as range). A call runs the one
    `parallel_worth` picks for the largest array among its arguments; each compiles on
    its first use."""

    def __init__(self, fn: Callable[..., Any]) -> None:
        options = {"cache": True, "nogil": True, "error_model": "numpy"}
        self.py_func = fn
        self.parallel = numba.njit(parallel=True, **options)(fn)
        self.serial = numba.njit(parallel=False, **options)(_renamed(fn, "__serial"))
        self.__doc__ = fn.__doc__
        self.__name__ = fn.__name__

    def __call__(self, *args: Any) -> Any:
        work = 0
        for a in args:  # a plain loop: a generator cost a microsecond more per call
            if type(a) is np.ndarray and a.size > work:
                work = a.size
        return (self.parallel if parallel_worth(work) else self.serial)(*args)


def kernel(fn: Callable[..., Any]) -> Kernel:
    """A disk-cached, lazily compiled kernel, parallel or serial by its work (`Kernel`);
    no fastmath: IEEE results, so NaN and inf behave as the plain kernels'."""
    return Kernel(fn)


def inline(fn: Callable[..., Any]) -> Any:
    """A scalar helper compiled into the kernels that call it."""
    return numba.njit(inline="always", cache=True, error_model="numpy")(fn)


def helper(fn: Callable[..., Any]) -> Any:
    """A serial function the kernels call (compiled on its own, so LLVM optimises its
    loops apart from the caller's)."""
    return numba.njit(cache=True, error_model="numpy")(fn)
