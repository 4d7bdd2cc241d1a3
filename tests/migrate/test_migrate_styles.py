"""Codemod cases, continued: kernels written in styles unlike fluidphi's own (nested
helpers, one class serving two ops, host allocations, computed dtype lists, maker helpers,
names that shadow modules or builtins, VarType attributes, aliases). Legacy source in, PHI
source out, or a skip with its reason."""

from __future__ import annotations

from migrate_helpers import (
    HEADER,
    UNARY,
    assert_skipped,
    dedent,
    function_source,
    migrate,
    unary,
)


def test_nested_helper_early_return_and_comments() -> None:
    result = migrate(unary('''
class UnaryKernel(OpKernel):
    # computes in place when possible
    def compute(self, ctx: ExecutionContext) -> None:
        """Doc of compute."""
        x = ctx.input("X")
        out = ctx.output("Out")

        def twice(v):
            # nested helpers see the parameters through the closure
            return v * 2 * ctx.attr("alpha")

        if x.numel() == 0:
            return  # nothing to do
        out.mutable_data(ctx.place, x.dtype)[...] = twice(x.data)
        # trailing comment
    '''))
    assert function_source(result, "unary_kernel").endswith(dedent('''
def unary_kernel(dev_ctx: DeviceContext, x: DenseTensor, alpha: float, out: OutTensor) -> None:
    # computes in place when possible
    """Doc of compute."""

    def twice(v):
        # nested helpers see the parameters through the closure
        return v * 2 * alpha

    if x.numel() == 0:
        return  # nothing to do
    dev_ctx.alloc(out, x.dtype)[...] = twice(x.data)
    # trailing comment
    '''))


def test_class_serving_two_ops_becomes_two_functions() -> None:
    result = migrate(HEADER + UNARY + dedent('''
class UnaryKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        print(ctx.op_type, f"{ctx.op_type}!")
        ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data


register_operator("one", UnaryOp, UnaryOpMaker)
register_operator("two", UnaryOp, UnaryOpMaker)
for _op in ("one", "two"):
    register_op_kernel(_op, "CPU", UnaryKernel, DataType.FLOAT32)
    '''))
    assert [(r.op_type, r.function) for r in result.records] == [("one", "one_kernel"),
                                                                  ("two", "two_kernel")]
    # the op's name in an f-string field is merged into its text (issue 23, cm42)
    assert 'print("two", "two!")' in function_source(result, "two_kernel")
    assert "for _op in" not in result.new_text


def test_host_allocation_and_seed_naming() -> None:
    source = HEADER.replace("from phi.common import DataType",
                            "from phi.common import CPUPlace, DataType") + dedent('''


class DropOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input")
        self.add_input("Seed", "seed tensor", dispensable=True)
        self.add_output("Out", "output")
        self.add_attr("seed", AttrType.INT, 0, "seed")


class DropOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", [2])
        ctx.set_output_dtype("Out", DataType.INT64)


class DropKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        seed_tensor = ctx.input("Seed")
        seed = ctx.attr("seed") if seed_tensor is None else int(seed_tensor.numpy()[0])
        data = ctx.output("Out").mutable_data(CPUPlace(), DataType.INT64)
        data[...] = [seed, ctx.input("X").numel()]


register_operator("drop", DropOp, DropOpMaker)
register_op_kernel("drop", "GPU", DropKernel, DataType.FLOAT32)
    ''')
    result = migrate(source)
    assert function_source(result, "drop_kernel").endswith(dedent('''
def drop_kernel(dev_ctx: DeviceContext, x: DenseTensor, seed_tensor: DenseTensor | None, seed: int,
                out: OutTensor) -> None:
    seed = seed if seed_tensor is None else int(seed_tensor.numpy()[0])
    data = dev_ctx.host_alloc(out, DataType.INT64)
    data[...] = [seed, x.numel()]
    '''))
    assert "def drop_infer_meta(out: MetaTensor) -> None:" in result.new_text
    assert "out.set_dims([2])" in result.new_text and "out.set_dtype(DataType.INT64)" in \
        result.new_text


def test_dtype_lists_from_constants_and_comprehensions() -> None:
    source = HEADER + UNARY + dedent('''
_ALL = (DataType.FLOAT32, DataType.FLOAT64, DataType.BFLOAT16)
_GPU = tuple(t for t in _ALL if t is not DataType.BFLOAT16)


class UnaryKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data


register_operator("unary", UnaryOp, UnaryOpMaker)
for _d in _ALL:
    register_op_kernel("unary", "CPU", UnaryKernel, _d)
register_op_kernel("unary", "GPU", UnaryKernel, *_GPU)
    ''')
    result = migrate(source)
    assert result.records[0].dtypes == {"CPU": ["FLOAT32", "FLOAT64", "BFLOAT16"],
                                        "GPU": ["FLOAT32", "FLOAT64"]}
    assert "_ALL" not in result.new_text and "_GPU" not in result.new_text


def test_maker_helpers_loops_and_conditions() -> None:
    source = HEADER + dedent('''


def _common(maker, with_bias=False):
    for name in ("X", "Y"):
        maker.add_input(name, "operand")
    if with_bias:
        maker.add_input("Bias", "bias", dispensable=True)


class PairOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        _common(self, with_bias=True)
        self.add_output("Out", "output")


class PairOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.share_dim("X", "Out")


class PairKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x, y = ctx.input("X"), ctx.input("Y")
        ctx.output("Out").mutable_data(ctx.place)[...] = x.data + y.data


register_operator("pair", PairOp, PairOpMaker)
register_op_kernel("pair", "CPU", PairKernel, DataType.FLOAT32)
    ''')
    result = migrate(source)
    assert function_source(result, "pair_kernel").endswith(dedent('''
def pair_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, out: OutTensor) -> None:
    dev_ctx.alloc(out)[...] = x.data + y.data
    '''))
    # Bias is in the proto but not read: the mapping names only what the kernel takes
    assert 'KernelSignature("pair", ["X", "Y"], [], ["Out"])' in result.new_text


def test_parameter_shadowing_a_module_name_is_skipped_not_renamed() -> None:
    """`x_` would be a Python spelling leaking into ops.yaml: the kernel is skipped instead."""
    result = migrate(unary('''
class UnaryKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.output("Out")
        out.mutable_data(ctx.place)[...] = x(ctx.input("X").data)
    ''').replace("class UnaryOpMaker", "x = abs\n\n\nclass UnaryOpMaker"))
    assert_skipped(result, "reads the module-level name 'x', which is also the name of a kernel "
                           "parameter")


def test_parameter_named_like_a_builtin_the_body_calls_keeps_its_name() -> None:
    result = migrate(unary('''
class UnaryKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.output("Out")
        out.mutable_data(ctx.place)[...] = min(ctx.input("X").data.min(), ctx.attr("alpha"))
    ''').replace('"alpha"', '"min"'))
    assert function_source(result, "unary_kernel").endswith(dedent('''
def unary_kernel(dev_ctx: DeviceContext, x: DenseTensor, min: float, out: OutTensor) -> None:
    dev_ctx.alloc(out)[...] = builtins.min(x.data.min(), min)
    '''))
    assert "import builtins\n" in result.new_text
    assert "float min=0.5" in result.ops[0].yaml


def test_skipped_kernel_stays_next_to_migrated_one() -> None:
    result = migrate(HEADER + UNARY + dedent('''
class UnaryKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data


class OtherKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        ctx.output("Out").mutable_data(ctx.place)[...] = ctx.scope


register_operator("unary", UnaryOp, UnaryOpMaker)
register_operator("other", UnaryOp, UnaryOpMaker)
register_op_kernel("unary", "CPU", UnaryKernel, DataType.FLOAT32)
register_op_kernel("other", "CPU", OtherKernel, DataType.FLOAT32)
    '''))
    assert [r.status for r in result.records] == ["migrated", "skipped"]
    text = result.new_text
    assert "class OtherKernel(OpKernel)" in text
    assert 'register_op_kernel("other", "CPU", OtherKernel, DataType.FLOAT32)' in text
    assert "from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel" in text
    assert "class UnaryKernel" not in text


CAST_LIKE = HEADER + '''from legacy_fluid.framework.var_type import VarType


class CastOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("in_dtype", AttrType.INT, -1, "X's VarType")
        self.add_attr("out_dtype", AttrType.INT, 5, "Out's VarType")


class CastOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.share_dim("X", "Out")
'''


def test_var_type_attribute_becomes_a_data_type_parameter() -> None:
    result = migrate(CAST_LIKE + '''

class CastKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        out_dtype = VarType(ctx.attr("out_dtype")).to_phi()
        data = out.mutable_data(ctx.place, out_dtype)
        data[...] = x.data


register_operator("cast", CastOp, CastOpMaker)
register_op_kernel("cast", "CPU", CastKernel, DataType.FLOAT32)
''')
    # the VarType number becomes `dtype: DataType` (PHI's name); the alias spelling the
    # attribute's own name goes, the mapping still names fluid's attribute
    assert function_source(result, "cast_kernel").endswith(dedent('''
def cast_kernel(dev_ctx: DeviceContext, x: DenseTensor, dtype: DataType, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, dtype)
    data[...] = x.data
    '''))
    op = result.ops[0]
    assert op.mapping_function == "cast_op_argument_mapping"
    assert 'KernelSignature("cast", ["X"], ["out_dtype"], ["Out"])' in result.new_text
    assert "DataType dtype=DataType::FLOAT32" in op.yaml


def test_var_type_attribute_also_read_raw_stays_an_int() -> None:
    result = migrate(CAST_LIKE + '''

class CastKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        code = ctx.attr("out_dtype")
        data = out.mutable_data(ctx.place, VarType(ctx.attr("out_dtype")).to_phi())
        data[...] = x.data + code


register_operator("cast", CastOp, CastOpMaker)
register_op_kernel("cast", "CPU", CastKernel, DataType.FLOAT32)
''')
    source = function_source(result, "cast_kernel")
    assert "out_dtype: int" in source
    assert "dev_ctx.alloc(out, VarType(out_dtype).to_phi())" in source


def test_alias_spelling_a_renamed_parameter_is_inlined() -> None:
    result = migrate(unary('''
class UnaryKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x_ = ctx.input("X")
        src = ctx.output("Out")
        src.mutable_data(ctx.place, x_.dtype)[...] = x_.data * ctx.attr("alpha")
    '''))
    assert function_source(result, "unary_kernel").endswith(dedent('''
def unary_kernel(dev_ctx: DeviceContext, x: DenseTensor, alpha: float, out: OutTensor) -> None:
    src = out
    dev_ctx.alloc(src, x.dtype)[...] = x.data * alpha
    '''))


def test_a_local_rebinding_a_parameter_name_is_renamed_at_every_access() -> None:
    """`x = ctx.input("X").numpy()` then `ctx.input("X")`: the local becomes `x_value` (its
    stores, its reads, the closure reading it) and `x` stays the slot's tensor."""
    result = migrate(unary('''
class UnaryKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X").numpy()
        x = x * ctx.attr("alpha")

        def shifted():
            return x + 1

        out = ctx.output("Out").mutable_data(ctx.place, ctx.input("X").dtype)
        out[...] = shifted() + ctx.input("X").data
    '''))
    assert function_source(result, "unary_kernel").endswith(dedent('''
def unary_kernel(dev_ctx: DeviceContext, x: DenseTensor, alpha: float, out: OutTensor) -> None:
    x_value = x.numpy()
    x_value = x_value * alpha

    def shifted():
        return x_value + 1

    out = dev_ctx.alloc(out, x.dtype)
    out[...] = shifted() + x.data
    '''))


def test_the_fresh_name_of_a_renamed_local_is_free() -> None:
    """`x_value` is taken by the body: the local becomes `x_value_`."""
    result = migrate(unary('''
class UnaryKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x_value = 2
        x = ctx.input("X").data * x_value
        ctx.output("Out").mutable_data(ctx.place, ctx.input("X").dtype)[...] = x
    '''))
    source = function_source(result, "unary_kernel")
    assert "x_value_ = x.data * x_value" in source and "alloc(out, x.dtype)" in source
