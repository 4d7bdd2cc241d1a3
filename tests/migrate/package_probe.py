"""Import every module of a package as a package and run each op whose legacy kernel
class it defines (legacy mode, one float32 case, a seed fixed); print what happened as JSON.

`python package_probe.py ROOT PACKAGE`: ROOT is the folder holding PACKAGE. Run in a
subprocess by tests/migrate/test_migrate_package.py, before and after a `--write`, so a
module the write broke (a sibling's import, a NameError in a kernel left legacy) shows.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

import numpy as np


def probe(root: Path, package: str) -> dict[str, dict[str, object]]:
    from compat.single_op import run_single_op
    from legacy_fluid.framework.op_kernel import OP_KERNELS
    from legacy_fluid.framework.op_registry import OP_INFOS
    from migrate.verify_session import brief

    sys.path.insert(0, str(root))
    imported: dict[str, object] = {}
    for path in sorted((root / package).rglob("*.py")):  # sub-packages too
        parts = path.relative_to(root).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        try:
            importlib.import_module(name)
            imported[name] = "ok"
        except Exception as exc:  # the point: a module the write broke
            imported[name] = brief(exc)
    ran: dict[str, object] = {}
    x = np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4)
    for (op, _key), cls in sorted(OP_KERNELS.items(), key=lambda kv: kv[0][0]):
        if not cls.__module__.startswith(package + ".") or op in ran:
            continue
        try:
            seeded = {a.name: 7 for a in OP_INFOS.info(op).proto.attrs if a.name == "seed"}
            outs, _ = run_single_op(op, {"X": x}, seeded, {"Out": 1}, mode="legacy")
            ran[op] = outs["Out"][0].tolist()
        except Exception as exc:
            ran[op] = brief(exc)
    return {"imported": imported, "ran": ran}


if __name__ == "__main__":
    print(json.dumps(probe(Path(sys.argv[1]), sys.argv[2])))
