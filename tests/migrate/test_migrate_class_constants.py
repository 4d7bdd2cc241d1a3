"""A class constant spelled through a module's attribute of the same name (`OUT = C.OUT`,
`C` the package's constants module) is read as that module constant, not as computed from
the class body's own `OUT`; one computed from another name its class body binds stays
refused."""

from __future__ import annotations

from pathlib import Path

from migrate_helpers import LONE_HEADER

from migrate.codemod import migrate_source

OPS = LONE_HEADER + '''
from . import consts as C


class K(OpKernel):
    {body}

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output(self.OUT).mutable_data(ctx.place, x.dtype)[...] = x.data * 2


register_operator("k", O, M)
register_op_kernel("k", "CPU", K, DataType.FLOAT32)
'''


def _row(tmp_path: Path, body: str) -> tuple[str, str]:
    pkg = tmp_path / "team"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "consts.py").write_text('OUT = "Out"\n')
    text = OPS.format(body=body)
    (pkg / "ops.py").write_text(text)
    rec = migrate_source(text, pkg / "ops.py", base_names={}).records[0]
    return rec.status, rec.reason


def test_a_module_attribute_named_like_the_constant_is_no_class_body_name(tmp_path: Path
                                                                         ) -> None:
    assert _row(tmp_path, "OUT = C.OUT")[0] == "migrated"


def test_a_constant_computed_from_its_class_body_stays_refused(tmp_path: Path) -> None:
    status, reason = _row(tmp_path, 'SLOT = "Out"\n    OUT = SLOT')
    assert status == "skipped" and "computed from other names of its class body" in reason
