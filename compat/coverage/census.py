"""Paddle's op census: every legacy op type Paddle registers, read from ``census.json``.

The file is data, written by ``tests/conformance/export_census.py`` from real Paddle's
op protos (``paddle.base.framework.get_all_op_protos()``) and kernel registries; fluidphi
only reads it. Loading is strict: every concept is a frozen dataclass, an unknown or
missing key, a value of the wrong type or a word outside its vocabulary is refused with
an error naming the file, the op type and the key.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, NoReturn, TypeVar

CENSUS_PATH = Path(__file__).resolve().parent / "census.json"
#: What the file's ``format`` key holds; a change of layout changes it.
CENSUS_FORMAT = 4  # 2: grad_ops, grad_note; 3: grad_kernels; 4: cpu_dtypes


class Exclusion(str, Enum):
    """Why an op type is left out of the CPU-runnable count (a closed vocabulary)."""

    DISTRIBUTED = "distributed"  # collective communication, parameter servers, pipelines
    DEVICE_FUSED = "fused"  # a fused kernel of one device (XPU, cuDNN, ...) or fusion pass
    QUANTIZATION = "quantization"  # fake quant/dequant, int8/fp8/weight-only kernels
    IO_HOST = "io-host"  # feed/fetch, save/load, readers, Python callbacks, engines
    SPARSE = "sparse"  # SparseCooTensor / SparseCsrTensor ops (no dense program runs them)
    NO_CPU_KERNEL = "no-cpu-kernel"  # Paddle's CPU build registers no kernel for it
    NOT_RUNNABLE = "not-runnable"  # registered, yet a legacy CPU program cannot run it (note)

    @property
    def text(self) -> str:
        return _EXCLUSION_TEXT[self]


_EXCLUSION_TEXT = {
    Exclusion.DISTRIBUTED: "distributed / collective",
    Exclusion.DEVICE_FUSED: "fused kernel of a device or a fusion pass",
    Exclusion.QUANTIZATION: "quantization",
    Exclusion.IO_HOST: "I/O or host op",
    Exclusion.SPARSE: "sparse tensor op",
    Exclusion.NO_CPU_KERNEL: "no CPU kernel in Paddle",
    Exclusion.NOT_RUNNABLE: "registered for CPU, but no legacy program runs it",
}


class CpuKernel(str, Enum):
    """What Paddle's CPU build has to run an op type."""

    KERNEL = "kernel"  # a CPU kernel (PHI or fluid, plain or oneDNN) is registered
    FRAMEWORK = "framework"  # an operator the executor runs itself (control flow, arrays)
    NONE = "none"  # neither


class CensusError(ValueError):
    """census.json does not have the layout this module reads."""


@dataclass(frozen=True)
class CensusVar:
    """One input or output slot of an op proto."""

    name: str
    duplicable: bool = False
    dispensable: bool = False
    intermediate: bool = False
    extra: bool = False
    quant: bool = False


@dataclass(frozen=True)
class CensusAttr:
    """One attribute of an op proto; `default` only where Paddle exposes one."""

    name: str
    type: str
    has_default: bool = False
    default: Any = None
    extra: bool = False
    quant: bool = False
    support_tensor: bool = False


@dataclass(frozen=True)
class CensusGradKernel:
    """The kernel Paddle's CPU build runs for one grad op type."""

    grad_op: str
    #: its PHI kernel's name; None where Paddle registers none (a fluid kernel, or none)
    phi_kernel: str | None
    #: the dtypes of its plain CPU kernels (empty: a framework op without kernels)
    cpu_dtypes: tuple[str, ...]


@dataclass(frozen=True)
class CensusOp:
    op_type: str
    family: str
    cpu_kernel: CpuKernel
    phi_kernel: str | None
    excluded: Exclusion | None
    inputs: tuple[CensusVar, ...]
    outputs: tuple[CensusVar, ...]
    attrs: tuple[CensusAttr, ...]
    #: why a `not-runnable` op type is left out: what Paddle did when a program ran it
    note: str | None = None
    #: for an op type not left out: the grad op types Paddle's grad op maker makes for it
    #: (empty: none); None for an excluded op type (not asked)
    grad_ops: tuple[str, ...] | None = None
    #: why `grad_ops` is empty although Paddle has a grad op maker (it crashed or refused)
    grad_note: str | None = None
    #: the kernel Paddle runs on CPU for each of `grad_ops`, in their order
    grad_kernels: tuple[CensusGradKernel, ...] = ()
    #: for an op type not left out: the dtypes of the plain CPU kernels Paddle runs for it
    #: (empty: a framework op without kernels); None for an excluded op type
    cpu_dtypes: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Census:
    paddle_version: str
    command: str
    source: str
    common_attrs: tuple[str, ...]
    ops: tuple[CensusOp, ...]

    def op(self, op_type: str) -> CensusOp | None:
        return next((o for o in self.ops if o.op_type == op_type), None)

    @property
    def counted(self) -> tuple[CensusOp, ...]:
        """The op types left after the exclusions (those a CPU program can hold)."""
        return tuple(o for o in self.ops if o.excluded is None)

    @property
    def excluded(self) -> tuple[CensusOp, ...]:
        return tuple(o for o in self.ops if o.excluded is not None)


T = TypeVar("T")


class _Reader:
    """Strict key access for one JSON object, its errors naming file, op type and key."""

    def __init__(self, path: str, where: str, obj: Any, required: set[str],
                 optional: set[str] = frozenset()) -> None:
        self.path, self.where = path, where
        if not isinstance(obj, Mapping):
            self.fail(f"expected an object, got {type(obj).__name__}")
        unknown = sorted(set(obj) - required - optional)
        if unknown:
            self.fail(f"unknown key(s) {', '.join(unknown)} (expected "
                      f"{', '.join(sorted(required | optional))})")
        missing = sorted(required - set(obj))
        if missing:
            self.fail(f"missing key(s) {', '.join(missing)}")
        self.obj = obj

    def fail(self, message: str) -> NoReturn:
        raise CensusError(f"{self.path}: {self.where}: {message}")

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = None) -> Any:
        if key not in self.obj:
            return default
        value = self.obj[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            self.fail(f"{key!r} must be {getattr(kind, '__name__', kind)}, got {value!r}")
        return value

    def enum(self, key: str, cls: Callable[[str], T]) -> T | None:
        value = self.obj.get(key)
        if value is None:
            return None
        try:
            return cls(value)
        except ValueError:
            self.fail(f"{key!r} is {value!r}, not one of "
                      f"{', '.join(m.value for m in cls)}")  # type: ignore[attr-defined]

    def items(self, key: str) -> list[Any]:
        return self.get(key, list)


_FLAGS = ("duplicable", "dispensable", "intermediate", "extra", "quant")


def _var(path: str, where: str, obj: Any) -> CensusVar:
    r = _Reader(path, where, obj, {"name"}, set(_FLAGS))
    return CensusVar(r.get("name", str), **{f: r.get(f, bool, False) for f in _FLAGS})


def _attr(path: str, where: str, obj: Any) -> CensusAttr:
    r = _Reader(path, where, obj, {"name", "type"},
                {"default", "extra", "quant", "support_tensor"})
    return CensusAttr(r.get("name", str), r.get("type", str), "default" in obj,
                      obj.get("default"), r.get("extra", bool, False),
                      r.get("quant", bool, False), r.get("support_tensor", bool, False))


def _op(path: str, obj: Any) -> CensusOp:
    name = obj.get("op_type") if isinstance(obj, Mapping) else None
    where = f"op {name!r}"
    r = _Reader(path, where, obj, {"op_type", "family", "cpu_kernel", "phi_kernel", "excluded",
                                   "inputs", "outputs", "attrs"},
                {"note", "grad_ops", "grad_note", "grad_kernels", "cpu_dtypes"})
    if not isinstance(name, str) or not name:
        r.fail("'op_type' must be a non-empty string")
    cpu = r.enum("cpu_kernel", CpuKernel)
    if cpu is None:
        r.fail("'cpu_kernel' must not be null")
    excluded = r.enum("excluded", Exclusion)
    if cpu is CpuKernel.NONE and excluded is None:
        r.fail("an op type without a CPU kernel must be excluded")
    phi = r.get("phi_kernel", (str, type(None)))
    note = r.get("note", str)
    if (excluded is Exclusion.NOT_RUNNABLE) != bool(note):
        r.fail("'note' must say why exactly when 'excluded' is 'not-runnable'")
    grad_ops = r.get("grad_ops", list)
    if (grad_ops is None) != (excluded is not None):
        r.fail("'grad_ops' must be given exactly when the op type is not excluded")
    if grad_ops is not None and (not all(isinstance(g, str) and g for g in grad_ops)
                                 or grad_ops != sorted(set(grad_ops))):
        r.fail("'grad_ops' must be a sorted list of distinct op type names")
    grad_note = r.get("grad_note", str)
    if grad_note is not None and (grad_ops or not grad_note):
        r.fail("'grad_note' says why 'grad_ops' is empty: only with an empty 'grad_ops'")
    kernels = _grad_kernels(path, where, r.get("grad_kernels", dict, {}))
    dtypes = r.get("cpu_dtypes", list)
    if (dtypes is None) != (excluded is not None):
        r.fail("'cpu_dtypes' must be given exactly when the op type is not excluded")
    if dtypes is not None:
        _check_dtypes(r, dtypes)
        if bool(dtypes) != (cpu is CpuKernel.KERNEL):
            r.fail("'cpu_dtypes' must be non-empty exactly when 'cpu_kernel' is 'kernel'")
    if [k.grad_op for k in kernels] != list(grad_ops or ()):
        r.fail("'grad_kernels' must have an entry for each of 'grad_ops', and no other")
    return CensusOp(
        op_type=name, family=r.get("family", str), cpu_kernel=cpu, phi_kernel=phi,
        excluded=excluded,
        inputs=tuple(_var(path, f"{where} input {i}", v) for i, v in enumerate(r.items("inputs"))),
        outputs=tuple(_var(path, f"{where} output {i}", v)
                      for i, v in enumerate(r.items("outputs"))),
        attrs=tuple(_attr(path, f"{where} attr {i}", a) for i, a in enumerate(r.items("attrs"))),
        note=note, grad_ops=None if grad_ops is None else tuple(grad_ops), grad_note=grad_note,
        grad_kernels=kernels, cpu_dtypes=None if dtypes is None else tuple(dtypes),
    )


def _check_dtypes(r: _Reader, dtypes: list) -> None:
    if not all(isinstance(d, str) and d for d in dtypes) or dtypes != sorted(set(dtypes)):
        r.fail("'cpu_dtypes' must be a sorted list of distinct dtype names")


def _grad_kernels(path: str, where: str, obj: dict) -> tuple[CensusGradKernel, ...]:
    kernels = []
    for grad, entry in sorted(obj.items()):
        r = _Reader(path, f"{where} grad kernel {grad!r}", entry, {"phi_kernel", "cpu_dtypes"})
        dtypes = r.items("cpu_dtypes")
        _check_dtypes(r, dtypes)
        kernels.append(CensusGradKernel(grad, r.get("phi_kernel", (str, type(None))),
                                        tuple(dtypes)))
    return tuple(kernels)


def parse_census(doc: Any, path: str) -> Census:
    """`doc` (census.json's content) as a `Census`; `path` names the file in errors."""
    r = _Reader(path, "top level", doc, {"format", "paddle_version", "command", "source",
                                         "common_attrs", "ops"})
    if r.get("format", int) != CENSUS_FORMAT:
        r.fail(f"'format' is {doc['format']!r}; this fluidphi reads format {CENSUS_FORMAT}")
    ops = tuple(_op(path, o) for o in r.items("ops"))
    names = [o.op_type for o in ops]
    if names != sorted(set(names)):
        r.fail("'ops' must be sorted by op_type, each op type once")
    common = r.items("common_attrs")
    if not all(isinstance(c, str) for c in common):
        r.fail("'common_attrs' must be a list of strings")
    return Census(r.get("paddle_version", str), r.get("command", str), r.get("source", str),
                  tuple(common), ops)


def load_census(path: Path = CENSUS_PATH) -> Census:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise CensusError(f"{path.name}: cannot read the op census: {exc}") from exc
    return parse_census(doc, path.name)
