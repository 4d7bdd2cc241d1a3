"""`fluidphi migrate` end to end on a scratch package: dry run, --write, --json, --verify."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from migrate_helpers import COVERED_MAPPING, HEADER, UNARY, covered_pair_source, dedent, migrate
from rich.console import Console
from test_migrate_codemod import BEFORE

from migrate.cli_entry import run_migrate
from migrate.runner import discover, plan_changes, run_codemod, write_atomic
from migrate.verify import verify_file

SKIPPED = HEADER + UNARY + dedent('''
class UnaryKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        if ctx.attr("use_cudnn"):
            raise NotImplementedError
        ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data


register_operator("unary", UnaryOp, UnaryOpMaker)
register_op_kernel("unary", "CPU", UnaryKernel, DataType.FLOAT32)
''')

CASES = '''

VERIFY_CASES = [
    {"name": "scaled", "inputs": {"X": (2, 5)}, "attrs": {"scale": 3.0, "bias": 1.5}},
    {"name": "from ScaleTensor", "inputs": {"X": (4,), "ScaleTensor": {"shape": [1]}},
     "dtypes": ["float32"]},
]
'''


@pytest.fixture
def pkg(tmp_path: Path) -> Path:
    root = tmp_path / "ops"
    root.mkdir()
    (root / "__init__.py").write_text('"""ops."""\n')
    (root / "scale_op.py").write_text(BEFORE + CASES)
    (root / "unary_op.py").write_text(SKIPPED)
    return root


def console() -> Console:
    return Console(record=True, width=220, force_terminal=False)


def snapshot(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): p.read_text() for p in sorted(root.rglob("*"))
            if p.is_file()}


def test_dry_run_prints_diff_and_summary_and_writes_nothing(pkg: Path) -> None:
    before = snapshot(pkg)
    con = console()
    assert run_migrate([pkg], console=con) == 0
    out = con.export_text()
    assert "--- a/" in out and "+++ b/" in out
    assert "-class ScaleKernel(OpKernel):" in out and "+def scale_kernel(" in out
    assert "+- op : scale" in out  # the ops.yaml that --write would create
    assert "migrated" in out and "skipped" in out
    assert "branches on attribute 'use_cudnn'" in out
    assert "1 migrated, 0 covered, 1 skipped, 0 failed in 3 files" in out
    assert snapshot(pkg) == before


def test_dry_run_diff_is_exactly_what_write_writes(pkg: Path) -> None:
    files = discover([pkg])
    plan = plan_changes(files, run_codemod(files))
    expected = {str(c.path.relative_to(pkg)): c.new for c in plan.changes}
    assert run_migrate([pkg], write=True, console=console()) == 0
    after = snapshot(pkg)
    for name, text in expected.items():
        assert after[name] == text
    assert after["unary_op.py"] == SKIPPED  # skipped kernels leave their file alone
    compile(after["scale_op.py"], "scale_op.py", "exec")
    assert after["ops.yaml"].count("- op : scale") == 1


def test_second_write_is_a_no_op(pkg: Path) -> None:
    assert run_migrate([pkg], write=True, console=console()) == 0
    first = snapshot(pkg)
    con = console()
    assert run_migrate([pkg], write=True, console=con) == 0
    assert snapshot(pkg) == first
    assert "wrote 0 files" in con.export_text()
    con = console()
    run_migrate([pkg], console=con)
    assert "nothing to change" in con.export_text()


def test_json_summary_and_jobs_give_the_same_result(pkg: Path, tmp_path: Path) -> None:
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    assert run_migrate([pkg], json_path=one, console=console()) == 0
    assert run_migrate([pkg], jobs=2, json_path=two, console=console()) == 0
    a, b = json.loads(one.read_text()), json.loads(two.read_text())
    assert a == b
    assert a["mode"] == "dry-run" and a["totals"] == {"migrated": 1, "covered": 0, "skipped": 1,
                                                               "failed": 0}
    rows = {r["kernel"]: r for r in a["kernels"]}
    assert rows["ScaleKernel"]["function"] == "scale_kernel"
    assert rows["ScaleKernel"]["dtypes"] == {"CPU": ["FLOAT32", "FLOAT64"],
                                             "GPU": ["FLOAT32", "FLOAT16"]}
    assert rows["UnaryKernel"]["status"] == "skipped"


def test_failure_gives_a_nonzero_exit_code(pkg: Path, tmp_path: Path) -> None:
    (pkg / "broken.py").write_text("def broken(:\n")
    con = console()
    summary = tmp_path / "new" / "dir" / "summary.json"  # folders made as needed
    assert run_migrate([pkg], console=con, json_path=summary) == 1
    out = con.export_text()
    assert "broken.py: does not parse" in out
    assert "in 4 files (1 could not be read or written, see above)" in out
    errors = json.loads(summary.read_text())["file_errors"]
    assert [Path(e["file"]).name for e in errors] == ["broken.py"]


def test_missing_path_is_reported(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        run_migrate([tmp_path / "nope"], console=console())


def test_verify_reports_identical_per_dtype(pkg: Path, tmp_path: Path) -> None:
    out = tmp_path / "v.json"
    assert run_migrate([pkg], verify=True, json_path=out, console=console()) == 0
    rows = {r["kernel"]: r for r in json.loads(out.read_text())["kernels"]}
    verdicts = {(v["backend"], v["dtype"]): v["status"] for v in rows["ScaleKernel"]["verify"]}
    assert verdicts == {("CPU", "FLOAT32"): "identical", ("CPU", "FLOAT64"): "identical",
                        ("GPU", "FLOAT32"): "identical", ("GPU", "FLOAT16"): "identical"}


def test_verify_catches_a_differing_and_an_erroring_kernel(pkg: Path) -> None:
    path = pkg / "scale_op.py"
    [result] = run_codemod([path])
    result.new_text = result.new_text.replace("bias, True, data)", "bias + 1, True, data)")
    statuses = {(v.backend, v.dtype): (v.status, v.detail) for v in verify_file(result, path)}
    status, detail = statuses[("CPU", "FLOAT32")]
    assert status == "differing" and "output Out[0]" in detail
    result.new_text = result.new_text.replace("bias + 1, True, data)", "bias, True, None)")
    status, detail = {(v.backend, v.dtype): (v.status, v.detail)
                      for v in verify_file(result, path)}[("CPU", "FLOAT64")]
    assert status == "errored" and detail.startswith("scaled: the migrated op raised")


def test_ops_yaml_is_merged_by_op_name(pkg: Path) -> None:
    (pkg / "ops.yaml").write_text("# hand-kept header\n\n- op : other\n  args : (Tensor x)\n"
                                  "  output : Tensor(out)\n  kernel :\n    func : other\n")
    assert run_migrate([pkg], write=True, console=console()) == 0
    text = (pkg / "ops.yaml").read_text()
    assert text.startswith("# hand-kept header\n\n- op : other\n")
    assert text.index("- op : other") < text.index("- op : scale")


def test_write_atomic_refuses_code_that_does_not_parse(tmp_path: Path) -> None:
    target = tmp_path / "mod.py"
    target.write_text("x = 1\n")
    with pytest.raises(SyntaxError):
        write_atomic(target, "def broken(:\n")
    assert target.read_text() == "x = 1\n"
    assert [p.name for p in tmp_path.iterdir()] == ["mod.py"]
    write_atomic(target, "x = 2\n")
    assert target.read_text() == "x = 2\n"
    assert [p.name for p in tmp_path.iterdir()] == ["mod.py"]


def test_progress_bar_on_long_runs(pkg: Path) -> None:
    for i in range(8):
        (pkg / f"plain_{i}.py").write_text(f"VALUE = {i}\n")
    con = console()
    assert run_migrate([pkg], console=con) == 0
    assert "in 11 files" in con.export_text()


def test_verify_first_leaves_the_real_registries_whole(pkg: Path) -> None:
    """--verify executes migrated modules with registration recorded, not applied; a process
    whose first use of the kernel library is that must still find every kernel afterwards."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from migrate.verify import verify_file\n"
        "from migrate.runner import run_codemod, discover\n"
        "files = discover([Path(sys.argv[1])])\n"
        "checked = [v for f, r in zip(files, run_codemod(files)) for v in verify_file(r, f)]\n"
        "assert checked, 'nothing verified'\n"
        "from phi.common import Backend, DataLayout, DataType\n"
        "from phi.core.kernel_factory import KERNELS\n"
        "from phi.core.kernel_key import KernelKey\n"
        "from legacy_fluid.framework.op_registry import OP_INFOS\n"
        "key = KernelKey(Backend.CPU, DataLayout.ALL_LAYOUT, DataType.FLOAT32)\n"
        "print(KERNELS.select('matmul', key) is None,"
        " OP_INFOS.has('matmul_v2'))\n"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", script, str(pkg)], cwd=root,
                         capture_output=True, text=True, check=True).stdout
    assert out.split()[-2:] == ["False", "True"]


def test_verify_runs_a_covered_op_through_its_own_mapping() -> None:
    result = migrate(covered_pair_source())
    verdicts = {(v.op_type, v.dtype): v.status for v in verify_file(result, None)}
    assert verdicts == {(op, dt): "identical" for op in ("unary", "unary2")
                        for dt in ("FLOAT32", "FLOAT64")}
    # a wrong mapping for the covered op is caught, not assumed right
    result.new_text = result.new_text.replace(
        COVERED_MAPPING, COVERED_MAPPING.replace('["Out"]', '["XShape"]'))
    broken = {v.dtype: v.status for v in verify_file(result, None) if v.op_type == "unary2"}
    assert broken and all(s != "identical" for s in broken.values())
