"""Per-step dispatch cost of planned runs, interpreted vs compiled (a profiling aid, not
part of the tests).

    .venv/bin/python tools/plan_overhead.py chain mlp lenet transformer --profile chain

For each model (a fixture name under tests/fixtures/models, run on inputs_b1, or `chain`,
the bench's scale/relu chain) it takes the best of 7 loops of CPU time (process_time) of
`run_model` through a plan stepped through one by one (`interp`) and through its generated
code (`compiled`), of the plan's bound kernels called alone in a loop (`kernels`: the
floor dispatch cannot go under), and for the chain of its math as direct NumPy calls; all
per plan step. `--profile NAME` prints cProfile's top functions over 2,000 compiled runs.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compat.bench_models import chain_steps, write_chain  # noqa: E402
from compat.plan import KernelStep, PlannedExecutor  # noqa: E402
from compat.predictor import load_model, run_model  # noqa: E402
from legacy_fluid.framework.block_runner import running  # noqa: E402
from phi.common import Place  # noqa: E402


def best(fn: Callable[[], Any], loops: int, rounds: int = 7) -> float:
    """Least CPU seconds per call over `rounds` rounds of `loops` calls."""
    out = []
    for _ in range(rounds):
        start = time.process_time()
        for _ in range(loops):
            fn()
        out.append((time.process_time() - start) / loops)
    return min(out)


def load(name: str, workdir: Path) -> tuple[Any, dict[str, np.ndarray], Callable[[], Any] | None]:
    """The model, its feeds, and for the chain its direct-NumPy twin."""
    if name == "chain":
        prefix = write_chain(workdir)
        model = load_model(prefix)
        (feed,) = model.feed_names
        shape = [1 if d < 0 else d for d in model.feed_var(feed).shape]
        x = np.random.default_rng(0).standard_normal(shape).astype(np.float32)
        steps = chain_steps(prefix)

        def numpy_run() -> Any:
            y = x
            for kind, scale, bias in steps:
                y = y * scale + bias if kind == "scale" else np.maximum(y, np.float32(0))
            return y

        return model, {feed: x}, numpy_run
    folder = ROOT / "tests" / "fixtures" / "models" / name
    with np.load(folder / "inputs_b1.npz") as npz:
        feeds = {k: npz[k] for k in npz.files}
    return load_model(str(folder / "model")), feeds, None


def measure(name: str, workdir: Path) -> dict[str, float]:
    model, feeds, numpy_run = load(name, workdir)
    times: dict[str, float] = {}
    for label, compiled in (("interp", False), ("compiled", True)):
        ex = PlannedExecutor(Place(), "auto", compiled=compiled)
        for _ in range(2):  # plan, then compile
            run_model(model, feeds, executor=ex)
        once = best(lambda: run_model(model, feeds, executor=ex), 3, 1)  # noqa: B023
        loops = max(20, int(0.05 / max(once, 1e-6)))
        times[label] = best(lambda: run_model(model, feeds, executor=ex), loops)  # noqa: B023
    plan = ex.last_plan
    assert plan is not None
    computes = [s.bound.compute for s in plan.steps if isinstance(s, KernelStep)]

    def kernels() -> None:
        for compute in computes:
            compute()

    with running(plan.blocks):
        times["kernels"] = best(kernels, loops)
    if numpy_run is not None:
        times["numpy"] = best(numpy_run, loops)
    return {k: v * 1e6 / len(plan.steps) for k, v in times.items()} | {"steps": len(plan.steps)}


def profile(name: str, workdir: Path) -> None:
    model, feeds, _ = load(name, workdir)
    ex = PlannedExecutor(Place(), "auto", compiled=True)
    for _ in range(2):
        run_model(model, feeds, executor=ex)
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(2000):
        run_model(model, feeds, executor=ex)
    prof.disable()
    pstats.Stats(prof).sort_stats("tottime").print_stats(20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("models", nargs="+", help="fixture model names, or chain")
    parser.add_argument("--profile", metavar="NAME", help="cProfile this model's compiled runs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        print(f"{'model':12} {'steps':>5}  us per step: interp  compiled  kernels  numpy")
        for name in args.models:
            t = measure(name, Path(tmp) / name)
            numpy_text = f"{t['numpy']:7.3f}" if "numpy" in t else "      -"
            print(f"{name:12} {int(t['steps']):5d}  {t['interp']:18.3f}  {t['compiled']:8.3f} "
                  f"{t['kernels']:8.3f} {numpy_text}")
        if args.profile:
            profile(args.profile, Path(tmp) / "profile")


if __name__ == "__main__":
    main()
