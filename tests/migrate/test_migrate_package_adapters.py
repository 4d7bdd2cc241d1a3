"""The codemod on adapter kernels registered from a table the static reader cannot read
(tests/migrate/corpus/pkg_adapters, issue 23, cm51): `acts.py`'s `SoftplusKernel(
UnaryAdapter)` binds `impl = staticmethod(fns.softplus)` and `reads = ("beta",)` in its
class body; `adapters.py`'s `UnaryAdapter.compute` calls `self.impl(ctx.xp, x.data,
**kwargs)`. Importing the tree (verify on) shows each class registered by `install([...])`
and its `impl` to be what its class body bound (compared with the body's namespace, not
only its `def`s), so the kernels migrate with their legacy registration kept. Negative
twins: `TracedSoftsignKernel`, whose `impl` the table's helper wraps as it registers it,
and (in a tree of its own) kernels whose `impl` the base's `__init_subclass__` replaces:
refused, naming the method.

After `--write` (verify on) every module still imports and every op computes what it
computed before.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    CORPUS,
    assert_module_rows,
    assert_ops_as_before,
    console,
    copy_package,
    run_package_ops,
    write_copy,
)

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_adapters"
_FLOATS = {"CPU": ["FLOAT32", "FLOAT64"]}
KEPT = ("migrated; legacy registration kept: registered by `install([`, which the codemod "
        "cannot read; keys from importing the tree")
REPLACED = ("importing the tree shows its method `impl` is not what its class statement's "
            "body binds (replaced after the body ran: by what registers it, a decorator, "
            "`__init_subclass__` or a metaclass)")
EXPECTED = {
    "acts.py": {
        "SoftplusKernel": ("migrated", "ad_softplus", KEPT, _FLOATS),
        "SoftsignKernel": ("migrated", "ad_softsign", KEPT, _FLOATS),
        "LeakyKernel": ("migrated", "ad_leaky", KEPT, _FLOATS),
        "CubeKernel": ("migrated", "ad_cube", KEPT, _FLOATS),
        "TracedSoftsignKernel": ("skipped", "ad_traced_softsign",
                                 "registration not statically readable", {}),
    },
}
LEGACY = frozenset({"ad_traced_softsign"})
CASES = {"ad_softplus": [{}, {"beta": 2.5}], "ad_softsign": [{}], "ad_leaky": [{}, {"alpha": 0.5}],
         "ad_cube": [{}], "ad_traced_softsign": [{}]}


def _run(root: Path, mode: str) -> Any:
    return run_package_ops(root, [f"{PACKAGE}.acts"], CASES, mode, LEGACY)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("adapters"), PACKAGE, _run)


def test_every_kernel_has_its_row_and_the_migrated_ones_verify_identical(
        written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)
    traced = next(r for r in written["doc"]["kernels"] if r["kernel"] == "TracedSoftsignKernel")
    assert REPLACED in traced["reason"], traced["reason"]


def test_the_adapter_calls_the_function_its_class_body_bound(written: dict[str, Any]) -> None:
    acts = (written["pkg"] / "acts.py").read_text()
    assert "    kwargs = {\"beta\": beta}\n    out = dev_ctx.alloc(out, x.dtype)\n" \
        "    out[...] = fns.softplus(dev_ctx.xp, x.data, **kwargs)\n" in acts
    assert "    out[...] = fns.leaky(dev_ctx.xp, x.data, **kwargs)\n" in acts
    # each class and the table registering it stay as written (legacy registration kept)
    assert "class SoftplusKernel(UnaryAdapter):\n    impl = staticmethod(fns.softplus)\n" in acts
    assert "install([\n    Entry(\"ad_softplus\", SoftplusKernel),\n" in acts
    assert "def ad_traced_softsign_kernel" not in acts
    for name in ("adapters.py", "fns.py"):
        assert (written["pkg"] / name).read_text() == (CORPUS / PACKAGE / name).read_text()


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before = assert_ops_as_before(written)
    assert before["ad_softplus {}"] != before["ad_softplus {'beta': 2.5}"]
    assert before["ad_leaky {}"] != before["ad_leaky {'alpha': 0.5}"]
    assert before["ad_softsign {}"] == before["ad_traced_softsign {}"]


_REPLACING = '''
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "impl" in vars(cls) and cls.__name__.startswith("Soft"):
            cls.impl = staticmethod(_traced(cls.impl))
'''
_PLAIN = '''
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
'''


@pytest.mark.parametrize(("hook", "refused"), [
    (_REPLACING, {"SoftplusKernel", "SoftsignKernel", "TracedSoftsignKernel"}),
    (_PLAIN, {"TracedSoftsignKernel"}),
])
def test_only_an_impl_replaced_after_the_class_body_is_refused(
        tmp_path: Path, hook: str, refused: set[str]) -> None:
    pkg = copy_package(tmp_path, PACKAGE)
    adapters = pkg / "adapters.py"
    adapters.write_text(adapters.read_text().replace("    reads = ()\n",
                                                     "    reads = ()\n" + hook))
    out = tmp_path / "summary.json"
    assert run_migrate([pkg], verify=True, json_path=out, console=console()) == 0
    rows = {r["kernel"]: r for r in json.loads(out.read_text())["kernels"]}
    assert {k for k, r in rows.items() if r["status"] != "migrated"} == refused
    for kernel in refused:
        assert REPLACED in rows[kernel]["reason"], rows[kernel]
    for kernel in set(rows) - refused:
        assert rows[kernel]["reason"] == KEPT and rows[kernel]["verify"], rows[kernel]
