"""What `fluidphi run` reports: outputs, cold and warm times, and the ops that did not run
as PHI kernels on the place asked for (as a table, as JSON, and as a one-line warning)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from legacy_fluid.framework.trace import NoteKind, OpTrace

PREVIEW = 6
#: Trace paths that mean "not the PHI kernel of the place asked for".
FALLBACK_PATHS = ("legacy", "legacy-cpu-fallback", "phi-cpu-fallback")
LIBRARY_FALLBACK = NoteKind.LIBRARY_FALLBACK.value
#: How the one-line warning words each kind of fallback.
FALLBACK_TEXT = {
    "legacy": "on a legacy kernel",
    "phi-cpu-fallback": "on CPU as PHI kernels, none for the place (transfers in and out)",
    "legacy-cpu-fallback": "on CPU as legacy kernels, none for the place (transfers in and "
                           "out)",
    LIBRARY_FALLBACK: "on the plain kernel: no kernel of the library use_cudnn / use_mkldnn "
                      "asked for",
}


@dataclass
class RunSummary:
    model: str
    path: str
    place: str
    outputs: dict[str, np.ndarray]
    trace: list[OpTrace]
    cold_seconds: float
    warm_seconds: list[float]
    lods: dict[str, list[list[int]]] = field(default_factory=dict)  # fetches with a LoD

    @property
    def warm_median(self) -> float | None:
        # by hand: np.median imports numpy.ma, a cold start's largest single import
        times = sorted(self.warm_seconds)
        if not times:
            return None
        mid = len(times) // 2
        return times[mid] if len(times) % 2 else (times[mid - 1] + times[mid]) / 2

    def timing_text(self) -> str:
        cold = f"cold {self.cold_seconds * 1000:.1f} ms"
        warm = self.warm_median
        if warm is None:
            return cold
        return f"warm {warm * 1000:.1f} ms (median of {len(self.warm_seconds)}), {cold}"

    def _fallen(self) -> list[tuple[str, OpTrace]]:
        """(what fell back, its record): the trace path of an op that did not run as a PHI
        kernel on the place asked for, and `library-fallback` for an op whose use_cudnn /
        use_mkldnn kernel does not exist (the plain one ran). Ops forced to CPU by
        `cpu_ops` ran where they were asked to: not listed."""
        wanted_legacy = self.path == "legacy"
        out = []
        for rec in self.trace:
            if rec.note_kind is NoteKind.FORCED_CPU:
                continue
            if rec.path in FALLBACK_PATHS and not (wanted_legacy and rec.path == "legacy"):
                out.append((str(rec.path), rec))
            if rec.note_kind is NoteKind.LIBRARY_FALLBACK:
                out.append((LIBRARY_FALLBACK, rec))
        return out

    def fallbacks(self) -> dict[str, list[str]]:
        """What fell back -> op types (see `_fallen`)."""
        out: dict[str, list[str]] = {}
        for what, rec in self._fallen():
            out.setdefault(what, []).append(rec.type)
        return out

    def fallback_warning(self) -> str | None:
        """One line naming every fallback of the run (printed even without --trace)."""
        found = self.fallbacks()
        if not found:
            return None
        total = len({id(rec) for _, rec in self._fallen()})
        parts = []
        for what, types in sorted(found.items()):
            names = ", ".join(f"{t} x{n}" if n > 1 else t for t, n in Counter(types).items())
            parts.append(f"{len(types)} {FALLBACK_TEXT[what]} ({names})")
        return (f"{total} of {len(self.trace)} ops fell back on {self.place}: "
                f"{'; '.join(parts)}. --trace shows every op's choice")

    def as_dict(self) -> dict[str, Any]:
        return {
            "model": self.model,
            "path": self.path,
            "place": self.place,
            "seconds": {"cold": self.cold_seconds, "warm_median": self.warm_median,
                        "warm": list(self.warm_seconds)},
            "outputs": {name: {**array_summary(arr), **({"lod": self.lods[name]}
                                                         if name in self.lods else {})}
                        for name, arr in self.outputs.items()},
            "fallbacks": self.fallbacks(),
            "ops": len(self.trace),
        }


def _json_number(x: Any) -> Any:
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    if isinstance(x, (complex, np.complexfloating)):
        return [_json_number(x.real), _json_number(x.imag)]
    if isinstance(x, (int, np.integer)):
        return int(x)
    f = float(x)
    return f if math.isfinite(f) else str(f)  # 'nan', 'inf', '-inf': JSON has no such numbers


def array_summary(arr: np.ndarray) -> dict[str, Any]:
    flat = arr.reshape(-1)
    out: dict[str, Any] = {"shape": list(arr.shape), "dtype": str(arr.dtype),
                           "head": [_json_number(v) for v in flat[:PREVIEW].tolist()]}
    if flat.size and arr.dtype.kind in "biuf":
        values = flat.astype(np.float64)
        out["min"], out["max"] = _json_number(np.min(values)), _json_number(np.max(values))
    return out


def preview(arr: np.ndarray) -> str:
    flat = arr.reshape(-1)
    text = np.array2string(flat[:PREVIEW], precision=5, separator=", ")
    return text + (" ..." if flat.size > PREVIEW else "")


def rows(outputs: dict[str, np.ndarray], lods: dict[str, list[list[int]]] | None = None
         ) -> Sequence[tuple[str, str, str, str]]:
    """(name, shape, dtype, values) per output; a LoD follows the shape (`lod [[0, 2, 5]]`)."""
    lods = lods or {}
    return [(name, str(list(arr.shape)) + (f" lod {lods[name]}" if name in lods else ""),
             str(arr.dtype), preview(arr)) for name, arr in outputs.items()]
