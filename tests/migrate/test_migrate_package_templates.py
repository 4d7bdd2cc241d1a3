"""The codemod on team T's package (tests/migrate/corpus/pkg_templates, issue 23): template
bases as a team writes them, every kernel migrated and verified, the team's check printing
the same bytes after `--write`:

- an optimizer template gathering the states its subclass declares (`{slot: in_data(ctx,
  slot) for slot in self.STATES.values()}`) and writing back every array its `update()`
  hook returns (`for slot, value in results.items(): if value is None or not
  ctx.has_output(slot): continue`): both loops unrolled per literal slot;
- a point template calling `self.run(ctx, xp, points)`, whose parameter `points` is also
  the kernel parameter of slot Points: renamed in the lifted helper;
- an attribute view whose `__getattr__` reads `self._defaults.get(name, _MISSING)` and
  tests the sentinel before returning it;
- a Weight tensor broadcast where attribute `weight` would be: an optional input beside
  the attribute, not a Scalar override;
- a float and an int kernel of one op reading different attributes: both take all;
- `self.floor = 1e-10` kept on the instance while another module's maker describes an
  attribute as "floor" (a description names no attribute of an object);
- a LoD op whose second input holds three fields per image (verify's per-sequence cases).

Each reading has a refused twin (a dry run on an edited copy), the row naming why."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    CORPUS,
    assert_module_rows,
    check_script_output,
    console,
    copy_package,
    write_copy,
)

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_templates"
REAL = {"CPU": ["FLOAT32", "FLOAT64"]}
INTS = {"CPU": ["INT32", "INT64"]}
FLOOR = "migrated; reads `self.floor = 1e-10` as the constant it is"
EXPECTED: dict[str, dict[str, tuple[str, str, str, Any]]] = {
    "optim.py": {"MomentumKernel": ("migrated", "tp_momentum", "", REAL),
                 "AdagradKernel": ("migrated", "tp_adagrad", "", REAL)},
    "points.py": {"CenterPointsKernel": ("migrated", "tp_center_points", "", REAL),
                  "ScalePointsKernel": ("migrated", "tp_scale_points", "", REAL)},
    "lerp.py": {"LerpKernel": ("migrated", "tp_lerp", "", REAL)},
    "quant.py": {"SaturateFloatKernel": ("migrated", "tp_saturate", "", REAL),
                 "SaturateIntKernel": ("migrated", "tp_saturate", "", INTS)},
    "spectral.py": {"RmsKernel": ("migrated", "tp_rms", FLOOR, REAL),
                    "LogPowerKernel": ("migrated", "tp_log_power", "", REAL)},
    "boxes.py": {"BoxClipKernel": ("migrated", "tp_box_clip", "", REAL)},
}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE)


def test_every_kernel_migrates_verified(written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)


def test_the_written_package_checks_as_before(written: dict[str, Any]) -> None:
    pkg: Path = written["pkg"]
    assert check_script_output(pkg.parent, PACKAGE) == check_script_output(CORPUS, PACKAGE)
    optim = (pkg / "optim.py").read_text()
    assert "class MomentumKernel" not in optim and "class AdagradKernel" not in optim
    # the template's loops, unrolled per slot of each kernel
    assert 'results["VelocityOut"]' in optim and 'results["MomentOut"]' in optim
    points = (pkg / "points.py").read_text()
    assert "points_" in points and "class CenterPointsKernel" not in points
    quant = (pkg / "quant.py").read_text()
    assert quant.count("bits: int, symmetric: bool") == 2  # one signature, both kernels
    lerp = (pkg / "lerp.py").read_text()
    assert "weight_tensor: DenseTensor | None, weight: float" in lerp


def _dry_run(root: Path, *edits: tuple[str, str, str]) -> dict[str, str]:
    """A copy of the package, each (module, old, new) of `edits` applied, migrated dry
    without verify: kernel -> its row's reason ("" when migrated)."""
    pkg = copy_package(root, PACKAGE)
    for module, old, new in edits:
        text = (pkg / module).read_text()
        assert old in text, (module, old)
        (pkg / module).write_text(text.replace(old, new))
    out = root / "summary.json"
    run_migrate([pkg], write=False, verify=False, json_path=out, console=console())
    return {r["kernel"]: "" if r["status"] == "migrated" else r["reason"]
            for r in json.loads(out.read_text())["kernels"]}


GUARD = "            if value is None or not ctx.has_output(slot):\n                continue\n"
RETURN = '        return {"ParamOut": param - lr * velocity, "VelocityOut": velocity}\n'
SENTINEL = "        if value is _MISSING:\n"


@pytest.mark.parametrize(("edits", "kernels", "reason"), [
    # a hook whose returns differ in their keys: the results' slots are not one literal set
    ([("optim.py", RETURN, '        if ctx.attr("mu") < 0:\n            return {"ParamOut": '
       'param}\n' + RETURN)], ["MomentumKernel"],
     "reads output by a computed name (ctx.has_output(slot))"),
    # a `continue` past the loop's first statements is no leading guard
    ([("optim.py", GUARD, "            if value is None:\n                pass\n            "
       "elif not ctx.has_output(slot):\n                continue\n")],
     ["MomentumKernel", "AdagradKernel"],
     "reads output by a computed name (ctx.has_output(slot))"),
    # the sentinel returned untested: the view hands out `_MISSING` for a name it lacks
    ([("common.py", SENTINEL + '            raise AttributeError("op \'%s\' has no attribute '
       '\'%s\'" % (ctx.op_type, name))\n', "")], ["ScalePointsKernel"],
     "passes ctx to run(): hands ctx to AttrView (AttrView(ctx)), an attribute view whose "
     "__getattr__ does more than return `self._ctx.attr(name)` or a default: for 'scale' it "
     "runs `value` (only tests"),
    # the float kernel also writes an output the int one does not: no one signature
    ([("quant.py", '        self.add_output("Out", "X saturated")\n',
       '        self.add_output("Out", "X saturated")\n        self.add_output("Codes", '
       '"the codes", dispensable=True)\n'),
      ("quant.py", "        codes = ctx.xp.clip(ctx.xp.round(x.data * levels), lo, levels)\n",
       "        codes = ctx.xp.clip(ctx.xp.round(x.data * levels), lo, levels)\n"
       "        if ctx.has_output(\"Codes\"):\n            ctx.output(\"Codes\").mutable_data("
       "ctx.place, x.dtype)[...] = codes\n")],
     ["SaturateFloatKernel", "SaturateIntKernel"],
     "kernels of op 'tp_saturate' (SaturateFloatKernel, SaturateIntKernel) take different "
     "arguments"),
    # a reflective read of the name, not a description: the constant is not proven
    ([("spectral.py", '\n\nregister_operator("tp_rms"',
       '\n\ndef floor_of(kernel):\n    return getattr(kernel, "floor", None)\n'
       '\n\nregister_operator("tp_rms"')],
     ["RmsKernel"], "RmsKernel keeps instance state: its __init__ sets `self.floor = 1e-10`"),
])
def test_each_reading_has_a_refused_twin(tmp_path: Path, edits: list[tuple[str, str, str]],
                                         kernels: list[str], reason: str) -> None:
    reasons = _dry_run(tmp_path, *edits)
    for kernel in kernels:
        assert reasons[kernel].startswith(reason), (kernel, reasons[kernel])
    assert {k for k, why in reasons.items() if why} == set(kernels)
