"""Committed single-op Paddle fixtures (tests/fixtures/ops/<family>/), read for the tests.

Written by export_ops.py: `<case>.pdmodel`, `arrays.npz` (`<case>/in/<feed>`,
`<case>/out/<fetch>`; bfloat16 as uint16 bit patterns), `cases.json` (per case: op,
digest of its definition, attrs as saved, feeds, fetches with dtype and shape, Paddle's
error for cases that raise) and `op_protos.json` (Paddle's proto, PHI kernel name and
CPU dtypes per op type).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np

from phi.core.dense_tensor import DenseTensor
from tests.conformance.op_cases.spec import Case, GradCase
from tests.conformance.paddle_reference import FIXTURES_ROOT, load_npz

OPS_ROOT = FIXTURES_ROOT / "ops"
GRADS_ROOT = FIXTURES_ROOT / "grads"
EXPORT_CMD = "python tests/conformance/export_ops.py"
EXPORT_GRADS_CMD = "python tests/conformance/export_grads.py"


def regenerate_hint(command: str) -> str:
    """How to regenerate fixtures, portably: `command` run by a Python with Paddle."""
    return (f"regenerate with a Python that has paddlepaddle==3.3.1 (pip install "
            f"'.[conformance]'; see tests/conformance/README.md): `{command}`")


def typed(array: np.ndarray, meta: dict[str, Any]) -> np.ndarray:
    """A stored array in its tensor dtype (bfloat16 bit patterns viewed as bfloat16) and
    recorded dims (exports before the save_npz fix stored 0-d arrays with shape (1,))."""
    array = array.reshape(meta["shape"])
    return array.view(ml_dtypes.bfloat16) if meta["dtype"] == "bfloat16" else array


@dataclass(frozen=True)
class FamilyFixtures:
    family: str
    dir: Path
    cases: dict[str, dict[str, Any]]
    arrays: dict[str, np.ndarray]
    protos: dict[str, dict[str, Any]]
    export_cmd: str = EXPORT_CMD

    def entry(self, case: Case | GradCase) -> dict[str, Any]:
        """The exported entry of `case`; fails when it is missing or stale."""
        only = f" --only {case.op}" if self.export_cmd == EXPORT_CMD else ""
        regenerate = regenerate_hint(f"{self.export_cmd} --family {self.family}{only}")
        entry = self.cases.get(case.name)
        assert entry is not None, f"{self.family}/{case.name} has no fixture: {regenerate}"
        assert entry["digest"] == case.digest(), \
            f"{self.family}/{case.name} changed since it was exported: {regenerate}"
        return entry

    def model_prefix(self, name: str) -> Path:
        return self.dir / name

    def feeds(self, name: str) -> dict[str, np.ndarray]:
        entry = self.cases[name]
        return {feed: typed(self.arrays[f"{name}/in/{feed}"], meta)
                for feed, meta in entry["feeds"].items()}

    def outputs(self, name: str) -> dict[str, np.ndarray]:
        entry = self.cases[name]
        return {fetch: typed(self.arrays[f"{name}/out/{fetch}"], meta)
                for fetch, meta in entry.get("fetches", {}).items()}

    def fed(self, name: str) -> dict[str, np.ndarray | DenseTensor | list[DenseTensor]]:
        """`feeds` with each LoD input (`spec.LoDIn`) as a host DenseTensor carrying its LoD,
        and the items of a tensor array input (`spec.ArrayIn`) as one list under the array
        variable's name (as `compat.predictor.run_model` takes it)."""
        metas = self.cases[name]["feeds"]
        fed: dict[str, np.ndarray | DenseTensor | list[DenseTensor]] = {}
        for feed, array in self.feeds(name).items():
            meta = metas[feed]
            value = DenseTensor(array, lod=meta["lod"]) if meta.get("lod") else array
            if "array" in meta:
                fed.setdefault(meta["array"], []).append(  # type: ignore[union-attr]
                    value if isinstance(value, DenseTensor) else DenseTensor(value))
            else:
                fed[feed] = value
        return fed

    def output_lods(self, name: str) -> dict[str, list[list[int]]]:
        """The LoD of each of Paddle's fetched tensors that has one, or whose export recorded
        that it has none ([]: export_grads.py's forward fetches)."""
        return {fetch: meta["lod"] for fetch, meta in self.cases[name].get("fetches", {}).items()
                if "lod" in meta}


@functools.cache
def family_fixtures(family: str) -> FamilyFixtures:
    """One family's fixtures, read once per test session."""
    folder = OPS_ROOT / family
    assert (folder / "cases.json").is_file(), \
        f"no fixtures for family '{family}': " + regenerate_hint(f"{EXPORT_CMD} --family {family}")
    doc = json.loads((folder / "cases.json").read_text())
    protos = json.loads((folder / "op_protos.json").read_text())["ops"]
    return FamilyFixtures(family, folder, doc["cases"], load_npz(folder / "arrays.npz"), protos)


@functools.cache
def grad_fixtures(family: str) -> FamilyFixtures:
    """One grad family's fixtures (export_grads.py), read once per test session."""
    folder = GRADS_ROOT / family
    assert (folder / "cases.json").is_file(), \
        f"no fixtures for grad family '{family}': " \
        + regenerate_hint(f"{EXPORT_GRADS_CMD} --family {family}")
    doc = json.loads((folder / "cases.json").read_text())
    return FamilyFixtures(family, folder, doc["cases"], load_npz(folder / "arrays.npz"), {},
                          EXPORT_GRADS_CMD)
