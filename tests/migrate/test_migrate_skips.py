"""Every skip reason: the kernel is left whole, with a specific reason, and nothing is written."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from migrate_helpers import (
    COVERED_MAPPING,
    HEADER,
    REGISTER_UNARY,
    UNARY,
    assert_skipped,
    covered_pair_source,
    dedent,
    function_source,
    migrate,
    unary,
)

from migrate import codemod


def kernel(body: str, extra_class: str = "") -> str:
    """A UnaryKernel whose compute body is `body` (indented 8)."""
    return unary(dedent(extra_class) + "\n\nclass UnaryKernel(OpKernel):\n"
                 "    def compute(self, ctx: ExecutionContext) -> None:\n"
                 + "".join(f"        {line}\n" for line in dedent(body).splitlines()))


BODY_CASES = {
    "library attr": ('''
        if ctx.attr("use_cudnn"):
            raise NotImplementedError
        ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data
    ''', "branches on attribute 'use_cudnn', which picks another library"),
    "computed input name": ('''
        name = "X"
        ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input(name).data
    ''', "reads input by a computed name (ctx.input(name))"),
    "f-string attr name": ('''
        which = "pha"
        a = ctx.attr(f"al{which}")
        ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a
    ''', "reads attribute by a computed name (f-string"),
    "scope write": ('''
        ctx.scope.var("tmp").value = ctx.input("X")
    ''', "writes to or reads the scope (ctx.scope)"),
    "ctx passed on": ('''
        _helper(ctx)
    ''', "passes the ExecutionContext 'ctx' on"),
    "ctx method without PHI twin": ('''
        ctx.output("Out").value = ctx.input_var("X")
    ''', "uses ctx.input_var(), which has no PHI equivalent"),
    "kernel type": ('''
        ctx.output("Out").mutable_data(ctx.place, ctx.kernel_type.data_type)
    ''', "reads the chosen kernel type (ctx.kernel_type)"),
    "undeclared attribute": ('''
        ctx.output("Out").mutable_data(ctx.place)[...] = ctx.attr("beta")
    ''', "reads attribute 'beta' that the op proto does not declare"),
    "undeclared input": ('''
        ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("Y").data
    ''', "reads input 'Y' that the op proto does not declare"),
    "has_attr": ('''
        if ctx.has_attr("beta"):
            ctx.output("Out").mutable_data(ctx.place)[...] = 0
    ''', "ctx.has_attr('beta'), which depends on the OpDesc: the op proto does not "
        "declare 'beta', and fluidphi accepts attributes a proto does not declare"),
    "instance state": ('''
        self.calls = 1
        ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data
    ''', "uses self beyond helpers and constant class attributes"),
    "super": ('''
        super().compute(ctx)
    ''', "calls super()"),
    "explicit place": ('''
        ctx.output("Out").mutable_data(GPUPlace(0))[...] = ctx.input("X").data
    ''', "allocates on an explicit place (GPUPlace(0)), not ctx.place"),
    # a rebound local is renamed (test_migrate_styles), unless the body reads its locals
    # by name or deletes it: then renaming is no longer the same program
    "rebinding a parameter read through locals()": ('''
        x = ctx.input("X")
        x = x.data * 2
        ctx.output("Out").mutable_data(ctx.place)[...] = locals()["x"] + ctx.input("X").data
    ''', "rebinds 'x', which is also the parameter for its slot, and the local cannot be "
        "renamed"),
    "rebinding a deleted parameter in a loop": ('''
        for _ in range(2):
            out = ctx.output("Out")
            out = None
            del out
    ''', "rebinds 'out', which is also the parameter for its slot, and the local cannot be "
        "renamed"),
    "rebinding a parameter declared global": ('''
        global x
        x = ctx.input("X").data
        ctx.output("Out").mutable_data(ctx.place)[...] = x + ctx.input("X").data
    ''', "the local cannot be renamed"),
    "executor call": ('''
        Executor(ctx.place).run(None, None, {})
    ''', "calls into the executor (Executor = legacy_fluid.framework.executor.Executor)"),
    "scope object": ('''
        Scope().var("x").value = ctx.input("X")
    ''', "creates or writes scope variables (Scope = legacy_fluid.framework.scope.Scope)"),
}

EXTRA_IMPORTS = ("from legacy_fluid.framework.executor import Executor\n"
                 "from legacy_fluid.framework.scope import Scope\n"
                 "from phi.common import GPUPlace\n")


@pytest.mark.parametrize("name", sorted(BODY_CASES))
def test_body_skip_reasons(name: str) -> None:
    body, reason = BODY_CASES[name]
    source = kernel(body).replace("from phi.common import DataType\n",
                                  "from phi.common import DataType\n" + EXTRA_IMPORTS)
    assert_skipped(migrate(source), reason)


def test_class_attribute_holding_a_function() -> None:
    source = unary('''
        class UnaryKernel(OpKernel):
            func = abs

            def compute(self, ctx: ExecutionContext) -> None:
                ctx.output("Out").mutable_data(ctx.place)[...] = self.func(ctx.input("X").data)
    ''')
    assert_skipped(migrate(source), "reads class attribute self.func = abs, which is not an "
                                    "immutable constant")


def test_a_constant_with_quotes_inside_an_f_string_is_spelled_by_its_repr() -> None:
    """Spelled inside `f"..."`, the tuple's own quotes would end the f-string (before
    Python 3.12): it is written there by its repr, in single quotes."""
    source = unary('''
        class UnaryKernel(OpKernel):
            MODES = ("edge", "wrap")

            def compute(self, ctx: ExecutionContext) -> None:
                if ctx.attr("alpha") < 0:
                    raise ValueError(f"alpha must be >= 0 for {self.MODES}")
                ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data
    ''')
    result = migrate(source)
    assert [r.status.value for r in result.records] == ["migrated"]
    assert """raise ValueError(f"alpha must be >= 0 for {('edge', 'wrap')}")\n""" in \
        result.new_text
    compile(result.new_text, "unary.py", "exec")


def test_a_constant_whose_repr_needs_a_backslash_inside_an_f_string_is_merged() -> None:
    """No spelling of `it's "x"` fits in an f-string field before Python 3.12, but the
    field is the whole literal: it is merged into the f-string's text, escaped (issue 23,
    cm42), and the message is the one the legacy kernel raised."""
    source = unary('''
        class UnaryKernel(OpKernel):
            HINT = 'it\\'s "x"'

            def compute(self, ctx: ExecutionContext) -> None:
                if ctx.attr("alpha") < 0:
                    raise ValueError(f"alpha: {self.HINT}")
                ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data
    ''')
    result = migrate(source)
    assert [r.status for r in result.records] == ["migrated"], result.records
    text = function_source(result, "unary_kernel")
    raised = [n for n in ast.walk(ast.parse(text, feature_version=(3, 9)))
              if isinstance(n, ast.Raise)]
    assert [ast.literal_eval(r.exc.args[0]) for r in raised] == ['alpha: it\'s "x"'], text


def test_a_constant_without_quotes_inside_an_f_string_is_inlined() -> None:
    source = unary('''
        class UnaryKernel(OpKernel):
            LIMIT = 3

            def compute(self, ctx: ExecutionContext) -> None:
                if ctx.attr("alpha") > self.LIMIT:
                    raise ValueError(f"alpha must be <= {self.LIMIT}")
                ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data
    ''')
    result = migrate(source)
    assert [r.status.value for r in result.records] == ["migrated"]
    assert '        raise ValueError(f"alpha must be <= {3}")\n' in result.new_text
    compile(result.new_text, "unary.py", "exec")


def test_helper_using_instance_state() -> None:
    source = unary('''
        class UnaryKernel(OpKernel):
            def _twice(self, v):
                return v * self.factor

            def compute(self, ctx: ExecutionContext) -> None:
                ctx.output("Out").mutable_data(ctx.place)[...] = self._twice(ctx.input("X").data)
    ''')
    assert_skipped(migrate(source), "helper _twice() uses self (instance state)")


def test_unknown_class_decorator() -> None:
    source = unary('''
        @traced
        class UnaryKernel(OpKernel):
            def compute(self, ctx: ExecutionContext) -> None:
                ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data
    ''')
    assert_skipped(migrate(source), "class decorator @traced on UnaryKernel")


def test_tensor_attribute_read_outside_the_fold_pattern() -> None:
    source = HEADER + dedent('''


        class FillOpMaker(OpProtoAndCheckerMaker):
            def make(self) -> None:
                self.add_input("ShapeTensor", "overrides shape", dispensable=True)
                self.add_output("Out", "output")
                self.add_attr("shape", AttrType.INTS, [1], "dims")


        class FillOp(OperatorWithKernel):
            def infer_shape(self, ctx: InferShapeContext) -> None:
                pass


        class FillKernel(OpKernel):
            def compute(self, ctx: ExecutionContext) -> None:
                st = ctx.input("ShapeTensor")
                shape = ctx.attr("shape") if st is None else list(st.numpy())
                ctx.output("Out").mutable_data(ctx.place)[...] = len(shape)


        register_operator("tfill", FillOp, FillOpMaker)
        register_op_kernel("tfill", "CPU", FillKernel, DataType.FLOAT32)
    ''')
    assert_skipped(migrate(source), "reads tensor-valued attribute input 'ShapeTensor' (for "
                                    "attribute 'shape') outside the standard")


GOOD_KERNEL = '''
class UnaryKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data
'''


def module(registrations: str, kernels: str = GOOD_KERNEL, ops: str = UNARY) -> str:
    return HEADER + ops + dedent(kernels) + "\n\n" + dedent(registrations)


REGISTRATION_CASES = {
    "conditional registration": ('''
        register_operator("unary", UnaryOp, UnaryOpMaker)
        if HAS_GPU:
            register_op_kernel("unary", "GPU", UnaryKernel, DataType.FLOAT32)
    ''', "registration not statically readable (registration inside a If statement"),
    "cuDNN library": ('''
        register_operator("unary", UnaryOp, UnaryOpMaker)
        register_op_kernel("unary", "GPU", UnaryKernel, DataType.FLOAT32,
                           library=LibraryType.CUDNN)
    ''', "registered for library CUDNN (needs its own backend kernel)"),
    "op not registered here": ('''
        register_op_kernel("unary", "CPU", UnaryKernel, DataType.FLOAT32)
    ''', "op 'unary' is not registered (register_operator) in this module"),
    "kernel class looked up at run time": ('''
        register_operator("unary", UnaryOp, UnaryOpMaker)
        register_op_kernel("unary", "CPU", KERNELS["unary"], DataType.FLOAT32)
    ''', "registers kernels it cannot read (KERNELS"),
    "dtype from a call": ('''
        register_operator("unary", UnaryOp, UnaryOpMaker)
        register_op_kernel("unary", "CPU", UnaryKernel, pick_dtype())
    ''', "registration not statically readable (pick_dtype())"),
}


@pytest.mark.parametrize("name", sorted(REGISTRATION_CASES))
def test_registration_skip_reasons(name: str) -> None:
    registrations, reason = REGISTRATION_CASES[name]
    source = module(registrations).replace(
        "from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel\n",
        "from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel\n"
        "from legacy_fluid.framework.op_kernel_type import LibraryType\n")
    assert_skipped(migrate(source), reason)


def test_unreadable_proto() -> None:
    ops = UNARY.replace('self.add_input("X", "input")', 'self.add_input(INPUT_NAME(), "input")')
    source = module('''
        register_operator("unary", UnaryOp, UnaryOpMaker)
        register_op_kernel("unary", "CPU", UnaryKernel, DataType.FLOAT32)
    ''', ops=ops)
    assert_skipped(migrate(source), "op proto of 'unary' is not statically readable")


def test_base_class_from_another_module() -> None:
    source = module('''
        register_operator("unary", UnaryOp, UnaryOpMaker)
        register_op_kernel("unary", "CPU", UnaryKernel, DataType.FLOAT32)
    ''', kernels=GOOD_KERNEL.replace("(OpKernel)", "(SharedKernel)")).replace(
        "from phi.common import DataType\n",
        "from phi.common import DataType\nfrom legacy_fluid.operators.shared import SharedKernel\n")
    assert_skipped(migrate(source), "inherits from legacy_fluid.operators.shared.SharedKernel")


def test_registered_in_one_loop_with_a_kernel_that_stays_legacy() -> None:
    """Removal is surgical: the loop is unrolled into the registrations that remain."""
    kernels = GOOD_KERNEL + dedent('''


        class OtherKernel(OpKernel):
            def compute(self, ctx: ExecutionContext) -> None:
                ctx.scope.var("x")
    ''')
    source = module('''
        register_operator("unary", UnaryOp, UnaryOpMaker)
        register_operator("other", UnaryOp, UnaryOpMaker)
        for _op, _cls in (("unary", UnaryKernel), ("other", OtherKernel)):
            register_op_kernel(_op, "CPU", _cls, DataType.FLOAT32)
    ''', kernels=kernels)
    result = migrate(source)
    assert [(r.kernel, r.status) for r in result.records] == [
        ("UnaryKernel", "migrated"), ("OtherKernel", "skipped")]
    assert result.new_text.endswith(dedent('''
        register_operator("unary", UnaryOp, UnaryOpMaker)
        register_operator("other", UnaryOp, UnaryOpMaker)
        register_op_kernel("other", "CPU", OtherKernel, DataType.FLOAT32)
    '''))


def test_one_class_for_two_ops_where_one_cannot_migrate() -> None:
    ops = UNARY + dedent('''
        class NarrowOpMaker(OpProtoAndCheckerMaker):
            def make(self) -> None:
                self.add_input("Y", "input")
                self.add_output("Out", "output")

    ''')
    source = module('''
        register_operator("unary", UnaryOp, UnaryOpMaker)
        register_operator("narrow", UnaryOp, NarrowOpMaker)
        register_op_kernel("unary", "CPU", UnaryKernel, DataType.FLOAT32)
        register_op_kernel("narrow", "CPU", UnaryKernel, DataType.FLOAT32)
    ''', ops=ops)
    result = migrate(source)
    unary_rec, narrow_rec = result.records
    assert (unary_rec.op_type, unary_rec.status) == ("unary", "skipped")
    assert unary_rec.reason == "UnaryKernel also serves op(s) narrow, which do not migrate"
    assert narrow_rec.reason == "reads input 'X' that the op proto does not declare"
    assert not result.changed


def test_kernels_of_one_op_reading_different_attributes_take_them_all() -> None:
    kernels = GOOD_KERNEL + dedent('''


        class UnaryGPUKernel(OpKernel):
            def compute(self, ctx: ExecutionContext) -> None:
                out = ctx.output("Out").mutable_data(ctx.place)
                out[...] = ctx.input("X").data * ctx.attr("alpha")
    ''')
    source = module('''
        register_operator("unary", UnaryOp, UnaryOpMaker)
        register_op_kernel("unary", "CPU", UnaryKernel, DataType.FLOAT32)
        register_op_kernel("unary", "GPU", UnaryGPUKernel, DataType.FLOAT32)
    ''', kernels=kernels)
    result = migrate(source)
    assert [r.status for r in result.records] == ["migrated", "migrated"]
    # one signature: the CPU kernel takes `alpha` too, unread
    text = " ".join(result.new_text.split())
    for name in ("unary_kernel", "unary_gpu_kernel"):
        assert (f"def {name}(dev_ctx: DeviceContext, x: DenseTensor, alpha: float, "
                "out: OutTensor) -> None:") in text, result.new_text


def test_kernels_of_one_op_with_different_arguments() -> None:
    kernels = GOOD_KERNEL + dedent('''


        class UnaryGPUKernel(OpKernel):
            def compute(self, ctx: ExecutionContext) -> None:
                out = ctx.output("Out").mutable_data(ctx.place)
                out[...] = ctx.multi_input("X")[0].data * ctx.attr("alpha")
    ''')
    source = module('''
        register_operator("unary", UnaryOp, UnaryOpMaker)
        register_op_kernel("unary", "CPU", UnaryKernel, DataType.FLOAT32)
        register_op_kernel("unary", "GPU", UnaryGPUKernel, DataType.FLOAT32)
    ''', kernels=kernels)
    assert_skipped(migrate(source), "kernels of op 'unary' (UnaryKernel, UnaryGPUKernel) take "
                                    "different arguments")


def test_two_ops_sharing_one_phi_name() -> None:
    source = module('''
        register_operator("unary", UnaryOp, UnaryOpMaker)
        register_operator("unary2", UnaryOp, UnaryOpMaker)
        register_base_kernel_name("unary2", "unary")
        register_op_kernel("unary", "CPU", UnaryKernel, DataType.FLOAT32)
        register_op_kernel("unary2", "CPU", UnaryKernel, DataType.FLOAT64)
    ''').replace("from phi.common import DataType\n",
                 "from phi.common import DataType\n"
                 "from compat.arg_mapping import register_base_kernel_name\n")
    assert_skipped(migrate(source), "ops unary, unary2 all map to PHI kernel 'unary'")


def test_codemod_error_fails_the_kernel_and_writes_nothing(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(codemod, "migrate_kernel", boom)
    result = migrate(module('''
        register_operator("unary", UnaryOp, UnaryOpMaker)
        register_op_kernel("unary", "CPU", UnaryKernel, DataType.FLOAT32)
    '''))
    assert [(r.status, r.reason) for r in result.records] == [
        ("failed", "codemod error: RuntimeError: boom")]
    assert not result.changed


def test_unparsable_module_is_an_error() -> None:
    result = migrate("def broken(:\n")
    assert result.error.startswith("<string>: does not parse") and not result.changed


def test_two_ops_sharing_one_kernel_and_phi_name_are_covered() -> None:
    result = migrate(covered_pair_source(own_proto=False))
    status = {r.op_type: (r.status, r.reason) for r in result.records}
    assert status["unary"][0] == "migrated"
    assert status["unary2"] == ("covered", "covered by unary: same kernel as unary's, served by "
                                           "PHI kernel 'unary'")
    assert "register_op_kernel" not in result.new_text
    assert result.new_text.count("@register_kernel(") == 1


def test_covered_op_with_an_extra_output_gets_its_own_mapping() -> None:
    """squeeze / squeeze2 style: one class serves a v1 op and a v2 op whose proto adds what the
    kernel never touches; v2 is covered by v1's kernel through a mapping of its own."""
    result = migrate(covered_pair_source())
    records = {r.op_type: r for r in result.records}
    assert (records["unary"].status, records["unary"].mapping) == ("migrated", False)
    assert (records["unary2"].status, records["unary2"].mapping) == ("covered", True)
    text = result.new_text
    assert text.count("@register_kernel(") == 1 and "register_op_kernel" not in text
    assert '@register_arg_mapping("unary2")' in text
    assert COVERED_MAPPING in text
    assert '@register_arg_mapping("unary")' not in text
    compile(text, "<migrated>", "exec")


def test_a_star_import_from_outside_the_tree_may_rebind_the_new_imports() -> None:
    """`from numpy import *` could bind any name the generated code imports: not written."""
    source = unary('''
class UnaryKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data
    ''').replace("from phi.common import DataType\n",
                 "from phi.common import DataType\nfrom numpy import *  # noqa: F403\n")
    assert_skipped(migrate(source), "`from numpy import *` is not a module of this tree, so "
                                    "it may rebind a name the new code needs")


def test_a_star_import_binding_a_new_import_to_something_else(tmp_path: Path) -> None:
    """The tree's `helpers.py` binds `Backend` (star-exported): the registration the new
    kernel needs would read it, so the kernel is not migrated (pkg_studio's math/clip.py
    has the same import through a star, which is no clash)."""
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "helpers.py").write_text("from phi.common import DataType\n\n"
                                         "Backend = 'mine'\n")
    source = unary('''
class UnaryKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data
    ''').replace("from phi.common import DataType\n",
                 "from phi.common import DataType\n\nfrom .helpers import *  # noqa: F403\n")
    path = tmp_path / "mod.py"
    path.write_text(source)
    result = codemod.migrate_source(source, path, base_names={})
    assert_skipped(result, "`from .helpers import *` binds 'Backend', a name the new code "
                           "needs, to something else")


def test_a_helper_taking_ctx_that_reads_the_scope_is_named_in_the_reason() -> None:
    source = unary('''
        def _probe(ctx):
            return ctx.scope


        class UnaryKernel(OpKernel):
            def compute(self, ctx: ExecutionContext) -> None:
                _probe(ctx)
                ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data
    ''')
    assert_skipped(migrate(source), "passes ctx to _probe(): writes to or reads the scope "
                                    "(ctx.scope)")


def test_a_helper_taking_ctx_that_rebinds_it_is_refused() -> None:
    source = unary('''
        def _alpha(ctx, others):
            for ctx in others:
                pass
            return ctx.attr("alpha")


        class UnaryKernel(OpKernel):
            def compute(self, ctx: ExecutionContext) -> None:
                a = _alpha(ctx, ())
                ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a
    ''')
    assert_skipped(migrate(source), "passes ctx to _alpha(), which rebinds 'ctx'")


def test_a_maker_built_at_run_time_is_named_as_why_the_proto_is_unknown() -> None:
    """`register_operator("unary", UnaryOp, UnaryOpMaker)` is right there: the row says the
    maker cannot be read (a class built by type(...)), not that the op is unregistered."""
    built = UNARY.replace('''class UnaryOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:''', '''def _make(self) -> None:''').replace(
        '''        self.add_attr("use_cudnn", AttrType.BOOLEAN, False, "cuDNN", extra=True)
''', '''        self.add_attr("use_cudnn", AttrType.BOOLEAN, False, "cuDNN", extra=True)


UnaryOpMaker = type("UnaryOpMaker", (OpProtoAndCheckerMaker,), {"make": _make})
''').replace("        self.add_", "    self.add_")
    assert "UnaryOpMaker = type(" in built and "class UnaryOpMaker" not in built
    source = HEADER + built + dedent('''
        class UnaryKernel(OpKernel):
            def compute(self, ctx: ExecutionContext) -> None:
                ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data
    ''') + "\n" + REGISTER_UNARY
    compile(source, "built.py", "exec")
    assert_skipped(migrate(source),
                   "op proto of 'unary' is not statically readable: its maker UnaryOpMaker is "
                   "built by type(...) at run time (`UnaryOpMaker = type(\"UnaryOpMaker\", "
                   "(OpProtoAndCheckerMaker,), {\"make\": _make})`): the codemod reads class "
                   "statements only")


@pytest.mark.parametrize("maker, why", [
    ('type("UnaryOpMaker2", (UnaryOpMaker,), {})',
     'its maker `type("UnaryOpMaker2", (UnaryOpMaker,), {})` is built by type(...) at run '
     'time: the codemod reads class statements only'),
    ("_maker()", "its maker `_maker()` is no class statement the codemod can read"),
])
def test_an_operator_registered_with_an_unreadable_maker_is_named(maker: str, why: str
                                                                  ) -> None:
    source = unary('''
        def _maker():
            return UnaryOpMaker


        class UnaryKernel(OpKernel):
            def compute(self, ctx: ExecutionContext) -> None:
                ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data
    ''', REGISTER_UNARY.replace("UnaryOpMaker)", f"{maker})"))
    assert f'register_operator("unary", UnaryOp, {maker})' in source
    result = migrate(source)
    assert_skipped(result, f"op 'unary' is registered (`register_operator(\"unary\", UnaryOp, "
                           f"{maker})`), but {why}")
    assert result.records[0].reason.endswith(", so its proto is unknown")
