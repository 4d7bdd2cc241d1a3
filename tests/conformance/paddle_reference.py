"""Committed Paddle fixtures and the comparison every conformance test applies.

Tolerance: floating outputs must satisfy max|got - ref| <= 1e-5 * max(1, max|ref|)
per fetched tensor (a normwise bound over the finite elements; see
tests/conformance/README.md for why not elementwise), with NaN and +-inf where Paddle
has them; integer and bool outputs must match exactly. Shapes and dtypes always match
exactly. Single-op fixtures use the per-dtype tolerances of `op_cases/spec.py`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import numpy as np

from compat.predictor import load_model, run_model
from phi.common import Place
from phi.core.dense_tensor import DenseTensor

FIXTURES_ROOT = Path(__file__).resolve().parent.parent / "fixtures"
RTOL_NORMWISE = 1e-5
#: Fixture programs with sub-blocks (control flow): InferMeta walks only the global block.
SUB_BLOCK_MODELS = frozenset({"while_loop", "cond_v2", "select_route", "beam_decoder"})
#: Fixture programs InferMeta cannot follow to the end without running them: control flow
#: and tensor arrays, and ops after a data-dependent shape (rcnn_head: the proposals' count
#: is known only once generate_proposals_v2 has run; ctr_v2, nlp_lod_v2: sequence_pool's
#: row count is the number of sequences in its input's LoD, which dims do not carry).
INFERRED_BY_RUNNING = SUB_BLOCK_MODELS | {"rcnn_head", "ctr_v2", "nlp_lod_v2"}


def fixture_models(folder: str) -> list[str]:
    """Model names under tests/fixtures/<folder> (each a model.pdmodel directory)."""
    root = FIXTURES_ROOT / folder
    return sorted(p.name for p in root.iterdir() if (p / "model.pdmodel").is_file())


def load_npz(path: Path) -> dict[str, np.ndarray]:
    with np.load(path) as npz:
        return {k: npz[k] for k in npz.files}


def _real_view(a: np.ndarray) -> np.ndarray:
    """Float64 values to compare: complex as (real, imag) pairs, half types widened."""
    if a.dtype.kind == "c":
        return np.stack([a.real, a.imag]).astype(np.float64)
    return a.astype(np.float64)


def _first(mask: np.ndarray) -> tuple[int, ...]:
    return tuple(int(i) for i in np.argwhere(mask)[0])


def assert_close_to_paddle(got: np.ndarray, ref: np.ndarray, what: str,
                           tol: float = RTOL_NORMWISE, zero_sign: bool = False) -> None:
    """Same dtype and dims; ints and bools exact; floats (half and complex too): NaN and
    +-inf where Paddle has them, finite values within tol * max(1, max|ref|), and with
    `zero_sign` the sign of every zero both sides agree is zero."""
    assert (got.shape, got.dtype) == (ref.shape, ref.dtype), \
        f"{what}: {got.dtype}{list(got.shape)} != Paddle's {ref.dtype}{list(ref.shape)}"
    if ref.dtype.kind in "iub":
        np.testing.assert_array_equal(got, ref, err_msg=what)
        return
    g, r = _real_view(got), _real_view(ref)
    for name, test in (("NaN", np.isnan), ("+inf", np.isposinf), ("-inf", np.isneginf)):
        bad = test(g) != test(r)
        assert not bad.any(), f"{what}: {name} positions differ, first at {_first(bad)} " \
                              f"(got {g[bad][0]}, Paddle {r[bad][0]})"
    finite = np.isfinite(r)
    if finite.any():
        bound = tol * max(1.0, float(np.abs(r[finite]).max()))
        with np.errstate(invalid="ignore"):
            diff = np.where(finite, np.abs(g - r), 0.0)
        worst = np.unravel_index(int(np.argmax(diff)), diff.shape)
        assert diff[worst] <= bound, f"{what}: max abs error {diff[worst]:.3e} > {bound:.3e} " \
            f"at {tuple(int(i) for i in worst)} (got {g[worst]!r}, Paddle {r[worst]!r})"
    if zero_sign:
        zeros = (g == 0) & (r == 0)
        bad = zeros & (np.signbit(g) != np.signbit(r))
        assert not bad.any(), f"{what}: sign of zero differs, first at {_first(bad)} " \
                              f"(got {g[bad][0]}, Paddle {r[bad][0]})"


def assert_outputs_match(outputs: Mapping[str, np.ndarray], expected: Mapping[str, np.ndarray],
                         what: str) -> None:
    assert set(outputs) == set(expected), f"{what}: fetched {sorted(outputs)}"
    for fetch, ref in expected.items():
        assert_close_to_paddle(outputs[fetch], ref, f"{what}/{fetch}")


def fixture_feeds(model_dir: Path, batch: str) -> dict[str, np.ndarray | DenseTensor]:
    """A fixture batch's feeds; a LoD feed (meta.json `feed_lods`) as a host DenseTensor
    carrying its LoD."""
    feeds = load_npz(model_dir / f"inputs_{batch}.npz")
    meta = json.loads((model_dir / "meta.json").read_text(encoding="utf-8"))
    lods = meta.get("feed_lods", {}).get(batch, {})
    return {name: DenseTensor(array, lod=lods[name]) if name in lods else array
            for name, array in feeds.items()}


def perturbed_feeds(feeds: Mapping[str, np.ndarray | DenseTensor], seed: int
                    ) -> dict[str, np.ndarray | DenseTensor]:
    """`feeds` with N(0, 1) noise added to the float arrays (ids, LoD feeds kept)."""
    rng = np.random.default_rng(seed)
    return {k: (v + rng.standard_normal(v.shape).astype(v.dtype)
                if isinstance(v, np.ndarray) and v.dtype.kind == "f" else v)
            for k, v in feeds.items()}


def run_fixture(model_dir: Path, batch: str, path: str, place: Place | None = None):
    """Run one fixture batch; returns (result, Paddle's outputs)."""
    model = load_model(str(model_dir / "model"))
    expected = load_npz(model_dir / f"outputs_{batch}.npz")
    return run_model(model, fixture_feeds(model_dir, batch), place=place, path=path), expected


def expected_lods(model_dir: Path, batch: str) -> dict[str, list[list[int]]]:
    """The LoD of each of Paddle's fetched tensors that has one (meta.json `output_lods`,
    keyed `<batch>/<fetch>`)."""
    lods = json.loads((model_dir / "meta.json").read_text()).get("output_lods", {})
    return {key.split("/", 1)[1]: lod for key, lod in lods.items()
            if key.startswith(f"{batch}/")}


def check_fixture(model_dir: Path, batch: str, path: str) -> None:
    """Outputs within tolerance of Paddle's, their LoDs as Paddle's, and a forced path
    used for every op."""
    result, expected = run_fixture(model_dir, batch, path)
    what = f"{model_dir.name}/{batch}/{path}"
    assert_outputs_match(result.outputs, expected, what)
    assert result.lods == expected_lods(model_dir, batch), f"{what}: LoDs {result.lods}"
    paths = {rec.path for rec in result.trace} - {"framework"}  # control flow runs itself
    if path in ("legacy", "phi"):
        assert paths == {path}
