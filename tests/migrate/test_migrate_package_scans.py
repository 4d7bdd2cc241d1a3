"""The codemod on team S's package (tests/migrate/corpus/pkg_scans): kernel subclasses
overriding a class constant and a helper method, the override calling the base's helper
through `super()` (in the base's module, and in a sibling module through `super(C, self)`
over two levels). The inherited compute() reads the subclass's constant and calls the
subclass's override; the override calls the base's method, lifted as a helper of its own.
Negative twins stay legacy, each naming why: `super(type(self), self)`, `super()` in a
nested function, a base method keeping state on the instance, an override binding the
lifted copy's name itself. After `--write` every module still imports and every op
computes what it computed before, the int kernels on overflowing values too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    HEADER,
    assert_module_rows,
    assert_nothing_broken,
    console,
    dedent,
    migrate,
    run_script,
    write_copy,
)

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_scans"
INTS, FLOATS = ["INT32", "INT64"], ["FLOAT32", "FLOAT64"]
EXPECTED = {
    "scan.py": {
        "ScanKernel": ("migrated", "x_scan", "migrated; class kept for pkg_scans/twins.py",
                       {"CPU": FLOATS, "GPU": FLOATS}),
        "ScanIntKernel": ("migrated", "x_scan", "", {"CPU": INTS}),
    },
    "clipped.py": {
        "ScanClipKernel": ("migrated", "x_scan_clip", "", {"CPU": FLOATS}),
        "ScanIntClipKernel": ("migrated", "x_scan_clip", "", {"CPU": INTS}),
    },
    "twins.py": {
        "TypedSuperKernel": ("skipped", "x_scan_typed", "calls super().scan with arguments "
                             "other than (a class, self)", []),
        "NestedSuperKernel": ("skipped", "x_scan_nested", "calls super() inside a nested "
                              "function", []),
        "RecordedScanKernel": ("skipped", "x_scan_recorded", "calls super().scan "
                               "(_RecordingScan.scan): helper scan() uses self (instance "
                               "state)", []),
        "ShadowScanKernel": ("skipped", "x_scan_shadow", "calls super().scan (ScanKernel."
                             "scan), lifted as _scan(), a name the calling method binds "
                             "itself", []),
    },
}
MIGRATED = {"x_scan", "x_scan_clip"}
OPS = MIGRATED | {"x_scan_typed", "x_scan_nested", "x_scan_recorded", "x_scan_shadow"}

#: runs the package's ops (argv: root, then JSON op -> mode) on float32 values and on int
#: values whose products overflow, every scan mode along both axes; prints each output (or
#: its error's message) and the int inputs
_RUN = '''
import importlib, json, sys
import numpy as np
from compat.single_op import run_single_op
root, modes = sys.argv[1], json.loads(sys.argv[2])
sys.path.insert(0, root)
for name in ("scan", "clipped", "twins"):
    importlib.import_module(f"pkg_scans.{name}")
rng = np.random.default_rng(23)
xs = {"float32": rng.uniform(-2, 2, (3, 5)).astype(np.float32),
      "int32": rng.integers(40000, 90000, (3, 6)).astype(np.int32),
      "int64": rng.integers(-90000, 90000, (3, 6)).astype(np.int64)}
out = {"inputs": {dt: x.tolist() for dt, x in xs.items() if dt != "float32"}}
for op, mode in modes.items():
    for dt, x in xs.items():
        for scan in ("sum", "prod", "max", "min", "mean"):
            for axis in (0, 1):
                try:
                    got = run_single_op(op, {"X": x}, {"mode": scan, "axis": axis},
                                        {"Out": 1}, mode=mode)[0]["Out"][0].tolist()
                except Exception as exc:
                    while exc.__cause__ is not None:
                        exc = exc.__cause__
                    got = f"{type(exc).__name__}: {exc}"
                out[f"{op} {dt} {scan} {axis}"] = got
print(json.dumps(out))
'''


def run_ops(root: Path, mode: str) -> dict[str, Any]:
    modes = {op: mode if op in MIGRATED else "legacy" for op in sorted(OPS)}
    return run_script(_RUN, str(root), json.dumps(modes))


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE, run_ops)


def test_every_kernel_has_its_exact_row(written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    assert_nothing_broken(written, MIGRATED)
    ran = written["before_ops"]
    # the int kernel's products wrap (the overflow its override silences), as before
    x = ran["inputs"]["int32"]
    exact = x[0][0] * x[0][1] * x[0][2]
    assert exact != ran["x_scan int32 prod 1"][0][2]
    assert ran["x_scan int32 prod 1"] == written["after_ops"]["x_scan int32 prod 1"]
    # the inherited compute() checks the subclass's modes: mean is the float kernel's only
    assert isinstance(ran["x_scan float32 mean 1"], list)
    assert "mode 'mean' is not supported; modes: sum, prod, max, min" in \
        ran["x_scan int32 mean 1"]
    assert "modes: sum, prod, max" in ran["x_scan_clip int64 min 0"]
    # the clip of each subclass applies: the float scan of its LIMIT, the int one of its own
    assert max(max(r) for r in ran["x_scan_clip float32 sum 1"]) <= 1.0
    assert ran["x_scan_clip float32 sum 1"] != ran["x_scan float32 sum 1"]
    assert max(max(r) for r in ran["x_scan_clip int64 sum 1"]) <= 1048576
    # the twins (left legacy) still run their overrides
    assert ran["x_scan_typed float32 sum 0"] == [
        [2 * v for v in row] for row in ran["x_scan float32 sum 0"]]


def test_the_subclass_calls_its_override_which_calls_the_base_copy(written: dict[str, Any]
                                                                   ) -> None:
    scan = (written["pkg"] / "scan.py").read_text()
    clipped = (written["pkg"] / "clipped.py").read_text()
    base = scan[scan.index("def scan_kernel("):scan.index("def _scan_int_kernel_scan(")]
    heir = scan[scan.index("def scan_int_kernel("):]
    assert '"mean"' in base and "_scan(dev_ctx.xp, x.data, mode, axis)" in base
    assert '"mean"' not in heir.split("\n\n\n")[0]
    assert "_scan_int_kernel_scan(dev_ctx.xp, x.data, mode, axis)" in heir
    assert ("def _scan_int_kernel_scan(xp, src, mode, axis):\n    with _ignore_overflow():\n"
            "        return _scan(xp, src, mode, axis)") in scan
    assert "super().scan(" not in scan and "class Scan" not in clipped
    # two levels in the sibling module: its override -> the int override -> the base
    assert "full = _scan_int_kernel_scan(xp, src, mode, axis)" in clipped
    assert "from .scan import _ignore_overflow" in clipped
    assert "return xp.clip(_scan(xp, src, mode, axis), -1.0, 1.0)" in clipped


def test_a_second_run_changes_nothing(written: dict[str, Any]) -> None:
    pkg = written["pkg"]
    texts = {p: p.read_text() for p in pkg.rglob("*.py")}
    assert run_migrate([pkg], write=True, verify=False, console=console()) == 0
    assert {p: p.read_text() for p in pkg.rglob("*.py")} == texts


_SCAN = '''

class ScanMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("axis", AttrType.INT, 0, "axis")


class ScanOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.share_dim("X", "Out")

'''


def _scan_module(kernels: str, imports: str = "") -> str:
    return HEADER + imports + _SCAN + kernels + dedent('''

        register_operator("x_scan", ScanOp, ScanMaker)
        register_op_kernel("x_scan", "CPU", LeafKernel, DataType.FLOAT32)
    ''')


_BASE = '''
    class BaseKernel(OpKernel):
        def compute(self, ctx):
            x = ctx.input("X")
            out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
            out[...] = self.scan(ctx.xp, x.data, ctx.attr("axis"))

        BODY
'''


@pytest.mark.parametrize("body, leaf, reason", [
    ("def scan(self, xp, src, axis):\n            return xp.cumsum(src, axis=axis)",
     "def scan(self, xp, src, axis):\n        return (lambda me: super().scan(xp, src, axis))"
     "(self)", "calls super() inside a lambda"),
    ("def scan(self, xp, src, axis):\n            return xp.cumsum(src, axis=axis)",
     "def scan(self, xp, src, axis):\n        return [super().scan(xp, s, axis) for s in "
     "(src,)][0]", "calls super() inside a comprehension"),
    ("def scan(self, xp, src, axis):\n            return xp.cumsum(src, axis=axis)",
     "def scan(self, xp, src, axis):\n        return super().rescan(xp, src, axis)",
     "calls super().rescan: no class after LeafKernel in the kernel's MRO defines rescan"),
    ("def scan(self, xp, src, axis):\n            return xp.cumsum(src, axis=axis)\n\n"
     "        scan = None", "def scan(self, xp, src, axis):\n        return super().scan("
     "xp, src, axis)", "calls super().scan reaches BaseKernel.scan, which is no plain "
     "method"),
])
def test_unreadable_super_calls_keep_the_kernel_legacy(body: str, leaf: str, reason: str
                                                       ) -> None:
    source = _scan_module(dedent(_BASE.replace("BODY", body))
                          + f"\n\nclass LeafKernel(BaseKernel):\n    {leaf}\n")
    records = {r.kernel: r for r in migrate(source).records}
    assert records["LeafKernel"].status == "skipped"
    assert records["LeafKernel"].reason.startswith(reason), records["LeafKernel"].reason


def test_a_static_base_helper_and_a_super_call_in_compute_are_lifted() -> None:
    source = _scan_module(dedent(_BASE.replace("BODY", (
        "@staticmethod\n        def scan(xp, src, axis):\n"
        "            return xp.cumsum(src, axis=axis)"))) + dedent('''


        class LeafKernel(BaseKernel):
            def compute(self, ctx):
                x = ctx.input("X")
                out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
                out[...] = super().scan(ctx.xp, x.data, ctx.attr("axis")) * 2
    '''))
    result = migrate(source)
    (record,) = [r for r in result.records if r.kernel == "LeafKernel"]
    assert record.status == "migrated", record.reason
    assert "def _scan(xp, src, axis):\n    return xp.cumsum(src, axis=axis)" in result.new_text
    assert "out[...] = _scan(dev_ctx.xp, x.data, axis) * 2" in result.new_text


def test_a_base_outside_the_tree_keeps_its_subclass_legacy() -> None:
    source = _scan_module(dedent('''
        class LeafKernel(ScanKernel):
            def scan(self, xp, src, axis):
                return super().scan(xp, src, axis) * 2
    '''), imports="from team_scans.scan import ScanKernel\n")
    (record,) = migrate(source).records
    assert record.status == "skipped"
    assert record.reason == ("inherits from team_scans.scan.ScanKernel, defined outside this "
                             "module and the tree")


def test_a_local_named_like_a_lifted_helper_keeps_the_kernel_legacy() -> None:
    source = _scan_module(dedent('''
        class LeafKernel(OpKernel):
            def compute(self, ctx):
                x = ctx.input("X")
                _scan = self.scan(ctx.xp, x.data, ctx.attr("axis"))
                ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = _scan

            def scan(self, xp, src, axis):
                return xp.cumsum(src, axis=axis)
    '''))
    (record,) = migrate(source).records
    assert record.status == "skipped"
    assert record.reason == ("calls self.scan(), lifted as _scan(), a name the calling method "
                             "binds itself")
