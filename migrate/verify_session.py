"""A module under verification, imported as it stands (the legacy text, or the migrated
text exactly as `--write` would write it) into fresh registries.

Inside `module_session` every registration the module makes (operators, legacy kernels,
PHI kernels, argument mappings) lands in scoped registries (`phi.core.registry.scoped`),
and the InferMeta bindings come from the ops.yaml entries written next to it, bound the
way `phi/infermeta/__init__.py` binds phi/ops.yaml. Base kernel names start from the
process-wide table (fluidphi's `compat/ops`, which the codemod also reads) plus what the
module registers. The process-wide registries are untouched afterwards.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import traceback
import types
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml

from phi.op_defs import OpDef, OpDefError, parse_op, render_op


class ModuleRunError(Exception):
    """The module (or its ops.yaml entries) could not be imported; `str(exc)` says why."""


def brief(exc: BaseException) -> str:
    """`Type: message`, on one line of at most 300 characters."""
    text = " ".join("".join(traceback.format_exception_only(type(exc), exc)).split())
    return text if len(text) < 300 else text[:297] + "..."


def package_of(path: Path | None) -> str | None:
    if path is None:
        return None
    parts: list[str] = []
    d = path.resolve().parent
    while (d / "__init__.py").is_file():
        parts.insert(0, d.name)
        d = d.parent
    return ".".join(parts) or None


_COUNTER = [0]


def _importable_as(package: str, folder: Path) -> bool:
    """`package` already imports from `folder` here (fluidphi's own operators)."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return False
    locations = list(spec.submodule_search_locations or []) if spec else []
    return any(Path(loc).resolve() == folder for loc in locations)


class _TextFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports the modules of `texts` (file -> source) from that source, not the disk: the
    module under verification and its siblings as `--write` would leave them (a package's
    `__init__.py` too). `root`: the folder holding the top-level package."""

    def __init__(self, texts: dict[Path, str], root: Path) -> None:
        self.texts = {p.resolve(): text for p, text in texts.items()}
        self.root = root

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
        leaf = fullname.rsplit(".", 1)[-1]
        for base in ([self.root] if path is None else path):
            stem = Path(base) / leaf
            if stem.with_suffix(".py").resolve() in self.texts:
                return importlib.util.spec_from_file_location(
                    fullname, stem.with_suffix(".py"), loader=self)
            init = stem / "__init__.py"
            if init.resolve() in self.texts:
                return importlib.util.spec_from_file_location(
                    fullname, init, loader=self, submodule_search_locations=[str(stem)])
        return None

    def create_module(self, spec: Any) -> None:
        return None

    def exec_module(self, module: types.ModuleType) -> None:
        file = str(module.__file__)
        exec(compile(self.texts[Path(file).resolve()], file, "exec"), module.__dict__)


def _module_name(path: Path, package: str) -> str:
    return package if path.stem == "__init__" else f"{package}.{path.stem}"


@contextmanager
def as_package(path: Path | None, texts: dict[Path, str] | None = None
               ) -> Iterator[str | None]:
    """While open, `path`'s package imports as the package it is, whatever sys.path holds
    (its root put first on sys.path), the modules of `texts` from that text: yields the
    module's dotted name, or None when it is no package's or its package is already
    imported here from this folder (fluidphi's own operators). Every module of that
    package imported meanwhile is dropped from sys.modules afterwards, so the next
    session imports them afresh."""
    package = package_of(path)
    if path is None or package is None:
        yield None
        return
    top = package.split(".")[0]
    stale = [m for m in sys.modules if m == top or m.startswith(top + ".")]
    if stale and _importable_as(package, path.resolve().parent):
        yield None
        return
    if stale:  # another package of that name is imported: not ours to replace
        raise ModuleRunError(f"a package named '{top}' is already imported in this process "
                             f"({sys.modules[stale[0]]!r}); cannot import {path} as part of "
                             f"{package}")
    root = path.resolve().parents[package.count(".") + 1]
    sys.path.insert(0, str(root))
    finder = _TextFinder(texts or {}, root)
    sys.meta_path.insert(0, finder)
    try:
        yield _module_name(path, package)
    finally:
        sys.meta_path.remove(finder)
        for m in [m for m in sys.modules if m == top or m.startswith(top + ".")]:
            del sys.modules[m]
        if str(root) in sys.path:
            sys.path.remove(str(root))


def exec_module(text: str, path: Path | None, tag: str) -> dict[str, Any]:
    """Run module source in a fresh module namespace (its package set, for relative imports,
    when that package is already imported here)."""
    _COUNTER[0] += 1
    mod = types.ModuleType(f"_fluidphi_migrate_{tag}_{_COUNTER[0]}")
    mod.__file__ = str(path) if path else f"<{tag}>"
    package = package_of(path)
    if package:
        mod.__package__ = package
    exec(compile(text, mod.__file__, "exec"), mod.__dict__)
    return mod.__dict__


def written_op_defs(entries_text: Iterable[str], phi_names: set[str], where: str
                    ) -> list[OpDef]:
    """The entries among the yaml texts (whole files or single entries) that declare one of
    `phi_names`, parsed by the op model as fluidphi parses phi/ops.yaml."""
    out: list[OpDef] = []
    for text in entries_text:
        try:
            entries = yaml.safe_load(text) or []
        except yaml.YAMLError as exc:
            raise ModuleRunError(f"{where}: ops.yaml does not parse ({exc})") from None
        for entry in entries:
            try:
                op = parse_op(entry, where)
            except OpDefError as exc:
                raise ModuleRunError(str(exc)) from None
            if op.name in phi_names or set(op.kernel.func) & phi_names:
                out.append(op)
    return out


def rendered(op_defs: Iterable[OpDef]) -> list[str]:
    return [render_op(op) for op in op_defs]


def _bind_infer_metas(op_defs: list[OpDef], namespace: dict[str, Any]) -> None:
    from phi.core.infermeta_utils import register_infer_meta
    from phi.infermeta import find_infer_meta

    for op in op_defs:
        if op.infer_meta is None:
            continue
        fn = namespace.get(op.infer_meta.func)
        if not callable(fn):
            try:
                fn = find_infer_meta(op.infer_meta.func)
            except LookupError as exc:
                raise ModuleRunError(f"ops.yaml entry '{op.name}': {exc}") from None
        for kernel_name in op.kernel.func:
            register_infer_meta(kernel_name, fn, op.infer_meta.param, op.output_names)


@contextmanager
def module_session(text: str, path: Path | None, tag: str, op_defs: list[OpDef] | None = None,
                   texts: dict[Path, str] | None = None) -> Iterator[dict[str, Any]]:
    """Import `text` in fresh registries, bind `op_defs`' InferMeta; yields the namespace.
    `texts`: other modules of its package, imported from that source (file -> text).
    ModuleRunError when the module or its entries cannot be imported."""
    from compat.arg_mapping import ARG_MAPPINGS, BASE_KERNEL_NAMES
    from legacy_fluid.framework.op_kernel import OP_KERNELS
    from legacy_fluid.framework.op_registry import OP_INFOS
    from phi.core.infermeta_utils import INFER_METAS
    from phi.core.kernel_factory import KERNELS
    from phi.core.registry import scoped

    with scoped(KERNELS, INFER_METAS, OP_INFOS, OP_KERNELS, ARG_MAPPINGS), \
            BASE_KERNEL_NAMES.scoped(inherit=True), \
            as_package(path, {**(texts or {}), **({path: text} if path else {})}) as name:
        try:
            # in its package, imported once: the package's `__init__` (which may import
            # this module and the siblings importing from it) runs first
            namespace = (importlib.import_module(name).__dict__ if name is not None
                         else exec_module(text, path, tag))
        except Exception as exc:
            raise ModuleRunError(f"importing it raised {brief(exc)}") from None
        _bind_infer_metas(op_defs or [], namespace)
        yield namespace
