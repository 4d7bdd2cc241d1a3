"""The census section of the coverage report: Paddle's op types joined with fluidphi's.

An op type of Paddle's census is *CPU-runnable in Paddle* when it is not excluded
(`census.Exclusion`); it *runs in fluidphi* when fluidphi has a kernel for it (PHI,
legacy or both) or runs it in the executor (control flow), as
`compat.predictor.kernel_forms` says.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

from compat.coverage.census import CENSUS_PATH, Census, Exclusion, load_census
from compat.coverage.census_grads import grads_section

#: kernel_forms values under which fluidphi runs an op type.
RUNNABLE_FORMS = frozenset({"both", "phi", "legacy", "framework"})
DEFINITION = ("op types of Paddle {version}'s op protos that Paddle's CPU build runs (left "
              "out: {excluded}), counted as running in fluidphi when fluidphi has a PHI or "
              "legacy kernel for the op type or its executor runs it (control flow)")


def _percent(num: int, den: int) -> float:
    return round(100.0 * num / den, 1) if den else 0.0


def census_section(census: Census | None = None,
                   forms_of: Callable[[str], str] | None = None) -> dict[str, Any]:
    """The report's ``census`` object: headline, families, missing and excluded op types."""
    if forms_of is None:
        from compat.predictor import kernel_forms as forms_of
    census = census or load_census()
    families: dict[str, list[tuple[str, bool]]] = defaultdict(list)
    ops = []
    for op in census.counted:
        forms = forms_of(op.op_type)
        runs = forms in RUNNABLE_FORMS
        families[op.family].append((op.op_type, runs))
        ops.append({"op_type": op.op_type, "family": op.family, "forms": forms,
                    "runs": runs, "phi_kernel": op.phi_kernel,
                    "paddle_cpu": op.cpu_kernel.value})
    runnable = sum(o["runs"] for o in ops)
    by_family = []
    for family, members in sorted(families.items()):
        runs = sum(r for _, r in members)
        by_family.append({"family": family, "runs": runs, "total": len(members),
                          "percent": _percent(runs, len(members)),
                          "missing": sorted(t for t, r in members if not r)})
    excluded = [{"op_type": o.op_type, "reason": o.excluded.value, "family": o.family,
                 "runs": forms_of(o.op_type) in RUNNABLE_FORMS,
                 **({"note": o.note} if o.note else {})}
                for o in census.excluded if o.excluded is not None]
    reasons = {e.value: sum(x["reason"] == e.value for x in excluded) for e in Exclusion}
    return {
        "file": f"compat/coverage/{CENSUS_PATH.name}",
        "paddle_version": census.paddle_version,
        "command": census.command,
        "op_types": len(census.ops),
        "headline": {"runs": runnable, "total": len(ops),
                     "percent": _percent(runnable, len(ops))},
        "definition": DEFINITION.format(version=census.paddle_version, excluded=", ".join(
            e.text for e in Exclusion)),
        "reasons": {e.value: e.text for e in Exclusion},
        "excluded_counts": reasons,
        "by_family": by_family,
        "ops": ops,
        "excluded": excluded,
        "grads": grads_section(census, forms_of, census.paddle_version),
    }


def headline_text(section: dict[str, Any]) -> str:
    h = section["headline"]
    return (f"Paddle {section['paddle_version']} op census: fluidphi runs {h['runs']} / "
            f"{h['total']} CPU-runnable op types ({h['percent']}%); "
            f"{section['op_types'] - h['total']} of {section['op_types']} left out")


def excluded_by_reason(section: dict[str, Any]) -> list[tuple[str, str, list[str], int]]:
    """(reason, its words, the op types it leaves out, how many of them fluidphi runs all
    the same), in the enum's order."""
    out = []
    for reason, text in section["reasons"].items():
        left = [e for e in section["excluded"] if e["reason"] == reason]
        out.append((reason, text, [e["op_type"] for e in left], sum(e["runs"] for e in left)))
    return out


def census_lines(section: dict[str, Any], width: int = 80) -> list[str]:
    """The console's census: the headline, ``family runs/total`` wrapped at `width`, then
    the grads' headline."""
    h = section["headline"]
    head = (f"Paddle {section['paddle_version']} op census: {h['runs']} / {h['total']} "
            f"CPU-runnable op types run ({h['percent']}%)")
    lines = [head]
    line = ""
    for f in section["by_family"]:
        item = f"{f['family']} {f['runs']}/{f['total']}"
        if line and len(line) + 2 + len(item) > width:
            lines.append(line)
            line = ""
        line = f"{line}  {item}" if line else f"  {item}"
    lines = [*lines, line] if line else lines
    g = section["grads"]["headline"]
    return [*lines, f"  grads: {g['complete']} / {g['total']} op types with Paddle grads have "
                    f"all of them ({g['percent']}%)"]
