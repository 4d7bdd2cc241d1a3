"""Helpers for codemod tests: legacy module snippets in, migrated text out (LibCST style)."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from rich.console import Console

from migrate.cli_entry import run_migrate
from migrate.codemod import migrate_source
from migrate.infermeta import catalogue
from migrate.records import FileResult

#: Imports every snippet starts with (what a legacy op module usually imports).
HEADER = '''\
from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import scale as funcs
'''

#: A unary op's maker and operator (X -> Out, one float attribute `alpha`).
UNARY = '''

class UnaryOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("alpha", AttrType.FLOAT, 0.5, "slope")
        self.add_attr("use_cudnn", AttrType.BOOLEAN, False, "cuDNN", extra=True)


class UnaryOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")

'''

REGISTER_UNARY = '''
register_operator("unary", UnaryOp, UnaryOpMaker)
register_op_kernel("unary", "CPU", UnaryKernel, DataType.FLOAT32)
'''


#: The mapping generated for the covered op of `covered_pair_source`.
COVERED_MAPPING = 'return KernelSignature("unary", ["X"], ["alpha"], ["Out"])'


#: a lone op module's maker and operator (X -> Out, same shape): a kernel's template follows it
LONE_HEADER = '''
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType


class M(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class O(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
'''


def covered_pair_source(own_proto: bool = True) -> str:
    """unary / unary2 served by one kernel class. With `own_proto`, unary2's proto adds an
    XShape output and an attribute the kernel does not read (the squeeze / squeeze2 pattern),
    so unary2 is covered by unary's kernel through a mapping of its own; without, both ops
    share one proto (transpose / transpose2) and the default mapping serves unary2."""
    ops = UNARY + '''
class Unary2OpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_output("XShape", "dims only", extra=True)
        self.add_attr("alpha", AttrType.FLOAT, 0.5, "slope")
        self.add_attr("axes", AttrType.INTS, [], "read by infer_shape only")

'''
    kernel = '''
class UnaryKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.output("Out").mutable_data(ctx.place)
        out[...] = ctx.input("X").data * ctx.attr("alpha")

'''
    registrations = dedent('''
        register_operator("unary", UnaryOp, UnaryOpMaker)
        register_operator("unary2", UnaryOp, MAKER2)
        register_base_kernel_name("unary2", "unary")
        for _op in ("unary", "unary2"):
            register_op_kernel(_op, "CPU", UnaryKernel, DataType.FLOAT32, DataType.FLOAT64)
    ''')
    registrations = registrations.replace("MAKER2",
                                          "Unary2OpMaker" if own_proto else "UnaryOpMaker")
    header = HEADER.replace("from phi.common import DataType\n",
                            "from compat.arg_mapping import register_base_kernel_name\n"
                            "from phi.common import DataType\n")
    return header + ops + kernel + "\n" + registrations


def dedent(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def migrate(text: str, **kwargs: object) -> FileResult:
    return migrate_source(text, None, base_names={}, catalog=catalogue(), **kwargs)  # type: ignore[arg-type]


def unary(kernel: str, register: str = REGISTER_UNARY) -> str:
    """HEADER + the unary op + `kernel` (class source) + its registrations."""
    return HEADER + UNARY + dedent(kernel) + "\n" + register


def function_source(result: FileResult, name: str) -> str:
    for op in result.ops:
        if name in op.sources:
            return op.sources[name]
    raise AssertionError(f"no generated function {name}; records: {result.records}")


def assert_skipped(result: FileResult, reason: str, kernel: str | None = None) -> None:
    records = [r for r in result.records if kernel is None or r.kernel == kernel]
    assert records, result.records
    for r in records:
        assert r.status == "skipped", (r.status, r.reason)
        assert reason in r.reason, r.reason
    if kernel is None:
        assert not result.changed, "a skipped kernel must leave the module untouched"


CORPUS = Path(__file__).resolve().parent / "corpus"
REPO = CORPUS.parent.parent.parent
#: worker processes for the fixtures that run the codemod over many files (the dogfood,
#: the whole corpus): the suite's budget is a 2-core machine
JOBS = min(2, os.cpu_count() or 1)


def copy_package(root: Path, package: str) -> Path:
    """A copy of the corpus package `package` under `root` (its path)."""
    shutil.copytree(CORPUS / package, root / package,
                    ignore=shutil.ignore_patterns("__pycache__"))
    return root / package


def probe(root: Path, package: str) -> dict[str, Any]:
    """package_probe.py on `root/package`, in a subprocess: what imports, what each op
    left legacy computes."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, str(CORPUS.parent / "package_probe.py"), str(root),
                           package], capture_output=True, text=True, env=env, timeout=300,
                          check=True)
    return json.loads(done.stdout)


def console() -> Console:
    return Console(record=True, width=200, force_terminal=False)


#: what every script starts with: fluidphi's own ops registered only where a lookup needs
#: them (as a cold `fluidphi run` does), not all at the first lookup: a second, not two
_LAZY = ("from compat.registration_index import enable_lazy_registration\n"
         "enable_lazy_registration()\n")


def run_script(script: str, *argv: str) -> Any:
    """`script` run by `python -c` in a subprocess (the repository on its path, `argv` its
    arguments; fluidphi's registrations lazy): the JSON it prints."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-c", _LAZY + script, *argv], capture_output=True,
                          text=True, env=env, timeout=300, check=True)
    return json.loads(done.stdout)


#: runs ops of a corpus package in a subprocess (argv: root, then JSON: the package's modules
#: to import, op -> its attribute sets, op -> mode) on one float32 input `X` and prints, per
#: op and attribute set, its output `Out` or the message of the error it raises
_RUN_OPS = '''
import importlib, json, sys
import numpy as np
from compat.single_op import run_single_op
root, modules, cases, modes = sys.argv[1], *map(json.loads, sys.argv[2:])
sys.path.insert(0, root)
for name in modules:
    importlib.import_module(name)
x = np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4)
out = {}
for op, runs in cases.items():
    for attrs in runs:
        try:
            got = run_single_op(op, {"X": x}, attrs, {"Out": 1}, mode=modes[op])[0]["Out"][0]
            got = got.tolist()
        except Exception as exc:
            cause = exc
            while cause.__cause__ is not None:
                cause = cause.__cause__
            got = str(cause)
        out[f"{op} {attrs}"] = got
print(json.dumps(out))
'''


def run_package_ops(root: Path, modules: list[str], cases: dict[str, list[dict[str, Any]]],
                    mode: str, legacy: frozenset[str] = frozenset()) -> dict[str, Any]:
    """The ops of `cases` (op -> its attribute sets) run after importing `modules` from
    `root`, each in `mode` but those of `legacy` (left legacy by a write): the output
    `Out` (or the error's message) per `"op {attrs}"`."""
    modes = {op: "legacy" if op in legacy else mode for op in cases}
    return run_script(_RUN_OPS, str(root), json.dumps(modules), json.dumps(cases),
                      json.dumps(modes))


def check_script_output(root: Path, package: str) -> bytes:
    """What a corpus package's own check script (`python -m PACKAGE.check`) prints, the
    package imported from `root`."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(root)]),
           "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-m", f"{package}.check"], capture_output=True,
                          env=env, cwd=root, timeout=300, check=True).stdout


def edited_dry_run(root: Path, package: str, edits: Iterable[tuple[str, str, str]],
                   verify: bool) -> dict[str, dict[str, Any]]:
    """A copy of corpus `package` under `root`, each (module, old, new) of `edits` applied
    (`old` must be there), migrated dry (with or without verify): kernel -> its row."""
    pkg = copy_package(root, package)
    for module, old, new in edits:
        text = (pkg / module).read_text()
        assert old in text, (module, old)
        (pkg / module).write_text(text.replace(old, new))
    out = root / "summary.json"
    run_migrate([pkg], write=False, verify=verify, json_path=out, console=console())
    return {r["kernel"]: r for r in json.loads(out.read_text())["kernels"]}


def write_copy(root: Path, package: str,
               run_ops: Callable[[Path, str], Any] | None = None) -> dict[str, Any]:
    """A copy of corpus `package` under `root`, probed, `--write` with verify, probed again:
    the exit code, both probes, the JSON summary and the package's path; with `run_ops`,
    also what it gives before the write run the legacy way and after it the PHI way."""
    copy_package(root, package)
    return write_tree(root, package, run_ops)


def write_tree(root: Path, package: str,
               run_ops: Callable[[Path, str], Any] | None = None) -> dict[str, Any]:
    """`root/package` (already there) probed, `--write` with verify, probed again: as
    `write_copy` returns it. Every write also keeps the rules of a written tree
    (`assert_written_rules`)."""
    pkg = root / package
    before = probe(root, package)
    unused = f401(pkg)
    before_ops = None if run_ops is None else run_ops(root, "legacy")
    out = root / "summary.json"
    code = run_migrate([pkg], write=True, verify=True, json_path=out, console=console())
    result = {"code": code, "before": before, "after": probe(root, package),
              "doc": json.loads(out.read_text()), "pkg": pkg}
    assert_written_rules(result, unused)
    if run_ops is not None:
        result |= {"before_ops": before_ops, "after_ops": run_ops(root, "phi")}
    return result


RUFF = Path(sys.executable).parent / "ruff"


def _python_files(tree: Path) -> list[Path]:
    """The tree's regular .py files (no FIFO, device or link a test put there)."""
    return sorted(p for p in tree.rglob("*.py") if p.is_file() and not p.is_symlink())


def f401(tree: Path) -> set[tuple[str, str]]:
    """ruff's F401 (unused imports) over the tree's .py files: (file, message)."""
    files = _python_files(tree)
    if not files:
        return set()
    done = subprocess.run([str(RUFF), "check", "--isolated", "--select", "F401",
                           "--output-format", "json", "--exit-zero", *map(str, files)],
                          capture_output=True, text=True, timeout=120, check=True)
    return {(Path(d["filename"]).relative_to(tree).as_posix(), d["message"])
            for d in json.loads(done.stdout)}


def assert_written_rules(written: dict[str, Any], unused: set[tuple[str, str]]) -> None:
    """What every write of a tree keeps (issue 23, cm42; these were the whole written
    corpus's checks, now each write's):
    * every text in it parses on Python 3.9-3.11 (an f-string field holds neither a
      backslash nor the quote around it before 3.12), and no row says generated code does
      not parse;
    * every kernel class importing the tree registered (`package_probe`: where it is bound)
      has a row under that name;
    * ruff's F401 reports nothing it did not before (`unused`): an import only removed code
      read goes, one another module imports stays a re-export, one registering ops stays
      marked."""
    pkg = written["pkg"]
    assert not [r for r in written["doc"]["kernels"] if "does not parse" in (r["reason"] or "")]
    for path in _python_files(pkg):
        ast.parse(path.read_text(), str(path), feature_version=(3, 9))
    root = pkg.parent.resolve()
    rows = {(str((Path(r["file"]) if Path(r["file"]).is_absolute() else Path.cwd() / r["file"]
                 ).resolve().relative_to(root)), r["kernel"]) for r in written["doc"]["kernels"]}
    registered = {tuple(n) for n in written["before"]["registered"]}
    assert written["before"]["homeless"] == []
    assert registered - rows == set(), registered - rows
    assert f401(pkg) - unused == set()


def write_sources(root: Path, package: str, sources: dict[str, str]) -> dict[str, Any]:
    """`sources` (module name -> text) written as the package `root/package`, then
    `write_tree` on it."""
    (root / package).mkdir()
    for name, text in sources.items():
        (root / package / f"{name}.py").write_text(text)
    return write_tree(root, package)


def assert_rows(rows: dict[str, dict[str, Any]],
                expected: dict[str, tuple[str, str, str, str]]) -> None:
    """`rows` (by kernel) are `expected`'s: kernel -> (its module's file name, status, op,
    what its reason holds: parts separated by " ... ", each in it)."""
    assert set(rows) == set(expected)
    for kernel, (module, status, op, reason) in expected.items():
        row = rows[kernel]
        assert (Path(row["file"]).name, row["status"], row["op"]) == (module, status, op), row
        assert all(part in row["reason"] for part in reason.split(" ... ")), row


def verified_rows(written: dict[str, Any], key: Callable[[dict[str, Any]], Any] = (
        lambda r: r["kernel"])) -> dict[Any, dict[str, Any]]:
    """The rows of a `write_tree` run by `key`, once every migrated one was verified
    identical (and re-imported) on every case and the run exited 0."""
    rows = {key(r): r for r in written["doc"]["kernels"]}
    for r in rows.values():
        if r["status"] == "migrated":
            assert r["verify"] and all(v["status"] == "identical" and v["reimported"]
                                       for v in r["verify"]), r
    assert written["code"] == 0
    return rows


def assert_nothing_broken(written: dict[str, Any], migrated: Iterable[str]) -> None:
    """After the write of a `write_tree` run every module imports as before, every op but
    the `migrated` ones runs its legacy kernel to the same values, and the ops run by
    `run_ops` (when given) give what they gave before."""
    before, after = written["before"], written["after"]
    assert set(before["imported"].values()) == {"ok"}
    assert after["imported"] == before["imported"]
    migrated = set(migrated)
    assert after["ran"] == {op: v for op, v in before["ran"].items() if op not in migrated}
    assert written.get("after_ops") == written.get("before_ops")


def assert_ops_as_before(written: dict[str, Any]) -> dict[str, Any]:
    """After the write of a `write_copy` run every module imports as before and every op of
    `run_package_ops` gives what it gave before; returns those values (before), for the
    test's own checks that its cases tell the kernels apart."""
    assert set(written["after"]["imported"].values()) == {"ok"}
    assert written["after"]["imported"] == written["before"]["imported"]
    assert written["after_ops"] == written["before_ops"]
    return written["before_ops"]


def assert_module_rows(written: dict[str, Any],
                       expected: dict[str, dict[str, tuple[str, str, str, list[str]]]]) -> None:
    """`expected` ({module file name: {kernel: (status, op, reason prefix, dtypes)}}) is every
    row of the `write_tree` run: each migrated one with its dtypes, verified identical and
    re-imported; the run exited 0 and wrote."""
    got = {(Path(r["file"]).name, r["kernel"]): r for r in written["doc"]["kernels"]}
    assert set(got) == {(m, k) for m, ks in expected.items() for k in ks}
    for module, kernels in expected.items():
        for kernel, (status, op, reason, dtypes) in kernels.items():
            row = got[(module, kernel)]
            assert (row["status"], row["op"]) == (status, op), row
            assert row["reason"].startswith(reason) and (reason or not row["reason"]), row
            if status == "migrated":
                assert row["dtypes"] == dtypes, row
                assert row["verify"] and all(v["status"] == "identical" and v["reimported"]
                                             for v in row["verify"]), row
    assert written["code"] == 0 and written["doc"]["written"]


#: imports a package (argv: root, package) and prints the kernel keys its modules registered,
#: legacy and PHI alike, as sorted [op, device, dtype] rows (read from what the import added:
#: iterating the tables would load every op of fluidphi's own, seconds per run)
_KEYS = '''
import importlib, json, sys
from legacy_fluid.framework.op_kernel import OP_KERNELS
from phi.core.kernel_factory import KERNELS
from phi.core.registry import watching_additions
root, package = sys.argv[1:]
sys.path.insert(0, root)
added = []
with watching_additions(lambda registry, key: added.append((registry, key))):
    importlib.import_module(package)
mine = package + "."
legacy = [k for r, k in added if r is OP_KERNELS]
phi = [k for r, k in added if r is KERNELS]
keys = {(op, key.place.kind.upper(), key.data_type.name) for op, key in legacy
        if OP_KERNELS[(op, key)].__module__.startswith(mine)}
keys |= {(name, key.backend.name, key.dtype.name) for name, key in phi
         if KERNELS[(name, key)].fn.__module__.startswith(mine)}
print(json.dumps(sorted(keys)))
'''


def registered_keys(root: Path, package: str, env: dict[str, str | None]) -> list[list[str]]:
    """The [op, device, dtype] keys importing `root/package` registers (legacy and PHI
    kernels of its modules), in a subprocess whose environment is this one's with `env`
    applied (a None value unsets the variable)."""
    environ = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONDONTWRITEBYTECODE": "1"}
    for name, value in env.items():
        environ.pop(name, None)
        if value is not None:
            environ[name] = value
    done = subprocess.run([sys.executable, "-c", _KEYS, str(root), package],
                          capture_output=True, text=True, env=environ, timeout=300, check=True)
    return json.loads(done.stdout)
