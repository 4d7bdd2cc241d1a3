"""Argument definitions of a kernel, derived from its Python signature and type hints.

A kernel looks like::

    def scale(dev_ctx: DeviceContext, x: DenseTensor, scale: Scalar, bias: float,
              bias_after_scale: bool, out: OutTensor) -> None

The first parameter is the device context; then inputs (``DenseTensor``,
``DenseTensor | None`` for optional ones, ``list[DenseTensor]``), attributes
(any other hint), then outputs (``OutTensor``, ``OptionalOutTensor``,
``OutTensorList``).

An attribute before the outputs cannot have a Python default; one an op desc may lack
carries it in its hint instead: ``alpha: Annotated[float, AttrDefault(1.0)]``.
"""

from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cached_property
from typing import Annotated, Any, Union

from phi.common import AnyBackend, AttributeType, Backend, DataLayout, DataType, IntArray, Scalar
from phi.core.dense_tensor import DenseTensor


class _OutputMarker:
    def __repr__(self) -> str:
        return "OUTPUT"


OUTPUT = _OutputMarker()

OutTensor = Annotated[DenseTensor, OUTPUT]
OptionalOutTensor = Annotated[DenseTensor | None, OUTPUT]
OutTensorList = Annotated[list[DenseTensor], OUTPUT]


class ArgKind(str, Enum):
    INPUT = "input"
    OPTIONAL_INPUT = "optional_input"
    INPUT_LIST = "input_list"
    ATTRIBUTE = "attribute"
    OUTPUT = "output"
    OPTIONAL_OUTPUT = "optional_output"
    OUTPUT_LIST = "output_list"

    @property
    def is_input(self) -> bool:
        return self in (ArgKind.INPUT, ArgKind.OPTIONAL_INPUT, ArgKind.INPUT_LIST)

    @property
    def is_output(self) -> bool:
        return self in (ArgKind.OUTPUT, ArgKind.OPTIONAL_OUTPUT, ArgKind.OUTPUT_LIST)

    @property
    def is_optional(self) -> bool:
        return self in (ArgKind.OPTIONAL_INPUT, ArgKind.OPTIONAL_OUTPUT)

    @property
    def is_list(self) -> bool:
        return self in (ArgKind.INPUT_LIST, ArgKind.OUTPUT_LIST)


@dataclass(frozen=True)
class AttrDefault:
    """The value of an attribute argument where the op desc lacks the attribute, given in
    its hint (``Annotated[float, AttrDefault(1.0)]``): a Python default would have to come
    after the outputs."""

    value: Any


@dataclass(frozen=True)
class TensorArgDef:
    """A tensor argument and the (backend, layout, dtype) the kernel wants it in.

    UNDEFINED members mean "same as the kernel key" / "any".
    """

    name: str
    kind: ArgKind
    backend: AnyBackend = Backend.UNDEFINED
    layout: DataLayout = DataLayout.ALL_LAYOUT
    dtype: DataType = DataType.ALL_DTYPE


@dataclass(frozen=True)
class AttributeArgDef:
    name: str
    type: AttributeType
    default: Any = inspect.Parameter.empty

    @property
    def type_name(self) -> str:
        return self.type.value

    @property
    def has_default(self) -> bool:
        return self.default is not inspect.Parameter.empty


@dataclass(frozen=True)
class KernelArgsDef:
    """Ordered argument definitions (device context excluded)."""

    args: tuple[TensorArgDef | AttributeArgDef, ...] = field(default_factory=tuple)

    @cached_property
    def inputs(self) -> list[TensorArgDef]:
        return [a for a in self.args if isinstance(a, TensorArgDef) and a.kind.is_input]

    @cached_property
    def attributes(self) -> list[AttributeArgDef]:
        return [a for a in self.args if isinstance(a, AttributeArgDef)]

    @cached_property
    def outputs(self) -> list[TensorArgDef]:
        return [a for a in self.args if isinstance(a, TensorArgDef) and a.kind.is_output]

    def specialize(
        self,
        backend: AnyBackend,
        layout: DataLayout,
        dtype: DataType,
        overrides: dict[str, dict[str, Any]] | None = None,
    ) -> KernelArgsDef:
        """Fill tensor defs with a kernel key, then apply per-argument overrides."""
        overrides = dict(overrides or {})
        out: list[TensorArgDef | AttributeArgDef] = []
        for arg in self.args:
            if isinstance(arg, TensorArgDef):
                arg = replace(arg, backend=backend, layout=layout, dtype=dtype)
                if arg.name in overrides:
                    arg = replace(arg, **overrides.pop(arg.name))
            out.append(arg)
        if overrides:
            raise ValueError(f"overrides name no tensor argument: {sorted(overrides)}")
        return KernelArgsDef(tuple(out))


#: Python hint -> attribute type; any other hint on an attribute parameter is an error.
_ATTRIBUTE_HINTS: dict[Any, AttributeType] = {
    bool: AttributeType.BOOL, int: AttributeType.INT, float: AttributeType.FLOAT,
    str: AttributeType.STR, list[bool]: AttributeType.BOOLS, list[int]: AttributeType.INTS,
    list[float]: AttributeType.FLOATS, list[str]: AttributeType.STRS,
    Scalar: AttributeType.SCALAR, list[Scalar]: AttributeType.SCALARS,
    IntArray: AttributeType.INT_ARRAY, DataType: AttributeType.DATA_TYPE,
    DataLayout: AttributeType.DATA_LAYOUT,
}


def _attribute_type(fn: Callable[..., Any], name: str, hint: Any) -> AttributeType:
    try:
        return _ATTRIBUTE_HINTS[hint]
    except (KeyError, TypeError):
        known = ", ".join(t.value for t in AttributeType)
        raise TypeError(f"kernel {fn.__qualname__}: parameter {name!r} has type {hint!r}, "
                        f"which is no tensor, output or attribute type ({known})") from None


def _strip_optional(hint: Any) -> tuple[Any, bool]:
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        members = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(members) == 1 and len(typing.get_args(hint)) == 2:
            return members[0], True
    return hint, False


def _is_tensor_list(hint: Any) -> bool:
    return typing.get_origin(hint) in (list, tuple) and all(
        a is DenseTensor or a is Ellipsis for a in typing.get_args(hint)
    )


def derive_args_def(fn: Callable[..., Any]) -> KernelArgsDef:
    """Read a kernel function's signature into a `KernelArgsDef`."""
    sig = inspect.signature(fn)
    try:
        hints = typing.get_type_hints(fn, include_extras=True)
    except Exception as exc:
        raise TypeError(f"kernel {fn.__qualname__}: cannot resolve type hints ({exc})") from exc
    params = list(sig.parameters.values())
    if not params:
        raise TypeError(f"kernel {fn.__qualname__} must take a device context first")
    args: list[TensorArgDef | AttributeArgDef] = []
    for p in params[1:]:
        if p.name not in hints:
            raise TypeError(f"kernel {fn.__qualname__}: parameter {p.name!r} has no type hint")
        hint = hints[p.name]
        is_output = False
        default = p.default
        if typing.get_origin(hint) is Annotated:
            base, *meta = typing.get_args(hint)
            is_output = any(m is OUTPUT for m in meta)
            hint = base
            given = [m.value for m in meta if isinstance(m, AttrDefault)]
            if given and (len(given) > 1 or default is not inspect.Parameter.empty):
                raise TypeError(f"kernel {fn.__qualname__}: parameter {p.name!r} has more "
                                "than one default (AttrDefault, a Python default)")
            default = given[0] if given else default
        inner, optional = _strip_optional(hint)
        if is_output:
            kind = (
                ArgKind.OUTPUT_LIST
                if _is_tensor_list(inner)
                else ArgKind.OPTIONAL_OUTPUT
                if optional
                else ArgKind.OUTPUT
            )
            args.append(TensorArgDef(p.name, kind))
        elif inner is DenseTensor:
            args.append(TensorArgDef(p.name, ArgKind.OPTIONAL_INPUT if optional else ArgKind.INPUT))
        elif _is_tensor_list(inner):
            args.append(TensorArgDef(p.name, ArgKind.INPUT_LIST))
        else:
            args.append(AttributeArgDef(p.name, _attribute_type(fn, p.name, hint), default))
    _check_order(fn, args)
    return KernelArgsDef(tuple(args))


def _check_order(fn: Callable[..., Any], args: list[TensorArgDef | AttributeArgDef]) -> None:
    rank = [
        0
        if isinstance(a, TensorArgDef) and a.kind.is_input
        else 1
        if isinstance(a, AttributeArgDef)
        else 2
        for a in args
    ]
    if rank != sorted(rank):
        raise TypeError(
            f"kernel {fn.__qualname__}: arguments must be inputs, then attributes, "
            f"then outputs; got {[a.name for a in args]}"
        )
