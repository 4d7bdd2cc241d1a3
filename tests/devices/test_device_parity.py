"""CPU vs device parity, snapshotted: every public model and every op fixture family runs on
CPU and on the device, through the legacy path and the PHI path.

On the `emulated` device (every machine) outputs must equal the CPU's bit for bit; on a
CUDA device (`pytest -m gpu`, where CuPy sees one) within the per-dtype tolerance of
`op_cases/spec.py` (float32 1e-5 x max(1, max|ref|): CuPy's reductions sum in another
order and its float16 math differs from NumPy's). The trace of every device run is
snapshotted (syrupy, tests/devices/__snapshots__) with the device written `DEVICE` /
`Place(device)`, so the emulated and the CUDA runs share the snapshots: per model the
kernels per path and backend, every transfer and every fallback note; per single-op case
the op's path, key, transfers and note.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from compat.predictor import load_model, run_model
from legacy_fluid.framework.trace import OpTrace
from phi.backends.devices import device_type
from phi.common import CustomPlace, GPUPlace, Place
from tests.conformance.op_cases import family_names, grad_family_names, load_family
from tests.conformance.op_cases.spec import tolerance
from tests.conformance.op_fixtures import FamilyFixtures, family_fixtures, grad_fixtures
from tests.conformance.paddle_reference import (
    FIXTURES_ROOT,
    assert_close_to_paddle,
    load_feeds,
)

ROOT = Path(__file__).resolve().parents[2]
PATHS = ("legacy", "phi")
#: models the conformance exporter makes on demand (never committed, so no snapshot)
ON_DEMAND = {line.strip().strip("/") for line in
             (FIXTURES_ROOT / "models" / ".gitignore").read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")}
#: (name, model prefix, feeds file): the fixture models (batch 1) and the examples.
MODELS = [(f"{folder}/{d.name}", d / "model", d / "inputs_b1.npz")
          for folder in ("models", "models_v2")
          for d in sorted((FIXTURES_ROOT / folder).iterdir())
          if (d / "model.pdmodel").is_file() and not (folder == "models" and d.name in ON_DEMAND)]
MODELS += [(f"examples/{d.name}", d / "model", None)
           for d in sorted((ROOT / "examples").iterdir()) if (d / "model.pdmodel").is_file()]
FAMILIES = [("ops", f) for f in family_names()] + [("grads", f) for f in grad_family_names()]


def _emulated() -> Place:
    device_type("emulated")
    return CustomPlace("emulated", 0)


DEVICES = [pytest.param(_emulated, id="emulated"),
           pytest.param(lambda: GPUPlace(0), id="cuda", marks=pytest.mark.gpu)]


# -- comparing -----------------------------------------------------------------------------
def _same(got: np.ndarray, ref: np.ndarray, what: str, device: Place, tol: float) -> None:
    if device.is_custom:  # the emulated device computes with NumPy: bit for bit
        assert (got.dtype, got.shape) == (ref.dtype, ref.shape), what
        assert got.tobytes() == ref.tobytes(), f"{what}: device output differs from CPU's"
    else:
        assert_close_to_paddle(got, ref, what, tol=tol)


def _neutral(text: str, device: Place) -> str:
    """Trace text with the device written the same for every device."""
    text = text.replace(str(device), "Place(device)")
    return re.sub(rf"\b{device.kind.upper()}\b", "DEVICE", text)


def _op_line(rec: OpTrace, device: Place) -> str:
    parts = [str(rec.path), rec.key, *rec.transforms] + ([f"note: {rec.note}"] if rec.note
                                                         else [])
    return _neutral(" | ".join(parts), device)


def _model_summary(trace: list[OpTrace], device: Place) -> dict[str, Any]:
    backend = re.compile(r"\((\w+),|place\[Place\((\w+)")
    kernels: Counter[str] = Counter()
    for rec in trace:
        m = backend.search(rec.key)
        where = (m.group(1) or m.group(2)).upper() if m else "-"
        kernels[_neutral(f"{rec.path} on {where}", device)] += 1
    return {
        "kernels": dict(sorted(kernels.items())),
        "transfers": [_neutral(f"#{r.index} {r.type}: {t}", device)
                      for r in trace for t in r.transforms if ": place " in t],
        "notes": [_neutral(f"#{r.index} {r.type}: {r.note}", device) for r in trace if r.note],
    }


# -- models --------------------------------------------------------------------------------
def _model_feeds(model: Any, feeds_file: Path | None) -> dict[str, np.ndarray]:
    if feeds_file is not None:  # inputs_b1.npz of a fixture (its LoDs in meta.json)
        return load_feeds(feeds_file.parent, "b1")
    return {model.feed_names[0]: np.load(Path(model.model_path).parent / "x.npy")}


@pytest.mark.parametrize("make_device", DEVICES)
@pytest.mark.parametrize(("name", "prefix", "feeds_file"), MODELS, ids=[m[0] for m in MODELS])
def test_model_on_device_matches_cpu(name: str, prefix: Path, feeds_file: Path | None,
                                     make_device: Callable[[], Place], snapshot) -> None:
    device = make_device()
    model = load_model(prefix)
    feeds = _model_feeds(model, feeds_file)
    summary = {}
    for path in PATHS:
        cpu = run_model(model, feeds, path=path)
        got = run_model(model, feeds, path=path, place=device)
        for fetch, ref in cpu.outputs.items():
            _same(got.outputs[fetch], ref, f"{name} [{path}] {fetch}", device,
                  tolerance(str(ref.dtype)))
        summary[path] = _model_summary(got.trace, device)
    assert summary == snapshot


# -- op fixture families ---------------------------------------------------------------------
def _fixtures(kind: str, family: str) -> tuple[FamilyFixtures, list[Any]]:
    module = load_family(family)
    if kind == "grads":
        return grad_fixtures(family), list(module.GRAD_CASES)
    return family_fixtures(family), list(module.CASES)


def _refused(model: Any, feeds: dict[str, Any], path: str, device: Place,
             raises: str) -> str:
    """A case Paddle refuses on CPU: on the device either the same error or (where Paddle's
    device kernels take it, as reduce ops take float16 on GPU) a run; the snapshot says
    which."""
    try:
        run_model(model, feeds, path=path, place=device, passes=False)
    except Exception as exc:
        assert re.search(raises, str(exc), re.IGNORECASE), f"{exc} does not match {raises}"
        return "raises, as on CPU"
    return "runs on the device (refused on CPU)"


@pytest.mark.parametrize("make_device", DEVICES)
@pytest.mark.parametrize(("kind", "family"), FAMILIES, ids=[f"{k}/{f}" for k, f in FAMILIES])
def test_op_family_on_device_matches_cpu(kind: str, family: str,
                                         make_device: Callable[[], Place], snapshot) -> None:
    device = make_device()
    fixtures, cases = _fixtures(kind, family)
    lines: dict[str, dict[str, str]] = {}
    legacy_only = getattr(load_family(family), "LEGACY_ONLY", {})  # ops with no PHI form yet
    for case in cases:
        model = load_model(fixtures.model_prefix(case.name))
        feeds = fixtures.fed(case.name)  # LoD inputs with their recorded LoD, as in test_paddle_ops
        entry = fixtures.cases[case.name]
        for path in PATHS:
            what = f"{family}/{case.name} [{path}]"
            if path == "phi" and case.op in legacy_only:  # as test_paddle_ops: refused there
                with pytest.raises(Exception, match=f"no PHI kernel named '{case.op}'"):
                    run_model(model, feeds, path=path, place=device, passes=False)
                lines.setdefault(case.name, {})[path] = "no PHI kernel (legacy only)"
                continue
            raises = getattr(case, "raises", None)
            if raises is not None:  # refused on CPU: the same error, or a device that can
                lines.setdefault(case.name, {})[path] = _refused(model, feeds, path, device,
                                                                 raises)
                continue
            cpu = run_model(model, feeds, path=path, passes=False)
            got = run_model(model, feeds, path=path, place=device, passes=False)
            for fetch, ref in cpu.outputs.items():
                tol = tolerance(entry["fetches"][fetch]["dtype"], getattr(case, "tol", None))
                _same(got.outputs[fetch], ref, f"{what} {fetch}", device, tol)
            ops = [r for r in got.trace if r.type not in ("feed", "fetch")]
            lines.setdefault(case.name, {})[path] = " || ".join(_op_line(r, device)
                                                                for r in ops)
    assert lines == snapshot
