"""What a verify run held back stays held back until a new verify.

A `--write` whose verify flags an op (`differing`, `errored`) leaves it legacy and records
it in `.fluidphi-migrate-held.json` next to the module (module file name -> op -> why). A
later `--write --no-verify` leaves every recorded op legacy too (its rows say why); a later
verified `--write` verifies afresh and rewrites the record.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from compat.statuses import KernelStatus
from legacy_fluid.io.atomic_write import atomic_write_bytes
from migrate.records import FileResult

HELD_NAME = ".fluidphi-migrate-held.json"
#: How verify_gate words the reason of a row it held back.
FLAG_PREFIX = "not written: verify found it "


def _read(folder: Path) -> dict[str, dict[str, str]]:
    path = folder / HELD_NAME
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path}: cannot be read as the codemod's record of held-back ops "
                         f"({exc}); delete it and run with verify") from None
    if not isinstance(doc, dict) or not all(
            isinstance(v, dict) and all(isinstance(r, str) for r in v.values())
            for v in doc.values()):
        raise ValueError(f"{path}: expected an object of module -> op -> reason; delete it "
                         "and run with verify")
    return doc


def held_ops(module: Path) -> dict[str, str]:
    """op -> why, for the ops of `module` an earlier verify held back."""
    return dict(_read(module.parent).get(module.name, {}))


def record(files: list[Path], results: list[FileResult]) -> None:
    """After a verified write: each folder's record holds what this run held back."""
    folders: dict[Path, dict[str, dict[str, str]]] = {}
    for f, r in zip(files, results):
        ops = {rec.op_type: rec.reason.removeprefix("not written: ") for rec in r.records
               if rec.status is KernelStatus.FAILED and rec.reason.startswith(FLAG_PREFIX)}
        doc = folders.setdefault(f.parent, _read(f.parent))
        if ops:
            doc[f.name] = ops
        else:
            doc.pop(f.name, None)
    for folder, doc in folders.items():
        path = folder / HELD_NAME
        if doc:
            atomic_write_bytes(path, (json.dumps(doc, indent=2, sort_keys=True) + "\n")
                               .encode("utf-8"))
        else:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()


def hold_recorded(files: list[Path], results: list[FileResult]) -> None:
    """An unverified write: the ops an earlier verify held back stay legacy (in `results`),
    their rows `failed` with the recorded reason."""
    from migrate.runner import keep_used_names, mark_failed, recheck_foreign, remigrate

    for i, f in enumerate(files):
        if not results[i].ops:
            continue
        held = {op: f"not written: an earlier verify held it back ({why}); run with verify "
                    "to try again" for op, why in held_ops(f).items()
                if any(p.op_type == op for p in results[i].ops)}
        if held:
            results[i] = remigrate(f, results[i], held)
            mark_failed(results[i], held)
    recheck_foreign(files, results)  # nothing composes a kernel held back
    keep_used_names(files, results)  # a module left legacy uses what it used (`dead_users`)
