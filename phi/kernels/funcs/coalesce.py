"""coalesce_tensor: several tensors laid out one after another in one flat buffer, as
Paddle's startup programs of paddle.nn.LSTM/GRU/SimpleRNN build their flat weight.

Layout (Paddle 3.3.1): piece i takes `numel_i` elements, or with use_align its bytes
(`numel_i * size_of_dtype`, size_of_dtype the dtype's unless user_defined_size_of_dtype)
rounded up to a multiple of the alignment (align_size when > 0, else the device's minimum
chunk: 4096 bytes on the CPU, 256 on the GPU), divided back by size_of_dtype (integer
division, as Paddle does). The buffer holds: with copy_data the inputs (padding zeros;
Paddle leaves it uninitialized), with set_constant `constant` everywhere (padding
too). Output i is the buffer's piece i (numel_i elements) in input i's shape; Paddle's
outputs alias the buffer, fluidphi's are copies.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

#: Paddle's CpuMinChunkSize / GpuMinChunkSize: the default alignment, in bytes
CPU_MIN_CHUNK_BYTES = 1 << 12
GPU_MIN_CHUNK_BYTES = 1 << 8


def piece_lengths(numels: Sequence[int], size_of_dtype: int, use_align: bool,
                  align_size: int, on_gpu: bool = False) -> list[int]:
    """Elements each piece takes in the fused buffer (its numel plus padding)."""
    if not use_align:
        return [int(n) for n in numels]
    alignment = align_size if align_size > 0 else (
        GPU_MIN_CHUNK_BYTES if on_gpu else CPU_MIN_CHUNK_BYTES)
    lengths = []
    for n in numels:
        size = int(n) * size_of_dtype
        lengths.append((size + (-size) % alignment) // size_of_dtype)
    return lengths


def check_inputs(op: str, numels: Sequence[int]) -> None:
    """Paddle's refusals: no input, an empty input."""
    if not numels:
        raise ValueError(f"{op}: the op has no Input tensors")
    for i, n in enumerate(numels):
        if n <= 0:
            raise ValueError(f"{op}: the number of Input {i}'s elements is 0 (Paddle refuses "
                             "empty inputs)")


def check_mode(op: str, copy_data: bool, set_constant: bool, dtype: Any,
               input_dtypes: Sequence[Any]) -> None:
    """Only copy_data or set_constant say what the buffer holds; the inputs are `dtype`."""
    if not (copy_data or set_constant):
        raise ValueError(f"{op}: neither copy_data nor set_constant is set, so Paddle leaves "
                         "the fused buffer uninitialized (persist_output alone is not "
                         "supported); nothing defined to compute")
    for i, got in enumerate(input_dtypes):
        if got != dtype:
            raise ValueError(f"{op}: Input {i} is {got} but the dtype attribute says {dtype}")


def checked_lengths(op: str, numels: Sequence[int], input_dtypes: Sequence[Any], dtype: Any,
                    copy_data: bool, set_constant: bool, use_align: bool, align_size: int,
                    size_of_dtype: int, on_gpu: bool) -> list[int]:
    """`piece_lengths` of inputs that pass `check_mode` and `check_inputs`;
    size_of_dtype -1 is the dtype's."""
    check_mode(op, copy_data, set_constant, dtype, input_dtypes)
    check_inputs(op, numels)
    return piece_lengths(numels, size_of_dtype if size_of_dtype != -1 else dtype.itemsize,
                         use_align, align_size, on_gpu)


def fill_fused(xp: Any, inputs: Sequence[Any], lengths: Sequence[int], copy_data: bool,
               constant: float, fused: Any) -> None:
    """Write the fused buffer: the inputs one after another (copy_data), else `constant`
    (the caller has refused anything but copy_data / set_constant)."""
    if not copy_data:
        fused[...] = fused.dtype.type(constant)  # Paddle's static_cast<T>(float)
        return
    fused[...] = 0
    offset = 0
    for x, length in zip(inputs, lengths):
        fused[offset:offset + x.size] = x.reshape(-1)
        offset += length


def split_fused(fused: Any, lengths: Sequence[int], outputs: Sequence[Any]) -> None:
    """outputs[i] = the buffer's piece i in outputs[i]'s shape."""
    offset = 0
    for out, length in zip(outputs, lengths):
        out[...] = fused[offset:offset + out.size].reshape(out.shape)
        offset += length
