"""increment (the step counter of learning-rate schedules): float and integer counters,
fractional and negative steps (truncated for integers) and a 0-d counter (X of more than
one element, which Paddle refuses while building the program, is checked in
tests/ops/test_lr_schedule_ops.py)."""

from .spec import Case, In

_STEPS = {"one": 1.0, "frac": 2.5, "neg": -1.75}

CASES = [
    *[Case(f"increment_{tag}_{dtype}", "increment", {"X": In((1,), dtype, -100, 100)},
           attrs={"step": step})
      for dtype in ("float32", "float64", "int32", "int64") for tag, step in _STEPS.items()],
    Case("increment_0d_float32", "increment", {"X": In((), "float32")}),
]
