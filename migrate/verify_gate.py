"""With `--verify`, what verify flagged is never written.

Every file with migrated kernels is verified as it would be written (its module text and
its folder's ops.yaml). An op with a `differing` or `errored` verdict, or one verify
could not run at all (`unverified` on every backend and dtype), is taken out: the
file is migrated again with that op left legacy, its kernels' rows become `failed`
("not written: verify found ..."), the flagged verdicts stay in the results as evidence,
and the new text is verified again, until no op of the file is flagged.
"""

from __future__ import annotations

from pathlib import Path

from compat.statuses import KernelStatus, Verdict
from migrate.held_back import FLAG_PREFIX
from migrate.records import FileResult
from migrate.runner import mark_failed, plan_changes, recheck_foreign, remigrate
from migrate.verify import VerifyResult, verify_file
from migrate.verify_tree import check_tree, culprits

FLAGGED = (Verdict.DIFFERING, Verdict.ERRORED)


def _flag_reason(v: VerifyResult) -> str:
    return f"{FLAG_PREFIX}{v.status} ({v.backend} {v.dtype}: {v.detail})"


def _never_run(verdicts: list[VerifyResult], flagged: dict[str, str]) -> dict[str, str]:
    """Ops verify could not run on any backend and dtype (no case could be made or the
    legacy op rejected every one): nothing proves them, so they are not written."""
    ops: dict[str, list[VerifyResult]] = {}
    for v in verdicts:
        if v.op_type not in flagged:
            ops.setdefault(v.op_type, []).append(v)
    return {op: f"{FLAG_PREFIX}unable to run it ({vs[0].backend} {vs[0].dtype}: "
                f"{vs[0].detail})"
            for op, vs in ops.items() if all(v.status is Verdict.UNVERIFIED for v in vs)}


def verify_and_hold(files: list[Path], results: list[FileResult]) -> list[VerifyResult]:
    """Verify every file; re-migrate (in `results`) those with flagged ops. Returns the
    verdicts of what is left migrated plus those of every flagged kernel."""
    final: dict[int, list[VerifyResult]] = {}
    evidence: dict[int, list[VerifyResult]] = {}
    held: dict[int, dict[str, str]] = {}
    todo = [i for i, r in enumerate(results) if r.ops]
    for _ in range(len(files) + 1):
        _verify_files(files, results, todo, final, evidence, held)
        todo = _hold_tree_problems(files, results, held)
        # a module composing a kernel held back composes it no more (`runner.recheck_foreign`)
        todo = sorted(set(todo) | set(recheck_foreign(files, results)))
        if not todo:
            break
        for i in todo:
            final.pop(i, None)
    return [v for i in sorted(set(final) | set(evidence))
            for v in [*evidence.get(i, []), *final.get(i, [])]]


def _verify_files(files: list[Path], results: list[FileResult], todo: list[int],
                  final: dict[int, list[VerifyResult]],
                  evidence: dict[int, list[VerifyResult]], held: dict[int, dict[str, str]]
                  ) -> None:
    """Each file of `todo` verified (its package as the write leaves it) until none of its
    ops is flagged; flagged ops are held back (re-migrated legacy)."""
    while todo:
        plan = plan_changes(files, results)
        again: list[int] = []
        for at, i in enumerate(todo):
            # a module composing a kernel held back meanwhile composes it no more: it is
            # re-planned with that kernel left legacy (its other kernels stay migrated)
            replanned = recheck_foreign(files, results)
            if replanned:
                plan = plan_changes(files, results)
                for j in replanned:
                    final.pop(j, None)
                    if j not in todo[at:] and j not in again:
                        again.append(j)
            if not results[i].ops:
                continue
            others = {files[j]: r.new_text for j, r in enumerate(results)
                      if j != i and r.changed}
            verdicts = verify_file(results[i], files[i], _texts(plan.yaml_text(files[i])),
                                   others)
            flagged: dict[str, str] = {}
            for v in verdicts:
                if v.status in FLAGGED:
                    flagged.setdefault(v.op_type, _flag_reason(v))
            flagged.update(_never_run(verdicts, flagged))
            if not flagged:
                final[i] = verdicts
                continue
            evidence.setdefault(i, []).extend(v for v in verdicts if v.op_type in flagged)
            held[i] = {**held.get(i, {}), **flagged}
            results[i] = remigrate(files[i], results[i], held[i])
            mark_failed(results[i], held[i])
            again.append(i)
        todo = again


def _hold_tree_problems(files: list[Path], results: list[FileResult],
                        held: dict[int, dict[str, str]]) -> list[int]:
    """What the write would break among the ops it leaves legacy (`verify_tree`): the
    written modules to blame (the broken one, those it imports) are re-migrated with all
    their ops held back. Returns them."""
    problems, imports = check_tree(files, results)
    blamed: dict[int, str] = {}
    kept: set[int] = set()
    for p in problems:
        own = {p.module} if results[p.module].changed else set()
        keeper = _keeper(results, own | imports.get(p.module, set()), p.missing)
        if keeper is not None:  # a migrated kernel class found at run time: keep it
            results[keeper] = remigrate(files[keeper], results[keeper], keep={p.missing},
                                        kept_for={p.missing: p.user})
            mark_failed(results[keeper], held.get(keeper, {}))
            kept.add(keeper)
            continue
        for i in culprits(files, results, p, own | imports.get(p.module, set())):
            what = "unable to check" if p.unchecked else "breaking"
            blamed.setdefault(i, f"{FLAG_PREFIX}{what} what stays legacy: {p.why}")
    for i, why in blamed.items():
        ops = {op.op_type: why for op in results[i].ops}
        held[i] = {**held.get(i, {}), **ops}
        results[i] = remigrate(files[i], results[i], held[i])
        mark_failed(results[i], held[i])
    return sorted(set(blamed) | kept)


def _keeper(results: list[FileResult], modules: set[int], missing: str) -> int | None:
    """The blamed module whose migration removed `missing`, a kernel class it migrated and
    does not keep yet (keeping it, as it is, gives the user what it found before)."""
    if not missing:
        return None
    for i in sorted(modules):
        r = results[i]
        if missing not in r.kept and any(rec.kernel == missing and rec.status is
                                         KernelStatus.MIGRATED for rec in r.records):
            return i
    return None


def _texts(yaml_text: str | None) -> list[str] | None:
    return None if yaml_text is None else [yaml_text]
