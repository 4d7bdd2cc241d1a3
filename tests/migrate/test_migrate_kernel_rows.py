"""Which classes get a row of the report: every OpKernel subclass of the tree, also one
whose OpKernel base comes from another module (through a star import); a template base
that other modules subclass and no registration names gets none (its subclasses' rows
cover it), whatever else its module registers in ways the codemod cannot read; a class a
write kept (unregistered) for its users is, on a later run, migrated earlier with its op.
The package is written to tmp_path; after each `--write` it imports and its ops give the
values they gave before.
"""

from __future__ import annotations

from pathlib import Path

from migrate_helpers import dedent
from test_migrate_package_import import (
    IMPORTS,
    SAME_OP,
    migrate_rows,
    run_ops,
    write_package,
)

from migrate.runner import discover, run_codemod

PKG_ROWS = {
    "__init__.py": "from . import ops\n",
    "base.py": IMPORTS + dedent('''
        from phi.common import DataType

        __all__ = ["DataType", "ExecutionContext", "InferShapeContext", "OpKernel",
                   "OpProtoAndCheckerMaker", "OperatorWithKernel", "SameOp", "TemplateBase",
                   "XMaker", "register_both", "register_op_kernel", "register_operator"]

    ''') + SAME_OP + dedent('''


        class TemplateBase(OpKernel):
            def fn(self, xp, x):
                raise NotImplementedError

            def compute(self, ctx: ExecutionContext) -> None:
                x = ctx.input("X")
                out = ctx.output("Out")
                out.mutable_data(ctx.place, x.dtype)[...] = self.fn(ctx.xp, x.data)


        def register_both(op_type, kernel):
            for dtype in (DataType.FLOAT32, DataType.FLOAT64):
                register_op_kernel(op_type, "CPU", kernel, dtype)
    '''),
    "ops.py": dedent('''
        from .base import *  # noqa: F403

        __all__ = ["KrNegKernel"]


        class KrCubeKernel(TemplateBase):
            def fn(self, xp, x):
                return x * x * x


        class KrNegKernel(OpKernel):
            def compute(self, ctx: ExecutionContext) -> None:
                x = ctx.input("X")
                out = ctx.output("Out")
                data = out.mutable_data(ctx.place, x.dtype)
                ctx.xp.negative(x.data, out=data)


        register_operator("kr_cube", SameOp, XMaker)
        register_operator("kr_neg", SameOp, XMaker)
        register_op_kernel("kr_cube", "CPU", KrCubeKernel, DataType.FLOAT32)
        register_op_kernel("kr_neg", "CPU", KrNegKernel, DataType.FLOAT32)
    '''),
}

#: KrCubeKernel's compute comes from base.py (a template base of another module): it has
#: its row and its op, and migrates, the base read from its module (migrate/tree_bases.py)
CUBE_ROW = ("migrated", "")


def rows_of(pkg: Path) -> dict[str, tuple[str, str, str]]:
    files = discover([pkg])
    return {r.kernel: (r.op_type, r.status.value, r.reason)
            for res in run_codemod(files) for r in res.records}


def test_a_template_base_of_another_module_is_no_row_its_subclass_is(tmp_path: Path
                                                                      ) -> None:
    pkg = write_package(tmp_path, "pkg_rows", PKG_ROWS)
    rows = rows_of(pkg)
    assert set(rows) == {"KrCubeKernel", "KrNegKernel"}, rows
    op, status, reason = rows["KrCubeKernel"]
    assert op == "kr_cube" and status == CUBE_ROW[0] and CUBE_ROW[1] in reason, rows
    assert rows["KrNegKernel"][:2] == ("kr_neg", "migrated"), rows


def test_a_class_kept_for_its_users_is_migrated_earlier_on_the_next_run(tmp_path: Path
                                                                         ) -> None:
    pkg = write_package(tmp_path, "pkg_rows", PKG_ROWS)
    before = run_ops(tmp_path, pkg.name, ["kr_cube", "kr_neg"])
    code, rows = migrate_rows(pkg, write=True)
    assert code == 0
    assert rows["KrNegKernel"] == ("migrated", "migrated; class kept for its `__all__`"), rows
    text = (pkg / "ops.py").read_text()
    assert ("# fluidphi migrate: kept, unregistered, for its users; op 'kr_neg' runs on "
            "kr_neg_kernel\nclass KrNegKernel(OpKernel):\n") in text, text
    after = run_ops(tmp_path, pkg.name, ["kr_cube", "kr_neg"])
    assert {op: v[0] for op, v in after.items()} == {op: v[0] for op, v in before.items()}
    assert after["kr_neg"][1] == "phi" and after["kr_cube"][1] == "phi", after
    again = rows_of(pkg)
    assert again["KrNegKernel"] == (
        "kr_neg", "skipped", "migrated by an earlier write (op 'kr_neg' runs on "
        "kr_neg_kernel); the class is kept, unregistered, for its users"), again
    code, rows = migrate_rows(pkg, write=True)
    assert code == 0 and (pkg / "ops.py").read_text() == text
    assert rows["KrNegKernel"][0] == "skipped", rows
