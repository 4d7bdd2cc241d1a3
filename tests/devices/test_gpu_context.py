"""GPUContext on CuPy: its stream and memory pool, and a clear reason where no CUDA device
can be used. Without a GPU the wiring is checked against a stand-in CuPy module (what
the context asks of CuPy, in order); `pytest -m gpu` checks the real one."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from phi.backends.gpu import gpu_context
from phi.backends.gpu.gpu_context import GPUContext, GPUUnavailableError
from phi.common import GPUPlace
from phi.core.device_backends import DeviceContextPool


class _Recorder:
    def __init__(self, calls: list[str], name: str) -> None:
        self.calls, self.name = calls, name

    def __enter__(self) -> _Recorder:
        self.calls.append(f"enter {self.name}")
        return self

    def __exit__(self, *exc: object) -> None:
        self.calls.append(f"exit {self.name}")

    def use(self) -> None:
        self.calls.append(f"use {self.name}")

    def synchronize(self) -> None:
        self.calls.append(f"synchronize {self.name}")


class _FakeArray(np.ndarray):
    def get(self, stream: Any = None) -> np.ndarray:
        _FakeArray.streams.append(stream)
        return np.array(self).view(np.ndarray)

    streams: list[Any] = []


def _fake_cupy(count: int | Exception) -> tuple[Any, list[str]]:
    calls: list[str] = []

    def device_count() -> int:
        if isinstance(count, Exception):
            raise count
        return count

    def stream(non_blocking: bool = False) -> _Recorder:
        calls.append(f"new stream non_blocking={non_blocking}")
        return _Recorder(calls, "stream")

    pool = SimpleNamespace(malloc=object())
    cuda = SimpleNamespace(
        runtime=SimpleNamespace(getDeviceCount=device_count,
                                getDeviceProperties=lambda i: {"name": b"Fake GPU"}),
        Device=lambda i: _Recorder(calls, f"device {i}"),
        Stream=stream,
        MemoryPool=lambda: pool,
        set_allocator=lambda malloc: calls.append(
            "set_allocator pool" if malloc is pool.malloc else "set_allocator other"))
    cupy = SimpleNamespace(cuda=cuda, asarray=lambda a: np.array(a).view(_FakeArray))
    return cupy, calls


@pytest.mark.parametrize(("cupy", "reason"), [
    (None, "CuPy is not installed; install the `gpu` extra (pip install -e '.[gpu]', CuPy "
           "for CUDA 12) on a machine with an NVIDIA GPU"),
    (_fake_cupy(0)[0], "CuPy sees 0 CUDA device(s)"),
    (_fake_cupy(RuntimeError("cudaErrorNoDevice"))[0], "CuPy sees no CUDA driver or device "
                                                       "(RuntimeError: cudaErrorNoDevice)"),
])
def test_no_usable_gpu_is_a_clear_error_never_an_import_error(
        monkeypatch: pytest.MonkeyPatch, cupy: Any, reason: str) -> None:
    monkeypatch.setattr(gpu_context, "_cupy", lambda: cupy)
    assert gpu_context.cuda_device_count() == 0
    with pytest.raises(GPUUnavailableError) as info:
        GPUContext(0)
    assert str(info.value) == f"place gpu:0 requested but no CUDA device is usable: {reason}"


def test_device_id_past_the_last_device_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gpu_context, "_cupy", lambda: _fake_cupy(1)[0])
    with pytest.raises(GPUUnavailableError, match=r"gpu:1 .*CuPy sees 1 CUDA device\(s\) "
                                                  r"\(ids 0..0\)"):
        GPUContext(1)


def test_context_owns_a_stream_and_a_memory_pool_made_current(
        monkeypatch: pytest.MonkeyPatch) -> None:
    cupy, calls = _fake_cupy(1)
    monkeypatch.setattr(gpu_context, "_cupy", lambda: cupy)
    ctx = GPUContext(0)
    assert ctx.xp is cupy and ctx.place == GPUPlace(0) and ctx.name == "Fake GPU"
    assert calls == ["enter device 0", "new stream non_blocking=True", "exit device 0",
                     "use device 0", "use stream", "set_allocator pool"]
    calls.clear()
    dev = ctx.to_device(np.arange(3.0))  # host -> device on the context's stream
    assert calls == ["enter device 0", "enter stream", "exit stream", "exit device 0"]
    _FakeArray.streams.clear()
    np.testing.assert_array_equal(ctx.to_host(dev), np.arange(3.0))
    assert _FakeArray.streams == [ctx.stream]  # device -> host on the same stream
    calls.clear()
    ctx.synchronize()
    assert calls == ["synchronize stream"]


def test_the_pool_makes_the_context_current_whenever_it_hands_it_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    cupy, calls = _fake_cupy(1)
    monkeypatch.setattr(gpu_context, "_cupy", lambda: cupy)
    pool = DeviceContextPool()
    ctx = pool.get(GPUPlace(0))
    calls.clear()
    assert pool.get(GPUPlace(0)) is ctx
    assert calls == ["use device 0", "use stream", "set_allocator pool"]


@pytest.mark.gpu
def test_real_gpu_context_computes_on_its_stream_and_pool() -> None:
    import cupy

    ctx = DeviceContextPool.instance().get(GPUPlace(0))
    assert cupy.cuda.get_current_stream() == ctx.stream
    before = ctx.memory_pool.used_bytes()
    x = ctx.to_device(np.arange(1024, dtype=np.float32))
    y = ctx.xp.sqrt(x)
    assert ctx.memory_pool.used_bytes() > before
    ctx.synchronize()
    np.testing.assert_allclose(ctx.to_host(y), np.sqrt(np.arange(1024, dtype=np.float32)),
                               rtol=1e-6)
