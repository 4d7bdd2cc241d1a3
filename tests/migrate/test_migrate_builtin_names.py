"""Property: attributes and slots named like a builtin or a keyword are read as themselves
wherever a kernel reads them, and the builtins keep their meaning.

For every lowercase public builtin (the parameter names `kernel_ctx_helpers` renames and
`kernel_prepass.qualify_builtins` qualifies) and every keyword (`names.snake` appends `_`),
in chunks of eight, an op whose attributes are those names and whose input slot is named
after a builtin of the next chunk (`Sum` -> `sum`) is served by a kernel reading them in
compute(), in a method it lifts, in a module-level helper taking ctx, and by a subclass
whose override of the method reads one more after `super()` (or `super(Sub, self)`).
Each body also calls the builtins the chunk names (`callable(min)`): a builtin read as the
attribute changes the output or raises. The package is written with verify on: every
kernel migrates, verified identical, and re-imports.
"""

from __future__ import annotations

import builtins
import keyword
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import assert_nothing_broken, verified_rows, write_sources

#: a package written and verified: a minute (started first: tests/conftest.py)
pytestmark = pytest.mark.heavy

BUILTINS = [n for n in dir(builtins) if n.islower() and not n.startswith("_")]
KEYWORDS = [n for n in [*keyword.kwlist, *keyword.softkwlist] if n.islower() and n != "_"]
NAMES = BUILTINS + KEYWORDS
CHUNK = 8  # names per op: every name covered, in half the ops chunks of four took
CHUNKS = [NAMES[i:i + CHUNK] for i in range(0, len(NAMES), CHUNK)]

_IMPORTS = '''\
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
'''


def _flag(names: list[str]) -> str:
    """An expression whose value changes when a builtin of `names` is read as a float."""
    calls = [f"callable({n})" for n in names if n in BUILTINS]
    return f"(1.0 if {' and '.join(calls)} else -1.0)" if calls else "1.0"


def _module(i: int, names: list[str], slot: str) -> str:
    attrs = "".join(f'        self.add_attr("{n}", AttrType.FLOAT, {0.25 * (j + 1)}, "{n}")\n'
                    for j, n in enumerate(names))
    reads = " + ".join(f'ctx.attr("{n}")' for n in names)
    spelled = f"super(Sub{i}Kernel, self)" if i % 2 else "super()"
    return _IMPORTS + f'''

class Names{i}Maker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("{slot}", "input")
        self.add_output("Out", "output")
{attrs}

class Names{i}Op(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("{slot}", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("{slot}"))


def weigh(ctx, k):
    first = ctx.attr("{names[0]}")
    rest = {" + ".join(f'ctx.attr("{n}")' for n in names[1:]) or "0.0"}
    return k * (first + rest) * {_flag(names)} + ctx.input("{slot}").data.mean()


class Names{i}Kernel(OpKernel):
    def factor(self, ctx):
        total = {reads}
        return total * {_flag(names[::-1])}

    def compute(self, ctx):
        x = ctx.input("{slot}")
        f = self.factor(ctx) + weigh(ctx, 0.5) + ctx.attr("{names[-1]}") * {_flag(names)}
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * f


class Sub{i}Kernel(Names{i}Kernel):
    def factor(self, ctx):
        base = {spelled}.factor(ctx)
        return base - ctx.attr("{names[0]}") * {_flag(names[:2])}


register_operator("names_{i}", Names{i}Op, Names{i}Maker)
register_op_kernel("names_{i}", "CPU", Names{i}Kernel, DataType.FLOAT32)
register_operator("names_sub_{i}", Names{i}Op, Names{i}Maker)
register_op_kernel("names_sub_{i}", "CPU", Sub{i}Kernel, DataType.FLOAT32)
'''


def sources() -> dict[str, str]:
    out = {"__init__": "from . import " + ", ".join(f"names_{i}" for i in range(len(CHUNKS)))
           + "  # noqa: F401\n"}
    for i, names in enumerate(CHUNKS):
        slot = BUILTINS[(CHUNK * i + 5) % len(BUILTINS)]
        while slot in names:
            slot = BUILTINS[(BUILTINS.index(slot) + 1) % len(BUILTINS)]
        out[f"names_{i}"] = _module(i, names, slot.title())
    return out


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_sources(tmp_path_factory.mktemp("builtin_names"), "pkg_builtin_names",
                         sources())


def test_every_kernel_reading_builtin_or_keyword_names_migrates_verified(
        written: dict[str, Any]) -> None:
    rows = verified_rows(written)
    expected = {f"{k}{i}Kernel" for i in range(len(CHUNKS)) for k in ("Names", "Sub")}
    assert set(rows) == expected
    assert {k: r["reason"] for k, r in rows.items() if r["status"] != "migrated"} == {}
    assert_nothing_broken(written, {f"names{s}_{i}" for i in range(len(CHUNKS))
                                    for s in ("", "_sub")})


def test_helpers_take_fresh_names_and_compute_qualifies_the_builtins(
        written: dict[str, Any]) -> None:
    pkg: Path = written["pkg"]
    for i, names in enumerate(CHUNKS):
        text = (pkg / f"names_{i}.py").read_text()
        for n in names:
            if n in BUILTINS:  # the kernel keeps the name, the lifted copies a fresh one
                assert f" {n}: float" in text and f"{n}_={n}" in text, (n, text)
                assert f"callable(builtins.{n})" in text, (n, text)
            elif keyword.iskeyword(n):  # snake's spelling, everywhere
                assert f" {n}_: float" in text and f"{n}_={n}_" in text, (n, text)
            else:  # a soft keyword (`match`) is a name like any
                assert f" {n}: float" in text and f"{n}={n}" in text, (n, text)
