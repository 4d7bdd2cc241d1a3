"""Run in a subprocess by `live_registrations`: import the modules of a tree as their
package (`verify_session.as_package`, the machinery verify imports them with) and record
every legacy kernel registration they make.

`python -m migrate.live_import FILES_JSON OUT_JSON`: FILES_JSON lists the tree's files;
OUT_JSON receives, per file (its real path), `{"error": why it did not import, "classes":
{name: [[op, device, dtype, layout, library, class line, registering file, line,
replaced method, calling file, line], ...]}, "protos": {op: `proto_row`}}` (the protos of
the operators with a maker that a top-level statement of the file registered).
A class is recorded under a file only when it is the module attribute of its own name
(`getattr(module, name) is cls`, a top-level name) there, the module its `__module__`
names or else the one module binding it (`_home_of`); the class line is that of the class
statement that built it (0: no class statement did, e.g. `type(...)`); the registering
file and line are those of the innermost top-level statement of a module of the tree that
was running when the key was added; the replaced method is the first function the class
holds that is not what its class statement's body bound under that name (the body's
namespace as its frame returns, `_watching_body`: a `def`, `staticmethod(f)`, a name, a
call's result, compared by identity; a decorator's, a registering helper's or
`__init_subclass__`'s replacement is not), or ""; the calling
file and line are those of the innermost frame running code of the tree (the register call
inside a publishing function; the registering statement's when it calls directly).
"""

from __future__ import annotations

import builtins
import json
import os
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

Key = list[Any]


@cache
def _realpath(file: str) -> str:
    """A code object's file, resolved once per file name for this one import run (every
    registration walks the frames above it)."""
    return os.path.realpath(file)


class _Recorder:
    """Class statements run and legacy kernel keys added while the tree imports."""

    def __init__(self, files: set[str]) -> None:
        self.files = files
        #: id -> (class, its statement's line, what its body bound: the namespace it left)
        self.built: dict[int, tuple[type, int, dict[str, Any]]] = {}
        self.added: list[tuple[str, Any, type, str, int, str, int]] = []
        #: (file of the top-level statement that ran, op, `proto_row`) of each operator
        #: registered with a maker
        self.operators: list[tuple[str, str, dict[str, Any]]] = []

    def build_class(self, original: Callable[..., Any]) -> Callable[..., Any]:
        # positional-only: a class keyword may be spelled `name=` (`class K(B, name="x")`)
        def build(func: Any, name: str, /, *args: Any, **kwargs: Any) -> Any:
            code = func.__code__
            body: dict[str, Any] = {}
            cls = _watching_body(code, body, lambda: original(func, name, *args, **kwargs))
            if isinstance(cls, type):
                self.built[id(cls)] = (cls, code.co_firstlineno, body)
            return cls
        return build

    def added_to(self, registry: Any, key: Any) -> None:
        """A `phi.core.registry.watching_additions` watcher: a new legacy kernel key, with
        the top-level statement of a module of the tree that was running."""
        from legacy_fluid.framework.op_kernel import OP_KERNELS
        from legacy_fluid.framework.op_registry import OP_INFOS

        if registry is not OP_KERNELS and registry is not OP_INFOS:
            return
        frame = sys._getframe(1)
        inner: tuple[str, int] = ("", 0)  # the innermost frame running code of the tree
        while frame is not None and not (frame.f_code.co_name == "<module>" and _realpath(
                frame.f_code.co_filename) in self.files):
            if not inner[0] and _realpath(frame.f_code.co_filename) in self.files:
                inner = (_realpath(frame.f_code.co_filename), frame.f_lineno)
            frame = frame.f_back  # type: ignore[assignment]
        where = (_realpath(frame.f_code.co_filename), frame.f_lineno) if frame else ("", 0)
        if registry is OP_INFOS:  # read now: the modules it names are still imported
            info = registry.get(key)
            if where[0] and info is not None and info.maker is not None:
                self.operators.append((where[0], info.type, proto_row(info)))
            return
        op_type, kernel_key = key
        self.added.append((op_type, kernel_key, registry.get(key), *where, *(inner if inner[0]
                                                                            else where)))

    def read(self, namespaces: dict[str, tuple[str, dict[str, Any]]],
             out: dict[str, dict[str, Any]]) -> None:
        """The keys added so far for classes of `namespaces` (module name -> (file, its
        namespace)), into `out`."""
        for op, key, cls, reg_file, reg_line, call_file, call_line in self.added:
            name = getattr(cls, "__name__", "")
            home = _home_of(namespaces, cls, name, reg_file)
            if home is None or cls.__qualname__ != name:
                continue
            built = self.built.get(id(cls))
            line = built[1] if built is not None and built[0] is cls else 0
            # a method its class statement's body did not bind as it is (a decorator, a
            # helper or `__init_subclass__` replaced it)
            replaced = next((n for n, v in vars(cls).items() if _code(v) is not None
                             and (built is None or not _bound_by(built[2], n, v))), "")
            place = key.place
            device = ("CPU" if getattr(place, "is_cpu", False) else "GPU"
                      if getattr(place, "is_gpu", False) else str(place))
            # ANY (== UNDEFINED == ALL_LAYOUT) as the codemod's static reading spells it
            layout = "ANY" if key.data_layout == 0 else _named(key.data_layout)
            # a key the framework stored as given (a dtype's name) is recorded, never a crash
            row = [op, device, _named(key.data_type), layout,
                   _named(key.library_type), line, reg_file, reg_line, replaced, call_file,
                   call_line]
            rows = out.setdefault(home[0], {"error": "", "classes": {}})["classes"]
            if row not in rows.setdefault(name, []):
                rows[name].append(row)


def _home_of(namespaces: dict[str, tuple[str, dict[str, Any]]], cls: Any, name: str,
             reg_file: str) -> tuple[str, dict[str, Any]] | None:
    """The module of the tree holding `cls` as the attribute of its name: the one its
    `__module__` names, else (a class type() made under a metaclass names the metaclass's
    module, `abc`) the one module binding it, or of several the registering one."""
    home = namespaces.get(getattr(cls, "__module__", ""))
    if home is not None and home[1].get(name) is cls:
        return home
    binding = [h for h in namespaces.values() if h[1].get(name) is cls]
    if len(binding) > 1:
        binding = [h for h in binding if h[0] == reg_file]
    return binding[0] if len(binding) == 1 else None


def _named(value: Any) -> str:
    """An enum member's name; any other value as text."""
    return str(getattr(value, "name", value))


def _watching_body(code: Any, body: dict[str, Any], build: Callable[[], Any]) -> Any:
    """`build()` (the class statement's `__build_class__`), copying into `body` the
    namespace the class body's frame (of `code`) holds as it returns: what the statement's
    body bound, before the metaclass, `__init_subclass__` or a decorator see it."""
    previous = sys.getprofile()

    def watch(frame: Any, event: str, arg: Any) -> None:
        if event == "return" and frame.f_code is code and not body:
            body.update(frame.f_locals)
            body.setdefault("", True)  # the body ran (a body binding nothing is still read)
        if previous is not None:
            previous(frame, event, arg)

    sys.setprofile(watch)
    try:
        return build()
    finally:
        sys.setprofile(previous)


def _bound_by(body: dict[str, Any], name: str, value: Any) -> bool:
    """Whether `value`, held by a class under `name`, is what its class body bound there:
    the object itself (a `def`, `staticmethod(f)`, a name, a call's result), or the plain
    function type() wraps (`__init_subclass__`, `__class_getitem__` into classmethods,
    `__new__` into a staticmethod)."""
    if name not in body:
        return False
    return body[name] is value or getattr(value, "__func__", None) is body[name]


def _code(value: Any) -> Any:
    """The code of a function a class holds (through staticmethod, classmethod,
    property); None for any other value."""
    for attr in ("__func__", "fget"):
        value = getattr(value, attr, value)
    return getattr(value, "__code__", None)


def collect(files: list[str]) -> dict[str, dict[str, Any]]:
    """Import every file of `files` (grouped by top-level package), recording."""
    from compat.registration_index import enable_lazy_registration
    from phi.core.registry import watching_additions

    enable_lazy_registration()  # fluidphi's own ops only where the tree's code looks one up

    real = {_realpath(f): f for f in files}
    recorder = _Recorder(set(real))
    out: dict[str, dict[str, Any]] = {f: {"error": "", "classes": {}} for f in real}
    builtins.__build_class__ = recorder.build_class(builtins.__build_class__)
    with watching_additions(recorder.added_to):
        _import_groups(real, recorder, out)
    for file, op, row in recorder.operators:
        out.setdefault(file, {"error": "", "classes": {}}).setdefault("protos", {})[op] = row
    return out


def proto_row(info: Any) -> dict[str, Any]:
    """An operator's proto as `live_protos` reads it back: its maker's name, its inputs and
    outputs [name, duplicable, dispensable, extra, quant], its attributes [name, type,
    repr of the default (None: not a plain literal), extra, quant] (the framework's own,
    `generated`, left out), and its operator class [file, name] when that is the module
    attribute of its name."""
    proto = info.proto

    def slots(vs: Any) -> list[list[Any]]:
        return [[v.name, v.duplicable, v.dispensable, v.extra, v.quant] for v in vs]

    op_class = info.op_class
    home = sys.modules.get(getattr(op_class, "__module__", ""))
    file = getattr(home, "__file__", None)
    owned = file and getattr(home, getattr(op_class, "__name__", ""), None) is op_class
    return {"maker": getattr(info.maker, "__name__", ""), "inputs": slots(proto.inputs),
            "outputs": slots(proto.outputs),
            "attrs": [[a.name, a.type.name, _literal(a.default), a.extra, a.quant]
                      for a in proto.attrs if not a.generated],
            "op_class": [_realpath(file), op_class.__name__] if owned else None}


def _literal(value: Any) -> str | None:
    """`repr(value)` when it reads back as the same value (of the same type), else None."""
    import ast

    text = repr(value)
    try:
        back = ast.literal_eval(text)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None
    return text if type(back) is type(value) and back == value else None


def _import_groups(real: dict[str, str], recorder: _Recorder,
                   out: dict[str, dict[str, Any]]) -> None:
    """Import the tree's files grouped by top-level package, recording into `out`."""
    import importlib

    from migrate.source_files import read_source
    from migrate.verify_session import (
        ModuleRunError,
        as_package,
        brief,
        exec_module,
        package_of,
    )

    groups: dict[str, list[str]] = {}
    for f in real:
        package = package_of(Path(f))
        groups.setdefault(package.split(".")[0] if package else "", []).append(f)
    for top, members in groups.items():
        namespaces: dict[str, tuple[str, dict[str, Any]]] = {}
        if not top:  # modules of no package: each run as it stands
            for f in members:
                try:
                    ns = exec_module(read_source(Path(f)).text, Path(f), "live")
                    namespaces[ns["__name__"]] = (f, ns)
                except (Exception, SystemExit) as exc:
                    out[f]["error"] = f"importing it raised {brief(exc)}"
            recorder.read(namespaces, out)
            continue
        try:
            with as_package(Path(members[0])):
                for f in sorted(members):
                    package = package_of(Path(f)) or ""
                    name = package if Path(f).stem == "__init__" else f"{package}.{Path(f).stem}"
                    try:
                        module = importlib.import_module(name)
                    except (Exception, SystemExit) as exc:
                        out[f]["error"] = f"importing it as {name} raised {brief(exc)}"
                        continue
                    namespaces[name] = (f, module.__dict__)
                recorder.read(namespaces, out)
        except ModuleRunError as exc:
            for f in members:
                out[f]["error"] = str(exc)


def main(argv: list[str]) -> int:
    files = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
    Path(argv[2]).write_text(json.dumps(collect(files)), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
