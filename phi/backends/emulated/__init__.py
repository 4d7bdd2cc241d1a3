"""The `emulated` device: NumPy compute in a memory space of its own, standing in for GPU.

Registered through the public plug-in API (`phi.backends.devices.register_device`),
like any user device. It runs the GPU kernels' bodies (it `stands_in_for` GPU) on
`EmulatedArray`s, which refuse silent mixing with host arrays, so kernel selection on
a device, every place transform, CPU-only ops inside a device program and CPU fallbacks
run in CI without a GPU, and a kernel body that would touch host memory on CuPy fails
here as well. ``--place emulated``.
"""

from __future__ import annotations

from phi.backends.devices import DeviceType, register_device
from phi.backends.emulated.emulated_array import EmulatedArray, to_device, to_host, xp
from phi.common import Backend

EMULATED = DeviceType(
    name="emulated",
    xp=xp,
    to_device=to_device,
    to_host=to_host,
    stands_in_for=Backend.GPU,
    description="NumPy in its own memory space; runs the GPU kernels (CI's GPU stand-in)",
)

register_device(EMULATED)

__all__ = ["EMULATED", "EmulatedArray", "to_device", "to_host", "xp"]
