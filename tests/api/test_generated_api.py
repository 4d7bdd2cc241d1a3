"""The yaml-generated API (phi/api/generated): current with the yaml, named and ordered as
the yaml says, and each function doing the API's steps (kernel selection, data transform,
InferMeta, output allocation, kernel call)."""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
import warnings

import numpy as np
import pytest

from phi import api
from phi.api import gen
from phi.api.gen import FRAMEWORK_OPS, GENERATED, generated_files, modules, py_name, stale
from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.kernel_factory import KernelNotFoundError
from phi.core.kernel_key import KernelKey
from phi.op_defs import OpDefError, backward_defs, op_defs, parse_op, render_op


def test_generated_modules_are_current() -> None:
    differ = stale(generated_files())
    assert not differ, (f"phi/api/generated differs from ops.yaml/backward.yaml in {differ}: "
                        "run `python -m phi.api.gen`")


def test_check_mode_exits_zero_when_current() -> None:
    done = subprocess.run([sys.executable, "-m", "phi.api.gen", "--check"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_generated_modules_stay_small() -> None:
    for path in GENERATED.glob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 600, path.name


def test_generated_module_names_say_what_they_hold() -> None:
    """Each module is its ops.yaml section or a named sub-family of it, never a numbered part."""
    for module in modules(op_defs(), backward_defs()):
        assert not re.search(r"_\d+$", module.name), module.name
        assert module.name in (module.section, *gen.SUBFAMILIES.get(module.section, {}))
        sub = gen.SUBFAMILIES.get(module.section, {}).get(module.name)
        if sub is not None:
            forwards = {op.forward.op if op.forward else op.name for op in module.ops}
            assert forwards == set(sub), module.name


def _section_ops(section: str) -> tuple:
    return tuple(op for op in op_defs() if op.section == section)


def test_a_section_past_max_lines_must_name_a_sub_family(monkeypatch) -> None:
    monkeypatch.setattr(gen, "MAX_LINES", 100)
    with pytest.raises(OpDefError, match=r"section 'optimizers' would make "
                       r"phi/api/generated/optimizers\.py about \d+ lines .*SUBFAMILIES"):
        modules(_section_ops("optimizers"), ())


def test_a_sub_family_naming_an_op_of_no_section_is_an_error(monkeypatch) -> None:
    monkeypatch.setitem(gen.SUBFAMILIES, "optimizers", {"optimizers_x": ("no_such_op",)})
    with pytest.raises(OpDefError, match=r"SUBFAMILIES\['optimizers'\]\['optimizers_x'\]"):
        modules(_section_ops("optimizers"), ())


@pytest.mark.parametrize("op", [*op_defs(), *backward_defs()], ids=lambda op: op.name)
def test_every_op_is_a_function_with_the_yaml_signature(op) -> None:
    if op.name in FRAMEWORK_OPS:
        assert op.name not in api.functions()
        return
    function = api.functions()[py_name(op.name)]
    params = inspect.signature(function).parameters
    assert list(params) == [py_name(a.name) for a in op.args]
    for arg in op.args:
        default = params[py_name(arg.name)].default
        if arg.has_default and default is not inspect.Parameter.empty:
            expected = tuple(arg.default) if isinstance(arg.default, (list, tuple)) else arg.default
            assert default == expected, arg.name
        elif not arg.has_default and not arg.optional:
            assert default is inspect.Parameter.empty, arg.name
    assert op.kernel.func[0] in (function.__doc__ or "")


def test_a_call_selects_the_kernel_by_the_inputs_dtype() -> None:
    x64 = np.array([[1.5, -2.0]], np.float64)
    out = api.relu(x64)
    assert isinstance(out, api.Tensor)
    assert out.dtype is DataType.FLOAT64
    np.testing.assert_array_equal(out.numpy(), np.maximum(x64, 0))
    assert api.relu(x64.astype(np.float32)).dtype is DataType.FLOAT32


def test_inputs_are_transformed_to_the_selected_kernel() -> None:
    x = np.array([1.0, 2.0], np.float32)
    y = np.array([0.25, 0.5], np.float64)  # cast to the kernel's dtype (x's)
    out = api.add(x, y)
    assert out.dtype is DataType.FLOAT32
    np.testing.assert_array_equal(out.numpy(), np.array([1.25, 2.5], np.float32))


def test_an_unsupported_dtype_names_the_kernel_and_key() -> None:
    with pytest.raises(KernelNotFoundError, match="softmax"):
        api.softmax(np.array([True, False]))


def test_attributes_defaults_and_multiple_outputs() -> None:
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    np.testing.assert_allclose(api.scale(x, 2.0, 1.0).numpy(), x * 2 + 1)
    np.testing.assert_allclose(api.scale(x, 2.0, 1.0, False).numpy(), (x + 1) * 2)
    parts = api.split(x, [1, 3], 1)
    assert [p.shape for p in parts] == [(3, 1), (3, 3)]
    np.testing.assert_array_equal(parts[1].numpy(), x[:, 1:])
    assert len(api.split_with_num(x, 2, 1)) == 2
    softmax, loss = api.cross_entropy_with_softmax(x, np.zeros((3, 1), np.int64))
    np.testing.assert_allclose(softmax.numpy().sum(-1), 1.0, rtol=1e-6)
    assert loss.shape == (3, 1)


def test_optional_tensor_defaults_to_none() -> None:
    x = np.ones((2, 3), np.float32)
    w = np.full((3, 4), 0.5, np.float32)
    np.testing.assert_allclose(api.fc(x, w).numpy(), x @ w)


def test_a_missing_required_tensor_is_a_clear_error() -> None:
    with pytest.raises(TypeError, match=r"relu\(\): tensor argument 'x' is required"):
        api.relu(None)


def test_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no op of that name"):
        api.no_such_op  # noqa: B018


def _entry(output: str) -> dict:
    return {"op": "demo", "args": "(Tensor x, int num, int[] sections)", "output": output,
            "kernel": {"func": "demo"}}


@pytest.mark.parametrize("output", ["Tensor[](out){num}", "Tensor[](out){sections.size()}",
                                    "Tensor[](out){x.size()}", "Tensor[](out){x.dims[num]}",
                                    "Tensor[](out){num - 2 + num}"])
def test_list_output_sizes_round_trip(output: str) -> None:
    entry = _entry(output) if "x.size" not in output else {
        **_entry(output), "args": "(Tensor[] x, int num)"}
    op = parse_op(entry)
    assert op.outputs[0].size == output[output.index("{") + 1:-1]
    assert f"output : {output}" in render_op(op)


@pytest.mark.parametrize(("output", "problem"), [
    ("Tensor(out){num}", "only a Tensor\\[\\] output states a size"),
    ("Tensor[](out){missing}", "needs an int argument 'missing'"),
    ("Tensor[](out){num.size()}", "needs a list argument 'num'"),
    ("Tensor[](out){x + 1}", "needs an int argument 'x'"),
    ("Tensor[](out){num * 2}", "is not `int_arg`"),
    ("Tensor[](out){num - }", "is not `int_arg`"),
    ("Tensor[](out){{num}}", "is not `Tensor"),
    ("Tensor[](out){x.dims[sections]}", "needs an int argument 'sections'"),
    ("Tensor[](out){sections.dims[num]}", "needs a tensor argument 'sections'"),
])
def test_bad_list_output_sizes_are_rejected(output: str, problem: str) -> None:
    with pytest.raises(OpDefError, match=problem):
        parse_op(_entry(output))


def test_the_generator_needs_a_size_for_every_list_output() -> None:
    op = parse_op(_entry("Tensor[](out)"))
    with pytest.raises(OpDefError, match=r"list output 'out' needs a `\{size\}`"):
        modules((op,), ())


def test_list_output_count_reads_the_argument_values() -> None:
    op = parse_op(_entry("Tensor[](out){sections.size()}"))
    assert op.outputs[0].count({"sections": [1, 2, 3], "num": 7}) == 3
    assert parse_op(_entry("Tensor[](out){num}")).outputs[0].count({"num": 7}) == 7
    by_dim = parse_op(_entry("Tensor[](out){x.dims[num]}")).outputs[0]
    assert by_dim.count({"x": DenseTensor(np.zeros((2, 5))), "num": -1}) == 5
    levels = parse_op({**_entry("Tensor[](out){hi-lo + 1}"), "args": "(Tensor x, int lo, int hi)"})
    assert levels.outputs[0].size == "hi - lo + 1"
    assert levels.outputs[0].count({"lo": 2, "hi": 5}) == 4


def test_a_complex_input_is_never_cast_to_a_real_kernel_dtype() -> None:
    """where's kernel takes X's dtype: a complex Y beside a real X is refused, not cast to
    float32 with its imaginary part dropped (a silent wrong answer); a real Y is cast."""
    where = api.functions()["where"]
    cond, x = np.array([True, False]), np.ones(2, np.float32)
    with pytest.raises(TypeError, match=r"where: input 'y' is complex64, .* imaginary part"):
        where(api.Tensor(cond), api.Tensor(x), api.Tensor(np.full(2, 2j, np.complex64)))
    out = where(api.Tensor(cond), api.Tensor(x), api.Tensor(np.full(2, 2.0, np.float64)))
    np.testing.assert_array_equal(out.numpy(), np.array([1.0, 2.0], np.float32))


def _no_complex_warning(fn, *args):
    """fn(*args) with any NumPy ComplexWarning (a complex value cast to a real one) raised."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", np.exceptions.ComplexWarning)
        return fn(*args).numpy()


def test_integer_ids_are_taken_as_given_beside_complex_data() -> None:
    """The kernel's dtype is the data input's (complex64 here); ids and indices are not cast
    to it (embedding failed casting its ids to complex64, gather and index_select warned
    casting their index)."""
    fns = api.functions()
    rng = np.random.default_rng(7)
    data = (rng.standard_normal((5, 3)) + 1j * rng.standard_normal((5, 3))).astype(np.complex64)
    ids = np.array([4, 0, 2, 2], np.int64)
    got = _no_complex_warning(fns["embedding"], api.Tensor(ids), api.Tensor(data))
    np.testing.assert_array_equal(got, data[ids])
    assert got.dtype == np.complex64
    for name in ("gather", "index_select"):
        got = _no_complex_warning(fns[name], api.Tensor(data), api.Tensor(ids))
        np.testing.assert_array_equal(got, data[ids], err_msg=name)
    index = np.array([[1, 0, 4], [3, 3, 0]], np.int64)
    real = data.real.astype(np.float32)  # take_along_axis has no complex kernel (Paddle's CPU)
    got = fns["take_along_axis"](api.Tensor(real), api.Tensor(index), 0).numpy()
    np.testing.assert_array_equal(got, np.take_along_axis(real, index, 0))


@pytest.mark.parametrize(("own", "kernel", "kept"), [
    (np.int64, DataType.FLOAT32, True), (np.int32, DataType.COMPLEX64, True),
    (np.bool_, DataType.FLOAT64, True), (np.float64, DataType.FLOAT32, False),
    (np.int32, DataType.INT64, False)])
def test_only_integer_and_bool_inputs_beside_a_float_or_complex_kernel_keep_their_dtype(
        own, kernel, kept) -> None:
    from phi.api.call import _moved

    tensor = DenseTensor(np.array([16777217, 1]).astype(own))
    moved = _moved(tensor, KernelKey(Backend.CPU, DataLayout.ALL_LAYOUT, kernel), "k", "index")
    assert (moved.dtype == tensor.dtype) is kept
    assert moved.dtype == (tensor.dtype if kept else kernel)
    if kept:
        np.testing.assert_array_equal(moved.data, tensor.data)  # 2**24 + 1 survives
