"""framework.proto: public field numbers, a current framework_pb2, runtime independence."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest
from google.protobuf import descriptor_pool

from legacy_fluid.framework.var_type import AttrType, VarType
from legacy_fluid.proto import framework_pb2 as pb

REPO = Path(__file__).resolve().parents[2]

# (message, field) -> number, as in Paddle's framework.proto
FIELD_NUMBERS = {
    ("Version", "version"): 1,
    ("OpDesc", "type"): 3, ("OpDesc", "inputs"): 1, ("OpDesc", "outputs"): 2,
    ("OpDesc", "attrs"): 4, ("OpDesc", "is_target"): 5,
    ("OpDesc.Var", "parameter"): 1, ("OpDesc.Var", "arguments"): 2,
    ("OpDesc.Attr", "name"): 1, ("OpDesc.Attr", "type"): 2, ("OpDesc.Attr", "i"): 3,
    ("OpDesc.Attr", "f"): 4, ("OpDesc.Attr", "s"): 5, ("OpDesc.Attr", "ints"): 6,
    ("OpDesc.Attr", "floats"): 7, ("OpDesc.Attr", "strings"): 8, ("OpDesc.Attr", "b"): 10,
    ("OpDesc.Attr", "bools"): 11, ("OpDesc.Attr", "block_idx"): 12, ("OpDesc.Attr", "l"): 13,
    ("OpDesc.Attr", "blocks_idx"): 14, ("OpDesc.Attr", "longs"): 15,
    ("OpDesc.Attr", "float64s"): 16, ("OpDesc.Attr", "var_name"): 17,
    ("OpDesc.Attr", "vars_name"): 18, ("OpDesc.Attr", "float64"): 19,
    ("OpDesc.Attr", "scalar"): 20, ("OpDesc.Attr", "scalars"): 21,
    ("Scalar", "type"): 1, ("Scalar", "b"): 2, ("Scalar", "i"): 3, ("Scalar", "r"): 4,
    ("Scalar", "c"): 5, ("Complex", "r"): 1, ("Complex", "i"): 2,
    ("VarType", "type"): 1, ("VarType", "selected_rows"): 2, ("VarType", "lod_tensor"): 3,
    ("VarType", "tensor_array"): 4, ("VarType", "reader"): 5, ("VarType", "tuple"): 7,
    ("VarType", "string"): 8, ("VarType", "strings"): 9, ("VarType", "vocab"): 10,
    ("VarType", "sparse_coo"): 11, ("VarType", "sparse_csr"): 12,
    ("VarType.TensorDesc", "data_type"): 1, ("VarType.TensorDesc", "dims"): 2,
    ("VarType.LoDTensorDesc", "tensor"): 1, ("VarType.LoDTensorDesc", "lod_level"): 2,
    ("VarType.LoDTensorArrayDesc", "tensor"): 1,
    ("VarType.LoDTensorArrayDesc", "lod_level"): 2,
    ("VarType.ReaderDesc", "lod_tensor"): 1, ("VarType.Tuple", "element_type"): 1,
    ("VarDesc", "name"): 1, ("VarDesc", "type"): 2, ("VarDesc", "persistable"): 3,
    ("VarDesc", "need_check_feed"): 4, ("VarDesc", "is_parameter"): 5,
    ("VarDesc", "stop_gradient"): 6, ("VarDesc", "attrs"): 7,
    ("VarDesc.Attr", "name"): 1, ("VarDesc.Attr", "type"): 2, ("VarDesc.Attr", "i"): 3,
    ("VarDesc.Attr", "s"): 4, ("VarDesc.Attr", "ints"): 5,
    ("BlockDesc", "idx"): 1, ("BlockDesc", "parent_idx"): 2, ("BlockDesc", "vars"): 3,
    ("BlockDesc", "ops"): 4, ("BlockDesc", "forward_block_idx"): 5,
    ("OpVersion", "version"): 1, ("OpVersionMap", "pair"): 1,
    ("OpVersionMap.OpVersionPair", "op_name"): 1,
    ("OpVersionMap.OpVersionPair", "op_version"): 2,
    ("ProgramDesc", "blocks"): 1, ("ProgramDesc", "op_compatible_map"): 3,
    ("ProgramDesc", "version"): 4, ("ProgramDesc", "op_version_map"): 5,
}


def _message(path: str):
    cls = pb
    for part in path.split("."):
        cls = getattr(cls, part)
    return cls


@pytest.mark.parametrize(("where", "number"), FIELD_NUMBERS.items(),
                         ids=[".".join(k) for k in FIELD_NUMBERS])
def test_field_numbers(where: tuple[str, str], number: int) -> None:
    message, field = where
    assert _message(message).DESCRIPTOR.fields_by_name[field].number == number


def test_enums_agree_with_python_enums() -> None:
    for t in AttrType:
        assert pb.AttrType.Value(t.name) == t
    names = {"DENSE_TENSOR", "DENSE_TENSOR_ARRAY"}  # Paddle 3 aliases of LOD_TENSOR(_ARRAY)
    for t in VarType:
        if t.name not in names:
            assert pb.VarType.Type.Value(t.name) == t
    assert {v.name for v in pb.Scalar.Type.DESCRIPTOR.values} == {"BOOLEAN", "LONG", "FLOAT64",
                                                                    "COMPLEX128"}


def test_private_pool_does_not_touch_the_default_pool() -> None:
    assert pb.POOL is not descriptor_pool.Default()
    with pytest.raises(KeyError):
        descriptor_pool.Default().FindMessageTypeByName("paddle.framework.proto.ProgramDesc")


@pytest.mark.skipif(importlib.util.find_spec("grpc_tools") is None,
                    reason="grpcio-tools (protoc) is not installed")
def test_framework_pb2_is_current() -> None:
    result = subprocess.run([sys.executable, str(REPO / "legacy_fluid/proto/regen.py"),
                             "--check"], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


def test_pure_python_protobuf_backend(tmp_path: Path) -> None:
    """The same module and round trip work on protobuf's pure-Python implementation."""
    code = (
        "from google.protobuf.internal import api_implementation as a\n"
        "assert a.Type() == 'python', a.Type()\n"
        "from legacy_fluid.io import load_program, program_to_bytes\n"
        f"p = {str(REPO / 'tests/io/data/all_attrs.pdmodel')!r}\n"
        "assert program_to_bytes(load_program(p)) == open(p, 'rb').read()\n"
    )
    env = dict(os.environ, PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION="python",
               PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env=env, check=False)
    assert result.returncode == 0, result.stderr
