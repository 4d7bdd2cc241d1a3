"""The codemod on team W's package (tests/migrate/corpus/pkg_produce, issue 23, cm50), whose
kernels write their outputs through `produce(ctx, slot, *, like=None, dtype=None,
keep_lod=False, lod=None)`, a `@contextlib.contextmanager` generator of the shared `kit.py`
imported relatively (by name in `unary.py`, as `kit.produce` in `binary.py`), alone, after
and before the plain `quiet_fp(ctx.xp)` in one `with`, nested in it, and in the compute()
of a template base of `kit.py` (its name read there). Each such `with` is
inlined before the kernel is read (`migrate/generator_managers.py`), so the kernels migrate:
LoD kept through `keep_lod`, set through `lod=`, a dtype override. The twins of
`twins.py` (helpers of `twinkit.py`) are refused naming why. After `--write` every module
imports, every op computes what it did and the team's check script (values, dtype and LoD
of every output) prints the same bytes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    CORPUS,
    HEADER,
    assert_module_rows,
    assert_nothing_broken,
    check_script_output,
    edited_dry_run,
    function_source,
    migrate,
    write_copy,
)

PACKAGE = "pkg_produce"
REAL = {"CPU": ["FLOAT32", "FLOAT64"]}
CM = "writes through the context manager "


def _refused(kernel: str, op: str, why: str) -> tuple[str, str, str, Any]:
    return ("skipped", op, why, None)


#: module -> kernel class -> (status, op, the reason's start, dtypes per backend)
EXPECTED: dict[str, dict[str, tuple[str, str, str, Any]]] = {
    "unary.py": {"NegKernel": ("migrated", "pw_neg", "", REAL),
                 "LogAbsKernel": ("migrated", "pw_log_abs", "", REAL),
                 "ScaleWideKernel": ("migrated", "pw_scale_wide", "", REAL),
                 "StampedKernel": ("migrated", "pw_stamped", "", REAL)},
    "binary.py": {"DivKernel": ("migrated", "pw_div", "", REAL),
                  "HypotKernel": ("migrated", "pw_hypot", "", REAL),
                  "SquareKernel": ("migrated", "pw_square", "", REAL)},
    "twins.py": {
        "ClosedKernel": _refused("ClosedKernel", "pw_closed", (
            f"{CM}produce_closed(), whose yield is not a statement of its body's top level "
            "(inside a try, with, loop or if, the code around it is no plain before and "
            "after)")),
        "TwiceKernel": _refused("TwiceKernel", "pw_twice", (
            f"{CM}produce_twice(), which yields 2 times (a `with` runs one yield)")),
        "NotedKernel": _refused("NotedKernel", "pw_noted", (
            f"{CM}produce_noted(), which keeps or passes on its ctx parameter "
            "(`_SEEN.append(ctx)`): only ctx.NAME reads are read")),
        "CountedKernel": _refused("CountedKernel", "pw_counted", (
            f"{CM}produce_counted (pkg_produce/twinkit.py), which reads '_CALLS', state of "
            "its module ('_CALLS' is changed or handed out through `.append` "
            "(`_CALLS.append(slot)`)); written here it would read the value it had when "
            "imported")),
        "SlottedKernel": _refused("SlottedKernel", "pw_slotted", (
            f"{CM}produce(), whose value the `with` binds to `bufs[0]`, not a plain name")),
        "RescuedKernel": _refused("RescuedKernel", "pw_rescued", (
            "writes through produce() inside a `try` whose handler reads its output 'out' "
            "(inlined, the handler would see code that was the context manager's)")),
        "EarlyKernel": _refused("EarlyKernel", "pw_early", (
            f"{CM}produce(), whose block leaves early by `return` (the generator would "
            "still run its code after the yield)")),
    },
}
MIGRATED = {op for ks in EXPECTED.values() for s, op, _, _ in ks.values() if s == "migrated"}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE)


def _check(root: Path) -> bytes:
    """What the team's check script prints, the package imported from `root`."""
    return check_script_output(root, PACKAGE)


def test_every_kernel_has_its_row(written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)
    reasons = {r["kernel"]: r["reason"] for r in written["doc"]["kernels"]}
    for kernels in EXPECTED.values():
        for kernel, (status, _, why, _) in kernels.items():
            if status == "skipped":
                assert reasons[kernel] == f"{why}; not migrated" or reasons[kernel] == why, \
                    reasons[kernel]


def test_the_written_package_imports_computes_and_checks_as_before(
        written: dict[str, Any]) -> None:
    assert_nothing_broken(written, MIGRATED)
    for op in MIGRATED - {"pw_div", "pw_hypot"}:  # the probe feeds X alone: the check feeds Y
        assert written["after"]["phi_ran"][op] == written["before"]["ran"][op], op
    after = _check(written["pkg"].parent)
    assert after == _check(CORPUS)
    assert b'"lod": [\n   [\n    0,\n    1,\n    3' in after  # the LoDs are compared too
    pkg: Path = written["pkg"]
    for kept in ("kit.py", "twinkit.py", "twins.py", "check.py", "__init__.py"):
        assert (pkg / kept).read_bytes() == (CORPUS / PACKAGE / kept).read_bytes(), kept


def test_the_with_is_inlined_around_the_body(written: dict[str, Any]) -> None:
    unary = (written["pkg"] / "unary.py").read_text()
    binary = (written["pkg"] / "binary.py").read_text()
    for text in (unary, binary):
        assert "with produce(" not in text and "kit.produce(" not in text
        assert "(OpKernel)" not in text and "(ctx, " not in text
    # the plain manager stays a `with`: around everything when it comes first, around the
    # body alone when it comes after `produce`
    log_abs = unary[unary.index("def pw_log_abs_kernel"):]
    assert log_abs.index("with quiet_fp(dev_ctx.xp):") < log_abs.index("dev_ctx.alloc(")
    div = binary[binary.index("def pw_div_kernel"):]
    assert div.index("dev_ctx.alloc(") < div.index("with kit.quiet_fp(dev_ctx.xp):") < \
        div.index("out[...] = x.data / y.data") < div.index(".lod = x.lod")
    assert "raise ValueError(\"op 'pw_neg': output 'Out' is not bound\")" in unary
    # the literal arguments decided the helper's tests: only the branches taken are there
    neg = unary[unary.index("def pw_neg_kernel"):unary.index("def pw_neg_op_argument")]
    assert "dtype_ = x.dtype\n" in neg and "is None:\n        if" not in neg
    assert ".lod" not in neg and "False" not in neg and "None is" not in neg
    wide = unary[unary.index("def pw_scale_wide_kernel"):]
    assert "    dtype_ = DataType.FLOAT64\n" in wide and "None.dtype" not in wide
    assert "        tensor_.lod = x.lod" in log_abs and "if x is not None:" in log_abs
    assert "from .kit import MapMaker, SameShapeOp, quiet_fp\n" in unary


def _verified_dry_run(root: Path, *edits: tuple[str, str, str]) -> dict[str, dict[str, Any]]:
    """`edited_dry_run` with verify: kernel -> its row."""
    return edited_dry_run(root, PACKAGE, edits, True)


DECORATED = "@contextlib.contextmanager\ndef produce("
NEG = '        with produce(ctx, "Out", like=x) as out:\n            out[...] = -x.data\n'


@pytest.mark.parametrize("edits", [
    # the decorator imported by name, under an alias of its own
    [("kit.py", "import contextlib\n", "from contextlib import contextmanager as managed\n"),
     ("kit.py", DECORATED, "@managed\ndef produce("),
     ("kit.py", "@contextlib.contextmanager\ndef quiet_fp(", "@managed\ndef quiet_fp(")],
    # the slot named by a class constant
    [("unary.py", '    """Out = -X."""\n', '    """Out = -X."""\n\n    OUT = "Out"\n'),
     ("unary.py", NEG, NEG.replace('"Out"', "self.OUT"))],
    # the body rebinds the name given as `like` (bound to a fresh local first), on one line
    [("unary.py", NEG, '        with produce(ctx, "Out", like=x, keep_lod=True) as out: '
      "x = -x.data; out[...] = x\n")],
])
def test_other_spellings_still_migrate(tmp_path: Path, edits: list[tuple[str, str, str]]
                                       ) -> None:
    rows = _verified_dry_run(tmp_path, *edits)
    for kernel in ("NegKernel", "LogAbsKernel", "DivKernel"):
        row = rows[kernel]
        assert row["status"] == "migrated", row
        assert all(v["status"] == "identical" for v in row["verify"]), row


@pytest.mark.parametrize(("edits", "refusal"), [
    ([("kit.py", DECORATED, "@contextlib.contextmanager\n@staticmethod\ndef produce(")],
     f"{CM}produce(), which is decorated by more than contextlib.contextmanager or async"),
    ([("kit.py", "    tensor = ctx.output(slot)\n",
       "    global _LAST\n    tensor = ctx.output(slot)\n")],
     f"{CM}produce(), which declares global or nonlocal names"),
    ([("kit.py", "keep_lod=False, lod=None):", "keep_lod=False, lod=LOD):"),
      ("kit.py", "\n\nclass MapMaker(", "\nLOD = None\n\n\nclass MapMaker(")],
     f"{CM}produce(), whose parameter 'lod' defaults to `LOD`, not a literal"),
    ([("unary.py", NEG, NEG.replace("as out", "as (out, spare)"))],
     f"{CM}produce(), whose value the `with` binds to `(out, spare)`, not a plain name"),
])
def test_what_cannot_be_inlined_is_a_named_refusal(tmp_path: Path,
                                                  edits: list[tuple[str, str, str]],
                                                  refusal: str) -> None:
    rows = _verified_dry_run(tmp_path, *edits)
    assert rows["NegKernel"]["status"] == "skipped"
    assert rows["NegKernel"]["reason"].startswith(refusal), rows["NegKernel"]["reason"]


TWO_OUTPUTS = HEADER + '''
import contextlib


class PairOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_output("Mask", "mask")


class PairOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dim("Mask", ctx.get_input_dim("X"))


@contextlib.contextmanager
def produce(ctx, slot, like, out=None):
    buf = ctx.output(slot).mutable_data(ctx.place, like.dtype)
    yield buf
    if out is not None:
        out.append(slot)


class PairKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        seen = []
        with produce(ctx, "Out", x, seen) as out, produce(ctx, "Mask", x) as buf:
            out[...] = x.data * 2
            buf[...] = x.data > 0
        assert seen == ["Out"]


register_operator("pair", PairOp, PairOpMaker)
register_op_kernel("pair", "CPU", PairKernel, DataType.FLOAT32)
'''


def test_two_managers_of_one_with_nest_and_a_helper_of_the_module_inlines() -> None:
    """`with produce(...) as out, produce(...) as buf:` is the first inlined around the
    second: the second's code after its yield runs before the first's, as the `with` exits
    them; the helper's own names clashing with the kernel's (`out`, `buf`) take fresh ones."""
    result = migrate(TWO_OUTPUTS)
    assert [(r.kernel, r.status.value, r.reason) for r in result.records] == [
        ("PairKernel", "migrated", "")]
    assert function_source(result, "pair_kernel").split("\n", 1)[1] == (
        "def pair_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor, "
        "mask: OutTensor) -> None:\n"
        "    seen = []\n"
        "    buf_ = dev_ctx.alloc(out, x.dtype)\n"
        "    out = buf_\n"
        "    buf__ = dev_ctx.alloc(mask, x.dtype)\n"
        "    buf = buf__\n"
        "    out[...] = x.data * 2\n"
        "    buf[...] = x.data > 0\n"
        "    if seen is not None:\n"
        "        seen.append(\"Out\")\n"
        "    assert seen == [\"Out\"]\n")
