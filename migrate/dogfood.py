"""Dogfooding: the codemod over fluidphi's own legacy kernels vs the committed PHI kernels.

For each migrated op the generated kernel functions (decorators included) are
compared with the functions registered under the same PHI name in
phi/kernels (every module but funcs/; a kernel table's rows spelled out as the functions
they register, migrate.kernel_tables), both normalized by `ast` (formatting and comments
do not count). A difference must be recorded in migrate/hand_edits.yaml with a
reason and the sha256 of the normalized diff; tests fail on an unrecorded or
stale one.

    python -m migrate.dogfood                      # rewrite reports/migration.{md,json}
    python -m migrate.dogfood --update-hand-edits  # record current differences (keeps reasons)

`fluidphi migrate legacy_fluid/operators --report reports/` writes the same report.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import hashlib
import json
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import libcst as cst
import yaml

from compat.statuses import CommittedState, KernelStatus, Verdict
from legacy_fluid.io.atomic_write import atomic_write_text
from migrate.grads import is_grad_op, skip_cause
from migrate.kernel_tables import expand_tables
from migrate.records import FileResult, OpPlan
from migrate.source_files import file_state
from migrate.static_eval import Evaluator
from migrate.static_refs import EnumRef, ImportTable, UnresolvableError, dotted
from migrate.verify import EVIDENCE, VerifyResult
from phi.op_defs import OpDef, load_op_defs

ROOT = Path(__file__).resolve().parent.parent
HAND_EDITS = ROOT / "migrate" / "hand_edits.yaml"
#: how a reason the codemod's dogfood wrote itself begins (a person's reason does not)
AUTO_REASON = "auto: "
OPERATORS = ROOT / "legacy_fluid" / "operators"
REPORT_DIR = ROOT / "reports"
COMMAND = "fluidphi migrate legacy_fluid/operators --report reports/"


def normalize(source: str) -> str:
    return ast.unparse(ast.parse(textwrap.dedent(source)))


def _registered_name(fn: ast.FunctionDef) -> str | None:
    for d in fn.decorator_list:
        if isinstance(d, ast.Call):
            f = d.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) \
                else ""
            if name == "register_kernel" and d.args and isinstance(d.args[0], ast.Constant):
                return str(d.args[0].value)
    return None


def _canonical_registrations(module: cst.Module, path: Path) -> cst.Module:
    """Spell out dtype lists given through constants (`_TYPES`) in register_kernel calls."""
    ev = Evaluator(module, ImportTable(module), path)

    class Expand(cst.CSTTransformer):
        def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:  # noqa: N802
            name = dotted(updated.func) or ""
            if name.split(".")[-1] != "register_kernel":
                return updated
            args = list(updated.args)
            for i, arg in enumerate(args):
                if (arg.keyword is None and i == 3) or (arg.keyword is not None
                                                        and arg.keyword.value == "dtypes"):
                    try:
                        value = ev.eval(arg.value, {})
                    except UnresolvableError:
                        return updated
                    items = value if isinstance(value, (list, tuple)) else [value]
                    if not all(isinstance(v, EnumRef) for v in items):
                        return updated
                    text = "[" + ", ".join(str(v) for v in items) + "]"
                    args[i] = arg.with_changes(value=cst.parse_expression(text))
            return updated.with_changes(args=args)

    return module.visit(Expand())


#: `committed_kernels` per state of phi's files (its kernels and the templates they import:
#: a report and a comparison of one run read them alike)
_COMMITTED: dict[tuple[Path, tuple[tuple[Path, int, int], ...]],
                 dict[str, list[tuple[str, str, str]]]] = {}


def committed_kernels(root: Path = ROOT) -> dict[str, list[tuple[str, str, str]]]:
    """PHI name -> [(function name, normalized source, file)] from phi/kernels."""
    kernels = root / "phi" / "kernels"
    paths = [p for p in sorted(kernels.rglob("*.py"))
             if p.relative_to(kernels).parts[0] != "funcs"]
    key = (root, tuple(file_state(p) for p in sorted((root / "phi").rglob("*.py"))))
    if key not in _COMMITTED:
        _COMMITTED.clear()
        _COMMITTED[key] = _read_committed(root, paths)
    return _COMMITTED[key]


def _read_committed(root: Path, paths: list[Path]) -> dict[str, list[tuple[str, str, str]]]:
    out: dict[str, list[tuple[str, str, str]]] = {}
    for path in paths:
        text = path.read_text(encoding="utf-8")
        try:
            text = expand_tables(text, str(path.relative_to(root)), root)
            text = _canonical_registrations(cst.parse_module(text), path).code
            tree = ast.parse(text)
        except (SyntaxError, cst.ParserSyntaxError):
            continue
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                name = _registered_name(node)
                if name is not None:
                    out.setdefault(name, []).append(
                        (node.name, ast.unparse(node), str(path.relative_to(root))))
    return out


def committed_yaml(root: Path = ROOT) -> dict[str, OpDef]:
    """phi/ops.yaml and phi/backward.yaml entries by name."""
    out: dict[str, OpDef] = {}
    for name in ("ops.yaml", "backward.yaml"):
        path = root / "phi" / name
        if path.is_file():
            out.update((op.name, op) for op in load_op_defs(path))
    return out


@dataclass
class Comparison:
    phi_name: str
    status: CommittedState
    diff: str = ""
    sha256: str = ""
    reason: str = ""
    files: tuple[str, ...] = ()


def kernel_diff(plan: OpPlan, committed: dict[str, list[tuple[str, str, str]]]
                ) -> tuple[str, str, tuple[str, ...]]:
    """(normalized codemod text, normalized committed text, committed files)."""
    generated = "\n".join(normalize(src) for _, src in sorted(plan.sources.items()))
    mine = sorted(committed.get(plan.phi_name, []))
    return generated, "\n".join(src for _, src, _ in mine), tuple(sorted({f for *_, f in mine}))


def compare(plans: list[OpPlan], hand_edits: dict[str, dict[str, Any]],
            root: Path = ROOT) -> dict[str, Comparison]:
    committed = committed_kernels(root)
    out: dict[str, Comparison] = {}
    for plan in plans:
        generated, theirs, files = kernel_diff(plan, committed)
        if not theirs:
            out[plan.phi_name] = Comparison(plan.phi_name, CommittedState.NOT_COMMITTED)
            continue
        if generated == theirs:
            status = (CommittedState.IDENTICAL if plan.phi_name not in hand_edits
                      else CommittedState.STALE_RECORD)
            out[plan.phi_name] = Comparison(plan.phi_name, status, files=files)
            continue
        diff = "\n".join(difflib.unified_diff(generated.splitlines(), theirs.splitlines(),
                                              "codemod", "committed", lineterm=""))
        sha = hashlib.sha256(diff.encode()).hexdigest()
        record = hand_edits.get(plan.phi_name, {})
        status = (CommittedState.HAND_EDITED if record.get("sha256") == sha
                  else CommittedState.UNRECORDED)
        out[plan.phi_name] = Comparison(plan.phi_name, status, diff, sha,
                                        str(record.get("reason", "")), files)
    return out


def load_hand_edits(path: Path = HAND_EDITS) -> dict[str, dict[str, Any]]:
    if not path.is_file():
        return {}
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return dict(data.get("kernels") or {})


class _Dumper(yaml.SafeDumper):
    pass


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str)

HAND_EDITS_HEADER = """\
# Reviewed differences between `fluidphi migrate` output and the committed PHI kernels
# (phi/kernels), per PHI kernel name. `sha256` is the hash of `diff`, the
# unified diff of the ast-normalized sources (codemod -> committed). Update with
#   python -m migrate.dogfood --update-hand-edits
# which keeps reasons of unchanged entries; write a real reason for new ones.
"""


def _params(fn: ast.FunctionDef) -> dict[str, str]:
    return {a.arg: ast.unparse(a.annotation) if a.annotation else "" for a in fn.args.args[1:]}


def _auto_reason(plan: OpPlan, theirs: str) -> str:
    """What the committed kernel changed, in words (kept until a person rewrites it)."""
    mine = [n for n in ast.parse("\n".join(normalize(s) for s in plan.sources.values())).body
            if isinstance(n, ast.FunctionDef)]
    other = [n for n in ast.parse(theirs).body if isinstance(n, ast.FunctionDef)]
    parts = []
    if [f.name for f in mine] != [f.name for f in other]:
        parts.append(f"function {', '.join(f.name for f in other)}")
    if len(mine) == 1 and len(other) == 1:
        a, b = _params(mine[0]), _params(other[0])
        changes = [f"-{n}" for n in a if n not in b]
        changes += [f"+{n}: {b[n]}" for n in b if n not in a]
        changes += [f"{n}: {a[n]} -> {b[n]}" for n in a if n in b and a[n] != b[n]]
        if list(a) != list(b) and not changes:
            changes.append("reordered")
        if changes:
            parts.append("parameters " + ", ".join(changes))
    if [[ast.dump(d) for d in f.decorator_list] for f in mine] != \
            [[ast.dump(d) for d in f.decorator_list] for f in other]:
        parts.append("registrations")
    if [[ast.dump(s) for s in f.body] for f in mine] != [[ast.dump(s) for s in f.body]
                                                         for f in other]:
        parts.append("body")
    return AUTO_REASON + "committed kernel differs in " + ("; ".join(parts) or "formatting")


def update_hand_edits(plans: list[OpPlan], path: Path = HAND_EDITS, root: Path = ROOT) -> int:
    """Record every current difference; returns how many entries changed."""
    old = load_hand_edits(path)
    committed = committed_kernels(root)
    comparisons = compare(plans, {}, root)
    new: dict[str, dict[str, Any]] = {}
    for plan in plans:
        c = comparisons[plan.phi_name]
        if c.status is not CommittedState.UNRECORDED:
            continue
        previous = old.get(plan.phi_name, {})
        reason = previous.get("reason")
        # an auto reason describes the old diff: made again; a person's reason says why the
        # kernel differs, which a changed diff rarely changes: kept
        if not reason or (reason.startswith(AUTO_REASON) and previous.get("sha256") != c.sha256):
            reason = _auto_reason(plan, kernel_diff(plan, committed)[1])
        new[plan.phi_name] = {"reason": reason, "sha256": c.sha256, "diff": c.diff + "\n"}
    text = HAND_EDITS_HEADER + yaml.dump({"kernels": dict(sorted(new.items()))}, Dumper=_Dumper,
                                         sort_keys=False, width=100, allow_unicode=True)
    previous_text = path.read_text(encoding="utf-8") if path.is_file() else ""
    if text != previous_text:
        atomic_write_text(path, text)
    return sum(1 for k in set(old) | set(new) if old.get(k) != new.get(k))


# -- report -------------------------------------------------------------------------------------
def _rel(path: str) -> str:
    p = Path(path)
    try:
        return str(p.resolve().relative_to(ROOT))
    except ValueError:
        return path


def _verify_cell(row: dict[str, Any]) -> str:
    """`13/13 identical, 2-3 cases per dtype, re-imported`: the evidence behind a row."""
    cells = [v for b in row["verify"].values() for v in b.values()]
    ok = sum(1 for v in cells if v["status"] == "identical")
    cases = sorted({v["cases"] for v in cells})
    per = f"{cases[0]}" if len(cases) == 1 else f"{cases[0]}-{cases[-1]}"
    noun = "case" if per == "1" else "cases"
    text = f"{ok}/{len(cells)} identical" + (f", {per} {noun} per dtype" if cells else "")
    return text + (", re-imported" if row.get("evidence") == EVIDENCE else "")


def build_report(results: list[FileResult], verify: list[VerifyResult],
                 hand_edits: dict[str, dict[str, Any]] | None = None,
                 root: Path = ROOT) -> dict[str, Any]:
    hand_edits = load_hand_edits() if hand_edits is None else hand_edits
    plans = [op for r in results for op in r.ops]
    comparisons = compare(plans, hand_edits, root)
    yaml_committed = committed_yaml(root)
    by_kernel: dict[tuple[str, str, str], list[VerifyResult]] = {}
    for v in verify:
        by_kernel.setdefault((_rel(v.file), v.op_type, v.kernel), []).append(v)
    plan_of = {op.op_type: op for op in plans}
    kernels = []
    totals = {"legacy_kernels": 0, "migrated": 0, "covered": 0, "skipped": 0, "failed": 0,
              "verified_identical": 0, "committed_identical": 0, "hand_edited": 0,
              "auto_migrated": 0}
    grads = {"grad_kernels": 0, "migrated": 0, "verified_identical": 0, "skipped": 0,
             "failed": 0, "covered": 0, "skip_reasons": {}}
    for res in results:
        for rec in res.records:
            totals["legacy_kernels"] += 1
            totals[rec.status] += 1
            row: dict[str, Any] = {"file": _rel(rec.file), "op": rec.op_type,
                                   "kernel": rec.kernel, "status": rec.status,
                                   "reason": rec.reason, "grad": is_grad_op(rec.op_type)}
            vs = by_kernel.get((_rel(rec.file), rec.op_type, rec.kernel), [])
            verdicts: dict[str, dict[str, dict[str, Any]]] = {}
            for v in vs:
                verdicts.setdefault(v.backend, {})[v.dtype] = {
                    "status": v.status, "cases": v.cases, "detail": v.detail}
            verified = bool(vs) and all(v.status is Verdict.IDENTICAL for v in vs)
            if vs and all(v.reimported for v in vs):
                row["evidence"] = EVIDENCE
            if rec.status is KernelStatus.COVERED:
                row.update({"phi_kernel": rec.phi_name, "mapping": rec.mapping,
                            "verify": verdicts, "verified_identical": verified})
            if rec.status is KernelStatus.MIGRATED:
                comp = comparisons.get(rec.phi_name)
                plan = plan_of.get(rec.op_type)
                yaml_state = "missing"
                if plan is not None and rec.phi_name in yaml_committed:
                    same = plan.op_def == yaml_committed[rec.phi_name]
                    yaml_state = "same" if same else "differs"
                row.update({"function": rec.function, "phi_kernel": rec.phi_name,
                            "mapping": rec.mapping, "infer_meta": rec.infer_meta,
                            "verify": verdicts, "verified_identical": verified,
                            "committed": comp.status if comp else CommittedState.NOT_COMMITTED,
                            "hand_edit_reason": comp.reason if comp else "",
                            "ops_yaml": yaml_state})
                totals["verified_identical"] += verified
                if comp and comp.status is CommittedState.IDENTICAL:
                    totals["committed_identical"] += 1
                if comp and comp.status is CommittedState.HAND_EDITED:
                    totals["hand_edited"] += 1
                if verified and comp is not None and comp.status is CommittedState.IDENTICAL:
                    totals["auto_migrated"] += 1
            if row["grad"]:
                _count_grad(grads, row)
            kernels.append(row)
    kernels.sort(key=lambda r: (r["file"], r["kernel"]))
    n = totals["legacy_kernels"]
    rate = round(totals["auto_migrated"] / n, 4) if n else 0.0
    return {"command": COMMAND,
            "definition": "auto-migration rate = kernels migrated by the codemod, verified "
                          "identical on every registered dtype, whose committed PHI kernel is "
                          "the codemod output with no hand edit / all legacy kernels",
            "totals": totals, "grads": grads, "auto_migration_rate": rate,
            "kernels": kernels}


def _count_grad(grads: dict[str, Any], row: dict[str, Any]) -> None:
    """Grad kernels (issue 10: migration progress counts grads): per status, skips per
    reason (the reason's first clause, so one cause counts once)."""
    grads["grad_kernels"] += 1
    grads[row["status"]] += 1
    grads["verified_identical"] += bool(row.get("verified_identical"))
    if row["status"] == KernelStatus.SKIPPED:
        cause = skip_cause(row["reason"])
        grads["skip_reasons"][cause] = grads["skip_reasons"].get(cause, 0) + 1


def report_markdown(report: dict[str, Any]) -> str:
    t = report["totals"]
    lines = ["# Migration report (legacy OpKernel classes -> PHI kernels)", "",
             f"Regenerate: `{report['command']}` (or `python -m migrate.dogfood`).", "",
             f"**Auto-migration rate: {report['auto_migration_rate']:.1%}** "
             f"({t['auto_migrated']} of {t['legacy_kernels']} legacy kernels).", "",
             report["definition"] + ".", "",
             "| legacy kernels | migrated | covered | skipped | failed | verified identical | "
             "committed = codemod | hand-edited |",
             "|---|---|---|---|---|---|---|---|",
             f"| {t['legacy_kernels']} | {t['migrated']} | {t['covered']} | {t['skipped']} | "
             f"{t['failed']} | "
             f"{t['verified_identical']} | {t['committed_identical']} | {t['hand_edited']} |",
             "", "Verify imports each module as the codemod would write it (with its "
             "ops.yaml entries) and runs every op through the dual dispatch, against the "
             "legacy module run the legacy way, per registered backend and dtype; the "
             "verify column gives the cases run per dtype and `re-imported` where the written "
             "result was imported and run. GPU registrations run on the emulated device (the "
             "GPU kernels on NumPy memory of its own) where no CUDA device exists. `covered`: "
             "a legacy op whose kernel is the same function as another op's (transpose2 and "
             "transpose; squeeze2 and squeeze, through a mapping of its own) and is served by "
             "that op's PHI kernel.", "",
             *_grad_lines(report.get("grads")),
             "## Kernels", "",
             "| op | kernel | status | PHI kernel | verify | committed | mapping | InferMeta |",
             "|---|---|---|---|---|---|---|---|"]
    for k in report["kernels"]:
        if k["status"] != "migrated":
            continue
        verify = _verify_cell(k)
        lines.append(f"| {k['op']} | {k['kernel']} | migrated | {k['phi_kernel']} | {verify} | "
                     f"{k['committed']} | {'yes' if k['mapping'] else 'default'} | "
                     f"{_cell(k['infer_meta'])} |")
    hand = [k for k in report["kernels"] if k.get("committed") == "hand-edited"]
    if hand:
        lines += ["", "## Hand edits (migrate/hand_edits.yaml)", ""]
        lines += [f"- `{k['phi_kernel']}` ({k['op']}): {k['hand_edit_reason']}" for k in hand]
    covered = [k for k in report["kernels"] if k["status"] == "covered"]
    if covered:
        lines += ["", "## Covered by another op's kernel", "",
                  "| op | kernel | reason | mapping | verify |", "|---|---|---|---|---|"]
        lines += [f"| {k['op']} | {k['kernel']} | {_cell(k['reason'])} | "
                  f"{'yes' if k['mapping'] else 'default'} | {_verify_cell(k)} |"
                  for k in covered]
    others = [k for k in report["kernels"] if k["status"] not in ("migrated", "covered")]
    if others:
        lines += ["", "## Skipped / failed", "", "| op | kernel | status | reason |",
                  "|---|---|---|---|"]
        lines += [f"| {k['op']} | {k['kernel']} | {k['status']} | {_cell(k['reason'])} |"
                  for k in others]
    bad = [k for k in report["kernels"] if k["status"] == "migrated"
           and not k["verified_identical"]]
    if bad:
        lines += ["", "## Verification problems", ""]
        for k in bad:
            for backend, dts in k["verify"].items():
                for dt, v in dts.items():
                    if v["status"] != "identical":
                        lines.append(f"- {k['op']} {backend} {dt}: {v['status']}: {v['detail']}")
    return "\n".join(lines) + "\n"


def _grad_lines(grads: dict[str, Any] | None) -> list[str]:
    if not grads:
        return []
    lines = ["## Grad kernels (legacy grad ops -> backward.yaml kernels)", "",
             "| grad kernels | migrated | verified identical | skipped | failed |",
             "|---|---|---|---|---|",
             f"| {grads['grad_kernels']} | {grads['migrated']} | "
             f"{grads['verified_identical']} | {grads['skipped']} | {grads['failed']} |", ""]
    reasons = sorted(grads["skip_reasons"].items(), key=lambda kv: (-kv[1], kv[0]))
    if reasons:
        lines += ["Skipped grads by reason:", ""]
        lines += [f"- {n} x {_cell(cause)}" for cause, n in reasons]
        lines.append("")
    return lines


def _cell(text: str, limit: int = 160) -> str:
    one = " ".join(str(text).split()).replace("|", "/")
    return one if len(one) <= limit else one[:limit - 3] + "..."


def write_report(report: dict[str, Any], directory: Path) -> list[Path]:
    md, js = directory / "migration.md", directory / "migration.json"
    atomic_write_text(md, report_markdown(report))
    atomic_write_text(js, json.dumps(report, indent=2, sort_keys=True) + "\n")
    return [md, js]


def run(paths: list[Path] | None = None, jobs: int = 1
        ) -> tuple[list[FileResult], list[VerifyResult]]:
    from migrate.runner import discover, run_codemod
    from migrate.verify import verify_file

    files = discover(paths or [OPERATORS])
    results = run_codemod(files, jobs)
    verify: list[VerifyResult] = []
    for f, r in zip(files, results):
        verify.extend(verify_file(r, f))
    return results, verify


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m migrate.dogfood", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--update-hand-edits", action="store_true")
    parser.add_argument("--report", type=Path, default=REPORT_DIR)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    if not (ROOT / "pyproject.toml").is_file():  # an installed package, not a checkout
        if args.update_hand_edits:
            parser.error(f"--update-hand-edits edits a source checkout's "
                         f"migrate/hand_edits.yaml; {ROOT} is an installed package")
        if args.report == REPORT_DIR:
            parser.error(f"{ROOT} is an installed package, not a source checkout: pass "
                         "--report DIR to say where the report goes")
    results, verify = run(jobs=args.jobs)
    if args.update_hand_edits:
        changed = update_hand_edits([op for r in results for op in r.ops])
        print(f"hand_edits.yaml: {changed} entr{'y' if changed == 1 else 'ies'} changed")
    report = build_report(results, verify)
    for p in write_report(report, args.report):
        print(f"wrote {p}")
    print(f"auto-migration rate: {report['auto_migration_rate']:.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
