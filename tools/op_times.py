"""Per-op-type wall time of one model on one path (a profiling aid, not part of the tests).

    .venv/bin/python tools/op_times.py tests/fixtures/models/resnet18/model --batch 1 \
        --path phi --runs 5

Times every op through the executor's op runner (dispatch included), sums them per op
type over `--runs` runs after one warm-up run, and prints ms per run, with the machine's
load average before and after.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

from compat.dual_dispatch import DualDispatchRunner
from compat.predictor import check_feeds, load_model
from legacy_fluid.framework.executor import Executor
from phi.common import CPUPlace


def load_feeds(model_path: str, batch: int) -> dict[str, np.ndarray]:
    with np.load(Path(model_path).parent / f"inputs_b{batch}.npz") as npz:
        return {k: npz[k] for k in npz.files}


def op_times(model_path: str, batch: int, path: str, runs: int,
             clock=time.perf_counter) -> tuple[dict, float]:
    model = load_model(model_path)
    feeds = check_feeds(model, load_feeds(model_path, batch))
    runner = DualDispatchRunner(path)
    totals: dict[str, float] = defaultdict(float)

    def timed(op, scope, place):
        start = clock()
        rec = runner(op, scope, place)
        totals[op.type] += clock() - start
        return rec

    ex = Executor(CPUPlace(), timed)
    ex.run(model.program, model.scope, feeds)
    totals.clear()
    start = clock()
    for _ in range(runs):
        ex.run(model.program, model.scope, feeds)
    wall = (clock() - start) / runs
    return {k: v / runs for k, v in totals.items()}, wall


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("model")
    ap.add_argument("--batch", type=int, default=1)
    ap.add_argument("--path", default="phi")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--json", action="store_true", help="one JSON line: wall and per-op ms")
    ap.add_argument("--cpu", action="store_true",
                    help="process CPU time instead of wall time (steadier on a loaded "
                         "machine; equal to wall time for one thread)")
    args = ap.parse_args()
    load0 = Path("/proc/loadavg").read_text().split()[0]
    clock = time.process_time if args.cpu else time.perf_counter
    per_op, wall = op_times(args.model, args.batch, args.path, args.runs, clock)
    load1 = Path("/proc/loadavg").read_text().split()[0]
    if args.json:
        print(json.dumps({"wall_ms": wall * 1e3, "loadavg": [load0, load1],
                          "ops_ms": {k: v * 1e3 for k, v in per_op.items()}}))
        return
    print(f"{args.model} b{args.batch} {args.path}: {wall * 1e3:.1f} ms/run "
          f"({'cpu' if args.cpu else 'wall'} time) "
          f"(loadavg {load0} -> {load1})")
    for name, sec in sorted(per_op.items(), key=lambda kv: -kv[1]):
        print(f"  {name:28s} {sec * 1e3:8.2f} ms")


if __name__ == "__main__":
    main()
