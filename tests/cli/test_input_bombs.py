"""Input files that would exhaust memory or block (issue 24), refused for `run --input`,
`train --feed` and `train --params` alike: one reader (`compat.array_files`) checks them."""

from __future__ import annotations

import io
import os
import struct
import threading
import zlib
from pathlib import Path

import numpy as np
import numpy.lib.format as npy_format
import pytest

from compat.array_files import InputError, ReadBudget, read_array_file
from compat.memory_guard import Limit
from tests.cli.malformed import EXAMPLE, assert_clean_error, invoke

TRAIN = Path(__file__).resolve().parent.parent / "fixtures" / "train" / "mlp_sgd"
X = EXAMPLE / "x.npy"


def _npy(array: np.ndarray) -> bytes:
    buf = io.BytesIO()
    np.save(buf, array)
    return buf.getvalue()


def _npy_header(shape: tuple[int, ...], descr: str = "<f4") -> bytes:
    buf = io.BytesIO()
    npy_format.write_array_header_1_0(buf, {"descr": descr, "fortran_order": False,
                                            "shape": shape})
    return buf.getvalue()


def _zip(path: Path, name: str, data: bytes, *, declared: int | None = None,
         crc: int | None = None, deflate: bool = True, packed_size: int | None = None
         ) -> Path:
    """A one-member zip written by hand, so that its entry may lie: `declared` is the
    uncompressed size its headers claim, `crc` the CRC, `packed_size` the compressed size."""
    body = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = body.compress(data) + body.flush() if deflate else data
    size = len(data) if declared is None else declared
    crc = zlib.crc32(data) if crc is None else crc
    method = 8 if deflate else 0
    claimed = len(packed) if packed_size is None else packed_size
    raw = name.encode()
    local = struct.pack("<4s5H3L2H", b"PK\x03\x04", 20, 0, method, 0, 0, crc, claimed,
                        size, len(raw), 0) + raw
    central = struct.pack("<4s6H3L5H2L", b"PK\x01\x02", 20, 20, 0, method, 0, 0, crc,
                          claimed, size, len(raw), 0, 0, 0, 0, 0, 0) + raw
    end = struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, 1, 1, len(central),
                      len(local) + len(packed), 0)
    path.write_bytes(local + packed + central + end)
    return path


def _run(spec: object, *extra: object):
    return invoke("run", EXAMPLE / "model", "--input", spec, *extra)


def _train(tmp_path: Path, spec: object, *extra: object):
    """A train step whose feed x comes from `spec` (y from a good file)."""
    y = tmp_path / "y.npy"
    with np.load(TRAIN / "steps.npz") as steps:
        np.save(y, steps["0/y"])
    return invoke("train", TRAIN / "state.pdmodel", "--params", TRAIN / "state.pdparams",
                  "--feed", f"{spec},y={y}", *extra)


def _both(tmp_path: Path, file: Path, *needles: str, extra: tuple[str, ...] = ()) -> None:
    assert_clean_error(_run(f"x={file}", *extra), str(file), *needles)
    assert_clean_error(_train(tmp_path, f"x={file}", *extra), str(file), *needles)


def test_a_small_member_declaring_4_gib_is_refused_unallocated(tmp_path: Path) -> None:
    header = _npy_header(((1 << 30) - 64,))  # 4 GiB of float32, less 256 bytes
    bomb = _zip(tmp_path / "bomb.npz", "x.npy", header + b"\0" * 16,
                declared=len(header) + (1 << 32) - 256)
    assert bomb.stat().st_size < 400
    _both(tmp_path, bomb, "declares", "more than deflate can produce", "zip bomb")


def test_a_real_deflate_bomb_is_checked_against_the_memory_limit_first(
        tmp_path: Path) -> None:
    bomb = tmp_path / "zeros.npz"
    np.savez_compressed(bomb, x=np.zeros(1 << 24, np.float32))  # 64 MiB in ~65 KiB
    assert bomb.stat().st_size < 200_000
    _both(tmp_path, bomb, "64.0 MiB", "more than the 16.0 MiB left of the memory limit",
          "--max-memory 16M", extra=("--max-memory", "16M"))
    with pytest.raises(InputError, match="memory limit"):
        read_array_file(bomb, "f", ReadBudget(Limit(1 << 20, "test")))


def test_inflating_beyond_or_short_of_the_declared_size_is_refused(tmp_path: Path) -> None:
    array = _npy(np.arange(16, dtype=np.float32))
    beyond = _zip(tmp_path / "beyond.npz", "x.npy", array + b"\0" * (1 << 20),
                  declared=len(array), crc=zlib.crc32(array))
    with pytest.raises(InputError, match=r"inflates beyond the .* bytes its zip entry"):
        read_array_file(beyond, "beyond")
    header = _npy_header((1024,))
    short = _zip(tmp_path / "short.npz", "x.npy", header + os.urandom(64),
                 declared=len(header) + 4096)
    with pytest.raises(InputError, match=r"inflates to .* bytes, not the"):
        read_array_file(short, "short")
    crc = _zip(tmp_path / "crc.npz", "x.npy", array, crc=12345)
    with pytest.raises(InputError, match="CRC"):
        read_array_file(crc, "crc")
    stored = _zip(tmp_path / "stored.npz", "x.npy", array, declared=len(array) + 10,
                  deflate=False)
    with pytest.raises(InputError, match="stored uncompressed but declares"):
        read_array_file(stored, "stored")
    good = _zip(tmp_path / "good.npz", "x.npy", array)
    np.testing.assert_array_equal(read_array_file(good, "good")["x"], np.arange(16))


def test_a_member_claiming_bytes_past_the_end_of_the_file(tmp_path: Path) -> None:
    array = _npy(np.ones(64, np.float32))
    path = _zip(tmp_path / "cut.npz", "x.npy", array, declared=1 << 24, deflate=False,
                packed_size=1 << 24)
    with pytest.raises(InputError, match="beyond the end of the"):
        read_array_file(path, "cut")


def test_npy_headers_are_bounded_and_charged(tmp_path: Path) -> None:
    big = tmp_path / "big.npy"
    np.save(big, np.zeros(1 << 21, np.float32))  # 8 MiB
    _both(tmp_path, big, "8.0 MiB", "memory limit", extra=("--max-memory", "1M"))
    huge_header = tmp_path / "hdr.npy"
    huge_header.write_bytes(b"\x93NUMPY\x02\x00" + struct.pack("<L", 0xFFFFFFF0) + b"{")
    with pytest.raises(InputError, match=r"corrupt \.npy header"):
        read_array_file(huge_header, "hdr")
    text = tmp_path / "strings.npy"
    np.save(text, np.array(["a", "b"]))
    with pytest.raises(InputError, match="no tensor dtype"):
        read_array_file(text, "strings")


def test_the_limit_is_shared_by_every_file_read(tmp_path: Path) -> None:
    a, b = tmp_path / "a.npy", tmp_path / "b.npy"
    np.save(a, np.zeros(1 << 18, np.float32))  # 1 MiB each
    np.save(b, np.zeros(1 << 18, np.float32))
    budget = ReadBudget(Limit(3 << 19, "--max-memory 1.5M"))
    read_array_file(a, "a", budget)
    with pytest.raises(InputError, match="the rest taken by the inputs read before it"):
        read_array_file(b, "b", budget)


def _finishes(fn, seconds: float = 30.0):
    """fn's result; fails (instead of hanging the suite) when fn blocks."""
    box: list = []
    worker = threading.Thread(target=lambda: box.append(fn()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "blocked on a special file"
    return box[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_fifos_and_devices_are_refused_never_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.npz"
    os.mkfifo(fifo)
    assert_clean_error(_finishes(lambda: _run(f"x={fifo}")), "is a FIFO (named pipe)")
    assert_clean_error(_finishes(lambda: _train(tmp_path, f"x={fifo}")), "is a FIFO")
    for params in (fifo, tmp_path / "state.pdparams"):
        if not params.exists():
            os.mkfifo(params)
        res = _finishes(lambda p=params: invoke(
            "train", TRAIN / "state.pdmodel", "--params", p, "--feed", f"x={X}"))
        assert_clean_error(res, str(params), "is a FIFO")
    model = tmp_path / "m.pdmodel"
    os.mkfifo(model)
    res = _finishes(lambda: invoke("train", model, "--feed", f"x={X}"))
    assert_clean_error(res, str(model), "is a FIFO")
    if Path("/dev/zero").exists():
        assert_clean_error(_run("x=/dev/zero"), "is a character device")
