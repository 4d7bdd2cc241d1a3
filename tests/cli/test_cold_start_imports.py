"""A fresh `fluidphi run` of the mlp loads only what running it needs: no Pydantic (Typer's
coercion, fluidphi/cli/coercion.py), no Pygments (the plan's code listing), none of the
codemod, coverage, training or bench machinery, and parses none of ops.yaml,
backward.yaml and op_compat.yaml whole (phi/op_defs/entry_index.py). It counts modules
and parses, not seconds, so the cold start's gains cannot regress silently on a loaded
machine."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

MLP = Path(__file__).resolve().parents[1] / "fixtures" / "models" / "mlp" / "model"

#: module name prefixes a run of the mlp must not import
NOT_NEEDED = (
    "pydantic", "pydantic_core", "pygments", "rich.syntax", "email", "libcst", "migrate",
    "compat.coverage", "compat.training", "compat.bench", "compat.crop_builder",
    "compat.model_info", "phi.infermeta.bindings", "phi.api", "hypothesis", "numba",
)

_PROBE = textwrap.dedent("""
    import atexit, json, runpy, sys

    out = sys.argv[1]

    def report():
        import phi.op_defs as defs
        json.dump({"modules": sorted(sys.modules),
                   "whole_yaml_parsed": defs._by_name.cache_info().currsize
                                        + defs.op_defs.cache_info().currsize
                                        + defs._compat_by_legacy.cache_info().currsize
                                        + defs.op_compat_defs.cache_info().currsize},
                  open(out, "w"))

    atexit.register(report)
    sys.argv = ["fluidphi", *sys.argv[2:]]
    runpy.run_module("fluidphi", run_name="__main__")
""")


@pytest.fixture(scope="module")
def run_facts(tmp_path_factory: pytest.TempPathFactory) -> dict:
    folder = tmp_path_factory.mktemp("cold")
    x = folder / "x.npy"
    np.save(x, np.linspace(-1, 1, 16, dtype=np.float32).reshape(1, 16))
    facts = folder / "facts.json"
    done = subprocess.run([sys.executable, "-c", _PROBE, str(facts), "run", str(MLP),
                           "--input", str(x)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "softmax" in done.stdout  # it ran and printed the fetch
    return json.loads(facts.read_text())


def test_a_run_of_the_mlp_imports_nothing_it_does_not_need(run_facts: dict) -> None:
    loaded = [m for m in run_facts["modules"]
              if any(m == p or m.startswith(p + ".") for p in NOT_NEEDED)]
    assert loaded == []


def test_a_run_of_the_mlp_parses_no_op_yaml_whole(run_facts: dict) -> None:
    assert run_facts["whole_yaml_parsed"] == 0


def test_the_probe_sees_what_a_plan_listing_loads(tmp_path: Path) -> None:
    """The check can fail: `run --plan` prints the code with rich.syntax (Pygments)."""
    x = tmp_path / "x.npy"
    np.save(x, np.zeros((1, 16), np.float32))
    facts = tmp_path / "facts.json"
    subprocess.run([sys.executable, "-c", _PROBE, str(facts), "run", str(MLP), "--input",
                    str(x), "--plan"], capture_output=True, text=True, check=True)
    assert "pygments" in json.loads(facts.read_text())["modules"]
