"""The codemod on team T2's package (tests/migrate/corpus/pkg_tables2, issue 23, cm55):
`dist.py`'s `DistKernel` picks its distance from a class-level table mixing `def`s of its
module, `functools.partial`s of them with literal arguments (spelled `functools.partial`
and `partial`) and a numpy function, through a local (`fn = self.MODES[ctx.attr("mode")]`);
`BlendKernel` calls class attributes bound to partials (`partial(_lincomb)` with no bound
argument, `partial(_lincomb, beta=0.5)`, one wrapped in `staticmethod(...)`). Both read
their tables from module-level names.
`memos.py`'s `WindowKernel` caches `_window(n, kind)` in a class-level dict keyed `(n,
kind)` and `PolyKernel` fills `self._coeffs` (None in `__init__`) with a constant array
on its first run: both read as the computation itself. `labels.py`'s softmax
cross-entropy (`X` [N, C], `Label` one id per row) and its grad op
raise on every derived case (each input of X's shape): verify's `label_inputs` fallbacks
give `Label` X's leading dims with ids in [0, C), and both migrate verified. Negative
twins: a table a function extends (`plugins.py`), a partial whose keywords a function
changes (`retune.py`), a partial bound with an argument computed by a call
(`computed.py`), and caches that are state in effect (`memo_twins.py`: one a module
function reads, one written into, one keyed by fewer names than its computation reads,
one filled by a function appending to a module list): refused, named. After `--write`
every module still imports and every op computes what it computed before; a label op
rejecting every input stays failed, not written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    CORPUS,
    assert_module_rows,
    assert_nothing_broken,
    console,
    copy_package,
    function_source,
    migrate,
    run_package_ops,
    run_script,
    unary,
    write_copy,
)

from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from migrate.cli_entry import run_migrate
from migrate.verify_cases import cases_for, label_inputs

PACKAGE = "pkg_tables2"
_F32 = {"CPU": ["FLOAT32"]}
_FLOATS = {"CPU": ["FLOAT32", "FLOAT64"]}
_TABLE = "reads self.MODES, a class-level table of functions "
_MEMO = "migrated; reads the memo cache `self._"
EXPECTED = {
    "dist.py": {"DistKernel": ("migrated", "t2_dist", "", _FLOATS),
                "BlendKernel": ("migrated", "t2_blend", "", _F32)},
    "labels.py": {"SoftmaxXentKernel": ("migrated", "t2_softmax_xent", "", _FLOATS),
                  "SoftmaxXentGradKernel": ("migrated", "t2_softmax_xent_grad", "", _FLOATS)},
    "memos.py": {"WindowKernel": ("migrated", "t2_window", _MEMO, _FLOATS),
                 "PolyKernel": ("migrated", "t2_poly", _MEMO, _F32)},
    "memo_twins.py": {
        "PeekedWindowKernel": (
            "skipped", "t2_peeked_window", "keeps a class-level dict cache self._windows, which "
            "pkg_tables2/memo_twins.py reads `._windows` (`PeekedWindowKernel._windows`)", {}),
        "DampedWindowKernel": (
            "skipped", "t2_damped_window", "keeps a class-level dict cache self._damped, and "
            "compute() augments it in place (`w *= 0.5`): the cached value would change", {}),
        "LooseKeyWindowKernel": (
            "skipped", "t2_loose_window", "keeps a class-level dict cache self._loose "
            "(`self._loose[n] = _window(n, kind)`) whose key does not cover every input of "
            "the computation ('kind')", {}),
        "LoggedWindowKernel": (
            "skipped", "t2_logged_window", "keeps a class-level dict cache self._logged "
            "(`self._logged[key] = _logged_window(n, kind)`) whose computation is not pure: "
            "function '_logged_window': `_BUILT.append((n, kind))` changes the object it is "
            "called on", {})},
    "plugins.py": {"PluggedDistKernel": (
        "skipped", "t2_plugged_dist",
        _TABLE + "that is changed in place (`PluggedDistKernel.MODES[name] = fn`)", {})},
    "retune.py": {"RetunedDistKernel": (
        "skipped", "t2_retuned_dist",
        "reads self._smooth, a class-level functools.partial whose module reaches a "
        "partial's state (`RetunedDistKernel._smooth.keywords`)", {})},
    "computed.py": {"ComputedDistKernel": (
        "skipped", "t2_computed_dist",
        _TABLE + "holding `functools.partial(_huber, scale=_default_scale())`, whose "
        "argument `_default_scale()` is no literal constant", {})},
}
MIGRATED = ("t2_dist", "t2_blend", "t2_softmax_xent", "t2_softmax_xent_grad", "t2_window",
            "t2_poly")
WINDOW_OPS = ("t2_window", "t2_poly", "t2_peeked_window", "t2_damped_window",
              "t2_loose_window", "t2_logged_window")
PAIR_OPS = ("t2_dist", "t2_blend", "t2_plugged_dist", "t2_retuned_dist", "t2_computed_dist")
MODES = ("l1", "l2", "smooth", "wide", "max", "half", "quarter", "cosine")

#: argv: root, modules (JSON), mode, legacy ops (JSON): each pair op per `mode` attribute
#: on float32 X and Y, and the cross-entropy (Label as [N] and [N, 1]) and its grad; the
#: outputs, or the error's message
_RUN = '''
import importlib, json, sys
import numpy as np
from compat.single_op import run_single_op
root, modules, mode, legacy, pair_ops, modes = sys.argv[1], json.loads(sys.argv[2]), \\
    sys.argv[3], json.loads(sys.argv[4]), json.loads(sys.argv[5]), json.loads(sys.argv[6])
sys.path.insert(0, root)
for name in modules:
    importlib.import_module(name)
x = np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4)
y = np.cos(x).astype(np.float32)
label = np.array([3, 0, 2], dtype=np.int64)
def run(op, feed, attrs, outputs):
    try:
        got = run_single_op(op, feed, attrs, {o: 1 for o in outputs},
                            mode="legacy" if op in legacy else mode)[0]
        return {o: got[o][0].tolist() for o in outputs}
    except Exception as exc:
        while exc.__cause__ is not None:
            exc = exc.__cause__
        return f"{type(exc).__name__}: {exc}"
out = {}
for op in pair_ops:
    for m in modes:
        out[f"{op} {m}"] = run(op, {"X": x, "Y": y}, {"mode": m}, ["Out"])
for shape in ((3,), (3, 1)):
    ids = label.reshape(shape)
    out[f"xent {shape}"] = run("t2_softmax_xent", {"X": x, "Label": ids}, {},
                               ["Softmax", "Loss"])
    soft = np.exp(x) / np.exp(x).sum(axis=-1, keepdims=True)
    feed = {"Softmax": soft, "Loss@GRAD": np.ones((3, 1), np.float32), "Label": ids}
    out[f"xent_grad {shape}"] = run("t2_softmax_xent_grad", feed, {}, ["X@GRAD"])
print(json.dumps(out))
'''
LEGACY = ("t2_plugged_dist", "t2_retuned_dist", "t2_computed_dist", "t2_peeked_window",
          "t2_damped_window", "t2_loose_window", "t2_logged_window")
MODULES = [f"{PACKAGE}.{m}" for m in ("dist", "labels", "plugins", "retune", "computed",
                                      "memos", "memo_twins")]
#: each window op twice per kind: a cache filled by the first run serves the second
WINDOW_CASES = {op: [{"kind": k} for k in ("hann", "hamming", "flat", "hann")]
                for op in WINDOW_OPS}


def _run(root: Path, mode: str) -> Any:
    pairs = run_script(_RUN, str(root), json.dumps(MODULES), mode,
                       json.dumps(LEGACY if mode == "phi" else []), json.dumps(PAIR_OPS),
                       json.dumps(MODES))
    return {"pairs": pairs, "windows": run_package_ops(
        root, MODULES, WINDOW_CASES, mode, frozenset(LEGACY) if mode == "phi" else frozenset())}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("tables2"), PACKAGE, _run)


def test_every_kernel_has_its_row_and_the_migrated_ones_verify_identical(
        written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    assert_nothing_broken(written, MIGRATED)
    before = written["before_ops"]["pairs"]
    # the table's entries differ, the partials' bound arguments count, a missing mode fails
    dist = {m: before[f"t2_dist {m}"] for m in ("l1", "l2", "smooth", "wide", "max")}
    assert len({json.dumps(v) for v in dist.values()}) == 5
    assert before["t2_dist cosine"] == "KeyError: 'cosine'"
    assert before["t2_blend half"] != before["t2_blend l1"]
    assert before["t2_blend l1"] == before["t2_blend cosine"]
    assert before["xent (3,)"] == before["xent (3, 1)"]
    assert isinstance(before["xent_grad (3,)"], dict)
    windows = written["before_ops"]["windows"]
    assert windows["t2_window {'kind': 'hann'}"] != windows["t2_window {'kind': 'flat'}"]
    assert windows["t2_poly {'kind': 'hann'}"] != windows["t2_window {'kind': 'hann'}"]
    # the loose key's cache answers `flat` with the window its first run filled (`hann`):
    # state in effect, which the refusal keeps
    assert windows["t2_loose_window {'kind': 'flat'}"] == \
        windows["t2_loose_window {'kind': 'hann'}"] != windows["t2_window {'kind': 'flat'}"]


def test_the_caches_become_their_computations(written: dict[str, Any]) -> None:
    text = (written["pkg"] / "memos.py").read_text()
    assert "    w = _window(n, kind)\n" in text
    assert "    coeffs = np.array(COEFFS, dtype=np.float64)\n" in text
    assert "np.polyval(coeffs, x.data)" in text
    assert "_cache" not in text and "self." not in text


def test_the_kernels_read_their_tables_from_module_level_names(written: dict[str, Any]
                                                               ) -> None:
    text = (written["pkg"] / "dist.py").read_text()
    assert ('_MODES = {"l1": _l1, "l2": _l2, "smooth": functools.partial(_huber, scale=1.0), '
            '"wide": partial(_huber, scale=3.0), "max": np.maximum}') in " ".join(text.split())
    assert "_impl = functools.partial(_lincomb)\n" in text
    assert "_half = partial(_lincomb, beta=0.5)\n" in text
    assert "fn = _MODES[mode]" in text
    assert "out[...] = _half(x.data, y.data)" in text and "self." not in text
    # a staticmethod wrapping a partial: the partial, read the same
    assert "_quarter = partial(_lincomb, beta=0.25)\n" in text
    assert "out[...] = _quarter(x.data, y.data)" in text
    for name in ("plugins.py", "retune.py", "computed.py", "memo_twins.py"):
        assert (written["pkg"] / name).read_text() == (CORPUS / PACKAGE / name).read_text()


class _Maker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "data")
        self.add_input("Target", "one class per row, a name no rule knows")
        self.add_input("Weight", "optional", dispensable=True)
        self.add_output("Out", "out")


def test_the_label_fallbacks_give_the_other_inputs_the_leading_dims_of_the_first() -> None:
    proto = _Maker("t").build()
    cases, _ = cases_for("t", proto, None)
    got = label_inputs(proto, cases)
    plain = [c for c in cases if c.derived and not c.lod and len(c.default_shape) > 1]
    assert len(got) == 2 * len(plain) and all(c.fallback for c in got)
    for case in got:
        shape = case.default_shape
        spec = case.inputs["Target"]
        assert spec["shape"] in (shape[:-1], (*shape[:-1], 1)), case
        assert (spec["dtype"], spec["low"], spec["high"]) == ("int64", 0, shape[-1])
        assert "X" not in case.inputs and "Weight" not in case.inputs
    assert label_inputs(proto, got) == []  # fallbacks are not themselves varied


def test_a_label_op_rejecting_every_input_stays_failed_and_unwritten(tmp_path: Path) -> None:
    pkg = copy_package(tmp_path, PACKAGE)
    for name in ("dist.py", "plugins.py", "retune.py", "computed.py", "memos.py",
                 "memo_twins.py"):
        (pkg / name).unlink()
    labels = pkg / "labels.py"
    text = labels.read_text().replace(
        "    ids = label.reshape(-1)\n",
        "    ids = label.reshape(-1)\n    if ids.size:\n"
        "        raise IndexError(f\"no class id is valid here, got {ids.size}\")\n")
    labels.write_text(text)
    out = tmp_path / "summary.json"
    assert run_migrate([pkg], write=True, verify=True, json_path=out, console=console()) == 1
    rows = {r["kernel"]: r for r in json.loads(out.read_text())["kernels"]}
    for kernel in ("SoftmaxXentKernel", "SoftmaxXentGradKernel"):
        assert rows[kernel]["status"] == "failed", rows[kernel]
        assert rows[kernel]["reason"].startswith(
            "not written: verify found it unable to run it (CPU FLOAT32: no valid inputs ("
        ), rows[kernel]
        assert "no class id is valid here" in rows[kernel]["reason"]
    assert labels.read_text() == text


_LAZY = '''
import numpy as np
COEFFS = (1.0, 2.0, 3.0, 4.0)


class UnaryKernel(OpKernel):
    def __init__(self):
        super().__init__()
        self._coeffs = None

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place)
        BEFORE
        if self._coeffs is None:
            self._coeffs = EXPR
        out[...] = x.data * self._coeffs
        AFTER
'''
_SAID = ("keeps a lazily filled instance value self._coeffs (`self._coeffs = {expr}`)")


@pytest.mark.parametrize(("subs", "reason"), [
    ({}, None),
    ({"AFTER": "self._coeffs = None"},
     _SAID + ": compute() sets self._coeffs again"),
    ({"BEFORE": "print(self._coeffs)"},
     _SAID + ": compute() reads self._coeffs before it is filled"),
    ({"AFTER": "c = self._coeffs\n        c[0] = 5"},
     "keeps a lazily filled instance value self._coeffs, and compute() writes into it "
     "(`c[0]`): the cached value would change"),
    ({"AFTER": "np.copyto(self._coeffs, x.data[0])"},
     "keeps a lazily filled instance value self._coeffs, and compute() hands it to "
     "`np.copyto`, which may change it"),
    ({"EXPR": "np.random.rand(4)"},
     _SAID + " whose computation is not pure: it calls `np.random.rand` (numpy.random.rand), "
     "which has effects"),
    ({"EXPR": "np.array(x.data)"},
     _SAID + " whose computation reads the local 'x' (a lazy value computes a constant)"),
])
def test_a_lazy_value_is_read_as_its_constant_unless_it_is_state(
        subs: dict[str, str], reason: str | None) -> None:
    text = _LAZY
    for key, value in {"BEFORE": "", "AFTER": "", "EXPR": "np.array(COEFFS)", **subs}.items():
        text = text.replace(key, value)
    result = migrate(unary(text))
    record = next(r for r in result.records if r.kernel == "UnaryKernel")
    if reason is None:
        assert record.status == "migrated", record.reason
        assert "    coeffs = np.array(COEFFS)\n    out[...] = x.data * coeffs\n" in \
            function_source(result, "unary_kernel")
        return
    assert record.status == "skipped"
    said = reason.format(expr=subs.get("EXPR", "np.array(COEFFS)"))
    assert record.reason.startswith(said), record.reason
