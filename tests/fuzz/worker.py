"""Fuzz worker: `python -m tests.fuzz.worker`, one JSON request per stdin line.

Each request names a model folder, which file to mutate and a seed; the worker
writes the mutant to a temp folder, runs the `fluidphi` verbs on it in this
process and answers one JSON line: the exit code per verb, and a traceback or
a wrong answer if one was seen. Memory is capped (`RLIMIT_AS`), so that a
mutant that allocates without bound fails here instead of on the machine; the
driver (`harness`) sees hangs and signals from outside.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

import numpy as np

MEMORY_CAP = 6 << 30
#: Verbs that make the worker misbehave, so that tests can see the harness notice.
SELF_TESTS = {"_hang": lambda: time.sleep(3600), "_abort": os.abort}
PROGRAM, PARAMS = "model.pdmodel", "model.pdiparams"
TMP_ENV = "FLUIDPHI_FUZZ_TMP"


def _cap_memory() -> None:
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))
    except (ImportError, ValueError, OSError):  # pragma: no cover - not POSIX
        pass


def mutant_rng(seed: int, model: str, target: str, index: int) -> random.Random:
    return random.Random(f"{seed}:{Path(model).name}:{target}:{index}")


def _invoke(args: list[str]) -> tuple[int, str | None, str]:
    """(exit code, traceback or None, stderr) of one in-process CLI call."""
    from typer.testing import CliRunner

    from fluidphi.cli import app

    res = CliRunner().invoke(app, args, catch_exceptions=True)
    tb = None
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        tb = "".join(traceback.format_exception(res.exception))
    elif "Traceback (most recent call last)" in res.output:
        tb = res.output
    return res.exit_code, tb, res.stderr


def _outputs(path: Path) -> dict[str, np.ndarray]:
    with np.load(path, allow_pickle=False) as npz:
        return {k: npz[k] for k in npz.files}


def _same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    return a.keys() == b.keys() and all(
        a[k].dtype == b[k].dtype and np.array_equal(a[k], b[k], equal_nan=a[k].dtype.kind in "fc")
        for k in a)


class Worker:
    def __init__(self) -> None:
        # under the driver's folder, which it removes even when it had to kill us
        self.tmp = Path(tempfile.mkdtemp(prefix="worker-", dir=os.environ.get(TMP_ENV)))
        self.originals: dict[str, dict[str, np.ndarray]] = {}

    def _run_args(self, model: Path, source: Path, out: Path) -> list[str]:
        return ["run", str(model / "model"), "--input", str(source / "inputs_b1.npz"),
                "--output", str(out), "--warm-runs", "0"]

    def original(self, source: Path) -> dict[str, np.ndarray]:
        key = str(source)
        if key not in self.originals:
            out = self.tmp / "original.npz"
            code, tb, err = _invoke(self._run_args(source, source, out))
            if code != 0:
                raise RuntimeError(f"the unmutated model {source} fails: {tb or err}")
            self.originals[key] = _outputs(out)
        return self.originals[key]

    def handle(self, req: dict[str, Any]) -> dict[str, Any]:
        from tests.fuzz.mutate import mutate_params, mutate_program
        from tests.fuzz.oracle import used_digest

        source = Path(req["model"])
        target, index = req["target"], int(req["index"])
        rng = mutant_rng(int(req["seed"]), req["model"], target, index)
        name = PROGRAM if target == "program" else PARAMS
        original_bytes = (source / name).read_bytes()
        mutation = (mutate_program if target == "program" else mutate_params)(
            original_bytes, rng)
        model = self.tmp / "mutant"
        shutil.rmtree(model, ignore_errors=True)
        model.mkdir()
        for f in (PROGRAM, PARAMS):
            shutil.copy(source / f, model / f)
        (model / name).write_bytes(mutation.data)
        answer: dict[str, Any] = {"what": mutation.what, "codes": {}, "traceback": None,
                                  "wrong": None}
        out = self.tmp / "out.npz"
        for verb in req["verbs"]:
            if verb in SELF_TESTS:
                SELF_TESTS[verb]()
            if verb == "run":
                out.unlink(missing_ok=True)
                args = self._run_args(model, source, out)
            elif verb == "coverage":
                args = ["coverage", "--model", str(model / "model"), "--out",
                        str(self.tmp / "cov"), "--format", "json"]
            else:
                args = [verb, str(model / "model")]
            code, tb, _ = _invoke(args)
            answer["codes"][verb] = code
            if tb is not None:
                answer["traceback"] = f"{verb}: {tb}"
                break
            if verb == "run" and code == 0 and target == "program" and \
                    used_digest(mutation.data) == used_digest(original_bytes):
                answer["compared"] = True
                if not _same(_outputs(out), self.original(source)):
                    answer["wrong"] = "exit 0 with other outputs, though nothing used changed"
        return answer


def main() -> None:
    _cap_memory()
    worker = Worker()
    try:
        for line in sys.stdin:
            req = json.loads(line)
            start = time.perf_counter()
            try:
                answer = worker.handle(req)
            except Exception:  # the harness itself failed: say so, never hide it
                answer = {"what": "?", "codes": {}, "wrong": None,
                          "traceback": "harness: " + traceback.format_exc()}
            answer["id"] = req["id"]
            answer["seconds"] = round(time.perf_counter() - start, 3)
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()
    finally:
        shutil.rmtree(worker.tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
