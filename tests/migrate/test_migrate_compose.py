"""Kernels composing kernels (`Other().compute(ctx)`): the call becomes a call of Other's
new kernel function with the caller's parameters where Other migrates and its function
takes exactly what its compute read; otherwise the caller is skipped with the reason."""

from __future__ import annotations

from migrate_helpers import HEADER, UNARY, assert_skipped, dedent, function_source, migrate

from compat.statuses import KernelStatus

BASE = '''
class ScaleKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * ctx.attr("alpha")

'''

CALLER = '''
class ScalePlusKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        ScaleKernel().compute(ctx)
        out = ctx.output("Out")
        out.data[...] = out.data + 1

'''

REGISTER = '''
register_operator("scale_x", UnaryOp, UnaryOpMaker)
register_op_kernel("scale_x", "CPU", ScaleKernel, DataType.FLOAT32)
register_operator("scale_plus", UnaryOp, UnaryOpMaker)
register_op_kernel("scale_plus", "CPU", ScalePlusKernel, DataType.FLOAT32)
'''


def source(base: str = BASE, caller: str = CALLER, register: str = REGISTER) -> str:
    return HEADER + UNARY + dedent(base) + "\n" + dedent(caller) + "\n" + dedent(register)


def status(result: object, kernel: str) -> tuple[str, str]:
    rec = next(r for r in result.records if r.kernel == kernel)  # type: ignore[attr-defined]
    return rec.status, rec.reason


def test_a_composed_kernel_call_becomes_its_function_with_the_callers_parameters() -> None:
    result = migrate(source())
    assert status(result, "ScaleKernel")[0] == KernelStatus.MIGRATED
    assert function_source(result, "scale_plus_kernel").endswith(dedent('''
def scale_plus_kernel(dev_ctx: DeviceContext, x: DenseTensor, alpha: float, out: OutTensor) -> None:
    scale_x_kernel(dev_ctx, x, alpha, out)
    out.data[...] = out.data + 1
    '''))
    # nothing uses the composed class any more: it goes with its registration
    assert "class ScaleKernel" not in result.new_text
    assert "class ScalePlusKernel" not in result.new_text


def test_the_caller_comes_first_in_the_module_and_still_composes() -> None:
    """The composing kernel is migrated after the one it calls, wherever it stands."""
    result = migrate(source(base=CALLER, caller=BASE))
    assert status(result, "ScalePlusKernel")[0] == KernelStatus.MIGRATED
    assert "scale_x_kernel(dev_ctx, x, alpha, out)" in function_source(result,
                                                                       "scale_plus_kernel")


def test_a_composed_kernel_that_stays_legacy_leaves_the_caller_legacy() -> None:
    base = BASE.replace('x.data * ctx.attr("alpha")', 'x.data * ctx.attr("alpha")\n'
                        '        self.calls = 1')
    result = migrate(source(base=base))
    assert status(result, "ScaleKernel")[0] == KernelStatus.SKIPPED
    assert status(result, "ScalePlusKernel")[0] == KernelStatus.SKIPPED
    assert "passes the ExecutionContext 'ctx' on" in status(result, "ScalePlusKernel")[1]


def test_a_composed_kernel_spelling_its_op_type_is_not_composed() -> None:
    base = BASE.replace('* ctx.attr("alpha")', '* len(ctx.op_type)')
    result = migrate(source(base=base))
    assert status(result, "ScaleKernel")[0] == KernelStatus.MIGRATED
    assert_skipped(result, "spells ctx.op_type as its own op 'scale_x'", "ScalePlusKernel")


def test_a_composed_kernel_reading_a_slot_the_caller_lacks_is_not_composed() -> None:
    other_maker = '''
class OtherMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("alpha", AttrType.INT, 1, "an int here")

'''
    register = REGISTER.replace('register_operator("scale_plus", UnaryOp, UnaryOpMaker)',
                                'register_operator("scale_plus", UnaryOp, OtherMaker)')
    result = migrate(source(base=other_maker + BASE, register=register))
    assert_skipped(result, "reads attribute 'alpha', which op 'scale_plus' declares INT",
                   "ScalePlusKernel")


def test_a_composed_kernel_demoted_afterwards_takes_its_caller_along() -> None:
    """ScaleKernel migrates alone, then the module's checks leave its op legacy (its GPU
    kernel reads X as a list: other arguments): the caller cannot call a function that is
    not written."""
    gpu = BASE.replace("ScaleKernel", "ScaleGpuKernel").replace(
        'x = ctx.input("X")', 'x = ctx.multi_input("X")[0]')
    register = REGISTER + 'register_op_kernel("scale_x", "GPU", ScaleGpuKernel, DataType.FLOAT32)\n'
    result = migrate(source(base=BASE + gpu, register=register))
    assert status(result, "ScaleKernel")[0] == KernelStatus.SKIPPED
    why = status(result, "ScalePlusKernel")
    assert why[0] == KernelStatus.SKIPPED and why[1].startswith(
        "composes ScaleKernel().compute(ctx), whose kernel stays legacy"), why
    assert not result.changed


def test_a_composed_kernel_held_back_leaves_the_caller_legacy() -> None:
    """ScaleKernel's op excluded (as verify holding it back does): nothing to call."""
    result = migrate(source(), exclude_ops={"scale_x": "held back for the test"})
    assert status(result, "ScaleKernel") == (KernelStatus.SKIPPED, "held back for the test")
    assert status(result, "ScalePlusKernel")[0] == KernelStatus.SKIPPED
    assert "class ScaleKernel" in result.new_text and "scale_x_kernel" not in result.new_text
