"""correlation (FlowNet's correlation layer; the interp family of the census). Paddle's CPU
kernel refuses every input ("Correlation only supports GPU now"), so the fixtures pin that
refusal, which fluidphi's CPU kernel shares; the values (computed by fluidphi's GPU kernel,
as Paddle's GPU kernel does) are checked against the definition on the emulated device in
tests/ops/test_correlation.py.
"""

from __future__ import annotations

from .spec import FLOATS, Case, In

CASES = [
    Case(f"correlation_cpu_refuses_{d}", "correlation",
         {"Input1": In((2, 3, 6, 7), d), "Input2": In((2, 3, 6, 7), d)},
         attrs={"pad_size": 2, "kernel_size": 1, "max_displacement": 2, "stride1": 1,
                "stride2": 1}, raises="only supports GPU")
    for d in FLOATS
]
