"""The coverage document: one JSON-ready dict that every format renders.

Deterministic by construction: lists are sorted, the only timestamps are
copied from ``parity.json`` / the migration report, and paths are relative
(models exactly as given on the command line).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compat.coverage import sources
from compat.coverage.census_report import census_section
from compat.coverage.codemod import CodemodSource, load_codemod
from compat.coverage.facts import (
    OpFacts,
    collect_facts,
    legacy_key_dict,
    phi_key_dict,
)
from compat.coverage.grads import (
    GradEvidence,
    backward_row,
    backward_summary,
    grad_of,
    load_evidence,
)
from compat.coverage.parity import DEVICES as PARITY_DEVICES
from compat.coverage.parity import load_parity, op_parity

SCHEMA_VERSION = "1.3"
#: The repository's evidence: the source tree, or its copy in an installed package.
REPO_ROOT = sources.evidence_root()
DEFAULT_REPORTS = REPO_ROOT / Path(sources.PARITY).parent
HAND_EDITS = REPO_ROOT / sources.HAND_EDITS

PROGRESS_DEFINITION = ("op types whose every legacy kernel has a PHI twin (the kernel selection "
                       "would pick for its OpKernelType) with identical parity results for its "
                       "dtype on its device, over every op type with a kernel operator or legacy "
                       "kernels; an op type left with PHI kernels only counts as migrated. GPU "
                       "kernels are verified on CUDA, or on the emulated device (the GPU "
                       "kernels on NumPy memory of its own) where no CUDA device was available; "
                       "a device with no parity run at all is not required; parity_devices "
                       "lists the devices required. With no parity run on any device, no op "
                       "type with legacy kernels counts as migrated.")
CPU_PROGRESS_DEFINITION = ("the same, counting only CPU legacy kernels (what a CPU-only parity "
                           "run can verify)")
#: Progress stages of a counted op type, most advanced first.
STAGES = ("migrated", "cpu-verified", "twinned", "not-twinned")


@dataclass
class Inputs:
    """Where the report's non-registry facts come from."""

    parity_path: Path
    codemod: CodemodSource
    grads: GradEvidence = field(default_factory=lambda: load_evidence(REPO_ROOT))


def find_input(name: str, out: Path) -> Path:
    """`out/name` when it exists, else the repository's ``reports/name``."""
    candidate = out / name
    return candidate if candidate.is_file() else DEFAULT_REPORTS / name


def rel(path: Path) -> str:
    try:
        return path.resolve().relative_to(REPO_ROOT).as_posix()
    except ValueError:
        return path.name


def load_inputs(out: Path) -> Inputs:
    migration, parity = Path(sources.MIGRATION).name, Path(sources.PARITY).name
    codemod = load_codemod([out / migration, REPO_ROOT / sources.MIGRATION], HAND_EDITS,
                           REPO_ROOT)
    return Inputs(find_input(parity, out), codemod)


def _percent(num: int, den: int) -> float:
    return round(100.0 * num / den, 1) if den else 0.0


def _legacy_rows(f: OpFacts, parity: Mapping[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for key, cls in f.legacy_kernels:
        row = legacy_key_dict(key, cls)
        twin = f.twin_of(key)
        device = "cpu" if key.place.is_cpu else "gpu"
        row["twin"] = twin is not None
        row["verified"] = (twin is not None
                           and parity[device]["dtypes"].get(row["dtype"]) == "identical")
        rows.append(row)
    return rows


def op_row(f: OpFacts, parity_doc: Mapping[str, Any], codemod: CodemodSource,
           used_by: list[str]) -> dict[str, Any]:
    parity = {d: op_parity(parity_doc, f.op_type, d) for d in PARITY_DEVICES}
    legacy = _legacy_rows(f, parity)
    counted = f.operator == "kernel" or bool(legacy)
    cpu_legacy = [r for r in legacy if r["place"] == "CPU"]
    twinned = counted and (all(r["twin"] for r in legacy) if legacy else bool(f.phi_kernels))
    required = {d.upper() for d in PARITY_DEVICES if parity_doc["runs"].get(d)}
    # with no parity run on any device nothing is verified, so nothing with legacy kernels
    # counts as migrated
    migrated = counted and (bool(required) and all(
        r["twin"] and (r["verified"] or r["place"] not in required) for r in legacy)
        if legacy else bool(f.phi_kernels))
    cpu_verified = counted and (all(r["verified"] for r in cpu_legacy) if cpu_legacy
                                else bool(f.phi_kernels))
    if not counted:
        stage = "not-counted"
    elif migrated:
        stage = "migrated"
    elif cpu_verified:
        stage = "cpu-verified"
    elif twinned:
        stage = "twinned"
    else:
        stage = "not-twinned"
    return {
        "op_type": f.op_type,
        "family": f.family,
        "operator": f.operator,
        "forms": f.forms,
        "phi_kernel": f.phi_name if f.phi_kernels else None,
        "phi_variants": list(f.phi_variants),
        "legacy_kernels": legacy,
        "phi_kernels": [phi_key_dict(k, kern) for k, kern in f.phi_kernels],
        "arg_mapping": {"kind": f.mapping_kind, "function": f.mapping_function,
                        "signature": f.signature},
        "infer_meta": f.infer_meta,
        "ops_yaml": f.ops_yaml,
        "codemod": codemod.status_of(f.op_type, f.phi_name).as_dict(),
        "parity": parity,
        "counted": counted,
        "twinned": twinned,
        "migrated": migrated,
        "cpu_verified": cpu_verified,
        "stage": stage,
        "used_by": used_by,
    }


def _matrix(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """PHI kernel names per backend x dtype (a name counts once per cell whatever its layouts)."""
    cells: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for row in rows:
        for k in row["phi_kernels"]:
            cells[k["backend"]].add((k["dtype"], k["name"]))
    backends = sorted(cells)
    dtypes = sorted({dt for cell in cells.values() for dt, _ in cell})
    grid = {b: {dt: len({n for d, n in cells[b] if d == dt}) for dt in dtypes} for b in backends}
    return {
        "backends": backends,
        "dtypes": dtypes,
        "cells": grid,
        "backend_totals": {b: len({n for _, n in cells[b]}) for b in backends},
        "dtype_totals": {dt: sum(grid[b][dt] for b in backends) for dt in dtypes},
        "kernel_keys": sum(len(row["phi_kernels"]) for row in rows),
    }


def _summary(rows: list[dict[str, Any]], parity_doc: Mapping[str, Any]) -> dict[str, Any]:
    counted = [r for r in rows if r["counted"]]
    migrated = sum(r["migrated"] for r in counted)
    twinned = sum(r["twinned"] for r in counted)
    cpu_verified = sum(r["cpu_verified"] for r in counted)
    fam: dict[str, Counter[str]] = defaultdict(Counter)
    for r in counted:
        fam[r["family"]][r["stage"]] += 1
    backend: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for r in rows:
        for k in r["legacy_kernels"]:
            b = backend[k["place"]]
            b[0] += 1
            b[1] += k["twin"]
            b[2] += k["verified"]
    parity_counts = {d: dict(sorted(Counter(r["parity"][d]["status"] for r in rows
                                            if r["forms"] == "both").items()))
                     for d in ("cpu", "gpu")}
    return {
        "op_types": len(rows),
        "legacy_operators": sum(r["operator"] != "none" for r in rows),
        "legacy_kernels": sum(len(r["legacy_kernels"]) for r in rows),
        "phi_kernel_names": len({r["phi_kernel"] for r in rows if r["phi_kernel"]}),
        "phi_kernels": sum(len(r["phi_kernels"]) for r in rows),
        "forms": dict(sorted(Counter(r["forms"] for r in rows).items())),
        "arg_mapping": dict(sorted(Counter(r["arg_mapping"]["kind"] for r in rows).items())),
        "infer_meta": sum(r["infer_meta"] is not None for r in rows),
        "ops_yaml": sum(r["ops_yaml"] is not None for r in rows),
        "codemod": dict(sorted(Counter(r["codemod"]["status"] for r in rows).items())),
        "parity": parity_counts,
        "progress": {"migrated": migrated, "total": len(counted),
                     "percent": _percent(migrated, len(counted)),
                     "parity_devices": [d for d in PARITY_DEVICES if parity_doc["runs"].get(d)],
                     "definition": PROGRESS_DEFINITION},
        "cpu_progress": {"migrated": cpu_verified, "total": len(counted),
                         "percent": _percent(cpu_verified, len(counted)),
                         "definition": CPU_PROGRESS_DEFINITION},
        "twinned": {"count": twinned, "total": len(counted),
                    "percent": _percent(twinned, len(counted))},
        "stages": {st: sum(r["stage"] == st for r in counted) for st in STAGES},
        "by_family": [{"family": k, **{st.replace("-", "_"): v[st] for st in STAGES},
                       "total": sum(v.values()), "percent": _percent(v["migrated"],
                                                                     sum(v.values()))}
                      for k, v in sorted(fam.items())],
        "by_backend": [{"backend": k, "legacy_kernels": v[0], "twinned": v[1], "verified": v[2],
                        "percent": _percent(v[2], v[0])} for k, v in sorted(backend.items())],
        "backward": backward_summary(rows),
    }


def _parity_source(parity_path: Path, doc: Mapping[str, Any]) -> dict[str, Any]:
    runs = {}
    for d in ("cpu", "gpu"):
        run = doc["runs"].get(d)
        runs[d] = None if not run else {"timestamp": run.get("timestamp"),
                                        "device": run.get("device"),
                                        "source": run.get("source")}
    return {"file": rel(parity_path) if parity_path.is_file() else None, **runs}


def build_report(models: list[str], out: Path, inputs: Inputs | None = None) -> dict[str, Any]:
    """The whole coverage document for `models` (paths as given)."""
    from compat.coverage.models import analyze_model

    inputs = inputs or load_inputs(out)
    model_sections = [analyze_model(m) for m in models]
    used: dict[str, list[str]] = defaultdict(list)
    for section in model_sections:
        for row in section["op_types"]:
            used[row["op_type"]].append(section["model"])
    facts = collect_facts(extra_op_types=used)
    parity_doc = load_parity(inputs.parity_path)
    rows = [op_row(f, parity_doc, inputs.codemod, sorted(set(used.get(t, []))))
            for t, f in sorted(facts.items())]
    stages = {r["op_type"]: r["stage"] for r in rows}
    for r in rows:  # the backward dimension: a grad op names its forward, a forward its grad
        r["grad_of"] = grad_of(r["op_type"], facts)
        r["backward"] = None if r["grad_of"] else backward_row(facts[r["op_type"]], facts,
                                                               stages, inputs.grads)
    cm = inputs.codemod
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": "fluidphi coverage",
        "command": "fluidphi coverage" + "".join(f" --model {m}" for m in models),
        "sources": {
            "parity": _parity_source(inputs.parity_path, parity_doc),
            "codemod": {"report": cm.report, "hand_edits": cm.hand_edits,
                        "generated": cm.generated},
            "grads": inputs.grads.as_source(),
        },
        "summary": _summary(rows, parity_doc),
        "census": census_section(),
        "matrix": _matrix(rows),
        "ops": rows,
        "models": model_sections,
    }
