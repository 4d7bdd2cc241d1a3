"""`fluidphi bench` figures from raw samples, and the reports/bench.md / .json it writes.

Every figure is computed here from the samples the workers returned: medians and
p10-p90 of the per-run times (samples taken under foreign load are left out when
clean ones exist), ratios as ratios of medians, dispatch cost per op on the chain.
Tables are at most 80 columns wide (models by their short names).
"""

from __future__ import annotations

import statistics
import textwrap
from typing import Any

from compat import bench_targets

#: (numerator, denominator) pairs reported per case as "a/b" = median a / median b.
RATIOS: list[tuple[str, str]] = [
    ("paddle", "planned"),   # > 1: fluidphi planned is faster than Paddle without oneDNN
    ("paddle", "phi"),
    ("legacy", "planned"),   # what planning saves over per-run dispatch
    ("planned", "kernels"),  # planned run over its kernels alone
    ("planned", "gemm"),     # planned run over the conv GEMMs alone (the NumPy floor)
    ("planned", "onednn"),   # gap to compiled, vectorised kernels
    ("planned", "ort"),
]
#: short backend names for the ratio table's headers
SHORT = {"planned": "pl", "paddle": "pd", "legacy": "lg", "kernels": "kn", "onednn": "dnn"}
#: columns of the two wide median tables
FLUIDPHI_COLUMNS = ["planned", "phi", "legacy", "kernels", "gemm"]
FOREIGN_COLUMNS = ["paddle", "onednn", "ort"]


def spread(values: list[float]) -> tuple[float, float, float]:
    """(p10, median, p90) of `values` (inclusive quantiles, so p10 <= median <= p90)."""
    if len(values) == 1:
        return values[0], values[0], values[0]
    deciles = statistics.quantiles(values, n=10, method="inclusive")
    return deciles[0], statistics.median(values), deciles[8]


def summarize_backend(samples: list[dict[str, Any]], ops: int) -> dict[str, Any]:
    """Figures for one backend of one case; clean samples only when there are any."""
    clean = [s for s in samples if not s["loaded"]]
    used = clean or samples
    p10, median, p90 = spread([s["seconds"] for s in used])
    return {
        "status": "ok",
        "median_ms": median * 1e3,
        "p10_ms": p10 * 1e3,
        "p90_ms": p90 * 1e3,
        # CPU time of the worker per run: what a run costs whatever the machine's load
        # (all threads counted, so above the wall time when several work at once)
        "cpu_ms": statistics.median(s["cpu"] * s["seconds"] / s["wall"] for s in used) * 1e3,
        "us_per_op": median * 1e6 / max(ops, 1),
        "samples": len(used),
        "loaded_samples": len(samples) - len(clean),
        "all_samples_loaded": not clean,
        "peak_rss_mb": max(s["maxrss_kb"] for s in samples) / 1024,
        "minflt_per_run": statistics.median(s["minflt"] for s in used),
        "majflt_per_run": statistics.median(s["majflt"] for s in used),
        "foreign_cores_median": statistics.median(s["foreign_cores"] for s in samples),
    }


def ratios(backends: dict[str, dict[str, Any]]) -> dict[str, float]:
    """"a/b": ratio of median wall times; "a/b cpu": of median CPU times per run."""
    out = {}
    for key, suffix in (("median_ms", ""), ("cpu_ms", " cpu")):
        for a, b in RATIOS:
            ra, rb = backends.get(a, {}), backends.get(b, {})
            if ra.get("status") == "ok" and rb.get("status") == "ok" and rb[key] > 0:
                out[f"{a}/{b}{suffix}"] = ra[key] / rb[key]
    return out


def finish(case: dict[str, Any]) -> dict[str, Any]:
    """Fill a case's per-backend figures and ratios from its raw samples (in place)."""
    for name, samples in case["samples"].items():
        entry = case["backends"][name]
        entry.update(summarize_backend(samples, case["ops"]))
    case["ratios"] = ratios(case["backends"])
    return case


# -- markdown ----------------------------------------------------------------------------


def num(value: float) -> str:
    """A time in 3 significant digits (whole numbers from 1000 on)."""
    return f"{value:.3g}" if value < 10 else f"{value:.0f}" if value >= 100 else f"{value:.1f}"


def _count(value: float) -> str:
    return f"{value / 1000:.0f}k" if value >= 10000 else f"{value:.0f}"


def cell(entry: dict[str, Any] | None, key: str = "median_ms") -> str:
    """A figure of one backend; `*` when only loaded samples were left to compute it."""
    if entry is None:
        return "-"
    if entry["status"] != "ok":
        return {"not installed": "n/i", "failed": "fail", "timed out": "t/o"
                }.get(entry["status"], "-")
    return num(entry[key]) + ("*" if entry["all_samples_loaded"] else "")


def _table(header: list[str], rows: list[list[str]], numeric_from: int = 2) -> list[str]:
    align = ["---" if i < numeric_from else "---:" for i in range(len(header))]
    return ["| " + " | ".join(r) + " |" for r in [header, align, *rows]]


def _prose(text: str) -> str:
    return textwrap.fill(text, width=80, break_on_hyphens=False, break_long_words=False)


def _place_lines(meta: dict[str, Any]) -> list[str]:
    """A device run (`--place`) says so; CPU runs (and reports from before) say nothing."""
    place = meta.get("place", "cpu:0")
    if place.startswith("cpu"):
        return []
    return [f"Timed on a device (fluidphi's backends only; place {place}).", ""]


def _cpu_lines(meta: dict[str, Any]) -> list[str]:
    cpu = meta.get("cpu")
    if not cpu:
        return []
    simd = ", ".join(cpu["simd"]) or "none named"
    return [_prose(f"CPU: {cpu['model']}; SIMD: {simd}."), ""]


def _cold_section(cold: list[dict[str, Any]]) -> list[str]:
    if not cold:
        return []
    lines = ["", "## Cold start: load, run once, exit", "",
             _prose("Each backend started as a fresh process and timed from spawn to exit "
                    "(compat/bench_cold.py): fluidphi is the `fluidphi run MODEL --input "
                    "X.npy` command, Paddle Inference and ONNX Runtime the smallest scripts "
                    "doing the same (ONNX Runtime's model converted beforehand), each started "
                    "once untimed first so that all run with their bytecode compiled, as "
                    "installed packages do. Median "
                    "wall seconds of the runs, the fastest run, and the median CPU seconds "
                    "of the process."), ""]
    rows = []
    for case in cold:
        for name, e in case["backends"].items():
            if e.get("status") != "ok":
                rows.append([case["model"], name, e.get("status", "?"), "-", "-"])
                continue
            rows.append([case["model"], name, f"{e['median_s']:.3f}", f"{e['min_s']:.3f}",
                         f"{e['cpu_s']:.3f}"])
    return lines + _table(["model", "backend", "median s", "min s", "cpu s"], rows)


def markdown(doc: dict[str, Any]) -> str:
    meta, cases = doc["meta"], doc["cases"]
    timed = [c for c in cases if c["model"] != "chain"]
    lines = [
        "# Benchmark: fluidphi vs Paddle Inference vs ONNX Runtime",
        "",
        _prose(f"Generated by `{meta['command']}`; {meta['machine']}, Python {meta['python']}, "
        f"NumPy {meta['numpy']}, {meta['threads']} thread(s) per backend "
        f"(OMP/OpenBLAS/MKL variables, Paddle's math threads, ORT intra-op). Every backend "
        f"runs in a fresh worker process; after a warm-up of {meta['warmup_seconds']} s "
        "(two runs at least; excluded) each takes "
        f"{meta['repeat']} samples, one per round, rounds interleaved across backends. A "
        "sample is the mean of enough runs to last "
        f"{meta['sample_seconds'] * 1000:.0f} ms (one run at least). The machine's other "
        "CPU load is measured during every sample (busy CPU time from /proc/stat minus the "
        "worker's and the orchestrator's own, less a clock tick per CPU at each end for "
        "the counters' granularity); a sample under more than "
        f"{meta['max_foreign_cores']} foreign cores is marked and retaken (up to "
        f"{meta['retries']} times); figures use the clean samples, and `*` marks figures "
        "that only had loaded ones. Load average before / after: "
        f"{meta['loadavg_before']} / {meta['loadavg_after']}."),
        "",
        *_place_lines(meta),
        *_cpu_lines(meta),
        _prose("Backends: " + "; ".join(f"`{k}` = {v}" for k, v in doc["backends"].items())
               + ". n/i = not installed, t/o = timed out, - = does not apply."),
        "",
        "## Median ms per run: fluidphi",
        "",
    ]
    lines += _table(["model", "b", *FLUIDPHI_COLUMNS],
                    [[c["model"], str(c["batch"]),
                      *(cell(c["backends"].get(k)) for k in FLUIDPHI_COLUMNS)]
                     for c in timed])
    lines += ["", "## Median ms per run: Paddle Inference and ONNX Runtime", ""]
    lines += _table(["model", "b", *FOREIGN_COLUMNS],
                    [[c["model"], str(c["batch"]),
                      *(cell(c["backends"].get(k)) for k in FOREIGN_COLUMNS)]
                     for c in timed])
    names = [f"{a}/{b}" for a, b in RATIOS]
    header = ["model", "b", *("/".join(SHORT.get(x, x) for x in n.split("/")) for n in names)]
    lines += ["", "## Ratios of medians", "",
              _prose("a/b = median a / median b, with " + ", ".join(
                  f"{v} = {k}" for k, v in SHORT.items()) + ". pd/pl > 1: planned is faster "
                  "than Paddle without oneDNN; pl/gemm: a conv net's time over its conv "
                  "GEMMs alone. First of wall time, then of CPU time per run (the figure "
                  "that other processes on the machine disturb least; with one thread per "
                  "backend it is the time of an idle core)."), ""]
    for suffix, title in (("", "Wall time"), (" cpu", "CPU time")):
        lines += [f"{title}:", ""]
        lines += _table(header, [[c["model"], str(c["batch"]),
                                  *(f"{c['ratios'][n + suffix]:.2f}"
                                    if n + suffix in c["ratios"] else "-" for n in names)]
                                 for c in timed])
        lines.append("")
    lines += _library_section(timed)
    lines += _dispatch_section(cases)
    lines += _cold_section(doc.get("cold", []))
    lines += _targets_section(doc.get("targets", []))
    lines += ["", "## Spread, memory and load per backend", "",
              _prose("ms: median wall time per run, p10-p90 of the samples used; cpu: the "
                     "worker's CPU time per run (median; all its threads); RSS: peak RSS of "
                     "the worker process, MB; flt: minor page faults per run (median); load: "
                     "foreign load in cores (median over all samples); n/x: samples used / "
                     "samples taken under foreign load."), ""]
    rows = []
    for c in cases:
        for name, e in c["backends"].items():
            if e["status"] != "ok":
                continue
            rows.append([c["model"], str(c["batch"]), name, cell(e),
                         f"{num(e['p10_ms'])}-{num(e['p90_ms'])}", num(e["cpu_ms"]),
                         f"{e['peak_rss_mb']:.0f}", _count(e["minflt_per_run"]),
                         f"{e['foreign_cores_median']:.1f}",
                         f"{e['samples']}/{e['loaded_samples']}"])
    lines += _table(["model", "b", "backend", "ms", "p10-p90", "cpu", "RSS", "flt", "load",
                     "n/x"], rows, numeric_from=3)
    return "\n".join(lines) + "\n"


def _library_section(cases: list[dict[str, Any]]) -> list[str]:
    """The compiled kernel library against the plain one, with its compile time apart."""
    rows = []
    for c in cases:
        jit, plain = c["backends"].get("numba"), c["backends"].get("planned")
        if jit is None or jit["status"] != "ok":
            continue
        others = [plain, c["backends"].get("paddle"), c["backends"].get("ort")]
        ratio = [f"{o['median_ms'] / jit['median_ms']:.2f}"
                 if o is not None and o["status"] == "ok" else "-" for o in others]
        rows.append([c["model"], str(c["batch"]), cell(jit), cell(plain), *ratio,
                     num(jit.get("first_run_ms", 0.0)),
                     f"{jit.get('compile_seconds', 0.0):.1f}"])
    if not rows:
        return []
    return ["## Compiled kernel library (numba)", "",
            _prose("numba = the planned run on the compiled kernels (plain where they have "
                   "none); pl, pd, ort over numba: > 1 means numba is faster. first: the "
                   "first run (planning, and compiling or loading the kernels) in ms; "
                   "compile: seconds spent compiling in it (0 when the disk cache held the "
                   "kernels). Neither is in the timed runs."), "",
            *_table(["model", "b", "numba", "planned", "pl/nb", "pd/nb", "ort/nb", "first",
                     "compile"], rows), ""]


def _dispatch_section(cases: list[dict[str, Any]]) -> list[str]:
    chain = next((c for c in cases if c["model"] == "chain"), None)
    if chain is None:
        return []
    kernels = chain["backends"].get("kernels", {})
    lines = ["", "## Dispatch: a chain of scale/relu ops on a [1, 4] tensor", "",
             _prose(f"{chain['ops']} ops; median wall time per run / ops (cpu: CPU time "
                    "per run / ops). `kernels` = fluidphi's PHI kernels called directly on "
                    "prebuilt arguments; `numpy` = the same math as direct NumPy calls."), ""]
    rows = []
    for name, e in chain["backends"].items():
        if e["status"] != "ok":
            rows.append([name, cell(e), "-", "-", "-"])
            continue
        over = (f"{e['us_per_op'] - kernels['us_per_op']:.2f}"
                if kernels.get("status") == "ok" else "-")
        numpy = chain["backends"].get("numpy", {})
        times = (f"{e['us_per_op'] / numpy['us_per_op']:.1f}"
                 if numpy.get("status") == "ok" else "-")
        cpu = e["cpu_ms"] * 1e3 / max(chain["ops"], 1)
        rows.append([name, f"{e['us_per_op']:.2f}", over, times, f"{cpu:.2f}"])
    return lines + _table(["backend", "us/op", "us/op over kernels", "x numpy", "cpu us/op"],
                          rows, numeric_from=1)


def _targets_section(verdicts: list[dict[str, Any]]) -> list[str]:
    if not verdicts:
        return []
    missed = sum(not v["met"] for v in verdicts)
    lines = ["", "## Targets", "",
             _prose(f"{len(verdicts) - missed} of {len(verdicts)} met. Each row: a target "
                    "of compat/bench_targets.py, the figure this run measured and its bound; "
                    "a miss says by how far (the factor between figure and bound, or the "
                    "microseconds over it), and '(on N clean samples)' when fewer than "
                    f"{bench_targets.MIN_CLEAN_SAMPLES} samples of a backend it reads were "
                    "free of foreign load. The targets: " + "; ".join(
                        f"{t.name} = {t.text}" for t in (*bench_targets.TARGETS,
                                                          *bench_targets.COLD_TARGETS)) + "."),
             ""]
    rows = [[v["target"], f"{v['model']} b{v['batch']}", f"{v['value']:.2f}", v["bound"],
             bench_targets.describe(v)] for v in verdicts]
    return lines + _table(["target", "case", "figure", "bound", "verdict"], rows,
                          numeric_from=2)


def main(argv: list[str]) -> int:
    """python -m compat.bench_report BENCH_JSON [OUT_DIR]: recompute every figure of a run
    from its raw samples and rewrite bench.json and bench.md (in OUT_DIR, default the
    JSON's folder)."""
    import json
    from pathlib import Path

    from legacy_fluid.io.atomic_write import atomic_write_text

    src = Path(argv[0])
    out = Path(argv[1]) if len(argv) > 1 else src.parent
    doc = json.loads(src.read_text())
    for case in doc["cases"]:
        finish(case)
    doc["targets"] = bench_targets.evaluate(doc["cases"])
    atomic_write_text(out / "bench.json", json.dumps(doc, indent=1) + "\n")
    atomic_write_text(out / "bench.md", markdown(doc))
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
