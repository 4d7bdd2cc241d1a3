"""Turn a legacy op's slots and attributes into a PHI kernel's arguments."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from compat.kernel_signature import KernelSignature
from legacy_fluid.framework.execution_context import RuntimeContext
from legacy_fluid.framework.operator import OperatorBase
from legacy_fluid.framework.scope import Variable
from legacy_fluid.framework.var_type import VarType
from phi.common import AttributeType, DataType, IntArray, Scalar
from phi.core.attribute_coerce import COERCE
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import ArgKind, AttributeArgDef, KernelArgsDef, TensorArgDef
from phi.core.kernel_context import KernelContext


class ArgumentMismatchError(TypeError):
    """A kernel signature does not fit the kernel's argument definitions."""


def _check_arity(op: OperatorBase, sig: KernelSignature, args_def: KernelArgsDef) -> None:
    for what, have, want in (
        ("inputs", sig.inputs, args_def.inputs),
        ("attrs", sig.attrs, args_def.attributes),
        ("outputs", sig.outputs, args_def.outputs),
    ):
        if len(have) != len(want):
            raise ArgumentMismatchError(
                f"op '{op.type}': {sig} gives {len(have)} {what} but PHI kernel '{sig.name}' "
                f"takes {len(want)} ({[a.name for a in want]})"
            )


def _host(value: Any) -> np.ndarray:
    return value if isinstance(value, np.ndarray) else value.get()


def _tensor_values(vars_: list[Variable | None]) -> list[DenseTensor]:
    return [v.value for v in vars_ if v is not None and isinstance(v.value, DenseTensor)]


def is_tensor_attr(op: OperatorBase, slot_or_attr: str) -> bool:
    """A signature attribute entry naming an op input slot (ScaleTensor, ShapeTensor...)."""
    return op.proto.input(slot_or_attr) is not None or slot_or_attr in op.inputs


def convert_attr(
    op: OperatorBase, runtime: RuntimeContext, slot_or_attr: str, arg: AttributeArgDef
) -> Any:
    """Value of attribute `arg` from op attr `slot_or_attr`, or from a tensor input of that name."""
    if is_tensor_attr(op, slot_or_attr):
        tensors = _tensor_values(runtime.inputs.get(slot_or_attr, []))
        if not tensors:
            raise ArgumentMismatchError(
                f"op '{op.type}': tensor attribute '{slot_or_attr}' has no tensor"
            )
        if arg.type is AttributeType.SCALAR:
            return Scalar(_host(tensors[0].data), from_tensor=True)
        if arg.type is AttributeType.INT_ARRAY:
            if len(tensors) == 1:
                return IntArray(_host(tensors[0].data), from_tensor=True)
            return IntArray([_host(t.data).reshape(-1)[0] for t in tensors], from_tensor=True)
        raise ArgumentMismatchError(
            f"op '{op.type}': kernel attribute '{arg.name}' of type "
            f"{arg.type} cannot come from tensor '{slot_or_attr}'"
        )
    if slot_or_attr in op.attrs:
        value = op.attrs[slot_or_attr]
        if op.proto is not None and op.proto.attr(slot_or_attr) is None:
            _check_undeclared(op, slot_or_attr, arg, value)
    elif arg.has_default:
        return arg.default
    else:
        raise ArgumentMismatchError(
            f"op '{op.type}' has no attribute '{slot_or_attr}' for kernel argument '{arg.name}'"
        )
    return coerce_attr(value, arg.type)


#: kernel attribute type -> the Python types an op desc may give it unconverted
_EXACT: dict[AttributeType, tuple[type, ...]] = {
    AttributeType.BOOL: (bool,), AttributeType.INT: (int,), AttributeType.FLOAT: (float,),
    AttributeType.STR: (str,)}


def _check_undeclared(op: OperatorBase, name: str, arg: AttributeArgDef, value: Any) -> None:
    """An attribute the op's proto does not declare reaches the kernel as the desc holds it:
    no proto converted it, and converting it here (`int(2.5)`, `bool("False")`) could hand
    the kernel another value than a legacy kernel reading the desc saw. So such a value must
    already be of the argument's type (a bool is no int)."""
    exact = _EXACT.get(arg.type)
    if exact is not None and type(value) not in exact:
        raise ArgumentMismatchError(
            f"op '{op.type}': attribute '{name}', which its proto does not declare, holds "
            f"{value!r} ({type(value).__name__}); kernel argument '{arg.name}' takes a "
            f"{exact[0].__name__}")


def _data_type(value: Any) -> DataType:
    if isinstance(value, DataType):
        return value
    if isinstance(value, int):
        return DataType.UNDEFINED if value < 0 else VarType(value).to_phi()
    return DataType.parse(str(value))


#: Op attribute value -> the kernel's declared attribute type (a DataType attribute may be
#: fluid's VarType number).
_COERCE: dict[AttributeType, Callable[[Any], Any]] = {**COERCE,
                                                      AttributeType.DATA_TYPE: _data_type}


def coerce_attr(value: Any, attr_type: AttributeType) -> Any:
    """Op attribute value -> the kernel's declared attribute type."""
    return _COERCE[attr_type](value)


def _input_arg(op: OperatorBase, runtime: RuntimeContext, slot: str, arg: TensorArgDef) -> Any:
    vars_ = runtime.inputs.get(slot, [])
    if arg.kind is ArgKind.INPUT_LIST:
        if len(vars_) == 1 and vars_[0] is not None and isinstance(vars_[0].value, list):
            return vars_[0].value  # a list-valued variable (feed list)
        return _tensor_values(vars_)
    tensor = vars_[0].value if vars_ and vars_[0] is not None else None
    if tensor is None:
        if arg.kind is ArgKind.OPTIONAL_INPUT:
            return None
        raise ArgumentMismatchError(
            f"op '{op.type}': input '{slot}' (kernel argument '{arg.name}') holds no tensor"
        )
    return tensor


def _output_arg(runtime: RuntimeContext, slot: str, arg: TensorArgDef) -> Any:
    vars_ = runtime.outputs.get(slot, [])
    if arg.kind is ArgKind.OUTPUT_LIST:
        if len(vars_) == 1 and vars_[0] is not None and isinstance(vars_[0].value, list):
            return vars_[0].value  # a list-valued variable (fetch list)
        # an @EMPTY@ entry (a gradient the program does not ask for) keeps its position
        return [None if v is None else v.get_tensor() for v in vars_]
    if not vars_ or vars_[0] is None:
        if arg.kind is ArgKind.OPTIONAL_OUTPUT:
            return None
        raise ArgumentMismatchError(
            f"output slot '{slot}' (kernel argument '{arg.name}') names no variable"
        )
    return vars_[0].get_tensor()


def build_kernel_args(
    op: OperatorBase,
    runtime: RuntimeContext,
    sig: KernelSignature,
    args_def: KernelArgsDef,
    attr_cache: dict[int, Any] | None = None,
    dev_ctx: DeviceContext | None = None,
) -> KernelContext:
    """The kernel's inputs, attributes and outputs, in its argument order.

    `attr_cache` (owned by the caller, one per op) keeps converted attribute
    values across runs; tensor-valued attributes are read every time. The first
    call (empty cache) checks that the signature fits the kernel.
    """
    if not attr_cache:
        _check_arity(op, sig, args_def)
    inputs = [_input_arg(op, runtime, s, a) for s, a in zip(sig.inputs, args_def.inputs)]
    attrs = []
    for i, (slot, arg) in enumerate(zip(sig.attrs, args_def.attributes)):
        if attr_cache is not None and i in attr_cache:
            attrs.append(attr_cache[i])
            continue
        value = convert_attr(op, runtime, slot, arg)
        if attr_cache is not None and not is_tensor_attr(op, slot):
            attr_cache[i] = value  # attribute values never change between runs
        attrs.append(value)
    outputs = [_output_arg(runtime, s, a) for s, a in zip(sig.outputs, args_def.outputs)]
    return KernelContext(dev_ctx, inputs, attrs, outputs)
