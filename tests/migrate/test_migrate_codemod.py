"""Codemod cases in LibCST's style: legacy source in, PHI source out (or a skip reason)."""

from __future__ import annotations

import libcst as cst
import pytest
from migrate_helpers import (
    HEADER,
    UNARY,
    dedent,
    function_source,
    migrate,
    unary,
)

# -- one whole module, before -> after ---------------------------------------------------------
BEFORE = dedent('''
"""scale-like op."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import scale as scale_funcs

_FLOATS = (DataType.FLOAT32, DataType.FLOAT64)


class ScaleOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input")
        self.add_input("ScaleTensor", "overrides scale", dispensable=True)
        self.add_output("Out", "output")
        self.add_attr("scale", AttrType.FLOAT, 1.0, "factor")
        self.add_attr("bias", AttrType.FLOAT, 0.0, "bias")
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN", extra=True)


class ScaleOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")


# The kernel.
class ScaleKernel(OpKernel):
    """Out = scale * X + bias."""

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")  # the input
        out = ctx.output("Out")
        scale = ctx.attr("scale")
        if ctx.has_input("ScaleTensor"):
            scale = float(ctx.input("ScaleTensor").numpy().reshape(-1)[0])
        data = out.mutable_data(ctx.place, x.dtype)
        # scale, then add the bias
        scale_funcs.scale(ctx.xp, x.data, scale, ctx.attr("bias"), True, data)


register_operator("scale", ScaleOp, ScaleOpMaker)
for _dtype in _FLOATS:
    register_op_kernel("scale", "CPU", ScaleKernel, _dtype)
register_op_kernel("scale", "GPU", ScaleKernel, DataType.FLOAT32, DataType.FLOAT16)
register_op_kernel("scale", "GPU", ScaleKernel, DataType.FLOAT32)
''')

AFTER = dedent('''
"""scale-like op."""

from __future__ import annotations

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature
from legacy_fluid.framework.execution_context import InferShapeContext
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import Backend, DataLayout, DataType, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import scale as scale_funcs


class ScaleOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input")
        self.add_input("ScaleTensor", "overrides scale", dispensable=True)
        self.add_output("Out", "output")
        self.add_attr("scale", AttrType.FLOAT, 1.0, "factor")
        self.add_attr("bias", AttrType.FLOAT, 0.0, "bias")
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN", extra=True)


class ScaleOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")


# The kernel.
@register_kernel("scale", Backend.CPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32, DataType.FLOAT64])
@register_kernel("scale", Backend.GPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32, DataType.FLOAT16])
def scale_kernel(dev_ctx: DeviceContext, x: DenseTensor, scale: Scalar, bias: float,
                 out: OutTensor) -> None:
    """Out = scale * X + bias."""
    # the input
    data = dev_ctx.alloc(out, x.dtype)
    # scale, then add the bias
    scale_funcs.scale(dev_ctx.xp, x.data, scale.to(float), bias, True, data)


@register_arg_mapping("scale")
def scale_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    scale = "ScaleTensor" if ctx.has_input("ScaleTensor") else "scale"
    return KernelSignature("scale", ["X"], [scale, "bias"], ["Out"])


register_operator("scale", ScaleOp, ScaleOpMaker)
''')

YAML = dedent('''
- op : scale
  args : (Tensor x, Scalar scale=1.0, float bias=0.0)
  output : Tensor(out)
  infer_meta :
    func : unchanged_infer_meta
    param : [x]
  kernel :
    func : scale
''')


def test_whole_module_before_after() -> None:
    result = migrate(BEFORE)
    assert [(r.kernel, r.status) for r in result.records] == [("ScaleKernel", "migrated")]
    assert result.new_text == AFTER
    assert result.ops[0].yaml == YAML
    rec = result.records[0]
    assert rec.dtypes == {"CPU": ["FLOAT32", "FLOAT64"], "GPU": ["FLOAT32", "FLOAT16"]}
    assert rec.mapping and rec.infer_meta == "reuses unchanged_infer_meta"


def test_second_run_changes_nothing() -> None:
    once = migrate(BEFORE)
    twice = migrate(once.new_text)
    assert not twice.changed and twice.records == []


def test_result_parses_and_compiles() -> None:
    text = migrate(BEFORE).new_text
    cst.parse_module(text)
    compile(text, "<migrated>", "exec")


# -- supported patterns ----------------------------------------------------------------------
@pytest.mark.parametrize("read", [
    'ctx.input("ScaleTensor").numpy().reshape(-1)[0]',
    'ctx.input("ScaleTensor").numpy().flatten()[0]',
    'ctx.input("ScaleTensor").numpy().item()',
])
def test_a_tensor_override_read_without_conversion_reads_the_scalar_value(read: str) -> None:
    """The tensor's element as it is (any dtype, complex too) is the Scalar's value."""
    old = 'float(ctx.input("ScaleTensor").numpy().reshape(-1)[0])'
    result = migrate(BEFORE.replace(old, read))
    assert [(r.kernel, r.status) for r in result.records] == [("ScaleKernel", "migrated")]
    assert result.new_text == AFTER.replace("scale.to(float)", "scale.value")
    assert result.ops[0].yaml == YAML


def test_a_tensor_override_mixing_conversions_is_skipped() -> None:
    read = 'ctx.input("ScaleTensor").numpy().reshape(-1)[0]'
    source = BEFORE.replace(f"float({read})", read + "\n".join([
        "", "        elif ctx.has_input(\"X\"):",
        "            scale = float(ctx.input(\"X\").numpy().reshape(-1)[0])"]))
    assert "elif ctx.has_input" in source
    result = migrate(source)
    assert [r.status for r in result.records] == ["skipped"]
    assert "is not converted with float(...) nor read as it is" in result.records[0].reason


def test_default_mapping_needs_no_mapping_function() -> None:
    result = migrate(unary('''
class UnaryKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        alpha = ctx.attr("alpha")
        funcs.scale(ctx.xp, x.data, alpha, 0.0, True, out.mutable_data(ctx.place, x.dtype))
    '''))
    assert function_source(result, "unary_kernel") == dedent('''
@register_kernel("unary", Backend.CPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
def unary_kernel(dev_ctx: DeviceContext, x: DenseTensor, alpha: float, out: OutTensor) -> None:
    funcs.scale(dev_ctx.xp, x.data, alpha, 0.0, True, dev_ctx.alloc(out, x.dtype))
    ''')
    assert result.ops[0].mapping_function is None
    assert "register_arg_mapping" not in result.new_text
    assert result.ops[0].infer_meta == "unchanged_infer_meta"


def test_unread_attribute_gets_a_mapping() -> None:
    result = migrate(unary('''
class UnaryKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.output("Out")
        out.mutable_data(ctx.place, ctx.input("X").dtype)[...] = ctx.input("X").data
    '''))
    assert function_source(result, "unary_kernel").endswith(dedent('''
def unary_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    dev_ctx.alloc(out, x.dtype)[...] = x.data
    '''))
    assert 'return KernelSignature("unary", ["X"], [], ["Out"])' in result.new_text


def test_read_bound_to_another_name_keeps_an_alias() -> None:
    result = migrate(unary('''
class UnaryKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        src = ctx.input("X")
        dst = ctx.output("Out")
        dst.mutable_data(ctx.place, src.dtype)[...] = src.data * ctx.attr("alpha")
    '''))
    assert function_source(result, "unary_kernel").endswith(dedent('''
def unary_kernel(dev_ctx: DeviceContext, x: DenseTensor, alpha: float, out: OutTensor) -> None:
    src = x
    dst = out
    dev_ctx.alloc(dst, src.dtype)[...] = src.data * alpha
    '''))


DISPENSABLE = HEADER + '''

class BiasOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input")
        self.add_input("Bias", "optional bias", dispensable=True)
        self.add_input("Ys", "more inputs", duplicable=True)
        self.add_output("Out", "output")
        self.add_output("Extra", "optional", dispensable=True)


class BiasOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.share_dim("X", "Out")


class BiasKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        ys = ctx.multi_input("Ys")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        data[...] = x.data + len(ys) + ctx.input_size("Ys")
        if ctx.has_input("Bias"):
            data += ctx.input("Bias").data
        if ctx.has_output("Extra"):
            ctx.output("Extra").mutable_data(ctx.place, x.dtype)[...] = 0


register_operator("bias", BiasOp, BiasOpMaker)
register_op_kernel("bias", "CPU", BiasKernel, DataType.FLOAT32)
'''


def test_dispensable_and_duplicable_slots() -> None:
    result = migrate(DISPENSABLE)
    assert function_source(result, "bias_kernel").endswith(dedent('''
def bias_kernel(dev_ctx: DeviceContext, x: DenseTensor, bias: DenseTensor | None,
                ys: list[DenseTensor], out: OutTensor, extra: OptionalOutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    data[...] = x.data + len(ys) + len(ys)
    if bias is not None:
        data += bias.data
    if extra is not None:
        dev_ctx.alloc(extra, x.dtype)[...] = 0
    '''))
    # default mapping fits (inputs and outputs in proto order, no attributes)
    assert result.ops[0].mapping_function is None
    yaml = result.ops[0].yaml
    assert "args : (Tensor x, Tensor bias, Tensor[] ys)" in yaml
    assert "optional : bias, extra" in yaml
    # infer_shape sets only dims: a new InferMeta, not a twin of unchanged_infer_meta
    assert result.ops[0].infer_meta == "bias_infer_meta" and result.ops[0].infer_meta_new
    assert dedent('''
def bias_infer_meta(x: MetaTensor, out: MetaTensor, extra: MetaTensor) -> None:
    """Written by `fluidphi migrate` from the legacy infer_shape."""
    out.set_dims(x.dims())
    ''') in result.new_text


def test_a_duplicable_input_read_with_ctx_input_is_its_first_tensor() -> None:
    """fluid's `ctx.input(SLOT)` of a duplicable slot is the slot's first tensor (None when
    the program gives it none): read as that element of the PHI `Tensor[]` argument; a
    duplicable output written through `ctx.output()` stays refused."""
    first = DISPENSABLE.replace("x.data + len(ys) + ctx.input_size(\"Ys\")",
                                "x.data + ctx.input(\"Ys\").data")
    result = migrate(first)
    assert "data[...] = x.data + (ys[0] if ys else None).data\n" in function_source(
        result, "bias_kernel")
    dup_out = first.replace('self.add_output("Extra", "optional", dispensable=True)',
                            'self.add_output("Extra", "more", duplicable=True)')
    record = migrate(dup_out).records[0]
    assert (record.status, record.reason) == (
        "skipped", "reads duplicable output 'Extra' with ctx.output() (first tensor only)")


def test_none_checked_slot_becomes_optional() -> None:
    result = migrate(unary('''
class UnaryKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.output("Out")
        if out is None:
            return
        out.mutable_data(ctx.place, ctx.input("X").dtype)[...] = 1
    '''))
    assert "out: OptionalOutTensor" in function_source(result, "unary_kernel")


TENSOR_ATTR = HEADER + '''

class FillOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("ShapeTensor", "overrides shape", dispensable=True)
        self.add_input("ValueTensor", "overrides value", dispensable=True)
        self.add_output("Out", "output")
        self.add_attr("shape", AttrType.INTS, [1], "dims")
        self.add_attr("value", AttrType.FLOAT, 0.0, "fill value")


class FillOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        pass


class FillKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.output("Out")
        if ctx.has_input("ValueTensor"):
            value = float(ctx.input("ValueTensor").numpy()[0])
        else:
            value = ctx.attr("value")
        shape = ctx.attr("shape")
        if ctx.has_input("ShapeTensor"):
            shape = [int(d) for d in ctx.input("ShapeTensor").numpy()]
        out.resize(tuple(shape))
        out.mutable_data(ctx.place, DataType.FLOAT32)[...] = value


register_operator("tfill", FillOp, FillOpMaker)
register_op_kernel("tfill", "CPU", FillKernel, DataType.FLOAT32)
'''


def test_tensor_attributes_fold_into_scalar_and_int_array() -> None:
    result = migrate(TENSOR_ATTR)
    assert function_source(result, "tfill_kernel").endswith(dedent('''
def tfill_kernel(dev_ctx: DeviceContext, shape: IntArray, value: Scalar, out: OutTensor) -> None:
    out.resize(tuple(shape.get_data()))
    dev_ctx.alloc(out, DataType.FLOAT32)[...] = value.to(float)
    '''))
    assert dedent('''
@register_arg_mapping("tfill")
def tfill_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    shape = "ShapeTensor" if ctx.has_input("ShapeTensor") else "shape"
    value = "ValueTensor" if ctx.has_input("ValueTensor") else "value"
    return KernelSignature("tfill", [], [shape, value], ["Out"])
    ''') in result.new_text
    assert result.ops[0].infer_meta is None
    assert "legacy infer_shape kept" in result.records[0].infer_meta


def test_multiple_kernels_per_file_and_shared_helper_base() -> None:
    result = migrate(HEADER + UNARY + dedent('''
class _Base(OpKernel):
    offset = 1.0

    @staticmethod
    def _apply(xp, x, alpha, out):
        xp.multiply(x, alpha, out=out)

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        data = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        self._apply(ctx.xp, x.data, ctx.attr("alpha"), data)
        data += self.offset
        data += self.func(data)


class UnaryKernel(_Base):
    func = staticmethod(abs)


class TwinKernel(_Base):
    """Same body, other function."""

    offset = 2.0
    func = staticmethod(float)


register_operator("unary", UnaryOp, UnaryOpMaker)
register_operator("twin", UnaryOp, UnaryOpMaker)
register_op_kernel("unary", "CPU", UnaryKernel, DataType.FLOAT32)
register_op_kernel("twin", "CPU", TwinKernel, DataType.FLOAT64)
    '''))
    assert [r.status for r in result.records] == ["migrated", "migrated"]
    assert function_source(result, "unary_kernel").endswith(dedent('''
def unary_kernel(dev_ctx: DeviceContext, x: DenseTensor, alpha: float, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    _apply(dev_ctx.xp, x.data, alpha, data)
    data += 1.0
    data += abs(data)
    '''))
    assert function_source(result, "twin_kernel").endswith(dedent('''
def twin_kernel(dev_ctx: DeviceContext, x: DenseTensor, alpha: float, out: OutTensor) -> None:
    """Same body, other function."""
    data = dev_ctx.alloc(out, x.dtype)
    _apply(dev_ctx.xp, x.data, alpha, data)
    data += 2.0
    data += float(data)
    '''))
    text = result.new_text
    assert text.count("def _apply(xp, x, alpha, out):") == 1  # lifted once, shared
    assert "class _Base" not in text  # the helper base went with its last subclass
    assert "OpKernel" not in text and "register_op_kernel" not in text


def test_aliased_imports_and_decorators() -> None:
    source = dedent('''
from legacy_fluid.framework import op_kernel as ok
from legacy_fluid.framework.execution_context import InferShapeContext
from legacy_fluid.framework.op_kernel import register_op_kernel as reg
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker as Maker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType as AT
import phi.common as pc
from typing import final


class UnaryOpMaker(Maker):
    def make(self) -> None:
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("alpha", AT.FLOAT, 0.5, "slope")


class UnaryOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.share_dim("X", "Out")


@final
class UnaryKernel(ok.OpKernel):
    def compute(self, c) -> None:
        c.output("Out").mutable_data(c.place)[...] = c.input("X").data * c.attr("alpha")


register_operator("unary", UnaryOp, UnaryOpMaker)
reg("unary", "CPU", UnaryKernel, pc.DataType.FLOAT32, pc.DataType.INT64)
    ''')
    result = migrate(source)
    assert result.records[0].status == "migrated", result.records[0].reason
    assert function_source(result, "unary_kernel") == dedent('''
@register_kernel("unary", Backend.CPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32, DataType.INT64])
def unary_kernel(dev_ctx: DeviceContext, x: DenseTensor, alpha: float, out: OutTensor) -> None:
    dev_ctx.alloc(out)[...] = x.data * alpha
    ''')
    assert "from legacy_fluid.framework import op_kernel as ok" not in result.new_text
    compile(result.new_text, "<aliased>", "exec")
