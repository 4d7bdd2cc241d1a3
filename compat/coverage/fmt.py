"""Short text forms of report entries, shared by the Markdown, HTML and terminal renderers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def _grouped(entries: list[tuple[str, str]]) -> str:
    groups: dict[str, list[str]] = {}
    for head, dtype in entries:
        groups.setdefault(head, []).append(dtype)
    return "; ".join(f"{head}: {', '.join(dts)}" for head, dts in groups.items())


def legacy_kernels(row: Mapping[str, Any]) -> str:
    """``CPU: float32, float64; GPU: float16`` (library/layout named when not the default)."""
    entries = []
    for k in row["legacy_kernels"]:
        head = k["place"]
        if k["library"] != "PLAIN":
            head += f"/{k['library']}"
        if k["layout"] != "ANY_LAYOUT":
            head += f"/{k['layout']}"
        entries.append((head, k["dtype"]))
    return _grouped(entries) or "none"


def phi_kernels(row: Mapping[str, Any]) -> str:
    entries = []
    for k in row["phi_kernels"]:
        head = k["backend"] if k["layout"] == "ALL_LAYOUT" else f"{k['backend']}/{k['layout']}"
        if k["name"] != row["phi_kernel"]:
            head = f"{k['name']} {head}"
        entries.append((head, k["dtype"]))
    text = _grouped(entries)
    if not text:
        return "none"
    name = row["phi_kernel"]
    return text if name == row["op_type"] else f"{name} — {text}"


def parity(p: Mapping[str, Any]) -> str:
    if p["status"] == "not run":
        return "not run"
    n = len(p["dtypes"])
    bad = [dt for dt, st in p["dtypes"].items() if st != "identical"]
    text = f"{p['status']} ({n} dtype{'s' if n != 1 else ''}"
    if bad and len(bad) < n:
        text += f"; not identical: {', '.join(bad)}"
    return text + f"; {p['timestamp']})"


def codemod(c: Mapping[str, Any]) -> str:
    return f"{c['status']}: {c['reason']}" if c.get("reason") else c["status"]


def arg_mapping(m: Mapping[str, Any]) -> str:
    return m["kind"]


def path(place: Mapping[str, Any]) -> str:
    if place["path"] != "mixed":
        detail = place["details"][0] if place["details"] else ""
        if place["path"] == "cpu-fallback" and detail:
            return f"cpu-fallback ({detail.removesuffix('-cpu-fallback')})"
        if place["path"] == "missing" and detail and detail != "no operator":
            return f"missing ({detail})"
        return place["path"]
    return "mixed (" + ", ".join(f"{k} {v}" for k, v in place["paths"].items()) + ")"


def transforms(place: Mapping[str, Any]) -> str:
    items = place["transforms"].items()
    return "; ".join(f"{t} x{n}" for t, n in items) if items else "—"


def kernels(place: Mapping[str, Any]) -> str:
    return ", ".join(place["kernels"]) or "—"


def run(r: Mapping[str, Any]) -> str:
    """A model run's status, with the device it ran on when that was not the real one."""
    return r["status"] if r["mode"] == "real" else f"{r['status']} ({r['mode']} device)"


def parity_source(run: Mapping[str, Any] | None, label: str) -> str:
    if not run:
        return f"{label}: not run"
    return f"{label}: {run['timestamp']} on {run['device']}"


def bar(percent: float, width: int = 20) -> str:
    filled = round(percent / 100 * width)
    return "█" * filled + "░" * (width - filled)


def model_labels(models: list[str]) -> dict[str, str]:
    """Short names (``tests/fixtures/models/mlp/model`` -> ``mlp``) unless two would clash."""
    def short(model: str) -> str:
        parts = model.replace("\\", "/").rstrip("/").split("/")
        if len(parts) >= 2 and parts[-1] == "model":
            return parts[-2]
        return parts[-1] or model

    shorts = {m: short(m) for m in models}
    clash = len(set(shorts.values())) != len(shorts)
    return {m: m if clash else s for m, s in shorts.items()}


BACKWARD_HEADER = ["op type", "grad op", "backward.yaml", "legacy grad kernel",
                   "PHI grad kernel", "Paddle grad fixture", "FD case", "grad stage", "verified"]


def backward_cells(row: Mapping[str, Any]) -> list[str]:
    """One forward op type's grad as table cells (BACKWARD_HEADER's columns)."""
    b = row["backward"]
    yes = {True: "yes", False: "no"}
    return [row["op_type"], b["grad_op"], b["backward_op"] or "—", yes[b["legacy_kernel"]],
            b["phi_kernel"] or "no", yes[b["paddle_fixture"]], yes[b["fd_case"]],
            b["grad_stage"] or "—", yes[b["verified"]]]


def backward_line(summary: Mapping[str, Any]) -> str:
    """The backward dimension in one sentence."""
    b = summary["backward"]
    g = b["grad_op_types"]
    return (f"Backward: {b['verified']} / {b['forward_ops']} forward op types with a grad have "
            f"it verified ({b['percent']}%): legacy grad kernel {b['legacy_kernel']}, PHI grad "
            f"kernel {b['phi_kernel']}, both {b['both_forms']}, Paddle grad fixture "
            f"{b['paddle_fixture']}, finite-difference case {b['fd_case']}. Grad op types "
            f"migrated (counted in the progress above): {g['migrated']} / {g['total']} "
            f"({g['percent']}%).")
