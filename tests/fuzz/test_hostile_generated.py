"""Generated hostile inputs (hypothesis): attribute type swaps, block nesting and cycles,
oversized counts, per-variable params names and dims, special files among a model's files.

Each property says what must happen for every generated case: a clear `ModelFormatError`
(or `AttrTypeError`) or a correct result, never another exception, a hang or a value that
silently changed. Each test is bounded (max_examples, deadline); all of them together
take well under a minute.
"""

from __future__ import annotations

import math
import os
import shutil
import socket
import struct
import tempfile
import time
from pathlib import Path

import numpy as np
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from legacy_fluid.framework.attr_types import AttrTypeError
from legacy_fluid.framework.op_registry import OP_INFOS, create_op
from legacy_fluid.framework.program_desc import BlockDesc, OpDesc, ProgramDesc
from legacy_fluid.framework.scope import Scope
from legacy_fluid.framework.var_type import AttrType as A
from legacy_fluid.io import ModelFormatError, load_inference_model, program_from_bytes
from legacy_fluid.io.limits import LIMITS
from legacy_fluid.io.params_io import load_combined_params, load_separate_params
from legacy_fluid.io.validate import program_problems
from legacy_fluid.proto import framework_pb2 as pb
from phi.common import Scalar
from tests.io.program_growth import grown_program

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLE = ROOT / "examples" / "mlp"
def bounded(examples: int, deadline_ms: int = 2000) -> settings:
    return settings(max_examples=examples, deadline=deadline_ms, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])

# -- attribute type swaps -------------------------------------------------------------------
_int32 = st.integers(-(2**31), 2**31 - 1)
_int64 = st.integers(-(2**63), 2**63 - 1)
_float32 = st.floats(width=32)
_floats = st.floats(allow_nan=True, allow_infinity=True)
_text = st.text(max_size=8)
VALUE = {
    A.INT: _int32, A.FLOAT: _float32, A.STRING: _text, A.INTS: st.lists(_int32, max_size=4),
    A.FLOATS: st.lists(_float32, max_size=4), A.STRINGS: st.lists(_text, max_size=3),
    A.BOOLEAN: st.booleans(), A.BOOLEANS: st.lists(st.booleans(), max_size=3),
    A.BLOCK: st.just(0), A.LONG: _int64, A.BLOCKS: st.lists(st.just(0), max_size=2),
    A.LONGS: st.lists(_int64, max_size=4), A.FLOAT64S: st.lists(_floats, max_size=3),
    A.VAR: _text, A.VARS: st.lists(_text, max_size=2), A.FLOAT64: _floats,
    A.SCALAR: _floats.map(Scalar), A.SCALARS: st.lists(_floats.map(Scalar), max_size=2),
}
_ATTRS = [(t, a.name, a.type) for t in OP_INFOS.op_types() for a in OP_INFOS.get(t).proto.attrs]


def _same(declared: A, original: object, seen: object) -> bool:
    """Whether the value an op sees is the stored one (as Paddle reads it) exactly."""
    if declared == A.BOOLEAN:
        return seen is bool(original)  # nonzero is true: Paddle's rule, exact
    if isinstance(original, list):
        return isinstance(seen, list) and len(seen) == len(original) and all(
            _same({A.LONGS: A.LONG, A.FLOAT64S: A.FLOAT64}.get(declared, declared), o, s)
            for o, s in zip(original, seen))
    if isinstance(original, float) and math.isnan(original):
        return isinstance(seen, float) and math.isnan(seen)
    return seen == original and (declared not in (A.LONG, A.INT) or type(seen) is int) and \
        (declared not in (A.FLOAT, A.FLOAT64) or type(seen) is float)


@bounded(3000)
@given(st.sampled_from(_ATTRS), st.sampled_from(list(A)), st.data())
def test_a_swapped_attribute_type_is_refused_or_keeps_its_value(attr, stored, data) -> None:
    op_type, name, declared = attr
    value = data.draw(VALUE[stored])
    desc = OpDesc(op_type, attrs={name: value}, attr_types={name: stored})
    program = ProgramDesc([BlockDesc(0, -1, ops=[desc])])
    problems = [p for p in program_problems(program) if f"attribute '{name}'" in p]
    try:
        seen = create_op(desc).attrs[name]
    except AttrTypeError as e:
        assert problems == [f"op #0 '{op_type}': {str(e).split(': ', 1)[1]}"]
        assert f"is stored as {stored.name} (" in str(e) and \
            f"the op declares {declared.name}:" in str(e)
        event("refused")
        return
    event("same type" if stored == declared else "converted")
    assert problems == [], problems
    assert stored not in (A.VAR, A.VARS)
    if stored != declared and not (isinstance(value, list) and not value):
        assert _same(declared, value, seen), (declared, stored, value, seen)


# the same swaps in a real program file, run on every path: a kept value, the same bits
_FIELD = {A.INT: "i", A.FLOAT: "f", A.STRING: "s", A.BOOLEAN: "b", A.LONG: "l",
          A.FLOAT64: "float64", A.INTS: "ints", A.FLOATS: "floats", A.LONGS: "longs",
          A.BOOLEANS: "bools", A.STRINGS: "strings", A.FLOAT64S: "float64s"}
_SWAP_VALUES = {A.INT: st.integers(-2, 2), A.FLOAT: st.sampled_from([0.0, 1.0, -1.0, 0.5]),
                A.LONG: st.integers(-2, 2), A.FLOAT64: st.sampled_from([0.0, 1.0, -1.0]),
                A.BOOLEAN: st.booleans(), A.STRING: st.sampled_from(["", "-1", "x"])}
_X = np.load(EXAMPLE / "x.npy")
_REFERENCE: dict[str, np.ndarray] = {}


def _reference(path: str) -> np.ndarray:
    from compat.predictor import load_model, run_model

    if path not in _REFERENCE:
        _REFERENCE[path] = next(iter(run_model(load_model(EXAMPLE / "model"), {"x": _X},
                                               path=path).outputs.values()))
    return _REFERENCE[path]


@bounded(80, 5000)
@given(st.integers(1, 9), st.sampled_from(sorted(_SWAP_VALUES)), st.data(),
       st.sampled_from(["auto", "phi", "legacy"]))
def test_a_swapped_attribute_in_a_model_file_is_refused_or_answers_the_same(
        op_index: int, stored: A, data, path: str) -> None:
    from compat.predictor import load_model, run_model

    msg = pb.ProgramDesc()
    msg.CopyFrom(_EXAMPLE_MSG)
    op = msg.blocks[0].ops[op_index]
    own = [a for a in op.attrs if a.name not in ("op_callstack", "op_namescope", "op_device",
                                                 "op_role_var", "with_quant_attr")]
    attr = own[data.draw(st.integers(0, len(own) - 1))]
    declared = OP_INFOS.get(op.type).proto.attr(attr.name).type
    before = {A.INT: attr.i, A.BOOLEAN: attr.b}.get(declared)
    value = data.draw(_SWAP_VALUES[stored])
    name = attr.name
    attr.Clear()
    attr.name, attr.type = name, int(stored)
    setattr(attr, _FIELD[stored], value)
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "model.pdmodel").write_bytes(msg.SerializeToString())
        shutil.copy(EXAMPLE / "model.pdiparams", Path(tmp) / "model.pdiparams")
        try:
            model = load_model(Path(tmp) / "model")
        except ModelFormatError as e:
            assert f"op #{op_index} '{op.type}': attribute '{name}' is stored as " \
                   f"{stored.name}" in str(e) and f"declares {declared.name}" in str(e), e
            assert stored != declared
            event("refused")
            return
        seen = create_op(model.program.global_block().ops[op_index]).attrs[name]
        if seen != before:
            event("accepted, another value")
            return
        out = next(iter(run_model(model, {"x": _X}, path=path).outputs.values()))
    assert out.tobytes() == _reference(path).tobytes()
    event("accepted, same value: same bits")


# -- block nesting, cycles, oversized counts -------------------------------------------------
def _naive(parents: list[int]) -> tuple[bool, int]:
    """Whether some block's parent links run into a cycle, and the deepest chain that
    reaches block 0 (a walk per block with a visited set: the quadratic oracle)."""
    n, cycle, deepest = len(parents), False, 0

    def link(i: int) -> int | None:
        p = parents[i]
        return p if 0 <= p < n and p != i else None

    for start in range(1, n):
        seen, cur, depth = {start}, link(start), 1
        while cur is not None and cur != 0:
            if cur in seen:
                cycle = True
                break
            seen.add(cur)
            cur, depth = link(cur), depth + 1
        else:
            if cur == 0:
                deepest = max(deepest, depth)
    return cycle, deepest


_LINKS = st.one_of(
    st.integers(2, 400).flatmap(lambda n: st.lists(
        st.one_of(st.integers(-3, n + 3), st.integers(0, n - 1)), min_size=n - 1,
        max_size=n - 1)),
    st.integers(2, 400).map(lambda n: list(range(n - 1))),  # a chain: block i in block i-1
    st.integers(3, 400).map(lambda n: [*range(n - 2), n - 1]),  # a chain whose end loops
)


@bounded(400)
@given(_LINKS)
def test_any_block_links_are_judged_like_a_naive_walk(links: list[int]) -> None:
    parents = [-1, *links]
    program = ProgramDesc([BlockDesc(i, p) for i, p in enumerate(parents)])
    start = time.perf_counter()
    problems = program_problems(program)
    assert time.perf_counter() - start < 1.0
    cycle, deepest = _naive(parents)
    assert any("form a cycle" in p for p in problems) == cycle, (parents, problems)
    too_deep = any("levels of block nesting" in p for p in problems)
    assert too_deep == (deepest > LIMITS["depth"][0]), (deepest, problems)
    bad = [i for i, p in enumerate(parents[1:], 1) if not 0 <= p < len(parents) or p == i]
    for i in bad:
        assert any(p.startswith(f"block {i} has parent_idx") for p in problems)


_EXAMPLE_MSG = pb.ProgramDesc.FromString((EXAMPLE / "model.pdmodel").read_bytes())


@bounded(60)
@given(st.sampled_from(["blocks", "ops", "op_args", "op_attrs", "attr_elements", "name_bytes"]),
       st.integers(-3, 3))
def test_counts_around_a_limit_are_refused_exactly_past_it(kind: str, offset: int) -> None:
    small = 40
    saved = LIMITS[kind]
    LIMITS[kind] = (small, saved[1])
    try:
        n = small + offset
        m = grown_program(kind, n)
        try:
            program_from_bytes(m.SerializeToString())
            refused = None
        except ModelFormatError as e:
            refused = str(e)
        if offset > 0:
            assert refused is not None and f"{n:,} {saved[1]}, over fluidphi's limit of " \
                f"{small}" in refused
        else:
            assert refused is None or "limit" not in refused, refused
    finally:
        LIMITS[kind] = saved


# -- params: per-variable names and record dims ----------------------------------------------
@bounded(400)
@given(st.one_of(st.text(min_size=0, max_size=20), st.sampled_from(
    ["..", ".", "a/../b", "/x", "a//b", "a/", "\0", "x\0y", "n" * 256, "d/" + "é" * 200,
     "sub/w_0", "w.b_0"])))
def test_any_variable_name_is_a_file_or_a_clear_refusal(name: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        try:
            load_separate_params(d, [name])
        except ModelFormatError as e:
            text = str(e)
            assert "cannot be a file name" in text or "not found" in text, text
            if "\0" in name or name in ("", ".", "..") or name.startswith("/"):
                assert "cannot be a file name" in text


def _record(dims: list[int], dtype: int, data: bytes) -> bytes:
    desc = pb.VarType.TensorDesc()
    desc.data_type = dtype
    desc.dims.extend(dims)
    raw = desc.SerializeToString()
    return struct.pack("<IQIi", 0, 0, 0, len(raw)) + raw + data


_ITEMSIZE = {0: 1, 1: 2, 2: 4, 3: 8, 4: 2, 5: 4, 6: 8, 20: 1, 21: 1, 99: 1}


@bounded(600)
@given(st.lists(st.one_of(st.integers(-2, 5), st.integers(-(2**63), 2**63 - 1)), max_size=70),
       st.sampled_from(sorted(_ITEMSIZE)), st.one_of(st.integers(0, 200), st.integers(-2, 2)))
def test_any_record_dims_load_exactly_or_are_refused(dims: list[int], dtype: int,
                                                     nbytes: int) -> None:
    """`nbytes` < 1: the size the dims need plus it (-2 .. 0), else that many bytes."""
    if nbytes < 1 and all(0 <= d < 100 for d in dims) and len(dims) < 5:
        nbytes = max(0, math.prod(dims) * _ITEMSIZE[dtype] + nbytes)
    nbytes = max(nbytes, 0)
    data = bytes(range(256)) * (nbytes // 256 + 1)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "p.pdiparams"
        path.write_bytes(_record(dims, dtype, data[:nbytes]))
        try:
            got = load_combined_params(path, ["w"])["w"].numpy()
        except ModelFormatError as e:
            assert str(e).startswith(str(path)), e
            event("refused")
            return
    event("loaded")
    assert list(got.shape) == dims and got.nbytes == nbytes  # every byte read, no more
    assert got.tobytes() == data[:nbytes]


# -- special files among a model's files -----------------------------------------------------
def _special(path: Path, kind: str) -> object:
    path.unlink(missing_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dir":
        path.mkdir()
    elif kind == "devzero":
        path.symlink_to("/dev/zero")
    elif kind == "socket":
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(path))
        return sock
    return None


_SEPARATE = tempfile.mkdtemp(prefix="fluidphi-sep-")
_scope = Scope()
_program, _feeds, _fetches = load_inference_model(EXAMPLE / "model", scope=_scope)
_FILES = sorted([*(n for n in _scope.local_var_names()), "__model__"])


@bounded(60, 5000)
@given(st.sampled_from(_FILES), st.sampled_from(["fifo", "dir", "devzero", "socket"]),
       st.booleans())
def test_a_special_file_among_a_models_files_is_refused_unopened(name: str, kind: str,
                                                                  combined: bool) -> None:
    from legacy_fluid.io import save_inference_model

    with tempfile.TemporaryDirectory(dir=_SEPARATE) as tmp:
        if combined:
            prefix = Path(tmp) / "m"
            model, params = save_inference_model(prefix, _program, _feeds, _fetches, _scope)
            target = model if name == "__model__" else params
        else:
            save_inference_model(Path(tmp) / "sep", _program, _feeds, _fetches, _scope,
                                 separate_params=True)
            prefix = target = Path(tmp) / "sep"
            target = prefix / name
        held = _special(target, kind)
        start = time.perf_counter()
        try:
            load_inference_model(prefix.parent / "m.pdmodel" if combined and
                                 name == "__model__" else prefix, scope=Scope())
            raise AssertionError("a special file was read as a model file")
        except ModelFormatError as e:
            text = str(e)
        finally:
            if held is not None:
                held.close()  # type: ignore[attr-defined]
        assert time.perf_counter() - start < 3
        want = {"fifo": "is a FIFO (named pipe), not a regular file",
                "devzero": "is a character device, not a regular file",
                "socket": "is a socket, not a regular file"}.get(kind)
        if want is None:  # a folder: refused by the layout or as not a regular file
            assert "directory" in text or "is a folder, not a regular file" in text, text
        else:
            assert want in text, text


def teardown_module() -> None:
    shutil.rmtree(_SEPARATE, ignore_errors=True)


def test_the_strategies_cover_every_attribute_type() -> None:
    assert set(VALUE) == set(A)
    assert {d for _, _, d in _ATTRS} >= {A.INT, A.FLOAT, A.LONG, A.LONGS, A.BOOLEAN,
                                        A.FLOAT64S, A.SCALARS, A.BLOCK}
    assert np.dtype("<u4").itemsize == 4
