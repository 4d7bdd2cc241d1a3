"""Record the current definitions' digests and tolerances in committed single-op fixtures,
without Paddle and without touching Paddle's data.

    python -m tests.conformance.refresh_digests --family roi --only distribute_fpn_proposals_basic

For a definition rewritten without changing what Paddle was fed (a case's computed values
moved into a `Drawn`, a change to the digest scheme). A named case's digest is rewritten
only when its inputs, materialized from the current definition, are the feeds stored in the
fixture (floats within 4 ulps of their dtype: the last-ulp noise of the CPU that
materializes them); otherwise it stays stale and the family must be re-exported with Paddle
(tests/conformance/README.md). The tolerance recorded per fetched float (informational;
the tests compute theirs) is recomputed for every case of the family.
"""

from __future__ import annotations

import argparse
import json
import sys

import numpy as np

from tests.conformance.op_cases import load_family
from tests.conformance.op_cases.spec import Case, feed_specs, materialize, output_tolerance
from tests.conformance.op_fixtures import FamilyFixtures, family_fixtures


def feeds_unchanged(fixtures: FamilyFixtures, case: Case) -> list[str]:
    """The feeds of `case` whose materialized values differ from the stored ones."""
    differing = []
    for feed, _slot, spec in feed_specs(case):
        stored = fixtures.arrays[f"{case.name}/in/{feed}"]
        now = materialize(spec, fixtures.family, case.name, feed)
        same = stored.dtype == now.dtype and stored.size == now.size
        if same and now.dtype.kind in "fc":
            eps = np.finfo(now.dtype).eps
            same = np.allclose(stored.reshape(now.shape), now, rtol=4 * eps, atol=0.0,
                               equal_nan=True)
        elif same:
            same = np.array_equal(stored.reshape(now.shape), now)
        if not same:
            differing.append(feed)
    return differing


def refresh(family: str, only: list[str]) -> list[str]:
    """Rewrite `family`'s cases.json: digests of the cases named in `only`, tolerances of
    all; the problems that left a named case stale."""
    module = load_family(family)
    fixtures = family_fixtures(family)
    computed_in = getattr(module, "COMPUTED_IN", None)
    path = fixtures.dir / "cases.json"
    doc = json.loads(path.read_text())
    problems = []
    for case in module.CASES:
        entry = doc["cases"].get(case.name)
        if entry is None:
            continue
        for meta in entry.get("fetches", {}).values():
            tol = output_tolerance(case, meta["dtype"], computed_in)
            if tol:
                meta["tolerance"] = tol
        if case.name in only:
            differing = feeds_unchanged(fixtures, case)
            if differing:
                problems.append(f"{case.name}: feeds {differing} are not what the definition "
                                "makes now; re-export it with Paddle")
            else:
                entry["digest"] = case.digest()
    missing = sorted(set(only) - set(doc["cases"]))
    problems += [f"{name}: no such exported case" for name in missing]
    path.write_text(json.dumps(doc, indent=1) + "\n")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--family", required=True)
    parser.add_argument("--only", nargs="*", default=[], help="cases whose digest to record")
    args = parser.parse_args(argv)
    problems = refresh(args.family, args.only)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
