"""The codemod on kernels dispatching through a class-level table of the module's
functions (tests/migrate/corpus/pkg_fntables, issue 23, cm42): `MODES = {"relu": _relu,
"leaky_relu": _leaky_relu, "relu_v0": _relu}` read as `self.MODES.get(mode)`, `mode not in
self.MODES`, `self.MODES[mode](...)` and `sorted(self.MODES)` in an error message. Nothing
changes the table, so the generated kernel reads it from a module-level `_MODES` and every
mode computes (or fails) as before. Negative twin: a table a function of its module
extends at run time (`PluginActKernel.MODES[name] = fn`) stays legacy, named.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import migrate, run_package_ops, unary, verified_rows, write_copy

PACKAGE = "pkg_fntables"
_MODES = ("relu", "leaky_relu", "relu_v0", "gelu")
CASES = {op: [{"mode": m} for m in _MODES]
         for op in ("mt_mode_act", "mt_indexed_act", "mt_plugin_act")}


def _run(root: Path, mode: str) -> Any:
    return run_package_ops(root, [f"{PACKAGE}.ops.acts", f"{PACKAGE}.ops.plugins"], CASES,
                           mode, legacy=frozenset({"mt_plugin_act"}) if mode == "phi"
                           else frozenset())


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("fntables"), PACKAGE, _run)


def test_the_constant_tables_migrate_and_the_changed_one_stays(written: dict[str, Any]
                                                                ) -> None:
    got = verified_rows(written)
    assert {k: r["status"] for k, r in got.items()} == {
        "ModeActKernel": "migrated", "IndexedActKernel": "migrated",
        "PluginActKernel": "skipped"}
    assert got["PluginActKernel"]["reason"].startswith(
        "reads self.MODES, a class-level table of functions that is changed in place "
        "(`PluginActKernel.MODES[name] = fn`)"), got["PluginActKernel"]
    before = written["before_ops"]
    assert written["after_ops"] == before
    assert before["mt_mode_act {'mode': 'relu'}"] == before["mt_mode_act {'mode': 'relu_v0'}"]
    assert before["mt_mode_act {'mode': 'relu'}"] != before["mt_mode_act {'mode': 'leaky_relu'}"]
    assert before["mt_mode_act {'mode': 'gelu'}"] == (
        "mt_mode_act: unknown mode 'gelu', expected one of ['leaky_relu', 'relu', 'relu_v0']")


def test_the_kernel_reads_the_table_from_a_module_level_name(written: dict[str, Any]) -> None:
    text = (written["pkg"] / "ops" / "acts.py").read_text()
    assert '_MODES = {"relu": _relu, "leaky_relu": _leaky_relu, "relu_v0": _relu}' in text
    assert "fn = _MODES.get(mode)" in text and "sorted(_MODES)" in text
    assert "self.MODES" not in text


_KERNEL = '''
def _relu(xp, x):
    return xp.maximum(x, 0)


_MODES = ("taken",)


class UnaryKernel(OpKernel):
    MODES = {"relu": _relu}

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place)
        out[...] = self.MODES["relu"](ctx.xp, x.data) * len(sorted(self.MODES))
        USE
'''


@pytest.mark.parametrize(("use", "reason"), [
    ("", None),
    ("self.MODES.update({})", "that is changed or handed out through `.update`"),
    ("self.MODES.pop('relu')", "that is changed or handed out through `.pop`"),
    ("_audit(self.MODES)", "that is handed to a function, which may change it"),
    ("del self.MODES['relu']", "that is changed in place"),
])
def test_a_table_is_read_from_a_module_level_name_unless_changed(use: str,
                                                                  reason: str | None) -> None:
    source = unary(_KERNEL.replace("USE", use)) + "\n\ndef _audit(t):\n    return t\n"
    result = migrate(source)
    record = next(r for r in result.records if r.kernel == "UnaryKernel")
    if reason is None:  # `_MODES` is the module's own: the table takes a name of its own
        assert record.status == "migrated", record.reason
        assert '_unary_kernel_modes = {"relu": _relu}' in result.new_text
        assert "_unary_kernel_modes[\"relu\"](" in result.new_text
        return
    assert record.status == "skipped"
    said = f"reads self.MODES, a class-level table of functions {reason}"
    assert record.reason.startswith(said), record.reason


@pytest.mark.parametrize(("entry", "reason"), [
    ("lambda xp, x: xp.tanh(x)", None),
    ("lambda xp, x: _relu(xp, abs(x))", None),  # a def of the module, a builtin
    ("lambda xp, x, k=2.0: xp.tanh(x) * k", "a lambda with defaults or starred parameters"),
    ("lambda xp, x: xp.tanh(x) * SCALE", "a lambda reading `SCALE`, which is no name of its "
                                         "module bound once"),
    ("lambda xp, x: xp.tanh(x) * _MODES[0]", None),
])
def test_a_table_may_hold_lambdas_reading_only_fixed_names(entry: str, reason: str | None
                                                           ) -> None:
    """A lambda bound at module level computes what it did in the class body when it reads
    only its parameters, builtins and names its module binds once (`SCALE` is bound
    twice)."""
    source = unary(_KERNEL.replace("USE", "").replace(
        '{"relu": _relu}', '{"relu": ' + entry + "}")) + "\n\nSCALE = 1.0\nSCALE = 2.0\n"
    result = migrate(source)
    record = next(r for r in result.records if r.kernel == "UnaryKernel")
    if reason is None:
        assert record.status == "migrated", record.reason
        assert f'_unary_kernel_modes = {{"relu": {entry}}}' in result.new_text
        return
    assert record.status == "skipped" and reason in record.reason, record.reason
