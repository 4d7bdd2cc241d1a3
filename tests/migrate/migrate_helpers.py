"""Helpers for codemod tests: legacy module snippets in, migrated text out (LibCST style)."""

from __future__ import annotations

import textwrap

from migrate.codemod import migrate_source
from migrate.infermeta import catalogue
from migrate.records import FileResult

#: Imports every snippet starts with (what a legacy op module usually imports).
HEADER = '''\
from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import scale as funcs
'''

#: A unary op's maker and operator (X -> Out, one float attribute `alpha`).
UNARY = '''

class UnaryOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("alpha", AttrType.FLOAT, 0.5, "slope")
        self.add_attr("use_cudnn", AttrType.BOOLEAN, False, "cuDNN", extra=True)


class UnaryOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")

'''

REGISTER_UNARY = '''
register_operator("unary", UnaryOp, UnaryOpMaker)
register_op_kernel("unary", "CPU", UnaryKernel, DataType.FLOAT32)
'''


def dedent(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def migrate(text: str, **kwargs: object) -> FileResult:
    return migrate_source(text, None, base_names={}, catalog=catalogue(), **kwargs)  # type: ignore[arg-type]


def unary(kernel: str, register: str = REGISTER_UNARY) -> str:
    """HEADER + the unary op + `kernel` (class source) + its registrations."""
    return HEADER + UNARY + dedent(kernel) + "\n" + register


def function_source(result: FileResult, name: str) -> str:
    for op in result.ops:
        if name in op.sources:
            return op.sources[name]
    raise AssertionError(f"no generated function {name}; records: {result.records}")


def assert_skipped(result: FileResult, reason: str, kernel: str | None = None) -> None:
    records = [r for r in result.records if kernel is None or r.kernel == kernel]
    assert records, result.records
    for r in records:
        assert r.status == "skipped", (r.status, r.reason)
        assert reason in r.reason, r.reason
    if kernel is None:
        assert not result.changed, "a skipped kernel must leave the module untouched"
