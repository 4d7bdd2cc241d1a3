"""KernelFactory selection: exact keys, ALL_* fallbacks, misses, arg defs and overrides."""

from __future__ import annotations

from typing import Annotated

import pytest

from phi.common import Backend, DataLayout, DataType, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import (
    ArgKind,
    AttrDefault,
    OptionalOutTensor,
    OutTensor,
    OutTensorList,
    derive_args_def,
)
from phi.core.kernel_factory import KERNELS, Kernel, KernelFactory, KernelNotFoundError
from phi.core.kernel_key import KernelKey

CPU, GPU, ALL_B = Backend.CPU, Backend.GPU, Backend.ALL_BACKEND
NCHW, ALL_L = DataLayout.NCHW, DataLayout.ALL_LAYOUT
F32, F64, I64, ALL_D = DataType.FLOAT32, DataType.FLOAT64, DataType.INT64, DataType.ALL_DTYPE


def k_exact(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None: ...
def k_any_layout(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None: ...
def k_any_dtype(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None: ...
def k_any_backend(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None: ...


def _factory(*entries: tuple[str, KernelKey, object]) -> KernelFactory:
    factory = KernelFactory()
    for name, key, fn in entries:
        base = derive_args_def(fn)  # type: ignore[arg-type]
        factory.insert(Kernel(name, key, fn, base.specialize(key.backend, key.layout, key.dtype)))  # type: ignore[arg-type]
    return factory


def test_exact_key_wins_over_wildcards() -> None:
    f = _factory(("k", KernelKey(CPU, NCHW, F32), k_exact),
                 ("k", KernelKey(CPU, ALL_L, F32), k_any_layout))
    assert f.select_kernel("k", KernelKey(CPU, NCHW, F32)).fn is k_exact


@pytest.mark.parametrize(
    ("registered", "asked", "expected_fn"),
    [
        (KernelKey(CPU, ALL_L, F32), KernelKey(CPU, NCHW, F32), k_any_layout),
        (KernelKey(CPU, ALL_L, ALL_D), KernelKey(CPU, NCHW, I64), k_any_dtype),
        (KernelKey(ALL_B, ALL_L, ALL_D), KernelKey(GPU, NCHW, F64), k_any_backend),
    ],
)
def test_all_wildcards_match(registered: KernelKey, asked: KernelKey, expected_fn: object) -> None:
    f = _factory(("k", registered, expected_fn))
    assert f.select_kernel("k", asked).fn is expected_fn


def test_layout_wildcard_preferred_to_dtype_wildcard() -> None:
    f = _factory(("k", KernelKey(CPU, ALL_L, F32), k_any_layout),
                 ("k", KernelKey(CPU, NCHW, ALL_D), k_any_dtype))
    assert f.select_kernel("k", KernelKey(CPU, NCHW, F32)).fn is k_any_layout
    assert f.select_kernel("k", KernelKey(CPU, NCHW, I64)).fn is k_any_dtype


def test_miss_names_kernel_key_and_registered_keys() -> None:
    f = _factory(("relu", KernelKey(CPU, ALL_L, F32), k_exact),
                 ("relu", KernelKey(CPU, ALL_L, F64), k_exact))
    with pytest.raises(KernelNotFoundError) as info:
        f.select_kernel("relu", KernelKey(GPU, NCHW, F32))
    msg = str(info.value)
    assert "'relu'" in msg and "(GPU, NCHW, float32)" in msg
    assert "(CPU, ALL_LAYOUT, float32)" in msg and "(CPU, ALL_LAYOUT, float64)" in msg
    assert info.value.registered == [KernelKey(CPU, ALL_L, F32), KernelKey(CPU, ALL_L, F64)]


def test_unknown_name_message() -> None:
    with pytest.raises(KernelNotFoundError, match="no PHI kernel named 'nope'"):
        KernelFactory().select_kernel("nope", KernelKey(CPU, NCHW, F32))


def test_double_registration_of_other_function_rejected() -> None:
    f = _factory(("k", KernelKey(CPU, ALL_L, F32), k_exact))
    with pytest.raises(ValueError, match="registered twice"):
        f.insert(Kernel("k", KernelKey(CPU, ALL_L, F32), k_any_layout,
                        derive_args_def(k_any_layout)))


def kernel_with_everything(dev_ctx: DeviceContext, x: DenseTensor, bias: DenseTensor | None,
                           xs: list[DenseTensor], scale: Scalar, axis: int = -1,
                           out: OutTensor = None, extra: OptionalOutTensor = None,  # type: ignore[assignment]
                           outs: OutTensorList = None) -> None:  # type: ignore[assignment]
    ...


def test_args_def_derived_from_signature() -> None:
    args = derive_args_def(kernel_with_everything)
    assert [(a.name, a.kind) for a in args.inputs] == [
        ("x", ArgKind.INPUT), ("bias", ArgKind.OPTIONAL_INPUT), ("xs", ArgKind.INPUT_LIST)]
    assert [(a.name, a.type_name, a.default) for a in args.attributes][1] == ("axis", "int", -1)
    assert args.attributes[0].type_name == "Scalar"
    assert [(a.name, a.kind) for a in args.outputs] == [
        ("out", ArgKind.OUTPUT), ("extra", ArgKind.OPTIONAL_OUTPUT), ("outs", ArgKind.OUTPUT_LIST)]


def test_an_attribute_before_the_outputs_takes_its_default_from_its_hint() -> None:
    def leaky(dev_ctx: DeviceContext, x: DenseTensor, alpha: Annotated[float, AttrDefault(0.25)],
              mode: str, out: OutTensor) -> None: ...

    alpha, mode = derive_args_def(leaky).attributes
    assert (alpha.type_name, alpha.has_default, alpha.default) == ("float", True, 0.25)
    assert not mode.has_default


def test_an_attribute_with_two_defaults_is_refused() -> None:
    def twice(dev_ctx: DeviceContext, x: DenseTensor,
              alpha: Annotated[float, AttrDefault(0.25)] = 0.5) -> None: ...

    with pytest.raises(TypeError, match="'alpha' has more than one default"):
        derive_args_def(twice)


def test_args_out_of_order_rejected() -> None:
    def bad(dev_ctx: DeviceContext, axis: int, x: DenseTensor, out: OutTensor) -> None: ...

    with pytest.raises(TypeError, match="inputs, then attributes, then outputs"):
        derive_args_def(bad)


def test_per_argument_override_keeps_input_on_host() -> None:
    def scale_host(dev_ctx: DeviceContext, x: DenseTensor, scale_tensor: DenseTensor,
                   out: OutTensor) -> None: ...

    spec = derive_args_def(scale_host).specialize(
        GPU, ALL_L, F32, {"scale_tensor": {"backend": CPU}})
    by_name = {a.name: a for a in spec.inputs}
    assert by_name["x"].backend is GPU and by_name["x"].dtype is F32
    assert by_name["scale_tensor"].backend is CPU
    assert spec.outputs[0].backend is GPU


def test_override_of_unknown_argument_rejected() -> None:
    with pytest.raises(ValueError, match="nope"):
        derive_args_def(k_exact).specialize(CPU, ALL_L, F32, {"nope": {"backend": CPU}})


def test_registered_scale_has_host_independent_keys() -> None:
    f = KERNELS
    kernel = f.select_kernel("scale", KernelKey(CPU, NCHW, F32))
    assert kernel.key == KernelKey(CPU, ALL_L, F32)
    with pytest.raises(KernelNotFoundError, match="uint32"):
        f.select_kernel("scale", KernelKey(CPU, NCHW, DataType.UINT32))
