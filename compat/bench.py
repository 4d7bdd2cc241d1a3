"""`fluidphi bench`: fluidphi's paths, Paddle Inference and ONNX Runtime, timed side by side.

This process only orchestrates: every (model, batch, backend) runs in a fresh worker
process (`compat.bench_worker`) that loads, warms up and then times one sample per
request. Rounds are interleaved across backends (their order rotates every round), the
machine's other CPU load is measured during every sample, and a sample taken under
foreign load is marked and retaken. Figures and reports: `compat.bench_report`; the
backends: `compat.bench_backends.BACKENDS`; the models: `compat.bench_models`. With
`--place` other than the CPU, fluidphi's own backends run on that device (its work waited
for before a sample's clock stops) and the CPU-only ones are left out.
Writes reports/bench.md and reports/bench.json.
"""

from __future__ import annotations

import json
import os
import platform
import select
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any

import numpy as np
from rich.console import Console

from compat import bench_report, bench_targets
from compat.bench_backends import BACKENDS, Backend, missing_packages, thread_env
from compat.bench_cold import cold_starts
from compat.bench_models import CHAIN, default_models, op_types, short_names, write_chain
from compat.cpu_facts import cpu_facts
from compat.terminal import data_table, print_error, shown, shown_row
from legacy_fluid.io.atomic_write import atomic_write_text
from phi.common import CPUPlace, Place
from phi.core.device_backends import DeviceContextPool

#: Each timed sample repeats the run until it lasts about this long.
# long enough that /proc/stat's tick counting (see LoadMeter.allowance) blurs a sample's
# foreign-load figure by at most ~0.2 cores on a 2-CPU machine
SAMPLE_SECONDS = 0.2
#: Each worker warms up (unmeasured) for at least this long, and two runs at least.
WARMUP_SECONDS = 0.5
#: A sample taken while other processes used more than this many cores is retaken.
MAX_FOREIGN_CORES = 0.3
RETRIES = 2
#: A worker that has not loaded and warmed up in this long, or a sample (about
#: SAMPLE_SECONDS of runs) not answered in this long, is killed and its backend reported
#: as timed out ('t/o' in the tables) instead of waited on forever (a run that never ends).
READY_TIMEOUT = 600.0
SAMPLE_TIMEOUT = 120.0
DEFAULT_BATCHES = (1, 4)
CONV_OPS = {"conv2d", "depthwise_conv2d"}
#: models whose cold start (a fresh `fluidphi run`, and the same in Paddle / ORT) is timed
COLD_MODELS = frozenset({"mlp"})


class LoadMeter:
    """Busy CPU seconds of the whole machine (/proc/stat), to tell foreign load apart."""

    STAT = Path("/proc/stat")

    def __init__(self) -> None:
        self.available = self.STAT.is_file()
        self.hz = os.sysconf("SC_CLK_TCK") if self.available else 100

    def busy_seconds(self) -> float:
        if not self.available:
            return 0.0
        fields = [int(v) for v in self.STAT.read_text().splitlines()[0].split()[1:]]
        return (sum(fields) - fields[3] - fields[4]) / self.hz  # all but idle and iowait

    def allowance(self) -> float:
        """Seconds of busy time a reading may be off by: every CPU's counter moves in whole
        ticks, so each of a window's two readings is up to one tick per CPU behind."""
        return 2 * (os.cpu_count() or 1) / self.hz


def _loadavg() -> str:
    path = Path("/proc/loadavg")
    return " ".join(path.read_text().split()[:3]) if path.is_file() else "unknown"


def _own_cpu() -> float:
    return time.process_time()


class Worker:
    """A running bench worker process and its line protocol."""

    def __init__(self, job: dict[str, Any], threads: int) -> None:
        env = thread_env(threads)
        self.log: IO[str] = tempfile.TemporaryFile("w+")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "compat.bench_worker", json.dumps(job)], env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, text=True,
            bufsize=1)
        self.hello: dict[str, Any] = {}

    def wait_ready(self) -> dict[str, Any]:
        """The worker's first line: ready (after its warm-up) or why it cannot run."""
        self.hello = self._read(READY_TIMEOUT, "loading and warming up")
        return self.hello

    def _read(self, timeout: float, what: str) -> dict[str, Any]:
        assert self.proc.stdout is not None
        # one request, one line: nothing is left buffered between answers, so the pipe
        # itself says whether the answer has come
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        if not ready:
            self.proc.kill()
            self.proc.wait()
            return {"status": "timed out", "reason": f"no answer after {timeout:.0f} s of "
                                                     f"{what}; the worker was stopped"}
        line = self.proc.stdout.readline()
        if not line:
            self.log.seek(0)
            tail = self.log.read()[-2000:]
            return {"status": "failed", "reason": tail.strip().splitlines()[-1:] or ["?"]}
        return json.loads(line)

    def sample(self) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write("sample\n")
        self.proc.stdin.flush()
        return self._read(SAMPLE_TIMEOUT, "a sample")

    def close(self) -> None:
        try:
            if self.proc.poll() is None and self.proc.stdin is not None:
                self.proc.stdin.write("quit\n")
                self.proc.stdin.flush()
            self.proc.wait(timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
        self.log.close()


def applies(backend: Backend, model: str, types: list[str], place: Place) -> bool:
    if backend.cpu_only and not place.is_cpu:
        return False
    if backend.applies_to == "chain":
        return model == CHAIN
    if backend.applies_to == "conv":
        return bool(CONV_OPS & set(types))
    return True


def bench_case(prefix: str, model: str, batch: int, backends: Sequence[str], repeat: int,
               threads: int, max_foreign: float, retries: int, meter: LoadMeter,
               place: Place) -> dict[str, Any]:
    """One model (`prefix`, reported as `model`) at one batch size through every backend
    that applies on `place`: summary and raw samples."""
    types = op_types(prefix)
    results: dict[str, dict[str, Any]] = {}
    workers: dict[str, Worker] = {}
    try:
        for name in backends:  # loading and warm-up overlap; no sample is taken meanwhile
            backend = BACKENDS[name]
            if not applies(backend, model, types, place):
                continue
            missing = missing_packages(backend)
            if missing:
                results[name] = {"status": "not installed", "reason": ", ".join(missing)}
                continue
            job = {"backend": name, "model": prefix, "batch": batch, "threads": threads,
                   "sample_seconds": SAMPLE_SECONDS, "warmup_seconds": WARMUP_SECONDS,
                   "place": _place_text(place)}
            workers[name] = Worker(job, threads)
        for name, worker in list(workers.items()):
            hello = worker.wait_ready()
            if hello.get("status") != "ready":
                results[name] = {"status": hello.get("status", "failed"),
                                 "reason": hello.get("reason")}
                worker.close()
                del workers[name]
        samples: dict[str, list[dict[str, Any]]] = {name: [] for name in workers}
        order = list(workers)
        for round_ in range(repeat):
            shift = round_ % max(len(order), 1)
            for name in order[shift:] + order[:shift]:
                if name not in workers:  # timed out in an earlier round
                    continue
                for attempt in range(retries + 1):
                    s = _measure(workers[name], meter)
                    if "seconds" not in s:  # timed out (or died): no figure from it
                        results[name] = {"status": s["status"], "reason": s.get("reason")}
                        workers.pop(name).close()
                        del samples[name]
                        break
                    s.update(round=round_, attempt=attempt, loaded=s["foreign_cores"] > max_foreign)
                    samples[name].append(s)
                    if not s["loaded"]:
                        break
    finally:
        for worker in workers.values():
            worker.close()
    for name, worker in workers.items():
        hello = worker.hello
        results[name] = {"loops": hello["loops"],
                         **{k: hello[k] for k in ("first_run_ms", "compile_seconds")
                            if k in hello}}
    ordered = {n: results[n] for n in backends if n in results}
    return bench_report.finish({"model": model, "path": prefix, "batch": batch,
                                "ops": len(types), "backends": ordered, "samples": samples})


def _measure(worker: Worker, meter: LoadMeter) -> dict[str, Any]:
    busy0, own0, start = meter.busy_seconds(), _own_cpu(), time.perf_counter()
    s = worker.sample()
    if "seconds" not in s:
        return s
    wall = time.perf_counter() - start
    own = _own_cpu() - own0
    foreign = meter.busy_seconds() - busy0 - s["cpu"] - own - meter.allowance()
    s["foreign_cores"] = max(foreign, 0.0) / max(wall, 1e-9) if meter.available else 0.0
    return s


def _place_text(place: Place) -> str:
    return f"{place.kind}:{place.device_id}"


def _device_text(place: Place) -> str:
    """The place, with the GPU's name where the context knows it."""
    name = getattr(DeviceContextPool.instance().get(place), "name", None)
    return _place_text(place) + (f" ({name})" if isinstance(name, str) else "")


def run_bench(models: list[str], repeat: int, out: Path, console: Console,
              err_console: Console | None = None, place: Place | None = None,
              batches: Sequence[int] = DEFAULT_BATCHES, backends: Sequence[str] = (),
              threads: int | None = None, max_foreign: float = MAX_FOREIGN_CORES,
              retries: int = RETRIES,
              emit: Callable[[dict[str, Any]], None] | None = None) -> int:
    """Every (model, batch) through every backend that applies; fluidphi's backends run on
    `place` (CPU by default), the CPU-only ones (Paddle, ONNX Runtime, the NumPy floors)
    only when it is the CPU. `emit`, when given, receives the report (bench.json's)."""
    place = place or CPUPlace()
    errors = err_console or Console(stderr=True)
    explicit = list(models)
    chosen = [m for m in explicit if m != CHAIN] if explicit else default_models()
    with_chain = not explicit or CHAIN in explicit
    if not chosen and not with_chain:
        print_error(errors, "no models to benchmark: give --model (no fixture models in "
                    "./tests/fixtures/models)")
        return 2
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    unknown = [b for b in backends if b not in BACKENDS]
    if unknown:
        print_error(errors, f"unknown backend(s) {', '.join(unknown)}; known: "
                    f"{', '.join(BACKENDS)}")
        return 2
    names = list(backends) or list(BACKENDS)
    threads = threads or os.cpu_count() or 1
    meter = LoadMeter()
    loadavg_before = _loadavg()
    cases = []
    with tempfile.TemporaryDirectory(prefix="fluidphi-bench-") as tmp:
        for prefix, model in zip(chosen, short_names(chosen)):
            for batch in batches:
                console.print(f"bench {shown(model)} batch {batch}", highlight=False)
                cases.append(bench_case(prefix, model, batch, names, repeat, threads,
                                        max_foreign, retries, meter, place))
        if with_chain:
            console.print("bench dispatch chain")
            cases.append(bench_case(write_chain(Path(tmp)), CHAIN, 1, names, repeat, threads,
                                    max_foreign, retries, meter, place))
    cold = []
    for prefix, model in zip(chosen, short_names(chosen)):
        if model in COLD_MODELS and place.is_cpu:
            console.print(f"bench cold start {shown(model)}", highlight=False)
            cold.append(cold_starts(prefix, model, threads, thread_env(threads), names))
    meta = {
        "command": "fluidphi bench " + " ".join(
            [f"--repeat {repeat}", *(f"--model {m}" for m in explicit),
             *(f"--batch {b}" for b in batches if list(batches) != list(DEFAULT_BATCHES)),
             *(f"--backend {b}" for b in backends), f"--threads {threads}",
             *([] if place.is_cpu else [f"--place {_place_text(place)}"])]),
        "place": _device_text(place),
        "repeat": repeat, "threads": threads, "sample_seconds": SAMPLE_SECONDS,
        "warmup_seconds": WARMUP_SECONDS,
        "max_foreign_cores": max_foreign, "retries": retries,
        "python": platform.python_version(), "numpy": np.__version__,
        "machine": f"{platform.machine()}, {os.cpu_count()} cpus",
        "cpu": cpu_facts(),
        "loadavg_before": loadavg_before, "loadavg_after": _loadavg(),
    }
    doc = {"meta": meta, "backends": {n: BACKENDS[n].label for n in names}, "cases": cases,
           "cold": cold,
           "targets": [*bench_targets.evaluate(cases),
                       *bench_targets.evaluate(cold, bench_targets.COLD_TARGETS)]}
    out.mkdir(parents=True, exist_ok=True)
    atomic_write_text(out / "bench.json", json.dumps(doc, indent=1) + "\n")
    atomic_write_text(out / "bench.md", bench_report.markdown(doc))
    _print(console, doc)
    if emit is not None:
        emit(doc)
    return 0


def _print(console: Console, doc: dict[str, Any]) -> None:
    columns = [n for n in doc["backends"] if n not in ("numpy",)]
    table = data_table(f"median ms per run ({doc['meta']['repeat']} interleaved samples)",
                       "model", "b", *columns)
    for case in doc["cases"]:
        shown_row(table, case["model"], case["batch"],
                  *(bench_report.cell(case["backends"].get(n)) for n in columns))
    console.print(table)
