"""Everyday use of every verb: choices, numbers, output paths, JSON, timings, warnings."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from compat.bench import short_names
from phi.core.kernel_factory import KernelFactory
from tests.cli.malformed import EXAMPLE, ROOT, assert_clean_error, invoke

X = EXAMPLE / "x.npy"
MODEL = EXAMPLE / "model"


def _usage_error(res, *needles: str) -> None:
    assert res.exit_code == 2, res.output
    assert "Traceback" not in res.output and res.stdout == ""
    for needle in needles:
        assert needle in res.stderr, res.stderr


def test_version() -> None:
    res = invoke("--version")
    assert res.exit_code == 0 and res.stdout.startswith("fluidphi ")


@pytest.mark.parametrize(("args", "needle"), [
    (("run", MODEL, "-i", X, "--path", "fast"), "'fast' is not one of"),
    (("run", MODEL, "-i", X, "--place", "tpu"), "no device type 'tpu' is registered"),
    (("run", MODEL, "-i", X, "--warm-runs", "-1"), "--warm-runs"),
    (("bench", "--repeat", "0"), "--repeat"),
    (("bench", "--repeat", "-3"), "--repeat"),
    (("migrate", ROOT / "legacy_fluid" / "operators" / "relu6_op.py", "--jobs", "0"),
     "--jobs"),
    (("coverage", "--format", "pdf"), "'pdf' is not one of"),
])
def test_bad_choices_and_numbers_are_usage_errors(args: tuple, needle: str) -> None:
    _usage_error(invoke(*args), needle)


def test_choices_are_shown_in_help() -> None:
    assert "auto|phi|legacy" in invoke("run", "--help").stdout
    assert "cpu|gpu|gpu:N" in invoke("run", "--help").stdout
    assert "md|json|html" in invoke("coverage", "--help").stdout


def test_run_json_reports_outputs_and_both_timings() -> None:
    res = invoke("run", MODEL, "-i", X, "--json", "--warm-runs", "2")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    out = doc["outputs"]["softmax_0.tmp_0"]
    assert out["shape"] == [4, 10] and out["dtype"] == "float32" and len(out["head"]) == 6
    assert 0 <= out["min"] <= out["max"] <= 1
    secs = doc["seconds"]
    assert secs["cold"] > 0 and len(secs["warm"]) == 2 and secs["warm_median"] > 0
    assert doc["fallbacks"] == {} and res.stderr == ""


def test_run_table_shows_warm_and_cold_apart() -> None:
    res = invoke("run", MODEL, "-i", X)
    assert "warm" in res.stdout and "cold" in res.stdout
    res = invoke("run", MODEL, "-i", X, "--warm-runs", "0")
    assert "cold" in res.stdout and "warm" not in res.stdout


def test_fallback_to_legacy_is_one_warning_line(monkeypatch: pytest.MonkeyPatch) -> None:
    select = KernelFactory.select

    def no_phi_relu(self, name, key):
        return None if name == "relu" else select(self, name, key)

    monkeypatch.setattr(KernelFactory, "select", no_phi_relu)
    res = invoke("run", MODEL, "-i", X, "--no-passes")  # fc fusion would absorb relu
    assert res.exit_code == 0, res.output
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("warning:")
    assert "2 of 11 ops" in lines[0] and "on a legacy kernel (relu x2)" in lines[0]
    assert invoke("run", MODEL, "-i", X, "--path", "legacy").stderr == ""


@pytest.mark.parametrize("verb", ["run", "migrate", "coverage", "bench"])
def test_output_paths_are_checked_before_any_work(tmp_path: Path, verb: str) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("")
    op_file = ROOT / "legacy_fluid" / "operators" / "relu6_op.py"
    cases = {
        "run": [(("run", MODEL, "-i", X, "--output", tmp_path), "--output", "is a folder"),
                (("run", MODEL, "-i", X, "--trace-json", a_file / "t.json"), "--trace-json",
                 "is a file, not a folder")],
        "migrate": [(("migrate", op_file, f"--json={tmp_path}"), "--json", "is a folder"),
                    (("migrate", op_file, "--report", a_file), "--report", "exists as a file")],
        "coverage": [(("coverage", "--out", a_file), "--out", "exists as a file"),
                     (("coverage", "--out", a_file / "sub"), "--out", "is a file, not a folder")],
        "bench": [(("bench", "--out", a_file), "--out", "exists as a file")],
    }
    for args, *needles in cases[verb]:
        assert_clean_error(invoke(*args), *needles, "cannot be written")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]  # nothing was written


def test_unwritable_folder_is_named(tmp_path: Path) -> None:
    import os

    if os.geteuid() == 0:
        pytest.skip("root may write anywhere")
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    assert_clean_error(invoke("run", MODEL, "-i", X, "--output", locked / "o.npz"),
                       "not writable")


def test_coverage_says_what_it_reports_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    monkeypatch.chdir(tmp_path)  # no fixture models here
    res = invoke("coverage", "--out", tmp_path / "r", "--format", "json")
    assert res.exit_code == 0, res.output
    assert "no --model given and no fixture models" in res.stdout
    assert "op types" in res.stdout and "op type " not in res.stdout  # no full table


def test_coverage_table_only_on_request(tmp_path: Path) -> None:
    plain = invoke("coverage", "--model", MODEL, "--out", tmp_path, "--format", "json")
    assert plain.exit_code == 0, plain.output
    assert "runs fully on PHI" in plain.stdout and "blockers: none" in plain.stdout
    row = re.compile(r"^ *abs +B +\d+/\d+ ", re.M)  # a row of the per-op table
    assert not row.search(plain.stdout)
    table = invoke("coverage", "--model", MODEL, "--out", tmp_path, "--format", "json",
                   "--table")
    assert row.search(table.stdout) and "codemod: A auto" in table.stdout  # and its legend


def test_bench_short_names() -> None:
    assert short_names(["tests/fixtures/models/lenet/model", "x/y/resnet"]) == [
        "lenet", "resnet"]
    assert short_names(["a/m/model", "b/m/model"]) == ["a/m/model", "b/m/model"]


def test_a_folder_that_refuses_files_is_found_before_work() -> None:
    proc = Path("/proc")
    if not proc.is_dir():
        pytest.skip("no /proc here")
    assert_clean_error(invoke("run", MODEL, "-i", X, "--output", proc / "o.npz"),
                       "--output", "not writable")
    op_file = ROOT / "legacy_fluid" / "operators" / "relu6_op.py"
    res = invoke("migrate", op_file, f"--json={proc / 'm.json'}")
    assert_clean_error(res, "--json", "not writable")
    assert "---" not in res.stdout  # no diff: nothing ran


def test_migrate_unreadable_files_are_errors_on_stderr(tmp_path: Path) -> None:
    (tmp_path / "broken.py").write_text("x = (\n")
    res = invoke("migrate", tmp_path / "broken.py")
    assert res.exit_code == 1 and "does not parse" in res.stderr
    assert "does not parse" not in res.stdout
