"""Import every module of a package as a package and run each op whose legacy kernel
class it defines (legacy mode, one float32 case, a seed fixed), and each op of it no legacy
kernel serves (a migrated one: its PHI kernel, `phi` mode); print what happened as JSON,
with where each kernel class importing it registered lives (`registered`, `homeless`:
`migrate_helpers.write_tree` checks that a `--write` gives each a row).

`python package_probe.py ROOT PACKAGE`: ROOT is the folder holding PACKAGE. Run in a
subprocess by tests/migrate/test_migrate_package.py, before and after a `--write`, so a
module the write broke (a sibling's import, a NameError in a kernel left legacy) shows.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path

import numpy as np


def probe(root: Path, package: str) -> dict[str, dict[str, object]]:
    from compat.registration_index import enable_lazy_registration
    from compat.single_op import run_single_op
    from legacy_fluid.framework.op_kernel import OP_KERNELS
    from legacy_fluid.framework.op_registry import OP_INFOS
    from migrate.verify_session import brief
    from phi.core.registry import watching_additions

    enable_lazy_registration()  # fluidphi's own ops load only where a lookup needs them
    sys.path.insert(0, str(root))
    imported: dict[str, object] = {}
    added: list[tuple[object, object]] = []  # what importing the package registered
    with watching_additions(lambda registry, key: added.append((registry, key))):
        for path in sorted((root / package).rglob("*.py")):  # sub-packages too
            parts = path.relative_to(root).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            try:
                importlib.import_module(name)
                imported[name] = "ok"
            except Exception as exc:  # the point: a module the write broke
                imported[name] = brief(exc)
    x = np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4)

    def run(op: str, mode: str) -> object:
        try:
            seeded = {a.name: 7 for a in OP_INFOS.info(op).proto.attrs if a.name == "seed"}
            outs, _ = run_single_op(op, {"X": x}, seeded, {"Out": 1}, mode=mode)
            return outs["Out"][0].tolist()
        except Exception as exc:
            return brief(exc)

    # only what the package registered is looked at: the process-wide tables stay lazy
    kernels = sorted((k for r, k in added if r is OP_KERNELS), key=lambda k: k[0])
    ran: dict[str, object] = {}
    for op, _key in kernels:
        if OP_KERNELS[(op, _key)].__module__.startswith(package + ".") and op not in ran:
            ran[op] = run(op, "legacy")
    # the package's ops no legacy kernel serves (migrated ones): their PHI kernels
    infos = sorted({k for r, k in added if r is OP_INFOS})
    phi_ran = {op: run(op, "phi") for op in infos
               if OP_INFOS.info(op).module.startswith(package + ".") and op not in ran}
    named, homeless = _homes(root, package, {id(c): c for c in (
        OP_KERNELS[k] for r, k in added if r is OP_KERNELS)}.values())
    return {"imported": imported, "ran": ran, "phi_ran": phi_ran, "registered": named,
            "homeless": homeless}


def _homes(root: Path, package: str, classes: object) -> tuple[list[list[str]], list[str]]:
    """(file relative to `root`, module-level name) of each kernel class of `classes` the
    package's modules bind: by a class statement, else by an assignment (a factory's class,
    not a re-export), else a class statement of its name that its module rebound (a
    decorator handing back something else), else a class statement's body holding it (its
    dotted path, `RollOp.Kernel`); and the classes of the package bound to no such name."""
    mods = [m for n, m in sorted(sys.modules.items()) if n == package
            or n.startswith(package + ".")]
    named: set[tuple[str, str]] = set()
    homeless = []
    for cls in classes:
        homes: dict[str, set[tuple[str, str]]] = {"class": set(), "assigned": set()}
        for mod in mods:
            file = getattr(mod, "__file__", None)
            if file is None:
                continue
            text = Path(file).read_text()
            for name, value in vars(mod).items():
                for kind, spelled in (("class", rf"^class {name}\b"),
                                      ("assigned", rf"^{name}\s*=")):
                    if value is cls and re.search(spelled, text, re.M):
                        homes[kind].add((str(Path(file).relative_to(root)), name))
        found = homes["class"] or homes["assigned"]
        home = sys.modules.get(cls.__module__)
        ours = cls.__module__.split(".")[0] == package and home is not None
        outer = cls.__qualname__.partition(".")[0]
        if not found and ours and re.search(rf"^class {cls.__name__}\b",
                                            Path(home.__file__).read_text(), re.M):
            found = {(str(Path(home.__file__).relative_to(root)), cls.__name__)}
        if not found and ours and "<" not in cls.__qualname__ and re.search(
                rf"^class {outer}\b", Path(home.__file__).read_text(), re.M):
            found = {(str(Path(home.__file__).relative_to(root)), cls.__qualname__)}
        named |= found
        if not found and ours:
            homeless.append(cls.__qualname__)
    return sorted([list(n) for n in named]), homeless


if __name__ == "__main__":
    print(json.dumps(probe(Path(sys.argv[1]), sys.argv[2])))
