"""A bench worker that does not answer is stopped and its backend reported as timed out."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

import compat.bench
from compat import bench_report
from compat.bench import LoadMeter, Worker, bench_case
from phi.common import CPUPlace

MLP = Path(__file__).resolve().parents[1] / "fixtures" / "models" / "mlp" / "model"


def _silent_worker() -> Worker:
    """A Worker whose process reads its requests and never answers."""
    worker = Worker.__new__(Worker)
    worker.log = tempfile.TemporaryFile("w+")
    worker.hello = {}
    worker.proc = subprocess.Popen(
        [sys.executable, "-c", "import sys, time\nfor line in sys.stdin: time.sleep(600)"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    return worker


@pytest.mark.parametrize("step", ["ready", "sample"])
def test_a_worker_that_never_answers_is_stopped(step: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compat.bench, "READY_TIMEOUT", 1.0)
    monkeypatch.setattr(compat.bench, "SAMPLE_TIMEOUT", 1.0)
    worker = _silent_worker()
    start = time.perf_counter()
    answer = worker.wait_ready() if step == "ready" else worker.sample()
    assert time.perf_counter() - start < 30
    assert answer["status"] == "timed out" and "no answer after 1 s" in answer["reason"]
    assert worker.proc.poll() is not None  # killed, not left running
    worker.close()


class _FakeWorker:
    """Ready, then one sample, then no answer (as `Worker` reports a time-out)."""

    def __init__(self, job: dict[str, Any], threads: int) -> None:
        self.taken = 0
        self.hello: dict[str, Any] = {}

    def wait_ready(self) -> dict[str, Any]:
        self.hello = {"status": "ready", "loops": 1}
        return self.hello

    def sample(self) -> dict[str, Any]:
        self.taken += 1
        if self.taken > 1:
            return {"status": "timed out", "reason": "no answer after 120 s of a sample"}
        return {"seconds": 0.01, "wall": 0.01, "cpu": 0.01, "minflt": 0.0, "majflt": 0.0,
                "maxrss_kb": 1}

    def close(self) -> None:
        pass


def test_a_timed_out_sample_is_reported_not_waited_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compat.bench, "Worker", _FakeWorker)
    doc = bench_case(str(MLP), "mlp", 1, ["planned"], repeat=3, threads=1, max_foreign=1e9,
                     retries=0, meter=LoadMeter(), place=CPUPlace())
    entry = doc["backends"]["planned"]
    assert entry["status"] == "timed out" and "no answer after 120 s" in entry["reason"]
    assert "planned" not in doc["samples"]
    assert bench_report.cell(entry) == "t/o"
