"""`fluidphi bench` writes the side-by-side report; its ratios follow from its own times."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import compat.bench
from cli import app

MLP = Path(__file__).resolve().parents[1] / "fixtures" / "models" / "mlp" / "model"


def test_bench_writes_reports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compat.bench, "SAMPLE_SECONDS", 0.001)  # speed, not precision, here
    result = CliRunner().invoke(app, ["bench", "--model", str(MLP), "--repeat", "3",
                                      "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    doc = json.loads((tmp_path / "bench.json").read_text())
    (row,) = doc["results"]
    ms = row["median_ms"]
    assert set(ms) == {"legacy", "phi", "auto"} and all(v > 0 for v in ms.values())
    assert row["ops"] == 11 and row["batch"] == 4 and row["runs_per_sample"] >= 1
    assert row["phi_over_legacy"] == pytest.approx(ms["phi"] / ms["legacy"], rel=1e-2)
    low, high = row["phi_over_legacy_iqr"]
    assert 0 < low <= high
    md = (tmp_path / "bench.md").read_text()
    assert f"| {MLP} | 4 | 11 |" in md
    assert "--repeat 3" in doc["meta"]["command"]


def test_bench_without_models_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compat.bench, "default_models", list)
    result = CliRunner().invoke(app, ["bench", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "no models" in result.output
    assert not (tmp_path / "bench.json").exists()
