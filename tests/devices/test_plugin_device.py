"""A device registered from outside the package runs a model: its own kernel where it has
one, CPU kernels with transfers in and out elsewhere, its copies doing the moving."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from compat.predictor import load_model, run_model
from legacy_fluid.framework.op_kernel import OP_KERNELS
from phi.backends.devices import DEVICE_TYPES, device_type
from phi.common import CustomPlace, Place
from phi.core.device_backends import DeviceContextPool
from phi.core.device_context import DeviceUnavailableError
from phi.core.kernel_factory import KERNELS
from phi.core.registry import scoped
from tests.devices import toy_device
from tests.devices.conftest import name_plugins

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "mlp"
TOY = CustomPlace("toy", 0)


@pytest.fixture
def toy() -> Iterator[Place]:
    with scoped(DEVICE_TYPES, KERNELS, OP_KERNELS, inherit=True):
        toy_device.register()
        yield TOY


def _mlp() -> tuple[object, dict[str, np.ndarray]]:
    model = load_model(EXAMPLE / "model")
    return model, {model.feed_names[0]: np.load(EXAMPLE / "x.npy")}


@pytest.mark.parametrize("path", ["auto", "phi", "legacy"])
def test_model_runs_on_a_plugin_device(toy: Place, path: str) -> None:
    model, feeds = _mlp()
    cpu = run_model(model, feeds, path=path, passes=False)
    before = dict(toy_device.COPIES)
    got = run_model(model, feeds, path=path, place=toy, passes=False)
    for name, ref in cpu.outputs.items():
        np.testing.assert_array_equal(got.outputs[name], ref)
    relus = [r for r in got.trace if r.type == "relu"]
    assert relus and all(r.path == path.replace("auto", "phi") and "toy" in r.key.lower()
                         for r in relus)
    # relu reads the CPU output of the op before it: moved in by the device's to_device
    assert all(any("Place(cpu)->Place(toy:0)" in t for t in r.transforms) for r in relus)
    others = [r for r in got.trace if r.type not in ("relu", "feed", "fetch")]
    assert others and all(r.path.is_fallback for r in others)
    # what relu wrote is read by a CPU kernel: moved out by the device's to_host
    after_relu = [got.trace[r.index + 1] for r in relus]
    assert all(any("Place(toy:0)->Place(cpu)" in t for t in r.transforms) for r in after_relu)
    assert toy_device.COPIES["to_device"] > before["to_device"]
    assert toy_device.COPIES["to_host"] > before["to_host"]


def test_a_plan_reused_on_a_plugin_device_keeps_device_memory(toy: Place) -> None:
    """Toy memory subclasses ndarray: the plan's shared host arenas must not take it over."""
    model, feeds = _mlp()
    cpu = run_model(model, feeds, passes=False)
    for _ in range(2):  # the second run reuses the plan and its memory
        got = run_model(model, feeds, place=toy, passes=False)
        for name, ref in cpu.outputs.items():
            np.testing.assert_array_equal(got.outputs[name], ref)


def test_kernels_register_for_the_device_like_any_backend(toy: Place) -> None:
    keys = {str(k.backend) for k in KERNELS.kernels_of("relu")}
    assert "TOY" in keys
    assert any(k.place == TOY for k in OP_KERNELS.kernels_of("relu"))
    ctx = DeviceContextPool.instance().get(toy)
    assert ctx.xp is toy_device.TOY.xp and str(ctx.backend) == "TOY"


def test_unregistered_device_type_is_a_clear_error() -> None:
    with pytest.raises(DeviceUnavailableError, match=r"no device type 'nosuch' is registered"):
        DeviceContextPool.instance().get(Place.parse("nosuch"))


def test_plugin_module_named_in_the_environment_is_loaded(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    name_plugins(monkeypatch, "tests.devices.toy_autoload")
    with scoped(DEVICE_TYPES, KERNELS, OP_KERNELS, inherit=True):
        assert device_type("toy") is toy_device.TOY


def test_device_type_names_are_checked() -> None:
    from phi.backends.devices import DeviceType, register_device

    for bad in ("GPU", "gpu", "cpu", "2fast", "my-dev"):
        with pytest.raises(ValueError, match="device type name"):
            register_device(DeviceType(bad, np, lambda a, i: a, lambda a: a))


def test_kernels_lists_a_plugin_devices_kernels(toy: Place) -> None:
    """`fluidphi kernels` sorts kernel keys of every backend, plug-in ones included (a
    plug-in backend is no enum member: sorting by `.value` raised AttributeError)."""
    from compat.model_info import kernel_listing

    listing = kernel_listing("relu")
    assert {"TOY", "CPU"} <= {r["backend"] for r in listing["phi_grouped"]}
