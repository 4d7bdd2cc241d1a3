"""The tables `fluidphi run --trace / --plan` and `fluidphi kernels OP` print."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from compat.terminal import data_table, shown, shown_row


def trace_table(trace: list[Any]) -> Table:
    table = Table(title="per-op kernel choices", header_style="bold")
    table.add_column("#", justify="right", no_wrap=True)
    notes = any(rec.note for rec in trace)  # a column only when an op left its plain kernel
    for col in ("op", "path", "kernel", "key", "transforms", *(("note",) if notes else ())):
        table.add_column(col, overflow="fold")
    for rec in trace:
        op = rec.type + (f" (fused: {' + '.join(rec.fused)})" if rec.fused else "")
        shown_row(table, rec.index, op, rec.path, rec.kernel, rec.key, "; ".join(rec.transforms),
             *((rec.note,) if notes else ()))
    return table


def last_plan(loaded: Any) -> Any:
    """The plan the last run of `loaded` used (None on the legacy path, which plans
    nothing)."""
    plans = [ex.last_plan for ex in loaded.extra.get("executors", {}).values()
             if getattr(ex, "last_plan", None) is not None]
    return plans[0] if plans else None


def plan_doc(loaded: Any) -> dict[str, Any] | None:
    """`--plan --json`: the last run's plan steps and its generated code (None: no plan)."""
    plan = last_plan(loaded)
    if plan is None:
        return None
    code = plan.code()
    return {"steps": plan.describe(), "notes": list(plan.notes), "filename": code.filename,
            "source": code.source}


def print_plan(console: Console, loaded: Any, path: str) -> None:
    """The plan the last run used and the code it runs as (none on the legacy path, which
    plans nothing)."""
    plan = last_plan(loaded)
    if plan is None:
        console.print(f"path {path} runs without a plan (kernels are chosen on every run)",
                      highlight=False)
        return
    table = data_table("plan (built once per feed shapes; later runs call these steps)",
                       "step", "op", "kernel", "key", "transforms", "output buffers")
    for row in plan.describe():
        shown_row(table, row["step"], row["op"] or f"move {row['var']}", row["kernel"], row["key"],
             row["transforms"], row["outputs"])
    console.print(table)
    for note in plan.notes:
        console.print(f"pass: {shown(note)}", highlight=False)
    code = plan.code()
    console.print(f"generated code {shown(code.filename)} (with kernel observers attached, "
                  "each compute runs through run_bound instead):", highlight=False)
    from rich.syntax import Syntax  # pygments: only when a plan is printed

    console.print(Syntax(code.source, "python", line_numbers=False, word_wrap=True))


def _phi_piece_rows(table: Table, phi: dict[str, Any], kind: str) -> None:
    for fn in phi["functions"]:
        shown_row(table, kind, f"{phi['kernel']}: {fn['function']}", fn["file"],
                  f"chosen when {phi['chosen_when']}; {fn['keys']}")
    for f in phi["funcs"]:
        shown_row(table, "shared funcs", f["module"], f["file"], f"called by {phi['kernel']}")
    shown_row(table, "InferMeta", phi["infer_meta"] or "- (legacy infer_shape runs)",
              phi["infer_meta_file"] or "-", f"for {phi['kernel']}")
    shown_row(table, phi["yaml"], phi["ops_yaml"] or "- (none)", phi["ops_yaml_file"] or "-",
              f"declares {phi['kernel']}")
    if phi["backward_yaml"]:
        shown_row(table, "backward.yaml", phi["backward_yaml"], phi["backward_yaml_file"],
                  f"the backward of {phi['ops_yaml']}")
    if phi["api"]:
        shown_row(table, "generated API", phi["api"]["function"], phi["api"]["file"],
                  "python -m phi.api.gen")


def _legacy_piece_rows(table: Table, leg: dict[str, Any], grad: bool) -> None:
    prefix = "grad " if grad else "legacy "
    shown_row(table, prefix + "proto", leg["maker"] or "-", leg["maker_file"] or "-",
              f"op type {leg['op_type']}")
    shown_row(table, prefix + "operator", leg["operator"] or "-", leg["operator_file"] or "-",
              "infer_shape, expected kernel type")
    for k in leg["kernels"]:
        shown_row(table, prefix + "kernel", k["class"], k["file"], k["keys"])


def pieces_table(pieces: dict[str, Any]) -> Table:
    """Every piece of one op, each with its file and line."""
    table = data_table(f"{pieces['query']}: the pieces of the op", "piece", "name", "file",
                       "note")
    for leg in pieces["legacy"]:
        _legacy_piece_rows(table, leg, grad=False)
    for phi in pieces["phi"]:
        _phi_piece_rows(table, phi, "PHI kernel")
    for m in pieces["mapping"]:
        shown_row(table, "argument mapping", m["function"] or m.get("signature") or "-", m["file"],
                      f"{m['kind']} mapping of {m['op_type']}")
        if m.get("op_compat_file"):
            shown_row(table, "op_compat entry", m["op_type"], m["op_compat_file"],
                      "legacy <-> PHI names, fed attributes, extras")
    for leg in pieces["grad_legacy"]:
        _legacy_piece_rows(table, leg, grad=True)
    for phi in pieces["grad_phi"]:
        _phi_piece_rows(table, phi, "PHI grad kernel")
    for c in pieces["cases"]:
        shown_row(table, "cases", c["cases"] or "-", c["fixtures"],
                  f"{c['count']} Paddle {'grad ' if c['kind'] == 'grads' else ''}"
                  f"fixture(s) of {c['op_type']} ({c['family']})")
    return table
