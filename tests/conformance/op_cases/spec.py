"""The vocabulary of single-op cases: `Case`, `In`, edge values, sweeps and tolerances.

A family module (`op_cases/<family>.py`) lists `CASES`, a list of `Case`s; optionally
`DTYPE_GAPS`, op type -> {dtype: reason} for dtypes Paddle registers on CPU that fluidphi
deliberately does not. This module is plain NumPy: the Paddle exporter
(`export_ops.py`, Paddle's venv) and fluidphi's tests (`tests/ops/test_paddle_ops.py`)
both import it, so it must never import paddle or fluidphi.
"""

from __future__ import annotations

import hashlib
import inspect
import math
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

#: Attributes Paddle's framework sets on every op (not the op's own; not compared).
FRAMEWORK_ATTRS = frozenset({"op_role", "op_role_var", "op_namescope", "op_callstack",
                             "op_device", "with_quant_attr"})

NAN, INF = math.nan, math.inf
#: Values every float sweep starts with (flattened order): NaN, infinities, signed zeros, +-1.
FLOAT_EDGES = (NAN, INF, -INF, 0.0, -0.0, 1.0, -1.0)
#: Integer values that are valid almost everywhere.
INT_EDGES = (0, 1, -1)

FLOATS = ("float32", "float64")
HALVES = ("float16", "bfloat16")
INTS = ("int32", "int64")
ALL_INTS = ("uint8", "int8", "int16", "int32", "int64")

#: Shapes of a standard sweep: a 2-D tensor big enough for the edges plus random values,
#: a 0-d tensor and an empty one.
SHAPES: Mapping[str, tuple[int, ...]] = {"4x6": (4, 6), "0d": (), "empty": (0, 3)}

#: Normwise tolerance per float dtype: max|got - ref| <= tol * max(1, max|ref|) over the
#: finite elements. float32 is the project's criterion (tests/conformance/README.md);
#: float64 allows a few ulps of Paddle's vectorised (Eigen) math; float16 / bfloat16 allow
#: two units in the last place of the largest element (Paddle computes them in float32 and
#: rounds once, as fluidphi does; a float32 ulp of difference may flip that rounding).
TOLERANCE: Mapping[str, float] = {
    "float64": 1e-12,
    "float32": 1e-5,
    "complex128": 1e-12,
    "complex64": 1e-5,
    "float16": 2.0 ** -9,
    "bfloat16": 2.0 ** -6,
}


def tolerance(dtype: str, override: float | None = None) -> float:
    """The normwise tolerance for an output of `dtype` (a case may override it); 0 for
    integer and bool outputs, which must match exactly."""
    if dtype not in TOLERANCE:
        return 0.0
    return override if override is not None else TOLERANCE[dtype]


def compute_dtype(case: Case, out_dtype: str,
                  computed_in: Mapping[str, Mapping[str, str]] | None = None) -> str:
    """The dtype in which Paddle computes a float output of `case`: the output's own, or a
    narrower one its family declares in `COMPUTED_IN` (op type -> input dtype -> the dtype
    Paddle computes in, e.g. integer atan2: float32, widened to a float64 output). The input
    dtype is that of the case's first input tensor."""
    specs = feed_specs(case)
    by_input = (computed_in or {}).get(case.op, {})
    return by_input.get(specs[0][2].dtype, out_dtype) if specs else out_dtype


def output_tolerance(case: Case, out_dtype: str,
                     computed_in: Mapping[str, Mapping[str, str]] | None = None) -> float:
    """The normwise tolerance of an output of `case`: the case's `tol`, else that of the
    dtype Paddle computes the output in (`compute_dtype`), 0 for int and bool outputs. A
    float64 output that Paddle computes in float32 is only float32-precise: its last ulps
    come from the CPU's float32 math."""
    if out_dtype not in TOLERANCE:
        return 0.0
    return tolerance(compute_dtype(case, out_dtype, computed_in), case.tol)


@dataclass(frozen=True)
class Drawn:
    """Input values computed when a case is materialized: `make(*args)`, nested lists or an
    array in the tensor's shape.

    For values that come out of float math whose last ulp depends on the CPU: NumPy's
    vectorised exp / log / sin (AVX-512, AVX2 and SSE paths round differently), BLAS products
    (OpenBLAS picks its kernel, and summation order, per CPU). Such floats must not be written
    into a case's definition; seeded draws and exact IEEE arithmetic on them (+, -, *, /,
    floor, concatenation) may be. A case's digest sees `make`'s name, the hash of its source
    and `args`, never the floats it returns: the same definition has the same digest on every
    machine.
    """

    make: Callable[..., Any]
    args: tuple[Any, ...] = ()

    def __call__(self) -> Any:
        return self.make(*self.args)

    def __repr__(self) -> str:
        source = hashlib.sha256(inspect.getsource(self.make).encode()).hexdigest()[:12]
        return f"Drawn({self.make.__qualname__}{self.args!r}, source={source})"


@dataclass(frozen=True)
class In:
    """One input tensor: dims, dtype and how its values are made.

    Values are explicit (`values`, nested lists in the tensor's shape, or a `Drawn` that
    computes them; never floats computed at import, see `Drawn`) or random:
    uniform in [low, high) for floats, integers in [low, high) for ints, coin flips for
    bool; `special` values come first in flattened order (as many as fit); values in
    `exclude` (meant for ints: zero divisors) are neither drawn nor placed. Random values
    are seeded by family, case and slot, so adding a case never changes another one's.
    """

    shape: tuple[int, ...]
    dtype: str
    low: float = -4.0
    high: float = 4.0
    special: tuple[Any, ...] = ()
    exclude: tuple[Any, ...] = ()
    values: Any = None


@dataclass(frozen=True)
class LoDIn(In):
    """An input fed as a LoD tensor: `lod` is Paddle's LoD, offsets per level (one level:
    `((0, 2, 5),)` for sequences of 2 and 3 rows). The program's feed gets that lod_level."""

    lod: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True)
class ArrayIn:
    """An input slot fed a tensor array (a LOD_TENSOR_ARRAY variable named after the slot,
    as a decoding loop's array_write ops fill it): one tensor per item (`LoDIn`s keep
    their LoD). Paddle's feed ops take tensors only, so the program has no feed op for it:
    the exporter puts the tensors into the variable before running (`array_specs`), as
    fluidphi's `run_model` does with a list fed under the variable's name. Each item is
    stored as `<slot>@<i>` (`feed_specs`)."""

    items: tuple[In, ...]

    @property
    def dtype(self) -> str:
        return self.items[0].dtype


@dataclass(frozen=True)
class Case:
    """One single-op program exported from Paddle.

    - `name`: unique in the family (file and array key).
    - `op`: the legacy op type; `inputs`: slot -> `In` (a list of `In` for a duplicable slot).
    - `attrs`: op attributes set on top of Paddle's defaults.
    - `api`: dotted Paddle API that emits exactly this op (called with the inputs in slot
      order and `api_kwargs`); None builds the op with `LayerHelper.append_op`.
    - `outputs`: dispensable output slots to create besides the required ones;
      `fetch`: output slots to compare (default: every created non-intermediate one).
    - `raises`: regex; Paddle must raise here, and fluidphi must raise an error matching it.
    - `tol`: normwise tolerance override (say why in `note`); `zero_sign`: compare the sign
      of zero results (off where Paddle's sign of zero is an artefact of its SIMD path).
    """

    name: str
    op: str
    inputs: Mapping[str, In | Sequence[In] | ArrayIn]
    attrs: Mapping[str, Any] = field(default_factory=dict)
    api: str | None = None
    api_kwargs: Mapping[str, Any] = field(default_factory=dict)
    outputs: tuple[str, ...] = ()
    fetch: tuple[str, ...] | None = None
    raises: str | None = None
    tol: float | None = None
    zero_sign: bool = True
    note: str = ""

    def digest(self) -> str:
        """A fingerprint of the definition (its repr: names, shapes, dtypes, seeds, attrs,
        literal values, `Drawn` generators by name, source and arguments); fixtures record
        it to detect stale exports."""
        return definition_digest(self)


@dataclass(frozen=True)
class GradCase:
    """A forward `Case` differentiated by Paddle (`export_grads.py`).

    The program is the forward op followed by the grad ops `paddle.static.gradients`
    appends for the input slots `wrt`, each output slot of `of` (default: every fetched
    output) seeded with a fed cotangent (uniform in [-1, 1), fed as `cot_<slot>[<i>]`).
    Fetched: the gradients of the `wrt` inputs (`<feed>@GRAD`).
    """

    forward: Case
    wrt: tuple[str, ...]
    of: tuple[str, ...] | None = None
    tol: float | None = None
    note: str = ""

    @property
    def name(self) -> str:
        return self.forward.name

    @property
    def op(self) -> str:
        return self.forward.op

    def digest(self) -> str:
        return definition_digest(self)


def definition_digest(case: Case | GradCase) -> str:
    """16 hex digits of the sha256 of a case's repr: what defines it, not what it computes
    (nothing in a definition's repr is a float computed at import; see `Drawn`)."""
    return hashlib.sha256(repr(case).encode()).hexdigest()[:16]


def feed_name(slot: str, index: int | None = None) -> str:
    """The feed variable of an input slot (`X` -> `x`, list slot `X` item 1 -> `x1`)."""
    return slot.lower() if index is None else f"{slot.lower()}{index}"


def array_item_name(slot: str, index: int) -> str:
    """The stored name of item `index` of a tensor array slot (`ArrayIn`): `ids@0`."""
    return f"{feed_name(slot)}@{index}"


def feed_specs(case: Case) -> list[tuple[str, str, In]]:
    """(feed name, slot, spec) for every input tensor, in slot order (the items of a
    tensor array slot as `array_item_name`s)."""
    specs = []
    for slot, spec in case.inputs.items():
        if isinstance(spec, In):
            specs.append((feed_name(slot), slot, spec))
        elif isinstance(spec, ArrayIn):
            specs.extend((array_item_name(slot, i), slot, s) for i, s in enumerate(spec.items))
        else:
            specs.extend((feed_name(slot, i), slot, s) for i, s in enumerate(spec))
    return specs


def array_specs(case: Case) -> dict[str, tuple[str, ArrayIn]]:
    """Tensor array variable name -> (slot, spec) for the case's `ArrayIn` slots."""
    return {feed_name(slot): (slot, spec) for slot, spec in case.inputs.items()
            if isinstance(spec, ArrayIn)}


def power(base: float, n: int) -> float:
    """base ** n by repeated multiplication (exact IEEE steps, the same on every CPU)."""
    value = 1.0
    for _ in range(n):
        value *= base
    return value


def with_master(base: Case, multi_precision: bool, inplace: dict[str, dict[str, str]],
                fresh: bool = False, **changes: Any) -> Case:
    """An optimizer case `base` with a master copy (`<base tag>_master[_inert]_<dtype>`):
    MasterParam (values of its own, in Param's dtype) named as MasterParamOut, as training
    programs write it (`fresh`: MasterParamOut a variable of its own, `_master_fresh`), and
    fetched; multi_precision on or off; `changes` to other fields. Registers the aliasing in
    the family's `inplace` (its INPLACE: case name -> {output slot: input slot})."""
    lower = "param" in base.inputs
    slot, out = ("master_param", "master_param_out") if lower else ("MasterParam",
                                                                     "MasterParamOut")
    param = base.inputs["param" if lower else "Param"]
    master = ([In(p.shape, p.dtype, -2.0, 2.0) for p in param] if isinstance(param, list)
              else In(param.shape, param.dtype, -2.0, 2.0))
    stem, _, dtype = base.name.rpartition("_")
    tag = "_fresh" if fresh else "" if multi_precision else "_inert"
    name = f"{stem}_master{tag}_{dtype}"
    inplace[name] = {**inplace.get(base.name, {}), **({} if fresh else {out: slot})}
    return replace(base, name=name, inputs={**base.inputs, slot: master},
                   attrs={**base.attrs, "multi_precision": multi_precision},
                   outputs=(*base.outputs, out),
                   fetch=None if base.fetch is None else (*base.fetch, out), **changes)


# -- values ------------------------------------------------------------------------------------

def seed_of(*parts: str) -> int:
    return zlib.crc32("/".join(parts).encode())


def bf16_bits(values: np.ndarray) -> np.ndarray:
    """float values -> bfloat16 bit patterns (uint16), rounding to nearest even; NaN stays
    a quiet NaN. Paddle feeds and fetches bfloat16 tensors as such uint16 arrays."""
    f32 = np.ascontiguousarray(values, dtype=np.float32)
    bits = f32.view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)
    sign = (bits >> 16).astype(np.uint16) & np.uint16(0x8000)
    return np.where(np.isnan(f32), sign | np.uint16(0x7FC0), rounded).astype(np.uint16)


def bf16_values(bits: np.ndarray) -> np.ndarray:
    """bfloat16 bit patterns -> their float32 values."""
    return (np.asarray(bits, np.uint16).astype(np.uint32) << 16).view(np.float32)


def _storage(values: np.ndarray, dtype: str) -> np.ndarray:
    """`values` in the dtype an .npz / Paddle feed holds (bfloat16 as uint16 bits)."""
    if dtype == "bfloat16":
        return bf16_bits(values)
    if np.dtype(dtype).kind in "iub":
        return np.asarray(values).astype(dtype)
    return np.asarray(values, dtype=np.float64 if np.dtype(dtype).kind == "f" else None
                      ).astype(dtype)


def _random(spec: In, rng: np.random.Generator) -> np.ndarray:
    kind = "f" if spec.dtype == "bfloat16" else np.dtype(spec.dtype).kind
    size = math.prod(spec.shape)
    if kind == "b":
        return rng.random(size) < 0.5
    if kind in "iu":
        low = max(int(spec.low), 0) if kind == "u" else int(spec.low)
        if not spec.exclude:
            return rng.integers(low, int(spec.high), size, dtype=np.int64)
        allowed = np.setdiff1d(np.arange(low, int(spec.high)), spec.exclude)
        return rng.choice(allowed, size)
    if kind == "c":
        return (rng.uniform(spec.low, spec.high, size)
                + 1j * rng.uniform(spec.low, spec.high, size))
    return rng.uniform(spec.low, spec.high, size)


def materialize(spec: In, *seed_parts: str) -> np.ndarray:
    """The array an `In` stands for (bfloat16 as uint16 bit patterns)."""
    if spec.values is not None:
        values = np.asarray(spec.values() if isinstance(spec.values, Drawn) else spec.values)
        if values.shape != tuple(spec.shape):
            raise ValueError(f"values of shape {values.shape} given for shape {spec.shape}")
        return _storage(values, spec.dtype)
    flat = _random(spec, np.random.default_rng(seed_of(*seed_parts))).astype(object)
    special = [v for v in spec.special if v not in spec.exclude]
    n = min(len(special), flat.size)
    flat[:n] = special[:n]
    return _storage(np.array(flat.tolist()).reshape(spec.shape), spec.dtype)


# -- sweeps ------------------------------------------------------------------------------------

def edges_for(dtype: str) -> tuple[Any, ...]:
    """The default special values of a dtype."""
    if dtype == "bool":
        return (True, False)
    kind = "f" if dtype == "bfloat16" else np.dtype(dtype).kind
    if kind == "u":
        return INT_EDGES[:2]
    if kind == "c":
        return (*FLOAT_EDGES, complex(0.0, NAN), complex(INF, NAN), complex(-1.0, INF))
    return FLOAT_EDGES if kind == "f" else INT_EDGES


def _per_slot(value: Any, slot: str, default: tuple[Any, ...]) -> tuple[Any, ...]:
    """A sweep option given for every slot (a tuple) or per slot (a mapping)."""
    if value is None:
        return default
    if isinstance(value, Mapping):
        return tuple(value.get(slot, default))
    return tuple(value)


def sweep(op: str, slots: Sequence[str], dtypes: Sequence[str], *,
          shapes: Mapping[str, tuple[int, ...]] = SHAPES, tag: str = "",
          low: float = -4.0, high: float = 4.0, special: Any = None, exclude: Any = None,
          **case_fields: Any) -> list[Case]:
    """One case per dtype x shape: every slot gets a tensor of that dtype and shape.

    `special` (default: the dtype's `edges_for`) and `exclude` (ints never drawn) are a
    tuple for every slot or a mapping slot -> tuple; names are
    `<op>[_<tag>]_<dtype>_<shape name>`; `case_fields` go to every `Case`.
    """
    cases = []
    for dtype in dtypes:
        for shape_name, shape in shapes.items():
            inputs = {slot: In(tuple(shape), dtype, low, high,
                               _per_slot(special, slot, edges_for(dtype)),
                               _per_slot(exclude, slot, ()))
                      for slot in slots}
            name = "_".join(p for p in (op, tag, dtype, shape_name) if p)
            cases.append(Case(name, op, inputs, **case_fields))
    return cases


def pairs(xs: Sequence[Any], ys: Sequence[Any]) -> tuple[list[Any], list[Any]]:
    """Every (x, y) combination as two flat lists (x-major), for binary edge-value grids."""
    return [x for x in xs for _ in ys], [y for _ in xs for y in ys]


def grid(op: str, dtype: str, xs: Sequence[Any], ys: Sequence[Any],
         slots: tuple[str, str] = ("X", "Y"), tag: str = "grid") -> Case:
    """One case `<op>_<tag>_<dtype>`: every x (op) every y, as two 1-D inputs."""
    x, y = pairs(xs, ys)
    return Case(f"{op}_{tag}_{dtype}", op, {slots[0]: In((len(x),), dtype, values=x),
                                            slots[1]: In((len(y),), dtype, values=y)})


def numpy_broadcasts(op: str, dtype: str, slots: tuple[str, str] = ("X", "Y")) -> list[Case]:
    """NumPy-style broadcasting of a binary op without `axis`: trailing alignment, 1s
    stretching on both sides, a second operand of higher rank, and a 0-d one."""
    a, b = slots
    return [
        Case(f"{op}_bcast_trailing_{dtype}", op, {a: In((2, 3, 4), dtype), b: In((4,), dtype)}),
        Case(f"{op}_bcast_ones_{dtype}", op, {a: In((2, 1, 4), dtype), b: In((3, 1), dtype)}),
        Case(f"{op}_bcast_bigger_y_{dtype}", op, {a: In((3,), dtype), b: In((2, 3), dtype)}),
        Case(f"{op}_0d_y_{dtype}", op, {a: In((2, 3), dtype), b: In((), dtype)}),
    ]
