"""One `fluidphi bench` worker: one backend on one model and batch, in a process of its own.

    python -m compat.bench_worker '{"backend": ..., "model": ..., "batch": ..., ...}'

The orchestrator (`compat.bench`) starts it with the thread-count variables already in
its environment. It loads the model, warms up (excluded from every figure), then answers
one line of JSON per "sample" line on stdin: the mean wall time of `loops` runs, the
process's CPU time over them (so the orchestrator can tell foreign load from its own),
page faults per run and the peak RSS so far. "quit" ends it. The first line it writes
says "ready" (with `loops`) or "unavailable" (with the reason).
"""

from __future__ import annotations

import gc
import json
import math
import os
import resource
import sys
import time
from typing import Any

#: warm-up runs before anything is measured (at least this many, and for at least the
#: job's "warmup_seconds")
WARMUP_RUNS = 2
#: the first warm-up run's wall time and the kernel compile time within it, for the reply
FIRST_RUN: dict[str, float] = {}


#: the protocol's stream: the original stdout; fd 1 itself goes to stderr, so whatever the
#: backends' libraries print cannot break the protocol
_PROTOCOL: Any = None


def _reply(doc: dict[str, Any]) -> None:
    _PROTOCOL.write(json.dumps(doc) + "\n")
    _PROTOCOL.flush()


def _cpu_seconds() -> float:
    return time.process_time()  # every thread of the process, at the clock's resolution


def sample(run: Any, loops: int) -> dict[str, Any]:
    """Time `loops` runs with the garbage collector off; rusage deltas per run."""
    gc.collect()
    gc.disable()
    try:
        before = resource.getrusage(resource.RUSAGE_SELF)
        cpu0 = _cpu_seconds()
        start = time.perf_counter()
        for _ in range(loops):
            run()
        wall = time.perf_counter() - start
        cpu = _cpu_seconds() - cpu0
        after = resource.getrusage(resource.RUSAGE_SELF)
    finally:
        gc.enable()
    return {
        "seconds": wall / loops,
        "wall": wall,
        "cpu": cpu,
        "minflt": (after.ru_minflt - before.ru_minflt) / loops,
        "majflt": (after.ru_majflt - before.ru_majflt) / loops,
        "maxrss_kb": after.ru_maxrss,
    }


def loops_for(times: list[float], sample_seconds: float) -> int:
    """Runs per sample: enough to last `sample_seconds` at the fastest warm-up run's pace.
    Not the last run's: the workers warm up side by side, so any one run may have waited
    for the CPU (a last run preempted for 40 ms made a 40 us model's samples 5 runs long,
    timing mostly the caches it found cold after waiting for its turn)."""
    return max(1, math.ceil(sample_seconds / max(min(times), 1e-7)))


def start(job: dict[str, Any]) -> tuple[Any, int]:
    """Build the runner, warm it up and choose how many runs make one sample."""
    from compat.bench_backends import BACKENDS, compile_seconds
    from compat.bench_models import model_inputs

    backend = BACKENDS[job["backend"]]
    feeds = model_inputs(job["model"], int(job["batch"]))
    run = backend.make(job["model"], feeds, int(job["threads"]), job.get("place", "cpu"))
    start_t = time.perf_counter()
    times: list[float] = []
    while len(times) < WARMUP_RUNS or \
            time.perf_counter() - start_t < float(job["warmup_seconds"]):
        t0 = time.perf_counter()
        run()
        times.append(time.perf_counter() - t0)
    first = times[0]
    loops = loops_for(times, float(job["sample_seconds"]))
    # the first run plans (and compiles kernels): reported apart from the timed runs
    FIRST_RUN.update(first_run_ms=first * 1e3, compile_seconds=compile_seconds())
    return run, loops


def main(argv: list[str]) -> int:
    global _PROTOCOL
    _PROTOCOL = os.fdopen(os.dup(1), "w")
    sys.stdout.flush()
    os.dup2(2, 1)
    job = json.loads(argv[0])
    from compat.bench_backends import BackendUnavailableError

    try:
        run, loops = start(job)
    except (BackendUnavailableError, ImportError) as exc:
        _reply({"status": "unavailable", "reason": str(exc) or type(exc).__name__})
        return 0
    _reply({"status": "ready", "loops": loops, "warmup_runs_min": WARMUP_RUNS, **FIRST_RUN,
            "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss})
    for line in sys.stdin:
        command = line.strip()
        if command == "sample":
            _reply(sample(run, loops))
        elif command == "quit":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
