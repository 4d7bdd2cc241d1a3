"""docs/devices.md's plug-in example, registered from outside the package through
FLUIDPHI_DEVICE_PLUGINS, runs a model: relu on the plug-in device, the rest on CPU."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from legacy_fluid.framework.op_kernel import OP_KERNELS
from phi.backends import devices
from phi.core.kernel_factory import KERNELS
from phi.core.registry import scoped
from tests.cli.malformed import EXAMPLE, ROOT, invoke
from tests.devices.conftest import name_plugins

DOC = ROOT / "docs" / "devices.md"


def _example() -> str:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 1, "docs/devices.md should hold one Python example"
    return blocks[0]


def test_the_documented_plugin_runs_a_model(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "mydev_plugin.py").write_text(_example(), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))  # a module outside fluidphi's packages
    name_plugins(monkeypatch, "mydev_plugin")
    model, x = EXAMPLE / "model", EXAMPLE / "x.npy"
    with scoped(devices.DEVICE_TYPES, KERNELS, OP_KERNELS, inherit=True):
        ref = invoke("run", model, "-i", x, "--json")
        res = invoke("run", model, "-i", x, "--place", "mydev", "--no-passes", "--json",
                     "--trace-json", tmp_path / "trace.json")
        assert res.exit_code == 0, res.output
        assert json.loads(res.stdout)["outputs"] == json.loads(ref.stdout)["outputs"]
        trace = json.loads((tmp_path / "trace.json").read_text())
        relus = [r for r in trace if r["type"] == "relu"]
        assert len(relus) == 2 and all("MYDEV" in r["key"] for r in relus)
        assert all("Place(cpu)->Place(mydev:0)" in " ".join(r["transforms"]) for r in relus)
        (warning,) = [ln for ln in res.stderr.splitlines() if ln.strip()]
        assert "fell back on mydev" in warning and "relu" not in warning
