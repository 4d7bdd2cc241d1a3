"""A module-level name bound both by a `from M import *` of the tree and by an explicit
import (`from ..core import *` then `from ..core import REAL`): one name when every binding
leads to one origin (read; the kernels migrate), else the last binding when the order is
statically clear and it is no star import; else refused, the reason naming both origins. A
registration call the codemod cannot read names itself in the rows of the classes it
passes (not "registered elsewhere"). Packages written to tmp_path; after `--write` they
import and their ops give the values they gave before.
"""

from __future__ import annotations

import json
from pathlib import Path

from migrate_helpers import dedent
from test_migrate_package_import import IMPORTS, SAME_OP, migrate_rows, run_ops

#: a kernel computing -x (its class name and op filled in)
NEG = dedent('''


    class {cls}(OpKernel):
        def compute(self, ctx: ExecutionContext) -> None:
            x = ctx.input("X")
            out = ctx.output("Out")
            data = out.mutable_data(ctx.place, x.dtype)
            ctx.xp.negative(x.data, out=data)


    register_operator("{op}", SameOp, XMaker)
''')

CORE = {
    "__init__.py": "from . import ops\n",
    "core/__init__.py": "from .dtypes import *  # noqa: F403\nfrom .regutil import *  # noqa: "
                        "F403\n" + IMPORTS,
    "core/dtypes.py": "from phi.common import DataType\n\nREAL = (DataType.FLOAT32, "
                      "DataType.FLOAT64)\n",
    "core/regutil.py": dedent('''
        from legacy_fluid.framework.op_kernel import register_op_kernel


        def register_many(op, kernel, dtypes, devices=("CPU",)):
            for dev in devices:
                for t in dtypes:
                    register_op_kernel(op, dev, kernel, t)
    '''),
    # the same names, other things
    "core/other.py": dedent('''
        from legacy_fluid.framework.op_kernel import register_op_kernel
        from phi.common import DataType

        REAL = (DataType.FLOAT32,)


        def register_many(op, kernel, dtypes):
            for t in dtypes:
                register_op_kernel(op, "CPU", kernel, t)
    '''),
    "ops/shared.py": IMPORTS + SAME_OP,
}

#: every binding leads to one origin
PKG_SAME = {
    **CORE,
    "ops/__init__.py": "from . import inplace, helped\n",
    "ops/inplace.py": "from ..core import *  # noqa: F403\nfrom ..core import REAL\n"
                      "from .shared import SameOp, XMaker\n"
                      + NEG.format(cls="ReluInplaceKernel", op="sr_relu_")
                      + "for _t in REAL:\n"
                        "    register_op_kernel(\"sr_relu_\", \"CPU\", ReluInplaceKernel, _t)\n",
    "ops/helped.py": "from ..core import *  # noqa: F403\nfrom ..core.dtypes import REAL\n"
                     "from ..core.regutil import register_many\n"
                     "from .shared import SameOp, XMaker\n"
                     + NEG.format(cls="HelpedKernel", op="sr_helped")
                     + "register_many(\"sr_helped\", HelpedKernel, REAL)\n",
}

#: different origins: the explicit import last (clear), the star import last, a
#: conditional binding of the registration helper
PKG_DIFFERENT = {
    **CORE,
    "ops/__init__.py": "from . import clear, clash, cond\n",
    "ops/clear.py": "from ..core import *  # noqa: F403\nfrom ..core.other import REAL\n"
                    "from .shared import SameOp, XMaker\n"
                    + NEG.format(cls="ClearKernel", op="sr_clear")
                    + "for _t in REAL:\n"
                      "    register_op_kernel(\"sr_clear\", \"CPU\", ClearKernel, _t)\n",
    "ops/clash.py": "from ..core.other import REAL\nfrom ..core import *  # noqa: F403\n"
                    "from .shared import SameOp, XMaker\n"
                    + NEG.format(cls="ClashKernel", op="sr_clash")
                    + "for _t in REAL:\n"
                      "    register_op_kernel(\"sr_clash\", \"CPU\", ClashKernel, _t)\n",
    "ops/cond.py": "from ..core import *  # noqa: F403\nfrom .shared import SameOp, XMaker\n\n"
                   "try:\n    from ..core.other import register_many\nexcept ImportError:\n"
                   "    pass\n"
                   + NEG.format(cls="CondKernel", op="sr_cond")
                   + "register_many(\"sr_cond\", CondKernel, REAL)\n",
}


def _write(root: Path, name: str, files: dict[str, str]) -> Path:
    for sub in ("core", "ops"):
        (root / name / sub).mkdir(parents=True)
    pkg = root / name
    for rel, text in files.items():
        (pkg / rel).write_text(text)
    return pkg


def test_a_name_bound_both_ways_to_one_origin_is_read(tmp_path: Path) -> None:
    pkg = _write(tmp_path, "pkg_same", PKG_SAME)
    ops = ["sr_relu_", "sr_helped"]
    before = run_ops(tmp_path, pkg.name, ops)
    assert all(path == "legacy" for _, path in before.values()), before
    code, rows = migrate_rows(pkg, write=True)
    assert rows == {"ReluInplaceKernel": ("migrated", ""), "HelpedKernel": ("migrated", "")}, rows
    assert code == 0
    for mod in ("inplace", "helped"):
        text = (pkg / "ops" / f"{mod}.py").read_text()
        assert "DataType.FLOAT32, DataType.FLOAT64" in text and "OpKernel)" not in text, text
        assert "from ..core import *" in text, text
    after = run_ops(tmp_path, pkg.name, ops)
    assert {op: v[0] for op, v in after.items()} == {op: v[0] for op, v in before.items()}
    assert all(path == "phi" for _, path in after.values()), after


def test_different_origins_take_the_last_binding_only_when_the_order_is_clear(
        tmp_path: Path) -> None:
    pkg = _write(tmp_path, "pkg_diff", PKG_DIFFERENT)
    before = run_ops(tmp_path, pkg.name, ["sr_clear", "sr_clash", "sr_cond"])
    code, rows = migrate_rows(pkg, write=True)
    assert code == 0
    assert rows["ClearKernel"] == ("migrated", ""), rows
    clear = (pkg / "ops" / "clear.py").read_text()
    # `from ..core.other import REAL` is the last binding: float32 only, as Python reads it
    assert "DataType.FLOAT32" in clear and "FLOAT64" not in clear, clear
    # its dtypes name a REAL bound in an order the codemod cannot read (without verify:
    # refused, naming both bindings, `test_different_origins_are_named_without_verify`);
    # importing the tree shows what the call registers, and the kernel migrates beside it
    status, why = rows["ClashKernel"]
    assert (status, why) == ("migrated", "migrated; legacy registration kept: registered by "
                             "`for _t in REAL:`, which the codemod cannot read; keys from "
                             "importing the tree"), why
    # `register_many` is bound in an order the codemod cannot read: importing the tree (verify
    # being on) shows what the call registers, and the kernel migrates beside it
    assert rows["CondKernel"] == ("migrated", "migrated; legacy registration kept: registered "
                                  "by `register_many(\"sr_cond\", CondKernel, REAL)`, which "
                                  "the codemod cannot read; keys from importing the tree"), rows
    # each row names its op, read or not
    doc = json.loads((pkg.parent / "summary.json").read_text())
    assert {k["kernel"]: k["op"] for k in doc["kernels"]} == {
        "ClearKernel": "sr_clear", "ClashKernel": "sr_clash", "CondKernel": "sr_cond"}
    after = run_ops(tmp_path, pkg.name, ["sr_clear", "sr_clash", "sr_cond"])
    assert {op: v[0] for op, v in after.items()} == {op: v[0] for op, v in before.items()}
    assert {op: v[1] for op, v in after.items()} == {
        "sr_clear": "phi", "sr_clash": "phi", "sr_cond": "phi"}, after


def test_different_origins_are_named_without_verify(tmp_path: Path) -> None:
    pkg = _write(tmp_path, "pkg_diff", PKG_DIFFERENT)
    code, rows = migrate_rows(pkg, write=True, verify=False)
    assert code == 0
    status, why = rows["ClashKernel"]
    assert status == "skipped"
    assert ("name 'REAL' is bound both here and by `from ... import *`, to different things "
            "(`from ..core.other import REAL` binds pkg_diff.core.other.REAL; `from ..core "
            "import *` binds pkg_diff.core.dtypes.REAL), the last is the star import") in why
    status, why = rows["CondKernel"]
    assert status == "skipped" and "registered elsewhere" not in why, why
    assert why.startswith("registration not statically readable: `register_many(\"sr_cond\", "
                          "CondKernel, REAL)` names it, but the codemod cannot read that call "
                          "(`register_many`: name 'register_many' is bound both"), why
