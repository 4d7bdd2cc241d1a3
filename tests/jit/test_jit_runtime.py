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
