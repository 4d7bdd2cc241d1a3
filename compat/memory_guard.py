"""How much memory a run may take, checked against the InferMeta estimate before it starts.

The estimate (`compat.meta_pass.MetaPass.bytes`) is the bytes of every variable
the run writes: the executor keeps each one until the run ends, so that sum
is close to the peak. The default limit is 80% of what this process can still
get: the memory the kernel reports available, and the address-space limit
(`ulimit -v`) less what the process already maps. `--max-memory SIZE` sets it
(`512M`, `4GiB`, `1e9`; `none` turns the guard off).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from fractions import Fraction

from compat.meta_pass import MetaPass

DEFAULT_FRACTION = 0.8
_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}
_NUMBER = r"(?:[0-9]{1,30}(?:\.[0-9]{0,30})?|\.[0-9]{1,30})(?:e[0-9]{1,4})?"
_SIZE = re.compile(rf"^\s*({_NUMBER})\s*([kmgt]?)(?:i?b)?\s*$", re.IGNORECASE)
NO_LIMIT = ("none", "off", "unlimited")
#: The largest size taken (2**63 - 1 bytes, 8 EiB: more than any address space).
MAX_SIZE = 2**63 - 1


class MemoryLimitError(RuntimeError):
    """The run would need more memory than it may take."""


@dataclass(frozen=True)
class Limit:
    bytes: int | None  # None: no guard
    source: str  # how it was set, for the message


def parse_size(text: str) -> int | None:
    """Bytes from `text` ('512M', '4GiB', '1.5g', '1e9'); None for 'none'."""
    if text.strip().lower() in NO_LIMIT:
        return None
    m = _SIZE.match(text)
    if m is None:
        raise ValueError(f"{text!r} is not a size (e.g. 512M, 4GiB, 1e9, or none)")
    value = Fraction(m.group(1)) * _UNITS[m.group(2).lower()]  # exact: no inf, no rounding
    if value < 1:
        raise ValueError(f"{text!r}: a size must be at least one byte (or none)")
    if value > MAX_SIZE:
        raise ValueError(f"{text!r} is larger than any memory (8 EiB); "
                         "give a size up to that, or none")
    return int(value)


def format_bytes(n: int) -> str:
    for unit, size in (("TiB", 1 << 40), ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            return f"{n / size:.1f} {unit}"
    return f"{n} bytes"


def _meminfo(field: str) -> int | None:
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def _address_space_left() -> int | None:
    try:
        import resource
    except ImportError:  # pragma: no cover - not on POSIX
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY:
        return None
    used = 0
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmSize:"):
                    used = int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return max(soft - used, 0)


def available_memory() -> tuple[int | None, str]:
    """(bytes this process can still allocate, where that figure comes from)."""
    candidates: list[tuple[int, str]] = []
    avail = _meminfo("MemAvailable")
    if avail is None:
        try:
            avail = os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        except (ValueError, OSError, AttributeError):
            avail = None
    if avail is not None:
        candidates.append((avail, "the memory available now"))
    left = _address_space_left()
    if left is not None:
        candidates.append((left, "the address space left under ulimit -v"))
    if not candidates:
        return None, "no memory figure on this system"
    return min(candidates)


def resolve_limit(text: str | None) -> Limit:
    """The limit from `--max-memory` (None: the default, from the memory available)."""
    if text is not None:
        n = parse_size(text)
        return Limit(n, f"--max-memory {text}")
    avail, where = available_memory()
    if avail is None:
        return Limit(None, where)
    return Limit(int(avail * DEFAULT_FRACTION), f"{DEFAULT_FRACTION:.0%} of {where}")


def check_memory(estimate: MetaPass, limit: Limit) -> None:
    """Raise `MemoryLimitError` when the estimate exceeds the limit."""
    if limit.bytes is None or estimate.bytes <= limit.bytes:
        return
    big = estimate.largest()
    largest = ""
    if big is not None:
        largest = (f" (largest: '{big.name}' {list(big.dims)} {big.dtype}, "
                   f"{format_bytes(big.nbytes)}, written by op #{big.op_index} '{big.op_type}')")
    raise MemoryLimitError(
        f"the run would need about {format_bytes(estimate.bytes)} for its tensors{largest}, "
        f"more than the limit of {format_bytes(limit.bytes)} ({limit.source}); nothing was "
        "run. Raise the limit with --max-memory SIZE (e.g. 16GiB, or none), or feed smaller "
        "inputs")
