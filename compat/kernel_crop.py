"""Crop files: the op types and kernels a set of programs needs, and runs held to them.

What ONNX Runtime's reduced-build configuration and Paddle Lite's tailoring record: a
deployment lists what its models use, and a run with anything else is refused. The file
is JSON (docs/inference.md describes it):

    {"format": "fluidphi-kernels/1",
     "models": ["examples/mlp/model"],
     "ops": ["elementwise_add", "feed", "fetch", "mul", "softmax", ...],
     "kernels": [{"op": "mul", "path": "phi", "kernel": "matmul", "key": "(CPU, ...)"}, ...]}

`ops` holds every op type of the programs (every block, framework ops included) and
those the plan passes create; `kernels` each (op type, kernel, kernel key) a run chose,
`path` for the reader only. A model with an op type outside `ops` is refused at load;
a kernel choice outside `kernels` is refused before the kernel runs, naming op and key.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FORMAT = "fluidphi-kernels/1"


class CropError(ValueError):
    """A crop file that cannot be read, or a program or kernel outside it."""


@dataclass(frozen=True, order=True)
class CroppedKernel:
    op: str
    kernel: str
    key: str
    path: str = ""

    @property
    def identity(self) -> tuple[str, str, str]:
        return self.op, self.kernel, self.key


@dataclass(frozen=True)
class KernelCrop:
    ops: frozenset[str]
    kernels: frozenset[CroppedKernel]
    models: tuple[str, ...] = ()
    source: str = ""  # the file it was read from, for messages

    @property
    def allowed(self) -> frozenset[tuple[str, str, str]]:
        return frozenset(k.identity for k in self.kernels)

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "models": list(self.models), "ops": sorted(self.ops),
                "kernels": [{"op": k.op, "path": k.path, "kernel": k.kernel, "key": k.key}
                            for k in sorted(self.kernels)]}

    def check_op_types(self, subject: str, op_types: Iterable[str]) -> None:
        outside = sorted(set(op_types) - self.ops)
        if outside:
            raise CropError(f"{subject}: op type(s) {', '.join(map(repr, outside))} not in the "
                            f"crop file {self.source or '(given)'}")

    def check_kernel(self, op_type: str, kernel: str, key: str) -> None:
        if (op_type, kernel, key) not in self.allowed:
            raise CropError(f"op '{op_type}': kernel '{kernel}' {key} is not in the crop file "
                            f"{self.source or '(given)'}")


def _field(entry: dict[str, Any], name: str, where: str) -> str:
    value = entry.get(name)
    if not isinstance(value, str):
        raise CropError(f"{where}: expected a string '{name}', got {value!r}")
    return value


def read_crop(path: str | Path) -> KernelCrop:
    """A crop file; a malformed one is refused naming the file and what was expected."""
    path = Path(path)
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        raise CropError(f"{path}: cannot read the crop file ({exc})") from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CropError(f"{path}: expected a JSON object with \"format\": \"{FORMAT}\"")
    ops, kernels = data.get("ops"), data.get("kernels")
    if not isinstance(ops, list) or not all(isinstance(o, str) for o in ops):
        raise CropError(f"{path}: expected 'ops' to be a list of op type strings")
    if not isinstance(kernels, list) or not all(isinstance(k, dict) for k in kernels):
        raise CropError(f"{path}: expected 'kernels' to be a list of objects")
    entries = frozenset(
        CroppedKernel(*(_field(k, f, f"{path}: kernels[{i}]") for f in ("op", "kernel", "key")),
                      path=str(k.get("path", ""))) for i, k in enumerate(kernels))
    models = data.get("models", [])
    return KernelCrop(frozenset(ops), entries,
                      tuple(str(m) for m in models) if isinstance(models, list) else (),
                      str(path))


def as_crop(kernels: str | Path | KernelCrop | None) -> KernelCrop | None:
    return read_crop(kernels) if isinstance(kernels, (str, Path)) else kernels


_ACTIVE: ContextVar[KernelCrop | None] = ContextVar("fluidphi_kernel_crop", default=None)


class held_to:  # noqa: N801 - used as `with held_to(crop):`, as a function would be
    """Kernel choices made inside are checked against `crop` (None: no check). A class,
    not a generator-based context manager: every `run_model` call enters one."""

    __slots__ = ("_crop", "_token")

    def __init__(self, crop: KernelCrop | None) -> None:
        self._crop = crop

    def __enter__(self) -> None:
        self._token = _ACTIVE.set(self._crop)

    def __exit__(self, *exc: object) -> None:
        _ACTIVE.reset(self._token)


_RECORDING: ContextVar[set[CroppedKernel] | None] = ContextVar("fluidphi_kernel_record",
                                                               default=None)


@contextmanager
def recording() -> Iterator[set[CroppedKernel]]:
    """Every kernel choice made inside (sub-blocks included) lands in the yielded set."""
    chosen: set[CroppedKernel] = set()
    token = _RECORDING.set(chosen)
    try:
        yield chosen
    finally:
        _RECORDING.reset(token)


def check_choice(op_type: str, kernel: str, key: str, path: str) -> None:
    """Record a kernel choice when recording; refuse it when outside the crop in force."""
    chosen = _RECORDING.get()
    if chosen is not None:
        chosen.add(CroppedKernel(op_type, kernel, key, path))
    crop = _ACTIVE.get()
    if crop is not None:
        crop.check_kernel(op_type, kernel, key)
