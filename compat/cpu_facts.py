"""What CPU a measurement ran on: its model name and the SIMD extensions it has.

Speed figures depend on them (Paddle's MKL and NumPy's kernels pick code paths by SIMD
level), so `fluidphi bench` records them beside every run. Read from /proc/cpuinfo where
there is one, else from `platform`.
"""

from __future__ import annotations

import platform
from pathlib import Path

CPUINFO = Path("/proc/cpuinfo")
#: the SIMD extensions worth naming, in the order the report lists them
SIMD_FLAGS = ("sse4_2", "avx", "avx2", "fma", "f16c", "avx512f", "avx512bw", "avx512vl",
              "avx512_vnni", "avx512_bf16", "amx_tile", "asimd", "sve")


def cpu_facts() -> dict[str, object]:
    """{"model": name, "simd": [flags]}: the first processor's model name and flags."""
    model, flags = platform.processor() or platform.machine(), set()
    try:
        text = CPUINFO.read_text(encoding="utf-8", errors="replace")
    except OSError:
        text = ""
    for line in text.splitlines():
        key, _, value = line.partition(":")
        key = key.strip().lower()
        if key == "model name" and value.strip():
            model = value.strip()
        elif key in ("flags", "features"):
            flags.update(value.split())
        if line.strip() == "" and flags:
            break  # the first processor is enough
    return {"model": model, "simd": [f for f in SIMD_FLAGS if f in flags]}
