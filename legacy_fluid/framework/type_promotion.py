"""Binary ops whose two operands have different element types, as Paddle's static graph
loads and runs them.

Paddle (2.6 and later) walks a static program before it runs or saves it, and where one
of the ops below reads two operands whose declared element types differ, it inserts a
`cast` of each operand that is not of the common type, named `<var>.cast_<type>`. Floats
of different widths promote to the wider one (float16 with bfloat16 to float32); a
complex operand makes the op complex (complex128 when the other side is float64 or
complex128). Any other mix (an integer with a float, two integer widths, bool) is an
error there, and it is refused here the same way. fluidphi does the same when it loads
a program, so that every path computes in the promoted type.
"""

from __future__ import annotations

from dataclasses import dataclass

from legacy_fluid.framework.program_desc import BlockDesc, OpDesc, ProgramDesc
from legacy_fluid.framework.var_type import AttrType, VarType
from phi.common import DataType

#: op type -> the two input slots that are promoted together (Paddle 3.3.1's list).
PROMOTED_SLOTS: dict[str, tuple[str, str]] = {
    **{f"elementwise_{kind}{grad}": ("X", "Y")
       for kind in ("add", "sub", "mul", "div", "floordiv", "pow", "fmax", "fmin", "max",
                    "min", "mod")
       for grad in ("", "_grad")},
    "where": ("X", "Y"),
    "where_grad": ("X", "Y"),
    **{op: ("X", "Y") for op in ("equal", "not_equal", "less_than", "less_equal",
                                 "greater_than", "greater_equal", "logical_and",
                                 "logical_or", "logical_xor")},
    "huber_loss": ("X", "Y"),
    "huber_loss_grad": ("X", "Y"),
    "nextafter": ("x", "y"),
    "atan2": ("X1", "X2"),
    "atan2_grad": ("X1", "X2"),
}

_FLOATS = (DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32, DataType.FLOAT64)
_COMPLEX = (DataType.COMPLEX64, DataType.COMPLEX128)
#: the suffix of a cast's output name, `<var>.cast_<suffix>`
_CAST_SUFFIX = {DataType.FLOAT16: "fp16", DataType.BFLOAT16: "bf16", DataType.FLOAT32: "fp32",
                DataType.FLOAT64: "fp64", DataType.COMPLEX64: "complex64",
                DataType.COMPLEX128: "complex128"}


class TypePromotionError(ValueError):
    """Two operands of a promoted op whose element types cannot be promoted."""


def promoted_dtype(x: DataType, y: DataType) -> DataType:
    """The common element type of two different operand types, or TypePromotionError."""
    if x in _COMPLEX or y in _COMPLEX:
        wide = {DataType.COMPLEX128, DataType.FLOAT64}
        return DataType.COMPLEX128 if x in wide or y in wide else DataType.COMPLEX64
    if x in _FLOATS and y in _FLOATS:
        if {x, y} == {DataType.FLOAT16, DataType.BFLOAT16}:
            return DataType.FLOAT32
        return max(x, y, key=_FLOATS.index)
    raise TypePromotionError(f"operands of types {x} and {y} cannot be promoted: only "
                             "floats of different widths, or a complex with a real, are")


@dataclass(frozen=True)
class PromotionCast:
    """One cast inserted: `source` read as `target` of `dtype` by op #`op_index`."""

    block: int
    op_index: int
    op_type: str
    source: str
    target: str
    dtype: DataType


def promote_operand_types(program: ProgramDesc) -> list[PromotionCast]:
    """Insert the casts Paddle inserts (module docstring) into `program`, in place;
    returns them. An op whose operands cannot be promoted raises TypePromotionError
    naming it. Ops whose operands are not declared tensors of a known type are left
    alone (load-time validation reports those)."""
    inserted: list[PromotionCast] = []
    for block in program.blocks:
        idx = 0
        while idx < len(block.ops):
            op = block.ops[idx]
            casts = _casts_for(block, idx, op)
            for source, target, dtype in casts:
                _insert_cast(block, idx, op, source, target, dtype)
                idx += 1
            inserted += [PromotionCast(block.idx, idx, op.type, *c) for c in casts]
            idx += 1
    return inserted


def check_operand_types(program: ProgramDesc) -> None:
    """TypePromotionError naming the first op of `program` whose two promoted operands
    cannot be promoted (`promote_operand_types` would refuse it); the program is left as
    it is, so ops with promotable mixes run on their kernels' own rules."""
    for block in program.blocks:
        for idx, op in enumerate(block.ops):
            _casts_for(block, idx, op)


def _casts_for(block: BlockDesc, idx: int, op: OpDesc) -> list[tuple[str, str, DataType]]:
    """(source, target, dtype) per operand of `op` to cast."""
    slots = PROMOTED_SLOTS.get(op.type)
    if slots is None:
        return []
    names = [n for slot in slots for n in op.inputs.get(slot, [])]
    if len(names) != 2:
        return []
    descs = [block.find_var_recursive(n) for n in names]
    dtypes = [d.dtype if d is not None and d.is_tensor else None for d in descs]
    if dtypes[0] is None or dtypes[1] is None or dtypes[0] == dtypes[1]:
        return []
    try:
        common = promoted_dtype(dtypes[0], dtypes[1])
    except TypePromotionError as exc:
        raise TypePromotionError(
            f"block {block.idx} op #{idx} '{op.type}': {slots[0]} '{names[0]}' is "
            f"{dtypes[0]} and {slots[1]} '{names[1]}' is {dtypes[1]}; {exc}") from None
    return [(name, f"{name}.cast_{_CAST_SUFFIX[common]}", common)
            for name, dtype in zip(names, dtypes) if dtype != common]


def _insert_cast(block: BlockDesc, idx: int, op: OpDesc, source: str, target: str,
                 dtype: DataType) -> None:
    src = block.find_var_recursive(source)
    assert src is not None and src.dtype is not None
    block.var(target, dtype=dtype, shape=list(src.shape), lod_level=src.lod_level,
              stop_gradient=src.stop_gradient)
    cast_op = OpDesc("cast", {"X": [source]}, {"Out": [target]})
    cast_op.set_attr("in_dtype", int(VarType.from_phi(src.dtype)), AttrType.INT)
    cast_op.set_attr("out_dtype", int(VarType.from_phi(dtype)), AttrType.INT)
    cast_op.set_attr("op_device", "", AttrType.STRING)
    if op.has_attr("op_role"):
        cast_op.set_attr("op_role", op.attr("op_role"), op.attr_types.get("op_role"))
    block.ops.insert(idx, cast_op)
    for slot, names in op.inputs.items():
        op.inputs[slot] = [target if n == source else n for n in names]
