"""Elementwise chains compiled: the generated source of a chain (`phi.jit.elementwise_chain`)
written once to the cache directory (``<cache_dir>/chains/<key>.py``, the key a digest
of the chain's structure, its inputs' dtypes and its loop pattern) and imported from
there, so Numba caches its machine code next to it and a later process loads both.

`run_chain` broadcasts the leaves (Paddle's trailing-dims rule: each leaf viewed at the
chain's rank), drops the dims of size 1 and merges neighbouring dims every leaf reads
alike, so most chains run as one or two plain loops over contiguous arrays.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from phi.jit.elementwise_chain import Chain, source
from phi.jit.runtime import cache_dir

_loaded: dict[str, Callable[..., Any]] = {}
_lock = threading.Lock()


def compiled(chain: Chain, inputs: list[np.dtype], pattern: tuple[tuple[bool, ...], ...]
             ) -> Callable[..., Any]:
    """The chain's compiled `run` for these dtypes and loop pattern (generated and
    imported once per process, compiled or loaded from Numba's cache on first call)."""
    key = chain.key(inputs, pattern)
    with _lock:
        fn = _loaded.get(key)
        if fn is None:
            fn = _import(key, source(chain, inputs, pattern))
            _loaded[key] = fn
    return fn


def _import(key: str, text: str) -> Callable[..., Any]:
    folder = cache_dir() / "chains"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"chain_{key}.py"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        partial = folder / f".chain_{key}.{os.getpid()}.tmp"
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, path)  # atomic: another process never reads half a file
    name = f"fluidphi_chain_{key}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module.run


@dataclass(frozen=True)
class Launch:
    """How a chain runs for inputs of given shapes and dtypes: the compiled function,
    its loop nest and each leaf's array shape in it, the output's shape and dtype."""

    fn: Callable[..., Any]
    loop: tuple[int, ...]
    leaves: tuple[tuple[int, tuple[int, ...]], ...]  # (input, shape in the loop nest)
    out_shape: tuple[int, ...]
    out_dtype: np.dtype

    def __call__(self, arrays: Sequence[np.ndarray], out: np.ndarray) -> None:
        """out = the chain of `arrays` (`out` C-contiguous, of `out_shape`)."""
        if out.size == 0:
            return
        self.fn(out.reshape(self.loop), *[
            (arrays[i] if arrays[i].flags.c_contiguous else np.ascontiguousarray(arrays[i])
             ).reshape(shape) for i, shape in self.leaves])


_launches: dict[tuple[Any, ...], Launch] = {}
MAX_LAUNCHES = 4096


def launch(chain: Chain, shapes: Sequence[tuple[int, ...]], dtypes: Sequence[np.dtype]
           ) -> Launch:
    """The chain's `Launch` for these inputs (worked out once per shapes and dtypes:
    a planned run pays a dictionary lookup)."""
    key = (chain.digest, *shapes, *dtypes)
    found = _launches.get(key)
    if found is not None:
        return found
    for k, (shape, rank) in enumerate(zip(shapes, chain.ranks)):
        if len(shape) != rank:
            raise ValueError(f"elementwise chain: input {k} has shape {tuple(shape)}, "
                             f"expected {rank} dims (the rank the program declares)")
    out_dtype = chain.dtypes(list(dtypes))[-1]
    views = [(1,) * (chain.rank - chain.ranks[leaf.input] - leaf.trailing)
             + tuple(shapes[leaf.input]) + (1,) * leaf.trailing for leaf in chain.leaves]
    try:
        shape = tuple(int(d) for d in np.broadcast_shapes(*views))
    except ValueError:
        raise ValueError(f"elementwise chain: the inputs' shapes {[tuple(s) for s in shapes]} "
                         f"do not broadcast (as viewed: {views})") from None
    loop, pattern = collapse(shape, views)
    fn = compiled(chain, list(dtypes), pattern)
    found = Launch(fn, loop, tuple(
        (leaf.input, tuple(1 if b else n for n, b in zip(loop, p)))
        for leaf, p in zip(chain.leaves, pattern)), shape, out_dtype)
    if len(_launches) >= MAX_LAUNCHES:  # shapes that keep changing: start over
        _launches.clear()
    _launches[key] = found
    return found


def collapse(shape: tuple[int, ...], views: Sequence[tuple[int, ...]]
             ) -> tuple[tuple[int, ...], tuple[tuple[bool, ...], ...]]:
    """The loop nest: `shape` without its ones, neighbouring dims merged where every
    view reads both alike (both whole or both broadcast); per view, which loop dims it
    broadcasts. At least one dim (a 0-D output loops once)."""
    dims: list[int] = []
    flags: list[list[bool]] = [[] for _ in views]
    for d, n in enumerate(shape):
        if n == 1:
            continue
        now = [v[d] == 1 for v in views]
        if dims and all(f[-1] == b for f, b in zip(flags, now)):
            dims[-1] *= n
        else:
            dims.append(n)
            for f, b in zip(flags, now):
                f.append(b)
    if not dims:
        return (1,), tuple((True,) for _ in views)
    return tuple(dims), tuple(tuple(f) for f in flags)


def run_chain(chain: Chain, arrays: Sequence[np.ndarray], out: np.ndarray) -> None:
    """out = the chain of `arrays` (`out` C-contiguous, of the output's shape and dtype:
    `launch`)."""
    launch(chain, [a.shape for a in arrays], [a.dtype for a in arrays])(arrays, out)
