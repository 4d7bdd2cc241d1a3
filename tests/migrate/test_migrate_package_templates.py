"""The codemod on team T's package (tests/migrate/corpus/pkg_templates, issue 23): template
bases as a team writes them, every kernel migrated and verified, the team's check printing
the same bytes after `--write`:

- an optimizer template gathering the states its subclass declares (`{slot: in_data(ctx,
  slot) for slot in self.STATES.values()}`) and writing back every array its `update()`
  hook returns (`for slot, value in results.items(): if value is None or not
  ctx.has_output(slot): continue`): both loops unrolled per literal slot;
- a point template calling `self.run(ctx, xp, points)`, whose parameter `points` is also
  the kernel parameter of slot Points: renamed in the lifted helper;
- an attribute view whose `__getattr__` reads `self._defaults.get(name, _MISSING)` and
  tests the sentinel before returning it;
- a Weight tensor broadcast where attribute `weight` would be: an optional input beside
  the attribute, not a Scalar override;
- a float and an int kernel of one op reading different attributes: both take all;
- `self.floor = 1e-10` kept on the instance while another module's maker describes an
  attribute as "floor" (a description names no attribute of an object);
- a LoD op whose second input holds three fields per image (verify's per-sequence cases);
- kernels keeping another kernel (`self._momentum = MomentumKernel()` in `__init__`, of
  the same module or another) to call its staticmethod (`self._momentum.step(...)`): the
  call through the class, the other class kept where another module still names it;
- an array template handing its gathered inputs to a hook spread with `*`
  (`self.apply(ctx, ctx.xp, *arrays)`: the lifted hook keeps the spread) and writing what
  it returns by `for slot, value in zip(self.OUT_SLOTS, results)`: unrolled per output slot,
  each copy run where `results` reaches it, an output left out skipped.

Each reading has a refused twin (a dry run on an edited copy), the row naming why."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    CORPUS,
    assert_module_rows,
    check_script_output,
    edited_dry_run,
    function_source,
    migrate,
    unary,
    write_copy,
)

PACKAGE = "pkg_templates"
REAL = {"CPU": ["FLOAT32", "FLOAT64"]}
INTS = {"CPU": ["INT32", "INT64"]}
FLOOR = "migrated; reads `self.floor = 1e-10` as the constant it is"
EXPECTED: dict[str, dict[str, tuple[str, str, str, Any]]] = {
    "optim.py": {"MomentumKernel": ("migrated", "tp_momentum", "", REAL),
                 "ClippedMomentumKernel": ("migrated", "tp_clipped_momentum", "", REAL),
                 "AdagradKernel": ("migrated", "tp_adagrad", "", REAL)},
    "points.py": {"CenterPointsKernel": ("migrated", "tp_center_points",
                                         "migrated; class kept for pkg_templates/spread.py",
                                         REAL),
                  "ScalePointsKernel": ("migrated", "tp_scale_points", "", REAL)},
    "spread.py": {"SpreadKernel": ("migrated", "tp_spread", "", REAL)},
    "lerp.py": {"LerpKernel": ("migrated", "tp_lerp", "", REAL)},
    "quant.py": {"SaturateFloatKernel": ("migrated", "tp_saturate", "", REAL),
                 "SaturateIntKernel": ("migrated", "tp_saturate", "", INTS)},
    "spectral.py": {"RmsKernel": ("migrated", "tp_rms", FLOOR, REAL),
                    "LogPowerKernel": ("migrated", "tp_log_power", "", REAL)},
    "boxes.py": {"BoxClipKernel": ("migrated", "tp_box_clip", "", REAL)},
    "columns.py": {"SoftClipKernel": ("migrated", "tp_soft_clip", "", REAL),
                   "SpreadStatsKernel": ("migrated", "tp_spread_stats", "", REAL),
                   "BlendKernel": ("migrated", "tp_blend", "", REAL)},
}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE)


def test_every_kernel_migrates_verified(written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)


def test_the_written_package_checks_as_before(written: dict[str, Any]) -> None:
    pkg: Path = written["pkg"]
    assert check_script_output(pkg.parent, PACKAGE) == check_script_output(CORPUS, PACKAGE)
    optim = (pkg / "optim.py").read_text()
    assert "class MomentumKernel" not in optim and "class AdagradKernel" not in optim
    # the template's loops, unrolled per slot of each kernel
    assert 'results["VelocityOut"]' in optim and 'results["MomentOut"]' in optim
    points = (pkg / "points.py").read_text()
    assert "points_" in points and "class ScalePointsKernel" not in points
    quant = (pkg / "quant.py").read_text()
    assert quant.count("bits: int, symmetric: bool") == 2  # one signature, both kernels
    assert "CenterPointsKernel.centered(xp, points_)" in (pkg / "spread.py").read_text()
    assert "class ClippedMomentumKernel" not in optim and "self._momentum" not in optim
    lerp = (pkg / "lerp.py").read_text()
    assert "weight_tensor: DenseTensor | None, weight: float" in lerp
    columns = (pkg / "columns.py").read_text()
    assert "class ArrayKernel" in columns and "class BlendKernel" not in columns
    assert "_pairs = list(zip((\"Mean\", \"Spread\"), results))" in columns
    assert "spread: OptionalOutTensor" in columns


def _dry_run(root: Path, *edits: tuple[str, str, str]) -> dict[str, str]:
    """`edited_dry_run` without verify: kernel -> its row's reason ("" when migrated)."""
    return {k: "" if r["status"] == "migrated" else r["reason"]
            for k, r in edited_dry_run(root, PACKAGE, edits, False).items()}


RETURN = '        return {"ParamOut": param - step, "MomentOut": moment}\n'
SENTINEL = "        if value is _MISSING:\n"


#: (edits, kernels, the start of their reason): each reading's refused twin, on kernels of
#: their own, so that one dry run refuses them all
TWINS: list[tuple[list[tuple[str, str, str]], list[str], str]] = [
    # a hook whose returns differ in their keys: the results' slots are not one literal set
    ([("optim.py", RETURN, '        if ctx.attr("epsilon") < 0:\n            return {"ParamOut": '
       'param}\n' + RETURN)], ["AdagradKernel"],
     "reads output by a computed name (ctx.has_output(slot))"),
    # the sentinel returned untested: the view hands out `_MISSING` for a name it lacks
    ([("common.py", SENTINEL + '            raise AttributeError("op \'%s\' has no attribute '
       '\'%s\'" % (ctx.op_type, name))  # noqa: UP031\n', "")], ["ScalePointsKernel"],
     "passes ctx to run(): hands ctx to AttrView (AttrView(ctx)), an attribute view whose "
     "__getattr__ does more than return `self._ctx.attr(name)` or a default: for 'scale' it "
     "runs `value` (only tests"),
    # the float kernel also writes an output the int one does not: no one signature
    ([("quant.py", '        self.add_output("Out", "X saturated")\n',
       '        self.add_output("Out", "X saturated")\n        self.add_output("Codes", '
       '"the codes", dispensable=True)\n'),
      ("quant.py", "        codes = ctx.xp.clip(ctx.xp.round(x.data * levels), lo, levels)\n",
       "        codes = ctx.xp.clip(ctx.xp.round(x.data * levels), lo, levels)\n"
       "        if ctx.has_output(\"Codes\"):\n            ctx.output(\"Codes\").mutable_data("
       "ctx.place, x.dtype)[...] = codes\n")],
     ["SaturateFloatKernel", "SaturateIntKernel"],
     "kernels of op 'tp_saturate' (SaturateFloatKernel, SaturateIntKernel) take different "
     "arguments"),
    # a reflective read of the name, not a description: the constant is not proven
    ([("spectral.py", '\n\nregister_operator("tp_rms"',
       '\n\ndef floor_of(kernel):\n    return getattr(kernel, "floor", None)\n'
       '\n\nregister_operator("tp_rms"')],
     ["RmsKernel"], "RmsKernel keeps instance state: its __init__ sets `self.floor = 1e-10`"),
    # the spread may fill a parameter naming what the hook reads: no literal to read
    ([("columns.py", '''    def apply(self, ctx, xp, x):
        limit = ctx.attr("limit")''', '''    def apply(self, ctx, xp, x, name="limit"):
        limit = ctx.attr(name)''')], ["SoftClipKernel"],
     "passes ctx to apply() with `*arrays` filling 'name', which names what it reads of ctx"),
    # the loop's body mentions the zipped sequence: its pairs are not taken first
    ([("columns.py", "            target.resize(value.shape)\n",
       "            target.resize(value.shape)\n            assert len(results) <= 2\n")],
     ["SpreadStatsKernel", "BlendKernel"],  # SoftClipKernel: the twin above first
     "passes ctx to scatter(): reads output by a computed name (ctx.output(slot))"),
    # the kept kernel's method is no staticmethod: the instance is used beyond composing
    ([("optim.py", "    @staticmethod\n    def step(param,", "    def step(self, param,")],
     ["ClippedMomentumKernel"], "ClippedMomentumKernel defines __init__ (instance state or "
     "behaviour beyond compute: self._momentum = MomentumKernel() is used beyond"),
]


def test_each_reading_has_a_refused_twin(tmp_path: Path) -> None:
    reasons = _dry_run(tmp_path, *(e for edits, _, _ in TWINS for e in edits))
    for _, kernels, reason in TWINS:
        for kernel in kernels:
            assert reasons[kernel].startswith(reason), (kernel, reasons[kernel])
    assert {k for k, why in reasons.items() if why} == {k for _, ks, _ in TWINS for k in ks}


#: a unary kernel writing what its hook returns, under a leading guard
HOOKED = """
class UnaryKernel(OpKernel):
    def compute(self, ctx):
        results = self.outputs(ctx.input("X").data, ctx.attr("alpha"))
        for slot, value in results.items():
            if value is None:
                continue
            ctx.output(slot).mutable_data(ctx.place)[...] = value

    def outputs(self, x, alpha):
        return {"Out": x * alpha}
"""


@pytest.mark.parametrize(("guard", "status"), [
    ("            if value is None:\n                continue\n", "migrated"),
    # a `continue` past the loop's first statements is no leading guard
    ("            if value is None:\n                pass\n            elif value is value:\n"
     "                continue\n", "skipped"),
    ("            if value is None:\n                continue\n                value = 1\n",
     "skipped"),
])
def test_only_a_leading_continue_is_read_as_a_guard(guard: str, status: str) -> None:
    source = HOOKED.replace("            if value is None:\n                continue\n", guard)
    record, = migrate(unary(source)).records
    assert record.status == status, record.reason
    if status == "skipped":
        assert record.reason == "reads output by a computed name (ctx.output(slot))"


def test_a_kept_kernels_staticmethod_in_compute_is_called_through_its_class() -> None:
    source = unary('''
class OtherKernel(OpKernel):
    @staticmethod
    def twice(v):
        return 2 * v

    def compute(self, ctx):
        ctx.output("Out").mutable_data(ctx.place)[...] = self.twice(ctx.input("X").data)


class UnaryKernel(OpKernel):
    def __init__(self):
        super().__init__()
        self._other = OtherKernel()

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place)[...] = self._other.twice(x.data) * ctx.attr(
            "alpha")
''')
    result = migrate(source)
    assert [(r.status, r.kernel) for r in result.records] == [
        ("skipped", "OtherKernel"), ("migrated", "UnaryKernel")]  # OtherKernel: registered nowhere
    function = result.new_text[result.new_text.index("def unary_kernel("):]
    assert "_twice(x.data) * alpha" in function
    assert "self._other" not in function and "OtherKernel()" not in function


#: a unary kernel reading `alpha` through a view that tests a sentinel default
VIEWED = '''
_MISSING = object()


class View:
    def __init__(self, ctx, **defaults):
        self._ctx = ctx
        self._defaults = defaults

    def __getattr__(self, name):
        if self._ctx.has_attr(name):
            return self._ctx.attr(name)
        value = self._defaults.get(name, _MISSING)
        if value is _MISSING:
            raise AttributeError(name)
        return value


class UnaryKernel(OpKernel):
    def compute(self, ctx):
        v = View(ctx, beta=0.25)
        ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * v.alpha + v.beta
'''


@pytest.mark.parametrize(("sentinel", "status"), [
    ("_MISSING = object()\n", "migrated"),
    # a sentinel a default may equal: `value is _MISSING` is not decided by the defaults
    ("_MISSING = None\n", "skipped"),
    ("_MISSING = object()\n_MISSING = object()\n", "skipped"),
])
def test_a_views_sentinel_is_a_fresh_object_bound_once(sentinel: str, status: str) -> None:
    record, = migrate(unary(VIEWED.replace("_MISSING = object()\n", sentinel))).records
    assert record.status == status, record.reason
    if status == "skipped":
        assert "runs `value is _MISSING`" in record.reason, record.reason


#: a kernel zipping its output slots with two sequences of its own
ZIPPED = """
class UnaryKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        results = (x.data * ctx.attr("alpha"),)
        dtypes = (x.dtype,)
        for slot, value, dtype in zip(("Out",), results, dtypes):
            ctx.output(slot).mutable_data(ctx.place, dtype)[...] = value
"""


@pytest.mark.parametrize(("body", "status"), [
    ("            ctx.output(slot).mutable_data(ctx.place, dtype)[...] = value\n", "migrated"),
    # the body mentions a zipped sequence: its pairs are not taken first
    ("            ctx.output(slot).mutable_data(ctx.place, dtypes[0])[...] = value\n",
     "skipped"),
])
def test_a_zip_of_slots_and_sequences_is_unrolled_per_slot(body: str, status: str) -> None:
    source = ZIPPED.replace(
        "            ctx.output(slot).mutable_data(ctx.place, dtype)[...] = value\n", body)
    result = migrate(unary(source))
    record, = result.records
    assert record.status == status, record.reason
    if status == "migrated":
        kernel = function_source(result, "unary_kernel")
        assert "_pairs = list(zip((\"Out\",), results, dtypes))" in kernel
        assert "value = _pairs[0][1]\n        dtype = _pairs[0][2]" in kernel, kernel
    else:
        assert record.reason == "reads output by a computed name (ctx.output(slot))"
