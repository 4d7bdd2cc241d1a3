"""Legacy kernels as table rows (legacy_fluid.framework.kernel_table): a row registers what
the class and loops it replaces registered, binds its class where the row is written,
`fluidphi kernels` points at the row, and the codemod reads the row as those classes and
loops (migrate.op_kernel_tables)."""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import ClassVar

import pytest

from compat.op_pieces_sources import source_line
from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OP_KERNELS, OpKernel, register_op_kernel
from legacy_fluid.operators import unary_math_op
from legacy_fluid.operators.kernel_templates import SameDtypeKernel
from migrate.op_kernel_tables import expand_op_tables
from phi.common import DataType
from phi.kernels.funcs import unary_math

ROOT = Path(__file__).resolve().parent.parent.parent
_F = (DataType.FLOAT32, DataType.FLOAT64)


class _Hand(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        pass


class _Template(OpKernel):
    row: ClassVar[OpKernelRow]

    def compute(self, ctx: ExecutionContext) -> None:
        self.row.func(ctx)


@pytest.mark.parametrize("backends", [("CPU", "GPU"), ("GPU", "CPU")])
def test_a_row_registers_what_the_loops_registered(backends: tuple[str, str]) -> None:
    with OP_KERNELS.scoped():
        made = register_op_table(_Template, [
            OpKernelRow("t_sin", "TSinKernel", unary_math.sin, _F, [DataType.FLOAT32]),
        ], backends=backends)
        for backend in backends:
            for dtype in _F if backend == "CPU" else [DataType.FLOAT32]:
                register_op_kernel("t_hand", backend, _Hand, dtype)
        rows = list(OP_KERNELS.kernels_of("t_sin"))
        assert rows == list(OP_KERNELS.kernels_of("t_hand"))  # same keys, same order
        assert set(OP_KERNELS.kernels_of("t_sin").values()) == {made["TSinKernel"]}
    cls = made["TSinKernel"]
    assert issubclass(cls, _Template) and cls.row.func is unary_math.sin
    assert cls.__module__ == __name__ and sys.modules[__name__].TSinKernel is cls
    assert source_line(cls).endswith(f"{Path(__file__).name}:{_row_line('TSinKernel')}")


def _row_line(kernel: str) -> int:
    lines = Path(__file__).read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if f'"{kernel}"' in line
                and "OpKernelRow(" in line)


def test_a_by_dtype_table_registers_as_a_loop_over_dtypes() -> None:
    with OP_KERNELS.scoped():
        register_op_table(_Template, [OpKernelRow("t_cos", "TCosKernel", unary_math.cos, _F)],
                          by_dtype=True)
        for dtype in _F:
            register_op_kernel("t_hand", "CPU", _Hand, dtype)
            register_op_kernel("t_hand", "GPU", _Hand, dtype)
        assert list(OP_KERNELS.kernels_of("t_cos")) == list(OP_KERNELS.kernels_of("t_hand"))
        with pytest.raises(ValueError, match=r"row 't_sin' at .*: a by_dtype .* lead its cpu"):
            register_op_table(_Template, [OpKernelRow(
                "t_sin", "TSin2Kernel", unary_math.sin, _F, [DataType.FLOAT64])], by_dtype=True)
    expanded = expand_op_tables(MODULE.replace('backends=("GPU", "CPU")', "by_dtype=True")
                                .replace(", (GPU_ONLY,), f.out", ", extra=f.out"), "m.py")
    loops = [ast.unparse(n) for n in ast.parse(expanded).body if isinstance(n, ast.For)]
    assert loops[0] == ("for _dtype in _F:\n    register_op_kernel('a', 'CPU', AKernel, _dtype)"
                        "\n    register_op_kernel('a', 'GPU', AKernel, _dtype)")
    with pytest.raises(ValueError, match=r"^m\.py: line \d+: a by_dtype table's row with gpu "
                                         r"dtypes writes its cpu dtypes as \(\*<the gpu"):
        expand_op_tables(MODULE.replace('backends=("GPU", "CPU")', "by_dtype=True"), "m.py")


def test_a_by_dtype_row_with_gpu_dtypes_registers_the_rest_on_cpu_after() -> None:
    cplx = (DataType.COMPLEX64, DataType.COMPLEX128)
    with OP_KERNELS.scoped():
        register_op_table(_Template, [OpKernelRow("t_tan", "TTanKernel", unary_math.tan,
                                                  (*_F, *cplx), _F)], by_dtype=True)
        for dtype in _F:
            for backend in ("CPU", "GPU"):
                register_op_kernel("t_hand", backend, _Hand, dtype)
        for dtype in cplx:
            register_op_kernel("t_hand", "CPU", _Hand, dtype)
        assert list(OP_KERNELS.kernels_of("t_tan")) == list(OP_KERNELS.kernels_of("t_hand"))
    source = MODULE.replace('backends=("GPU", "CPU")', "by_dtype=True").replace(
        '_F, (GPU_ONLY,), f.out', '(*_F, *_C), _F, f.out')
    loops = [ast.unparse(n) for n in ast.parse(expand_op_tables(source, "m.py")).body
             if isinstance(n, ast.For)]
    assert loops[1:] == [
        "for _dtype in _F:\n    register_op_kernel('b', 'CPU', BKernel, _dtype)"
        "\n    register_op_kernel('b', 'GPU', BKernel, _dtype)",
        "for _dtype in _C:\n    register_op_kernel('b', 'CPU', BKernel, _dtype)"]


def test_bad_rows_are_named() -> None:
    with pytest.raises(ValueError, match=r"row 't_x'.*at least one dtype"):
        OpKernelRow("t_x", "TXKernel", unary_math.sin, ())
    with pytest.raises(ValueError, match=r"row 't_x'.*'T X' is not an identifier"):
        OpKernelRow("t_x", "T X", unary_math.sin, _F)
    with OP_KERNELS.scoped():
        with pytest.raises(ValueError, match="row 't_y' names class TYKernel a second time"):
            register_op_table(_Template, [OpKernelRow("t_x", "TYKernel", unary_math.sin, _F),
                                          OpKernelRow("t_y", "TYKernel", unary_math.sin, _F)])
        with pytest.raises(ValueError, match=f"row 't_z' at .*: {__name__} already binds _Hand"):
            register_op_table(_Template, [OpKernelRow("t_z", "_Hand", unary_math.sin, _F)])
        with pytest.raises(ValueError, match="backends must be some of"):
            register_op_table(_Template, [], backends=("TPU",))
        with pytest.raises(TypeError, match="must be an OpKernel subclass"):
            register_op_table(print, [])  # type: ignore[arg-type]


def test_converted_classes_keep_their_imports() -> None:
    from legacy_fluid.operators.unary_math_op import AtanKernel, IsnanKernel

    assert AtanKernel.__module__ == unary_math_op.__name__
    assert issubclass(AtanKernel, SameDtypeKernel) and AtanKernel.row.op_type == "atan"
    assert OP_KERNELS.kernels_of("isnan_v2") and set(
        OP_KERNELS.kernels_of("isnan_v2").values()) == {IsnanKernel}


def _classes(source: str) -> dict[str, str]:
    return {n.name: ast.unparse(n) for n in ast.parse(source).body if isinstance(n, ast.ClassDef)}


#: converted module -> a commit of main's history holding its hand-written classes
_K1_K3 = "d705f67bcc156e3b42e16f50cc063e710e6442e4"
_K4 = "ccadaca48ae480be3d8972cc738fe824edb0b865"
CONVERTED = {f"legacy_fluid/operators/{m}.py": ref for ref, modules in (
    (_K1_K3, ("unary_math_op", "activation_op", "elementwise_op", "compare_op", "bitwise_op",
              "logical_op", "special_op", "smooth_activation_op", "activation_grad_op",
              "vision_shuffle_op", "vision_shuffle_grad_op", "scan_op")),
    (_K4, ("bernoulli_op", "creation_grad_op", "cumsum_grad_op", "cumsum_op",
              "diag_grad_op", "diag_op", "elementwise_grad_op", "equal_all_op",
              "fft_grad_op", "fft_op", "frobenius_norm_op", "gelu_op", "gumbel_softmax_op",
              "hard_sigmoid_op", "hard_swish_op", "identity_loss_op", "label_smooth_op",
              "leaky_relu_op", "linalg_grad_op", "linalg_matrix_op", "linalg_op",
              "linalg_solve_grad_op", "linalg_solve_op", "log_softmax_op", "loss_grad_op",
              "manipulation_grad_op", "manipulation_op", "matmul_v2_op", "mean_op",
              "mul_op", "pad_grad_op", "pad_op", "poisson_op", "randint_op", "random_op",
              "randperm_op", "reduce_op", "relu6_op", "reverse_op", "sequence_grad_op",
              "shard_index_op", "share_data_op", "softmax_op", "sort_search_op", "swish_op",
              "truncated_gaussian_random_op", "unary_math_grad_op", "vision_grad_op")),
) for m in modules}


@pytest.mark.parametrize("rel", CONVERTED)
def test_a_converted_module_expands_to_the_classes_it_had(rel: str) -> None:
    ref = CONVERTED[rel]
    shown = subprocess.run(["git", "show", f"{ref}:{rel}"], cwd=ROOT, capture_output=True,
                           text=True, check=False)
    if shown.returncode != 0:
        pytest.skip(f"commit {ref[:8]} is not in this checkout (a shallow clone)")
    path = ROOT / rel
    source = path.read_text(encoding="utf-8")
    rows = set(_classes(expand_op_tables(source, rel, path))) - set(_classes(source))
    before = _classes(shown.stdout)
    after = _classes(expand_op_tables(source, rel, path))
    assert rows and {k: after[k] for k in rows} == {k: before.get(k) for k in rows}


MODULE = textwrap.dedent('''\
    from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
    from legacy_fluid.framework.op_kernel import OpKernel


    class _T(OpKernel):
        def compute(self, ctx):
            """docs"""
            x = ctx.input("X")
            self.row.func(x, self.row.extra(x.dtype))


    register_op_table(_T, [
        OpKernelRow("a", "AKernel", f.a, _F, extra=lambda d: d),  # a comment
        OpKernelRow("b", "BKernel", f.b, _F, (GPU_ONLY,), f.out),
    ], backends=("GPU", "CPU"))
    tail = 1
''')


def test_the_expansion_spells_rows_out() -> None:
    expanded = expand_op_tables(MODULE, "m.py")
    assert "register_op_table(" not in expanded and expanded.endswith("tail = 1\n")
    classes = _classes(expanded)
    assert classes["AKernel"] == ast.unparse(ast.parse(textwrap.dedent('''\
        class AKernel(OpKernel):
            def compute(self, ctx):
                x = ctx.input("X")
                f.a(x, x.dtype)''')))
    assert "f.b(x, f.out(x.dtype))" in classes["BKernel"]
    loops = [ast.unparse(n) for n in ast.parse(expanded).body if isinstance(n, ast.For)]
    assert loops == [
        "for _dtype in _F:\n    register_op_kernel('a', 'GPU', AKernel, _dtype)",
        "for _dtype in _F:\n    register_op_kernel('a', 'CPU', AKernel, _dtype)",
        "for _dtype in (GPU_ONLY,):\n    register_op_kernel('b', 'GPU', BKernel, _dtype)",
        "for _dtype in _F:\n    register_op_kernel('b', 'CPU', BKernel, _dtype)"]


@pytest.mark.parametrize("change, message", [
    ("register_op_table(_T, [", "register_op_table(_Nope, ["),
    ('OpKernelRow("a", "AKernel"', 'OpKernelRow("a", 3'),
    ('backends=("GPU", "CPU")', 'backends=("TPU",)'),
    ("self.row.extra(x.dtype)", "self.row.axis"),
])
def test_unreadable_tables_are_refused_naming_the_file(change: str, message: str) -> None:
    old, new = change, message
    with pytest.raises(ValueError, match=r"^m\.py: "):
        expand_op_tables(MODULE.replace(old, new), "m.py")


def test_a_table_inside_code_is_refused() -> None:
    source = MODULE.replace("register_op_table(_T", "made = register_op_table(_T")
    with pytest.raises(ValueError, match=r"m\.py: register_op_table.*statement of its own"):
        expand_op_tables(source, "m.py")


def test_a_template_is_a_base_not_a_kernel_row() -> None:
    from migrate.op_kernel_tables import table_templates
    from migrate.runner import migrate_file

    path = ROOT / "legacy_fluid" / "operators" / "kernel_templates.py"
    text = path.read_text(encoding="utf-8")
    classes = {n.name for n in ast.parse(text).body if isinstance(n, ast.ClassDef)}
    assert {"SameDtypeKernel", "AxisBinaryKernel", "FlatGradKernel"} <= classes
    assert table_templates(text) == classes
    assert table_templates(MODULE) == {"_T"} and table_templates("class K: pass") == set()
    result = migrate_file(str(path))
    assert not result.error and not result.records and not result.changed


TEMPLATE_MODULE = textwrap.dedent('''\
    from legacy_fluid.framework.op_kernel import OpKernel
    from phi.common import DataType


    class BoolOut(OpKernel):
        def compute(self, ctx):
            data = ctx.output("Out").mutable_data(ctx.place, DataType.BOOL)
            self.row.func(ctx.input("X").data, data)
''')

ROWS_MODULE = textwrap.dedent('''\
    """rows"""
    from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
    from pkg.templ import BoolOut

    register_op_table(BoolOut, [OpKernelRow("a", "AKernel", f.a, _F)])
''')


def test_the_expansion_imports_what_a_template_of_another_module_reads(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "templ.py").write_text(TEMPLATE_MODULE, encoding="utf-8")
    rows = tmp_path / "pkg" / "rows.py"
    expanded = expand_op_tables(ROWS_MODULE, "rows.py", rows)
    tree = ast.parse(expanded)
    imports = [ast.unparse(n) for n in tree.body if isinstance(n, ast.ImportFrom)]
    assert imports[2:] == ["from legacy_fluid.framework.op_kernel import OpKernel",
                           "from legacy_fluid.framework.op_kernel import register_op_kernel",
                           "from phi.common import DataType"]
    assert "mutable_data(ctx.place, DataType.BOOL)" in _classes(expanded)["AKernel"]
    with pytest.raises(ValueError, match=r"^rows\.py: .*needs `from phi.common import "
                                         r"DataType`, but the module binds DataType otherwise"):
        expand_op_tables(ROWS_MODULE + "DataType = None\n", "rows.py", rows)
    (tmp_path / "pkg" / "templ.py").write_text(
        TEMPLATE_MODULE.replace("from phi.common import DataType\n", "DataType = None\n"),
        encoding="utf-8")
    with pytest.raises(ValueError, match=r"template BoolOut reads DataType, which its module "
                                         "does not import"):
        expand_op_tables(ROWS_MODULE, "rows.py", rows)


class _Ctx:
    def __init__(self, **attrs: object) -> None:
        self.attrs = attrs

    def attr(self, name: str) -> object:
        return self.attrs[name]


def test_a_row_reads_the_attributes_it_names_in_order() -> None:
    row = OpKernelRow("t_a", "TAKernel", unary_math.sin, _F, attrs=("b", ("a", float)))
    assert row.attr_values(_Ctx(a=2, b="x")) == ["x", 2.0]
    assert isinstance(row.attr_values(_Ctx(a=2, b=1))[1], float)
    assert OpKernelRow("t_a", "TAKernel", unary_math.sin, _F).attr_values(_Ctx()) == []
    for bad in (("a b",), ("a", ("b", 3)), (3,), (("a", float, int),)):
        with pytest.raises(ValueError, match=r"row 't_a' \(TAKernel\): an attribute is a name"):
            OpKernelRow("t_a", "TAKernel", unary_math.sin, _F, attrs=bad)


ATTR_MODULE = textwrap.dedent('''\
    from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
    from legacy_fluid.operators.kernel_templates import SameDtypeKernel

    register_op_table(SameDtypeKernel, [
        OpKernelRow("a", "AKernel", f.a, _F, attrs=("lambda", ("eps", float))),
        OpKernelRow("b", "BKernel", f.b, _F),
    ])
''')


def test_the_expansion_reads_a_rows_attributes_by_name() -> None:
    path = ROOT / "legacy_fluid" / "operators" / "t_rows.py"
    classes = _classes(expand_op_tables(ATTR_MODULE, "m.py", path))
    assert classes["AKernel"] == ast.unparse(ast.parse(textwrap.dedent('''\
        class AKernel(OpKernel):
            def compute(self, ctx: ExecutionContext) -> None:
                x = ctx.input("X")
                out = ctx.output("Out")
                lambda_ = ctx.attr("lambda")
                eps = float(ctx.attr("eps"))
                data = out.mutable_data(ctx.place, x.dtype)
                f.a(ctx.xp, x.data, lambda_, eps, data)''')))
    assert "attr" not in classes["BKernel"] and "f.b(ctx.xp, x.data, data)" in classes["BKernel"]
    with pytest.raises(ValueError, match=r"^m\.py: line 5: a row's attrs must be written as a "
                                         "tuple of attribute names"):
        expand_op_tables(ATTR_MODULE.replace('("lambda", ("eps", float))', "NAMES"), "m.py", path)
    with pytest.raises(ValueError, match=r"^m\.py: line \d+: the row names attributes, but its "
                                         "template _T reads none"):
        expand_op_tables(MODULE.replace("extra=lambda d: d", 'attrs=("k",)'), "m.py")
