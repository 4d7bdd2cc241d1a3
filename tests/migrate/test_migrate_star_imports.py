"""Kernels whose module gets the framework names through `from .m import *` of a module of
the tree (its `__all__`, or without one its public names): every kernel gets a row, and
migrates as it would with explicit imports. The package is written to tmp_path; after
`--write` it still imports and its ops give the values they gave before.
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

PKG_STAR = {
    "__init__.py": "from . import listed, public\n",
    # re-exports the framework names through `__all__`
    "plumbing.py": IMPORTS + dedent('''
        from phi.common import DataType

        __all__ = ["DataType", "ExecutionContext", "InferShapeContext", "OpKernel",
                   "OpProtoAndCheckerMaker", "OperatorWithKernel", "REALS",
                   "register_op_kernel", "register_operator"]

        REALS = (DataType.FLOAT32, DataType.FLOAT64)
    '''),
    # no `__all__`: every public top-level name
    "helpers.py": IMPORTS + dedent('''
        from phi.common import DataType

        FLOAT = DataType.FLOAT32

    ''') + SAME_OP,
    "listed.py": dedent('''
        from .helpers import SameOp, XMaker
        from .plumbing import *  # noqa: F403


        class StNegKernel(OpKernel):
            def compute(self, ctx: ExecutionContext) -> None:
                x = ctx.input("X")
                out = ctx.output("Out")
                data = out.mutable_data(ctx.place, x.dtype)
                ctx.xp.negative(x.data, out=data)


        register_operator("st_neg", SameOp, XMaker)
        for _d in REALS:
            register_op_kernel("st_neg", "CPU", StNegKernel, _d)
    '''),
    "public.py": dedent('''
        from .helpers import *  # noqa: F403


        class StSquareKernel(OpKernel):
            def compute(self, ctx: ExecutionContext) -> None:
                x = ctx.input("X")
                out = ctx.output("Out")
                data = out.mutable_data(ctx.place, x.dtype)
                ctx.xp.multiply(x.data, x.data, out=data)


        register_operator("st_square", SameOp, XMaker)
        register_op_kernel("st_square", "CPU", StSquareKernel, FLOAT)
    '''),
}


def test_kernels_of_star_importing_modules_get_rows_and_migrate(tmp_path: Path) -> None:
    pkg = write_package(tmp_path, "pkg_star", PKG_STAR)
    ops = ["st_neg", "st_square"]
    before = run_ops(tmp_path, pkg.name, ops)
    code, rows = migrate_rows(pkg, write=True)
    assert rows == {"StNegKernel": ("migrated", ""), "StSquareKernel": ("migrated", "")}, rows
    assert code == 0
    listed = (pkg / "listed.py").read_text()
    # the generated code's imports come first (isort's place), the star import stays
    assert "import register_kernel\nfrom phi.core.meta_tensor import MetaTensor\n\n" \
           "from .helpers import SameOp, XMaker\nfrom .plumbing import *" in listed, listed
    assert "class StNegKernel" not in listed and "register_op_kernel(" not in listed
    after = run_ops(tmp_path, pkg.name, ops)
    assert {op: v[0] for op, v in after.items()} == {op: v[0] for op, v in before.items()}
    assert all(path == "phi" for _, path in after.values()), after
