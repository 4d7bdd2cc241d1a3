"""The performance targets `fluidphi bench` checks its own figures against (issue 26).

Each target is one row of `TARGETS`: which cases it applies to, the figure it reads (a
ratio of medians, a dispatch cost, a peak RSS) and its bound. `evaluate` turns a bench
document into one verdict per (target, case): the figure, the bound, met or not and, when
missed, by how much (the figure over the bound, as a factor). A case whose figure the run
did not produce (a backend not installed, a model not benched) gets no verdict: the report
lists only what it measured. A verdict whose figure rests on fewer than
`MIN_CLEAN_SAMPLES` samples taken without foreign load says so: on a shared machine one
undisturbed sample of a 40 us model can flip a ratio.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

CONV_NETS = frozenset({"resnet18", "mobilenet_v2", "resnet50"})
SMALL_MODELS = frozenset({"mlp", "lenet", "transformer"})
CHAIN = "chain"
#: Below this many samples free of foreign load, a verdict is marked as resting on few.
MIN_CLEAN_SAMPLES = 3


class Bound(Enum):
    AT_MOST = "<="
    AT_LEAST = ">="


@dataclass(frozen=True)
class Figure:
    """What a target reads from a case, and the backends whose samples it rests on."""

    read: Callable[[dict[str, Any]], float | None]
    backends: tuple[str, ...]


@dataclass(frozen=True)
class Target:
    name: str  # short, for the report's table
    text: str  # what it means, for the prose above it
    applies: Callable[[dict[str, Any]], bool]
    figure: Figure
    bound: Bound
    limit: float
    unit: str = "x"


def _ok(case: dict[str, Any], backend: str) -> dict[str, Any] | None:
    entry = case["backends"].get(backend)
    return entry if entry is not None and entry.get("status") == "ok" else None


def _ratio(a: str, b: str) -> Figure:
    """Median wall time of backend `a` over backend `b`'s (from the figures, so a target
    may read a ratio the report's ratio tables do not list)."""
    def figure(case: dict[str, Any]) -> float | None:
        ra, rb = _ok(case, a), _ok(case, b)
        return None if ra is None or rb is None or rb["median_ms"] <= 0 else \
            ra["median_ms"] / rb["median_ms"]
    return Figure(figure, (a, b))


def _dispatch_over_numpy(case: dict[str, Any]) -> float | None:
    """The planned path's cost per op over the same math as direct NumPy calls (us)."""
    planned, numpy = _ok(case, "planned"), _ok(case, "numpy")
    return None if planned is None or numpy is None else \
        planned["us_per_op"] - numpy["us_per_op"]


def _rss_over(other: str) -> Figure:
    def figure(case: dict[str, Any]) -> float | None:
        planned, foreign = _ok(case, "planned"), _ok(case, other)
        return None if planned is None or foreign is None else \
            planned["peak_rss_mb"] / foreign["peak_rss_mb"]
    return Figure(figure, ("planned", other))


def _named(names: frozenset[str]) -> Callable[[dict[str, Any]], bool]:
    return lambda case: case["model"] in names


def _model(case: dict[str, Any]) -> bool:
    return case["model"] != CHAIN


def _cold_ratio(case: dict[str, Any]) -> float | None:
    """fluidphi's cold start over ONNX Runtime's (a cold-start case: `compat.bench_cold`)."""
    ours, ort = _ok(case, "planned"), _ok(case, "ort")
    return None if ours is None or ort is None or ort["median_s"] <= 0 else \
        ours["median_s"] / ort["median_s"]


DISPATCH = Figure(_dispatch_over_numpy, ("planned", "numpy"))

TARGETS: tuple[Target, ...] = (
    Target("dispatch", "planned dispatch cost per op over the same math as direct NumPy calls",
           _named({CHAIN}), DISPATCH, Bound.AT_MOST, 1.0, " us"),
    Target("pd/pl conv", "conv nets: Paddle Inference without oneDNN over planned",
           _named(CONV_NETS), _ratio("paddle", "planned"), Bound.AT_LEAST, 2.0),
    Target("pl/ort conv", "conv nets: planned over ONNX Runtime", _named(CONV_NETS),
           _ratio("planned", "ort"), Bound.AT_MOST, 1.5),
    Target("pl/pd small", "small models: planned over Paddle Inference without oneDNN",
           _named(SMALL_MODELS), _ratio("planned", "paddle"), Bound.AT_MOST, 1.0),
    Target("pl/ort small", "small models: planned over ONNX Runtime", _named(SMALL_MODELS),
           _ratio("planned", "ort"), Bound.AT_MOST, 2.5),
    Target("RSS pl/pd", "peak RSS of the planned worker over Paddle Inference's", _model,
           _rss_over("paddle"), Bound.AT_MOST, 1.0),
    Target("RSS pl/ort", "peak RSS of the planned worker over ONNX Runtime's", _model,
           _rss_over("ort"), Bound.AT_MOST, 1.0),
    # the compiled kernel library (`numba` backend, docs/devices.md)
    Target("pd/nb conv", "conv nets: Paddle Inference without oneDNN over the compiled "
           "library", _named(CONV_NETS), _ratio("paddle", "numba"), Bound.AT_LEAST, 2.0),
    Target("nb/ort conv", "conv nets: the compiled library over ONNX Runtime",
           _named(CONV_NETS), _ratio("numba", "ort"), Bound.AT_MOST, 1.5),
)
#: evaluated on the cold-start cases (`compat.bench_cold`), not the timed ones
COLD_TARGETS: tuple[Target, ...] = (
    Target("cold pl/ort", "cold start (`fluidphi run` in a fresh process) over an ONNX "
           "Runtime script doing the same", _named({"mlp"}),
           Figure(_cold_ratio, ()), Bound.AT_MOST, 3.0),
)


def _clean_samples(case: dict[str, Any], backends: tuple[str, ...]) -> int | None:
    """The fewest samples free of foreign load among `backends` (None: not recorded)."""
    counts = []
    for name in backends:
        entry = case["backends"][name]
        if "samples" in entry:
            counts.append(0 if entry.get("all_samples_loaded") else int(entry["samples"]))
    return min(counts) if counts else None


def evaluate(cases: list[dict[str, Any]],
             targets: tuple[Target, ...] = TARGETS) -> list[dict[str, Any]]:
    """One verdict per target and case that has the figure; `missed_by` is the factor by
    which the figure falls short of its bound (1.0 when met), or for an additive bound
    (unit us) the amount over it."""
    verdicts = []
    for target in targets:
        for case in cases:
            if not target.applies(case):
                continue
            value = target.figure.read(case)
            if value is None:
                continue
            met = value <= target.limit if target.bound is Bound.AT_MOST \
                else value >= target.limit
            if target.unit.strip() == "us":
                missed = max(0.0, value - target.limit)
            elif target.bound is Bound.AT_MOST:
                missed = max(1.0, value / target.limit)
            else:
                missed = max(1.0, target.limit / value) if value > 0 else float("inf")
            verdicts.append({"target": target.name, "model": case["model"],
                             "batch": case.get("batch", 1), "value": value,
                             "bound": f"{target.bound.value} {target.limit:g}{target.unit}",
                             "met": met, "missed_by": missed,
                             "unit": target.unit.strip(),
                             "clean_samples": _clean_samples(case, target.figure.backends)})
    return verdicts


def describe(verdict: dict[str, Any]) -> str:
    """'met', or how far the figure is from its bound; either followed by the number of
    clean samples when fewer than MIN_CLEAN_SAMPLES."""
    if verdict["met"]:
        text = "met"
    elif verdict["unit"] == "us":
        text = f"missed by {verdict['missed_by']:.2f} us"
    else:
        text = f"missed by {verdict['missed_by']:.2f}x"
    clean = verdict.get("clean_samples")
    if clean is not None and clean < MIN_CLEAN_SAMPLES:
        text += f" (on {clean} clean sample{'' if clean == 1 else 's'})"
    return text
