"""Drive fuzz workers: hand out mutants, and see hangs and signals from outside.

`run_mutants` starts `jobs` worker processes (`tests.fuzz.worker`), sends each
mutant to a free one and classifies the answer. A worker that does not answer
within `timeout` seconds is killed (the mutant hung); one that dies (a signal,
or any exit) is restarted and its mutant counted as crashed. The timeout is a
watchdog against hangs, far above any mutant's run time, never a measure.
"""

from __future__ import annotations

import json
import os
import selectors
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

from tests.fuzz.worker import TMP_ENV

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
#: Small models (by file size) whose mutants run fast.
SMALL_MODELS = (FIXTURES / "models" / "mlp", FIXTURES / "models" / "lenet",
                FIXTURES / "models_v2" / "fc_mlp_v2", FIXTURES / "models_v2" / "misc_v2",
                FIXTURES / "models_v2" / "transformer_v2")
ALL_MODELS = (*SMALL_MODELS, FIXTURES / "models" / "transformer",
              FIXTURES / "models" / "resnet18_small", FIXTURES / "models_v2" / "cnn_v2",
              FIXTURES / "models" / "mobilenetv2")
VERBS = ("check", "run", "inspect")
#: One mutant in this many also goes through `coverage` (slow: it runs CPU and GPU traces).
COVERAGE_EVERY = 20
#: Share of mutants made from the program file (the rest from the params file).
PROGRAM_SHARE = 0.6


class Outcome(str, Enum):
    TRACEBACK = "traceback"
    SIGNAL = "signal"
    HANG = "hang"
    WRONG = "wrong"


@dataclass(frozen=True)
class Request:
    id: int
    model: str
    target: str  # "program" | "params"
    index: int
    seed: int
    verbs: tuple[str, ...]

    def as_json(self) -> str:
        return json.dumps({"id": self.id, "model": self.model, "target": self.target,
                           "index": self.index, "seed": self.seed, "verbs": list(self.verbs)})


@dataclass
class Failure:
    outcome: Outcome
    request: Request
    detail: str

    def replay(self) -> str:
        r = self.request
        return (f"{self.outcome.value}: {Path(r.model).name} {r.target} #{r.index} "
                f"(seed {r.seed}): {self.detail}")


@dataclass
class Summary:
    mutants: int = 0
    codes: Counter[str] = field(default_factory=Counter)  # "verb exit N" -> count
    failures: list[Failure] = field(default_factory=list)
    seconds: float = 0.0
    #: (seconds, mutant) of the slowest answers, for finding slow paths
    slowest: list[tuple[float, str]] = field(default_factory=list)

    def count(self, outcome: Outcome) -> int:
        return sum(f.outcome is outcome for f in self.failures)


def plan(count: int, seed: int, models: Iterable[Path] = SMALL_MODELS,
         coverage_every: int = COVERAGE_EVERY) -> list[Request]:
    """`count` mutants spread over `models`, program or params by a fixed share."""
    models = list(models)
    out = []
    n_program = round(count * PROGRAM_SHARE)
    for i in range(count):
        target = "program" if i < n_program else "params"
        index = i if target == "program" else i - n_program
        verbs = VERBS + (("coverage",) if coverage_every and i % coverage_every == 0 else ())
        out.append(Request(i, str(models[i % len(models)]), target, index, seed, verbs))
    return out


class _Proc:
    def __init__(self, tmp: str) -> None:
        env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1",
               "MKL_NUM_THREADS": "1", "COLUMNS": "100", "PYTHONHASHSEED": "0", TMP_ENV: tmp}
        self.p = subprocess.Popen([sys.executable, "-m", "tests.fuzz.worker"], cwd=ROOT,
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, env=env, bufsize=1)
        self.request: Request | None = None
        self.deadline = 0.0

    def send(self, req: Request, timeout: float) -> None:
        assert self.p.stdin is not None
        self.request, self.deadline = req, time.monotonic() + timeout
        self.p.stdin.write(req.as_json() + "\n")
        self.p.stdin.flush()

    def stop(self) -> None:
        if self.p.poll() is None:
            self.p.kill()
        self.p.wait()


def _classify(summary: Summary, req: Request, answer: dict[str, Any]) -> None:
    summary.slowest.append((answer.get("seconds", 0.0), f"{Path(req.model).name} "
                            f"{req.target} #{req.index}: {answer['what']}"))
    summary.slowest = sorted(summary.slowest, reverse=True)[:5]
    for verb, code in answer["codes"].items():
        summary.codes[f"{verb} exit {code}"] += 1
    if answer.get("compared"):
        summary.codes["run outputs compared with the original's"] += 1
    if answer.get("traceback"):
        summary.failures.append(Failure(Outcome.TRACEBACK, req,
                                        f"{answer['what']}: {answer['traceback']}"))
    elif answer.get("wrong"):
        summary.failures.append(Failure(Outcome.WRONG, req,
                                        f"{answer['what']}: {answer['wrong']}"))


def run_mutants(requests: list[Request], jobs: int = 2, timeout: float = 120.0,
                progress: bool = False) -> Summary:
    summary = Summary()
    start = time.monotonic()
    todo = list(reversed(requests))
    tmp = tempfile.TemporaryDirectory(prefix="fluidphi-fuzz-")
    procs = [_Proc(tmp.name) for _ in range(max(1, min(jobs, len(requests))))]
    sel = selectors.DefaultSelector()
    for proc in procs:
        sel.register(proc.p.stdout, selectors.EVENT_READ, proc)  # type: ignore[arg-type]

    def feed(proc: _Proc) -> None:
        if todo:
            proc.send(todo.pop(), timeout)
        else:
            proc.request = None

    def replace(proc: _Proc) -> _Proc:
        sel.unregister(proc.p.stdout)  # type: ignore[arg-type]
        proc.stop()
        new = _Proc(tmp.name)
        sel.register(new.p.stdout, selectors.EVENT_READ, new)  # type: ignore[arg-type]
        procs[procs.index(proc)] = new
        return new

    try:
        for proc in procs:
            feed(proc)
        while any(p.request is not None for p in procs):
            now = time.monotonic()
            busy = [p for p in procs if p.request is not None]
            wait = max(0.0, min(p.deadline for p in busy) - now)
            for key, _ in sel.select(timeout=wait):
                proc = key.data
                if proc.request is None:
                    continue
                req = proc.request
                line = proc.p.stdout.readline()
                summary.mutants += 1
                if line:
                    _classify(summary, req, json.loads(line))
                    feed(proc)
                else:  # the worker died: a signal, or an exit
                    code = proc.p.wait()
                    summary.failures.append(Failure(Outcome.SIGNAL, req,
                                                    f"worker exited with {code}"))
                    feed(replace(proc))
                if progress and summary.mutants % 100 == 0:
                    print(f"  {summary.mutants} mutants, {len(summary.failures)} failures",
                          file=sys.stderr, flush=True)
            for proc in list(procs):
                if proc.request is not None and time.monotonic() > proc.deadline:
                    summary.mutants += 1
                    summary.failures.append(Failure(Outcome.HANG, proc.request,
                                                    f"no answer within {timeout:.0f} s"))
                    feed(replace(proc))
    finally:
        for proc in procs:
            proc.stop()
        sel.close()
        tmp.cleanup()
    summary.seconds = time.monotonic() - start
    return summary
