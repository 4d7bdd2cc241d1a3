"""Kernels as table rows (phi.core.kernel_table): a row registers what the hand-written
kernel it replaces registered, `fluidphi kernels` points at the row, and the dogfood spells
the row out as that hand-written function (migrate.kernel_tables)."""

from __future__ import annotations

import inspect
import textwrap
from pathlib import Path

import numpy as np
import pytest

from compat.op_pieces_sources import funcs_used, source_line
from migrate.dogfood import normalize
from migrate.kernel_tables import expand_tables
from phi.backends.cpu.cpu_context import CPUContext
from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_context import KernelContext
from phi.core.kernel_factory import KERNELS
from phi.core.kernel_key import KernelKey
from phi.core.kernel_registry import register_kernel
from phi.core.kernel_table import KernelRow, register_kernel_for, register_table, row_of
from phi.kernels.funcs import unary_math

_F = [DataType.FLOAT32, DataType.FLOAT64]


def _scaled(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor, factor: float = 2.0,
            out: OutTensor = None) -> None:  # type: ignore[assignment]
    """A template: out = row.func(x) * factor."""
    data = dev_ctx.alloc(out, row.extra(x.dtype))
    row.func(dev_ctx.xp, x.data, data)
    data *= factor


def _hand_written(dev_ctx: DeviceContext, x: DenseTensor, factor: float = 2.0,
                  out: OutTensor = None) -> None:  # type: ignore[assignment]
    pass


def test_a_row_registers_what_stacked_decorators_register() -> None:
    with KERNELS.scoped():
        made = register_table(_scaled, [
            KernelRow("t_sin", unary_math.sin, _F, [DataType.FLOAT32], lambda d: d),
        ])
        register_kernel("t_hand", Backend.CPU, DataLayout.ALL_LAYOUT, _F)(
            register_kernel("t_hand", Backend.GPU, DataLayout.ALL_LAYOUT,
                            [DataType.FLOAT32])(_hand_written))
        row_keys = list(KERNELS.kernels_of("t_sin"))
        hand_keys = list(KERNELS.kernels_of("t_hand"))
        assert row_keys == hand_keys  # same keys, in the same (GPU first) order
        assert [k.backend for k in row_keys] == [Backend.GPU, Backend.CPU, Backend.CPU]
        for key in row_keys:
            row_kernel, hand = KERNELS.kernels_of("t_sin")[key], KERNELS.kernels_of("t_hand")[key]
            assert row_kernel.args_def == hand.args_def
        fn = made["t_sin"]
        assert fn.__name__ == "t_sin_kernel" and fn.__module__ == __name__
        assert [p.name for p in inspect.signature(fn).parameters.values()] == [
            "dev_ctx", "x", "factor", "out"]


def test_a_row_kernel_runs_its_funcs_function_with_its_extras() -> None:
    with KERNELS.scoped():
        register_table(_scaled, [
            KernelRow("t_sin", unary_math.sin, _F, extra=lambda d: DataType.FLOAT64)])
        kernel = KERNELS.select_kernel(
            "t_sin", KernelKey(Backend.CPU, DataLayout.ALL_LAYOUT, DataType.FLOAT32))
    x = DenseTensor(np.array([0.0, 0.5, 1.0], dtype=np.float32))
    out = DenseTensor().resize((3,))
    kernel(KernelContext(CPUContext(), [x], [3.0], [out]))
    assert out.dtype is DataType.FLOAT64
    np.testing.assert_allclose(out.data, 3.0 * np.sin(x.data.astype(np.float64)), rtol=1e-6)


def test_fluidphi_kernels_shows_the_rows_line_and_the_funcs_it_names() -> None:
    with KERNELS.scoped():
        line = inspect.currentframe().f_lineno + 2  # type: ignore[union-attr]
        made = register_table(_scaled, [
            KernelRow("t_cos", unary_math.cos, _F, extra=lambda d: d),
        ])
    assert source_line(made["t_cos"]) == f"tests/core/test_kernel_table.py:{line}"
    row, template = row_of(made["t_cos"])  # type: ignore[misc]
    assert template is _scaled and row.func is unary_math.cos
    assert [f["module"] for f in funcs_used([made["t_cos"]])] == ["phi.kernels.funcs.unary_math"]
    assert row_of(_hand_written) is None


def test_bad_tables_are_refused_with_the_row_named() -> None:
    with pytest.raises(ValueError, match=r"'t_x'.*at least one dtype"):
        KernelRow("t_x", unary_math.sin, [])
    with KERNELS.scoped(), pytest.raises(ValueError, match="row 't_x' written twice"):
        register_table(_scaled, [KernelRow("t_x", unary_math.sin, _F),
                                 KernelRow("t_x", unary_math.cos, _F)])


def test_register_kernel_for_registers_each_backend() -> None:
    with KERNELS.scoped():
        register_kernel_for("t_two", {Backend.CPU: _F, Backend.GPU: DataType.FLOAT32})(
            _hand_written)
        assert {(k.backend, k.dtype) for k in KERNELS.kernels_of("t_two")} == {
            (Backend.CPU, DataType.FLOAT32), (Backend.CPU, DataType.FLOAT64),
            (Backend.GPU, DataType.FLOAT32)}


TABLE_MODULE = textwrap.dedent('''
    def _body(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
        """docstring, not code"""
        data = dev_ctx.alloc(out, row.extra(x.dtype))
        row.func(dev_ctx.xp, x.data, data)


    register_table(_body, [
        KernelRow("atan", unary_math.atan, _FLOAT_COMPLEX, _FLOAT, lambda d: d),
        KernelRow("real", unary_math.real, _COMPLEX, extra=unary_math.abs_out_dtype),
    ], arg_overrides=_SIZES)
''')

SPELLED_OUT = '''
@register_kernel("atan", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX, arg_overrides=_SIZES)
@register_kernel("atan", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT, arg_overrides=_SIZES)
def atan_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.atan(dev_ctx.xp, x.data, data)


@register_kernel("real", Backend.CPU, DataLayout.ALL_LAYOUT, _COMPLEX, arg_overrides=_SIZES)
@register_kernel("real", Backend.GPU, DataLayout.ALL_LAYOUT, _COMPLEX, arg_overrides=_SIZES)
def real_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, unary_math.abs_out_dtype(x.dtype))
    unary_math.real(dev_ctx.xp, x.data, data)
'''


def test_the_dogfood_spells_a_row_out_as_the_function_it_registers() -> None:
    expanded = expand_tables(TABLE_MODULE, "m.py")
    assert expanded.startswith(TABLE_MODULE)
    assert normalize(expanded[len(TABLE_MODULE):]) == normalize(SPELLED_OUT)


@pytest.mark.parametrize(("table", "message"), [
    ("register_table(_nope, [])", "template must be a function of the module"),
    ("register_table(_body, ROWS)", "rows must be written as a list"),
    ("register_table(_body, [make_row()])", "must be a KernelRow"),
    ("register_table(_body, [KernelRow(*ARGS)])", "cannot read the call statically"),
])
def test_a_table_the_dogfood_cannot_read_is_an_error(table: str, message: str) -> None:
    source = "def _body(row, dev_ctx, x, out):\n    pass\n\n" + table + "\n"
    with pytest.raises(ValueError, match=message):
        expand_tables(source, "m.py")


def test_a_template_imported_from_the_source_tree_is_read_there(tmp_path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "templates.py").write_text(TABLE_MODULE.split("\n\n\nregister_table")[0])
    source = ("from pkg.templates import _body as body\n\n"
              + TABLE_MODULE.split("\n\n\n", 1)[1].replace("(_body,", "(body,"))
    expanded = expand_tables(source, "m.py", tmp_path)
    assert normalize(expanded[len(source):]) == normalize(SPELLED_OUT)
    with pytest.raises(ValueError, match="or one it imports"):
        expand_tables(source, "m.py")  # no source tree to read the template in


def test_fluidphi_kernels_shows_a_library_rows_line() -> None:
    from compat.op_pieces import op_pieces

    path = "phi/kernels/impl/unary_math_kernel_impl.py"
    lines = (Path(__file__).resolve().parents[2] / path).read_text().splitlines()
    line = next(n for n, text in enumerate(lines, 1) if 'KernelRow("atan"' in text)
    phi = next(p for p in op_pieces("atan")["phi"] if p["kernel"] == "atan")
    assert [f["file"] for f in phi["functions"]] == [f"{path}:{line}"]
    assert phi["functions"][0]["function"] == "phi.kernels.impl.unary_math_kernel_impl.atan_kernel"
    assert [f["module"] for f in phi["funcs"]] == ["phi.kernels.funcs.unary_math"]


def test_the_funcs_of_a_rows_shared_body_are_found() -> None:
    kernel = next(iter(KERNELS.kernels_of("bilinear_interp").values())).fn
    assert [f["module"] for f in funcs_used([kernel])] == ["phi.kernels.funcs.interpolate"]


def _with_attrs(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor, *attrs: float,
                out: OutTensor) -> None:
    """A template of kernels that differ in their attributes' names: out = x * a * b..."""
    data = dev_ctx.alloc(out, x.dtype)
    row.func(dev_ctx.xp, x.data, *attrs, data)


def _product(xp, x, *rest) -> None:
    *factors, out = rest
    out[...] = x * np.prod(factors)


def test_a_rows_attributes_take_the_names_the_row_gives() -> None:
    with KERNELS.scoped():
        made = register_table(_with_attrs, [
            KernelRow("t_one", _product, _F, attrs=("alpha",)),
            KernelRow("t_two", _product, _F, attrs=("scale_a", "scale_b")),
        ])
        two = KERNELS.select_kernel(
            "t_two", KernelKey(Backend.CPU, DataLayout.ALL_LAYOUT, DataType.FLOAT64))
    assert [p.name for p in inspect.signature(made["t_one"]).parameters.values()] == [
        "dev_ctx", "x", "alpha", "out"]
    params = inspect.signature(made["t_two"]).parameters.values()
    assert [(p.name, p.kind) for p in params][2:] == [
        ("scale_a", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        ("scale_b", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        ("out", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    assert [a.name for a in two.args_def.attributes] == ["scale_a", "scale_b"]
    x, out = DenseTensor(np.array([1.0, -2.0])), DenseTensor().resize((2,))
    two(KernelContext(CPUContext(), [x], [3.0, 0.5], [out]))
    np.testing.assert_array_equal(out.data, [1.5, -3.0])


def test_attribute_names_and_a_star_template_go_together() -> None:
    with KERNELS.scoped(), pytest.raises(ValueError, match=r"'t_x'.*takes \*attrs; name them"):
        register_table(_with_attrs, [KernelRow("t_x", _product, _F)])
    with KERNELS.scoped(), pytest.raises(ValueError, match="'t_x': names attributes"):
        register_table(_scaled, [KernelRow("t_x", unary_math.sin, _F, attrs=("a",))])


ATTRS_MODULE = '''
def _body(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
          *attrs: float, x_grad: OutTensor) -> None:
    """x_grad from x and the attributes."""
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    row.func(dev_ctx.xp, x.data, out_grad.data, *attrs, data)


register_table(_body, [
    KernelRow("stanh_grad", act_grad.stanh_grad, _FLOAT, attrs=("scale_a", "scale_b")),
])
'''
ATTRS_SPELLED_OUT = '''
@register_kernel("stanh_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("stanh_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def stanh_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                      scale_a: float, scale_b: float, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_grad.stanh_grad(dev_ctx.xp, x.data, out_grad.data, scale_a, scale_b, data)
'''


def test_the_dogfood_spells_a_rows_attributes_out_by_name() -> None:
    expanded = expand_tables(ATTRS_MODULE, "m.py")
    assert normalize(expanded[len(ATTRS_MODULE):]) == normalize(ATTRS_SPELLED_OUT)
    with pytest.raises(ValueError, match="write attrs= as a tuple of strings"):
        expand_tables(ATTRS_MODULE.replace('attrs=("scale_a", "scale_b")', "attrs=NAMES"),
                      "m.py")
