"""Argument mappings: the exact KernelSignature for each input/attribute situation, over a
running op (ExecutionArgumentMappingContext) and over descriptions only
(ProtoArgumentMappingContext)."""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
import pytest

from compat.arg_mapping import default_kernel_signature, get_kernel_signature, phi_kernel_name
from compat.arg_mapping_context import (
    ArgumentMappingContext,
    ExecutionArgumentMappingContext,
    ProtoArgumentMappingContext,
)
from compat.kernel_signature import KernelSignature
from legacy_fluid.framework.execution_context import RuntimeContext
from legacy_fluid.framework.op_registry import OP_INFOS, create_op
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.scope import Scope
from phi.core.dense_tensor import DenseTensor


def _contexts(op_type: str, inputs: dict[str, list[np.ndarray]], attrs: dict[str, Any],
              outputs: list[str]) -> list[ArgumentMappingContext]:
    """The op in a one-op block, seen at run time (vars hold tensors) and as a description."""
    program = ProgramDesc()
    block = program.global_block()
    in_names: dict[str, list[str]] = {}
    scope = Scope()
    for slot, arrays in inputs.items():
        in_names[slot] = [f"{slot}_{i}" for i in range(len(arrays))]
        for name, array in zip(in_names[slot], arrays):
            block.var(name, shape=list(array.shape))
            scope.var(name).value = DenseTensor(array)
    out_names = {slot: [f"{slot}_out"] for slot in outputs}
    for names in out_names.values():
        block.var(names[0])
        scope.var(names[0])
    desc = block.append_op(op_type, in_names, out_names, dict(attrs))
    op = create_op(desc)
    proto = OP_INFOS.info(op_type).proto
    return [ExecutionArgumentMappingContext(op, RuntimeContext.build(op, scope)),
            ProtoArgumentMappingContext(desc, block, proto.defaults())]


def _signatures(op_type: str, inputs, attrs, outputs) -> list[KernelSignature]:
    proto = OP_INFOS.info(op_type).proto
    return [get_kernel_signature(proto, ctx)
            for ctx in _contexts(op_type, inputs, attrs, outputs)]


X = np.ones((2, 3, 4), np.float32)


@pytest.mark.parametrize("inputs, attrs, expected", [
    ({"X": [X]}, {"scale": 2.0},
     KernelSignature("scale", ["X"], ["scale", "bias", "bias_after_scale"], ["Out"])),
    ({"X": [X], "ScaleTensor": [np.float32([3.0])]}, {"scale": 2.0, "bias_after_scale": False},
     KernelSignature("scale", ["X"], ["ScaleTensor", "bias", "bias_after_scale"], ["Out"])),
], ids=["scale_attr", "scale_tensor"])
def test_scale_mapping(inputs, attrs, expected) -> None:
    for sig in _signatures("scale", inputs, attrs, ["Out"]):
        assert sig == expected


@pytest.mark.parametrize("inputs, source", [
    ({"X": [X]}, "shape"),
    ({"X": [X], "Shape": [np.int32([4, 6])]}, "Shape"),
    ({"X": [X], "ShapeTensor": [np.int32([4]), np.int64([6])]}, "ShapeTensor"),
    ({"X": [X], "Shape": [np.int32([4, 6])], "ShapeTensor": [np.int32([24])]}, "ShapeTensor"),
], ids=["attr", "shape_input", "shape_tensor_list", "shape_tensor_wins"])
def test_reshape2_mapping(inputs, source) -> None:
    expected = KernelSignature("reshape", ["X"], [source], ["Out", "XShape"])
    for sig in _signatures("reshape2", inputs, {"shape": [0, -1]}, ["Out", "XShape"]):
        assert sig == expected
    legacy = KernelSignature("legacy_reshape", ["X"], [source], ["Out"])
    for sig in _signatures("reshape", inputs, {"shape": [0, -1]}, ["Out"]):
        assert sig == legacy


@pytest.mark.parametrize("inputs, attrs, shape, value", [
    ({}, {"shape": [2], "value": 1.0}, "shape", "value"),
    ({}, {"shape": [2], "value": 1.0, "str_value": "1.0"}, "shape", "str_value"),
    ({"ShapeTensor": [np.int32([2, 2])]}, {"str_value": ""}, "ShapeTensor", "value"),
    ({"ShapeTensorList": [np.int32([2]), np.int32([2])]}, {"str_value": "3"},
     "ShapeTensorList", "str_value"),
    ({"ValueTensor": [np.float32([1.0])]}, {"str_value": "3"}, "shape", "ValueTensor"),
], ids=["attrs", "str_value", "shape_tensor", "shape_list_str", "value_tensor"])
def test_fill_constant_mapping(inputs, attrs, shape, value) -> None:
    expected = KernelSignature("full", [], [shape, value, "dtype"], ["Out"])
    for sig in _signatures("fill_constant", inputs, attrs, ["Out"]):
        assert sig == expected


@pytest.mark.parametrize("op, kernel", [
    ("elementwise_add", "add"), ("elementwise_sub", "subtract"),
    ("elementwise_mul", "multiply"), ("elementwise_div", "divide"),
    ("elementwise_max", "maximum"), ("elementwise_min", "minimum"),
    ("elementwise_pow", "elementwise_pow"),
])
def test_elementwise_mapping(op: str, kernel: str) -> None:
    inputs = {"X": [X], "Y": [np.ones(3, np.float32)]}
    for sig in _signatures(op, inputs, {"axis": -1}, ["Out"]):
        assert sig == KernelSignature(kernel, ["X", "Y"], [], ["Out"])
    for sig in _signatures(op, inputs, {}, ["Out"]):  # old program: axis defaults to -1
        assert sig == KernelSignature(kernel, ["X", "Y"], [], ["Out"])
    for sig in _signatures(op, inputs, {"axis": 1}, ["Out"]):
        assert sig == KernelSignature(f"{kernel}_raw", ["X", "Y"], ["axis"], ["Out"])
    assert phi_kernel_name(op) == kernel


def test_default_mappings_fit_their_kernels() -> None:
    infos = OP_INFOS
    expected = {
        "matmul_v2": KernelSignature("matmul", ["X", "Y"], ["trans_x", "trans_y"], ["Out"]),
        "mul": KernelSignature("matmul_with_flatten", ["X", "Y"],
                               ["x_num_col_dims", "y_num_col_dims"], ["Out"]),
        "softmax": KernelSignature("softmax", ["X"], ["axis"], ["Out"]),
        "relu": KernelSignature("relu", ["X"], [], ["Out"]),
        "sign": KernelSignature("sign", ["X"], [], ["Out"]),
        "feed": KernelSignature("feed", ["X"], ["col"], ["Out"]),
        "fetch": KernelSignature("fetch", ["X"], ["col"], ["Out"]),
    }
    for op, sig in expected.items():
        assert default_kernel_signature(infos.get(op).proto) == sig, op


def test_matmul_v1_and_cast_mappings() -> None:
    a, b = np.ones((2, 3), np.float32), np.ones((3, 2), np.float32)
    for sig in _signatures("matmul", {"X": [a], "Y": [b]}, {"alpha": 2.0}, ["Out"]):
        assert sig == KernelSignature("legacy_matmul", ["X", "Y"],
                                      ["transpose_X", "transpose_Y", "alpha"], ["Out"])
    for sig in _signatures("cast", {"X": [a]}, {"in_dtype": 5, "out_dtype": 6}, ["Out"]):
        assert sig == KernelSignature("cast", ["X"], ["out_dtype"], ["Out"])


def test_every_kernel_a_mapping_picks_is_declared_registered_and_in_ops_yaml() -> None:
    """A custom mapping names the kernels it can choose (`chooses`); over the op's
    verification cases and the proto defaults it only returns those, and each one is a
    registered PHI kernel with an ops.yaml entry."""
    from compat.arg_mapping import ARG_MAPPINGS, kernel_choices
    from compat.arg_mapping_context import ProtoArgumentMappingContext
    from compat.verify_inputs import module_cases
    from legacy_fluid.framework.program_desc import OpDesc
    from phi.core.kernel_factory import KERNELS
    from phi.op_defs import op_def_of_kernel

    problems = []
    for op in ARG_MAPPINGS.keys():
        declared = {name for name, _ in kernel_choices(op)}
        for name in declared:
            if not KERNELS.has_kernel(name) or op_def_of_kernel(name) is None:
                problems.append(f"{op}: declared kernel {name} is not registered / in ops.yaml")
        info = OP_INFOS.info(op)
        module = sys.modules[info.op_class.__module__]
        cases = [{}, *module_cases(op, getattr(module, "VERIFY_CASES", None))]
        for case in cases:
            slots = case.get("inputs") or {}
            inputs = {v.name: [f"{v.name}@0"] for v in info.proto.inputs
                      if (not v.dispensable or slots.get(v.name) is not None)}
            outputs = {v.name: [f"{v.name}@out0"] for v in info.proto.outputs}
            attrs = {**info.proto.defaults(), **(case.get("attrs") or {})}
            ctx = ProtoArgumentMappingContext(OpDesc(op, inputs, outputs, attrs), None, attrs)
            try:
                name = ARG_MAPPINGS[op].fn(ctx).name
            except Exception:  # needs runtime facts
                continue
            if name != "unregistered" and name not in declared:
                problems.append(f"{op}: case {case.get('name', 'defaults')} picks {name}, "
                                f"not declared in {sorted(declared)}")
    assert not problems, "\n".join(problems)

