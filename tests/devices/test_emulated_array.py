"""The emulated device's memory refuses silent mixing with host arrays, as CuPy's does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from phi.backends.emulated import EmulatedArray, to_device, to_host, xp
from phi.backends.emulated.emulated_array import DeviceMixingError


def _dev() -> EmulatedArray:
    return xp.arange(6, dtype=np.float32).reshape(2, 3)


HOST = np.ones((2, 3), np.float32)

MIXING: dict[str, Callable[[EmulatedArray], Any]] = {
    "np.asarray(device)": np.asarray,
    "np.array(device)": np.array,
    "device + host": lambda d: d + HOST,
    "host + device": lambda d: HOST + d,
    "host += device": lambda d: HOST.copy().__iadd__(d),
    "0-d host array operand": lambda d: d * np.asarray(2.0, np.float32),
    "ufunc with a host out": lambda d: np.add(d, d, out=np.empty((2, 3), np.float32)),
    "xp function on a host array": lambda d: xp.exp(HOST),
    "np function with a host array": lambda d: np.concatenate([d, HOST]),
    "np.where with a host operand": lambda d: np.where(d > 1, d, HOST),
    "host[...] = device": lambda d: HOST.copy().__setitem__(Ellipsis, d),
    "device[...] = host": lambda d: d.__setitem__(Ellipsis, HOST),
    "host index array": lambda d: d[np.array([0, 1])],
    "list as ufunc operand": lambda d: np.add(d, [1.0, 2.0, 3.0]),
    "array interface": lambda d: d.__array_interface__,
    "raw memory": lambda d: d.data,
}


@pytest.mark.parametrize("case", sorted(MIXING))
def test_mixing_with_host_memory_raises(case: str) -> None:
    with pytest.raises((DeviceMixingError, TypeError, AttributeError)):
        MIXING[case](_dev())


def test_the_error_says_how_to_copy() -> None:
    with pytest.raises(DeviceMixingError, match=r"emulated device: np.add .*to_device / to_host"):
        _ = _dev() + HOST


def test_device_math_stays_on_the_device_and_matches_numpy() -> None:
    d, h = _dev(), np.arange(6, dtype=np.float32).reshape(2, 3)
    results = {
        "ufunc": (np.exp(d), np.exp(h)),
        "operators": (d * 2 - d / 3, h * 2 - h / 3),
        "xp function": (xp.where(d > 2, d, np.float32(0)), np.where(h > 2, h, np.float32(0))),
        "np function": (np.concatenate([d, d]), np.concatenate([h, h])),
        "method": (d.astype(np.int64).T, h.astype(np.int64).T),
        "ufunc method": (xp.maximum.reduce(d, axis=1), np.maximum.reduce(h, axis=1)),
        "sub-namespace": (xp.linalg.norm(d), np.linalg.norm(h)),
        "fancy index": (d[xp.asarray([1, 0])], h[[1, 0]]),
        "mask": (d[d > 2], h[h > 2]),
    }
    for name, (got, want) in results.items():
        assert type(got) is EmulatedArray, name
        np.testing.assert_array_equal(got.get(), want, err_msg=name)


def test_out_and_setitem_write_device_memory() -> None:
    d = _dev()
    out = xp.empty((2, 3), np.float32)
    assert np.add(d, d, out=out) is out
    d[0] = np.float32(7)
    d[d > 6] = 0
    np.testing.assert_array_equal(out.get(), np.arange(6).reshape(2, 3) * 2)
    np.testing.assert_array_equal(d.get()[0], [0, 0, 0])


def test_reductions_are_0d_device_arrays_read_explicitly() -> None:
    total = _dev().sum()
    assert type(total) is EmulatedArray and total.shape == ()
    assert float(total) == 15.0 and int(total) == 15 and total.item() == 15.0
    assert bool(xp.asarray(1)) and list(range(xp.asarray(3))) == [0, 1, 2]


def test_explicit_copies_in_and_out_do_not_alias() -> None:
    host = np.arange(3.0)
    for dev in (to_device(host), xp.asarray(host), xp.array(host)):
        host_back = to_host(dev)
        dev[0] = 9.0
        assert host[0] == 0.0 and host_back[0] == 0.0
    with pytest.raises(TypeError, match="expects a device array"):
        to_host(host)


def test_namespace_passes_types_and_constants_through() -> None:
    assert xp.float32 is np.float32 and xp.errstate is np.errstate and xp.pi == np.pi
    assert xp.ndarray is EmulatedArray and isinstance(_dev(), xp.ndarray)
    assert _dev().__array_namespace__() is xp
