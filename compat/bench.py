"""`fluidphi bench`: legacy vs PHI vs auto paths, timed side by side in one run.

Writes reports/bench.md and reports/bench.json. Ratios are what to read:
absolute times depend on the machine; every number here comes from rerunning
`fluidphi bench`.
"""

from __future__ import annotations

import gc
import json
import math
import os
import platform
import statistics
import time
from pathlib import Path
from typing import Any

import numpy as np
from rich import box
from rich.console import Console
from rich.table import Table

from compat.checker import preflight
from compat.dual_dispatch import DualDispatchRunner
from compat.memory_guard import resolve_limit
from compat.predictor import LoadedModel, check_feeds, load_model
from legacy_fluid.framework.executor import Executor
from legacy_fluid.io.atomic_write import atomic_write_text
from phi.backends.context_pool import DeviceContextPool
from phi.common import CPUPlace, Place

FIXTURES = Path("tests/fixtures/models")
PATHS = ("legacy", "phi", "auto")


def default_models() -> list[str]:
    return (
        [str(p / "model") for p in sorted(FIXTURES.iterdir()) if (p / "model.pdmodel").is_file()]
        if FIXTURES.is_dir()
        else []
    )


def _inputs_for(model_path: str, model: LoadedModel) -> dict[str, np.ndarray]:
    stored = Path(model_path).parent / "inputs_b4.npz"
    if stored.is_file():
        with np.load(stored, allow_pickle=False) as npz:
            return {k: npz[k] for k in npz.files}
    rng = np.random.default_rng(0)
    feeds = {}
    for name in model.feed_names:
        var = model.feed_var(name)
        shape = [4 if d < 0 else d for d in var.shape]
        dtype = var.dtype.to_numpy() if var.dtype is not None else np.float32
        feeds[name] = (
            np.zeros(shape, dtype)
            if np.issubdtype(dtype, np.integer)
            else rng.standard_normal(shape).astype(dtype)
        )
    return feeds


#: Each timed sample repeats the run until it lasts about this long, so that short models
#: are not measured at the resolution of the timer or of a single scheduler hiccup.
SAMPLE_SECONDS = 0.05


def _quartiles(values: list[float]) -> tuple[float, float]:
    q = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
    return q[0], q[2]


def time_model(model_path: str, repeat: int, place: Place | None = None) -> dict[str, Any]:
    """Median run times per path on `place` (CPU by default); device work is waited for
    (the context's `synchronize`) before a sample's clock stops."""
    place = place or CPUPlace()
    sync = DeviceContextPool.instance().get(place).synchronize
    model = load_model(model_path)
    feeds = check_feeds(model, _inputs_for(model_path, model))
    preflight(model, feeds, resolve_limit(None))  # what `run` checks before it runs
    executors = {p: Executor(place, DualDispatchRunner(p)) for p in PATHS}
    for ex in executors.values():  # warm-up: choices made, caches filled
        ex.run(model.program, model.scope, feeds)
    sync()
    start = time.perf_counter()
    executors["legacy"].run(model.program, model.scope, feeds)
    sync()
    loops = max(1, math.ceil(SAMPLE_SECONDS / max(time.perf_counter() - start, 1e-6)))
    samples: dict[str, list[float]] = {p: [] for p in PATHS}
    for _ in range(repeat):
        for p in PATHS:  # interleaved so drift hits every path alike
            gc.collect()
            gc.disable()
            try:
                start = time.perf_counter()
                for _ in range(loops):
                    executors[p].run(model.program, model.scope, feeds)
                sync()
                samples[p].append((time.perf_counter() - start) / loops)
            finally:
                gc.enable()
    median = {p: statistics.median(s) for p, s in samples.items()}
    # per-round ratios show how much of a ratio is noise
    phi_ratios = [a / b for a, b in zip(samples["phi"], samples["legacy"])]
    low, high = _quartiles(phi_ratios)
    batch = next(iter(feeds.values())).shape[0] if feeds else 0
    return {
        "model": model_path,
        "batch": int(batch),
        "ops": len(model.program.global_block().ops),
        "runs_per_sample": loops,
        "median_ms": {p: round(v * 1000, 3) for p, v in median.items()},
        "phi_over_legacy": round(median["phi"] / median["legacy"], 3),
        "phi_over_legacy_iqr": [round(low, 3), round(high, 3)],
        "auto_over_legacy": round(median["auto"] / median["legacy"], 3),
    }


def short_names(models: list[str]) -> list[str]:
    """'tests/fixtures/models/lenet/model' -> 'lenet': the folder of a prefix named 'model'
    (or the prefix's own name), unless two models would get the same name."""
    names = []
    for m in models:
        p = Path(m)
        names.append(p.parent.name if p.name in ("model", "__model__", "") and p.parent.name
                     else p.name.removesuffix(".pdmodel"))
    return names if len(set(names)) == len(names) else list(models)


def bench_table(rows: list[dict[str, Any]], models: list[str], repeat: int) -> Table:
    """The terminal table: short model names, fits 80 columns."""
    table = Table(title=f"median ms per run, {repeat} interleaved samples per path",
                  box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    table.add_column("model", no_wrap=True)
    for col in ("batch", "ops", "legacy", "phi", "auto", "phi/leg", "(IQR)", "auto/leg"):
        table.add_column(col, justify="right", no_wrap=True)
    for r, name in zip(rows, short_names(models)):
        ms = r["median_ms"]
        table.add_row(name, str(r["batch"]), str(r["ops"]), f"{ms['legacy']:.2f}",
                      f"{ms['phi']:.2f}", f"{ms['auto']:.2f}", f"{r['phi_over_legacy']:.2f}",
                      "{:.2f}-{:.2f}".format(*r["phi_over_legacy_iqr"]),
                      f"{r['auto_over_legacy']:.2f}")
    return table


def _device_text(place: Place) -> str:
    """The place, with the GPU's name where the context knows it."""
    name = getattr(DeviceContextPool.instance().get(place), "name", None)
    return f"{place.kind}:{place.device_id}" + (f" ({name})" if isinstance(name, str) else "")


def run_bench(models: list[str], repeat: int, out: Path, console: Console,
              err_console: Console | None = None, place: Place | None = None) -> int:
    place = place or CPUPlace()
    models = models or default_models()
    if not models:
        (err_console or Console(stderr=True)).print(
            "[bold red]error:[/] no models to benchmark: give --model (no fixture models "
            f"in ./{FIXTURES.as_posix()})", highlight=False)
        return 2
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    rows = [time_model(m, repeat, place) for m in models]
    meta = {
        "command": f"fluidphi bench --repeat {repeat}"
        + ("" if place.is_cpu else f" --place {place.kind}:{place.device_id}")
        + "".join(f" --model {m}" for m in models if models != default_models()),
        "repeat": repeat,
        "place": _device_text(place),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "machine": f"{platform.machine()}, {os.cpu_count()} cpus",
    }
    where = "" if place.is_cpu else f"; place {meta['place']}"
    console.print(bench_table(rows, models, repeat))
    atomic_write_text(out / "bench.json",
                      json.dumps({"meta": meta, "results": rows}, indent=2) + "\n")
    lines = [
        "# Benchmark: legacy vs PHI dispatch",
        "",
        f"Generated by `{meta['command']}` (Python {meta['python']}, NumPy {meta['numpy']}, "
        f"{meta['machine']}{where}). After one warm-up run per path, {repeat} samples per path, "
        "interleaved; a sample repeats the run until it lasts about "
        f"{SAMPLE_SECONDS * 1000:.0f} ms and gives the mean run time. Times are the medians "
        "of the samples; IQR is the interquartile range of the per-round phi/legacy ratios. "
        "Read the ratios, not the absolute times.",
        "",
        "| model | batch | ops | legacy ms | phi ms | auto ms | phi/legacy | (IQR) | "
        "auto/legacy |",
        "|---|---:|---:|---:|---:|---:|---:|---|---:|",
    ]
    for r in rows:
        ms = r["median_ms"]
        lines.append(
            f"| {r['model']} | {r['batch']} | {r['ops']} | {ms['legacy']:.2f} | "
            f"{ms['phi']:.2f} | {ms['auto']:.2f} | {r['phi_over_legacy']:.2f} | "
            "{:.2f}-{:.2f} | ".format(*r["phi_over_legacy_iqr"])
            + f"{r['auto_over_legacy']:.2f} |"
        )
    atomic_write_text(out / "bench.md", "\n".join(lines) + "\n")
    return 0
