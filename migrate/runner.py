"""Drive the codemod over files: discovery, --jobs, ops.yaml merging, diffs, atomic writes."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

import libcst as cst

from legacy_fluid.io.atomic_write import atomic_write_text
from migrate import emit, infermeta
from migrate.codemod import load_base_names, migrate_source
from migrate.consistency import shared_phi_reason
from migrate.records import FileResult, KernelRecord
from phi.op_defs import render_op

SKIP_DIRS = {"__pycache__", ".venv", "venv", ".git", "node_modules", "build", "dist"}
YAML_NAME = "ops.yaml"

_WORKER_STATE: dict[str, object] = {}


def discover(paths: Iterable[Path]) -> list[Path]:
    """Python files under `paths` (files given directly are kept as they are)."""
    found: list[Path] = []
    for p in paths:
        if p.is_dir():
            for f in sorted(p.rglob("*.py")):
                if not any(part in SKIP_DIRS or part.startswith(".") for part in
                           f.relative_to(p).parts[:-1]):
                    found.append(f)
        elif p.is_file():
            found.append(p)
        else:
            raise FileNotFoundError(f"no such file or directory: {p}")
    seen: set[Path] = set()
    unique = []
    for f in found:
        r = f.resolve()
        if r not in seen:
            seen.add(r)
            unique.append(f)
    return unique


def display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def migrate_file(path_text: str) -> FileResult:
    """Worker: one file (base names and the InferMeta catalogue loaded once per process)."""
    _ensure_state()
    path = Path(path_text)
    text = path.read_text(encoding="utf-8")
    return migrate_source(text, path, display=display_path(path),
                          base_names=_WORKER_STATE["base"],  # type: ignore[arg-type]
                          catalog=_WORKER_STATE["catalog"])  # type: ignore[arg-type]


def _migrate_excluding(args: tuple[str, dict[str, str]]) -> FileResult:
    path_text, exclude = args
    path = Path(path_text)
    _ensure_state()
    return migrate_source(path.read_text(encoding="utf-8"), path, display=display_path(path),
                          base_names=_WORKER_STATE["base"],  # type: ignore[arg-type]
                          catalog=_WORKER_STATE["catalog"],  # type: ignore[arg-type]
                          exclude_ops=exclude)


def _ensure_state() -> None:
    if "base" not in _WORKER_STATE:
        _WORKER_STATE["base"] = load_base_names()
        _WORKER_STATE["catalog"] = infermeta.catalogue()


def run_codemod(files: list[Path], jobs: int = 1,
                on_done: Callable[[FileResult], None] | None = None) -> list[FileResult]:
    """Every file; ops of different files sharing a PHI name are then left legacy."""
    results = _run(files, jobs, on_done)
    owners: dict[str, set[str]] = {}
    for r in results:
        for op in r.ops:
            owners.setdefault(op.phi_name, set()).add(op.op_type)
    exclude = {op: shared_phi_reason(name, sorted(ops)) for name, ops in owners.items()
               if len(ops) > 1 for op in ops}
    if exclude:
        for i, r in enumerate(results):
            if any(op.op_type in exclude for op in r.ops):
                results[i] = _migrate_excluding((str(files[i]), exclude))
    return results


def _run(files: list[Path], jobs: int,
         on_done: Callable[[FileResult], None] | None) -> list[FileResult]:
    names = [str(f) for f in files]
    results: list[FileResult] = []
    if jobs > 1 and len(files) > 1:
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
class Change:
    path: Path
    old: str | None  # None: the file does not exist yet
    new: str


@dataclass
class Plan:
    results: list[FileResult]
    changes: list[Change] = field(default_factory=list)

    @property
    def records(self) -> list[KernelRecord]:
        return [r for res in self.results for r in res.records]


def plan_changes(files: list[Path], results: list[FileResult]) -> Plan:
    """Module rewrites plus one ops.yaml per directory (entries merged by op name)."""
    plan = Plan(results)
    yaml_entries: dict[Path, dict[str, str]] = {}
    phi_names = {op.phi_name for r in results for op in r.ops}
    for path, res in zip(files, results):
        if res.changed:
            plan.changes.append(Change(path, res.old_text, res.new_text))
        for op in res.ops:
            op_def = op.op_def
            grad = f"{op.phi_name}_grad"
            if grad in phi_names and op_def.backward is None:
                op_def = replace(op_def, backward=grad)
            yaml_entries.setdefault(path.parent / YAML_NAME, {})[op.phi_name] = render_op(op_def)
    for ypath, entries in sorted(yaml_entries.items()):
        old = ypath.read_text(encoding="utf-8") if ypath.is_file() else None
        new = emit.merge_yaml(old, entries)
        if new != old:
            plan.changes.append(Change(ypath, old, new))
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


def write_atomic(path: Path, text: str) -> None:
    """Parse-check Python, then write via a temp file in the same directory + os.replace."""
    if path.suffix == ".py":
        try:
            cst.parse_module(text)
        except cst.ParserSyntaxError as exc:
            raise SyntaxError(f"{path}: {exc}") from exc
        compile(text, str(path), "exec")
    atomic_write_text(path, text)


def apply(plan: Plan) -> list[Path]:
    written = []
    for ch in plan.changes:
        write_atomic(ch.path, ch.new)
        written.append(ch.path)
    return written
