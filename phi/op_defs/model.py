"""The typed op model: one frozen dataclass per concept of `ops.yaml` / `backward.yaml`.

`OpDef` is an entry (`- op : scale`), `ArgDef` one of its `args`, `OutputDef` one of
its `output`s, `InferMetaDef` and `KernelDef` its two sub-mappings. `ArgType` is the
closed vocabulary of argument types as the yaml spells them; `AttributeType` is the
same vocabulary as kernels see it (Python hints), which is what `ArgType` maps to.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from phi.common.attribute_type import AttributeType
from phi.common.vocabulary import Vocabulary


class _NoDefault:
    def __repr__(self) -> str:
        return "NO_DEFAULT"

    def __reduce__(self) -> str:
        return "NO_DEFAULT"  # unpickles as this module's one instance


#: An argument without `=default`.
NO_DEFAULT: Any = _NoDefault()


class ArgType(Vocabulary):
    """An `args` type as ops.yaml spells it."""

    TENSOR = "Tensor"
    TENSORS = "Tensor[]"
    BOOL = "bool"
    INT = "int"
    INT64 = "int64_t"
    FLOAT = "float"
    DOUBLE = "double"
    STR = "str"
    BOOLS = "bool[]"
    INTS = "int[]"
    INT64S = "int64_t[]"
    FLOATS = "float[]"
    DOUBLES = "double[]"
    STRS = "str[]"
    SCALAR = "Scalar"
    SCALARS = "Scalar[]"
    INT_ARRAY = "IntArray"
    DATA_TYPE = "DataType"
    DATA_LAYOUT = "DataLayout"

    @property
    def is_tensor(self) -> bool:
        return self in (ArgType.TENSOR, ArgType.TENSORS)

    @property
    def attribute_type(self) -> AttributeType:
        """The kernel-side type of an attribute argument (int64_t and int are both int)."""
        return _ATTRIBUTE_TYPE[self]


_ATTRIBUTE_TYPE = {
    ArgType.BOOL: AttributeType.BOOL, ArgType.INT: AttributeType.INT,
    ArgType.INT64: AttributeType.INT, ArgType.FLOAT: AttributeType.FLOAT,
    ArgType.DOUBLE: AttributeType.FLOAT, ArgType.STR: AttributeType.STR,
    ArgType.BOOLS: AttributeType.BOOLS, ArgType.INTS: AttributeType.INTS,
    ArgType.INT64S: AttributeType.INTS, ArgType.FLOATS: AttributeType.FLOATS,
    ArgType.DOUBLES: AttributeType.FLOATS, ArgType.STRS: AttributeType.STRS,
    ArgType.SCALAR: AttributeType.SCALAR, ArgType.SCALARS: AttributeType.SCALARS,
    ArgType.INT_ARRAY: AttributeType.INT_ARRAY, ArgType.DATA_TYPE: AttributeType.DATA_TYPE,
    ArgType.DATA_LAYOUT: AttributeType.DATA_LAYOUT,
}


@dataclass(frozen=True)
class ArgDef:
    """One entry of `args`: `Tensor x`, `int axis=-1`, `int[] shape={1, 2}`."""

    name: str
    type: ArgType
    default: Any = NO_DEFAULT
    optional: bool = False

    @property
    def has_default(self) -> bool:
        return self.default is not NO_DEFAULT


_SUM = re.compile(r"(?:[A-Za-z_][A-Za-z0-9_]*|\d+)(?: [+-] (?:[A-Za-z_][A-Za-z0-9_]*|\d+))*\Z")


def size_terms(size: str) -> tuple[tuple[int, str], ...]:
    """A list output's size written as a sum (`max_level - min_level + 1`, single spaces)
    -> its signed terms ((1, 'max_level'), (-1, 'min_level'), (1, '1')); () otherwise."""
    if not _SUM.match(size):
        return ()
    words = ["+", *size.split(" ")]
    return tuple((1 if sign == "+" else -1, term)
                 for sign, term in zip(words[0::2], words[1::2], strict=True))


@dataclass(frozen=True)
class OutputDef:
    """One entry of `output`: `Tensor(out)`, or `Tensor[](out){size}` where size is an int
    attribute (`num`), the length of a list argument (`sections.size()`, `x.size()`), a
    dim of a tensor input picked by an int attribute (`x.dims[axis]`) or a sum of int
    attributes and integers (`max_level - min_level + 1`)."""

    name: str
    is_list: bool = False
    optional: bool = False
    size: str | None = None

    def count(self, values: dict[str, Any]) -> int:
        """How many tensors a list output holds, given the op's argument values by name."""
        if self.size is None:
            raise ValueError(f"list output '{self.name}' states no {{size}}")
        terms = size_terms(self.size)
        if len(terms) > 1:
            return sum(sign * (int(term) if term.isdigit() else int(values[term]))
                       for sign, term in terms)
        name, _, call = self.size.partition(".")
        value = values[name]
        if call.startswith("dims["):
            return int(value.dims[int(values[call[5:-1]])])
        return len(value) if call else int(value)


@dataclass(frozen=True)
class InferMetaDef:
    """`infer_meta : {func, param}`; without `param` the function is bound by name."""

    func: str
    param: tuple[str, ...] | None = None


@dataclass(frozen=True)
class KernelDef:
    """`kernel : {func, data_type}`: the PHI kernel names that serve the op, and the
    argument whose dtype selects the kernel (default: the first tensor input), or
    `complex(arg)`: the complex type of that argument's float type (real_grad)."""

    func: tuple[str, ...]
    data_type: str | None = None

    @property
    def data_type_arg(self) -> str | None:
        """The argument `data_type` names (inside `complex(...)`)."""
        if self.data_type is None or not self.complex_data_type:
            return self.data_type
        return self.data_type[len("complex("):-1].strip()

    @property
    def complex_data_type(self) -> bool:
        """Whether the kernel runs in the complex type of `data_type_arg`'s dtype."""
        return self.data_type is not None and self.data_type.startswith("complex(") \
            and self.data_type.endswith(")")


@dataclass(frozen=True)
class ForwardDef:
    """A backward op's `forward : relu (Tensor x) -> Tensor(out)`: the op it differentiates,
    with the forward arguments and outputs its own arguments refer to."""

    op: str
    args: tuple[ArgDef, ...]
    outputs: tuple[OutputDef, ...]


@dataclass(frozen=True)
class OpDef:
    """One op entry of ops.yaml (or, with `forward`, one backward_op of backward.yaml)."""

    name: str
    args: tuple[ArgDef, ...]
    outputs: tuple[OutputDef, ...]
    kernel: KernelDef
    infer_meta: InferMetaDef | None = None
    backward: str | None = None
    forward: ForwardDef | None = None
    #: inputs whose data the kernel never reads (only their meta)
    no_need_buffer: tuple[str, ...] = ()
    #: (input, output) pairs the kernel may write in place
    inplace: tuple[tuple[str, str], ...] = ()
    file: str = field(default="", compare=False)
    #: the `# -- <section> ---` header the entry sits under in its file (first word)
    section: str = field(default="", compare=False)
    #: the 1-based line of the entry's `- op :` / `- backward_op :` in its file
    line: int = field(default=0, compare=False)

    @property
    def source(self) -> str:
        """`ops.yaml:540`: the file and line the entry was read from."""
        return f"{self.file}:{self.line}" if self.line else self.file

    @property
    def is_backward(self) -> bool:
        return self.forward is not None

    @property
    def inputs(self) -> tuple[ArgDef, ...]:
        return tuple(a for a in self.args if a.type.is_tensor)

    @property
    def attrs(self) -> tuple[ArgDef, ...]:
        return tuple(a for a in self.args if not a.type.is_tensor)

    @property
    def optional(self) -> tuple[str, ...]:
        """Names of optional inputs and outputs, in declaration order."""
        return tuple(a.name for a in self.args if a.optional) + tuple(
            o.name for o in self.outputs if o.optional)

    @property
    def output_names(self) -> tuple[str, ...]:
        return tuple(o.name for o in self.outputs)
