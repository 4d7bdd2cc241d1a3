"""Inputs for single-op verification runs, from `VERIFY_CASES` specs or defaults.

Shared by `fluidphi migrate --verify` (legacy vs migrated kernel) and the
coverage parity run (legacy vs PHI path); the spec format is documented in
docs/adding_an_op.md.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from legacy_fluid.framework.op_proto import OpProto
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor

DEFAULT_SHAPE: tuple[int, ...] = (3, 4)
#: Tried in turn for ops without cases, until one makes a valid call.
DEFAULT_SHAPES: tuple[tuple[int, ...], ...] = (DEFAULT_SHAPE, (2, 3, 4, 4), (6,), (2, 3, 5))
#: Input slots holding indices: fed small int64 values by default.
INDEX_SLOTS = frozenset({"Ids", "Index", "Indices", "Label", "Labels", "Length", "Lengths"})


def spec_dtype(given: Any, default: DataType) -> DataType:
    """A spec's dtype: None/'same' -> the kernel dtype; 'int64', 'INT64', DataType..."""
    if given is None or given == "same":
        return default
    if isinstance(given, DataType):
        return given
    text = str(given).rsplit(".", 1)[-1]
    try:
        return DataType[text.upper()]
    except KeyError:
        return DataType.from_numpy(np.dtype(text))


def random_array(shape: tuple[int, ...], dtype: DataType, rng: np.random.Generator,
                 low: float | None = None, high: float | None = None) -> np.ndarray:
    """Floats uniform in [low, high) (default [-2, 2)), the ints in [low, high) (a
    fractional bound too: low 0.5 draws no 0), bools 50/50
    (with `low` or `high`: the 0 / 1 in [low, high), so `low` 1 gives all True, as a
    nonzero divisor wants)."""
    np_dtype = dtype.to_numpy()
    kind = np.dtype(np_dtype).kind
    if kind == "b":
        if low is None and high is None:
            return rng.random(shape) > 0.5
        lo = 0 if low is None else min(max(math.ceil(low), 0), 1)
        hi = 2 if high is None else min(max(math.ceil(high), lo + 1), 2)
        return rng.integers(lo, hi, size=shape).astype(bool)
    if kind in "iu":
        lo = math.ceil(low) if low is not None else (0 if kind == "u" else -5)
        hi = math.ceil(high) if high is not None else 6
        return rng.integers(lo, hi, size=shape).astype(np_dtype)
    lo = -2.0 if low is None else float(low)
    hi = 2.0 if high is None else float(high)
    if kind == "c":
        return (rng.uniform(lo, hi, shape) + 1j * rng.uniform(lo, hi, shape)).astype(np_dtype)
    return rng.uniform(lo, hi, shape).astype(np.float32).astype(np_dtype)


def is_shape(spec: Any) -> bool:
    return isinstance(spec, (list, tuple)) and all(isinstance(d, int) for d in spec)


def make_input(spec: Any, dtype: DataType, rng: np.random.Generator,
               default_shape: tuple[int, ...] = DEFAULT_SHAPE) -> np.ndarray | DenseTensor:
    """One array from a spec: callable, array, shape, or {shape|value, dtype, low, high};
    a mapping with a `lod` (offsets per level) gives a host DenseTensor carrying it."""
    if isinstance(spec, Mapping) and "lod" in spec:
        plain = {k: v for k, v in spec.items() if k != "lod"}
        return DenseTensor(make_input(plain, dtype, rng, default_shape), lod=spec["lod"])
    if callable(spec):
        return np.asarray(spec(dtype, rng))
    if isinstance(spec, np.ndarray):
        return spec
    if isinstance(spec, Mapping):
        dt = spec_dtype(spec.get("dtype"), dtype)
        if "value" in spec:
            return np.asarray(spec["value"]).astype(dt.to_numpy())
        return random_array(tuple(spec.get("shape", default_shape)), dt, rng, spec.get("low"),
                            spec.get("high"))
    if is_shape(spec):
        return random_array(tuple(spec), dtype, rng)
    return np.asarray(spec)


def build_inputs(proto: OpProto, specs: Mapping[str, Any], dtype: DataType,
                 rng: np.random.Generator, default_shape: tuple[int, ...] = DEFAULT_SHAPE,
                 ) -> dict[str, list[np.ndarray | DenseTensor]]:
    """Arrays per input slot (always a list): named slots from their spec, other
    required slots random of `default_shape`, unnamed dispensable slots left out."""
    out: dict[str, list[np.ndarray | DenseTensor]] = {}
    for v in proto.inputs:
        if v.name in specs:
            spec = specs[v.name]
            if spec is None:
                continue
            # a list of specs: one tensor each (for a non-duplicable slot, the tensors of a
            # tensor array, which a kernel reads as a list as well)
            if isinstance(spec, (list, tuple)) and not is_shape(spec) and (
                    v.duplicable or all(isinstance(s, Mapping) for s in spec)):
                out[v.name] = [make_input(s, dtype, rng, default_shape) for s in spec]
            else:
                out[v.name] = [make_input(spec, dtype, rng, default_shape)]
        elif not v.dispensable:
            n = 2 if v.duplicable else 1
            out[v.name] = [random_array(default_shape, dtype, rng) for _ in range(n)]
    return out


def default_case_specs(proto: OpProto) -> list[tuple[tuple[int, ...], dict[str, Any],
                                                      dict[str, Any]]]:
    """(shape, input specs, attrs) per default case: index slots get int64 in [0, 2);
    `is_test` is set where the op has it, so random ops are deterministic."""
    attrs = {"is_test": True} if proto.attr("is_test") is not None else {}
    cases = []
    for shape in DEFAULT_SHAPES:
        inputs: dict[str, Any] = {}
        for v in proto.inputs:
            if v.name in INDEX_SLOTS and not v.dispensable:
                spec = {"shape": shape, "dtype": "int64", "low": 0, "high": 2}
                inputs[v.name] = [spec, spec] if v.duplicable else spec
        cases.append((shape, inputs, dict(attrs)))
    return cases


def module_cases(op_type: str, raw: Any) -> list[dict[str, Any]]:
    """The cases a module's `VERIFY_CASES` gives `op_type`: a list (entries may name
    their `op`) or a dict keyed by op type; [] when it gives none."""
    if isinstance(raw, Mapping):
        raw = raw.get(op_type)
    if not isinstance(raw, (list, tuple)):
        return []
    return [c for c in raw if isinstance(c, Mapping)
            and c.get("op", c.get("op_type", op_type)) == op_type]

