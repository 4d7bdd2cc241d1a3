"""The calls `--verify` makes of an op: the module's `VERIFY_CASES`, or cases derived from
the op proto and checked by the legacy kernel (its infer_shape and compute) itself.

Derived cases must respect the op's own rules: each candidate (input shapes, output
counts, values for an attribute without a default) is tried on the legacy op first: the
first one it accepts is the case. After the candidate values of attributes without a
default (none for a type like a block or a variable), the desc lacking them is tried (a
program older than the attribute). Under an integer dtype, when the legacy op raised on
every one, the plain ones are tried again on small non-negative integers (`small_ints`);
under any dtype, with each other input holding one id per row of the first
(`label_inputs`: X's leading dims, ids in [0, X.shape[-1])); then with each int attribute
set to a small positive value (`small_int_attrs`: 1 to 4, an integer dtype's inputs in [0,
that value)); with each list attribute left empty set to ones, one or two per axis
(`rank_lists`: pads); with the other inputs shaped as trailing dims of the first
(`trailing_inputs`: a vector, a bias, a matrix product's operand, a value per row, one
element, a few fields per row, each later input its own of those; every input with even
dims, or one element); with the first input's last dim a list attribute's default
length, 2 or 3, the others alike or a value per row (`field_columns`: a value per quantile
level beside a target, a 2-D point); with the inputs in [0, 1) (`unit_inputs`:
probabilities); the LoD
cases with a value (or a few fields) per sequence in the other inputs (`_lod_cases`).
When none is accepted the kernel is `unverified: no valid inputs (why)`, not `errored`.
"""

from __future__ import annotations

import inspect
import itertools
import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from compat.verify_inputs import (
    DEFAULT_SHAPES,
    INDEX_SLOTS,
    build_inputs,
    default_case_specs,
    module_cases,
    random_array,
)
from legacy_fluid.framework.var_type import AttrType, VarType
from phi.common import DataType


@dataclass
class Case:
    name: str
    inputs: dict[str, Any] = field(default_factory=dict)  # slot -> spec (compat.verify_inputs)
    attrs: dict[str, Any] = field(default_factory=dict)  # over the proto defaults
    outputs: dict[str, int] = field(default_factory=dict)  # slot -> count, over one each
    dtypes: list[str] | None = None  # upper-case DataType names
    default_shape: tuple[int, ...] = DEFAULT_SHAPES[0]
    derived: bool = False  # a candidate: the first the legacy op accepts is used
    #: an attribute set to the VarType of the dtype under test (a creation op's `dtype`)
    dtype_attr: str | None = None
    lod: bool = False  # a derived case whose inputs carry a LoD (LOD_CASES)
    #: a derived case tried only when the legacy op raised on every other (small_ints)
    fallback: bool = False
    #: the attribute value a fallback sets, in words (`depth=2`: small_int_attrs)
    attr_note: str = ""

    def applies_to(self, dtype: str) -> bool:
        return self.dtypes is None or dtype in self.dtypes

    def call(self, proto: Any, dtype: Any, seed_text: str
             ) -> tuple[dict[str, Any], dict[str, Any], dict[str, int]]:
        """(inputs per slot, attrs, output counts) for one run in `dtype`."""
        rng = np.random.default_rng(zlib.crc32(seed_text.encode()))
        arrays = build_inputs(proto, self.inputs, dtype, rng, self.default_shape)
        duplicable = {v.name for v in proto.inputs if v.duplicable}
        listed = {slot for slot, spec in self.inputs.items()  # a tensor array's tensors
                  if isinstance(spec, (list, tuple)) and spec and isinstance(spec[0], Mapping)}
        inputs = {slot: a if slot in duplicable | listed else a[0]
                  for slot, a in arrays.items()}
        attrs = {a.name: a.default for a in proto.attrs if a.default is not None}
        attrs.update(self.attrs)
        fix_seeds(proto, attrs, set(self.attrs))
        if self.dtype_attr is not None:
            attrs[self.dtype_attr] = int(VarType.from_phi(dtype))
        outputs = {v.name: 1 for v in proto.outputs if not (v.dispensable and self.outputs)}
        outputs.update(self.outputs)
        return inputs, attrs, outputs


#: The seed a seeded op runs with when its case leaves the seed at "random" (0): both
#: sides then draw the same numbers, so a random op can be compared at all.
FIXED_SEED = 20230
SEED_TYPES = (AttrType.INT, AttrType.LONG)


def is_seed(name: str) -> bool:
    """Whether attribute `name` seeds a random op (`seed`, `*_seed`)."""
    return name == "seed" or name.endswith("_seed")


def fix_seeds(proto: Any, attrs: dict[str, Any], given: set[str]) -> None:
    """A seed attribute (`seed`, `*_seed`) left at 0 gets FIXED_SEED, a `fix_seed` flag is
    set, unless the case itself sets them."""
    for a in proto.attrs:
        if a.name in given:
            continue
        if a.name == "fix_seed" and a.type is AttrType.BOOLEAN:
            attrs[a.name] = True
        elif is_seed(a.name) and a.type in SEED_TYPES and not attrs.get(a.name):
            attrs[a.name] = FIXED_SEED


def _dtype_key(value: Any) -> str:
    return str(value).rsplit(".", 1)[-1].upper()


def _from_module(raw: dict[str, Any], index: int) -> Case:
    outputs = raw.get("outputs") or {}
    if not isinstance(outputs, dict):
        outputs = {str(slot): 1 for slot in outputs}
    dtypes = raw.get("dtypes")
    return Case(str(raw.get("name", f"case {index}")), dict(raw.get("inputs") or {}),
                dict(raw.get("attrs") or {}), dict(outputs),
                [_dtype_key(d) for d in dtypes] if dtypes else None,
                tuple(raw.get("default_shape", DEFAULT_SHAPES[0])))


def cases_for(op_type: str, proto: Any, verify_cases: Any) -> tuple[list[Case], str]:
    """The op's cases and, when there are none, why no valid call can be built."""
    given = module_cases(op_type, verify_cases)
    if given:
        cases = [_from_module(raw, i) for i, raw in enumerate(given)]
        if _has_dtype_attr(proto):  # a case leaving `dtype` to the proto: as is, or set
            cases = [variant for c in cases for variant in (
                [c] if "dtype" in c.attrs else
                [replace(c, derived=True),
                 replace(c, name=f"{c.name}, dtype attribute", dtype_attr="dtype",
                         derived=True)])]
        return cases, ""
    missing = [a for a in proto.attrs
               if a.default is None and not (a.extra or a.quant or a.generated)]
    if not missing:
        return derived_cases(proto), ""
    # last, the desc without them: an attribute with no default may be absent (a program
    # older than it), and a kernel falling back on a value of its own runs so
    shown = ", ".join(a.name for a in missing)
    absent = [replace(c, name=f"{c.name}, {shown} absent") for c in derived_cases(proto)]
    unguessable = [a.name for a in missing if a.type not in REQUIRED_ATTR_CANDIDATES]
    if unguessable:
        return absent, ""
    # the op's own checks decide: each candidate value in turn, the first the legacy op
    # accepts is the case (as for shapes)
    cases = []
    for k in range(2):
        given = {a.name: REQUIRED_ATTR_CANDIDATES[a.type][k] for a in missing}
        label = ", ".join(f"{n}={v!r}" for n, v in given.items())
        cases += [replace(c, name=f"{c.name}, {label}", attrs={**c.attrs, **given})
                  for c in derived_cases(proto)]
    return cases + absent, ""


#: Values tried, in turn, for an attribute without a default when a module gives no
#: VERIFY_CASES (an index or count, a factor, a flag, a mode; a list of each).
REQUIRED_ATTR_CANDIDATES: dict[AttrType, tuple[Any, Any]] = {
    AttrType.INT: (0, 1), AttrType.LONG: (0, 1), AttrType.FLOAT: (1.0, 0.5),
    AttrType.FLOAT64: (1.0, 0.5), AttrType.BOOLEAN: (False, True), AttrType.STRING: ("", ""),
    AttrType.INTS: ([0], [1]), AttrType.LONGS: ([0], [1]), AttrType.FLOATS: ([1.0], [0.5]),
    AttrType.FLOAT64S: ([1.0], [0.5]), AttrType.BOOLEANS: ([False], [True]),
    AttrType.STRINGS: ([""], [""]),
}


def derived_cases(proto: Any) -> list[Case]:
    """Candidates in order: every default shape (index slots fed small int64 values,
    `is_test` on: `compat.verify_inputs.default_case_specs`), duplicable outputs made as
    many as the duplicable inputs (two each) or one; then, for an op with an int `dtype`
    attribute (a creation op: it picks the kernel), the same with `dtype` set to the
    dtype under test."""
    listed_outputs = [v.name for v in proto.outputs if v.duplicable]
    has_list_input = any(v.duplicable and not v.dispensable for v in proto.inputs)
    counts = [2, 1] if has_list_input else [1, 2]
    if not listed_outputs:
        counts = counts[:1]
    out = []
    for shape, inputs, attrs in default_case_specs(proto):
        for n in counts:
            outputs = {slot: n for slot in listed_outputs}
            label = f"derived: shape {list(shape)}" + (
                f", {n} per output list" if listed_outputs else "")
            out.append(Case(label, inputs, dict(attrs), outputs, None, shape, True))
    out += _lod_cases(proto, counts)
    if _has_dtype_attr(proto):
        out += [replace(c, name=f"{c.name}, dtype attribute", dtype_attr="dtype")
                for c in out]
    return out


#: (low, high) of the integer inputs of the fallback cases, in turn: all zeros, then values
#: in [0, 2): an id, an index or a class an op checks against a small bound is valid there
SMALL_INT_RANGES: tuple[tuple[int, int], ...] = ((0, 1), (0, 2))


def small_ints(proto: Any, cases: list[Case], dtype: Any) -> list[Case]:
    """For an integer `dtype` under test, the plain derived `cases` again with each required
    input they leave to the dtype fed small non-negative integers (`SMALL_INT_RANGES`), as
    fallbacks: an op checking its integer inputs against a bound (ids in [0, depth)) raises on
    the default random ones (in [-5, 6)). Nothing for another dtype or for given cases."""
    if np.dtype(dtype.to_numpy()).kind not in "iu":
        return []
    out = []
    for low, high in SMALL_INT_RANGES:
        for case in cases:
            if not case.derived or case.lod or case.fallback:
                continue
            specs = _fed(proto, case, {"low": low, "high": high})
            if specs == case.inputs:
                continue
            shown = "all 0" if high - low == 1 else f"in [{low}, {high})"
            out.append(replace(case, name=f"{case.name}, integer inputs {shown}",
                               inputs=specs, fallback=True))
    return out


def label_inputs(proto: Any, cases: list[Case]) -> list[Case]:
    """The plain derived `cases` again with each other required input given the leading
    dims of the first input left to the dtype (`X.shape[:-1]`, then `X.shape[:-1] + (1,)`)
    as int64 in [0, X.shape[-1]), as fallbacks: an op reading one class id per row of X (a
    label, a target index) raises on every case feeding that input X's own shape. Generic:
    which input is which follows the proto's order alone."""
    required = [v.name for v in proto.inputs if not (v.dispensable or v.duplicable)]
    out = []
    for case in cases:
        if not case.derived or case.lod or case.fallback or len(case.default_shape) < 2:
            continue
        fed = [name for name in required if name not in case.inputs]
        lead, classes = case.default_shape[:-1], case.default_shape[-1]
        for name in required:
            if not fed or name == fed[0]:
                continue
            for shape in (lead, (*lead, 1)):
                spec = {"shape": shape, "dtype": "int64", "low": 0, "high": classes}
                out.append(replace(
                    case, name=f"{case.name}, {name} int64 of shape {list(shape)} in "
                    f"[0, {classes})", inputs={**case.inputs, name: spec}, fallback=True))
    return out


#: the values an int attribute takes in the fallbacks of `small_int_attrs`, in turn
SMALL_ATTR_VALUES: tuple[int, ...] = (1, 2, 3, 4)


def small_int_attrs(proto: Any, cases: list[Case], dtype: Any) -> list[Case]:
    """The plain derived `cases` again with each int attribute of the proto (not a seed, a
    dtype, an extra one) set to each of SMALL_ATTR_VALUES, as fallbacks: an op whose
    attribute's default is invalid for it (a one_hot-like `depth` of -1) raises on every
    case at the defaults. Under an integer `dtype` the required inputs left to the dtype are
    fed integers in [0, value), ids below the bound the attribute sets. Generic: no op or
    attribute name is special but the seeds' and dtypes'."""
    ints = np.dtype(dtype.to_numpy()).kind in "iu"
    names = [a.name for a in proto.attrs if a.type in SEED_TYPES
             and not (a.extra or a.quant or a.generated)
             and not (is_seed(a.name) or a.name.endswith("dtype"))]
    out = []
    for name in names:
        for value in SMALL_ATTR_VALUES:
            for case in cases:
                if not case.derived or case.lod or case.fallback or name in case.attrs:
                    continue
                specs = dict(case.inputs)
                for v in proto.inputs if ints else ():
                    if v.dispensable or v.name in specs:
                        continue
                    spec = {"shape": case.default_shape, "low": 0, "high": value}
                    specs[v.name] = [spec, dict(spec)] if v.duplicable else spec
                fed = f", integer inputs in [0, {value})" if specs != case.inputs else ""
                out.append(replace(case, name=f"{case.name}, {name}={value}{fed}",
                                   inputs=specs, attrs={**case.attrs, name: value},
                                   fallback=True, attr_note=f"{name}={value}"))
    return out


#: a list attribute's element in the fallbacks of `rank_lists`, per type
_LIST_ONES: dict[AttrType, Any] = {AttrType.INTS: 1, AttrType.LONGS: 1, AttrType.FLOATS: 1.0,
                                   AttrType.FLOAT64S: 1.0}


def rank_lists(proto: Any, cases: list[Case]) -> list[Case]:
    """The plain derived `cases` again with each list attribute of the proto that its
    default leaves empty (or without one) set to ones, one per axis of the inputs' shape,
    then two per axis (before and after, as paddings are), as fallbacks: an op whose list
    attribute is sized by its input's rank raises on the empty default. Generic: no op or
    attribute name is special."""
    names = [a.name for a in proto.attrs if a.type in _LIST_ONES and not a.default
             and not (a.extra or a.quant or a.generated)]
    one = {a.name: _LIST_ONES[a.type] for a in proto.attrs if a.name in names}
    out = []
    for per_axis in (1, 2):
        for case in cases:
            if not case.derived or case.lod or case.fallback or not names:
                continue
            n = per_axis * len(case.default_shape)
            given = {name: [one[name]] * n for name in names}
            shown = ", ".join(f"{name}={value}" for name, value in given.items())
            out.append(replace(case, name=f"{case.name}, {shown}", attrs={
                **case.attrs, **given}, fallback=True, attr_note=shown))
    return out


def trailing_inputs(proto: Any, cases: list[Case]) -> list[Case]:
    """The plain derived `cases` again with every required input after the first that they
    leave to the dtype shaped as trailing dims of the first (its last dim, its second, all
    but its first: a vector, a per-channel bias, a per-sample weight), as the first with
    its last two dims swapped (a matrix product's right operand), as its leading dims (a
    value per row), as one element (a weight shared by every element, a learning rate) or
    as a few fields per row (`[N, 2]`, `[N, 3]`: show/click counts, image info),
    all alike, then (two later inputs of a rank-3 first) each its own of those; last,
    every input left to the dtype, the first too, with each dim rounded up to even (an op
    pairing up a dim's entries) or as one element (a counter, a step); as fallbacks: an op
    pairing a matrix with a vector raises on every case feeding both the same shape.
    Generic: which input is which follows the proto's order alone."""
    required = [v.name for v in proto.inputs if not (v.dispensable or v.duplicable)]
    out = []
    for case in cases:
        fed = [name for name in required if name not in case.inputs]
        shape = case.default_shape
        if not case.derived or case.lod or case.fallback or len(shape) < 2 or len(fed) < 2:
            continue
        swapped = (*shape[:-2], shape[-1], shape[-2])  # a matrix product's right operand
        tails = [shape[-1:], shape[1:2], shape[1:]] + ([swapped] if swapped != shape else [])
        narrow = [(shape[0], k) for k in (2, 3)]  # a few fields per row (counts, image info)
        tails = list(dict.fromkeys([*tails, shape[:-1], (1,), *narrow]))
        later = fed[1:]
        choices = [tuple([t] * len(later)) for t in tails]
        if len(later) == 2 and len(shape) == 3:  # a batch of matrices: W and a bias apart
            choices += [c for c in itertools.product(tails, repeat=2) if c[0] != c[1]]
        for choice in choices:
            specs = {name: {"shape": t} for name, t in zip(later, choice, strict=True)}
            shown = ", ".join(f"{n} of shape {list(t)}" for n, t in zip(later, choice,
                                                                       strict=True))
            if len(set(choice)) == 1:
                shown = f"{', '.join(later)} of shape {list(choice[0])}"
            out.append(replace(case, name=f"{case.name}, {shown}",
                               inputs={**case.inputs, **specs}, fallback=True))
    plain = [c for c in cases if c.derived and not c.lod and not c.fallback]
    for case in plain:  # every dim even: an op pairing up a dim's entries (x/y, re/im)
        even = tuple(d + d % 2 for d in case.default_shape)
        fed = [name for name in required if name not in case.inputs]
        if even != case.default_shape and fed:
            out.append(replace(case, name=f"{case.name}, every input of shape {list(even)}",
                               inputs={**case.inputs, **{n: {"shape": even} for n in fed}},
                               fallback=True))
    fed = [name for name in required if plain and name not in plain[0].inputs]
    if fed:
        out.append(replace(plain[0], name=f"{plain[0].name}, every input of shape [1]",
                           inputs={**plain[0].inputs, **{n: {"shape": (1,)} for n in fed}},
                           fallback=True))
    return out


def field_columns(proto: Any, cases: list[Case]) -> list[Case]:
    """The plain derived `cases` again with the first required input they leave to the dtype
    given a last dim of k: the length of a list attribute's default (a value per column:
    quantile levels, per-class weights), then 2 and 3 (a few fields per row: a 2-D point,
    an image's info), the later ones that shape too or a value per row of it, as
    fallbacks: an op sizing its columns by an attribute or a fixed field count raises on
    every other shape. Generic: no op or attribute name is special."""
    sizes = [len(a.default) for a in proto.attrs if a.type in _LIST_ONES
             and isinstance(a.default, (list, tuple)) and 0 < len(a.default) <= 16
             and not (a.extra or a.quant or a.generated)]
    required = [v.name for v in proto.inputs if not (v.dispensable or v.duplicable)]
    out = []
    for case in cases:
        shape, fed = case.default_shape, [n for n in required if n not in case.inputs]
        if not case.derived or case.lod or case.fallback or len(shape) < 2 or not fed:
            continue
        for k in dict.fromkeys([*sizes, 2, 3]):
            cols = (*shape[:-1], k)
            # the later inputs alike, or a value per row (a target, a label) beside them
            for later in dict.fromkeys([cols, shape[:-1], (*shape[:-1], 1)]):
                if k == shape[-1] or (later != cols and len(fed) < 2):
                    continue
                specs = {n: {"shape": cols if i == 0 else later} for i, n in enumerate(fed)}
                shown = ", ".join(f"{n} of shape {list(v['shape'])}" for n, v in specs.items())
                out.append(replace(case, name=f"{case.name}, {shown}", fallback=True,
                                   inputs={**case.inputs, **specs}))
    return out


def _fed(proto: Any, case: Case, bounds: dict[str, Any]) -> dict[str, Any]:
    """`case`'s input specs with each required input it leaves to the dtype drawn of its
    default shape within `bounds` (`{"low": ..., "high": ...}`)."""
    specs = dict(case.inputs)
    for v in proto.inputs:
        if v.dispensable or v.name in specs:
            continue
        spec = {"shape": case.default_shape, **bounds}
        specs[v.name] = [spec, dict(spec)] if v.duplicable else spec
    return specs


def unit_inputs(proto: Any, cases: list[Case], dtype: Any) -> list[Case]:
    """For a floating `dtype` under test, the plain derived `cases` again with each required
    input they leave to the dtype drawn in [0, 1) (probabilities, a domain of logarithms and
    roots), as fallbacks: an op checking its inputs are such raises on the default ones (in
    [-2, 2)). Nothing for another dtype."""
    if np.dtype(dtype.to_numpy()).kind not in "fc":
        return []
    out = []
    for case in cases:
        if not case.derived or case.lod or case.fallback:
            continue
        specs = _fed(proto, case, {"low": 0.0, "high": 1.0})
        if specs != case.inputs:
            out.append(replace(case, name=f"{case.name}, inputs in [0, 1)", inputs=specs,
                               fallback=True))
    return out


#: (shape, LoD) of the derived LoD cases, tried after the plain ones: one level over the
#: first dim with an empty sequence, two levels, one level on a vector.
LOD_CASES: tuple[tuple[tuple[int, ...], list[list[int]]], ...] = (
    ((5, 4), [[0, 2, 2, 5]]),
    ((5, 4), [[0, 1, 3], [0, 2, 2, 5]]),
    ((5,), [[0, 2, 2, 5]]),
)


def other_values(name: str, fallback: Any) -> list[Any]:
    """The values an undeclared attribute `name` read as a `ctx.has_attr` fallback is given
    in an op desc by verify: its fallback, then another of its type (a string only its own:
    a mode name the kernel does not know would make the op raise); a seed or `fix_seed` only
    fixed, as `fix_seeds` gives them (an unfixed seed draws other numbers on each side)."""
    if name == "fix_seed" and isinstance(fallback, bool):
        return [True]
    if is_seed(name) and type(fallback) is int:
        return [FIXED_SEED]
    if isinstance(fallback, bool):
        return [fallback, not fallback]
    if isinstance(fallback, (int, float)):
        return [fallback, type(fallback)(fallback * 2 + 1)]
    return [fallback]


def _lod_cases(proto: Any, counts: list[int]) -> list[Case]:
    """Derived cases whose required tensor inputs (not the index slots) carry a LoD over
    their first dim (a sequence op refuses an input without one); then, as fallbacks, the
    first such input with the LoD and each other one holding a value per sequence, of
    shape `[sequences]` then `[sequences, 1]` (a per-sequence scale or length), then a
    few fields per sequence, `[sequences, 2]` and `[sequences, 3]` (an image's info)."""
    listed_outputs = [v.name for v in proto.outputs if v.duplicable]
    attrs = default_case_specs(proto)[0][2]
    required = [v for v in proto.inputs if not v.dispensable]
    tensors = [v.name for v in required if v.name not in INDEX_SLOTS]
    out, per_sequence = [], []
    for shape, lod in LOD_CASES:
        nseq = len(lod[-1]) - 1
        variants: list[tuple[str, tuple[int, ...] | None]] = [("", None)] + [
            (f", {', '.join(tensors[1:])} of shape {list(s)}", s)
            for s in ((nseq,), (nseq, 1), (nseq, 2), (nseq, 3)) if len(tensors) > 1]
        for note, each in variants:
            specs: dict[str, Any] = {}
            for v in required:
                spec: dict[str, Any] = (
                    {"shape": shape, "dtype": "int64", "low": 0, "high": 2}
                    if v.name in INDEX_SLOTS else
                    {"shape": each} if each is not None and v.name != tensors[0] else
                    {"shape": shape, "lod": [list(level) for level in lod]})
                specs[v.name] = [spec, dict(spec)] if v.duplicable else spec
            for n in counts:
                outputs = {slot: n for slot in listed_outputs}
                label = f"derived: shape {list(shape)}, LoD {lod}" + (
                    f", {n} per output list" if listed_outputs else "") + note
                (per_sequence if each else out).append(Case(
                    label, specs, dict(attrs), outputs, None, shape, True, lod=True,
                    fallback=each is not None))
    return out + per_sequence


#: a kernel's source reading or writing a LoD (`x.lod`, `set_lod`, `ctx.lod(...)`)
_READS_LOD = re.compile(r"\.lod\b|\blod\s*\(|set_lod|share_lod|_lod\(")


def kernel_reads_lod(kernel_cls: Any) -> bool:
    """The kernel class's own source reads or sets a LoD: its LoD cases are run as well
    as its first plain one (a kernel reading none runs them only when no plain case
    is accepted, so verify costs one run as before)."""
    try:
        source = inspect.getsource(kernel_cls)
    except (OSError, TypeError):
        return False
    return bool(_READS_LOD.search(source))


def _has_dtype_attr(proto: Any) -> bool:
    """An int `dtype` attribute: a creation op's, which picks the kernel."""
    return any(a.name == "dtype" and a.type is AttrType.INT for a in proto.attrs)


# -- grad ops --------------------------------------------------------------------------------
GRAD_SUFFIX = "@GRAD"


def grad_call(proto: Any, forward_call: tuple[dict[str, Any], dict[str, Any],
                                                                  dict[str, int]],
              forward_outputs: dict[str, list[Any]], seed_text: str
              ) -> tuple[dict[str, Any], dict[str, Any], dict[str, int]]:
    """A grad op's call derived from one run of its forward op: the forward's inputs and
    attributes, its outputs (`Out`, `Softmax`), and cotangents shaped like them (`Out@GRAD`:
    random, of `Out`'s dims and dtype). ValueError when a slot has no source."""
    f_inputs, f_attrs, _ = forward_call
    rng = np.random.default_rng(zlib.crc32(seed_text.encode()))
    host = {slot: [_host_copy(t) for t in ts] for slot, ts in forward_outputs.items()}
    inputs: dict[str, Any] = {}
    for v in proto.inputs:
        base = v.name[: -len(GRAD_SUFFIX)] if v.name.endswith(GRAD_SUFFIX) else None
        if base is not None and host.get(base):
            made = [random_array(a.shape, DataType.from_numpy(a.dtype), rng)
                    for a in host[base]]
            inputs[v.name] = made if v.duplicable else made[0]
        elif base is None and v.name in f_inputs:
            inputs[v.name] = f_inputs[v.name]
        elif base is None and host.get(v.name):
            inputs[v.name] = host[v.name] if v.duplicable else host[v.name][0]
        elif not v.dispensable:
            raise ValueError(f"grad input '{v.name}' is neither an input nor an output of "
                             "the forward op")
    attrs = {a.name: a.default for a in proto.attrs if a.default is not None}
    attrs.update({k: v for k, v in f_attrs.items() if proto.attr(k) is not None})
    outputs = {v.name: 1 for v in proto.outputs}
    return inputs, attrs, outputs


def without_each_optional_output(proto: Any, outputs: dict[str, int]
                                 ) -> list[tuple[str, dict[str, int]]]:
    """An op leaves an output a program may omit uncomputed: a grad op's dispensable
    gradient (the gradient of a feed), a forward op's dispensable or extra output (`Diff`,
    `MaxIndex` a program never fetches). One call without each, while another is asked: a
    kernel taking it as a required output raises there, where the legacy kernel, reading
    `ctx.output(N)` as None, ran."""
    asked = [s for s, n in outputs.items() if n]
    out = []
    for v in proto.outputs:
        if (v.dispensable or v.extra) and v.name in asked and len(asked) > 1:
            out.append((f"without {v.name}", {s: n for s, n in outputs.items() if s != v.name}))
    return out


def _host_copy(tensor: Any) -> np.ndarray:
    data = tensor.data
    return np.array(data if isinstance(data, np.ndarray) else data.get(), copy=True)
