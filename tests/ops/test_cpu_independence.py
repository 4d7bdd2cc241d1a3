"""No result or assertion depends on the CPU's SIMD level.

NumPy dispatches its loops (exp, log, arctan2, max...) to the best SIMD level of the CPU
(AVX-512, AVX2, SSE), and the last ulp of transcendental functions, or which of two tied
zeros a max returns, differs between those paths. Here: a slice of the Paddle fixture
comparisons and every case digest are rerun in a subprocess with NumPy limited to its
baseline (`NPY_DISABLE_CPU_FEATURES` naming every dispatched feature) and, on
x86-64, OpenBLAS on its generic SSE kernels (`OPENBLAS_CORETYPE`, whose products sum in
another order), and the kernels that would otherwise follow the SIMD path compute in a way
that does not.
"""

from __future__ import annotations

import json
import math
import os
import platform
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from phi.kernels.funcs.binary_math import atan2
from phi.kernels.funcs.reduce import reduce_max, reduce_min
from tests.conformance.op_cases import family_names, grad_family_names, load_family
from tests.ops.conftest import numbers_match

ROOT = Path(__file__).resolve().parents[2]
#: Fixture families whose kernels run NumPy's dispatched float math (transcendentals,
#: min / max reductions, atan2, RoI geometry, BLAS products; beam_search's log).
SLICE = ("binary_math", "unary_math", "activation", "smooth_activation", "reduce",
         "roi", "linalg", "beam", "special")

_DIGESTS = """
import json
from numpy._core import _multiarray_umath as umath
from tests.conformance.op_cases import family_names, grad_family_names, load_family
cases = {f"{f}/{c.name}": c.digest() for f in family_names() for c in load_family(f).CASES}
cases.update({f"{f}/{c.name}": c.digest() for f in grad_family_names()
              for c in load_family(f).GRAD_CASES})
active = [k for k in umath.__cpu_dispatch__ if umath.__cpu_features__.get(k)]
print(json.dumps({"active": active, "digests": cases}))
"""


def _dispatch() -> tuple[list[str], list[str]]:
    """NumPy's dispatched SIMD features: all it knows, and those active in this process
    (none: it runs NumPy's baseline)."""
    umath = (getattr(np, "_core", None) or np.core)._multiarray_umath
    known = list(umath.__cpu_dispatch__)
    return known, [k for k in known if umath.__cpu_features__.get(k)]


def _baseline_env() -> dict[str, str]:
    known, active = _dispatch()
    if not active:
        pytest.skip("NumPy runs its baseline SIMD here already: no other level to compare")
    env = dict(os.environ, NPY_DISABLE_CPU_FEATURES=" ".join(known), PYTHONPATH=str(ROOT))
    if platform.machine().lower() in ("x86_64", "amd64"):
        env["OPENBLAS_CORETYPE"] = "Prescott"
    env.pop("PYTEST_ADDOPTS", None)
    return env


def _run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], check=False, cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def test_case_digests_are_the_same_on_numpy_baseline_simd() -> None:
    """Digests hash definitions: the same with NumPy's SIMD off (where the FPN RoIs' np.exp,
    for one, rounds differently) and another BLAS kernel (linalg's A A^H + n I)."""
    done = _run(["-c", _DIGESTS], _baseline_env())
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert report["active"] == [], f"NPY_DISABLE_CPU_FEATURES left {report['active']} on"
    here = {f"{f}/{c.name}": c.digest() for f in family_names() for c in load_family(f).CASES}
    here.update({f"{f}/{c.name}": c.digest() for f in grad_family_names()
                 for c in load_family(f).GRAD_CASES})
    changed = sorted(k for k in here if report["digests"].get(k) != here[k])
    assert changed == [], f"digests that follow the CPU's SIMD or BLAS path: {changed}"


def test_paddle_fixtures_pass_on_numpy_baseline_simd() -> None:
    """A slice of tests/ops/test_paddle_ops.py passes with NumPy on its baseline SIMD path
    as on this CPU's best (the suite itself runs on the best)."""
    select = "test_case_matches_paddle and (" + " or ".join(SLICE) + ")"
    done = _run(["-m", "pytest", "-o", "addopts=", "-q", "-p", "no:cacheprovider", "-x",
                 "tests/ops/test_paddle_ops.py", "-k", select], _baseline_env())
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "deselected" in done.stdout, done.stdout[-2000:]


# -- kernels that compute independently of the SIMD path --------------------------------------

@pytest.mark.parametrize("dtype", ["int32", "int64", "float32", "float16"])
def test_atan2_is_float64_math_rounded_once(dtype: str) -> None:
    """float32-precise atan2 (ints, float32, float16 via float32) is Python's float64
    atan2 (libm, scalar) rounded once to float32, element by element."""
    rng = np.random.default_rng(3)
    x1 = rng.integers(-1000, 1000, 400).astype(dtype)
    x2 = rng.integers(-1000, 1000, 400).astype(dtype)
    out = np.empty(400, np.float64 if dtype.startswith("int") else dtype)
    atan2(np, x1, x2, out)
    want = np.array([np.float32(math.atan2(float(a), float(b))) for a, b in zip(x1, x2)])
    np.testing.assert_array_equal(out, want.astype(out.dtype))


def _last_zero(x: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
    """Per output element, the last zero of its reduced elements in row-major order."""
    kept = [a for a in range(x.ndim) if a not in axes]
    rows = np.transpose(x, kept + list(axes)).reshape(len(x.reshape(-1)) and -1,
                                                        math.prod(x.shape[a] for a in axes))
    return np.array([row[np.flatnonzero(row == 0)[-1]] for row in rows])


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16"])
@pytest.mark.parametrize(("shape", "axes"), [((300,), (0,)), ((4, 50, 6), (0,)),
                                             ((4, 50, 6), (1,)), ((4, 5, 6), (0, 2)),
                                             ((3, 4, 5), (0, 1, 2))])
def test_max_min_of_tied_zeros_take_the_last(dtype: str, shape: tuple[int, ...],
                                            axes: tuple[int, ...]) -> None:
    """Of +0.0 and -0.0 tied for the extreme, the last in the reduced order wins (Paddle's
    sequential CPU reduction), whatever NumPy's SIMD path would pick."""
    x = np.where(np.random.default_rng(4).random(shape) < 0.5, 0.0, -0.0).astype(dtype)
    want = np.signbit(_last_zero(x, axes))
    for reduce in (reduce_max, reduce_min):
        out = np.empty(np.max(x, axis=axes).shape, dtype)
        reduce(np, x, axes, out)
        np.testing.assert_array_equal(np.signbit(out).reshape(-1), want)
        assert (out == 0).all()


def test_snapshot_numbers_match_within_their_rounding() -> None:
    text = "dict({'values': list([0.22313, 7.38906, 2]), 'dtype': 'float32'})"
    assert numbers_match(text.replace("0.22313", "0.22314"), text, 5)
    assert numbers_match(text.replace("7.38906", "7.38907"), text, 5)
    assert not numbers_match(text.replace("0.22313", "0.22316"), text, 5)
    assert not numbers_match(text.replace(", 2]", ", 3]"), text, 5)
    assert not numbers_match(text.replace("float32", "float64"), text, 5)
    assert numbers_match(text.replace("0.22313", "0.2232"), text.replace("0.22313", "0.2231"), 4)
