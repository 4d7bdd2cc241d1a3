"""The long fuzz run: `python -m tests.fuzz.run --mutants 5000 [--seed S] [--jobs N] [--all]`.

Prints the counts per verb and exit code and every failure with its seed (a
failure replays with the same --seed and --mutants); exit 1 on any failure.
See tests/fuzz/README.md.
"""

from __future__ import annotations

import argparse
import sys

from tests.fuzz.harness import ALL_MODELS, SMALL_MODELS, Outcome, plan, run_mutants


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.fuzz.run", description=__doc__)
    ap.add_argument("--mutants", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--all", action="store_true", help="every fixture model, not only small")
    ap.add_argument("--coverage-every", type=int, default=20,
                    help="one mutant in N also runs `coverage` (0: never)")
    ap.add_argument("--timeout", type=float, default=120.0, help="hang watchdog, seconds")
    args = ap.parse_args(argv)
    models = ALL_MODELS if args.all else SMALL_MODELS
    requests = plan(args.mutants, args.seed, models, args.coverage_every)
    summary = run_mutants(requests, args.jobs, args.timeout, progress=True)
    print(f"{summary.mutants} mutants of {len(models)} models (seed {args.seed}) in "
          f"{summary.seconds:.0f} s with {args.jobs} workers")
    for key, n in sorted(summary.codes.items()):
        print(f"  {key}: {n}")
    for seconds, what in summary.slowest:
        print(f"  slow: {seconds:.1f} s {what}")
    for outcome in Outcome:
        print(f"{outcome.value}s: {summary.count(outcome)}")
    for failure in summary.failures:
        print(failure.replay()[:3000])
    return 1 if summary.failures else 0


if __name__ == "__main__":
    sys.exit(main())
