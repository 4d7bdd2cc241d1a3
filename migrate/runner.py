"""Drive the codemod over files: discovery, --jobs, ops.yaml merging, diffs, writes.

Each file is one unit that succeeds or is reported: a FIFO, a symlink, a file that is not
valid in its encoding, one too large or too deeply nested for LibCST (`source_limits`) is
a file-level row (skipped or failed) and never stops the run.
"""

from __future__ import annotations

import difflib
import multiprocessing
import os
import stat
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

import libcst as cst

from compat.statuses import KernelStatus
from migrate import emit, infermeta
from migrate.codemod import load_backward, load_base_names, migrate_source
from migrate.composed_names import composed_names
from migrate.consistency import shared_phi_reason
from migrate.dead_users import live_uses
from migrate.file_writes import Change, WriteReport, check_target, write_atomic, write_unit
from migrate.generated_backward import GENERATED_FILE, is_generated
from migrate.grads_across import backward_folders, name_unmigrated_forwards, wanted_forwards
from migrate.kernel import PASSES_CTX
from migrate.live_registrations import BOOKED_MIGRATED, read_live, unread
from migrate.op_kernel_tables import expand_op_tables, table_templates
from migrate.records import FileResult, Foreign, ForwardKernel, KernelRecord, LiveFacts
from migrate.source_files import SourceError, digest_of, read_source
from migrate.source_limits import nesting_problem, size_problem
from migrate.split_ops import name_split_blockers, split_exclusions
from migrate.static_refs import ImportTable, find_module_file
from migrate.tree_names import Use, removed_and_used, top_level_names, uses_elsewhere
from migrate.tree_origins import class_statement, relative_module
from phi.op_defs import render_op

__all__ = ["Change", "Plan", "apply", "discover", "plan_changes", "run_codemod",
           "unified_diff", "write_atomic", "write_plan"]

SKIP_DIRS = {"__pycache__", ".venv", "venv", ".git", "node_modules", "build", "dist"}
YAML_NAME = "ops.yaml"

_WORKER_STATE: dict[str, object] = {}


def discover(paths: Iterable[Path]) -> list[Path]:
    """`*.py` entries under `paths` (files given directly are kept as they are).

    Directories are walked without following symlinks; what is found is listed whatever
    it is (a FIFO or a symlink named `x.py` is reported by `migrate_file`, never opened).
    """
    found: list[Path] = []
    for p in paths:
        if p.is_dir():
            under: list[Path] = []
            for root, dirs, files in os.walk(p, followlinks=False):
                dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith(".")]
                under.extend(Path(root) / f for f in files if f.endswith(".py"))
            found.extend(sorted(under))
        elif os.path.lexists(p):
            found.append(p)
        else:
            raise FileNotFoundError(f"no such file or directory: {p}")
    seen: set[str] = set()
    unique = []
    for f in found:
        key = os.path.realpath(f) if not f.is_symlink() else os.path.abspath(f)
        if key not in seen:
            seen.add(key)
            unique.append(f)
    return unique


def display_path(path: Path) -> str:
    try:
        return str(Path(os.path.abspath(path)).relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def file_problem(path: Path) -> tuple[bool, str] | None:
    """(failed, one paragraph) for an entry the codemod does not read; None for a file."""
    try:
        st = os.lstat(path)
    except OSError as exc:
        return True, f"{path}: cannot be read ({exc.strerror})."
    if stat.S_ISLNK(st.st_mode):
        try:
            target = path.resolve(strict=True)
        except (OSError, RuntimeError):
            return True, (f"{path}: is a symlink that leads nowhere (a loop or a missing "
                          "target); expected a Python source file.")
        return False, (f"{path}: is a symlink to {target}; the codemod rewrites files in "
                       "place and leaves links alone (run it on the target).")
    if not stat.S_ISREG(st.st_mode):
        kind = "a directory" if stat.S_ISDIR(st.st_mode) else (
            "a FIFO" if stat.S_ISFIFO(st.st_mode) else "not a regular file")
        return False, f"{path}: is {kind}; expected a Python source file. Not read."
    return None


def migrate_file(path_text: str, exclude: dict[str, str] | None = None,
                 keep: frozenset[str] = frozenset(),
                 kept_for: dict[str, str] | None = None,
                 foreign: dict[str, Foreign] | None = None,
                 tree_bases: frozenset[str] = frozenset(),
                 live: LiveFacts | None = None,
                 grad_forwards: dict[str, ForwardKernel] | None = None) -> FileResult:
    """Worker: one file (base names and the InferMeta catalogue loaded once per process).
    `exclude`: op type -> why it stays legacy; `keep`: top-level names that must stay;
    `kept_for`: migrated kernel class kept -> who still uses it (words); `live`: its
    registrations read by importing the tree; `grad_forwards`: forward kernels other
    modules migrated, which its grad kernels follow (`grads_across`)."""
    _ensure_state()
    path = Path(path_text)
    shown = display_path(path)
    problem = file_problem(path)
    if problem is not None:
        failed, why = problem
        return FileResult(shown, "", "", error=why if failed else "",
                          skipped="" if failed else why)
    too_big = size_problem(os.stat(path).st_size)
    if too_big is not None:
        return FileResult(shown, "", "", skipped=f"{shown}: {too_big}.")
    try:
        source = read_source(path)
    except SourceError as exc:
        return FileResult(shown, "", "", error=str(exc))
    too_deep = nesting_problem(source.text)
    if too_deep is not None:
        return FileResult(shown, "", "", skipped=f"{shown}: {too_deep}.")
    try:  # legacy kernel tables read as the classes and registrations they stand for
        text = expand_op_tables(source.text, shown, path)
    except SyntaxError:
        text = source.text  # migrate_source says what is wrong with it
    except ValueError as exc:
        return FileResult(shown, "", "", error=str(exc))
    result = migrate_source(text, path, display=shown,
                            base_names=_WORKER_STATE["base"],  # type: ignore[arg-type]
                            catalog=_WORKER_STATE["catalog"],  # type: ignore[arg-type]
                            exclude_ops=exclude,
                            backward=_WORKER_STATE["backward"],  # type: ignore[arg-type]
                            keep_names=keep, foreign=foreign,
                            tree_bases=tree_bases | table_templates(text), live=live,
                            grad_forwards=grad_forwards)
    result.encoding, result.digest = source.encoding, source.digest
    result.excluded, result.kept = dict(exclude or {}), keep
    result.kept_for, result.foreign = dict(kept_for or {}), dict(foreign or {})
    for r in result.records:
        if r.status is KernelStatus.MIGRATED and r.kernel in result.kept_for:
            kept = f"class kept for {result.kept_for[r.kernel]}"
            r.reason = f"{r.reason}; {kept}" if r.reason else f"migrated; {kept}"
    return result


def remigrate(path: Path, result: FileResult, exclude: dict[str, str] | None = None,
              keep: Iterable[str] = (), kept_for: dict[str, str] | None = None,
              foreign: dict[str, Foreign] | None = None,
              grad_forwards: dict[str, ForwardKernel] | None = None) -> FileResult:
    """`path` migrated again with more ops left legacy and more names kept (and, given
    `foreign`, these other modules' kernels to compose instead of the ones it had; given
    `grad_forwards`, these forwards of other modules for its grad kernels)."""
    users = dict(result.kept_for)
    for name, who in (kept_for or {}).items():
        users[name] = _joined(users.get(name, ""), who)
    return migrate_file(str(path), {**result.excluded, **(exclude or {})},
                        result.kept | frozenset(keep), users,
                        result.foreign if foreign is None else foreign, result.tree_bases,
                        result.live,
                        result.grad_forwards if grad_forwards is None else grad_forwards)


def _joined(old: str, new: str) -> str:
    parts = [p for p in (*old.split(", "), *new.split(", ")) if p]
    return ", ".join(dict.fromkeys(parts))


def _ensure_state() -> None:
    if "base" not in _WORKER_STATE:
        _WORKER_STATE["base"] = load_base_names()
        _WORKER_STATE["catalog"] = infermeta.catalogue()
        _WORKER_STATE["backward"] = load_backward()


def run_codemod(files: list[Path], jobs: int = 1,
                on_done: Callable[[FileResult], None] | None = None,
                live: bool = False) -> list[FileResult]:
    """Every file; ops of different files sharing a PHI name are then left legacy, and
    what a write would remove that the tree still uses is kept (`tree_names`). `live`
    (verify runs): registrations the codemod cannot read are read by importing the tree
    once (`live_registrations`), when a module has such kernels."""
    results = _run(files, jobs, on_done)
    if live and any(unread(r) for r in results):
        facts = read_live(files)
        for i, r in enumerate(results):
            if unread(r):
                results[i] = migrate_file(str(files[i]), live=facts.get(
                    os.path.realpath(files[i]), LiveFacts(error="not imported")))
    skip_tree_bases(files, results)
    owners: dict[str, set[str]] = {}
    for r in results:
        for op in r.ops:
            owners.setdefault(op.phi_name, set()).add(op.op_type)
    exclude = {op: shared_phi_reason(name, sorted(ops)) for name, ops in owners.items()
               if len(ops) > 1 for op in ops}
    if exclude:
        for i, r in enumerate(results):
            if any(op.op_type in exclude for op in r.ops):
                results[i] = remigrate(files[i], r, exclude)
    for i, why in split_exclusions(files, results).items():
        results[i] = remigrate(files[i], results[i], why)
    name_split_blockers(files, results)
    compose_across(files, results)
    follow_forwards(files, results)
    keep_used_names(files, results)
    recheck_foreign(files, results)
    return results


def skip_tree_bases(files: list[Path], results: list[FileResult]) -> None:
    """Re-migrate (in `results`) each module with a kernel row no registration names
    ("?": not a kept class either) for a class another module of the tree subclasses: that
    class is a base, not a kernel."""
    subclassed: dict[str, set[str]] = {}
    for r in results:
        for path, name in r.bases_elsewhere:
            subclassed.setdefault(os.path.realpath(path), set()).add(name)
    for i, (f, r) in enumerate(zip(files, results)):
        bases = frozenset(subclassed.get(os.path.realpath(f), set())  # symlink loops too
                          & {rec.kernel for rec in r.records if rec.op_type == "?"})
        if bases - r.tree_bases:
            results[i] = migrate_file(str(f), r.excluded, r.kept, r.kept_for, r.foreign,
                                      r.tree_bases | bases, r.live, r.grad_forwards)


def compose_across(files: list[Path], results: list[FileResult]) -> None:
    """Re-migrate (in `results`) each module with a kernel passing its context on that
    imports a kernel class another module of the run migrated (`from .acts import K`),
    that class given to compose (`kernel_compose`); in turn, for chains across modules."""
    for _ in range(len(files) + 1):
        again = False
        for i, (f, r) in enumerate(zip(files, results)):
            if not any(rec.reason.startswith(PASSES_CTX) for rec in r.records):
                continue
            foreign = _foreign_kernels(f, r, files, results)
            if foreign != r.foreign:
                results[i] = remigrate(f, r, foreign=foreign)
                again = True
        if not again:
            return


def recheck_foreign(files: list[Path], results: list[FileResult]) -> list[int]:
    """Re-migrate every module composing another module's kernel that is no longer
    migrated as it composed it (verify held it back, a check left it legacy), with only
    what still is; returns their indices."""
    changed: list[int] = []
    for _ in range(len(files) + 1):
        again = False
        for i, (f, r) in enumerate(zip(files, results)):
            if not r.foreign:
                continue
            now = _foreign_kernels(f, r, files, results)
            if any(now.get(local) != k for local, k in r.foreign.items()):
                failed = {rec.op_type: rec.reason for rec in r.records
                          if rec.status is KernelStatus.FAILED}
                results[i] = remigrate(f, r, foreign={n: k for n, k in r.foreign.items()
                                                       if now.get(n) == k})
                mark_failed(results[i], failed)  # what was held back stays so
                changed.append(i)
                again = True
        if not again:
            break
    return sorted(set(changed) | set(follow_forwards(files, results)))


def follow_forwards(files: list[Path], results: list[FileResult]) -> list[int]:
    """Re-migrate (in `results`) each module with a grad kernel whose forward kernel
    another module of the run migrates, or no longer does, with those forwards
    (`grads_across`); returns their indices."""
    changed: list[int] = []
    for _ in range(len(files) + 1):
        wanted = wanted_forwards(results)
        for i, forwards in wanted.items():
            failed = {rec.op_type: rec.reason for rec in results[i].records
                      if rec.status is KernelStatus.FAILED}
            results[i] = remigrate(files[i], results[i], grad_forwards=forwards)
            mark_failed(results[i], failed)  # what was held back stays so
        changed += wanted
        if not wanted:
            break
    name_unmigrated_forwards(results)
    return sorted(set(changed))


def _foreign_kernels(path: Path, result: FileResult, files: list[Path],
                     results: list[FileResult]) -> dict[str, Foreign]:
    """The kernel classes `path` composes that other modules of the run migrated,
    followed through the tree's re-exports to their class statements
    (`tree_origins.class_statement`): local name -> the defining module as this module
    imports its function (as imported when it is that module, else spelled relative or
    absolute as the import was; relative for a star import), and the class."""
    try:
        module_node = cst.parse_module(result.old_text)
    except cst.ParserSyntaxError:
        return {}
    imports = ImportTable(module_node)
    by_path = {f.resolve(): r for f, r in zip(files, results)}
    out: dict[str, Foreign] = {}
    # the names composed (`C().compute(...)`), imported by name or bound by a star import
    # (or stored, `self._k = C()`, and run as `self._k.compute(...)`)
    for local in sorted(composed_names(module_node)):
        module = imports.from_modules.get(local, ".")
        origin = class_statement(path, local)
        if isinstance(origin, str) or origin.path is None:
            continue
        other = by_path.get(origin.path)
        if other is None or other is result:
            continue
        defining, _, name = origin.qualified.rpartition(".")
        kernel = other.composable.get(name)
        if kernel is None:
            continue
        imported = find_module_file(module, path)
        if imported is None or imported.resolve() != origin.path:
            module = relative_module(path, origin.path) if module.startswith(".") else defining
        out[local] = Foreign(module, kernel)
    return out


def keep_used_names(files: list[Path], results: list[FileResult]) -> None:
    """Re-migrate (in `results`) every module whose migration removes a top-level name the
    tree still uses: a kernel class is left legacy (its rows say who uses it), any other
    name is kept; a name that cannot be kept leaves the whole module legacy."""
    names: dict[str, frozenset[str]] = {}  # old text -> its top-level names, read once

    def top_level(r: FileResult) -> frozenset[str]:
        if r.top_names is not None:  # read by the migration, where the text was parsed
            return r.top_names
        if r.old_text not in names:
            names[r.old_text] = frozenset(top_level_names(cst.parse_module(r.old_text)))
        return names[r.old_text]

    for _ in range(len(files) + 2):
        found = {f: removed_and_used(top_level(r), r.new_text)
                 for f, r in zip(files, results) if r.changed and r.ops}
        removed = {f: set(names) for f, (names, _) in found.items()}
        elsewhere = uses_elsewhere(removed, files)
        again = False
        for i, (f, r) in enumerate(zip(files, results)):
            if f not in removed:
                continue
            uses = [*found[f][1],
                    *live_uses(f, elsewhere.get(f.resolve(), []), files, results)]
            if not uses:
                continue
            results[i] = remigrate(f, r, *_resolution(r, uses))
            again = True
        if not again:
            return


def _resolution(result: FileResult, uses: list[Use]
                ) -> tuple[dict[str, str], set[str], dict[str, str]]:
    """(ops to leave legacy with why, names to keep, migrated kernel classes kept -> their
    users) for the removed names still used. A migrated kernel class still used is kept
    as it is (no longer registered): its op is served by the new kernel, its users get the
    very class they used."""
    exclude: dict[str, str] = {}
    keep: set[str] = set()
    kept_for: dict[str, str] = {}
    served = [r for r in result.records if r.status in (KernelStatus.MIGRATED,
                                                         KernelStatus.COVERED)]
    for use in uses:
        why = (f"{use.user} uses `{use.name}`, which migrating would remove from this module; "
               "left legacy")
        ops = [r.op_type for r in served if r.kernel == use.name]
        if any(r.reason.startswith(BOOKED_MIGRATED) for r in served if r.kernel == use.name):
            # kept, its class statement would still book it: it would stay registered
            exclude.update(dict.fromkeys(ops, f"{why}: kept, its class statement would still "
                                              "book it for registration"))
        elif ops and use.name not in result.kept:
            keep.add(use.name)
            kept_for[use.name] = _joined(kept_for.get(use.name, ""), use.user)
        elif use.name in result.kept:  # kept, and still removed: leave the module legacy
            exclude.update(dict.fromkeys((r.op_type for r in served), why))
        else:
            keep.add(use.name)
    return exclude, keep, kept_for


def _run(files: list[Path], jobs: int,
         on_done: Callable[[FileResult], None] | None) -> list[FileResult]:
    names = [str(f) for f in files]
    results: list[FileResult] = []
    if jobs > 1 and len(files) > 1:
        if multiprocessing.get_start_method() == "fork":
            _ensure_state()  # loaded once here, each forked worker starts with it
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for r in pool.map(migrate_file, names, chunksize=max(1, len(names) // (jobs * 4))):
                results.append(r)
                if on_done:
                    on_done(r)
    else:
        for n in names:
            r = migrate_file(n)
            results.append(r)
            if on_done:
                on_done(r)
    return results


@dataclass
class Plan:
    results: list[FileResult]
    changes: list[Change] = field(default_factory=list)

    @property
    def records(self) -> list[KernelRecord]:
        return [r for res in self.results for r in res.records]

    def yaml_text(self, module: Path) -> str | None:
        """The ops.yaml text `--write` leaves next to `module` (None: there is none)."""
        ypath = module.parent / YAML_NAME
        for ch in self.changes:
            if ch.path == ypath:
                return ch.new
        return _read_yaml(ypath)[0] if ypath.is_file() else None


def _read_yaml(path: Path) -> tuple[str, str]:
    data = path.read_bytes()
    return data.decode("utf-8"), digest_of(data)


def plan_changes(files: list[Path], results: list[FileResult],
                 held: Iterable[Path] = ()) -> Plan:
    """Module rewrites plus one ops.yaml per directory (entries merged by op name).
    `held`: modules not to write; their entries stay out of ops.yaml too."""
    plan = Plan(results)
    held = set(held)
    yaml_entries: dict[Path, dict[str, str]] = {}
    phi_names = {op.phi_name for r in results for op in r.ops}
    folders = backward_folders(files, results)
    for path, res in zip(files, results):
        if path in held:
            continue
        if res.changed:
            plan.changes.append(Change(path, res.old_text, res.new_text, res.encoding,
                                       res.digest))
        for op in res.ops:
            op_def = op.op_def
            if is_generated(op_def):  # generated: written next to its forward's ops.yaml
                forward = op_def.forward.op if op_def.forward is not None else ""
                folder = folders.get(forward, path.parent)
                yaml_entries.setdefault(folder / GENERATED_FILE, {})[op.phi_name] = \
                    render_op(op_def)
                continue
            if op_def.is_backward:  # followed as phi/backward.yaml holds it: nothing to write
                continue
            # its grad's entry: after its PHI name, or its op type's where renamed
            grad = next((g for g in (f"{op.phi_name}_grad", f"{op.op_type}_grad")
                         if g in phi_names), None)
            if grad is not None and op_def.backward is None:
                op_def = replace(op_def, backward=grad)
            yaml_entries.setdefault(path.parent / YAML_NAME, {})[op.phi_name] = render_op(op_def)
    for ypath, entries in sorted(yaml_entries.items()):
        old, digest = _read_yaml(ypath) if ypath.is_file() else (None, None)
        new = emit.merge_yaml(old, entries)
        if new != old:
            plan.changes.append(Change(ypath, old, new, "utf-8", digest))
    return plan


def unified_diff(plan: Plan) -> str:
    chunks = []
    for ch in plan.changes:
        name = display_path(ch.path)
        old = (ch.old or "").splitlines(keepends=True)
        new = ch.new.splitlines(keepends=True)
        chunks.append("".join(difflib.unified_diff(
            old, new, fromfile=f"a/{name}" if ch.old is not None else "/dev/null",
            tofile=f"b/{name}")))
    return "".join(chunks)


def write_plan(files: list[Path], results: list[FileResult]) -> tuple[Plan, WriteReport]:
    """Check every target, hold back the modules that cannot be written (with the folder's
    ops.yaml when that cannot be), then write the rest, all of it or none. Held or failed
    modules get a file error and their migrated kernels a `failed` row saying why."""
    held: dict[Path, str] = {}
    while True:
        plan = plan_changes(files, results, held)
        problems = {ch.path: why for ch in plan.changes if (why := check_target(ch))}
        if not problems:
            break
        for path, why in problems.items():
            if path.name == YAML_NAME:
                for f, r in zip(files, results):
                    if f.parent == path.parent and r.ops:
                        held.setdefault(f, why)
            else:
                held.setdefault(path, why)
    report = WriteReport(failed=dict(held))
    _write_units(plan.changes, report)
    for f, r in zip(files, results):
        why = report.failed.get(f, "")
        if not why and r.ops:
            why = report.failed.get(f.parent / YAML_NAME, "")
        if why:
            mark_not_written(r, why)
    return plan, report


def _write_units(changes: list[Change], report: WriteReport) -> None:
    """The run's writes are one unit: all of them, or (a write failed) none."""
    if changes:
        write_unit(changes, report)


def mark_failed(result: FileResult, held: dict[str, str]) -> None:
    """The rows of the `held` ops (op -> why): `failed`, with why."""
    for rec in result.records:
        if rec.op_type in held:
            rec.status, rec.reason, rec.function = KernelStatus.FAILED, held[rec.op_type], ""


def mark_not_written(result: FileResult, why: str) -> None:
    result.error = why
    for rec in result.records:
        if rec.status in (KernelStatus.MIGRATED, KernelStatus.COVERED):
            rec.status, rec.reason = KernelStatus.FAILED, f"not written: {why}"


def apply(plan: Plan) -> list[Path]:
    """Write a plan's changes, all or none (see `write_plan` for the checked way)."""
    report = WriteReport()
    _write_units(plan.changes, report)
    return report.written
