"""The compiled library's runtime: kernels compiled once into the disk cache and loaded
from it by the next process (compile time counted apart), threads set as asked."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numba", reason="the compiled kernel library needs the 'jit' extra")

ROOT = Path(__file__).resolve().parents[2]
#: One compiled kernel called in a fresh process; prints compile seconds and threads.
PROBE = """
import json, numpy as np
from compat.kernel_library import use_library
use_library("numba")
import phi.jit
from phi.jit import row_kernels
phi.jit.set_threads(1)
x = np.arange(6, dtype=np.float32).reshape(2, 3)
row_kernels.softmax_rows(x, np.empty_like(x), np.float32(-64))
print(json.dumps({"compile": phi.jit.compile_seconds(),
                  "threads": phi.jit.runtime.threads()}))
"""


def _probe(cache: Path) -> dict[str, float]:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True,
                          text=True, timeout=600, check=True, cwd=ROOT)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_kernels_compile_once_into_the_disk_cache(tmp_path: Path) -> None:
    first = _probe(tmp_path)
    assert first["compile"] > 0 and first["threads"] == 1
    assert any(tmp_path.rglob("*.nbi")), "nothing was cached"
    second = _probe(tmp_path)
    assert second["compile"] == 0  # loaded from the cache, not compiled


def test_the_default_cache_is_per_user_and_per_source_version(monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    from phi.jit import runtime

    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert runtime.cache_dir() == tmp_path / "fluidphi" / "numba" / runtime.sources_digest()
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    assert runtime.cache_dir() == tmp_path / "mine"


def test_small_work_runs_the_serial_compilation(monkeypatch: pytest.MonkeyPatch) -> None:
    """One rule for every compiled kernel: the parallel compilation only for work of at
    least PARALLEL_MIN_WORK elements and more than one thread; both compute alike."""
    import numpy as np

    from phi.jit import row_kernels, runtime

    kernel = row_kernels.softmax_rows
    assert kernel.serial.py_func.__qualname__ != kernel.parallel.py_func.__qualname__
    before = runtime.threads()
    runtime.set_threads(2)
    try:
        assert not runtime.parallel_worth(runtime.PARALLEL_MIN_WORK - 1)
        assert runtime.parallel_worth(runtime.PARALLEL_MIN_WORK) == (runtime.threads() > 1)
        runtime.set_threads(1)
        assert not runtime.parallel_worth(runtime.PARALLEL_MIN_WORK * 4)
    finally:
        runtime.set_threads(before)
    picked: list[str] = []
    for name in ("serial", "parallel"):
        fn = getattr(kernel, name)
        monkeypatch.setattr(kernel, name, lambda *a, _f=fn, _n=name: (picked.append(_n),
                                                                     _f(*a))[1])
    floor = np.float32(-64)
    small = np.random.default_rng(0).standard_normal((1, 10)).astype(np.float32)
    kernel(small, out := np.empty_like(small), floor)
    big = np.random.default_rng(1).standard_normal((64, runtime.PARALLEL_MIN_WORK // 64)
                                                    ).astype(np.float32)
    kernel(big, big_out := np.empty_like(big), floor)
    assert picked == ["serial", "parallel" if runtime.threads() > 1 else "serial"]
    serial_out = np.empty_like(big)
    kernel.serial(big, serial_out, floor)
    np.testing.assert_array_equal(big_out, serial_out)
    np.testing.assert_allclose(out.sum(), 1.0, rtol=1e-6)
