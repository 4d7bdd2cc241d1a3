"""The registration index is current, and a lazily registered run is the eager run.

Each lazy run is a fresh interpreter (registrations are process-wide); the eager runs
share one interpreter that registers everything first.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
MODELS = ROOT / "tests" / "fixtures" / "models"
MODEL_NAMES = sorted(p.name for p in MODELS.iterdir() if (p / "model.pdmodel").exists())

# argv: "lazy"|"eager", models dir, out dir, model names. Writes <name>.npz (outputs) and
# <name>.json (trace, and which registries are still lazy after the run).
CHILD = r"""
import json, sys
from pathlib import Path
import numpy as np
mode, models, out, names = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]), sys.argv[4:]
from compat.registration_index import INDEXED, ensure_all_registered
from compat.predictor import load_model, run_model
from phi.core.infermeta_utils import INFER_METAS
if mode == "eager":
    ensure_all_registered()
for name in names:
    d = models / name
    model = load_model(d / "model")
    feeds = dict(np.load(d / "inputs_b4.npz"))
    result = run_model(model, feeds)
    np.savez(out / f"{name}.npz", **result.outputs)
    lazy = sorted(n for n, r in {**INDEXED, "infer_metas": INFER_METAS}.items() if r.lazy)
    (out / f"{name}.json").write_text(json.dumps(
        {"trace": [t.as_dict() for t in result.trace], "lazy": lazy}))
"""


def _child(mode: str, out: Path, names: list[str]) -> None:
    done = subprocess.run([sys.executable, "-c", CHILD, mode, str(MODELS), str(out), *names],
                          check=False, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]


@pytest.fixture(scope="module")
def eager_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("eager")
    _child("eager", out, MODEL_NAMES)
    return out


@pytest.mark.parametrize("name", MODEL_NAMES)
def test_lazy_run_is_the_eager_run(name: str, eager_dir: Path, tmp_path: Path) -> None:
    _child("lazy", tmp_path, [name])
    lazy_info = json.loads((tmp_path / f"{name}.json").read_text())
    eager_info = json.loads((eager_dir / f"{name}.json").read_text())
    assert lazy_info["trace"] == eager_info["trace"]
    assert eager_info["lazy"] == []
    # nothing in the run needed a whole table: it stayed lazy
    assert lazy_info["lazy"] == ["arg_mappings", "base_kernel_names", "infer_metas",
                                 "legacy_kernels", "operators", "phi_kernels"]
    with np.load(tmp_path / f"{name}.npz") as lazy, np.load(eager_dir / f"{name}.npz") as eager:
        assert sorted(lazy.files) == sorted(eager.files)
        for fetch in eager.files:
            assert lazy[fetch].dtype == eager[fetch].dtype, fetch
            assert lazy[fetch].tobytes() == eager[fetch].tobytes(), fetch
