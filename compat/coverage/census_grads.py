"""The grads of Paddle's op census: which grad op types Paddle makes that fluidphi has.

Of the op types a CPU program can hold (`Census.counted`), those Paddle can differentiate
carry the grad op types Paddle's grad op maker makes (`CensusOp.grad_ops`, or a
`grad_note` where Paddle crashed making them). fluidphi *has* a grad op type when it
registers the op type and runs it (a kernel of either form, or the executor runs it:
`compat.predictor.kernel_forms`); an op type has *all its grads* when it has every one.
An op type whose grad op types Paddle could not be asked for is counted without them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

from compat.coverage.census import Census, CensusOp

#: kernel_forms values: fluidphi runs the grad op type / has a PHI kernel for it.
_RUNS = frozenset({"both", "phi", "legacy", "framework"})
_PHI = frozenset({"both", "phi"})
GRADS_DEFINITION = (
    "op types Paddle {version} can differentiate (its grad op maker makes grad op types for "
    "them) that fluidphi has every grad op type of: fluidphi registers the grad op type and "
    "runs it (a PHI or legacy kernel, or its executor runs it); an op type whose grad op "
    "types Paddle crashed making counts as missing them")


def _percent(num: int, den: int) -> float:
    return round(100.0 * num / den, 1) if den else 0.0


def has_paddle_grads(op: CensusOp) -> bool:
    """Paddle has a grad for `op`: its grad op maker made grad op types, or crashed trying."""
    return bool(op.grad_ops) or op.grad_note is not None


def grads_section(census: Census, forms_of: Callable[[str], str],
                  version: str) -> dict[str, Any]:
    """The census's ``grads`` object: headline, per family counts, per op type rows."""
    ops = []
    families: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for op in census.counted:
        if not has_paddle_grads(op):
            continue
        grads = []
        for grad_type in op.grad_ops or ():
            forms = forms_of(grad_type)
            grads.append({"op_type": grad_type, "forms": forms, "registered": forms != "missing",
                          "runs": forms in _RUNS, "phi_kernel": forms in _PHI})
        row = {"op_type": op.op_type, "family": op.family, "grad_ops": grads,
               "complete": bool(grads) and all(g["runs"] for g in grads),
               "phi_complete": bool(grads) and all(g["phi_kernel"] for g in grads),
               "missing": [g["op_type"] for g in grads if not g["runs"]],
               **({"note": op.grad_note} if op.grad_note else {})}
        ops.append(row)
        families[op.family].append(row)
    complete = sum(r["complete"] for r in ops)
    by_family = [{"family": family, "complete": sum(r["complete"] for r in rows),
                  "total": len(rows),
                  "percent": _percent(sum(r["complete"] for r in rows), len(rows)),
                  "phi_complete": sum(r["phi_complete"] for r in rows),
                  "missing": {r["op_type"]: r["missing"] for r in rows if not r["complete"]}}
                 for family, rows in sorted(families.items())]
    return {
        "headline": {"complete": complete, "total": len(ops),
                     "percent": _percent(complete, len(ops)),
                     "phi_complete": sum(r["phi_complete"] for r in ops)},
        "definition": GRADS_DEFINITION.format(version=version),
        "by_family": by_family,
        "ops": ops,
    }


def grads_headline_text(grads: dict[str, Any]) -> str:
    h = grads["headline"]
    return (f"grads: {h['complete']} / {h['total']} op types with Paddle grads have all of "
            f"them ({h['percent']}%; {h['phi_complete']} with a PHI kernel for each)")


def missing_text(family: dict[str, Any], notes: dict[str, str]) -> str:
    """A family's op types lacking grads, '; '-joined: ``op`` where the one missing grad op
    type is ``op_grad``, else ``op (the grad op types fluidphi lacks)`` (or Paddle's note)."""
    parts = []
    for op_type, lacks in family["missing"].items():
        if lacks == [op_type + "_grad"]:
            parts.append(op_type)
        else:
            parts.append(f"{op_type} ({', '.join(lacks) if lacks else notes.get(op_type, '?')})")
    return "; ".join(parts) or "—"


def grads_missing_rows(grads: dict[str, Any]) -> list[list[Any]]:
    """Per family: family, complete, total, %, with a PHI kernel each, the missing ones."""
    notes = {r["op_type"]: r["note"] for r in grads["ops"] if "note" in r}
    return [[f["family"], f["complete"], f["total"], f["percent"], f["phi_complete"],
             missing_text(f, notes)] for f in grads["by_family"]]
