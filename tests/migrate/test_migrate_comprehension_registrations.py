"""Kernels registered by a list comprehension run as a statement (`[register_op_kernel("x",
dev, K, t) for dev in ("CPU", "GPU") for t in REAL]`): read as the nested loops it stands
for; the statement goes when every kernel it registers migrates, else they all stay legacy
(its loop variables must not become module names), and one bound to `_` stays legacy with
its op named in the row. Written to tmp_path; after `--write` the ops give what they gave.
"""

from __future__ import annotations

from pathlib import Path

from migrate_helpers import dedent
from test_migrate_package_import import IMPORTS, SAME_OP, migrate_rows, run_ops, write_package

KERNELS = "".join(dedent(f'''


    class {cls}(OpKernel):
        def compute(self, ctx: ExecutionContext) -> None:
            x = ctx.input("X")
            out = ctx.output("Out")
            data = out.mutable_data(ctx.place, x.dtype)
            ctx.xp.{fn}(x.data, {arg}out=data)
''') for cls, fn, arg in (("ScaleKernel", "multiply", "x.data, "), ("AbsKernel", "abs", ""),
                          ("HalfKernel", "multiply", "0.5, "),
                          ("StaysKernel", "negative", ""), ("BoundKernel", "square", "")))

PKG = {
    "__init__.py": "from . import comp\n",
    "comp.py": IMPORTS + "from phi.common import DataType\n\nREAL = (DataType.FLOAT32, "
               "DataType.FLOAT64)\n" + SAME_OP + KERNELS + dedent('''

        class StaysBase(OpKernel):
            """Only a base: its subclass stays legacy (it calls super())."""


        class StaysLegacyKernel(StaysBase):
            def compute(self, ctx: ExecutionContext) -> None:
                super().compute(ctx)


        for _op in ("lc_scale", "lc_abs", "lc_half", "lc_stays", "lc_stays2", "lc_bound"):
            register_operator(_op, SameOp, XMaker)
        [register_op_kernel("lc_scale", dev, ScaleKernel, t) for dev in ("CPU", "GPU")
         for t in REAL]
        [register_op_kernel(op, "CPU", k, DataType.FLOAT32) for op, k in (("lc_abs", AbsKernel),
                                                                        ("lc_half", HalfKernel))
         if op != "lc_none"]
        [register_op_kernel(op, "CPU", k, DataType.FLOAT32) for op, k in (
            ("lc_stays", StaysKernel), ("lc_stays2", StaysLegacyKernel))]
        _ = [register_op_kernel("lc_bound", "CPU", BoundKernel, t) for t in REAL]
    '''),
}


def test_a_comprehension_run_for_its_registrations_is_read_as_its_loops(tmp_path: Path) -> None:
    pkg = write_package(tmp_path, "pkg_lc", PKG)
    ops = ["lc_scale", "lc_abs", "lc_half", "lc_stays", "lc_bound"]
    before = run_ops(tmp_path, pkg.name, ops)
    # a comprehension bound to a name is not read statically (without verify: refused)
    _, dry = migrate_rows(pkg, write=False, verify=False)
    status, why = dry["BoundKernel"]
    assert status == "skipped" and "registration inside the comprehension `_ = [" in why, why
    code, rows = migrate_rows(pkg, write=True)
    assert code == 0
    assert {k: rows[k] for k in ("ScaleKernel", "AbsKernel", "HalfKernel")} == {
        k: ("migrated", "") for k in ("ScaleKernel", "AbsKernel", "HalfKernel")}, rows
    status, why = rows["StaysKernel"]
    assert status == "skipped" and why.endswith(
        "its registration cannot be taken out of the statement registering it alone (the "
        "comprehension also registers what stays legacy)"), why
    assert rows["StaysLegacyKernel"][0] == "skipped"
    # verify on: importing the tree shows what it registers; it stays, the kernel migrates
    assert rows["BoundKernel"] == ("migrated", "migrated; legacy registration kept: registered "
                                   "by `_ = [register_op_kernel(\"lc_bound\", \"CPU\", "
                                   "BoundKernel, t) for t in REAL]`, which the codemod cannot "
                                   "read; keys from importing the tree"), rows
    doc = (pkg.parent / "summary.json").read_text()
    assert '"op": "lc_bound"' in doc
    text = (pkg / "comp.py").read_text()
    assert "ScaleKernel" not in text and "for dev in" not in text, text
    assert ('@register_kernel("lc_scale", Backend.GPU, DataLayout.ALL_LAYOUT,\n'
            '                 [DataType.FLOAT32, DataType.FLOAT64])') in text, text
    assert "(\"lc_stays\", StaysKernel)" in text and "_ = [register_op_kernel(" in text
    after = run_ops(tmp_path, pkg.name, ops)
    assert {op: v[0] for op, v in after.items()} == {op: v[0] for op, v in before.items()}
    assert {op: v[1] for op, v in after.items()} == {
        "lc_scale": "phi", "lc_abs": "phi", "lc_half": "phi", "lc_stays": "legacy",
        "lc_bound": "phi"}, after
